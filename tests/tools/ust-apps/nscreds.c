/*
 * ust-nscreds-app: records testapp:values events (seq = the step)
 * between namespace and credential changes, and prints, for each step,
 * the values the namespace and credential contexts must carry, read at
 * that moment: "step N vpid V vtid T uid U euid E suid S gid G egid E
 * sgid S cgroup_ns I ipc_ns I ..." (the inode of
 * /proc/thread-self/ns/<name>, 0 when missing). Run as root, preloaded
 * with liblttng-ust-fork.so (test_ust_context.py):
 *
 *   step 0      as started
 *   step 1      after unshare() of the UTS, IPC, network and cgroup
 *               namespaces (a process with threads can change no other)
 *   step 2      after setns() back into the starting UTS and network
 *               namespaces
 *   steps 3-12  in a forked child: once as forked, then after each of
 *               setgid, setegid, setregid, setresgid, seteuid (away and
 *               back), setreuid, setresuid and setuid
 *
 * Exits 0 when every call succeeded, 1 otherwise (with a message).
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testapp-tp.h"

static const char *const namespaces[] = {"cgroup", "ipc",  "mnt",  "net",
					 "pid",	   "time", "user", "uts"};

static unsigned long long ns_inode(const char *name)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/thread-self/ns/%s", name);
	return stat(path, &st) ? 0 : (unsigned long long)st.st_ino;
}

/* Records step `step`, then prints what its context must be. */
static void step(uint64_t step)
{
	int32_t triple[3] = {0, 0, 0};
	uid_t uid, euid, suid;
	gid_t gid, egid, sgid;

	lttng_ust_tracepoint(testapp, values, step, "step", triple, NULL, 0);
	getresuid(&uid, &euid, &suid);
	getresgid(&gid, &egid, &sgid);
	printf("step %llu vpid %d vtid %ld uid %u euid %u suid %u gid %u "
	       "egid %u sgid %u",
	       (unsigned long long)step, (int)getpid(),
	       (long)syscall(SYS_gettid), uid, euid, suid, gid, egid, sgid);
	for (size_t i = 0; i < sizeof(namespaces) / sizeof(namespaces[0]); i++)
		printf(" %s_ns %llu", namespaces[i], ns_inode(namespaces[i]));
	putchar('\n');
}

static void check(int ret, const char *what)
{
	if (ret) {
		fprintf(stderr, "ust-nscreds-app: %s: %m\n", what);
		exit(1);
	}
}

static int open_ns(const char *name)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/thread-self/ns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "ust-nscreds-app: %s: %m\n", path);
		exit(1);
	}
	return fd;
}

static void child_steps(void)
{
	step(3);
	check(setgid(10), "setgid");
	step(4);
	check(setegid(11), "setegid");
	step(5);
	check(setregid(12, 13), "setregid");
	step(6);
	check(setresgid(14, 15, 16), "setresgid");
	step(7);
	check(seteuid(20), "seteuid");
	step(8);
	check(seteuid(0), "seteuid back");
	step(9);
	check(setreuid(21, 22), "setreuid"); /* saved uid 22 too */
	step(10);
	check(setresuid((uid_t)-1, 21, (uid_t)-1), "setresuid");
	step(11);
	check(setuid(22), "setuid"); /* not root: the effective uid only */
	step(12);
}

int main(void)
{
	int uts = open_ns("uts"), net = open_ns("net"), status;
	pid_t child;

	setvbuf(stdout, NULL, _IOLBF, 0);
	step(0);
	check(unshare(CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |
		      CLONE_NEWCGROUP),
	      "unshare");
	step(1);
	check(setns(uts, CLONE_NEWUTS), "setns uts");
	check(setns(net, 0), "setns net");
	step(2);
	fflush(stdout);
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		child_steps();
		return 0;
	}
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}
