/*
 * The workload of the kernel domain's integration tests and benchmark.
 *
 *   ksyscalls open PATH COUNT   prints "tid=N", then COUNT times opens
 *                               PATH (openat), prints "fd=N", closes it
 *   ksyscalls probe COUNT       calls ksyscalls_probe_target() COUNT
 *                               times (a uprobe target, which also holds
 *                               the SDT probe ksyscalls:target), prints
 *                               "tid=N"
 *   ksyscalls loop COUNT        COUNT getppid() calls; prints the mean
 *                               cost in ns ("ns_per_call=X")
 *   ksyscalls paced RATE SECS   RATE getppid() calls per second for SECS
 *                               seconds (in 1 ms bursts); prints
 *                               "calls=N"
 *
 * Output is flushed line by line so that a test sees it in order.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/*
 * Not inlined, not static: a stable symbol for uprobes. Its body holds a
 * SystemTap SDT probe point, ksyscalls:target (no arguments, no
 * semaphore): a nop and its .note.stapsdt note (type 3, owner
 * "stapsdt"; pc, .stapsdt.base address, semaphore, provider, name,
 * argument string), written out here as <sys/sdt.h> would.
 */
__attribute__((noinline)) int ksyscalls_probe_target(int value)
{
	__asm__ volatile("990: nop\n"
			 ".pushsection .note.stapsdt,\"?\",\"note\"\n"
			 ".balign 4\n"
			 ".4byte 992f-991f, 994f-993f, 3\n"
			 "991: .asciz \"stapsdt\"\n"
			 "992: .balign 4\n"
			 "993: .8byte 990b\n"
			 ".8byte _.stapsdt.base\n"
			 ".8byte 0\n"
			 ".asciz \"ksyscalls\"\n"
			 ".asciz \"target\"\n"
			 ".asciz \"\"\n"
			 "994: .balign 4\n"
			 ".popsection\n"
			 ".ifndef _.stapsdt.base\n"
			 ".pushsection .stapsdt.base,\"aG\",\"progbits\","
			 ".stapsdt.base,comdat\n"
			 ".weak _.stapsdt.base\n"
			 ".hidden _.stapsdt.base\n"
			 "_.stapsdt.base: .space 1\n"
			 ".size _.stapsdt.base, 1\n"
			 ".popsection\n"
			 ".endif\n"
			 :
			 : "r"(value)
			 : "memory");
	return value + 1;
}

static int do_open(const char *path, long count)
{
	long i;

	printf("tid=%ld\n", (long)syscall(SYS_gettid));
	for (i = 0; i < count; i++) {
		int fd = openat(AT_FDCWD, path, O_RDONLY);

		if (fd < 0) {
			perror(path);
			return 1;
		}
		printf("fd=%d\n", fd);
		close(fd);
	}
	return 0;
}

static int do_probe(long count)
{
	long i;
	int sum = 0;

	printf("tid=%ld\n", (long)syscall(SYS_gettid));
	for (i = 0; i < count; i++)
		sum += ksyscalls_probe_target((int)i);
	printf("sum=%d\n", sum);
	return 0;
}

static int do_loop(long count)
{
	struct timespec begin, end;
	double ns;
	long i;

	clock_gettime(CLOCK_MONOTONIC, &begin);
	for (i = 0; i < count; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &end);
	ns = (double)(end.tv_sec - begin.tv_sec) * 1e9 +
	     (double)(end.tv_nsec - begin.tv_nsec);
	printf("ns_per_call=%.1f\n", ns / (double)count);
	return 0;
}

static double seconds_since(const struct timespec *begin)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - begin->tv_sec) +
	       (double)(now.tv_nsec - begin->tv_nsec) / 1e9;
}

static int do_paced(long rate, double secs)
{
	const struct timespec tick = {0, 1000000};
	struct timespec begin;
	long calls = 0;

	clock_gettime(CLOCK_MONOTONIC, &begin);
	for (;;) {
		double elapsed = seconds_since(&begin);
		long due = (long)(elapsed * (double)rate);

		if (elapsed >= secs)
			break;
		while (calls < due) {
			syscall(SYS_getppid);
			calls++;
		}
		nanosleep(&tick, NULL);
	}
	printf("calls=%ld\n", calls);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "open"))
		return do_open(argv[2], atol(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "probe"))
		return do_probe(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "loop"))
		return do_loop(atol(argv[2]));
	if (argc == 4 && !strcmp(argv[1], "paced"))
		return do_paced(atol(argv[2]), atof(argv[3]));
	fprintf(stderr, "usage: ksyscalls open PATH COUNT | probe COUNT | "
			"loop COUNT | paced RATE SECS\n");
	return 2;
}
