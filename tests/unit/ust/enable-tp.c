/* The test provider enable-tp.h, linked into test-enable. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "enable-tp.h"
