/*
 * Unit tests of the consumer's metadata files across trace chunk
 * rotations (metadata-output.c): each chunk's metadata file holds the
 * whole TSDL text pushed since the trace began, as metadata packets;
 * a regenerated text replaces it all (lttng regenerate metadata). The
 * chunks are those of a chunk registry, as the consumer holds them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ctf/metadata-stream.h"
#include "metadata-output.h"

#define CONTENT_SIZE_OFFSET 24 /* bits, after magic, uuid and checksum */

static char dir_template[] = "/tmp/test-metadata-output-XXXXXX";

/* The TSDL text of a metadata file: every packet's content, in order. */
static char *read_text(const char *dir)
{
	char path[512], *text = calloc(1, 1 << 20);
	uint8_t packet[CTF_METADATA_PACKET_SIZE];
	size_t used = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	f = fopen(path, "rb");
	assert_non_null(f);
	while (fread(packet, 1, sizeof(packet), f) == sizeof(packet)) {
		uint32_t bits;

		memcpy(&bits, packet + CONTENT_SIZE_OFFSET, sizeof(bits));
		assert_true(bits / 8 >= CTF_METADATA_PACKET_HEADER_LEN);
		memcpy(text + used, packet + CTF_METADATA_PACKET_HEADER_LEN,
		       bits / 8 - CTF_METADATA_PACKET_HEADER_LEN);
		used += bits / 8 - CTF_METADATA_PACKET_HEADER_LEN;
	}
	assert_true(feof(f));
	fclose(f);
	return text;
}

static struct chunk_registry chunks;
static uint64_t next_chunk_id;

/* A chunk of session 1 rooted at <dir_template>/<name>. */
static const struct registered_chunk *chunk_at(const char *name)
{
	char root[256];
	const struct trace_chunk_desc desc = {
		.output = root,
		.id = next_chunk_id++,
		.begin = 1700000000,
		.owner = {getuid(), getgid()},
	};

	snprintf(root, sizeof(root), "%s/%s", dir_template, name);
	assert_int_equal(chunk_registry_add(&chunks, 1, &desc, NULL), 0);
	return chunk_registry_find(&chunks, 1, desc.id);
}

/* The metadata text in the chunk <name>: read_text of its ust/. */
static char *chunk_text(const char *name)
{
	char dir[256];

	snprintf(dir, sizeof(dir), "%s/%s/ust", dir_template, name);
	return read_text(dir);
}

static void make_desc(struct consumer_metadata_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->metadata_key = 7;
	d->session_id = 1;
	snprintf(d->chunk_dir, sizeof(d->chunk_dir), "ust");
	d->output_uid = getuid();
	d->output_gid = getgid();
}

static void rotation_rewrites_the_whole_text_in_the_next_chunk(void **state)
{
	const struct registered_chunk *first = chunk_at("chunk0");
	const struct registered_chunk *second = chunk_at("chunk1");
	struct consumer_metadata_desc d;
	char *text;

	(void)state;
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, first), 0);
	assert_int_equal(metadata_output_push(7, "/* CTF 1.8 */\n", 14), 0);
	assert_int_equal(metadata_output_push(7, "event { id = 0; };\n", 19),
			 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_push(7, "event { id = 1; };\n", 19),
			 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("chunk0");
	assert_string_equal(text, "/* CTF 1.8 */\nevent { id = 0; };\n");
	free(text);
	text = chunk_text("chunk1");
	assert_string_equal(text, "/* CTF 1.8 */\nevent { id = 0; };\n"
				  "event { id = 1; };\n");
	free(text);
}

