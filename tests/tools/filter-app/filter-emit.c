/*
 * The events of filter-app and filter-eval: `filt:ev` N times, event k
 * carrying values computed from k alone, so a test can recompute every
 * field of every event and evaluate filters on its own.
 *
 *   k      k
 *   i      (k * 37) % 101 - 50
 *   u      (k * k) % 997
 *   d      k / 4.0 - 3.0
 *   s      strings[k % 8]
 *   arr    {k, k % 5, -k}
 *   seq    {k % 7, k + 1, k + 2}, first k % 4 elements
 *   color  k % 3
 */
#include <stdint.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "filter-app-tp.h"

static const char *const strings[] = {
	"alpha", "beta", "gamma", "alphabet", "a*b", "e", "zeta", "alpha2",
};

#include "filter-app.h"

void filter_app_emit(int n)
{
	int k;

	for (k = 0; k < n; k++) {
		int32_t arr[3] = {k, k % 5, -k};
		int16_t seq[3] = {(int16_t)(k % 7), (int16_t)(k + 1),
				  (int16_t)(k + 2)};

		lttng_ust_tracepoint(
			filt, ev, k, (int64_t)((k * 37) % 101 - 50),
			(uint32_t)((k * k) % 997), k / 4.0 - 3.0,
			strings[k % 8], arr, seq, (unsigned int)(k % 4));
	}
}
