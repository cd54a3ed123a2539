/*
 * Fuzzing harness of lttng-crash's metadata reader: the input is the
 * `metadata` file the consumer daemon keeps in a --shm-path directory
 * (TSDL text, possibly cut or damaged by the crash), which lttng-crash
 * writes out as CTF metadata packets (ctf/metadata-stream.c, splitting
 * the text between TSDL statements). Properties: every packet has a
 * valid header and zero padding, and the packets' text, put back
 * together, is the input.
 *
 *   input: [packet size][TSDL text...]
 *
 * The first byte picks the packet size: 0xff lttng-crash's
 * (CTF_METADATA_PACKET_SIZE), else a small one (the header and 1 to 255
 * bytes of text), cut by the same rules, so that a short input crosses
 * many packet boundaries: scanning a whole 4 KiB packet's text for each
 * input, the harness ran a few hundred inputs a second.
 */
#include <string.h>

#include "ctf/metadata-stream.h"
#include "fuzz.h"

static const uint8_t uuid[CTF_UUID_LEN] = {1, 2,  3,  4,  5,  6,  7,  8,
					   9, 10, 11, 12, 13, 14, 15, 16};

static const uint8_t zeros[CTF_METADATA_PACKET_SIZE];

/* Where the packets' text is, in the input, and the packets' size. */
struct reassembly {
	const uint8_t *text;
	size_t len, done, packet_size;
};

static uint32_t u32_at(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Each packet's header is valid and its text the next of the input. */
static int check_packet(void *arg, const uint8_t *packet, size_t text_len,
			struct ctf_error *err)
{
	struct reassembly *r = arg;
	uint32_t content;

	(void)err;
	FUZZ_CHECK(u32_at(packet) == CTF_METADATA_MAGIC);
	FUZZ_CHECK(!memcmp(packet + 4, uuid, CTF_UUID_LEN));
	FUZZ_CHECK(u32_at(packet + 28) == r->packet_size * 8);
	content = u32_at(packet + 24);
	FUZZ_CHECK(content % 8 == 0 && content / 8 <= r->packet_size &&
		   content / 8 > CTF_METADATA_PACKET_HEADER_LEN);
	content = content / 8 - CTF_METADATA_PACKET_HEADER_LEN;
	FUZZ_CHECK(content == text_len && r->done + content <= r->len);
	FUZZ_CHECK(!memcmp(packet + CTF_METADATA_PACKET_HEADER_LEN,
			   r->text + r->done, content));
	FUZZ_CHECK(!memcmp(
		packet + CTF_METADATA_PACKET_HEADER_LEN + content, zeros,
		r->packet_size - CTF_METADATA_PACKET_HEADER_LEN - content));
	r->done += content;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reassembly r = {.text = data + 1, .len = size ? size - 1 : 0};
	struct ctf_error err;

	if (!size)
		return 0;
	r.packet_size = data[0] == 0xff
				? CTF_METADATA_PACKET_SIZE
				: CTF_METADATA_PACKET_HEADER_LEN + 1 + data[0];
	FUZZ_CHECK(!ctf_metadata_stream_packets_sized(
		uuid, (const char *)r.text, r.len, r.packet_size, check_packet,
		&r, &err));
	FUZZ_CHECK(r.done == r.len);
	return 0;
}
