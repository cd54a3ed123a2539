/*
 * ctf-synth's plumbing (see synth.h) and main(): creates the trace
 * directory, runs a scenario and, when the scenario fails, removes the
 * directory again so that no half-written trace is left behind.
 *
 *   usage: ctf-synth SCENARIO DIR
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctf/io.h"
#include "ctf/metadata-stream.h"
#include "synth.h"
#include "trace-chunk/file-sink.h"
#include "util/paths.h"

static const uint8_t trace_uuid[CTF_UUID_LEN] = {
	0x5b, 0x3a, 0x1f, 0x0e, 0x42, 0x77, 0x4c, 0x11,
	0x9a, 0x6d, 0x2e, 0x80, 0x31, 0xc4, 0x55, 0xf2,
};
static const uint8_t clock_uuid[CTF_UUID_LEN] = {
	0xc1, 0x0c, 0x4d, 0x3e, 0x20, 0x11, 0x4f, 0x6a,
	0xb7, 0x05, 0x91, 0x2d, 0x6e, 0x38, 0xaa, 0x07,
};

static void *must(void *p)
{
	if (!p) {
		fprintf(stderr, "ctf-synth: out of memory\n");
		exit(2);
	}
	return p;
}

struct ctf_type *synth_int_desc(const struct ctf_integer_desc *desc)
{
	return must(ctf_type_integer_create(desc));
}

struct ctf_type *synth_int(unsigned int size, bool is_signed)
{
	return synth_int_desc(&(struct ctf_integer_desc){
		.size = size, .is_signed = is_signed});
}

struct ctf_type *synth_struct(void)
{
	return must(ctf_type_struct_create());
}

void synth_must(int ret)
{
	if (ret)
		must(NULL);
}

void synth_add(struct ctf_type *compound, const char *name,
	       struct ctf_type *type)
{
	synth_must(ctf_type_add_field(compound, name, must(type)));
}

int synth_sync_metadata(struct synth *s)
{
	size_t len;
	const char *text =
		ctf_metadata_text_since(s->md, s->metadata_written, &len);
	int ret;

	if (s->packetized)
		ret = ctf_metadata_stream_write(s->metadata_fd,
						ctf_metadata_uuid(s->md), text,
						len, &s->err);
	else
		ret = ctf_write_all(s->metadata_fd, text, len, "metadata",
				    &s->err);
	if (!ret)
		s->metadata_written += len;
	return ret;
}

int synth_begin(struct synth *s, const char *hostname, int64_t clock_offset)
{
	const struct ctf_env_entry env[] = {
		{"hostname", hostname, 0},
		{"domain", "ust", 0},
		{"tracer_name", "lttng-ust", 0},
		{"tracer_major", NULL, 2},
		{"tracer_minor", NULL, 13},
		{"tracer_patchlevel", NULL, 0},
		{"tracer_buffering_scheme", "uid", 0},
		{"tracer_buffering_id", NULL, 0},
		{"architecture_bit_width", NULL, 64},
		{"trace_name", "synth", 0},
		{"trace_creation_datetime", "20231114T221320+0000", 0},
		{"product_uri", "https://lttng.org", 0},
	};
	struct ctf_trace_desc desc = {
		.env = env,
		.nr_env = sizeof(env) / sizeof(env[0]),
		.clock =
			{
				.name = "monotonic",
				.has_uuid = true,
				.description = "Monotonic Clock",
				.freq = 1000000000,
				.offset = clock_offset,
			},
	};
	char path[4096];

	memcpy(desc.uuid, trace_uuid, CTF_UUID_LEN);
	memcpy(desc.clock.uuid, clock_uuid, CTF_UUID_LEN);
	s->md = ctf_metadata_create(&desc, &s->err);
	if (!s->md)
		return -EINVAL;
	snprintf(path, sizeof(path), "%s/metadata", s->dir);
	s->metadata_fd =
		open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (s->metadata_fd < 0)
		return ctf_error_set(&s->err, -errno, "cannot create '%s': %s",
				     path, strerror(errno));
	return synth_sync_metadata(s);
}

int synth_stream_class(struct synth *s, uint32_t id,
		       enum ctf_event_header_kind header,
		       struct ctf_type *context)
{
	int ret = ctf_metadata_add_stream_class(s->md, id, header, context,
						&s->err);

	return ret ? ret : synth_sync_metadata(s);
}

const struct ctf_event_class *synth_event_class(struct synth *s, uint32_t id,
						uint32_t stream_id,
						const char *name,
						struct ctf_type *payload)
{
	const struct ctf_event_desc desc = {
		.id = id,
		.stream_id = stream_id,
		.name = name,
		.has_loglevel = true,
		.loglevel = 13,
	};

	if (ctf_metadata_add_event_class(s->md, &desc, payload, &s->err) ||
	    synth_sync_metadata(s))
		return NULL;
	return ctf_metadata_event_class(s->md, stream_id, id);
}

struct ctf_stream_writer *synth_stream(struct synth *s, uint32_t stream_id,
				       const char *name, uint32_t cpu,
				       size_t packet_size)
{
	const struct sink_stream_desc desc = {.name = name, .with_index = true};
	struct ctf_stream_writer_config config = {
		.metadata = s->md,
		.stream_id = stream_id,
		.stream_instance_id = cpu,
		.cpu_id = cpu,
		.packet_size = packet_size,
	};

	if (file_sink_open_in_dir(s->dir, NULL, &desc, &config.stream, &s->err))
		return NULL;
	return ctf_stream_writer_create(&config, &s->err);
}

void synth_end(struct synth *s)
{
	if (s->metadata_fd >= 0)
		close(s->metadata_fd);
	ctf_metadata_destroy(s->md);
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Creates dir (and its parents); it must not exist or be empty. */
static int make_trace_dir(const char *dir)
{
	DIR *d;
	struct dirent *e;
	int ret = paths_mkdir_p(dir, 0770);

	if (ret) {
		errno = -ret;
		goto fail;
	}
	d = opendir(dir);
	if (!d)
		goto fail;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			break;
	closedir(d);
	if (e) {
		fprintf(stderr, "ctf-synth: '%s' is not empty\n", dir);
		return -1;
	}
	return 0;
fail:
	fprintf(stderr, "ctf-synth: cannot create '%s': %s\n", dir,
		strerror(errno));
	return -1;
}

static void usage(void)
{
	const struct synth_scenario *sc;

	fprintf(stderr, "usage: ctf-synth SCENARIO DIR\nscenarios:\n");
	for (sc = synth_scenarios; sc->name; sc++)
		fprintf(stderr, "  %-22s %s\n", sc->name, sc->help);
}

int main(int argc, char **argv)
{
	const struct synth_scenario *sc;
	struct synth s = {.metadata_fd = -1};
	int ret;

	if (argc != 3) {
		usage();
		return 2;
	}
	for (sc = synth_scenarios; sc->name; sc++)
		if (!strcmp(sc->name, argv[1]))
			break;
	if (!sc->name) {
		fprintf(stderr, "ctf-synth: unknown scenario '%s'\n", argv[1]);
		usage();
		return 2;
	}
	if (make_trace_dir(argv[2]))
		return 1;
	s.dir = argv[2];
	ret = sc->run(&s);
	synth_end(&s);
	if (ret) {
		fprintf(stderr, "ctf-synth: %s: %s\n", sc->name, s.err.message);
		nftw(argv[2], remove_entry, 16, FTW_DEPTH | FTW_PHYS);
		return 1;
	}
	return 0;
}
