/* The probes of compat_dup:ev, in the layout DUP_LAYOUT (a provider library). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include "dup_tp.h"
