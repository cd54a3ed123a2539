/*
 * The snapshot output of a recording session (LTTng 2.13 keeps at most
 * one): where `lttng snapshot record` writes, parsed from the URL(s) a
 * client gives (an absolute path, file://PATH, or a network URL for a
 * relay daemon), with its id, name and maximum size. Also the session's
 * snapshot bookkeeping (next output id, number of snapshots taken).
 * Used by cmd-snapshot.c and session.c (the automatic output of
 * `lttng create --snapshot`).
 */
#ifndef SESSIOND_SNAPSHOT_OUTPUT_H
#define SESSIOND_SNAPSHOT_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include <lttng/constant.h>

#include "sessiond-comm/snapshot-codec.h"

struct snapshot_output {
	uint32_t id;
	uint64_t max_size; /* bytes; 0 or LSC_SNAPSHOT_MAX_SIZE_UNSET: none */
	char name[LTTNG_NAME_MAX];
	bool local;
	char path[LTTNG_PATH_MAX]; /* local: the directory */
	/* network: "tcp4://HOST:PORT/[PATH]" as listed, host and ports */
	char ctrl_url[LTTNG_PATH_MAX];
	char data_url[LTTNG_PATH_MAX];
	char host[256];
	uint16_t ctrl_port;
	uint16_t data_port;
};

struct session_snapshot {
	struct snapshot_output *output; /* NULL: none */
	uint32_t next_output_id;	/* from 1 */
	uint64_t record_count;		/* successful records: the N of names */
};

/*
 * Parses ctrl_url (and data_url, for tcp:// pairs) into out. A ctrl_url
 * without data_url may be a path, file://PATH or net[6]://HOST[:C[:D]].
 * Returns LTTNG_OK or LTTNG_ERR_INVALID.
 */
int snapshot_output_parse(const char *ctrl_url, const char *data_url,
			  struct snapshot_output *out);

/*
 * Adds the session's output with the next id, named name or
 * "snapshot-<id>". Returns LTTNG_OK, LTTNG_ERR_SNAPSHOT_OUTPUT_EXIST,
 * LTTNG_ERR_INVALID (bad URL) or LTTNG_ERR_NOMEM; *id_out gets the id.
 */
int session_snapshot_add_output(struct session_snapshot *snap,
				const struct lsc_snapshot_output *req,
				uint32_t *id_out);

/* Removes the output with req's id (or, id 0, req's name). */
int session_snapshot_del_output(struct session_snapshot *snap,
				const struct lsc_snapshot_output *req);

/* The protocol form of an output, as list-output shows it. */
void snapshot_output_describe(const struct snapshot_output *output,
			      struct lsc_snapshot_output *out);

void session_snapshot_fini(struct session_snapshot *snap);

/*
 * Connects to a network output's control port and closes the
 * connection: LTTNG_OK if something accepted it, else
 * LTTNG_ERR_RELAYD_CONNECT_FAIL (LTTng's error without lttng-relayd).
 */
int snapshot_output_connect_relayd(const struct snapshot_output *out);

#endif /* SESSIOND_SNAPSHOT_OUTPUT_H */
