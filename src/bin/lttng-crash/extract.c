/*
 * Implementation of extract.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctf/metadata-stream.h"
#include "extract.h"
#include "input-path.h"
#include "stream-extract.h"
#include "util/cleanup.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/paths.h"

/* What one directory of the tree holds. */
struct dir_walk {
	int fd; /* in_dir, open */
	const char *in_dir;
	const char *out_dir;
	struct extract_totals *totals;
	bool has_metadata;
	bool out_created;
	bool have_uuid;
	uint8_t uuid[CTF_UUID_LEN];
};

static int walk_dir(int fd, const char *in_dir, const char *out_dir,
		    struct extract_totals *totals);

static int make_out_dir(struct dir_walk *w)
{
	int ret;

	if (w->out_created)
		return 0;
	ret = output_dir_create(w->out_dir, geteuid(), getegid());
	if (ret) {
		ERR("Cannot create %s: %s", w->out_dir, strerror(-ret));
		return ret;
	}
	w->out_created = true;
	return 0;
}

static void extract_stream(struct dir_walk *w, const char *name, int in_fd)
{
	char in[PATH_MAX], out[PATH_MAX];
	struct stream_extract_result r;

	if (paths_join(in, sizeof(in), w->in_dir, name) ||
	    paths_join(out, sizeof(out), w->out_dir, name) || make_out_dir(w)) {
		w->totals->errors++;
		return;
	}
	if (stream_extract(in_fd, in, out, &r)) {
		w->totals->errors++;
		return;
	}
	DBG("%s: %llu packets, %llu repaired", in,
	    (unsigned long long)r.packets, (unsigned long long)r.repaired);
	/*
	 * What a producer was writing when it died (or what a committer
	 * could not prove committed) is left out of the trace, which then
	 * parses; its events are in the packets' events_discarded.
	 */
	if (r.bytes_dropped)
		WARN("%s: dropped %llu bytes not proven committed in %llu "
		     "packet%s (%llu events counted as discarded)",
		     in, (unsigned long long)r.bytes_dropped,
		     (unsigned long long)r.repaired, r.repaired == 1 ? "" : "s",
		     (unsigned long long)r.events_discarded);
	w->totals->streams++;
	if (!w->have_uuid) {
		memcpy(w->uuid, r.uuid, sizeof(w->uuid));
		w->have_uuid = true;
	}
}

/*
 * Opens a regular file of the walked directory, never following a link
 * nor blocking on a FIFO swapped in since it was listed: its descriptor
 * or -errno.
 */
static int open_regular(const struct dir_walk *w, const char *name)
{
	int fd = openat(w->fd, name,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/* The whole text of the file `name` of the walked directory. */
static int read_text(const struct dir_walk *w, const char *name, char **text,
		     size_t *len)
{
	_cleanup_close_ int fd = open_regular(w, name);
	_cleanup_free_ char *buf = NULL;
	struct stat st;
	size_t done = 0;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st))
		return -errno;
	buf = malloc((size_t)st.st_size + 1);
	if (!buf)
		return -ENOMEM;
	while (done < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + done, (size_t)st.st_size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
	}
	*text = steal_ptr(&buf);
	*len = done;
	return 0;
}

/*
 * The trace's metadata: the TSDL text kept by the consumer daemon,
 * written as metadata packets carrying the streams' uuid. 0 or -errno,
 * having said what failed.
 */
static int write_metadata(struct dir_walk *w)
{
	char in[PATH_MAX], out[PATH_MAX];
	_cleanup_free_ char *text = NULL;
	_cleanup_close_ int fd = -1;
	struct ctf_error err;
	size_t len = 0;
	int ret;

	if (paths_join(in, sizeof(in), w->in_dir, "metadata") ||
	    paths_join(out, sizeof(out), w->out_dir, "metadata"))
		return -ENAMETOOLONG;
	ret = make_out_dir(w);
	if (ret)
		return ret;
	ret = read_text(w, "metadata", &text, &len);
	if (ret) {
		ERR("Cannot read %s: %s", in, strerror(-ret));
		return ret;
	}
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0660);
	if (fd < 0) {
		ret = -errno;
		ERR("Cannot create %s: %s", out, strerror(errno));
		return ret;
	}
	ret = ctf_metadata_stream_write(fd, w->uuid, text, len, &err);
	if (ret)
		ERR("%s: %s", out, err.message);
	return ret;
}

static void extract_metadata(struct dir_walk *w)
{
	if (write_metadata(w))
		w->totals->errors++;
}

static int visit_entry(struct dir_walk *w, const struct dirent *e)
{
	char in[PATH_MAX], out[PATH_MAX];
	struct stat st;
	int fd;

	if (paths_join(in, sizeof(in), w->in_dir, e->d_name) ||
	    fstatat(w->fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		if (paths_join(out, sizeof(out), w->out_dir, e->d_name))
			return -ENAMETOOLONG;
		fd = openat(w->fd, e->d_name,
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		/* As LTTng: reported, then the walk goes on. */
		if (walk_dir(fd < 0 ? -errno : fd, in, out, w->totals))
			w->totals->errors++;
		return 0;
	}
	if (S_ISLNK(st.st_mode))
		return 0;
	/* FIFOs, sockets and devices: as LTTng, a failed extraction. */
	if (!S_ISREG(st.st_mode)) {
		DBG("%s is not a regular file", in);
		w->totals->errors++;
		return 0;
	}
	if (!strcmp(e->d_name, "metadata")) {
		w->has_metadata = true;
		return 0;
	}
	fd = open_regular(w, e->d_name);
	if (fd >= 0 && stream_file_is_ring_buffer(fd))
		extract_stream(w, e->d_name, fd);
	else
		DBG("Skipping %s: not a ring buffer", in);
	if (fd >= 0)
		close(fd);
	return 0;
}

/*
 * Walks the directory open as fd (or -errno when it could not be
 * opened, reported here) whose path is in_dir.
 */
static int walk_dir(int fd, const char *in_dir, const char *out_dir,
		    struct extract_totals *totals)
{
	struct dir_walk w = {.fd = fd,
			     .in_dir = in_dir,
			     .out_dir = out_dir,
			     .totals = totals};
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;
	int ret = 0;

	if (!d) {
		if (fd >= 0) {
			ret = -errno;
			close(fd);
		} else {
			ret = fd;
		}
		errno = -ret;
		log_perror("lttng-crash.c", "extract_trace_recursive", 983,
			   "Cannot open '%s' path", in_dir);
		return ret;
	}
	while (!ret && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			ret = visit_entry(&w, e);
	if (!ret && w.has_metadata && w.have_uuid) {
		extract_metadata(&w);
		totals->traces++;
	} else if (!ret && w.has_metadata) {
		WARN("%s: a metadata file but no stream to recover", in_dir);
	}
	closedir(d);
	return ret;
}

int extract_traces(const char *shm_dir, const char *out_dir,
		   struct extract_totals *totals)
{
	memset(totals, 0, sizeof(*totals));
	return walk_dir(crash_open_input_dir(shm_dir), shm_dir, out_dir,
			totals);
}
