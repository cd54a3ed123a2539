/*
 * Extraction of the traces of a --shm-path directory tree: every
 * directory of SHMDIR that holds ring buffer stream files (and the
 * `metadata` text the consumer daemon kept next to them) becomes a CTF
 * trace at the same relative path under the output directory
 * (<session>-<date>/ust/uid/<uid>/64-bit, ...), as lttng-crash lays it.
 */
#ifndef CRASH_EXTRACT_H
#define CRASH_EXTRACT_H

struct extract_totals {
	unsigned int traces;  /* directories written as traces */
	unsigned int streams; /* stream files recovered */
	unsigned int errors;  /* files that could not be recovered */
};

/*
 * Walks shm_dir and writes the traces under out_dir, which must exist.
 * 0 (files that cannot be recovered are reported and counted in
 * totals->errors), or -errno when shm_dir cannot be read (reported).
 */
int extract_traces(const char *shm_dir, const char *out_dir,
		   struct extract_totals *totals);

#endif /* CRASH_EXTRACT_H */
