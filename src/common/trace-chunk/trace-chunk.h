/*
 * A trace chunk: one self-contained trace on disk, its root directory,
 * the tree under it (ust/uid/<uid>/64-bit/, ust/pid/<app>/, kernel/, each
 * with index/) and the files opened in it, all created, opened, renamed
 * and removed with the credentials of the trace's owner
 * (util/user-path.h). The session daemon names chunks, announces them
 * to the consumers (consumer-protocol.h, CONSUMER_CMD_CHUNK_*) and, as
 * their owner, archives or removes them when they end (rotation.c,
 * trace_chunk_close); the consumer daemon holds the chunks it is told
 * of (chunk-registry.h) and opens the files of both domains in them
 * through a file sink (file-sink.h); the relay daemon will keep the
 * same chunks on its side: one object, three users.
 *
 * A session's chunks, as LTTng lays them out:
 *
 *   <output>/                          chunk 0 (never rotated): the root
 *   <output>/<BEGIN>-<ID>/             a chunk after the first rotation
 *   <output>/archives/<BEGIN>-<END>-<ID>/    an archived chunk
 *
 * with BEGIN and END as YYYYmmddTHHMMSS+hhmm, local time. Chunk 0
 * shares its root with the session's output: archiving it moves its
 * domain directories (ust/, kernel/) only; a later chunk moves whole.
 *
 * The relay daemon's side: a chunk is created from the same description
 * (output = <relay output>/<host>/<session>, id, begin) when the peer
 * consumer announces it, and the file sink opened on it writes what the
 * network sink sends (stream-sink.h). Nothing here knows where the
 * packets come from.
 *
 * Chunks are reference counted (trace_chunk_get/put): every file sink
 * on a chunk holds a reference. The count is atomic; the rest of a chunk
 * never changes after creation.
 */
#ifndef TRACE_CHUNK_H
#define TRACE_CHUNK_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "ctf/error.h"
#include "util/time-format.h"
#include "util/user-path.h"

/* "20231114T221320+0000" */
#define TRACE_CHUNK_DATE_LEN TIME_FORMAT_ISO8601_LEN
/* The domain directories of a chunk, as LTTng names them. */
#define TRACE_CHUNK_UST_DIR "ust"
#define TRACE_CHUNK_KERNEL_DIR "kernel"

/* Where a chunk of a session's sequence lives. */
struct trace_chunk_desc {
	const char *output; /* the session's output directory */
	uint64_t id;	    /* counts every chunk, cleared ones too */
	time_t begin;
	bool in_subdir; /* root: <output>/<BEGIN>-<ID>, else <output> */
	struct user_creds owner;
};

struct trace_chunk {
	char root[PATH_MAX];
	char output[PATH_MAX]; /* "" for a chunk known by its root only */
	uint64_t id;
	time_t begin;
	bool in_subdir;
	struct user_creds owner;
	unsigned int refs;
};

/*
 * A chunk of a session's sequence (its root is computed, not created).
 * NULL with err set (-ENAMETOOLONG, -ENOMEM).
 */
struct trace_chunk *trace_chunk_create(const struct trace_chunk_desc *desc,
				       struct ctf_error *err);
/*
 * A chunk known only by its root directory (a private directory, a
 * tool's output): never archived.
 */
struct trace_chunk *trace_chunk_create_at(const char *root,
					  const struct user_creds *owner,
					  struct ctf_error *err);
struct trace_chunk *trace_chunk_get(struct trace_chunk *chunk);
/* Drops a reference; the last one frees the chunk (never its files). */
void trace_chunk_put(struct trace_chunk *chunk);

/*
 * <root>/<rel> into buf ("" or NULL rel: the root). 0 or -ENAMETOOLONG
 * with err set.
 */
int trace_chunk_path(const struct trace_chunk *chunk, const char *rel,
		     char *buf, size_t len, struct ctf_error *err);
/* mkdir -p <root>/<rel> as the owner. 0 or -errno with err set. */
int trace_chunk_mkdir(const struct trace_chunk *chunk, const char *rel,
		      struct ctf_error *err);
/*
 * Creates (truncates) <root>/<rel> for writing, mode 0660, as the owner;
 * extra_flags adds to O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC. The
 * descriptor, or -errno with err set.
 */
int trace_chunk_create_file(const struct trace_chunk *chunk, const char *rel,
			    int extra_flags, struct ctf_error *err);
/* Removes <root>/<rel> as the owner; a missing file is no error. */
int trace_chunk_unlink_file(const struct trace_chunk *chunk, const char *rel,
			    struct ctf_error *err);

/* "<BEGIN>-<ID>": the directory of a chunk after the first rotation. */
int trace_chunk_dir_name(time_t begin, uint64_t id, char *buf, size_t len);
/* "<BEGIN>-<END>-<ID>": the directory of an archived chunk. */
int trace_chunk_archive_name(time_t begin, time_t end, uint64_t id, char *buf,
			     size_t len);

/*
 * Rotation's end of a chunk: moves it to
 * <output>/archives/<BEGIN>-<END>-<ID> (created empty when the chunk
 * has no files), whose path goes to archive. Only
 * for a chunk of a session's sequence. 0 or -errno with err set.
 */
int trace_chunk_archive(const struct trace_chunk *chunk, time_t end,
			char *archive, size_t len, struct ctf_error *err);
/*
 * Clear's end of a chunk: deletes its files (its domain directories for
 * chunk 0, its whole root otherwise). Files that cannot be removed are
 * left and counted; 0 or the first -errno with err set.
 */
int trace_chunk_remove(const struct trace_chunk *chunk, struct ctf_error *err);

/*
 * What becomes of a chunk's files once it is closed, as LTTng's close
 * commands (the consumer protocol carries it, consumer-protocol.h).
 */
enum trace_chunk_close_command {
	TRACE_CHUNK_CLOSE_NONE = 0,    /* they stay where they are */
	TRACE_CHUNK_CLOSE_ARCHIVE = 1, /* a rotation's: trace_chunk_archive */
	TRACE_CHUNK_CLOSE_REMOVE = 2,  /* a clear's: trace_chunk_remove */
};
#define TRACE_CHUNK_CLOSE_MAX TRACE_CHUNK_CLOSE_REMOVE

/*
 * Performs a close command on an ended chunk. Only the chunk's owner
 * does (as LTTng's chunks in owner mode): the session daemon for a
 * local trace, which both domains' consumers write into, and the relay
 * daemon for its side of a streamed one; a consumer only lets its chunk
 * go. archive (len bytes) receives the archive's path for
 * TRACE_CHUNK_CLOSE_ARCHIVE, "" otherwise. 0 or -errno with err set.
 */
int trace_chunk_close(const struct trace_chunk *chunk,
		      enum trace_chunk_close_command command, time_t end,
		      char *archive, size_t len, struct ctf_error *err);

#endif /* TRACE_CHUNK_H */
