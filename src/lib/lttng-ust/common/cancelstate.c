/*
 * liblttng-ust-common: <lttng/ust-cancelstate.h>, nesting per thread.
 * The depth and the saved state are initial-exec TLS: no allocation.
 */
#include <pthread.h>

#include <lttng/ust-cancelstate.h>

#include "ust-log.h"

static __thread struct {
	int depth;
	int saved;
} cancel __attribute__((tls_model("initial-exec")));

UST_API int lttng_ust_cancelstate_disable_push(void)
{
	int old;

	if (cancel.depth++ > 0)
		return 0;
	if (pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old)) {
		cancel.depth--;
		ust_log("cannot disable the thread's cancellation");
		return -1;
	}
	cancel.saved = old;
	return 0;
}

UST_API int lttng_ust_cancelstate_disable_pop(void)
{
	int old;

	if (cancel.depth <= 0) {
		ust_log("cancellation state popped without a push");
		return -1;
	}
	if (--cancel.depth > 0)
		return 0;
	if (pthread_setcancelstate(cancel.saved, &old)) {
		ust_log("cannot restore the thread's cancellation state");
		return -1;
	}
	return 0;
}
