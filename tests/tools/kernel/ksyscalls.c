/*
 * The workload of the kernel domain's integration tests and benchmark.
 *
 *   ksyscalls open PATH COUNT   prints "tid=N", then COUNT times opens
 *                               PATH (openat), prints "fd=N", closes it
 *   ksyscalls open-many PREFIX COUNT same|numbered
 *                               prints "tid=N", then opens PREFIX00000
 *                               ... PREFIX<COUNT-1> (5 digits, openat,
 *                               one buffer rewritten each time; the
 *                               files need not exist) with mode 0
 *                               (same) or the path's number (numbered),
 *                               closing what opened
 *   ksyscalls ctx-children COUNT
 *                               COUNT short-lived children, one after
 *                               the other, each with nice COUNT % 20;
 *                               every third one in new UTS, IPC and
 *                               network namespaces, every third (+1)
 *                               in a new pid namespace (a grandchild
 *                               there does the work: vpid 1, vppid 0);
 *                               each execs "ksyscalls ctx-report", which
 *                               opens /lttng-ctx/<its own facts> (tid,
 *                               pid, ppid, vtid, vpid, vppid, prio,
 *                               nice, the 8 namespace inodes, from
 *                               /proc/self and the system calls) and
 *                               exits; prints "children=N"
 *   ksyscalls open-cold FILE    maps FILE (which holds a NUL-terminated
 *                               path) privately without touching it,
 *                               prints "tid=N" and "resident=0|1" (the
 *                               mapped page's present bit in
 *                               /proc/self/pagemap, read just before),
 *                               then opens the path straight from the
 *                               mapping, so the kernel faults the page
 *                               in during openat; prints "fd=N"
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
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
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

/*
 * Whether the page holding addr is mapped in this process's page tables
 * (bit 63 of its /proc/self/pagemap entry): 1, 0, or -1 when unknown.
 */
static int do_open_many(const char *prefix, long count, int numbered)
{
	char path[4096];
	long i;
	int fd;

	printf("tid=%ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	for (i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s%05ld", prefix, i);
		fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY,
				  numbered ? (int)i : 0);
		if (fd >= 0)
			close(fd);
	}
	return 0;
}

/* The inode of /proc/self/ns/NAME (0 when absent). */
static unsigned long ns_inode(const char *name)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	return stat(path, &st) ? 0 : (unsigned long)st.st_ino;
}

/* The value of a "Key:\tN" line of /proc/self/status, -1 if absent. */
static long status_value(const char *key)
{
	char line[256];
	size_t n = strlen(key);
	long v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = atol(line + n + 1);
	if (f)
		fclose(f);
	return v;
}

/* stat's priority (prio - 100) and nice, fields 18 and 19. */
static void stat_priority(long *prio, long *nice)
{
	char buf[1024], *p;
	size_t n;
	int i;
	FILE *f = fopen("/proc/self/stat", "r");

	*prio = *nice = -1000;
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	for (i = 0; p && i < 16; i++) { /* ") S ppid ..." to field 18 */
		p = strchr(p + 1, ' ');
	}
	if (p)
		sscanf(p + 1, "%ld %ld", prio, nice);
}

/* Opens a path naming this process's facts (from /proc, whose pid
 * namespace is the root one, and from the system calls), then exits. */
static int do_ctx_report(void)
{
	char path[512];
	long prio, nice;

	stat_priority(&prio, &nice);
	snprintf(path, sizeof(path),
		 "/lttng-ctx/tid=%ld,pid=%ld,ppid=%ld,vtid=%ld,vpid=%ld,"
		 "vppid=%ld,prio=%ld,nice=%ld,c=%lu,i=%lu,m=%lu,n=%lu,p=%lu,"
		 "t=%lu,u=%lu,s=%lu",
		 status_value("Pid"), status_value("Tgid"),
		 status_value("PPid"), (long)syscall(SYS_gettid),
		 (long)getpid(), (long)getppid(), prio, nice,
		 ns_inode("cgroup"), ns_inode("ipc"), ns_inode("mnt"),
		 ns_inode("net"), ns_inode("pid"), ns_inode("time"),
		 ns_inode("user"), ns_inode("uts"));
	syscall(SYS_openat, AT_FDCWD, path, O_RDONLY, 0);
	return 0;
}

/* Child i of ctx-children: its nice and namespaces, then the report. */
static void ctx_child(long i)
{
	char *args[] = {"ksyscalls", "ctx-report", NULL};
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	pid_t grandchild;

	if (n <= 0)
		_exit(2);
	self[n] = '\0';

	if (setpriority(PRIO_PROCESS, 0, (int)(i % 20)))
		_exit(3);
	if (i % 3 == 0 && unshare(CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET))
		_exit(4);
	if (i % 3 == 1) {
		if (unshare(CLONE_NEWPID))
			_exit(5);
		grandchild = fork();
		if (grandchild < 0)
			_exit(6);
		if (grandchild) {
			int status;

			waitpid(grandchild, &status, 0);
			_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 7);
		}
	}
	execv(self, args); /* (its name, not "exe", becomes the comm) */
	_exit(8);
}

static int do_ctx_children(long count)
{
	long i;
	int status;
	pid_t child;

	for (i = 0; i < count; i++) {
		child = fork();
		if (child < 0)
			return 1;
		if (!child)
			ctx_child(i);
		if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "child %ld failed: %d\n", i, status);
			return 1;
		}
	}
	printf("children=%ld\n", count);
	return 0;
}

static int page_present(const void *addr)
{
	long page = sysconf(_SC_PAGESIZE);
	off_t off = (off_t)((uintptr_t)addr / (uintptr_t)page) * 8;
	uint64_t entry;
	int fd = open("/proc/self/pagemap", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = pread(fd, &entry, sizeof(entry), off);
	close(fd);
	if (n != (ssize_t)sizeof(entry))
		return -1;
	return (int)(entry >> 63);
}

static int do_open_cold(const char *holder)
{
	long page = sysconf(_SC_PAGESIZE);
	const char *path;
	int hfd, fd;

	hfd = open(holder, O_RDONLY);
	if (hfd < 0) {
		perror(holder);
		return 1;
	}
	path = mmap(NULL, (size_t)page, PROT_READ, MAP_PRIVATE, hfd, 0);
	close(hfd);
	if (path == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	printf("tid=%ld\n", (long)syscall(SYS_gettid));
	printf("resident=%d\n", page_present(path));
	fd = openat(AT_FDCWD, path, O_RDONLY);
	printf("fd=%d\n", fd);
	if (fd >= 0)
		close(fd);
	munmap((void *)path, (size_t)page);
	return fd < 0;
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
	if (argc == 5 && !strcmp(argv[1], "open-many"))
		return do_open_many(argv[2], atol(argv[3]),
				    !strcmp(argv[4], "numbered"));
	if (argc == 3 && !strcmp(argv[1], "ctx-children"))
		return do_ctx_children(atol(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "ctx-report"))
		return do_ctx_report();
	if (argc == 3 && !strcmp(argv[1], "open-cold"))
		return do_open_cold(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "probe"))
		return do_probe(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "loop"))
		return do_loop(atol(argv[2]));
	if (argc == 4 && !strcmp(argv[1], "paced"))
		return do_paced(atol(argv[2]), atof(argv[3]));
	fprintf(stderr, "usage: ksyscalls open PATH COUNT | open-cold FILE | "
			"probe COUNT | "
			"loop COUNT | paced RATE SECS\n");
	return 2;
}
