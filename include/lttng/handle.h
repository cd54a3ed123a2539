/*
 * A handle names a recording session and a tracing domain: the target of
 * channel, event and context calls. Create with lttng_create_handle(),
 * release with lttng_destroy_handle().
 */
#ifndef LTTNG_HANDLE_H
#define LTTNG_HANDLE_H

#include <lttng/domain.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LTTNG_HANDLE_PADDING1 16

struct lttng_handle {
	char session_name[LTTNG_NAME_MAX];
	struct lttng_domain domain;
	char padding[LTTNG_HANDLE_PADDING1];
};

/*
 * Returns a new handle for the session (NULL is allowed: calls which
 * need no session, such as lttng_list_tracepoints()) and a copy of the
 * domain (NULL: no domain). Returns NULL when out of memory.
 */
struct lttng_handle *lttng_create_handle(const char *session_name,
					 struct lttng_domain *domain);

void lttng_destroy_handle(struct lttng_handle *handle);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_HANDLE_H */
