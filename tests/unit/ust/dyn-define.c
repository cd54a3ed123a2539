/*
 * dyn-app's tracepoint sites, defined with dynamic linkage as
 * lttng-ust(3) recommends (a unit of their own).
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
#include "dyn-tp.h"
