/*
 * An application built with LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
 * and not linked with liblttng-ust: it must run without its provider,
 * and trace when the provider is preloaded.
 */
#include <stdio.h>

#include "dyn-tp.h"

int main(void)
{
	int i;

	for (i = 0; i < 3; i++)
		lttng_ust_tracepoint(ust_tests_dyn, tick, i);
	printf("ticks=%d\n", i);
	return 0;
}
