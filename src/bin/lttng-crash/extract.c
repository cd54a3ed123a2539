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
#include "perror.h"
#include "stream-extract.h"
#include "util/log.h"
#include "util/output-dir.h"

/* What one directory of the tree holds. */
struct dir_walk {
	const char *in_dir;
	const char *out_dir;
	struct extract_totals *totals;
	bool has_metadata;
	bool out_created;
	bool have_uuid;
	uint8_t uuid[CTF_UUID_LEN];
};

static int walk_dir(const char *in_dir, const char *out_dir,
		    struct extract_totals *totals);

static int join(char *buf, size_t size, const char *dir, const char *name)
{
	int n = snprintf(buf, size, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

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

static void extract_stream(struct dir_walk *w, const char *name)
{
	char in[PATH_MAX], out[PATH_MAX];
	struct stream_extract_result r;

	if (join(in, sizeof(in), w->in_dir, name) ||
	    join(out, sizeof(out), w->out_dir, name) || make_out_dir(w)) {
		w->totals->errors++;
		return;
	}
	if (stream_extract(in, out, &r)) {
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

/* The whole text of a file in *text (malloc'd) and *len. */
static int read_text(const char *path, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;
	struct stat st;
	size_t done = 0;
	char *buf = NULL;

	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		goto end;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		ret = -ENOMEM;
		goto end;
	}
	while (done < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + done, (size_t)st.st_size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			goto end;
		}
		done += (size_t)n;
	}
	*text = buf;
	*len = done;
	buf = NULL;
end:
	free(buf);
	if (fd >= 0)
		close(fd);
	return ret;
}

/*
 * The trace's metadata: the TSDL text kept by the consumer daemon,
 * written as metadata packets carrying the streams' uuid.
 */
static void extract_metadata(struct dir_walk *w)
{
	char in[PATH_MAX], out[PATH_MAX];
	struct ctf_error err;
	size_t len = 0;
	char *text = NULL;
	int fd, ret;

	if (join(in, sizeof(in), w->in_dir, "metadata") ||
	    join(out, sizeof(out), w->out_dir, "metadata") || make_out_dir(w))
		goto fail;
	ret = read_text(in, &text, &len);
	if (ret) {
		ERR("Cannot read %s: %s", in, strerror(-ret));
		goto fail;
	}
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0660);
	if (fd < 0) {
		ERR("Cannot create %s: %s", out, strerror(errno));
		free(text);
		goto fail;
	}
	ret = ctf_metadata_stream_write(fd, w->uuid, text, len, &err);
	if (ret)
		ERR("%s: %s", out, err.message);
	close(fd);
	free(text);
	if (!ret)
		return;
fail:
	w->totals->errors++;
}

static int visit_entry(struct dir_walk *w, const struct dirent *e)
{
	char in[PATH_MAX], out[PATH_MAX];
	struct stat st;

	if (join(in, sizeof(in), w->in_dir, e->d_name) || lstat(in, &st))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		if (join(out, sizeof(out), w->out_dir, e->d_name))
			return -ENAMETOOLONG;
		return walk_dir(in, out, w->totals);
	}
	if (!S_ISREG(st.st_mode))
		return 0;
	if (!strcmp(e->d_name, "metadata"))
		w->has_metadata = true;
	else if (stream_file_is_ring_buffer(in))
		extract_stream(w, e->d_name);
	else
		DBG("Skipping %s: not a ring buffer", in);
	return 0;
}

static int walk_dir(const char *in_dir, const char *out_dir,
		    struct extract_totals *totals)
{
	struct dir_walk w = {
		.in_dir = in_dir, .out_dir = out_dir, .totals = totals};
	DIR *d = opendir(in_dir);
	struct dirent *e;
	int ret = 0;

	if (!d) {
		ret = -errno;
		crash_perror("lttng-crash.c", "extract_trace_recursive", 983,
			     "Cannot open '%s' path", in_dir);
		return ret;
	}
	while (!ret && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			ret = visit_entry(&w, e);
	closedir(d);
	if (!ret && w.has_metadata && w.have_uuid) {
		extract_metadata(&w);
		totals->traces++;
	} else if (!ret && w.has_metadata) {
		WARN("%s: a metadata file but no stream to recover", in_dir);
	}
	return ret;
}

int extract_traces(const char *shm_dir, const char *out_dir,
		   struct extract_totals *totals)
{
	memset(totals, 0, sizeof(*totals));
	return walk_dir(shm_dir, out_dir, totals);
}
