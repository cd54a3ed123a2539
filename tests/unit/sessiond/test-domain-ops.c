/*
 * Unit tests of the session daemon's domain table (domain.h): which
 * operations a domain type gets or which error, that every domain
 * fills every operation the command handlers call, and the one
 * target-channel rule both domains share (channel0 created on demand,
 * a name needed once another channel exists, the domain's own "not
 * found" error).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <lttng/lttng-error.h>

#include "domain.h"
#include "session.h"

static void test_domain_types(void **state)
{
	static const int32_t agents[] = {LTTNG_DOMAIN_JUL, LTTNG_DOMAIN_LOG4J,
					 LTTNG_DOMAIN_PYTHON};
	static const int32_t unknown[] = {LTTNG_DOMAIN_NONE, 6, -1, 1000};
	const struct domain_ops *ops;

	(void)state;
	assert_int_equal(domain_ops_find(LTTNG_DOMAIN_UST, &ops), LTTNG_OK);
	assert_int_equal(ops->type, LTTNG_DOMAIN_UST);
	assert_int_equal(ops->channel_not_found, LTTNG_ERR_UST_CHAN_NOT_FOUND);
	assert_int_equal(domain_ops_find(LTTNG_DOMAIN_KERNEL, &ops), LTTNG_OK);
	assert_int_equal(ops->type, LTTNG_DOMAIN_KERNEL);
	assert_int_equal(ops->channel_not_found,
			 LTTNG_ERR_KERN_CHAN_NOT_FOUND);
	for (size_t i = 0; i < sizeof(agents) / sizeof(*agents); i++)
		assert_int_equal(domain_ops_find(agents[i], &ops),
				 LTTNG_ERR_AGENT_TRACING_DISABLED);
	for (size_t i = 0; i < sizeof(unknown) / sizeof(*unknown); i++)
		assert_int_equal(domain_ops_find(unknown[i], &ops),
				 LTTNG_ERR_UNKNOWN_DOMAIN);
}

/* Only the process ID tracker commands are optional (domain.h). */
static void test_every_operation_is_filled(void **state)
{
	static const int32_t types[] = {LTTNG_DOMAIN_UST, LTTNG_DOMAIN_KERNEL};

	(void)state;
	for (size_t i = 0; i < sizeof(types) / sizeof(*types); i++) {
		const struct domain_ops *ops;

		assert_int_equal(domain_ops_find(types[i], &ops), LTTNG_OK);
		assert_non_null(ops->get);
		assert_non_null(ops->enable_channel);
		assert_non_null(ops->disable_channel);
		assert_non_null(ops->add_default_channel);
		assert_non_null(ops->channel_stats);
		assert_non_null(ops->enable_event);
		assert_non_null(ops->disable_event);
		assert_non_null(ops->add_context);
		assert_non_null(ops->list_tracepoints);
		assert_non_null(ops->tracker_change);
		assert_non_null(ops->tracker_list);
		assert_true(!ops->track_pid == !ops->list_tracker_pids);
	}
}

static struct session *new_session(const char *name)
{
	struct lsc_create_session req = {0};
	struct session *s;

	strcpy(req.name, name);
	req.output = LSC_OUTPUT_NONE;
	assert_int_equal(session_create(&req, "/nonexistent", &s), LTTNG_OK);
	return s;
}

static struct lsc_target target_of(const char *channel)
{
	struct lsc_target t = {0};

	t.domain = LTTNG_DOMAIN_UST;
	t.buffer_type = LTTNG_BUFFER_PER_PID;
	strcpy(t.channel, channel);
	return t;
}

static void test_target_channel_creates_channel0(void **state)
{
	struct session *s = new_session("target-channel0");
	struct lsc_target t = target_of("");
	const struct domain_ops *ops;
	struct channel *chan;

	(void)state;
	assert_int_equal(domain_ops_find(LTTNG_DOMAIN_UST, &ops), LTTNG_OK);
	assert_int_equal(
		domain_target_channel(ops, s, &s->ust, &t, false, &chan),
		LTTNG_ERR_UST_CHAN_NOT_FOUND);
	assert_int_equal(s->ust.channel_count, 0);
	assert_int_equal(
		domain_target_channel(ops, s, &s->ust, &t, true, &chan),
		LTTNG_OK);
	assert_string_equal(chan->name, DEFAULT_CHANNEL_NAME);
	/* the client's buffering scheme, for the domain's first channel */
	assert_int_equal(s->ust.buffer_type, LTTNG_BUFFER_PER_PID);
	assert_int_equal(s->ust.channel_count, 1);
	/* found again, not created twice */
	assert_int_equal(
		domain_target_channel(ops, s, &s->ust, &t, true, &chan),
		LTTNG_OK);
	assert_int_equal(s->ust.channel_count, 1);
	session_destroy(s);
}

static void test_target_channel_needs_a_name(void **state)
{
	struct session *s = new_session("target-named");
	struct lsc_target named = target_of("mine");
	struct lsc_target unnamed = target_of("");
	const struct domain_ops *ops;
	struct channel *chan;

	(void)state;
	assert_int_equal(domain_ops_find(LTTNG_DOMAIN_UST, &ops), LTTNG_OK);
	assert_int_equal(
		domain_target_channel(ops, s, &s->ust, &named, true, &chan),
		LTTNG_OK);
	assert_string_equal(chan->name, "mine");
	assert_int_equal(
		domain_target_channel(ops, s, &s->ust, &unnamed, true, &chan),
		LTTNG_ERR_NEED_CHANNEL_NAME);
	assert_int_equal(s->ust.channel_count, 1);
	session_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_domain_types),
		cmocka_unit_test(test_every_operation_is_filled),
		cmocka_unit_test(test_target_channel_creates_channel0),
		cmocka_unit_test(test_target_channel_needs_a_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
