/*
 * LTTng's per-stream packet index, `index/<stream file>.idx` beside the
 * data stream: a big-endian header (magic 0xC1F1DCC1, version 1.1, entry
 * length) and one big-endian entry per packet. babeltrace2 uses it to
 * seek; the stream writer and the consumer daemon produce it.
 */
#ifndef CTF_INDEX_H
#define CTF_INDEX_H

#include <stdint.h>

#include "ctf/error.h"
#include "util/user-path.h"

#define CTF_INDEX_MAGIC 0xC1F1DCC1U
#define CTF_INDEX_MAJOR 1
#define CTF_INDEX_MINOR 1
#define CTF_INDEX_HEADER_LEN 16
/* Version 1.1 entries; 1.0 ones stopped after stream_id (56 bytes). */
#define CTF_INDEX_ENTRY_LEN 72

struct ctf_index_entry {
	uint64_t offset;       /* bytes from the start of the stream file */
	uint64_t packet_size;  /* bits */
	uint64_t content_size; /* bits */
	uint64_t timestamp_begin;
	uint64_t timestamp_end;
	uint64_t events_discarded;
	uint64_t stream_id;
	uint64_t stream_instance_id;
	uint64_t packet_seq_num;
};

void ctf_index_header_encode(uint8_t out[CTF_INDEX_HEADER_LEN]);
/*
 * The index entry of a complete packet, read from its header and
 * context (packet-layout.h); the offset, the file's, is left 0.
 */
void ctf_index_entry_from_packet(const void *packet,
				 struct ctf_index_entry *entry);
void ctf_index_entry_encode(const struct ctf_index_entry *entry,
			    uint8_t out[CTF_INDEX_ENTRY_LEN]);

struct ctf_index_writer {
	int fd;
};

/*
 * Creates dir/index/ when missing and dir/index/<stream_name>.idx
 * (truncated) acting as owner (util/user-path.h; NULL: the caller),
 * and writes the header. 0 or -errno with a message.
 */
int ctf_index_open(struct ctf_index_writer *iw, const char *dir,
		   const char *stream_name, const struct user_creds *owner,
		   struct ctf_error *err);
int ctf_index_append(struct ctf_index_writer *iw,
		     const struct ctf_index_entry *entry,
		     struct ctf_error *err);
/* Closes the file; 0 or -errno. Safe on a writer that failed to open. */
int ctf_index_close(struct ctf_index_writer *iw, struct ctf_error *err);

#endif /* CTF_INDEX_H */
