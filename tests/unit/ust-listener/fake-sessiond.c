/*
 * Implementation of fake-sessiond.h, with cmocka assertions where a
 * daemon would log and drop the application.
 */
#include <errno.h>
#include <stdio.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake-sessiond.h"
#include "util/paths.h"
#include "util/unix-socket.h"

uint64_t fake_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int fake_sessiond_listen(const char *rundir)
{
	char path[4096];
	int ret = paths_mkdir_p(rundir, 0700);

	if (ret)
		return ret;
	ret = paths_join(path, sizeof(path), rundir, PATHS_APPS_SOCK);
	if (ret)
		return ret;
	return usock_listen(path, 0600);
}

static int accept_within(int listen_fd, int timeout_ms)
{
	struct pollfd pfd = {.fd = listen_fd, .events = POLLIN};
	int fd;

	if (poll(&pfd, 1, timeout_ms) != 1)
		return -ETIMEDOUT;
	fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static int event_index(struct fake_app *app, uint64_t key, const char *name)
{
	int i;

	for (i = 0; i < app->nr_events; i++)
		if (app->keys[i] == key && !strcmp(app->classes[i]->name, name))
			return i;
	return -1;
}

/* Answer one event registration; returns the transport result. */
static int serve_event_register(struct fake_app *app, struct ust_message *msg)
{
	struct ust_event_class *cls;
	uint64_t session, key;
	struct wire_buf reply;
	int32_t code = 0;
	int i, ret;

	wire_buf_init(&reply);
	ret = ust_get_event_register(msg->payload, msg->payload_len, &session,
				     &key, &cls);
	pthread_mutex_lock(&app->lock);
	app->notify_requests++;
	if (ret)
		code = ret;
	else if (!strcmp(cls->name, app->refuse))
		code = -EEXIST;
	else if ((i = event_index(app, key, cls->name)) >= 0)
		ust_put_event_id(&reply, app->ids[i]);
	else if (app->nr_events == FAKE_MAX_EVENTS)
		code = -ENOMEM;
	else {
		i = app->nr_events++;
		app->keys[i] = key;
		app->ids[i] = app->first_id + (uint32_t)i;
		app->classes[i] = cls;
		cls = NULL;
		ust_put_event_id(&reply, app->ids[i]);
	}
	pthread_mutex_unlock(&app->lock);
	ust_event_class_free(cls);
	ret = ust_send_reply(app->notify_fd, code, code ? NULL : &reply);
	wire_buf_fini(&reply);
	return ret;
}

static void *notify_thread(void *arg)
{
	struct fake_app *app = arg;
	struct ust_message msg;

	while (ust_recv_request(app->notify_fd, &msg, 0) == 0) {
		int ret;

		if (msg.command == UST_NOTIFY_EVENT_REGISTER)
			ret = serve_event_register(app, &msg);
		else
			ret = ust_send_reply(app->notify_fd, -ENOSYS, NULL);
		ust_message_fini(&msg);
		if (ret)
			break;
	}
	return NULL;
}

static void check_credentials(int fd, const struct ust_register *reg)
{
	struct ucred cred;

	assert_int_equal(usock_peer_cred(fd, &cred), 0);
	assert_int_equal(cred.pid, reg->pid);
	assert_int_equal(cred.uid, reg->uid);
	assert_int_equal(cred.gid, reg->gid);
}

int fake_accept_app(int listen_fd, struct fake_app *app, int timeout_ms)
{
	struct ust_register regs[2];
	int fds[2], i, ret;

	memset(app, 0, sizeof(*app));
	app->first_id = 3;
	pthread_mutex_init(&app->lock, NULL);
	for (i = 0; i < 2; i++) {
		fds[i] = accept_within(listen_fd, timeout_ms);
		if (fds[i] < 0)
			return fds[i];
		usock_set_timeout(fds[i], 5000);
		ret = ust_recv_register(fds[i], &regs[i]);
		assert_int_equal(ret, 0);
		check_credentials(fds[i], &regs[i]);
	}
	assert_true(regs[0].token == regs[1].token);
	assert_int_equal(regs[0].pid, regs[1].pid);
	assert_int_not_equal(regs[0].kind, regs[1].kind);
	i = regs[0].kind == UST_SOCKET_COMMAND ? 0 : 1;
	app->cmd_fd = fds[i];
	app->notify_fd = fds[1 - i];
	app->reg = regs[i];
	/* the notify thread blocks until the app writes or goes */
	usock_set_timeout(app->notify_fd, 0);
	assert_int_equal(
		pthread_create(&app->notify_thread, NULL, notify_thread, app),
		0);
	return 0;
}

void fake_app_close(struct fake_app *app)
{
	int i;

	shutdown(app->notify_fd, SHUT_RDWR);
	pthread_join(app->notify_thread, NULL);
	close(app->notify_fd);
	close(app->cmd_fd);
	for (i = 0; i < app->nr_events; i++)
		ust_event_class_free(app->classes[i]);
	pthread_mutex_destroy(&app->lock);
}

int fake_command(struct fake_app *app, uint32_t command,
		 const struct wire_buf *payload, const int *fds,
		 unsigned int nr_fds, struct ust_message *reply)
{
	struct ust_message msg;
	int code;

	assert_int_equal(
		ust_send_request(app->cmd_fd, command, payload, fds, nr_fds),
		0);
	assert_int_equal(ust_recv_reply(app->cmd_fd, &msg), 0);
	code = msg.code;
	if (reply)
		*reply = msg;
	else
		ust_message_fini(&msg);
	return code;
}

int fake_command_id(struct fake_app *app, uint32_t command, uint64_t id)
{
	struct wire_buf buf;
	int code;

	wire_buf_init(&buf);
	ust_put_id(&buf, id);
	code = fake_command(app, command, &buf, NULL, 0, NULL);
	wire_buf_fini(&buf);
	return code;
}

struct rb_channel *fake_channel_setup(struct fake_app *app, uint64_t session_id,
				      uint64_t key, unsigned int nr_streams)
{
	struct rb_config conf = {.subbuf_size = 8192,
				 .subbuf_count = 4,
				 .mode = RB_MODE_DISCARD,
				 .wakeup = RB_WAKEUP_NONE,
				 .nr_streams = nr_streams,
				 .header_kind = CTF_EVENT_HEADER_COMPACT,
				 .uuid = {1, 2, 3, 4},
				 .stream_id = 0};

	return fake_channel_setup_conf(app, session_id, key, &conf);
}

struct rb_channel *fake_channel_setup_conf(struct fake_app *app,
					   uint64_t session_id, uint64_t key,
					   const struct rb_config *conf)
{
	struct ust_channel_desc desc = {.session_id = session_id,
					.channel_key = key,
					.name = "channel0",
					.nr_streams = conf->nr_streams};
	struct rb_channel *chan;
	struct wire_buf buf;
	unsigned int i;

	assert_int_equal(rb_channel_create(conf, &chan), 0);
	wire_buf_init(&buf);
	ust_put_channel_desc(&buf, &desc);
	assert_int_equal(
		fake_command(app, UST_CMD_CHANNEL_CREATE, &buf, NULL, 0, NULL),
		0);
	wire_buf_fini(&buf);
	for (i = 0; i < conf->nr_streams; i++) {
		struct rb_stream_fds sfds = rb_channel_stream_fds(chan, i);
		int fds[2] = {sfds.shm_fd, sfds.wakeup_fd};

		wire_buf_init(&buf);
		ust_put_stream_add(&buf, key, i);
		assert_int_equal(fake_command(app, UST_CMD_STREAM_ADD, &buf,
					      fds, 2, NULL),
				 0);
		wire_buf_fini(&buf);
	}
	return chan;
}

int fake_rule(struct fake_app *app, uint64_t key, uint64_t rule_id,
	      const char *pattern)
{
	struct ust_rule_desc desc = {.channel_key = key, .rule_id = rule_id};
	struct wire_buf buf;
	int code;

	strncpy(desc.pattern, pattern, sizeof(desc.pattern) - 1);
	wire_buf_init(&buf);
	ust_put_rule_desc(&buf, &desc);
	code = fake_command(app, UST_CMD_RULE_CREATE, &buf, NULL, 0, NULL);
	wire_buf_fini(&buf);
	return code;
}

int64_t fake_event_id(struct fake_app *app, uint64_t key, const char *name)
{
	int64_t id = -1;
	int i;

	pthread_mutex_lock(&app->lock);
	i = event_index(app, key, name);
	if (i >= 0)
		id = app->ids[i];
	pthread_mutex_unlock(&app->lock);
	return id;
}

const struct ust_event_class *fake_event_class(struct fake_app *app,
					       const char *name)
{
	int i;

	for (i = 0; i < app->nr_events; i++)
		if (!strcmp(app->classes[i]->name, name))
			return app->classes[i];
	return NULL;
}

/* Parse one packet's records after its header. */
static int parse_packet(const struct rb_packet *p, uint32_t value_id,
			uint32_t other_id, struct fake_record *out, int max,
			int count)
{
	const uint8_t *data = p->data;
	size_t pos = CTF_PACKET_HEADER_LEN;
	struct fake_record r;

	while (pos < p->content_size) {
		memset(&r, 0, sizeof(r));
		r.id = data[pos] & 0x1f;
		if (r.id == CTF_COMPACT_ID_EXTENDED) {
			memcpy(&r.id, data + pos + 1, 4);
			pos += CTF_COMPACT_EXTENDED_HEADER_LEN;
		} else {
			pos += CTF_COMPACT_HEADER_LEN;
		}
		if (r.id == value_id) {
			memcpy(&r.n, data + pos, 4);
			memcpy(&r.v, data + pos + 4, 8);
			pos += 12;
		} else if (r.id == other_id) {
			size_t len = strlen((const char *)data + pos);

			strncpy(r.s, (const char *)data + pos, sizeof(r.s) - 1);
			pos += len + 1;
		} else {
			fail_msg("record of unknown event id %u", r.id);
		}
		assert_true(pos <= p->content_size);
		if (count < max)
			out[count] = r;
		count++;
	}
	return count;
}

int fake_read_records(struct rb_channel *chan, uint32_t value_id,
		      uint32_t other_id, struct fake_record *out, int max)
{
	struct rb_packet p;
	unsigned int i;
	int count = 0;

	rb_channel_switch(chan, fake_clock);
	for (i = 0; i < chan->nr_streams; i++) {
		while (rb_stream_get(&chan->streams[i], &p) == 0) {
			count = parse_packet(&p, value_id, other_id, out, max,
					     count);
			rb_stream_put(&chan->streams[i]);
		}
	}
	return count;
}

/* The class the app registered as `id` in channel key. */
static const struct ust_event_class *class_of(struct fake_app *app,
					      uint64_t key, uint32_t id)
{
	const struct ust_event_class *cls = NULL;
	int i;

	pthread_mutex_lock(&app->lock);
	for (i = 0; i < app->nr_events; i++)
		if (app->keys[i] == key && app->ids[i] == id)
			cls = app->classes[i];
	pthread_mutex_unlock(&app->lock);
	return cls;
}

static uint64_t read_uint(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;

	memcpy(&v, p, bytes); /* little-endian host */
	return v;
}

/* Element bytes of an array or sequence field into v. */
static size_t read_elements(const struct ust_field_class *f, const uint8_t *p,
			    size_t count, struct fake_value *v)
{
	size_t len = count * (f->integer.size / 8);

	v->count = count;
	memcpy(v->bytes, p, len < sizeof(v->bytes) ? len : sizeof(v->bytes));
	if (f->encoding != LTTNG_UST_STRING_ENCODING_NONE) {
		size_t n =
			len < sizeof(v->text) - 1 ? len : sizeof(v->text) - 1;

		memcpy(v->text, p, n);
		v->text[n] = '\0';
	}
	return len;
}

/* Decode one field at p; returns the bytes it takes. */
static size_t read_field(const struct ust_field_class *f, const uint8_t *p,
			 const struct fake_event *ev, struct fake_value *v)
{
	size_t len;
	int i;

	v->name = f->name;
	switch (f->kind) {
	case LTTNG_UST_TYPE_INTEGER:
	case LTTNG_UST_TYPE_ENUM:
		v->u = read_uint(p, f->integer.size / 8);
		return f->integer.size / 8;
	case LTTNG_UST_TYPE_FLOAT:
		return (f->flt.exp_dig + f->flt.mant_dig) / 8;
	case LTTNG_UST_TYPE_STRING:
		len = strlen((const char *)p);
		snprintf(v->text, sizeof(v->text), "%s", (const char *)p);
		return len + 1;
	case LTTNG_UST_TYPE_ARRAY:
		return read_elements(f, p, f->length, v);
	case LTTNG_UST_TYPE_SEQUENCE:
		for (i = 0; i < ev->nr_values; i++)
			if (!strcmp(ev->values[i].name, f->length_name))
				return read_elements(f, p, ev->values[i].u, v);
		fail_msg("sequence %s without its length", f->name);
	}
	return 0;
}

static size_t read_event(const struct ust_event_class *cls, const uint8_t *p,
			 struct fake_event *ev)
{
	size_t pos = 0;
	uint32_t i;

	memset(ev, 0, sizeof(*ev));
	ev->cls = cls;
	for (i = 0; i < cls->nr_fields; i++) {
		if (cls->fields[i].nowrite)
			continue;
		assert_true(ev->nr_values < FAKE_MAX_VALUES);
		pos += read_field(&cls->fields[i], p + pos, ev,
				  &ev->values[ev->nr_values]);
		ev->nr_values++;
	}
	return pos;
}

int fake_read_events(struct fake_app *app, uint64_t key,
		     struct rb_channel *chan, struct fake_event *out, int max)
{
	struct fake_event scratch;
	struct rb_packet p;
	unsigned int s;
	int count = 0;

	rb_channel_switch(chan, fake_clock);
	for (s = 0; s < chan->nr_streams; s++) {
		while (rb_stream_get(&chan->streams[s], &p) == 0) {
			const uint8_t *data = p.data;
			size_t pos = CTF_PACKET_HEADER_LEN;

			while (pos < p.content_size) {
				const struct ust_event_class *cls;
				uint32_t id = data[pos] & 0x1f;

				if (id == CTF_COMPACT_ID_EXTENDED) {
					memcpy(&id, data + pos + 1, 4);
					pos += CTF_COMPACT_EXTENDED_HEADER_LEN;
				} else {
					pos += CTF_COMPACT_HEADER_LEN;
				}
				cls = class_of(app, key, id);
				if (!cls)
					fail_msg("record of unknown id %u", id);
				pos += read_event(cls, data + pos,
						  count < max ? &out[count]
							      : &scratch);
				assert_true(pos <= p.content_size);
				count++;
			}
			rb_stream_put(&chan->streams[s]);
		}
	}
	return count;
}

const struct fake_value *fake_value_of(const struct fake_event *ev,
				       const char *name)
{
	int i;

	for (i = 0; i < ev->nr_values; i++)
		if (!strcmp(ev->values[i].name, name))
			return &ev->values[i];
	fail_msg("%s has no field %s", ev->cls->name, name);
	return NULL;
}
