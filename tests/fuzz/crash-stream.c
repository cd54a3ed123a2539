/*
 * Fuzzing harness of lttng-crash's stream reader (stream-extract.c and
 * the ring buffer's mapping and crash recovery it relies on): the input
 * is the start of a ring buffer stream file found in a --shm-path
 * directory; the file is given the size its header declares (at most
 * FILE_MAX, zero-filled past the input), as a real stream file has.
 * stream_extract() recovers it into a CTF stream file, with the ring
 * buffer's invariant checks reporting and going on, as lttng-crash sets
 * them (a stream found broken is read no further). Properties: the
 * recovered file holds whole packets only, never more than the buffer
 * has sub-buffers (and the spare); no packet is read before all of it
 * is committed (recovery commits every packet it keeps, and no packet a
 * producer never started is read). lttng-crash's messages are silenced:
 * one for most inputs is not worth its cost.
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/shm-layout.h"
#include "stream-extract.h"
#include "util/log.h"

#define FILE_MAX (256 * 1024)

/* The input, sized as its header says when that is plausible. */
static uint8_t *file_image(const uint8_t *data, size_t size, size_t *len)
{
	struct rb_shm_header h;
	uint8_t *image;

	*len = size;
	if (size >= sizeof(h)) {
		memcpy(&h, data, sizeof(h));
		if (h.map_size >= sizeof(h) && h.map_size <= FILE_MAX)
			*len = (size_t)h.map_size;
	}
	image = calloc(1, *len ? *len : 1);
	FUZZ_CHECK(image);
	memcpy(image, data, size < *len ? size : *len);
	return image;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stream_extract_result result;
	char out[PATH_MAX];
	const char *in;
	uint8_t *image;
	struct stat st;
	size_t len;
	int fd, ret;

	log_quiet = true; /* why an input is refused: not worth printing */
	rb_invariant_abort = false;
	image = file_image(data, size, &len);
	in = fuzz_file_with(image, len);
	free(image);
	snprintf(out, sizeof(out), "%s/stream_0", fuzz_scratch_dir());
	unlink(out);
	fd = open(in, O_RDONLY);
	if (fd < 0)
		return 0;
	if (!stream_file_is_ring_buffer(fd)) {
		close(fd);
		return 0;
	}
	ret = stream_extract(fd, in, out, &result);
	close(fd);
	if (!ret) {
		struct rb_shm_header h;

		memcpy(&h, data, sizeof(h));
		FUZZ_CHECK(!stat(out, &st));
		FUZZ_CHECK(result.packets <= (uint64_t)h.subbuf_count + 1);
		FUZZ_CHECK((uint64_t)st.st_size <=
			   result.packets * h.subbuf_size);
	}
	unlink(out);
	FUZZ_CHECK(!rb_invariant_failures(RB_INVARIANT_COMMIT_COUNT));
	return 0;
}
