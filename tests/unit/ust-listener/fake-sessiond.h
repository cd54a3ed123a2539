/*
 * A fake session daemon for the listener tests: listens on
 * <rundir>/apps-lttng-sessiond like lttng-sessiond, accepts an
 * application's command and notify sockets, answers its event
 * registrations from a thread (ids counted per channel, optionally
 * refusing one event name), and sends commands with the real protocol
 * codecs. Channels are made with rb_channel_create as the consumer
 * daemon makes them, and read back with the consumer API.
 */
#ifndef FAKE_SESSIOND_H
#define FAKE_SESSIOND_H

#include <pthread.h>
#include <stdint.h>

#include "ringbuffer/ringbuffer.h"
#include "ust-comm/codec.h"
#include "ust-comm/event-class.h"
#include "ust-comm/message.h"

#define FAKE_MAX_EVENTS 16

struct fake_app {
	int cmd_fd;
	int notify_fd;
	struct ust_register reg;
	pthread_t notify_thread;
	pthread_mutex_t lock;
	char refuse[UST_NAME_MAX]; /* event refused with -EEXIST, "" none */
	uint32_t first_id;	   /* ids given: first_id, first_id + 1... */
	int nr_events;
	uint64_t keys[FAKE_MAX_EVENTS];
	uint32_t ids[FAKE_MAX_EVENTS];
	struct ust_event_class *classes[FAKE_MAX_EVENTS];
	int notify_requests;
};

/* Listen on rundir's apps socket; returns the listening fd or -errno. */
int fake_sessiond_listen(const char *rundir);

/*
 * Accept one application (its two sockets, in any order) within
 * timeout_ms, check the registrations and SO_PEERCRED, and start
 * serving its notify socket. 0 or a negative errno.
 */
int fake_accept_app(int listen_fd, struct fake_app *app, int timeout_ms);

/* Close the app's sockets and join its notify thread. */
void fake_app_close(struct fake_app *app);

/*
 * Send a command and wait for its reply (within 5 s). Returns the reply
 * code; transport failures fail the test. reply may be NULL.
 */
int fake_command(struct fake_app *app, uint32_t command,
		 const struct wire_buf *payload, const int *fds,
		 unsigned int nr_fds, struct ust_message *reply);

/* A command whose payload is one id. */
int fake_command_id(struct fake_app *app, uint32_t command, uint64_t id);

/* Create a channel of nr_streams streams and send it with its streams. */
struct rb_channel *fake_channel_setup(struct fake_app *app, uint64_t session_id,
				      uint64_t key, unsigned int nr_streams);

/* The same with a given ring buffer configuration. */
struct rb_channel *fake_channel_setup_conf(struct fake_app *app,
					   uint64_t session_id, uint64_t key,
					   const struct rb_config *conf);

/* Create an enabled rule matching pattern in the channel. */
int fake_rule(struct fake_app *app, uint64_t key, uint64_t rule_id,
	      const char *pattern);

/* The id given to event `name` in channel key, or -1 if none. */
int64_t fake_event_id(struct fake_app *app, uint64_t key, const char *name);

/* Its decoded class (owned by app), or NULL. */
const struct ust_event_class *fake_event_class(struct fake_app *app,
					       const char *name);

/* One record of the test provider read back from a channel. */
struct fake_record {
	uint32_t id;
	uint32_t n; /* value: n */
	int64_t v;  /* value: v */
	char s[32]; /* other: s */
};

/*
 * Switch every stream and parse every packet: the records of events
 * value_id (u32 n, s64 v) and other_id (string). Returns the count
 * (records beyond max are counted, not stored); an unknown id fails.
 */
int fake_read_records(struct rb_channel *chan, uint32_t value_id,
		      uint32_t other_id, struct fake_record *out, int max);

/* One field of a record decoded from its event class. */
struct fake_value {
	const char *name;
	uint64_t u;	   /* integers (zero-extended) */
	char text[1024];   /* strings; arrays and sequences of text */
	uint8_t bytes[64]; /* arrays and sequences: the first elements */
	size_t count;	   /* their element count */
};

#define FAKE_MAX_VALUES 8

/* A record decoded with the event classes the app registered. */
struct fake_event {
	const struct ust_event_class *cls;
	int nr_values;
	struct fake_value values[FAKE_MAX_VALUES];
};

/*
 * Switch and parse every packet of a channel registered under `key`,
 * decoding each record with its event class (byte-packed integers,
 * strings, arrays, sequences). Returns the count (beyond max: counted
 * only); an unknown id fails the test.
 */
int fake_read_events(struct fake_app *app, uint64_t key,
		     struct rb_channel *chan, struct fake_event *out, int max);

/* The value of field `name` in ev (fails the test when absent). */
const struct fake_value *fake_value_of(const struct fake_event *ev,
				       const char *name);

uint64_t fake_clock(void);

#endif /* FAKE_SESSIOND_H */
