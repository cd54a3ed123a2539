/* The tracepoint provider of ust-test-app. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "testapp-tp.h"
