/*
 * The buffers of the user space domain of a session: one buffer set per
 * uid (per-user buffers) or per app (per-process buffers), each a trace
 * of its own (ust/uid/<uid>/<bitness>-bit or ust/pid/<app>) with its
 * directory in the current trace chunk, its metadata registry and, for
 * each channel of the session, the consumer channel whose buffers the
 * apps write into. A session's sets hang off session->ust_buffers.
 * Everything here runs with the session lock held.
 */
#ifndef SESSIOND_UST_BUFFER_SET_H
#define SESSIOND_UST_BUFFER_SET_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "ctf/metadata.h"

struct channel;
struct session;
struct ust_app;
struct ust_registry;

/* A channel of a session as one buffer set holds it. */
struct ust_buffer_channel {
	const struct channel *chan; /* the session's channel */
	uint64_t key;
	uint32_t nr_streams;
	int *fds; /* 2 per stream (shm, wakeup), sent to each app */
	struct ust_buffer_channel *next;
};

/* The buffers of one uid (per-user) or one app (per-process). */
struct ust_buffer_set {
	const struct session *session; /* whose chunks its files are in */
	bool per_pid;
	uid_t uid;	 /* the apps' */
	uid_t owner_uid; /* the session creator's: owns the files */
	gid_t owner_gid;
	const struct ust_app *app; /* per-pid: NULL once the app is freed */
	char dir[PATH_MAX];	   /* "": buffers kept for snapshots only */
	char rel_dir[PATH_MAX];	   /* ust/uid/<uid>/64-bit or ust/pid/<app>,
				      within the trace chunk */
	char shm_dir[PATH_MAX];	   /* --shm-path: <shm path>/<rel_dir>, or "" */
	uint64_t metadata_key;
	uint8_t uuid[CTF_UUID_LEN];
	struct ust_registry *registry;
	struct ust_buffer_channel *channels;
	pid_t consumer_pid; /* the consumer daemon that holds the buffers */
	struct ust_buffer_set *next;
};

/* The set app records into for session s, or NULL. */
struct ust_buffer_set *ust_buffer_set_find(const struct session *s,
					   const struct ust_app *app);

/*
 * Creates the set app records into for session s (per-process or
 * per-user as the session's channels are): its directory names, its
 * registry; starts the consumer if needed and announces the session's
 * current trace chunk to it. NULL on error (logged).
 */
struct ust_buffer_set *ust_buffer_set_create(struct session *s,
					     const struct ust_app *app);

/*
 * The set's consumer channel for chan, created with its stream class
 * in the registry on first use. NULL on error (logged, -errno in *err).
 */
struct ust_buffer_channel *
ust_buffer_set_get_channel(struct ust_buffer_set *set,
			   const struct channel *chan, int *err);

/*
 * Has the consumer flush every buffer of the set, or recover them when
 * no process writes into them any more. 0, or the consumer's last
 * error (logged; -EIO: the disk refused data).
 */
int ust_buffer_set_flush(const struct ust_buffer_set *set);

/*
 * Writes the set's packets (at most max_packets per stream, the newest;
 * 0: all) and then its metadata into <rel_dir> of the snapshot's chunk
 * chunk_id (announced to the consumer). 0 or -errno (logged).
 */
int ust_buffer_set_snapshot(const struct session *session,
			    const struct ust_buffer_set *set, uint64_t chunk_id,
			    uint64_t max_packets);

/*
 * Ends the set's current trace chunk (flags: CONSUMER_ROTATE_*) and
 * continues in chunk chunk_id, rooted at chunk_path
 * (CONSUMER_CHUNK_NONE, NULL: no files until the next call). 0 or the
 * last -errno (logged).
 */
int ust_buffer_set_rotate(struct ust_buffer_set *set, uint64_t chunk_id,
			  const char *chunk_path, uint32_t flags);

/*
 * Releases the set's consumer channels, registry and shm directories.
 * 0, or -EIO when the consumer could not write all of the set's data.
 */
int ust_buffer_set_destroy(struct ust_buffer_set *set);

/*
 * An app is being freed: its per-process sets, in every session, are
 * written out and released.
 */
void ust_buffer_sets_forget_app(const struct ust_app *app);

#endif /* SESSIOND_UST_BUFFER_SET_H */
