/* The tracepoint provider of ust-many-events-app. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "manyevents-tp.h"
