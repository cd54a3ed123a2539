/*
 * A plugin-like shared object carrying its own provider and sites;
 * late_fire() hits its tracepoint.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "late-tp.h"

void late_fire(uint32_t v, const char *s);

void late_fire(uint32_t v, const char *s)
{
	lttng_ust_tracepoint(ust_tests_late, late_event, v, s);
}
