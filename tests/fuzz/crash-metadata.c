/*
 * Fuzzing harness of lttng-crash's metadata reader: the input is the
 * `metadata` file the consumer daemon keeps in a --shm-path directory
 * (TSDL text, possibly cut or damaged by the crash), which lttng-crash
 * writes out as CTF metadata packets (ctf/metadata-stream.c, splitting
 * the text between TSDL statements). Properties: every packet has a
 * valid header, and the packets' text, put back together, is the input.
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ctf/metadata-stream.h"
#include "fuzz.h"

static const uint8_t uuid[CTF_UUID_LEN] = {1, 2,  3,  4,  5,  6,  7,  8,
					   9, 10, 11, 12, 13, 14, 15, 16};

static uint32_t u32_at(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The text of the packets in fd (file size `len`) must be data. */
static void check_packets(int fd, size_t len, const uint8_t *data, size_t size)
{
	uint8_t packet[CTF_METADATA_PACKET_SIZE];
	size_t done = 0;

	FUZZ_CHECK(len % CTF_METADATA_PACKET_SIZE == 0);
	for (off_t at = 0; at < (off_t)len; at += sizeof(packet)) {
		uint32_t content;

		FUZZ_CHECK(pread(fd, packet, sizeof(packet), at) ==
			   sizeof(packet));
		FUZZ_CHECK(u32_at(packet) == CTF_METADATA_MAGIC);
		FUZZ_CHECK(!memcmp(packet + 4, uuid, CTF_UUID_LEN));
		FUZZ_CHECK(u32_at(packet + 28) == sizeof(packet) * 8);
		content = u32_at(packet + 24);
		FUZZ_CHECK(content % 8 == 0 && content / 8 <= sizeof(packet) &&
			   content / 8 > CTF_METADATA_PACKET_HEADER_LEN);
		content = content / 8 - CTF_METADATA_PACKET_HEADER_LEN;
		FUZZ_CHECK(done + content <= size);
		FUZZ_CHECK(!memcmp(packet + CTF_METADATA_PACKET_HEADER_LEN,
				   data + done, content));
		done += content;
	}
	FUZZ_CHECK(done == size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	struct ctf_error err;
	off_t len;

	if (fd < 0)
		fd = memfd_create("fuzz-metadata", MFD_CLOEXEC);
	FUZZ_CHECK(fd >= 0 && !ftruncate(fd, 0) && !lseek(fd, 0, SEEK_SET));
	FUZZ_CHECK(!ctf_metadata_stream_write(fd, uuid, (const char *)data,
					      size, &err));
	len = lseek(fd, 0, SEEK_CUR);
	FUZZ_CHECK(len >= 0);
	check_packets(fd, (size_t)len, data, size);
	return 0;
}
