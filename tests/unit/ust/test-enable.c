/*
 * Enablement: event rules attach event recorders to the events they
 * match (name globs, exclusions, log level conditions), tracepoint
 * states follow, a tracepoint matched in two channels records twice,
 * disabling stops recording without dropping the recorder, providers
 * loaded after a rule get attached, and probes survive concurrent
 * enable/disable cycles.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "enable-tp.h"

#include "capture.h"
#include "channel.h"
#include "event-rule.h"

#define STATE(name)                                                            \
	__atomic_load_n(&lttng_ust_tracepoint_ust_tests_enable___##name.state, \
			__ATOMIC_RELAXED)

static struct capture cap;

static int setup(void **state)
{
	(void)state;
	capture_open(&cap);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	capture_close(&cap);
	return 0;
}

static void fire_all(int v)
{
	lttng_ust_tracepoint(ust_tests_enable, ev_info, v);
	lttng_ust_tracepoint(ust_tests_enable, ev_debug, v);
	lttng_ust_tracepoint(ust_tests_enable, ev_warning, v);
	lttng_ust_tracepoint(ust_tests_enable, ev_default, v);
}

static int has_recorder(struct capture *c, const char *name)
{
	return ust_channel_find_recorder(c->chan, name) != NULL;
}

static struct ust_event_rule *add_rule(struct capture *c, const char *pattern,
				       const char *const *excl, size_t nr_excl,
				       enum ust_loglevel_type type, int level)
{
	struct ust_event_rule_attr attr = {pattern, excl, nr_excl, type, level};
	struct ust_event_rule *rule;

	assert_int_equal(ust_event_rule_create(c->chan, &attr, &rule), 0);
	return rule;
}

static void
test_tracepoint_without_rule_has_state_0_and_records_nothing(void **state)
{
	(void)state;
	assert_int_equal(STATE(ev_info), 0);
	assert_int_equal(STATE(ev_default), 0);
	fire_all(1);
	assert_int_equal(cap.nr, 0);
	assert_int_equal(cap.reserved, 0);
}

static void test_rule_enables_only_the_events_it_names(void **state)
{
	static const unsigned char seven[] = {7, 0, 0, 0};

	(void)state;
	capture_enable(&cap, "ust_tests_enable:ev_info");
	assert_int_equal(STATE(ev_info), 1);
	assert_int_equal(STATE(ev_debug), 0);
	fire_all(7);
	assert_int_equal(cap.nr, 1);
	assert_string_equal(cap.records[0].name, "ust_tests_enable:ev_info");
	assert_int_equal(cap.records[0].len, 4);
	assert_memory_equal(cap.records[0].payload, seven, 4);
}

static void
test_disabled_rule_keeps_its_recorder_but_records_nothing(void **state)
{
	struct ust_event_rule *rule;
	struct ust_recorder *rec;

	(void)state;
	rule = capture_enable(&cap, "ust_tests_enable:ev_warning");
	rec = ust_channel_find_recorder(cap.chan,
					"ust_tests_enable:ev_warning");
	assert_non_null(rec);
	assert_int_equal(ust_event_rule_disable(rule), 0);
	assert_int_equal(STATE(ev_warning), 0);
	assert_int_equal(rec->pub.enabled, 0);
	fire_all(1);
	assert_int_equal(cap.nr, 0);
	assert_ptr_equal(ust_channel_find_recorder(
				 cap.chan, "ust_tests_enable:ev_warning"),
			 rec);
	assert_int_equal(ust_event_rule_enable(rule), 0);
	assert_int_equal(STATE(ev_warning), 1);
	fire_all(2);
	assert_int_equal(cap.nr, 1);
	ust_event_rule_destroy(rule);
	assert_int_equal(STATE(ev_warning), 0);
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_warning"));
}

static void test_event_matched_in_two_channels_records_in_both(void **state)
{
	struct capture other;

	(void)state;
	capture_open(&other);
	capture_enable(&cap, "ust_tests_enable:*");
	capture_enable(&other, "ust_tests_enable:ev_default");
	lttng_ust_tracepoint(ust_tests_enable, ev_default, 3);
	assert_int_equal(cap.nr, 1);
	assert_int_equal(other.nr, 1);
	assert_string_equal(other.records[0].name,
			    "ust_tests_enable:ev_default");
	assert_memory_equal(other.records[0].payload, cap.records[0].payload,
			    4);
	capture_close(&other);
	assert_int_equal(STATE(ev_default), 1);
	lttng_ust_tracepoint(ust_tests_enable, ev_default, 3);
	assert_int_equal(cap.nr, 2);
}

static void test_record_dropped_by_the_backend_is_not_committed(void **state)
{
	(void)state;
	capture_enable(&cap, "ust_tests_enable:ev_info");
	cap.refuse = 1;
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.reserved, 1);
	assert_int_equal(cap.nr, 0);
	cap.refuse = 0;
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.reserved, 2);
	assert_int_equal(cap.nr, 1);
}

static void test_two_rules_of_one_channel_share_one_recorder(void **state)
{
	struct ust_event_rule *a, *b;

	(void)state;
	a = capture_enable(&cap, "ust_tests_enable:ev_info");
	b = capture_enable(&cap, "ust_tests_enable:ev_*");
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.nr, 1);
	ust_event_rule_disable(a);
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.nr, 2);
	ust_event_rule_disable(b);
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.nr, 2);
	assert_int_equal(STATE(ev_info), 0);
}

static void test_loglevel_range_means_as_severe_or_more(void **state)
{
	(void)state;
	add_rule(&cap, "ust_tests_enable:*", NULL, 0, UST_LOGLEVEL_RANGE,
		 LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO);
	assert_true(has_recorder(&cap, "ust_tests_enable:ev_info"));
	assert_true(has_recorder(&cap, "ust_tests_enable:ev_warning"));
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_debug"));
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_default"));
	fire_all(1);
	assert_int_equal(cap.nr, 2);
}

static void test_loglevel_only_means_exactly(void **state)
{
	(void)state;
	add_rule(&cap, "ust_tests_enable:*", NULL, 0, UST_LOGLEVEL_SINGLE,
		 LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE);
	assert_true(has_recorder(&cap, "ust_tests_enable:ev_default"));
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_info"));
	fire_all(1);
	assert_int_equal(cap.nr, 1);
	assert_string_equal(cap.records[0].name, "ust_tests_enable:ev_default");
}

static void test_exclusions_remove_matching_events(void **state)
{
	static const char *const excl[] = {"*debug",
					   "ust_tests_enable:ev_info"};

	(void)state;
	add_rule(&cap, "ust_tests_enable:*", excl, 2, UST_LOGLEVEL_ALL, 0);
	assert_true(has_recorder(&cap, "ust_tests_enable:ev_warning"));
	assert_true(has_recorder(&cap, "ust_tests_enable:ev_default"));
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_debug"));
	assert_false(has_recorder(&cap, "ust_tests_enable:ev_info"));
}

static void test_invalid_rules_and_channels_are_refused(void **state)
{
	static const struct lttng_ust_recorder_ops no_commit = {NULL, NULL};
	static const char *const empty_excl[] = {""};
	struct ust_event_rule_attr attr = {"", NULL, 0, UST_LOGLEVEL_ALL, 0};
	struct ust_event_rule *rule = NULL;
	struct ust_channel *chan = NULL;
	char long_name[300];

	(void)state;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	attr.pattern = long_name;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	attr.pattern = "*";
	attr.loglevel_type = UST_LOGLEVEL_RANGE;
	attr.loglevel = 15;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	attr.loglevel = -1;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	attr.loglevel_type = UST_LOGLEVEL_ALL;
	attr.exclusions = empty_excl;
	attr.nr_exclusions = 1;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	assert_null(rule);
	assert_int_equal(ust_channel_create(&no_commit, NULL, &chan), -EINVAL);
	assert_null(chan);
}

/*
 * A second provider of the same name is accepted (as LTTng-UST does: two
 * libraries may provide the same events), the same description twice is
 * not; a foreign ABI is refused.
 */
