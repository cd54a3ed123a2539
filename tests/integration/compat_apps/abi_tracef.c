/*
 * lttng_ust_tracef() and lttng_ust_tracelog() at a few levels: their
 * macros read the state of liblttng-ust's own tracepoint sites and call
 * its entry points directly, so a program built against LTTng's headers
 * exercises both on our library.
 */
#include <lttng/tracef.h>
#include <lttng/tracelog.h>

int main(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		lttng_ust_tracef("tracef %d of %s", i, "three");
		lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING,
				   "warning %d", i);
		lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE,
				   "debug line %d", i);
	}
	return 0;
}
