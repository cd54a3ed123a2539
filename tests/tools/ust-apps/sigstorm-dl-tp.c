/*
 * sigstorm-dl-tp.so: a provider that sigstorm-app dlopens and dlcloses
 * in a loop (registration and removal of probes, with grace periods),
 * and a function that fires its event from inside the module.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "sigstorm-dl-tp.h"

void sigstorm_dl_fire(uint64_t seq);

void sigstorm_dl_fire(uint64_t seq)
{
	lttng_ust_tracepoint(sigstorm_dl, ev, seq);
}