static void
test_reregistered_and_foreign_abi_providers_are_refused(void **state)
{
	struct lttng_ust_probe_desc dup = {"ust_tests_enable", NULL, 0,
					   LTTNG_UST_PROBE_ABI_MAJOR, 0};
	struct lttng_ust_probe_desc abi = {"ust_tests_abi", NULL, 0,
					   LTTNG_UST_PROBE_ABI_MAJOR + 1, 0};
	/* Its probes would call backend operations this tracer lacks. */
	struct lttng_ust_probe_desc newer = {"ust_tests_newer", NULL, 0,
					     LTTNG_UST_PROBE_ABI_MAJOR,
					     LTTNG_UST_PROBE_ABI_MINOR + 1};

	(void)state;
	assert_int_equal(lttng_ust_probe_register_abi1(&dup), 0);
	assert_int_equal(lttng_ust_probe_register_abi1(&dup), -EEXIST);
	assert_int_equal(lttng_ust_probe_register_abi1(&abi), -EINVAL);
	assert_int_equal(lttng_ust_probe_register_abi1(&newer), -EINVAL);
	/* Unregistering the second one leaves the real provider. */
	lttng_ust_probe_unregister_abi1(&dup);
	capture_enable(&cap, "ust_tests_enable:ev_info");
	lttng_ust_tracepoint(ust_tests_enable, ev_info, 1);
	assert_int_equal(cap.nr, 1);
}

