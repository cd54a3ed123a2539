/*
 * Emits every event of compat_abi for a few values, so that a trace
 * shows each type family with edge values: argv[1] is the number of
 * rounds (default 1).
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#include <stdlib.h>

#include "abi_tp.h"

static const int64_t ints[] = {0, 1, -1, 127, -128, 0x1234, 0x12345678,
			       INT64_MIN, INT64_MAX};
static const double floats[] = {0.0, -1.5, 3.25, 1e300, -2.5e-10};
static const char *const strs[] = {"", "a", "hello world", "tracing\tmore"};
static const int colors[] = {0, 12, 20, -5, 7};

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	int32_t arr[3] = {1, -2, 0x7fffffff};
	unsigned int i;
	int r;

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
			lttng_ust_tracepoint(compat_abi, integers, ints[i]);
		for (i = 0; i < sizeof(floats) / sizeof(floats[0]); i++)
			lttng_ust_tracepoint(compat_abi, floats, floats[i]);
		for (i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
			lttng_ust_tracepoint(compat_abi, strings, strs[i]);
		for (i = 0; i <= 3; i++)
			lttng_ust_tracepoint(compat_abi, arrays, arr, i);
		for (i = 0; i < sizeof(colors) / sizeof(colors[0]); i++)
			lttng_ust_tracepoint(compat_abi, enums, colors[i]);
		lttng_ust_tracepoint(compat_abi, first, 1, "one");
		lttng_ust_tracepoint(compat_abi, second, 2, "two");
	}
	return 0;
}
