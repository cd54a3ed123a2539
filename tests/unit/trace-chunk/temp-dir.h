/*
 * The temporary directory each test of tests/unit/trace-chunk works in:
 * created by setup (its path in *state), removed whole by teardown as a
 * trace chunk rooted there (trace_chunk_remove).
 */
#ifndef TEST_TRACE_CHUNK_TEMP_DIR_H
#define TEST_TRACE_CHUNK_TEMP_DIR_H

#include <stdlib.h>
#include <string.h>

#include "trace-chunk/trace-chunk.h"

static int temp_dir_setup(void **state)
{
	char *dir = strdup("/tmp/test-trace-chunk-XXXXXX");

	if (!dir || !mkdtemp(dir)) {
		free(dir);
		return -1;
	}
	*state = dir;
	return 0;
}

static int temp_dir_teardown(void **state)
{
	struct trace_chunk *chunk = trace_chunk_create_at(*state, NULL, NULL);
	int ret = chunk ? trace_chunk_remove(chunk, NULL) : -1;

	trace_chunk_put(chunk);
	free(*state);
	return ret;
}

#endif /* TEST_TRACE_CHUNK_TEMP_DIR_H */
