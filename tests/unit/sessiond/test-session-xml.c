/*
 * Unit tests of the session daemon's session configuration writer
 * (session-xml.c): sessions built in memory are written exactly as the
 * file LTTng 2.13 saved for the same session (the integration tests'
 * fixture), every document validates against session.xsd, and the
 * trackers, snapshot and empty sessions take LTTng's forms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>

#include "session-xml.h"
#include "session.h"

/* The document of one session, or NULL (malloc'd). */
static char *write_session(const struct session *session)
{
	struct xml_writer w;
	const char *text;
	char *copy = NULL;
	size_t len;

	xml_writer_init(&w);
	xml_writer_open(&w, "sessions");
	assert_int_equal(session_xml_write(&w, session), LTTNG_OK);
	xml_writer_close(&w);
	text = xml_writer_text(&w, &len);
	if (text)
		copy = strdup(text);
	xml_writer_fini(&w);
	return copy;
}

static char *read_fixture(const char *name)
{
	char path[4096];
	static char text[65536];
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", FIXTURES_DIR, name);
	f = fopen(path, "r");
	assert_non_null(f);
	len = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[len] = '\0';
	return text;
}

static void assert_valid(const char *text)
{
	xmlSchemaParserCtxtPtr parser =
		xmlSchemaNewParserCtxt(XSD_DIR "/session.xsd");
	xmlSchemaPtr schema = xmlSchemaParse(parser);
	xmlSchemaValidCtxtPtr valid = xmlSchemaNewValidCtxt(schema);
	xmlDocPtr doc =
		xmlReadMemory(text, (int)strlen(text), "saved.lttng", NULL, 0);

	assert_non_null(doc);
	assert_int_equal(xmlSchemaValidateDoc(valid, doc), 0);
	xmlFreeDoc(doc);
	xmlSchemaFreeValidCtxt(valid);
	xmlSchemaFree(schema);
	xmlSchemaFreeParserCtxt(parser);
}

static void init_session(struct session *s, const char *name,
			 const char *output)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->output_path, sizeof(s->output_path), "%s", output);
	s->ust.type = LTTNG_DOMAIN_UST;
	for (int i = 0; i < UST_TRACKER_COUNT; i++)
		s->ust_trackers.trackers[i].policy =
			LTTNG_TRACKING_POLICY_INCLUDE_ALL;
}

static void init_channel(struct channel *chan, const char *name)
{
	memset(chan, 0, sizeof(*chan));
	snprintf(chan->name, sizeof(chan->name), "%s", name);
	chan->enabled = true;
	chan->attr.subbuf_size = 524288;
	chan->attr.num_subbuf = 4;
	chan->attr.output = LTTNG_EVENT_MMAP;
	chan->ext.monitor_timer_interval = 1000000;
}

static void add_context(struct channel *chan, struct context *ctx, int32_t type)
{
	struct context **tail = &chan->contexts;

	memset(ctx, 0, sizeof(*ctx));
	ctx->spec.type = type;
	while (*tail)
		tail = &(*tail)->next;
	*tail = ctx;
}

/* The "escaping" scenario of tests/integration/save_load_scenarios.py. */
static void test_written_as_lttng_saved_it(void **state)
{
	struct session s;
	struct channel chan;
	struct event_rule rule;
	struct context ctx[3];
	char filter[] = "msg == \"a&b<c>\" && x < 2";
	char *text;

	(void)state;
	init_session(&s, "escaping", "@OUT@/escaping");
	init_channel(&chan, "chan");
	chan.enabled = false;
	chan.ext.blocking_timeout = -1;
	memset(&rule, 0, sizeof(rule));
	strcpy(rule.spec.name, "tp:ev");
	rule.spec.enabled = 1;
	rule.spec.loglevel = -1;
	rule.spec.filter = filter;
	chan.rules = &rule;
	add_context(&chan, &ctx[0], LTTNG_EVENT_CONTEXT_VTID);
	add_context(&chan, &ctx[1], LTTNG_EVENT_CONTEXT_IP);
	add_context(&chan, &ctx[2], LTTNG_EVENT_CONTEXT_PTHREAD_ID);
	s.ust.channels = &chan;
	s.ust.channel_count = 1;
	s.ust.buffer_type = LTTNG_BUFFER_PER_UID;
	text = write_session(&s);
	assert_non_null(text);
	assert_string_equal(text, read_fixture("escaping.lttng"));
	assert_valid(text);
	free(text);
}

