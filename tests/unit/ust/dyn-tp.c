/* The dynamic linkage test's provider, as a shared object. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include "dyn-tp.h"
