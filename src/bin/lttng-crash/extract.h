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
 * 0 (files and directories that cannot be recovered or read, and files
 * that are neither regular files, directories nor symbolic links, are
 * counted in totals->errors, the unreadable directories reported), or
 * -errno when shm_dir itself cannot be opened (reported).
 */
int extract_traces(const char *shm_dir, const char *out_dir,
		   struct extract_totals *totals);

#endif /* CRASH_EXTRACT_H */
