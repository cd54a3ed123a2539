/*
 * lttng-consumerd: started by lttng-sessiond with one end of a
 * socketpair (--sessiond-fd). Parses the options and runs the consumer
 * of the requested domain; `--ust` (the default) is the user space
 * consumer (ust-consumer.c); `--kernel` runs the kernel consumer
 * (kernel/kconsumer.c). SIGTERM/SIGINT, or the
 * session daemon hanging up, end it after every buffer was written out.
 */
#include <getopt.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace-clock/clock-override.h"
#include "consume-thread.h"
#include "kernel/kconsumer.h"
#include "ringbuffer/invariant.h"
#include "health/health.h"
#include "ust-consumer.h"
#include "util/log.h"

enum consumer_domain { DOMAIN_UST, DOMAIN_KERNEL };

struct consumerd_options {
	enum consumer_domain domain;
	int sessiond_fd;
	int health_fd; /* the session daemon's health table for us, or -1 */
};

enum { OPT_SESSIOND_FD = 256, OPT_HEALTH_FD };

static const struct option long_options[] = {
	{"ust", no_argument, NULL, 'u'},
	{"kernel", no_argument, NULL, 'k'},
	{"sessiond-fd", required_argument, NULL, OPT_SESSIOND_FD},
	{"health-fd", required_argument, NULL, OPT_HEALTH_FD},
	{"verbose", no_argument, NULL, 'v'},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static const char usage_text[] =
	"Usage: lttng-consumerd [--ust | --kernel] --sessiond-fd=FD\n"
	"                      [--health-fd=FD] [-v]...\n"
	"\n"
	"Started by lttng-sessiond; not meant to be run by hand.\n";

static int parse_fd(const char *text)
{
	char *end;
	long fd = strtol(text, &end, 10);

	return *text && !*end && fd >= 0 && fd < 65536 ? (int)fd : -1;
}

static int parse_options(int argc, char **argv, struct consumerd_options *o)
{
	int opt;

	o->domain = DOMAIN_UST;
	o->sessiond_fd = -1;
	o->health_fd = -1;
	while ((opt = getopt_long(argc, argv, "ukvqh", long_options, NULL)) !=
	       -1) {
		switch (opt) {
		case 'u':
			o->domain = DOMAIN_UST;
			break;
		case 'k':
			o->domain = DOMAIN_KERNEL;
			break;
		case OPT_SESSIOND_FD:
			o->sessiond_fd = parse_fd(optarg);
			break;
		case OPT_HEALTH_FD:
			o->health_fd = parse_fd(optarg);
			break;
		case 'v':
			log_verbosity++;
			break;
		case 'q':
			log_quiet = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 1;
		default:
			return -1;
		}
	}
	if (o->sessiond_fd < 0) {
		ERR("Missing or invalid --sessiond-fd");
		return -1;
	}
	return 0;
}

static int run_ust(int sessiond_fd)
{
	int ret = consume_thread_start();

	if (ret) {
		ERR("Cannot start the consumption thread: %s", strerror(-ret));
		return EXIT_FAILURE;
	}
	ret = ust_consumer_run(sessiond_fd);
	consume_thread_stop();
	ust_consumer_shutdown();
	return ret ? EXIT_FAILURE : EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
	struct consumerd_options opts;
	int ret;

	/*
	 * Trace files get the modes they are created with (0660, and 0770
	 * for directories), whatever the session daemon's umask: LTTng's
	 * traces are group-writable. This daemon creates no other file.
	 */
	umask(0);
	/* Traced processes write the buffers: report damage, never abort. */
	rb_invariant_abort = false;
	ret = parse_options(argc, argv, &opts);

	if (ret)
		return ret > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	signal(SIGPIPE, SIG_IGN);
	if (opts.health_fd >= 0 && health_attach(opts.health_fd))
		WARN("Cannot attach to the health table: no health checks");
	if (opts.domain == DOMAIN_KERNEL)
		return kernel_consumerd_main(opts.sessiond_fd);
	/* Channels the session daemon declares with the plugin's clock. */
	trace_clock_plugin_set(ust_clock_override());
	/* The session daemon stops us by closing the socket. */
	signal(SIGINT, SIG_IGN);
	return run_ust(opts.sessiond_fd);
}
