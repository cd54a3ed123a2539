/*
 * The metadata of a --shm-path session as lttng-crash finds it:
 * <shm_dir>/metadata holds the whole TSDL text pushed so far, written
 * as soon as it is pushed (no packets), so that it survives a crash of
 * the daemons next to the buffer files. Removed when the trace's
 * metadata is destroyed.
 */
#ifndef CONSUMERD_SHM_METADATA_H
#define CONSUMERD_SHM_METADATA_H

#include <stddef.h>
#include <sys/types.h>

#include "consumer-comm/consumer-protocol.h"
#include "util/user-path.h"

struct shm_metadata {
	int fd; /* -1: the session has no shm path */
	char path[CONSUMER_PATH_MAX + 16];
	struct user_creds owner; /* creates and removes it (user-path.h) */
};

/* Creates shm_dir/metadata (shm_dir "" : none). 0 or -errno (logged). */
int shm_metadata_open(struct shm_metadata *m, const char *shm_dir, uid_t uid,
		      gid_t gid);
/* Appends text. 0 or -errno (logged). */
int shm_metadata_append(struct shm_metadata *m, const char *text, size_t len);
/* Replaces the whole text (lttng regenerate metadata). */
int shm_metadata_rewrite(struct shm_metadata *m, const char *text, size_t len);
/* Closes and removes the file. */
void shm_metadata_remove(struct shm_metadata *m);

#endif /* CONSUMERD_SHM_METADATA_H */
