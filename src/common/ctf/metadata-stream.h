/*
 * The packetized form of the metadata, as LTTng writes the `metadata`
 * file: packets of CTF_METADATA_PACKET_SIZE bytes, each a 37-byte header
 * (CTF 1.8 section 7.1, native byte order), a run of TSDL text and zero
 * padding. Text added later goes into new packets appended to the same
 * file; packets break between TSDL statements. Used by the consumer
 * daemon and by the synthetic trace tool.
 */
#ifndef CTF_METADATA_STREAM_H
#define CTF_METADATA_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "ctf/error.h"
#include "ctf/packet-layout.h"

#define CTF_METADATA_MAGIC 0x75D11D57U
#define CTF_METADATA_PACKET_HEADER_LEN 37
#define CTF_METADATA_PACKET_SIZE 4096

/*
 * Encodes one metadata packet of packet_size bytes into out, carrying as
 * much of text[0..len) as fits; returns the number of text bytes taken.
 */
size_t ctf_metadata_packet_encode(const uint8_t uuid[CTF_UUID_LEN],
				  const char *text, size_t len, uint8_t *out,
				  size_t packet_size);

/*
 * Appends text[0..len) to fd as metadata packets of
 * CTF_METADATA_PACKET_SIZE bytes. The text must start between two TSDL
 * statements. A packet ends between two top-level statements unless one
 * statement alone is longer than a packet, and each packet is one
 * write(): a reader that opens the file while it grows (an active
 * session) finds whole packets of whole statements, a valid metadata
 * prefix, as long as the file offset stays a multiple of the page size
 * (Linux makes a page-aligned, one-page write appear at once). Returns
 * 0 or a negative errno with a message.
 */
int ctf_metadata_stream_write(int fd, const uint8_t uuid[CTF_UUID_LEN],
			      const char *text, size_t len,
			      struct ctf_error *err);

/*
 * One packet of CTF_METADATA_PACKET_SIZE bytes carrying text_len bytes
 * of text, for ctf_metadata_stream_packets(): 0 or a negative errno
 * (with err set), which ends the stream.
 */
typedef int (*ctf_metadata_packet_cb)(void *arg, const uint8_t *packet,
				      size_t text_len, struct ctf_error *err);

/*
 * The packets ctf_metadata_stream_write() writes, handed to emit one by
 * one instead (a sink stream's, trace-chunk/metadata-sink.h). 0 or the
 * first error emit returned.
 */
int ctf_metadata_stream_packets(const uint8_t uuid[CTF_UUID_LEN],
				const char *text, size_t len,
				ctf_metadata_packet_cb emit, void *arg,
				struct ctf_error *err);

/*
 * ctf_metadata_stream_packets() with packets of packet_size bytes
 * (CTF_METADATA_PACKET_HEADER_LEN < packet_size <=
 * CTF_METADATA_PACKET_SIZE), cut by the same rules for the room they
 * have: the fuzzing harness crosses many packet boundaries with a short
 * text this way.
 */
int ctf_metadata_stream_packets_sized(const uint8_t uuid[CTF_UUID_LEN],
				      const char *text, size_t len,
				      size_t packet_size,
				      ctf_metadata_packet_cb emit, void *arg,
				      struct ctf_error *err);

#endif /* CTF_METADATA_STREAM_H */
