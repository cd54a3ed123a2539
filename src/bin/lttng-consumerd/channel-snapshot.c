/*
 * Implementation of channel-snapshot.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "channel-snapshot.h"
#include "ctf/io.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/user-path.h"

/* The snapshot file of one stream while its packets are written. */
struct snapshot_file {
	int fd;
	const char *path;
	int error; /* -errno of the first failed write */
};

static int write_packet(const struct rb_packet *p, void *arg)
{
	struct snapshot_file *file = arg;
	struct ctf_error err;
	int ret = ctf_write_all(file->fd, p->data, p->packet_size, file->path,
				&err);

	if (ret) {
		ERR("Cannot write the snapshot file %s: %s", file->path,
		    err.message);
		file->error = ret;
		return 1; /* stops the snapshot of this stream */
	}
	return 0;
}

static int create_dirs(const struct consumer_snapshot_desc *d)
{
	char index_dir[CONSUMER_PATH_MAX + 8];
	int ret =
		output_dir_create(d->output_dir, d->output_uid, d->output_gid);

	if (!ret) {
		snprintf(index_dir, sizeof(index_dir), "%s/index",
			 d->output_dir);
		ret = output_dir_create(index_dir, d->output_uid,
					d->output_gid);
	}
	if (ret)
		ERR("Cannot create the snapshot directory %s: %s",
		    d->output_dir, strerror(-ret));
	return ret;
}

static int open_stream_file(struct ust_channel *chan, unsigned int cpu,
			    const struct consumer_snapshot_desc *d, char *path,
			    size_t len)
{
	int fd, n = snprintf(path, len, "%s/%s_%u", d->output_dir, chan->name,
			     cpu);

	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	fd = user_path_open(&(struct user_creds){.uid = d->output_uid,
						 .gid = d->output_gid},
			    path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			    0660);
	if (fd < 0)
		ERR("Cannot create the snapshot file %s: %s", path,
		    strerror(-fd));
	return fd;
}

static int snapshot_stream(struct ust_channel *chan, unsigned int cpu,
			   const struct consumer_snapshot_desc *d)
{
	struct rb_stream *s = &chan->rb->streams[cpu];
	char path[CONSUMER_PATH_MAX + CONSUMER_NAME_MAX + 16];
	struct snapshot_file file = {.path = path};
	int ret;

	file.fd = open_stream_file(chan, cpu, d, path, sizeof(path));
	if (file.fd < 0)
		return file.fd;
	if (d->flush)
		rb_stream_flush(s, chan->trace_clock);
	ret = rb_stream_snapshot_newest(s, chan->trace_clock, d->max_packets,
					write_packet, &file);
	if (close(file.fd) && !file.error)
		file.error = -errno;
	DBG2("Snapshot of %s: %d packets", path, ret);
	return file.error;
}

int ust_channel_snapshot(struct ust_channel *chan,
			 const struct consumer_snapshot_desc *d)
{
	int ret;

	/* a channel with files has its packets there, not in its buffers */
	if (!chan->snapshot_only)
		return -EINVAL;
	ret = create_dirs(d);
	for (unsigned int i = 0; !ret && i < chan->nr_streams; i++)
		ret = snapshot_stream(chan, i, d);
	return ret;
}
