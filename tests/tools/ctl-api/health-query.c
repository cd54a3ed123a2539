/*
 * health-query: a health client written against <lttng/health.h> only.
 * Asks one daemon once and prints, on success,
 *   state <lttng_health_state()>
 *   thread <i> <lttng_health_thread_state()> <lttng_health_thread_name()>
 * for every thread; on failure "query <ret>" and exit status 1.
 * Usage: health-query sessiond | ust32 | ust64 | kernel | relayd PATH
 * test_health.py builds it against our headers and links it with either
 * our liblttng-ctl or LTTng's, so it uses nothing of ours but the API.
 */
#include <stdio.h>
#include <string.h>

#include <lttng/health.h>

static struct lttng_health *create(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (!strcmp(what, "sessiond"))
		return lttng_health_create_sessiond();
	if (!strcmp(what, "ust32"))
		return lttng_health_create_consumerd(
			LTTNG_HEALTH_CONSUMERD_UST_32);
	if (!strcmp(what, "ust64"))
		return lttng_health_create_consumerd(
			LTTNG_HEALTH_CONSUMERD_UST_64);
	if (!strcmp(what, "kernel"))
		return lttng_health_create_consumerd(
			LTTNG_HEALTH_CONSUMERD_KERNEL);
	if (!strcmp(what, "relayd") && argc > 2)
		return lttng_health_create_relayd(argv[2]);
	return NULL;
}

int main(int argc, char **argv)
{
	struct lttng_health *health = create(argc, argv);
	int ret, nr;

	if (!health) {
		fprintf(stderr, "usage: health-query sessiond | ust32 | ust64 "
				"| kernel | relayd PATH\n");
		return 2;
	}
	ret = lttng_health_query(health);
	if (ret) {
		printf("query %d\n", ret);
		lttng_health_destroy(health);
		return 1;
	}
	printf("state %d\n", lttng_health_state(health));
	nr = lttng_health_get_nr_threads(health);
	for (int i = 0; i < nr; i++) {
		const struct lttng_health_thread *t =
			lttng_health_get_thread(health, (unsigned int)i);
		const char *name = lttng_health_thread_name(t);

		printf("thread %d %d %s\n", i, lttng_health_thread_state(t),
		       name ? name : "(null)");
	}
	lttng_health_destroy(health);
	return 0;
}
