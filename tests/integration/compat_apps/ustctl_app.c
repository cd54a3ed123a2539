/*
 * A program of LTTng-UST 2.13's own consumer side: linked with its
 * liblttng-ust-ctl.so.5, which binds to liblttng-ust-common's getcpu
 * and trace clock hooks (lttng_ust_get_cpu_sym, lttng_ust_trace_clock)
 * and fd tracker. Prints the number of streams per channel.
 */
#include <stdio.h>

#include <lttng/ust-ctl.h>
#include <lttng/ust-sigbus.h>

DEFINE_LTTNG_UST_SIGBUS_STATE();

int main(void)
{
	int nr = lttng_ust_ctl_get_nr_stream_per_channel();

	printf("%d\n", nr);
	return nr > 0 ? 0 : 1;
}
