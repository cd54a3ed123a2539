/*
 * liblttng-ust-common: the library's initialization (<lttng/ust-common.h>),
 * run as its constructor and callable before (liblttng-ust calls it from
 * its own, whatever the order the dynamic linker chose): the debug
 * output's setting is read, the calling thread's thread-local data of
 * this library is allocated and the override plugins are loaded.
 */
#include <lttng/ust-common.h>

#include "plugins.h"
#include "urcu-ust.h"
#include "ust-log.h"

/*
 * The only thread-local variable of this library that is not
 * initial-exec (modules built with LTTng's headers reach it by name, so
 * its model is the general one): reading it makes the dynamic linker
 * allocate this thread's block now, outside any signal handler.
 */
UST_API void lttng_ust_common_alloc_tls(void)
{
	struct urcu_ust_reader *volatile *reader = &lttng_ust_urcu_reader;

	(void)*reader;
}

UST_API void lttng_ust_common_ctor(void)
{
	ust_log_init();
	lttng_ust_common_alloc_tls();
	ust_plugins_load();
}
