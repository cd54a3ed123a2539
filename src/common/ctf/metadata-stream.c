/*
 * Metadata packets (see metadata-stream.h). Header layout, in bytes:
 *
 *   0 magic (u32)  4 uuid[16]  20 checksum (u32)  24 content_size (u32,
 *   bits)  28 packet_size (u32, bits)  32 compression_scheme  33
 *   encryption_scheme  34 checksum_scheme  35 major  36 minor
 */
#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "ctf/io.h"
#include "ctf/metadata-stream.h"

size_t ctf_metadata_packet_encode(const uint8_t uuid[CTF_UUID_LEN],
				  const char *text, size_t len, uint8_t *out,
				  size_t packet_size)
{
	size_t room = packet_size - CTF_METADATA_PACKET_HEADER_LEN;
	size_t take = len < room ? len : room;

	assert(packet_size > CTF_METADATA_PACKET_HEADER_LEN &&
	       packet_size <= UINT32_MAX / 8);
	memset(out, 0, packet_size);
	ctf_packet_put_u32(out, 0, CTF_METADATA_MAGIC);
	memcpy(out + 4, uuid, CTF_UUID_LEN);
	ctf_packet_put_u32(
		out, 24,
		(uint32_t)((CTF_METADATA_PACKET_HEADER_LEN + take) * 8));
	ctf_packet_put_u32(out, 28, (uint32_t)(packet_size * 8));
	out[35] = 1;
	out[36] = 8;
	memcpy(out + CTF_METADATA_PACKET_HEADER_LEN, text, take);
	return take;
}

/*
 * Where a scan of TSDL text is: the depth of open braces, parentheses
 * and brackets, and whether in a literal ('"' or '\''), a line comment
 * ('/') or a block comment ('*'), 0 in plain text. It carries over from
 * one packet to the next when a statement had to be cut.
 */
struct tsdl_cursor {
	unsigned int depth;
	char in;
	char prev; /* the previous character, 0 after one that ends nothing */
};

/* Advances over c; true when c is the ';' ending a top-level statement. */
static bool tsdl_step(struct tsdl_cursor *cur, char c)
{
	char prev = cur->prev;

	cur->prev = c;
	switch (cur->in) {
	case '"':
	case '\'':
		if (prev == '\\')
			cur->prev = 0; /* escaped: "\\" escapes nothing more */
		else if (c == cur->in)
			cur->in = 0;
		return false;
	case '/':
		if (c == '\n')
			cur->in = 0;
		return false;
	case '*':
		if (prev == '*' && c == '/') {
			cur->in = 0;
			cur->prev = 0;
		}
		return false;
	}
	if (prev == '/' && (c == '*' || c == '/')) {
		cur->in = c;
		cur->prev = 0; /* so that the '*' of "/" "*" closes nothing */
		return false;
	}
	if (c == '"' || c == '\'') {
		cur->in = c;
		cur->prev = 0;
	} else if (c == '{' || c == '(' || c == '[') {
		cur->depth++;
	} else if ((c == '}' || c == ')' || c == ']') && cur->depth) {
		cur->depth--;
	}
	return c == ';' && !cur->depth;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * How much of text[0..len) the next packet, with room for `room` bytes,
 * carries: all of it when it fits; else up to the end of the last
 * top-level statement that fits (and the blanks after it), so a reader
 * that finds the file ending after any packet parses whole statements
 * only; a statement longer than a packet alone is cut where the packet
 * is full. `cur` is where text starts and becomes where the packet ends.
 */
static size_t packet_text_len(struct tsdl_cursor *cur, const char *text,
			      size_t len, size_t room)
{
	struct tsdl_cursor scan = *cur;
	size_t end = 0;

	if (len <= room)
		return len;
	for (size_t i = 0; i < room; i++) {
		if (!tsdl_step(&scan, text[i]))
			continue;
		end = i + 1;
		while (end < room && is_blank(text[end]))
			end++;
	}
	if (!end) {
		*cur = scan;
		return room;
	}
	*cur = (struct tsdl_cursor){0}; /* between two statements */
	return end;
}

int ctf_metadata_stream_packets_sized(const uint8_t uuid[CTF_UUID_LEN],
				      const char *text, size_t len,
				      size_t packet_size,
				      ctf_metadata_packet_cb emit, void *arg,
				      struct ctf_error *err)
{
	uint8_t packet[CTF_METADATA_PACKET_SIZE];
	struct tsdl_cursor cur = {0};
	int ret;

	assert(packet_size > CTF_METADATA_PACKET_HEADER_LEN &&
	       packet_size <= sizeof(packet));
	while (len) {
		size_t take = packet_text_len(
			&cur, text, len,
			packet_size - CTF_METADATA_PACKET_HEADER_LEN);

		ctf_metadata_packet_encode(uuid, text, take, packet,
					   packet_size);
		ret = emit(arg, packet, take, err);
		if (ret)
			return ret;
		text += take;
		len -= take;
	}
	return 0;
}

int ctf_metadata_stream_packets(const uint8_t uuid[CTF_UUID_LEN],
				const char *text, size_t len,
				ctf_metadata_packet_cb emit, void *arg,
				struct ctf_error *err)
{
	return ctf_metadata_stream_packets_sized(
		uuid, text, len, CTF_METADATA_PACKET_SIZE, emit, arg, err);
}

/* One write() per packet: see metadata-stream.h. */
static int write_packet(void *fd, const uint8_t *packet, size_t text_len,
			struct ctf_error *err)
{
	(void)text_len;
	return ctf_write_all(*(int *)fd, packet, CTF_METADATA_PACKET_SIZE,
			     "metadata packet", err);
}

int ctf_metadata_stream_write(int fd, const uint8_t uuid[CTF_UUID_LEN],
			      const char *text, size_t len,
			      struct ctf_error *err)
{
	return ctf_metadata_stream_packets(uuid, text, len, write_packet, &fd,
					   err);
}
