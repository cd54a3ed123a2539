/*
 * The objects of the client <-> session daemon protocol and their
 * encoding on top of buffer.h: command targets, sessions, channels,
 * recording event rules and context fields. Every decoder checks ranges
 * and lengths, so the daemon only ever sees well-formed values.
 * Shared by liblttng-ctl (encode requests, decode replies) and
 * lttng-sessiond (the reverse).
 */
#ifndef SESSIOND_COMM_CODEC_H
#define SESSIOND_COMM_CODEC_H

#include <stdint.h>

#include <lttng/channel.h>
#include <lttng/constant.h>

#include "wire-codec/wire-codec.h"

#define LSC_MAX_FILTER_LEN 65536
#define LSC_MAX_FILTER_BYTECODE 65536 /* FILTER_BYTECODE_MAX_LEN */
#define LSC_MAX_PROBE_LOCATION_LEN 4096
#define LSC_MAX_EXCLUSIONS 1024

/* The session, domain and channel a command applies to. */
struct lsc_target {
	char session[LTTNG_NAME_MAX];
	int32_t domain;			     /* enum lttng_domain_type */
	int32_t buffer_type;		     /* enum lttng_buffer_type */
	char channel[LTTNG_SYMBOL_NAME_LEN]; /* "": default or all */
};

enum lsc_output_kind {
	LSC_OUTPUT_NONE = 0,
	LSC_OUTPUT_DEFAULT = 1, /* $LTTNG_HOME/lttng-traces/NAME-DATE */
	LSC_OUTPUT_PATH = 2,
	LSC_OUTPUT_NETWORK = 3, /* path: the control URL; data_url */
};

struct lsc_create_session {
	char name[LTTNG_NAME_MAX]; /* "": the daemon picks auto-DATE */
	uint32_t snapshot;
	uint32_t output;	   /* enum lsc_output_kind */
	char path[LTTNG_PATH_MAX]; /* Absolute; LSC_OUTPUT_PATH only. */
	char data_url[LTTNG_PATH_MAX]; /* LSC_OUTPUT_NETWORK: "" or a URL */
};

/* A session as listed (and as the reply to a creation). */
struct lsc_session {
	char name[LTTNG_NAME_MAX];
	char path[LTTNG_PATH_MAX];	    /* "" when none or snapshot-only */
	char snapshot_path[LTTNG_PATH_MAX]; /* snapshot sessions */
	uint32_t enabled;
	uint32_t snapshot;
	uint64_t creation_time; /* seconds since the epoch */
};

/* Channel attributes LTTng keeps outside struct lttng_channel_attr. */
struct lsc_channel_extended {
	uint64_t discarded_events;
	uint64_t lost_packets;
	uint64_t monitor_timer_interval;
	int64_t blocking_timeout;
};

struct lsc_channel {
	struct lttng_channel chan; /* attr.extended is not transmitted */
	struct lsc_channel_extended ext;
};

struct lsc_event {
	char name[LTTNG_SYMBOL_NAME_LEN];
	int32_t type; /* enum lttng_event_type */
	int32_t loglevel_type;
	int32_t loglevel;
	int32_t enabled;
	int32_t pid;
	char *filter; /* malloc'd expression, NULL when none */
	/* The filter compiled by the client (filter/bytecode.h), malloc'd;
	 * present exactly when filter is (0 and NULL otherwise). */
	uint32_t bytecode_len;
	uint8_t *bytecode;
	uint32_t exclusion_count;
	char (*exclusions)[LTTNG_SYMBOL_NAME_LEN]; /* malloc'd */
	/*
	 * Kernel probes: "elf:PATH:SYMBOL" or "sdt:PATH:PROVIDER:NAME"
	 * (--userspace-probe), "SYMBOL[+OFFSET]" or "0xADDR" (--probe,
	 * --function); malloc'd, NULL when none.
	 */
	char *probe_location;
};

struct lsc_context {
	int32_t type; /* enum lttng_event_context_type */
	uint32_t perf_type;
	uint64_t perf_config;
	char perf_name[LTTNG_SYMBOL_NAME_LEN];
	char app_provider[LTTNG_SYMBOL_NAME_LEN];
	char app_name[LTTNG_SYMBOL_NAME_LEN];
};

struct lsc_domain {
	int32_t type;
	int32_t buffer_type;
};

/*
 * Encoders append to buf (errors accumulate in buf->error). Decoders
 * return 0, -EBADMSG (truncated or out of range), -EMSGSIZE (string
 * too long) or -ENOMEM; on failure the output holds nothing to free.
 */
void lsc_put_target(struct wire_buf *buf, const struct lsc_target *target);
int lsc_get_target(struct wire_cursor *cur, struct lsc_target *target);

void lsc_put_create_session(struct wire_buf *buf,
			    const struct lsc_create_session *create);
int lsc_get_create_session(struct wire_cursor *cur,
			   struct lsc_create_session *create);

void lsc_put_session(struct wire_buf *buf, const struct lsc_session *session);
int lsc_get_session(struct wire_cursor *cur, struct lsc_session *session);

void lsc_put_channel(struct wire_buf *buf, const struct lsc_channel *channel);
int lsc_get_channel(struct wire_cursor *cur, struct lsc_channel *channel);

void lsc_put_event(struct wire_buf *buf, const struct lsc_event *event);
int lsc_get_event(struct wire_cursor *cur, struct lsc_event *event);
/* Free what lsc_get_event() allocated and clear the pointers. */
void lsc_event_fini(struct lsc_event *event);

void lsc_put_context(struct wire_buf *buf, const struct lsc_context *context);
int lsc_get_context(struct wire_cursor *cur, struct lsc_context *context);

void lsc_put_domain(struct wire_buf *buf, const struct lsc_domain *domain);
int lsc_get_domain(struct wire_cursor *cur, struct lsc_domain *domain);

/* Element counts of list replies: at most max elements are accepted. */
int lsc_get_count(struct wire_cursor *cur, uint32_t max, uint32_t *count);

#endif /* SESSIOND_COMM_CODEC_H */
