/* The test provider filter-tp.h, linked into the filter tests. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "filter-tp.h"
