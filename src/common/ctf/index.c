/*
 * Index files (see index.h): encoding of the big-endian header and
 * entries, and the file that receives them.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctf/index.h"
#include "ctf/packet-layout.h"
#include "ctf/io.h"

static void put_be32(uint8_t *p, uint32_t v)
{
	v = htobe32(v);
	memcpy(p, &v, sizeof(v));
}

static void put_be64(uint8_t *p, uint64_t v)
{
	v = htobe64(v);
	memcpy(p, &v, sizeof(v));
}

void ctf_index_header_encode(uint8_t out[CTF_INDEX_HEADER_LEN])
{
	put_be32(out, CTF_INDEX_MAGIC);
	put_be32(out + 4, CTF_INDEX_MAJOR);
	put_be32(out + 8, CTF_INDEX_MINOR);
	put_be32(out + 12, CTF_INDEX_ENTRY_LEN);
}

void ctf_index_entry_encode(const struct ctf_index_entry *e,
			    uint8_t out[CTF_INDEX_ENTRY_LEN])
{
	const uint64_t fields[] = {
		e->offset,	    e->packet_size,	   e->content_size,
		e->timestamp_begin, e->timestamp_end,	   e->events_discarded,
		e->stream_id,	    e->stream_instance_id, e->packet_seq_num,
	};
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		put_be64(out + 8 * i, fields[i]);
}

void ctf_index_entry_from_packet(const void *p, struct ctf_index_entry *e)
{
	*e = (struct ctf_index_entry){
		.packet_size =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_PACKET_SIZE),
		.content_size =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_CONTENT_SIZE),
		.timestamp_begin =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN),
		.timestamp_end =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_TIMESTAMP_END),
		.events_discarded =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_EVENTS_DISCARDED),
		.stream_id = ctf_packet_get_u32(p, CTF_PACKET_OFF_STREAM_ID),
		.stream_instance_id = ctf_packet_get_u64(
			p, CTF_PACKET_OFF_STREAM_INSTANCE_ID),
		.packet_seq_num =
			ctf_packet_get_u64(p, CTF_PACKET_OFF_PACKET_SEQ_NUM),
	};
}

int ctf_index_open(struct ctf_index_writer *iw, const char *dir,
		   const char *stream_name, const struct user_creds *owner,
		   struct ctf_error *err)
{
	uint8_t header[CTF_INDEX_HEADER_LEN];
	char path[PATH_MAX];
	int ret;

	iw->fd = -1;
	if (snprintf(path, sizeof(path), "%s/index", dir) >= (int)sizeof(path))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "index directory under '%s': path too "
				     "long",
				     dir);
	ret = user_path_mkdir(owner, path);
	if (ret)
		return ctf_error_set(err, ret, "cannot create '%s': %s", path,
				     strerror(-ret));
	if (snprintf(path, sizeof(path), "%s/index/%s.idx", dir, stream_name) >=
	    (int)sizeof(path))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "index of stream '%s': path too long",
				     stream_name);
	ret = user_path_open(owner, path,
			     O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (ret < 0)
		return ctf_error_set(err, ret, "cannot create '%s': %s", path,
				     strerror(-ret));
	iw->fd = ret;
	ctf_index_header_encode(header);
	ret = ctf_write_all(iw->fd, header, sizeof(header), "index header",
			    err);
	if (ret)
		ctf_index_close(iw, NULL);
	return ret;
}

int ctf_index_append(struct ctf_index_writer *iw,
		     const struct ctf_index_entry *entry, struct ctf_error *err)
{
	uint8_t buf[CTF_INDEX_ENTRY_LEN];

	ctf_index_entry_encode(entry, buf);
	return ctf_write_all(iw->fd, buf, sizeof(buf), "index entry", err);
}

int ctf_index_close(struct ctf_index_writer *iw, struct ctf_error *err)
{
	int ret = 0;

	if (iw->fd >= 0 && close(iw->fd))
		ret = ctf_error_set(err, -errno, "cannot close index: %s",
				    strerror(errno));
	iw->fd = -1;
	return ret;
}
