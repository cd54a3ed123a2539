/*
 * The metadata's clock block of a trace clock: what the CTF writer
 * declares for a trace_clock_desc (trace-clock/calibration.h) that the
 * session daemon or the kernel consumer measured. The trace clock knows
 * nothing of CTF; the CTF writer reads its description.
 */
#ifndef CTF_CLOCK_BLOCK_H
#define CTF_CLOCK_BLOCK_H

#include "ctf/metadata.h"
#include "trace-clock/calibration.h"

/* The clock block for desc (its strings point into desc). */
void ctf_clock_block_from_trace_clock(const struct trace_clock_desc *desc,
				      struct ctf_clock_desc *out);

#endif /* CTF_CLOCK_BLOCK_H */
