/*
 * A cpuset (cgroup v1 "cpuset" hierarchy) for the ring buffer tests:
 * created beside the test's own, threads moved in, its CPUs changed
 * mid-test (a container's cpuset shrinking after channel creation), and
 * removed with every thread moved back out.
 */
#ifndef TEST_RB_CPUSET_H
#define TEST_RB_CPUSET_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

struct test_cpuset {
	char dir[PATH_MAX + 64];
	char parent[PATH_MAX];
};

/*
 * Creates a cpuset of CPUs `cpus` (a cpuset.cpus list, "0-1") under the
 * calling process's own. NULL, or why it cannot (not root, no cpuset
 * hierarchy mounted): the caller skips with that reason.
 */
const char *test_cpuset_create(struct test_cpuset *c, const char *cpus);

/* Writes cpuset.cpus (the kernel moves the threads inside). 0 or -errno. */
int test_cpuset_set_cpus(struct test_cpuset *c, const char *cpus);

/* Moves thread `tid` (gettid()) into the cpuset. 0 or -errno. */
int test_cpuset_enter(struct test_cpuset *c, pid_t tid);

/*
 * Moves every thread of this process into the cpuset (as when a daemon's
 * cpuset changes), but the n threads in `except` (threads that stand for
 * other processes). 0 or -errno.
 */
int test_cpuset_enter_all_but(struct test_cpuset *c, const pid_t *except,
			      unsigned int n);

/* Moves every thread inside back to the parent and removes the cpuset. */
void test_cpuset_destroy(struct test_cpuset *c);

#endif /* TEST_RB_CPUSET_H */
