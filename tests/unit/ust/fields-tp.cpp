/* The test provider fields-tp.h, built as C++ (same records expected). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "fields-tp.h"
