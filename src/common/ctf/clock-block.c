/*
 * Implementation of clock-block.h.
 */
#include <string.h>

#include "ctf/clock-block.h"

void ctf_clock_block_from_trace_clock(const struct trace_clock_desc *desc,
				      struct ctf_clock_desc *out)
{
	_Static_assert(sizeof(out->uuid) == sizeof(desc->uuid),
		       "a trace clock's UUID is the metadata's");
	out->name = desc->name;
	out->description = desc->description;
	out->has_uuid = desc->has_uuid;
	memcpy(out->uuid, desc->uuid, sizeof(out->uuid));
	out->freq = desc->freq;
	out->offset_s = desc->offset_s;
	out->offset = desc->offset;
	out->absolute = false;
}
