/*
 * What every fuzzing harness of tests/fuzz shares: the libFuzzer entry
 * point each harness defines, a check that aborts (so libFuzzer and the
 * corpus driver both report the input) when a property of the decoder
 * does not hold, and the helpers that hand the input to a decoder the
 * way it meets untrusted bytes (a string, a socket, a file).
 */
#ifndef FUZZ_FUZZ_H
#define FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property that must hold for every input: abort with its text. */
#define FUZZ_CHECK(cond)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: property violated: %s\n",      \
				__FILE__, __LINE__, #cond);                    \
			abort();                                               \
		}                                                              \
	} while (0)

/* A malloc'd, NUL-terminated copy of the input (text decoders). */
char *fuzz_strndup(const uint8_t *data, size_t size);

/*
 * A connected stream socket whose peer already sent data[0..size) and
 * closed its side, so that a receiver reads the input then end of file.
 * Returns the receiving fd (close it), or -1.
 */
int fuzz_socket_with(const uint8_t *data, size_t size);

/*
 * A file holding data[0..size), for decoders that take a path: its
 * path (a static buffer, the same file every time in this process).
 * Aborts when the file cannot be written.
 */
const char *fuzz_file_with(const uint8_t *data, size_t size);

/* A private directory for this process's scratch files (created once). */
const char *fuzz_scratch_dir(void);

#endif /* FUZZ_FUZZ_H */
