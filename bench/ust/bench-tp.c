/* The provider bench-tp.h, linked into ust-bench. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench-tp.h"
