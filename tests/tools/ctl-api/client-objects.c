/*
 * Drives the client-side objects of liblttng-ctl that need no session
 * daemon (channels and their extended attributes, created events,
 * session descriptors, rotation schedules, snapshot outputs, save and
 * load attributes) with ordinary, boundary, NULL and mismatched
 * arguments, printing each expression and its result on one line.
 * test_ctl_objects.py runs it with our library and with LTTng 2.13's
 * (same binary, LD_LIBRARY_PATH) and compares the lines. Calls on which
 * LTTng's library crashes (NULL snapshot outputs) are left out.
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <lttng/lttng.h>
#define I(e) printf("%s = %lld\n", #e, (long long)(e))
#define PN(e) printf("%s = %s\n", #e, (e) ? "ptr" : "NULL")
#define DESC(e)                                                                \
	do {                                                                   \
		struct lttng_session_descriptor *_d = (e);                     \
		printf("%s = %s\n", #e, _d ? "ptr" : "NULL");                  \
		lttng_session_descriptor_destroy(_d);                          \
	} while (0)
#define CHAN(e)                                                                \
	do {                                                                   \
		struct lttng_channel *_c = (e);                                \
		printf("%s = %s\n", #e, _c ? "ptr" : "NULL");                  \
		lttng_channel_destroy(_c);                                     \
	} while (0)
#define S(e)                                                                   \
	do {                                                                   \
		const char *_s = (e);                                          \
		printf("%s = %s\n", #e, _s ? _s : "(null)");                   \
	} while (0)
static void channels(void)
{
	struct lttng_domain dk = {.type = LTTNG_DOMAIN_KERNEL,
				  .buf_type = LTTNG_BUFFER_GLOBAL},
			    du = {.type = LTTNG_DOMAIN_UST,
				  .buf_type = LTTNG_BUFFER_PER_UID},
			    dj = {.type = LTTNG_DOMAIN_JUL},
			    dkp = {.type = LTTNG_DOMAIN_KERNEL,
				   .buf_type = LTTNG_BUFFER_PER_PID},
			    dug = {.type = LTTNG_DOMAIN_UST,
				   .buf_type = LTTNG_BUFFER_GLOBAL},
			    dup = {.type = LTTNG_DOMAIN_UST,
				   .buf_type = LTTNG_BUFFER_PER_PID};
	struct lttng_channel *c = lttng_channel_create(&du),
			     *ck = lttng_channel_create(&dk);
	uint64_t v = 555;
	int64_t t = 555;
	CHAN(lttng_channel_create(NULL));
	CHAN(lttng_channel_create(&dj));
	CHAN(lttng_channel_create(&dkp));
	CHAN(lttng_channel_create(&dug));
	CHAN(lttng_channel_create(&dup));
	I(c->attr.subbuf_size);
	I(c->attr.num_subbuf);
	I(c->attr.overwrite);
	I(c->attr.switch_timer_interval);
	I(c->attr.read_timer_interval);
	I(c->attr.output);
	I(c->attr.tracefile_size);
	I(c->attr.tracefile_count);
	I(c->attr.live_timer_interval);
	I(c->enabled);
	I(ck->attr.subbuf_size);
	I(ck->attr.num_subbuf);
	I(ck->attr.output);
	I(ck->attr.switch_timer_interval);
	I(ck->attr.read_timer_interval);
	I(lttng_channel_get_monitor_timer_interval(c, &v));
	I(v);
	I(lttng_channel_get_monitor_timer_interval(ck, &v));
	I(v);
	I(lttng_channel_get_monitor_timer_interval(NULL, &v));
	I(lttng_channel_get_monitor_timer_interval(c, NULL));
	I(lttng_channel_set_monitor_timer_interval(c, 0));
	I(lttng_channel_get_monitor_timer_interval(c, &v));
	I(v);
	I(lttng_channel_set_monitor_timer_interval(c, 12345));
	I(lttng_channel_get_monitor_timer_interval(c, &v));
	I(v);
	I(lttng_channel_set_monitor_timer_interval(NULL, 1));
	I(lttng_channel_get_blocking_timeout(c, &t));
	I(t);
	I(lttng_channel_get_blocking_timeout(ck, &t));
	I(t);
	I(lttng_channel_get_blocking_timeout(NULL, &t));
	I(lttng_channel_get_blocking_timeout(c, NULL));
	I(lttng_channel_set_blocking_timeout(c, -1));
	I(lttng_channel_get_blocking_timeout(c, &t));
	I(t);
	I(lttng_channel_set_blocking_timeout(c, -2));
	I(lttng_channel_set_blocking_timeout(c, 0));
	I(lttng_channel_set_blocking_timeout(c, 4294967295LL));
	I(lttng_channel_get_blocking_timeout(c, &t));
	I(t);
	I(lttng_channel_set_blocking_timeout(c, 4294967296LL * 1000));
	I(lttng_channel_set_blocking_timeout(NULL, 5));
	I(lttng_channel_get_discarded_event_count(c, &v));
	I(v);
	I(lttng_channel_get_lost_packet_count(c, &v));
	I(v);
	I(lttng_channel_get_discarded_event_count(NULL, &v));
	I(lttng_channel_get_discarded_event_count(c, NULL));
	I(lttng_channel_get_lost_packet_count(NULL, &v));
	I(lttng_channel_get_lost_packet_count(c, NULL));
	{
		struct lttng_channel_attr a;
		memset(&a, 0x5a, sizeof(a));
		a.extended.ptr = NULL;
		lttng_channel_set_default_attr(&du, &a);
		I(a.subbuf_size);
		I(a.num_subbuf);
		I(a.overwrite);
		I(a.output);
		I(a.switch_timer_interval);
		I(a.read_timer_interval);
		I(a.tracefile_size);
		I(a.live_timer_interval);
		memset(&a, 0x5a, sizeof(a));
		a.extended.ptr = NULL;
		lttng_channel_set_default_attr(&dk, &a);
		I(a.subbuf_size);
		I(a.num_subbuf);
		I(a.output);
		I(a.switch_timer_interval);
		I(a.read_timer_interval);
		memset(&a, 0x5a, sizeof(a));
		a.extended.ptr = NULL;
		lttng_channel_set_default_attr(&dj, &a);
		I(a.subbuf_size);
		I(a.num_subbuf);
		memset(&a, 0x5a, sizeof(a));
		a.extended.ptr = NULL;
		lttng_channel_set_default_attr(NULL, &a);
		I(a.subbuf_size);
		lttng_channel_set_default_attr(&du, NULL);
	}
	lttng_channel_destroy(c);
	lttng_channel_destroy(ck);
	lttng_channel_destroy(NULL);
}

static void events(void)
{
	struct lttng_event *e = lttng_event_create();
	const char *fx = "x";
	I(e->type);
	I(e->loglevel_type);
	I(e->loglevel);
	I(e->enabled);
	I(lttng_event_get_filter_expression(e, &fx));
	PN(fx);
	I(lttng_event_get_filter_expression(NULL, &fx));
	I(lttng_event_get_filter_expression(e, NULL));
	I(lttng_event_get_exclusion_name_count(e));
	I(lttng_event_get_exclusion_name_count(NULL));
	I(lttng_event_get_exclusion_name(e, 0, &fx));
	I(lttng_event_get_exclusion_name(NULL, 0, &fx));
	I(lttng_event_get_exclusion_name(e, 0, NULL));
	lttng_event_destroy(e);
	lttng_event_destroy(NULL);
}

static void session_descriptors(void)
{
	struct lttng_session_descriptor *d;
	const char *n = "x";
	d = lttng_session_descriptor_create(NULL);
	I(lttng_session_descriptor_get_session_name(d, &n));
	S(n);
	lttng_session_descriptor_destroy(d);
	d = lttng_session_descriptor_create("abc");
	n = "x";
	I(lttng_session_descriptor_get_session_name(d, &n));
	S(n);
	lttng_session_descriptor_destroy(d);
	I(lttng_session_descriptor_get_session_name(NULL, &n));
	DESC(lttng_session_descriptor_local_create("a", NULL));
	DESC(lttng_session_descriptor_local_create("a", "relative/path"));
	DESC(lttng_session_descriptor_local_create("a", "/abs"));
	DESC(lttng_session_descriptor_network_create("a", NULL, NULL));
	DESC(lttng_session_descriptor_network_create("a", "bogus://x", NULL));
	DESC(lttng_session_descriptor_network_create("a", "net://localhost",
						     NULL));
	DESC(lttng_session_descriptor_network_create(
		"a", "tcp://localhost:5342", NULL));
	DESC(lttng_session_descriptor_network_create(
		"a", "tcp://localhost:5342", "tcp://localhost:5343"));
	DESC(lttng_session_descriptor_network_create("a", "file:///tmp", NULL));
	DESC(lttng_session_descriptor_network_create("a", NULL,
						     "tcp://localhost:2"));
	DESC(lttng_session_descriptor_network_create("a", "net://localhost",
						     "tcp://localhost:2"));
	DESC(lttng_session_descriptor_network_create("a", "tcp://localhost:1",
						     "net://localhost"));
	DESC(lttng_session_descriptor_network_create("a", "net6://localhost",
						     NULL));
	DESC(lttng_session_descriptor_network_create("a", "tcp://localhost:1",
						     "file:///tmp"));
	DESC(lttng_session_descriptor_snapshot_network_create("a", NULL, NULL));
	DESC(lttng_session_descriptor_snapshot_network_create(
		"a", "tcp://localhost:1", NULL));
	DESC(lttng_session_descriptor_snapshot_network_create(
		"a", "bogus://localhost", NULL));
	DESC(lttng_session_descriptor_live_network_create(
		"a", NULL, "tcp://localhost:2", 100));
	DESC(lttng_session_descriptor_live_network_create(
		"a", "tcp://localhost:1", NULL, 100));
	DESC(lttng_session_descriptor_snapshot_create("a"));
	DESC(lttng_session_descriptor_snapshot_local_create("a", NULL));
	DESC(lttng_session_descriptor_snapshot_local_create("a", "rel"));
	DESC(lttng_session_descriptor_snapshot_network_create(
		"a", "net://localhost", NULL));
	DESC(lttng_session_descriptor_live_create("a", 0));
	DESC(lttng_session_descriptor_live_create("a", 1));
	DESC(lttng_session_descriptor_live_create(NULL, 1000000));
	DESC(lttng_session_descriptor_live_network_create(
		"a", "net://localhost", NULL, 0));
	DESC(lttng_session_descriptor_live_network_create("a", NULL, NULL,
							  100));
	DESC(lttng_session_descriptor_live_network_create(
		"a", "net://localhost", NULL, 100));
}

static void rotation_schedules(void)
{
	uint64_t v;
	struct lttng_rotation_schedule
		*rs = lttng_rotation_schedule_size_threshold_create(),
		*rp = lttng_rotation_schedule_periodic_create();
	I(lttng_rotation_schedule_get_type(rs));
	I(lttng_rotation_schedule_get_type(rp));
	I(lttng_rotation_schedule_get_type(NULL));
	v = 9;
	I(lttng_rotation_schedule_size_threshold_get_threshold(rs, &v));
	I(v);
	I(lttng_rotation_schedule_size_threshold_set_threshold(rs, 0));
	I(lttng_rotation_schedule_size_threshold_set_threshold(rs, -1ULL));
	I(lttng_rotation_schedule_size_threshold_set_threshold(rs, 100));
	I(lttng_rotation_schedule_size_threshold_get_threshold(rs, &v));
	I(v);
	I(lttng_rotation_schedule_size_threshold_get_threshold(rp, &v));
	I(lttng_rotation_schedule_size_threshold_set_threshold(rp, 5));
	I(lttng_rotation_schedule_size_threshold_get_threshold(NULL, &v));
	v = 9;
	I(lttng_rotation_schedule_periodic_get_period(rp, &v));
	I(v);
	I(lttng_rotation_schedule_periodic_set_period(rp, 0));
	I(lttng_rotation_schedule_periodic_set_period(rp, -1ULL));
	I(lttng_rotation_schedule_periodic_set_period(rp, 7));
	I(lttng_rotation_schedule_periodic_get_period(rp, &v));
	I(v);
	I(lttng_rotation_schedule_periodic_get_period(rs, &v));
	I(lttng_rotation_schedule_periodic_set_period(NULL, 4));
	lttng_rotation_schedule_destroy(rs);
	lttng_rotation_schedule_destroy(rp);
	lttng_rotation_schedule_destroy(NULL);
	I(lttng_rotation_schedules_get_count(NULL, NULL));
	PN(lttng_rotation_schedules_get_at_index(NULL, 0));
	lttng_rotation_schedules_destroy(NULL);
	I(lttng_rotation_handle_get_state(NULL, NULL));
	lttng_rotation_handle_destroy(NULL);
}

static void snapshot_outputs(void)
{
	struct lttng_snapshot_output *so = lttng_snapshot_output_create();
	I(lttng_snapshot_output_get_id(so));
	I(lttng_snapshot_output_get_maxsize(so));
	S(lttng_snapshot_output_get_name(so));
	S(lttng_snapshot_output_get_ctrl_url(so));
	S(lttng_snapshot_output_get_data_url(so));

	I(lttng_snapshot_output_set_id(3, so));
	I(lttng_snapshot_output_get_id(so));
	I(lttng_snapshot_output_set_id(1, NULL));
	I(lttng_snapshot_output_set_size(4096, so));
	I(lttng_snapshot_output_get_maxsize(so));
	I(lttng_snapshot_output_set_size(1, NULL));
	I(lttng_snapshot_output_set_name("nm", so));
	S(lttng_snapshot_output_get_name(so));
	I(lttng_snapshot_output_set_name(NULL, so));
	{
		char big[300];
		memset(big, 'a', 299);
		big[299] = 0;
		I(lttng_snapshot_output_set_name(big, so));
		I(lttng_snapshot_output_set_ctrl_url(big, so));
	}
	I(lttng_snapshot_output_set_ctrl_url("/tmp/x", so));
	S(lttng_snapshot_output_get_ctrl_url(so));
	I(lttng_snapshot_output_set_data_url("tcp://localhost:9", so));
	S(lttng_snapshot_output_get_data_url(so));
	I(lttng_snapshot_output_set_local_path("/tmp/y", so));
	S(lttng_snapshot_output_get_ctrl_url(so));
	S(lttng_snapshot_output_get_data_url(so));
	I(lttng_snapshot_output_set_local_path("rel", so));
	I(lttng_snapshot_output_set_local_path(NULL, so));
	I(lttng_snapshot_output_set_network_url("net://localhost", so));
	S(lttng_snapshot_output_get_ctrl_url(so));
	S(lttng_snapshot_output_get_data_url(so));
	I(lttng_snapshot_output_set_network_url("file:///tmp", so));
	I(lttng_snapshot_output_set_network_url(NULL, so));
	I(lttng_snapshot_output_set_network_urls("tcp://localhost:1",
						 "tcp://localhost:2", so));
	S(lttng_snapshot_output_get_ctrl_url(so));
	S(lttng_snapshot_output_get_data_url(so));
	I(lttng_snapshot_output_set_network_urls("tcp://localhost:1", NULL,
						 so));
	lttng_snapshot_output_destroy(so);
	lttng_snapshot_output_destroy(NULL);
	PN(lttng_snapshot_output_list_get_next(NULL));
	lttng_snapshot_output_list_destroy(NULL);
}

static void save_load_attributes(void)
{
	struct lttng_save_session_attr *sa = lttng_save_session_attr_create();
	S(lttng_save_session_attr_get_session_name(sa));
	S(lttng_save_session_attr_get_output_url(sa));
	I(lttng_save_session_attr_get_overwrite(sa));
	I(lttng_save_session_attr_get_omit_name(sa));
	I(lttng_save_session_attr_get_omit_output(sa));
	S(lttng_save_session_attr_get_session_name(NULL));
	I(lttng_save_session_attr_get_overwrite(NULL));
	I(lttng_save_session_attr_get_omit_name(NULL));
	I(lttng_save_session_attr_set_session_name(sa, "s"));
	S(lttng_save_session_attr_get_session_name(sa));
	I(lttng_save_session_attr_set_session_name(sa, NULL));
	S(lttng_save_session_attr_get_session_name(sa));
	I(lttng_save_session_attr_set_session_name(NULL, "x"));
	I(lttng_save_session_attr_set_output_url(sa, "/tmp/q"));
	S(lttng_save_session_attr_get_output_url(sa));
	I(lttng_save_session_attr_set_output_url(sa, "file:///tmp/q2"));
	S(lttng_save_session_attr_get_output_url(sa));
	I(lttng_save_session_attr_set_output_url(sa, "rel"));
	I(lttng_save_session_attr_set_output_url(sa, "net://localhost"));
	I(lttng_save_session_attr_set_output_url(sa, NULL));
	S(lttng_save_session_attr_get_output_url(sa));
	I(lttng_save_session_attr_set_overwrite(sa, 5));
	I(lttng_save_session_attr_get_overwrite(sa));
	I(lttng_save_session_attr_set_omit_name(sa, 2));
	I(lttng_save_session_attr_get_omit_name(sa));
	I(lttng_save_session_attr_set_omit_output(sa, 1));
	I(lttng_save_session_attr_get_omit_output(sa));
	I(lttng_save_session_attr_set_overwrite(NULL, 1));
	{
		char big[300];
		memset(big, 'a', 299);
		big[299] = 0;
		I(lttng_save_session_attr_set_session_name(sa, big));
	}
	lttng_save_session_attr_destroy(sa);
	lttng_save_session_attr_destroy(NULL);
	struct lttng_load_session_attr *la = lttng_load_session_attr_create();
	S(lttng_load_session_attr_get_session_name(la));
	S(lttng_load_session_attr_get_input_url(la));
	I(lttng_load_session_attr_get_overwrite(la));
	S(lttng_load_session_attr_get_override_url(la));
	S(lttng_load_session_attr_get_override_ctrl_url(la));
	S(lttng_load_session_attr_get_override_data_url(la));
	S(lttng_load_session_attr_get_override_session_name(la));
	S(lttng_load_session_attr_get_session_name(NULL));
	I(lttng_load_session_attr_get_overwrite(NULL));
	S(lttng_load_session_attr_get_override_url(NULL));
	I(lttng_load_session_attr_set_session_name(la, "s"));
	S(lttng_load_session_attr_get_session_name(la));
	I(lttng_load_session_attr_set_session_name(la, NULL));
	S(lttng_load_session_attr_get_session_name(la));
	I(lttng_load_session_attr_set_input_url(la, "/tmp/in"));
	S(lttng_load_session_attr_get_input_url(la));
	I(lttng_load_session_attr_set_input_url(la, "rel"));
	I(lttng_load_session_attr_set_input_url(la, "net://localhost"));
	I(lttng_load_session_attr_set_input_url(la, NULL));
	S(lttng_load_session_attr_get_input_url(la));
	I(lttng_load_session_attr_set_overwrite(la, 3));
	I(lttng_load_session_attr_get_overwrite(la));
	I(lttng_load_session_attr_set_override_url(la, "net://localhost"));
	S(lttng_load_session_attr_get_override_url(la));
	S(lttng_load_session_attr_get_override_ctrl_url(la));
	S(lttng_load_session_attr_get_override_data_url(la));
	I(lttng_load_session_attr_set_override_url(la, "/tmp/o"));
	S(lttng_load_session_attr_get_override_url(la));
	S(lttng_load_session_attr_get_override_ctrl_url(la));
	I(lttng_load_session_attr_set_override_ctrl_url(la,
							"tcp://localhost:1"));
	S(lttng_load_session_attr_get_override_ctrl_url(la));
	S(lttng_load_session_attr_get_override_url(la));
	I(lttng_load_session_attr_set_override_data_url(la,
							"tcp://localhost:2"));
	S(lttng_load_session_attr_get_override_data_url(la));
	I(lttng_load_session_attr_set_override_ctrl_url(la, "/tmp/x"));
	I(lttng_load_session_attr_set_override_url(la, NULL));
	I(lttng_load_session_attr_set_override_session_name(la, "nn"));
	S(lttng_load_session_attr_get_override_session_name(la));
	I(lttng_load_session_attr_set_override_session_name(la, NULL));
	I(lttng_load_session_attr_set_override_session_name(la, ""));
	I(lttng_load_session_attr_set_overwrite(NULL, 1));
	lttng_load_session_attr_destroy(la);
	lttng_load_session_attr_destroy(NULL);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	channels();
	events();
	session_descriptors();
	rotation_schedules();
	snapshot_outputs();
	save_load_attributes();
	return 0;
}
