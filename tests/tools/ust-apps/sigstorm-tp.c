/* The main provider of sigstorm-app (sigstorm-tp.h). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "sigstorm-tp.h"
