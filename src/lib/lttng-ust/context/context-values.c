/*
 * Implementation of context-values.h. Per-process caches are plain
 * globals written racily with the same value (idempotent); per-thread
 * caches are initial-exec TLS. A generation counter invalidates the
 * per-thread caches of every thread at once.
 */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "context-values.h"
#include "ringbuffer/cpu.h"

#define TLS __thread __attribute__((tls_model("initial-exec")))

#define NR_NS 8

/* Namespace contexts in the order of ns_names. */
static const struct {
	uint32_t type;
	const char *name;
} ns_names[NR_NS] = {
	{UST_CONTEXT_CGROUP_NS, "cgroup"}, {UST_CONTEXT_IPC_NS, "ipc"},
	{UST_CONTEXT_MNT_NS, "mnt"},	   {UST_CONTEXT_NET_NS, "net"},
	{UST_CONTEXT_PID_NS, "pid"},	   {UST_CONTEXT_TIME_NS, "time"},
	{UST_CONTEXT_USER_NS, "user"},	   {UST_CONTEXT_UTS_NS, "uts"},
};

/* Bumped by resets; threads compare it with the generation they saw. */
static unsigned int cache_generation = 1;

static struct {
	unsigned int generation;
	pid_t pid;
	uid_t uid, euid, suid;
	gid_t gid, egid, sgid;
} process_cache;

struct thread_cache {
	unsigned int generation;
	pid_t tid;
	char procname[UST_CTX_PROCNAME_LEN];
	uint64_t ns[NR_NS];
};

static TLS struct thread_cache thread_cache;

static unsigned int current_generation(void)
{
	return __atomic_load_n(&cache_generation, __ATOMIC_ACQUIRE);
}

static void fill_process_cache(unsigned int generation)
{
	process_cache.pid = getpid();
	getresuid(&process_cache.uid, &process_cache.euid, &process_cache.suid);
	getresgid(&process_cache.gid, &process_cache.egid, &process_cache.sgid);
	__atomic_store_n(&process_cache.generation, generation,
			 __ATOMIC_RELEASE);
}

/* The inode of /proc/thread-self/ns/NAME, 0 when it cannot be read. */
static uint64_t ns_inode(const char *name)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/thread-self/ns/%s", name);
	if (stat(path, &st))
		return 0;
	return (uint64_t)st.st_ino;
}

static void fill_thread_cache(struct thread_cache *c, unsigned int generation)
{
	size_t i;

	c->tid = (pid_t)syscall(SYS_gettid);
	memset(c->procname, 0, sizeof(c->procname));
	prctl(PR_GET_NAME, (unsigned long)c->procname, 0, 0, 0);
	c->procname[UST_CTX_PROCNAME_LEN - 1] = '\0';
	for (i = 0; i < NR_NS; i++)
		c->ns[i] = ns_inode(ns_names[i].name);
	c->generation = generation;
}

static const struct thread_cache *thread_values(void)
{
	unsigned int generation = current_generation();

	if (__builtin_expect(thread_cache.generation != generation, 0))
		fill_thread_cache(&thread_cache, generation);
	return &thread_cache;
}

static void process_values(void)
{
	unsigned int generation = current_generation();

	if (__builtin_expect(__atomic_load_n(&process_cache.generation,
					     __ATOMIC_ACQUIRE) != generation,
			     0))
		fill_process_cache(generation);
}

/* ns_names index of a namespace context type (the enum is contiguous). */
static uint64_t ns_value(uint32_t type)
{
	unsigned int i = type - UST_CONTEXT_CGROUP_NS;

	if (i >= NR_NS)
		return 0;
	assert(ns_names[i].type == type);
	return thread_values()->ns[i];
}

int64_t ust_ctx_value_integer(uint32_t type)
{
	switch (type) {
	case UST_CONTEXT_VPID:
		process_values();
		return process_cache.pid;
	case UST_CONTEXT_VTID:
		return thread_values()->tid;
	case UST_CONTEXT_PTHREAD_ID:
		return (int64_t)(uint64_t)pthread_self();
	case UST_CONTEXT_CPU_ID:
		return ust_ctx_value_cpu_id();
	case UST_CONTEXT_VUID:
		process_values();
		return process_cache.uid;
	case UST_CONTEXT_VEUID:
		process_values();
		return process_cache.euid;
	case UST_CONTEXT_VSUID:
		process_values();
		return process_cache.suid;
	case UST_CONTEXT_VGID:
		process_values();
		return process_cache.gid;
	case UST_CONTEXT_VEGID:
		process_values();
		return process_cache.egid;
	case UST_CONTEXT_VSGID:
		process_values();
		return process_cache.sgid;
	default:
		return (int64_t)ns_value(type);
	}
}

const char *ust_ctx_value_procname(void)
{
	return thread_values()->procname;
}

/* The CPU the ring buffer picks its stream by (getcpu override included). */
int32_t ust_ctx_value_cpu_id(void)
{
	return rb_current_cpu();
}

void ust_ctx_values_reset(void)
{
	__atomic_add_fetch(&cache_generation, 1, __ATOMIC_ACQ_REL);
}

static void reset_in_child(void)
{
	ust_ctx_values_reset();
}

static void __attribute__((constructor)) register_fork_reset(void)
{
	pthread_atfork(NULL, NULL, reset_in_child);
}
