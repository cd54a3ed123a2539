/*
 * Unit tests of the consumer's metadata files across trace chunk
 * rotations (metadata-output.c): each chunk's metadata file holds the
 * whole TSDL text pushed since the trace began, as metadata packets;
 * a regenerated text replaces it all (lttng regenerate metadata).
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

static void make_desc(struct consumer_metadata_desc *d, const char *dir)
{
	memset(d, 0, sizeof(*d));
	d->metadata_key = 7;
	snprintf(d->output_dir, sizeof(d->output_dir), "%s", dir);
	d->output_uid = getuid();
	d->output_gid = getgid();
}

static void rotation_rewrites_the_whole_text_in_the_next_chunk(void **state)
{
	char first[256], second[256], *text;
	struct consumer_metadata_desc d;

	(void)state;
	snprintf(first, sizeof(first), "%s/chunk0/ust", dir_template);
	snprintf(second, sizeof(second), "%s/chunk1/ust", dir_template);
	make_desc(&d, first);
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, "/* CTF 1.8 */\n", 14), 0);
	assert_int_equal(metadata_output_push(7, "event { id = 0; };\n", 19),
			 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_push(7, "event { id = 1; };\n", 19),
			 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(first);
	assert_string_equal(text, "/* CTF 1.8 */\nevent { id = 0; };\n");
	free(text);
	text = read_text(second);
	assert_string_equal(text, "/* CTF 1.8 */\nevent { id = 0; };\n"
				  "event { id = 1; };\n");
	free(text);
}

static void text_pushed_between_chunks_goes_to_the_next_one(void **state)
{
	char first[256], second[256], *text;
	struct consumer_metadata_desc d;

	(void)state;
	snprintf(first, sizeof(first), "%s/a", dir_template);
	snprintf(second, sizeof(second), "%s/b", dir_template);
	make_desc(&d, first);
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, "one;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, ""), 0);
	assert_int_equal(metadata_output_push(7, "two;\n", 5), 0);
	assert_int_equal(metadata_output_flush_all(), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(first);
	assert_string_equal(text, "one;\n");
	free(text);
	text = read_text(second);
	assert_string_equal(text, "one;\ntwo;\n");
	free(text);
}

static void unknown_key_is_refused(void **state)
{
	(void)state;
	assert_int_equal(metadata_output_rotate(99, "/nonexistent"), -ENOENT);
}

static void long_text_spans_packets_in_every_chunk(void **state)
{
	char first[256], second[256], *text, *big = malloc(10000);
	struct consumer_metadata_desc d;

	(void)state;
	for (int i = 0; i < 9999; i++)
		big[i] = (char)('a' + i % 26);
	big[9999] = '\0';
	snprintf(first, sizeof(first), "%s/x", dir_template);
	snprintf(second, sizeof(second), "%s/y", dir_template);
	make_desc(&d, first);
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, big, 9999), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(first);
	assert_string_equal(text, big);
	free(text);
	text = read_text(second);
	assert_string_equal(text, big);
	free(text);
	free(big);
}

static void regeneration_rewrites_the_file_from_its_start(void **state)
{
	char dir[256], *text, *big = malloc(10000);
	struct consumer_metadata_desc d;

	(void)state;
	memset(big, 'o', 9999);
	big[9999] = '\0';
	snprintf(dir, sizeof(dir), "%s/regen", dir_template);
	make_desc(&d, dir);
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, big, 9999), 0);
	assert_int_equal(metadata_output_flush_all(), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	/* Written at once, and nothing of the longer old text is left. */
	text = read_text(dir);
	assert_string_equal(text, "new;\n");
	free(text);
	assert_int_equal(metadata_output_push(7, "after;\n", 7), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(dir);
	assert_string_equal(text, "new;\nafter;\n");
	free(text);
	free(big);
}

static void regeneration_between_chunks_starts_the_next_one(void **state)
{
	char first[256], second[256], *text;
	struct consumer_metadata_desc d;

	(void)state;
	snprintf(first, sizeof(first), "%s/r1", dir_template);
	snprintf(second, sizeof(second), "%s/r2", dir_template);
	make_desc(&d, first);
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, "old;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, ""), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	assert_int_equal(metadata_output_rotate(7, second), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(first);
	assert_string_equal(text, "old;\n");
	free(text);
	text = read_text(second);
	assert_string_equal(text, "new;\n");
	free(text);
}

static void regeneration_replaces_a_snapshot_sessions_text(void **state)
{
	struct consumer_snapshot_desc snap = {.key = 7};
	struct consumer_metadata_desc d;
	char *text;

	(void)state;
	make_desc(&d, "");
	assert_int_equal(metadata_output_create(&d), 0);
	assert_int_equal(metadata_output_push(7, "old;\n", 5), 0);
	assert_int_equal(metadata_output_regenerate(7, "new;\n", 5), 0);
	snprintf(snap.output_dir, sizeof(snap.output_dir), "%s/snap",
		 dir_template);
	snap.output_uid = getuid();
	snap.output_gid = getgid();
	assert_int_equal(metadata_output_snapshot(&snap), 0);
	assert_int_equal(metadata_output_destroy(7), 0);
	text = read_text(snap.output_dir);
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
		cmocka_unit_test(long_text_spans_packets_in_every_chunk),
		cmocka_unit_test(regeneration_rewrites_the_file_from_its_start),
		cmocka_unit_test(
			regeneration_between_chunks_starts_the_next_one),
		cmocka_unit_test(
			regeneration_replaces_a_snapshot_sessions_text),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
