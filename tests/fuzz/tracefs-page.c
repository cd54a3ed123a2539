/*
 * Fuzzing harness of the kernel ring buffer page decoder
 * (src/common/tracefs/page-reader.c): the input is the text of
 * events/header_page, a NUL byte, then one page as read from
 * per_cpu/cpuN/trace_pipe_raw (cut or zero-padded to the page size the
 * header declares). Every record of the page is walked. Properties:
 * each record lies inside the page's committed data, and the walk ends.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "tracefs/page-reader.h"

/* Larger pages than this are not worth a fuzzer's time. */
#define PAGE_MAX (64 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	struct tracefs_page_layout layout;
	struct tracefs_page_reader reader;
	struct tracefs_record record;
	size_t text_len, page_len;
	uint8_t *page;
	char *text;
	char err[128];
	int ret;

	if (!nul)
		return 0;
	text_len = (size_t)(nul - data);
	text = fuzz_strndup(data, text_len);
	ret = tracefs_page_layout_parse(text, &layout, err, sizeof(err));
	free(text);
	if (ret || layout.page_size > PAGE_MAX)
		return 0;
	/* A buffer of exactly the page size, so overreads are caught. */
	page = calloc(1, layout.page_size ? layout.page_size : 1);
	FUZZ_CHECK(page);
	page_len = size - text_len - 1;
	memcpy(page, nul + 1,
	       page_len < layout.page_size ? page_len : layout.page_size);
	if (!tracefs_page_reader_init(&reader, &layout, page,
				      layout.page_size)) {
		const uint8_t *end = reader.data + reader.data_len;
		size_t count = 0;

		while ((ret = tracefs_page_reader_next(&reader, &record)) ==
		       1) {
			FUZZ_CHECK(record.data >= reader.data &&
				   record.data + record.size <= end);
			FUZZ_CHECK(++count <= layout.page_size / 4);
		}
		FUZZ_CHECK(ret == 0 || ret == -EBADMSG);
	}
	free(page);
	return 0;
}