static void test_provider_dlopened_after_the_rule_is_attached(void **state)
{
	static const unsigned char expect[] = {0xef, 0xbe, 0xad, 0xde, 'l',
					       'a',  't',  'e',	 0};
	void (*late_fire)(uint32_t, const char *);
	void *handle;

	(void)state;
	capture_enable(&cap, "ust_tests_late:*");
	assert_false(has_recorder(&cap, "ust_tests_late:late_event"));
	handle = dlopen(UST_LATE_TP_PATH, RTLD_NOW);
	assert_non_null(handle);
	assert_true(has_recorder(&cap, "ust_tests_late:late_event"));
	*(void **)&late_fire = dlsym(handle, "late_fire");
	assert_non_null(late_fire);
	late_fire(0xdeadbeef, "late");
	assert_int_equal(cap.nr, 1);
	assert_string_equal(cap.records[0].name, "ust_tests_late:late_event");
	assert_int_equal(cap.records[0].len, sizeof(expect));
	assert_memory_equal(cap.records[0].payload, expect, sizeof(expect));
	assert_int_equal(dlclose(handle), 0);
	assert_false(has_recorder(&cap, "ust_tests_late:late_event"));
}

static void test_destroying_the_channel_disables_its_tracepoints(void **state)
{
	struct capture other;

	(void)state;
	capture_open(&other);
	capture_enable(&other, "ust_tests_enable:*");
	assert_int_equal(STATE(ev_debug), 1);
	capture_close(&other);
	assert_int_equal(STATE(ev_debug), 0);
	assert_int_equal(STATE(ev_info), 0);
}

/* Concurrent tracing while the rule is toggled: no lost or torn probe. */
static int stop_firing;

static void *fire_until_stopped(void *arg)
{
	long n = 0;

	(void)arg;
	while (!__atomic_load_n(&stop_firing, __ATOMIC_ACQUIRE)) {
		lttng_ust_tracepoint(ust_tests_enable, ev_info, (int)n);
		n++;
	}
	return NULL;
}

static void test_toggling_while_tracing_records_only_whole_events(void **state)
{
	pthread_t threads[2];
	struct ust_event_rule *rule;
	size_t i;

	(void)state;
	rule = capture_enable(&cap, "ust_tests_enable:ev_info");
	__atomic_store_n(&stop_firing, 0, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&threads[i], NULL,
						fire_until_stopped, NULL),
				 0);
	for (i = 0; i < 50; i++) {
		ust_event_rule_disable(rule);
		ust_event_rule_enable(rule);
	}
	__atomic_store_n(&stop_firing, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	assert_int_equal(cap.nr, cap.reserved);
	for (i = 0; i < cap.nr; i++) {
		assert_string_equal(cap.records[i].name,
				    "ust_tests_enable:ev_info");
		assert_int_equal(cap.records[i].len, 4);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_tracepoint_without_rule_has_state_0_and_records_nothing,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_rule_enables_only_the_events_it_names, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_disabled_rule_keeps_its_recorder_but_records_nothing,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_event_matched_in_two_channels_records_in_both,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_record_dropped_by_the_backend_is_not_committed,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_two_rules_of_one_channel_share_one_recorder, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_loglevel_range_means_as_severe_or_more, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_loglevel_only_means_exactly, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_exclusions_remove_matching_events, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_invalid_rules_and_channels_are_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_reregistered_and_foreign_abi_providers_are_refused,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_provider_dlopened_after_the_rule_is_attached,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_destroying_the_channel_disables_its_tracepoints,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_toggling_while_tracing_records_only_whole_events,
			setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
