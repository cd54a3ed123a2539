/*
 * Registers provider descriptions a tracer must refuse, then the
 * compat_abi provider (linked in) records as usual: a provider of a
 * future major version, and one whose description is smaller than
 * LTTng-UST 2.13's. Prints what registration returned for each.
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#include <stdio.h>

#include <lttng/ust-events.h>

#include "abi_tp.h"

static const struct lttng_ust_probe_desc future = {
	.struct_size = sizeof(struct lttng_ust_probe_desc),
	.provider_name = "compat_future",
	.event_desc = NULL,
	.nr_events = 0,
	.major = LTTNG_UST_PROVIDER_MAJOR + 1,
	.minor = 0,
};

static const struct lttng_ust_probe_desc truncated = {
	.struct_size = 8,
	.provider_name = "compat_truncated",
};

int main(void)
{
	struct lttng_ust_registered_probe *reg;

	reg = lttng_ust_probe_register(&future);
	printf("future: %s\n", reg ? "cookie" : "NULL");
	if (reg)
		lttng_ust_probe_unregister(reg);
	reg = lttng_ust_probe_register(&truncated);
	printf("truncated: %s\n", reg ? "cookie" : "NULL");
	if (reg)
		lttng_ust_probe_unregister(reg);
	lttng_ust_tracepoint(compat_abi, first, 7, "after");
	return 0;
}
