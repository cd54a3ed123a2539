/*
 * Metadata packets (see metadata-stream.h). Header layout, in bytes:
 *
 *   0 magic (u32)  4 uuid[16]  20 checksum (u32)  24 content_size (u32,
 *   bits)  28 packet_size (u32, bits)  32 compression_scheme  33
 *   encryption_scheme  34 checksum_scheme  35 major  36 minor
 */
#include <assert.h>
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

int ctf_metadata_stream_write(int fd, const uint8_t uuid[CTF_UUID_LEN],
			      const char *text, size_t len,
			      struct ctf_error *err)
{
	uint8_t packet[CTF_METADATA_PACKET_SIZE];
	int ret;

	while (len) {
		size_t taken = ctf_metadata_packet_encode(
			uuid, text, len, packet, sizeof(packet));

		ret = ctf_write_all(fd, packet, sizeof(packet),
				    "metadata packet", err);
		if (ret)
			return ret;
		text += taken;
		len -= taken;
	}
	return 0;
}
