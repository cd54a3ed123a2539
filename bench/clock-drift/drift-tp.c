/* The provider drift-tp.h, linked into clock-drift-app. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "drift-tp.h"
