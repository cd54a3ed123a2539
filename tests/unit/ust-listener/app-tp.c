/* The provider app-tp.h, linked into the listener tests' application. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "app-tp.h"
