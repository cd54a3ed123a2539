/*
 * Implementation of stream-output.h.
 *
 * Data files are written with O_DIRECT where the file system allows:
 * packets are whole pages at page-aligned addresses of the ring buffer
 * and at page-aligned file offsets, so the device reads them from the
 * buffer itself. Through the page cache, a 4 MiB packet cost 7 ms of
 * this daemon's CPU time on the development VM (580 MB/s, less than two
 * fast producers write); with O_DIRECT the copy is gone. Any write that
 * cannot be direct turns the file back to buffered writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ctf/io.h"
#include "ctf/packet-layout.h"
#include "stream-output.h"
#include "util/log.h"
#include "util/user-path.h"

/* Opens (truncates) the current data file and its index. */
static int open_files(struct stream_output *out)
{
	char name[sizeof(out->base_name) + 24];
	char path[sizeof(out->dir) + sizeof(name) + 1];
	struct ctf_error err;
	const struct user_creds owner = {.uid = out->uid, .gid = out->gid};
	int ret = ctf_tracefile_name(&out->files, out->base_name, name,
				     sizeof(name));

	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/%s", out->dir, name);
	/* As the trace's owner: never a file the owner may not write. */
	out->fd = user_path_open(
		&owner, path,
		O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_DIRECT, 0660);
	if (out->fd == -EINVAL) /* no O_DIRECT here */
		out->fd = user_path_open(
			&owner, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			0660);
	if (out->fd < 0) {
		ret = out->fd;
		out->fd = -1;
		ERR("Cannot create the trace file %s: %s", path,
		    strerror(-ret));
		return ret;
	}
	ret = ctf_index_open(&out->index, out->dir, name, &owner, &err);
	if (ret) {
		ERR("%s", err.message);
		close(out->fd);
		out->fd = -1;
		return ret;
	}
	out->file_size = 0;
	return 0;
}

static void close_files(struct stream_output *out)
{
	struct ctf_error err;

	if (out->fd >= 0)
		close(out->fd);
	out->fd = -1;
	if (ctf_index_close(&out->index, &err))
		ERR("%s", err.message);
}

/* Closes the current files and opens the next ones (ctf/tracefile.h). */
static int next_files(struct stream_output *out)
{
	char obsolete[sizeof(out->base_name) + 24];
	char path[sizeof(out->dir) + sizeof(obsolete) + 16];
	int ret;

	close_files(out);
	ret = ctf_tracefile_next(&out->files, out->base_name, obsolete,
				 sizeof(obsolete));
	if (ret < 0)
		return ret;
	if (ret) { /* a numbered ring: its oldest file goes */
		const struct user_creds owner = {.uid = out->uid,
						 .gid = out->gid};

		snprintf(path, sizeof(path), "%s/%s", out->dir, obsolete);
		(void)user_path_unlink(&owner, path);
		snprintf(path, sizeof(path), "%s/index/%s.idx", out->dir,
			 obsolete);
		(void)user_path_unlink(&owner, path);
	}
	return open_files(out);
}

int stream_output_open(struct stream_output *out, const char *dir,
		       const char *channel_name, unsigned int cpu,
		       uint64_t tracefile_size, uint64_t tracefile_count,
		       uid_t uid, gid_t gid)
{
	memset(out, 0, sizeof(*out));
	out->fd = -1;
	out->index.fd = -1;
	if (snprintf(out->dir, sizeof(out->dir), "%s", dir) >=
		    (int)sizeof(out->dir) ||
	    snprintf(out->base_name, sizeof(out->base_name), "%s_%u",
		     channel_name, cpu) >= (int)sizeof(out->base_name))
		return -ENAMETOOLONG;
	ctf_tracefile_init(&out->files, tracefile_size, tracefile_count, false);
	out->uid = uid;
	out->gid = gid;
	return open_files(out);
}

static uint64_t packet_u64(const struct rb_packet *p, size_t offset)
{
	uint64_t v;

	memcpy(&v, (const char *)p->data + offset, sizeof(v));
	return v;
}

