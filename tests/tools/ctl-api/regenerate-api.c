/*
 * Drives liblttng-ctl's regenerate API (<lttng/session.h>) on one session
 * of a running session daemon and prints what each call returns, one
 * line each (tests/integration/test_regenerate.py checks the lines):
 *
 *   regenerate-api SESSION
 *
 * lttng_regenerate_metadata(NULL), lttng_regenerate_statedump(NULL),
 * then for SESSION: lttng_regenerate_metadata, the deprecated
 * lttng_metadata_regenerate and lttng_regenerate_statedump.
 */
#include <stdio.h>

#include <lttng/lttng.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: regenerate-api SESSION\n");
		return 2;
	}
	printf("metadata(NULL): %d\n", lttng_regenerate_metadata(NULL));
	printf("statedump(NULL): %d\n", lttng_regenerate_statedump(NULL));
	printf("metadata: %d\n", lttng_regenerate_metadata(argv[1]));
	printf("metadata_regenerate: %d\n", lttng_metadata_regenerate(argv[1]));
	printf("statedump: %d\n", lttng_regenerate_statedump(argv[1]));
	return 0;
}
