/*
 * ctf-synth: writes complete synthetic CTF traces with the CTF writer
 * library (metadata, data streams, indexes) for the integration tests and
 * `make demo`. synth.c holds the trace plumbing shared by the scenarios
 * (scenarios.c); each scenario builds its classes and events.
 */
#ifndef CTF_SYNTH_H
#define CTF_SYNTH_H

#include <stdbool.h>
#include <stdint.h>

#include "ctf/metadata.h"
#include "ctf/serialize.h"
#include "ctf/stream-writer.h"
#include "ctf/type.h"

/* The trace being written into one directory. */
struct synth {
	const char *dir;
	bool packetized; /* metadata as packets, appended as it grows */
	struct ctf_metadata *md;
	int metadata_fd;
	size_t metadata_written; /* bytes of TSDL already in the file */
	struct ctf_error err;
};

/* Clock offset of the synthetic traces: 2023-11-14T22:13:20Z in ns. */
#define SYNTH_CLOCK_OFFSET INT64_C(1700000000000000000)

/*
 * Starts a trace in s->dir with the LTTng-UST-like env and clock
 * (hostname given, fixed creation date, the clock offset above) and
 * writes the metadata file. Returns 0 or a negative errno (message in
 * s->err), as every function below.
 */
int synth_begin(struct synth *s, const char *hostname, int64_t clock_offset);

/* Adds a stream class (context may be NULL) and syncs the metadata. */
int synth_stream_class(struct synth *s, uint32_t id,
		       enum ctf_event_header_kind header,
		       struct ctf_type *context);

/* Adds an event class (loglevel 13, like LTTng's default) and syncs. */
const struct ctf_event_class *synth_event_class(struct synth *s, uint32_t id,
						uint32_t stream_id,
						const char *name,
						struct ctf_type *payload);

/* Opens a data stream file with an index. */
struct ctf_stream_writer *synth_stream(struct synth *s, uint32_t stream_id,
				       const char *name, uint32_t cpu,
				       size_t packet_size);

/* Writes the metadata text added since the last sync. */
int synth_sync_metadata(struct synth *s);

void synth_end(struct synth *s);

/* Type shorthands; they exit on allocation failure. */
struct ctf_type *synth_int(unsigned int size, bool is_signed);
struct ctf_type *synth_int_desc(const struct ctf_integer_desc *desc);
struct ctf_type *synth_struct(void);
void synth_add(struct ctf_type *compound, const char *name,
	       struct ctf_type *type);
/* Exits when an add function ran out of memory (ret != 0). */
void synth_must(int ret);

/* A scenario: returns 0 or a negative errno with s->err filled. */
struct synth_scenario {
	const char *name;
	const char *help;
	int (*run)(struct synth *s);
};

extern const struct synth_scenario synth_scenarios[];

#endif /* CTF_SYNTH_H */