static void text_pushed_between_chunks_goes_to_the_next_one(void **state)
{
	const struct registered_chunk *first = chunk_at("a");
	const struct registered_chunk *second = chunk_at("b");
	struct consumer_metadata_desc d;
	char *text;

	(void)state;
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, first), 0);
	assert_int_equal(metadata_output_push(7, "one;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, NULL), 0);
	assert_int_equal(metadata_output_push(7, "two;\n", 5), 0);
	assert_int_equal(metadata_output_flush_all(), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("a");
	assert_string_equal(text, "one;\n");
	free(text);
	text = chunk_text("b");
	assert_string_equal(text, "one;\ntwo;\n");
	free(text);
}

static void unknown_key_is_refused(void **state)
{
	uint64_t session_id;

	(void)state;
	assert_int_equal(metadata_output_rotate(99, NULL), -ENOENT);
	assert_int_equal(metadata_output_session(99, &session_id), -ENOENT);
}

/* Its streams hold the chunk: the chunk cannot close until they close. */
static void a_chunk_in_use_does_not_close(void **state)
{
	const struct registered_chunk *chunk = chunk_at("busy");
	uint64_t id = chunk->chunk->id, session_id = 0;
	struct consumer_metadata_desc d;

	(void)state;
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, chunk), 0);
	assert_int_equal(metadata_output_session(7, &session_id), 0);
	assert_int_equal(session_id, 1);
	assert_int_equal(chunk_registry_close(&chunks, 1, id, NULL), -EBUSY);
	assert_int_equal(metadata_output_rotate(7, NULL), 0);
	assert_int_equal(chunk_registry_close(&chunks, 1, id, NULL), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
}

static void long_text_spans_packets_in_every_chunk(void **state)
{
	const struct registered_chunk *first = chunk_at("x");
	const struct registered_chunk *second = chunk_at("y");
	struct consumer_metadata_desc d;
	char *text, *big = malloc(10000);

	(void)state;
	for (int i = 0; i < 9999; i++)
		big[i] = (char)('a' + i % 26);
	big[9999] = '\0';
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, first), 0);
	assert_int_equal(metadata_output_push(7, big, 9999), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("x");
	assert_string_equal(text, big);
	free(text);
	text = chunk_text("y");
	assert_string_equal(text, big);
	free(text);
	free(big);
}

static void regeneration_rewrites_the_file_from_its_start(void **state)
{
	const struct registered_chunk *chunk = chunk_at("regen");
	struct consumer_metadata_desc d;
	char *text, *big = malloc(10000);

	(void)state;
	memset(big, 'o', 9999);
	big[9999] = '\0';
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, chunk), 0);
	assert_int_equal(metadata_output_push(7, big, 9999), 0);
	assert_int_equal(metadata_output_flush_all(), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	/* Written at once, and nothing of the longer old text is left. */
	text = chunk_text("regen");
	assert_string_equal(text, "new;\n");
	free(text);
	assert_int_equal(metadata_output_push(7, "after;\n", 7), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("regen");
	assert_string_equal(text, "new;\nafter;\n");
	free(text);
	free(big);
}

static void regeneration_between_chunks_starts_the_next_one(void **state)
{
	const struct registered_chunk *first = chunk_at("r1");
	const struct registered_chunk *second = chunk_at("r2");
	struct consumer_metadata_desc d;
	char *text;

	(void)state;
	make_desc(&d);
	assert_int_equal(metadata_output_create(&d, first), 0);
	assert_int_equal(metadata_output_push(7, "old;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, NULL), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("r1");
	assert_string_equal(text, "old;\n");
	free(text);
	text = chunk_text("r2");
	assert_string_equal(text, "new;\n");
	free(text);
}

static void regeneration_replaces_a_snapshot_sessions_text(void **state)
{
	struct consumer_metadata_desc d;
	char *text;

	(void)state;
	make_desc(&d);
	d.chunk_id = CONSUMER_CHUNK_NONE;
	assert_int_equal(metadata_output_create(&d, NULL), 0);
	assert_int_equal(metadata_output_push(7, "old;\n", 5), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	assert_int_equal(metadata_output_snapshot(7, chunk_at("snap")), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = chunk_text("snap");
	assert_string_equal(text, "new;\n");
	free(text);
	assert_int_equal(metadata_output_regenerate(99, "x", 1), -ENOENT);
}

static int make_dir(void **state)
{
	(void)state;
	return mkdtemp(dir_template) ? 0 : -1;
}

static int remove_dir(void **state)
{
	char command[128];

	(void)state;
	chunk_registry_clear(&chunks);
	snprintf(command, sizeof(command), "rm -rf %s", dir_template);
	return system(command) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			rotation_rewrites_the_whole_text_in_the_next_chunk),
		cmocka_unit_test(
			text_pushed_between_chunks_goes_to_the_next_one),
		cmocka_unit_test(unknown_key_is_refused),
		cmocka_unit_test(a_chunk_in_use_does_not_close),
		cmocka_unit_test(long_text_spans_packets_in_every_chunk),
		cmocka_unit_test(regeneration_rewrites_the_file_from_its_start),
		cmocka_unit_test(
			regeneration_between_chunks_starts_the_next_one),
		cmocka_unit_test(
			regeneration_replaces_a_snapshot_sessions_text),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