static void test_trackers_exclude_all_and_include_sets(void **state)
{
	struct tracker_value vpids[2] = {
		{.type = LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, .id = 12},
		{.type = LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, .id = 13},
	};
	struct tracker_value vuid = {
		.type = LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME,
		.id = 0,
		.name = "root",
	};
	struct session s;
	char *text;

	(void)state;
	init_session(&s, "t", "/tmp/t");
	s.ust_trackers.used = true;
	s.ust_trackers.trackers[0] = (struct process_attr_tracker){
		LTTNG_TRACKING_POLICY_INCLUDE_SET, vpids, 2};
	s.ust_trackers.trackers[1] = (struct process_attr_tracker){
		LTTNG_TRACKING_POLICY_INCLUDE_SET, &vuid, 1};
	s.ust_trackers.trackers[2].policy = LTTNG_TRACKING_POLICY_EXCLUDE_ALL;
	text = write_session(&s);
	assert_non_null(strstr(text, "\t\t\t\t<channels/>\n"
				     "\t\t\t\t<process_attr_trackers>\n"
				     "\t\t\t\t\t<vpid_process_attr_tracker>\n"
				     "\t\t\t\t\t\t<process_attr_values>\n"
				     "\t\t\t\t\t\t\t<vpid>\n"
				     "\t\t\t\t\t\t\t\t<id>12</id>\n"
				     "\t\t\t\t\t\t\t</vpid>\n"
				     "\t\t\t\t\t\t\t<vpid>\n"
				     "\t\t\t\t\t\t\t\t<id>13</id>\n"
				     "\t\t\t\t\t\t\t</vpid>\n"
				     "\t\t\t\t\t\t</process_attr_values>\n"
				     "\t\t\t\t\t</vpid_process_attr_tracker>\n"
				     "\t\t\t\t\t<vuid_process_attr_tracker>\n"
				     "\t\t\t\t\t\t<process_attr_values>\n"
				     "\t\t\t\t\t\t\t<vuid>\n"
				     "\t\t\t\t\t\t\t\t<name>root</name>\n"
				     "\t\t\t\t\t\t\t</vuid>\n"
				     "\t\t\t\t\t\t</process_attr_values>\n"
				     "\t\t\t\t\t</vuid_process_attr_tracker>\n"
				     "\t\t\t\t\t<vgid_process_attr_tracker>\n"
				     "\t\t\t\t\t\t<process_attr_values/>\n"
				     "\t\t\t\t\t</vgid_process_attr_tracker>\n"
				     "\t\t\t\t</process_attr_trackers>\n"));
	assert_valid(text);
	free(text);
}

static void test_session_without_domain(void **state)
{
	struct session s;
	char *text;

	(void)state;
	init_session(&s, "empty", "@OUT@/empty");
	text = write_session(&s);
	assert_string_equal(text, read_fixture("empty.lttng"));
	assert_valid(text);
	free(text);
}

static void test_snapshot_session_without_output_has_no_output(void **state)
{
	struct session s;
	char *text;

	(void)state;
	init_session(&s, "snap", "");
	s.snapshot = true;
	s.active = true;
	text = write_session(&s);
	assert_non_null(strstr(text,
			       "\t\t<name>snap</name>\n"
			       "\t\t<started>true</started>\n"
			       "\t\t<attributes>\n"
			       "\t\t\t<snapshot_mode>true</snapshot_mode>\n"
			       "\t\t</attributes>\n"
			       "\t</session>\n"));
	assert_valid(text);
	free(text);
}

/* The "snapnone" and "snapnet" scenarios: no output, a relay daemon. */
static void test_snapshot_outputs(void **state)
{
	struct snapshot_output net = {
		.id = 1,
		.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET,
		.name = "snapshot-1",
		.local = false,
		.ctrl_url = "tcp4://127.0.0.1:5342/",
		.data_url = "tcp4://127.0.0.1:5343/",
	};
	struct session s;
	char *text;

	(void)state;
	init_session(&s, "snapnone", "");
	s.snapshot = true;
	text = write_session(&s);
	assert_string_equal(text, read_fixture("snapnone.lttng"));
	free(text);
	init_session(&s, "snapnet", "");
	s.snapshot = true;
	s.snap.output = &net;
	text = write_session(&s);
	assert_string_equal(text, read_fixture("snapnet.lttng"));
	assert_valid(text);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_written_as_lttng_saved_it),
		cmocka_unit_test(test_trackers_exclude_all_and_include_sets),
		cmocka_unit_test(test_session_without_domain),
		cmocka_unit_test(
			test_snapshot_session_without_output_has_no_output),
		cmocka_unit_test(test_snapshot_outputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
