/*
 * Implementation of context-values.h. Per-process caches are plain
 * globals written racily with the same value (idempotent); per-thread
 * caches are initial-exec TLS. One generation counter per group of
 * values (ids, namespaces, uids, gids) invalidates that group's caches
 * in every thread at once.
 */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
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

/*
 * One counter per group of values that change together, bumped by the
 * resets of that group (ust_ctx_values_reset()); a cache compares each
 * with the one it was filled under. Bumped with release, read with
 * acquire: a thread that sees the new count re-reads the value after
 * the change that made the reset (the wrapper resets once the C
 * library's call returned).
 */
enum cache_group {
	GROUP_IDS, /* pid, tid, procname: fork */
	GROUP_NS,  /* namespaces: fork, setns, unshare */
	GROUP_UID, /* real, effective, saved uid: fork, set*uid, ... */
	GROUP_GID, /* the same for gid */
	NR_GROUPS,
};

static unsigned int group_generation[NR_GROUPS] = {1, 1, 1, 1};

static struct {
	unsigned int generation[NR_GROUPS]; /* GROUP_NS unused */
	pid_t pid;
	uid_t uid, euid, suid;
	gid_t gid, egid, sgid;
} process_cache;

struct thread_cache {
	unsigned int ids_generation, ns_generation;
	pid_t tid;
	char procname[UST_CTX_PROCNAME_LEN];
	uint64_t ns[NR_NS];
};

static TLS struct thread_cache thread_cache;

static unsigned int current_generation(enum cache_group group)
{
	return __atomic_load_n(&group_generation[group], __ATOMIC_ACQUIRE);
}

/* Whether the process cache of `group` is stale; its current count. */
static bool process_stale(enum cache_group group, unsigned int *generation)
{
	*generation = current_generation(group);
	return __builtin_expect(
		__atomic_load_n(&process_cache.generation[group],
				__ATOMIC_ACQUIRE) != *generation,
		0);
}

static void process_filled(enum cache_group group, unsigned int generation)
{
	__atomic_store_n(&process_cache.generation[group], generation,
			 __ATOMIC_RELEASE);
}

/* The process id, and the credentials of `group` when not GROUP_IDS. */
static void process_values(enum cache_group group)
{
	unsigned int generation;

	if (!process_stale(group, &generation))
		return;
	switch (group) {
	case GROUP_UID:
		getresuid(&process_cache.uid, &process_cache.euid,
			  &process_cache.suid);
		break;
	case GROUP_GID:
		getresgid(&process_cache.gid, &process_cache.egid,
			  &process_cache.sgid);
		break;
	default:
		process_cache.pid = getpid();
		break;
	}
	process_filled(group, generation);
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

static const struct thread_cache *thread_ids(void)
{
	struct thread_cache *c = &thread_cache;
	unsigned int generation = current_generation(GROUP_IDS);

	if (__builtin_expect(c->ids_generation != generation, 0)) {
		c->tid = (pid_t)syscall(SYS_gettid);
		memset(c->procname, 0, sizeof(c->procname));
		prctl(PR_GET_NAME, (unsigned long)c->procname, 0, 0, 0);
		c->procname[UST_CTX_PROCNAME_LEN - 1] = '\0';
		c->ids_generation = generation;
	}
	return c;
}

static const struct thread_cache *thread_namespaces(void)
{
	struct thread_cache *c = &thread_cache;
	unsigned int generation = current_generation(GROUP_NS);

	if (__builtin_expect(c->ns_generation != generation, 0)) {
		for (size_t i = 0; i < NR_NS; i++)
			c->ns[i] = ns_inode(ns_names[i].name);
		c->ns_generation = generation;
	}
	return c;
}

/* ns_names index of a namespace context type (the enum is contiguous). */
static uint64_t ns_value(uint32_t type)
{
	unsigned int i = type - UST_CONTEXT_CGROUP_NS;

	if (i >= NR_NS)
		return 0;
	assert(ns_names[i].type == type);
	return thread_namespaces()->ns[i];
}

int64_t ust_ctx_value_integer(uint32_t type)
{
	switch (type) {
	case UST_CONTEXT_VPID:
		process_values(GROUP_IDS);
		return process_cache.pid;
	case UST_CONTEXT_VTID:
		return thread_ids()->tid;
	case UST_CONTEXT_PTHREAD_ID:
		return (int64_t)(uint64_t)pthread_self();
	case UST_CONTEXT_CPU_ID:
		return ust_ctx_value_cpu_id();
	case UST_CONTEXT_VUID:
		process_values(GROUP_UID);
		return process_cache.uid;
	case UST_CONTEXT_VEUID:
		process_values(GROUP_UID);
		return process_cache.euid;
	case UST_CONTEXT_VSUID:
		process_values(GROUP_UID);
		return process_cache.suid;
	case UST_CONTEXT_VGID:
		process_values(GROUP_GID);
		return process_cache.gid;
	case UST_CONTEXT_VEGID:
		process_values(GROUP_GID);
		return process_cache.egid;
	case UST_CONTEXT_VSGID:
		process_values(GROUP_GID);
		return process_cache.sgid;
	default:
		return (int64_t)ns_value(type);
	}
}

/*
 * <lttng/ust-events.h>: the calling thread's procname is read again at
 * its next event (after the thread renamed itself with PR_SET_NAME).
 */
void lttng_ust_context_procname_reset(void)
{
	thread_cache.ids_generation = 0;
}

const char *ust_ctx_value_procname(void)
{
	return thread_ids()->procname;
}

/* The CPU the ring buffer picks its stream by (getcpu override included). */
int32_t ust_ctx_value_cpu_id(void)
{
	return rb_current_cpu();
}

static void bump(enum cache_group group)
{
	__atomic_add_fetch(&group_generation[group], 1, __ATOMIC_ACQ_REL);
}

void ust_ctx_values_reset(unsigned int what)
{
	if (what & UST_CTX_RESET_IDS)
		bump(GROUP_IDS);
	if (what & UST_CTX_RESET_NS)
		bump(GROUP_NS);
	if (what & UST_CTX_RESET_UID)
		bump(GROUP_UID);
	if (what & UST_CTX_RESET_GID)
		bump(GROUP_GID);
}

/*
 * The hooks liblttng-ust-fork.so calls after the C library's call
 * returned (LTTng-UST 2.13's ABI). As LTTng's: a namespace change may
 * also change the credentials seen from it, a credential change touches
 * only its own ids.
 */
void lttng_ust_after_setns(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_NS | UST_CTX_RESET_UID |
			     UST_CTX_RESET_GID);
}

void lttng_ust_after_unshare(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_NS | UST_CTX_RESET_UID |
			     UST_CTX_RESET_GID);
}

void lttng_ust_after_setuid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_UID);
}

void lttng_ust_after_seteuid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_UID);
}

void lttng_ust_after_setreuid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_UID);
}

void lttng_ust_after_setresuid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_UID);
}

void lttng_ust_after_setgid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_GID);
}

void lttng_ust_after_setegid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_GID);
}

void lttng_ust_after_setregid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_GID);
}

void lttng_ust_after_setresgid(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_GID);
}

static void reset_in_child(void)
{
	ust_ctx_values_reset(UST_CTX_RESET_ALL);
}

static void __attribute__((constructor)) register_fork_reset(void)
{
	pthread_atfork(NULL, NULL, reset_in_child);
}
