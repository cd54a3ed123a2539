/*
 * ust-wide-provider-app COUNT NAME_LEN: registers a provider, "wide", of
 * COUNT event classes without fields whose full names are NAME_LEN bytes
 * long ("wide:e<index>_xxx..."), described at run time, so that the
 * listing of a few such processes is as large as a test needs
 * (test_list_large.py). Prints "ready" once the provider is registered
 * and exits at the end of its standard input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/ust-events.h>
#include <lttng/ust-tracepoint-loglevel.h>

static void no_probe(void)
{
}

int main(int argc, char **argv)
{
	struct lttng_ust_probe_desc provider = {
		.provider_name = "wide",
		.major = LTTNG_UST_PROBE_ABI_MAJOR,
		.minor = LTTNG_UST_PROBE_ABI_MINOR,
	};
	struct lttng_ust_event_desc *events, **descs;
	unsigned int count, len;
	char *names;
	int c;

	if (argc != 3)
		return 2;
	count = (unsigned int)atoi(argv[1]);
	len = (unsigned int)atoi(argv[2]) - (unsigned int)strlen("wide:");
	if (count == 0 || len < 12 || len > 240)
		return 2;
	events = calloc(count, sizeof(*events));
	descs = calloc(count, sizeof(*descs));
	names = malloc((size_t)count * (len + 1));
	if (!events || !descs || !names)
		return 1;
	for (unsigned int i = 0; i < count; i++) {
		char *name = names + (size_t)i * (len + 1);
		int n = snprintf(name, len + 1, "e%u_", i);

		memset(name + n, 'x', len - (size_t)n);
		name[len] = '\0';
		events[i] = (struct lttng_ust_event_desc){
			.provider_name = "wide",
			.event_name = name,
			.probe_callback = no_probe,
			.signature = "",
			.loglevel = LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG,
		};
		descs[i] = &events[i];
	}
	provider.event_descs = descs;
	provider.nr_events = count;
	if (lttng_ust_probe_register_abi1(&provider)) {
		fprintf(stderr, "cannot register the provider\n");
		return 1;
	}
	printf("ready\n");
	fflush(stdout);
	while ((c = getchar()) != EOF)
		;
	lttng_ust_probe_unregister_abi1(&provider);
	free(names);
	free(descs);
	free(events);
	return 0;
}
