/*
 * Clearing a recording session (LTTng 2.13 API): deletes its buffers'
 * contents and its trace data, archives excepted.
 */
#ifndef LTTNG_CLEAR_H
#define LTTNG_CLEAR_H

#include <lttng/clear-handle.h>
#include <lttng/lttng-error.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Clears the session. handle may be NULL; else *handle follows the
 * operation (free it with lttng_clear_handle_destroy()). LTTNG_OK or an
 * error code.
 */
enum lttng_error_code lttng_clear_session(const char *session_name,
					  struct lttng_clear_handle **handle);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_CLEAR_H */
