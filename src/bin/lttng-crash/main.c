/*
 * lttng-crash [--extract=DIR | --viewer=READER] [-v]... SHMDIR: the
 * command line (options, help, version, exit statuses as LTTng 2.13's
 * lttng-crash), and the choice between extracting the recovered traces
 * to DIR and showing them with a trace reader from a temporary
 * directory. extract.c walks SHMDIR, stream-extract.c recovers one
 * ring buffer.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "extract.h"
#include "ringbuffer/invariant.h"
#include "util/log.h"
#include "util/man-page.h"
#include "util/output-dir.h"
#include "viewer.h"

enum exit_status {
	EXIT_OK = 0,
	EXIT_ERROR = 1,
	EXIT_FATAL = 3,
};

#define VERSION_TEXT "2.13.9 - Nordicit\xc3\xa9"

enum { OPT_LIST_OPTIONS = 256 };

static const struct option long_options[] = {
	{"version", no_argument, NULL, 'V'},
	{"help", no_argument, NULL, 'h'},
	{"verbose", no_argument, NULL, 'v'},
	{"viewer", required_argument, NULL, 'e'},
	{"extract", required_argument, NULL, 'x'},
	{"list-options", no_argument, NULL, OPT_LIST_OPTIONS},
	{NULL, 0, NULL, 0},
};

struct crash_opts {
	const char *extract_dir; /* -x */
	const char *viewer;	 /* -e */
	const char *shm_dir;
};

/* The options as LTTng lists them: long name, then short name. */
static void list_options(void)
{
	for (const struct option *o = long_options; o->name; o++) {
		printf("--%s\n", o->name);
		if (o->val < 256)
			printf("-%c\n", o->val);
	}
}

/* Shows lttng-crash(1) with man (LTTNG_MAN_BIN_PATH overrides it). */
static int show_help(void)
{
	man_page_exec(1, "lttng-crash");
	ERR("Cannot view man page `lttng-crash(1)`: %s", strerror(errno));
	return EXIT_ERROR;
}

/*
 * Parses argv. Returns -1 to go on, else the exit status to leave with
 * (help, version, list of options, bad option).
 */
static int parse_options(int argc, char **argv, struct crash_opts *opts)
{
	int opt;

	while ((opt = getopt_long(argc, argv, "+Vhve:x:", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case 'V':
			printf("%s (LTTng Crash Trace Viewer) " VERSION_TEXT
			       "\n",
			       argv[0]);
			return EXIT_OK;
		case 'h':
			return show_help();
		case 'v':
			if (log_verbosity < 3)
				log_verbosity++;
			break;
		case 'e':
			opts->viewer = optarg;
			break;
		case 'x':
			opts->extract_dir = optarg;
			break;
		case OPT_LIST_OPTIONS:
			list_options();
			return EXIT_OK;
		default:
			ERR("Unknown command-line option");
			return EXIT_ERROR;
		}
	}
	if (optind + 1 != argc) {
		ERR("Command-line error: Specify exactly one input path");
		return EXIT_ERROR;
	}
	opts->shm_dir = argv[optind];
	return -1;
}

/*
 * The exit status of an extraction; *walked tells whether SHMDIR could
 * be read at all (LTTng then runs the viewer, even after errors below).
 */
static int extract_to(const char *shm_dir, const char *out_dir, bool *walked)
{
	struct extract_totals totals;

	*walked = extract_traces(shm_dir, out_dir, &totals) == 0;
	if (!*walked)
		return EXIT_ERROR;
	DBG("%u traces, %u streams recovered from %s", totals.traces,
	    totals.streams, shm_dir);
	return totals.errors ? EXIT_ERROR : EXIT_OK;
}

/* -x DIR: DIR must not exist yet; it is created with its parents. */
static int extract_mode(const struct crash_opts *opts)
{
	struct stat st;
	bool walked;
	int ret;

	if (stat(opts->extract_dir, &st) == 0) {
		errno = EEXIST;
		log_perror("lttng-crash.c", "main", 1234, "mkdir");
		return EXIT_ERROR;
	}
	ret = output_dir_create(opts->extract_dir, geteuid(), getegid());
	if (ret) {
		errno = -ret;
		log_perror("lttng-crash.c", "main", 1234, "mkdir");
		return EXIT_ERROR;
	}
	return extract_to(opts->shm_dir, opts->extract_dir, &walked);
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path) ? -1 : 0;
}

/* Without -x: recovered into a temporary directory shown by a reader. */
static int view_mode(const struct crash_opts *opts)
{
	char tmp_dir[] = "/tmp/lttng-crash-XXXXXX";
	bool walked;
	int ret;

	if (!mkdtemp(tmp_dir)) {
		log_perror("lttng-crash.c", "main", 1260, "mkdtemp");
		return EXIT_FATAL;
	}
	ret = extract_to(opts->shm_dir, tmp_dir, &walked);
	if (walked && viewer_run(opts->viewer, tmp_dir))
		ret = EXIT_ERROR;
	if (nftw(tmp_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS))
		WARN("Cannot remove the temporary directory %s", tmp_dir);
	return ret;
}

int main(int argc, char **argv)
{
	struct crash_opts opts = {0};
	int ret;

	/* Buffers of a crash may be damaged: report, never abort. */
	rb_invariant_abort = false;
	if (argc == 1)
		return show_help(); /* as LTTng's, without any argument */
	ret = parse_options(argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (opts.extract_dir)
		return extract_mode(&opts);
	return view_mode(&opts);
}