static uint32_t packet_u32(const struct rb_packet *p, size_t offset)
{
	uint32_t v;

	memcpy(&v, (const char *)p->data + offset, sizeof(v));
	return v;
}

static void fill_index_entry(const struct rb_packet *p, uint64_t offset,
			     struct ctf_index_entry *e)
{
	e->offset = offset;
	e->packet_size = p->packet_size * 8;
	e->content_size = p->content_size * 8;
	e->timestamp_begin = packet_u64(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN);
	e->timestamp_end = packet_u64(p, CTF_PACKET_OFF_TIMESTAMP_END);
	e->events_discarded = packet_u64(p, CTF_PACKET_OFF_EVENTS_DISCARDED);
	e->stream_id = packet_u32(p, CTF_PACKET_OFF_STREAM_ID);
	e->stream_instance_id =
		packet_u64(p, CTF_PACKET_OFF_STREAM_INSTANCE_ID);
	e->packet_seq_num = packet_u64(p, CTF_PACKET_OFF_PACKET_SEQ_NUM);
}

/* Whether a packet can be written with O_DIRECT at the file's end. */
static bool direct_write_fits(const struct stream_output *out,
			      const struct rb_packet *p)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	return (uintptr_t)p->data % page == 0 && p->packet_size % page == 0 &&
	       out->file_size % page == 0;
}

/* Turns the data file back to buffered writes; false if it cannot. */
static bool stop_direct_writes(struct stream_output *out)
{
	int flags = fcntl(out->fd, F_GETFL);

	return flags >= 0 && (flags & O_DIRECT) &&
	       fcntl(out->fd, F_SETFL, flags & ~O_DIRECT) == 0;
}

/* The packet's bytes into the data file, directly when possible. */
static int write_packet(struct stream_output *out, const struct rb_packet *p,
			struct ctf_error *err)
{
	int ret;

	if (!direct_write_fits(out, p))
		stop_direct_writes(out);
	ret = ctf_write_all(out->fd, p->data, p->packet_size, out->base_name,
			    err);
	/* Refused as direct I/O: rewrite the packet through the cache. */
	if (ret == -EINVAL && stop_direct_writes(out) &&
	    lseek(out->fd, (off_t)out->file_size, SEEK_SET) >= 0)
		ret = ctf_write_all(out->fd, p->data, p->packet_size,
				    out->base_name, err);
	return ret;
}

int stream_output_write(struct stream_output *out, const struct rb_packet *p)
{
	bool has_events = p->content_size > CTF_PACKET_HEADER_LEN;
	struct ctf_index_entry entry;
	struct ctf_error err;
	int ret;

	if (out->fd < 0)
		return -EBADF;
	switch (ctf_tracefile_place(&out->files, p->packet_size, has_events)) {
	case CTF_TRACEFILE_DROP:
		DBG("Stream %s: an empty packet is not written, so that the "
		    "file holding the newest events stays",
		    out->base_name);
		return 0;
	case CTF_TRACEFILE_NEXT:
		ret = next_files(out);
		if (ret)
			return ret;
		break;
	case CTF_TRACEFILE_APPEND:
		break;
	}
	ret = write_packet(out, p, &err);
	if (ret) {
		ERR("%s", err.message);
		/* The file ends with its last whole packet: readable. */
		if (ftruncate(out->fd, (off_t)out->file_size) ||
		    lseek(out->fd, (off_t)out->file_size, SEEK_SET) < 0)
			ERR("Cannot cut %s back to its last whole packet: %s",
			    out->base_name, strerror(errno));
		return ret;
	}
	fill_index_entry(p, out->file_size, &entry);
	out->file_size += p->packet_size;
	ctf_tracefile_wrote(&out->files, p->packet_size, has_events);
	out->packets++;
	ret = ctf_index_append(&out->index, &entry, &err);
	if (ret)
		ERR("%s", err.message);
	return ret;
}

void stream_output_close(struct stream_output *out)
{
	close_files(out);
}
