/*
 * The trace clock override of LTTng-UST 2.13 (lttng-ust(3),
 * LTTNG_UST_CLOCK_PLUGIN). A plugin's lttng_ust_clock_plugin_init() sets
 * every callback, then enables the override. The session daemon and the
 * consumer daemon load the same plugin (the variable must be set when
 * lttng-sessiond starts), so that the metadata declares the clock the
 * applications read.
 */
#ifndef LTTNG_UST_CLOCK_H
#define LTTNG_UST_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of a UUID string, "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", with NUL. */
#define LTTNG_UST_UUID_STR_LEN 37

typedef uint64_t (*lttng_ust_clock_read64_function)(void);
typedef uint64_t (*lttng_ust_clock_freq_function)(void);
typedef int (*lttng_ust_clock_uuid_function)(char *uuid);
typedef const char *(*lttng_ust_clock_name_function)(void);
typedef const char *(*lttng_ust_clock_description_function)(void);

/*
 * Setters: 0, or -EBUSY once the override is enabled. Getters: the
 * callback in use (the override's once enabled). Getters return 0.
 */
int lttng_ust_trace_clock_set_read64_cb(lttng_ust_clock_read64_function read64_cb);
int lttng_ust_trace_clock_get_read64_cb(lttng_ust_clock_read64_function *read64_cb);
int lttng_ust_trace_clock_set_freq_cb(lttng_ust_clock_freq_function freq_cb);
int lttng_ust_trace_clock_get_freq_cb(lttng_ust_clock_freq_function *freq_cb);
int lttng_ust_trace_clock_set_uuid_cb(lttng_ust_clock_uuid_function uuid_cb);
int lttng_ust_trace_clock_get_uuid_cb(lttng_ust_clock_uuid_function *uuid_cb);
int lttng_ust_trace_clock_set_name_cb(lttng_ust_clock_name_function name_cb);
int lttng_ust_trace_clock_get_name_cb(lttng_ust_clock_name_function *name_cb);
int lttng_ust_trace_clock_set_description_cb(
	lttng_ust_clock_description_function description_cb);
int lttng_ust_trace_clock_get_description_cb(
	lttng_ust_clock_description_function *description_cb);

/*
 * Enables the override: 0, -EBUSY if already enabled, -EINVAL unless
 * the read64, freq, name and description callbacks are all set (the
 * UUID is optional).
 */
int lttng_ust_enable_trace_clock_override(void);

/* What a plugin defines; the loading process calls it. */
void lttng_ust_clock_plugin_init(void);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_CLOCK_H */
