/* The compat_abi provider, alone (a shared object, or linked in). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include "abi_tp.h"
