/*
 * Implementation of process-table.h: an open-addressing hash table of
 * thread facts, filled from /proc/<tid>/stat and /proc/<tid>/status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "process-table.h"

#define TABLE_SLOTS 4096 /* a power of two */

struct slot {
	struct kernel_thread_info info;
	int used;
};

struct kernel_process_table {
	struct slot slots[TABLE_SLOTS];
	unsigned int used;
	char tracefs_root[4096];
	kernel_credentials_lookup credentials;
	void *credentials_ctx;
	kernel_exit_facts_lookup exit_facts;
	void *exit_facts_ctx;
};

struct kernel_process_table *
kernel_process_table_create(const char *tracefs_root)
{
	struct kernel_process_table *table = calloc(1, sizeof(*table));

	if (table && tracefs_root)
		snprintf(table->tracefs_root, sizeof(table->tracefs_root), "%s",
			 tracefs_root);
	return table;
}

/*
 * Looks tid up in a tracefs map file of "TID VALUE" lines; copies the
 * value (at most len - 1 bytes) and returns 0, or -1 when absent.
 */
static int saved_map_lookup(const char *root, const char *file, int32_t tid,
			    char *value, size_t len)
{
	char path[4200], line[128];
	int found = -1;
	FILE *f;

	if (!root[0])
		return -1;
	snprintf(path, sizeof(path), "%s/%s", root, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (found && fgets(line, sizeof(line), f)) {
		char *space = strchr(line, ' ');

		if (!space || atoi(line) != tid)
			continue;
		space[strcspn(space, "\n")] = '\0';
		snprintf(value, len, "%s", space + 1);
		found = 0;
	}
	fclose(f);
	return found;
}

void kernel_process_table_destroy(struct kernel_process_table *table)
{
	free(table);
}

static unsigned int slot_of(int32_t tid)
{
	return ((uint32_t)tid * 2654435761U) & (TABLE_SLOTS - 1);
}

/* The last of the ids on a status line ("NSpid:\t12\t1"), or fallback. */
static int32_t last_id(const char *line, int32_t fallback)
{
	const char *p = strrchr(line, '\t');
	const char *colon = strchr(line, ':');

	if (p && colon && p > colon)
		return (int32_t)atol(p + 1);
	return colon ? (int32_t)atol(colon + 1) : fallback;
}

/*
 * ids[0..2] (of the root user namespace) as seen in the user namespace
 * of thread tid, through its /proc/<tid>/<map> ("inside outside count"
 * lines), into out[0..2]; 65534 (the overflow id) when unmapped.
 */
static void map_ids(int32_t tid, const char *map, const uint32_t *ids,
		    uint32_t *out)
{
	unsigned long inside, outside, count;
	char path[64], line[128];
	size_t i;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/%s", tid, map);
	f = fopen(path, "r");
	for (i = 0; i < 3; i++)
		out[i] = f ? 65534 : ids[i];
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lu %lu %lu", &inside, &outside, &count) != 3)
			continue;
		for (i = 0; i < 3; i++) {
			if (ids[i] >= outside && ids[i] - outside < count)
				out[i] =
					(uint32_t)(inside + (ids[i] - outside));
		}
	}
	fclose(f);
}

/* The v* credentials: the ids mapped into the thread's user namespace. */
static void map_credentials(struct kernel_thread_info *info)
{
	uint32_t uids[3] = {info->uid, info->euid, info->suid};
	uint32_t gids[3] = {info->gid, info->egid, info->sgid};
	uint32_t vuids[3], vgids[3];

	map_ids(info->tid, "uid_map", uids, vuids);
	map_ids(info->tid, "gid_map", gids, vgids);
	info->vuid = vuids[0];
	info->veuid = vuids[1];
	info->vsuid = vuids[2];
	info->vgid = vgids[0];
	info->vegid = vgids[1];
	info->vsgid = vgids[2];
}

/*
 * Fills pid, vpid, vtid and the credentials from /proc/<tid>/status;
 * returns -1 (pid = tid) when the thread is gone.
 */
static int read_status(struct kernel_thread_info *info)
{
	char path[64], line[256];
	FILE *f;

	info->pid = info->tid;
	snprintf(path, sizeof(path), "/proc/%d/status", info->tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Tgid:", 5))
			info->pid = (int32_t)atol(line + 5);
		else if (!strncmp(line, "NStgid:", 7))
			info->vpid = last_id(line, info->pid);
		else if (!strncmp(line, "NSpid:", 6))
			info->vtid = last_id(line, info->tid);
		else if (!strncmp(line, "Uid:", 4))
			sscanf(line + 4, "%u %u %u", &info->uid, &info->euid,
			       &info->suid);
		else if (!strncmp(line, "Gid:", 4))
			sscanf(line + 4, "%u %u %u", &info->gid, &info->egid,
			       &info->sgid);
	}
	fclose(f);
	if (!info->vpid) /* no NStgid line (old kernel): one namespace */
		info->vpid = info->pid;
	if (!info->vtid)
		info->vtid = info->tid;
	map_credentials(info);
	info->ids_known = true;
	return 0;
}

/*
 * Fills comm, ppid and prio from /proc/<tid>/stat; returns -1 when the
 * thread is gone.
 */
static int read_stat(struct kernel_thread_info *info)
{
	char path[64], buf[1024];
	char *open_paren, *close_paren;
	int ppid, i;
	long prio, nice;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", info->tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	open_paren = strchr(buf, '(');
	close_paren = strrchr(buf, ')');
	if (!open_paren || !close_paren || close_paren < open_paren)
		return -1;
	n = (size_t)(close_paren - open_paren - 1);
	if (n > KERNEL_COMM_LEN)
		n = KERNEL_COMM_LEN;
	memcpy(info->comm, open_paren + 1, n);
	info->comm[n] = '\0';
	/* After ") ": state, ppid, then 14 fields up to priority (18th). */
	if (sscanf(close_paren + 2, "%*c %d", &ppid) == 1)
		info->ppid = ppid;
	{
		char *p = close_paren + 2;

		for (i = 0; i < 15 && p; i++) {
			p = strchr(p, ' ');
			if (p)
				p++;
		}
		/* stat's priority is already prio - MAX_RT_PRIO. */
		if (p && sscanf(p, "%ld %ld", &prio, &nice) == 2) {
			info->prio = (int32_t)prio;
			info->nice = (int32_t)nice;
		}
	}
	return 0;
}

/* The namespace inodes of a thread (0 for those it has not). */
static void read_namespaces(struct kernel_thread_info *info)
{
	static const char *const names[8] = {
		[KERNEL_NS_CGROUP] = "cgroup", [KERNEL_NS_IPC] = "ipc",
		[KERNEL_NS_MNT] = "mnt",       [KERNEL_NS_NET] = "net",
		[KERNEL_NS_PID] = "pid",       [KERNEL_NS_TIME] = "time",
		[KERNEL_NS_USER] = "user",     [KERNEL_NS_UTS] = "uts",
	};
	char path[64];
	struct stat st;
	size_t i;

	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "/proc/%d/ns/%s", info->tid,
			 names[i]);
		info->ns[i] = stat(path, &st) ? 0 : (uint32_t)st.st_ino;
	}
}

void kernel_process_table_set_credentials(struct kernel_process_table *table,
					  kernel_credentials_lookup lookup,
					  void *ctx)
{
	table->credentials = lookup;
	table->credentials_ctx = ctx;
}

void kernel_process_table_set_exit_facts(struct kernel_process_table *table,
					 kernel_exit_facts_lookup lookup,
					 void *ctx)
{
	table->exit_facts = lookup;
	table->exit_facts_ctx = ctx;
}

/* The ids of a thread already gone, from the credentials source. */
static void fill_gone_ids(const struct kernel_process_table *table,
			  struct kernel_thread_info *info)
{
	uint32_t uid, gid;

	if (!table->credentials ||
	    table->credentials(table->credentials_ctx, info->tid, &uid, &gid))
		return;
	info->uid = info->euid = info->suid = uid;
	info->vuid = info->veuid = info->vsuid = uid;
	info->gid = info->egid = info->sgid = gid;
	info->vgid = info->vegid = info->vsgid = gid;
	info->vpid = info->pid;
	info->vtid = info->tid;
	info->ids_known = true;
}

static void fill(const struct kernel_process_table *table,
		 struct kernel_thread_info *info, int32_t tid)
{
	char tgid[32];

	memset(info, 0, sizeof(*info));
	info->tid = tid;
	if (!tid) { /* the idle task: root's ids, all zero */
		strcpy(info->comm, "swapper");
		info->ids_known = true;
		return;
	}
	read_status(info);
	if (!read_stat(info) && info->ids_known) {
		read_namespaces(info);
		return;
	}
	info->ids_known = false;
	/* Gone already: ask the kernel's maps. */
	saved_map_lookup(table->tracefs_root, "saved_cmdlines", tid, info->comm,
			 sizeof(info->comm));
	if (!saved_map_lookup(table->tracefs_root, "saved_tgids", tid, tgid,
			      sizeof(tgid)))
		info->pid = atoi(tgid);
	fill_gone_ids(table, info);
	if (table->exit_facts)
		table->exit_facts(table->exit_facts_ctx, tid, info);
}

const struct kernel_thread_info *
kernel_process_table_get(struct kernel_process_table *table, int32_t tid)
{
	unsigned int i = slot_of(tid), probes;

	for (probes = 0; probes < TABLE_SLOTS; probes++) {
		struct slot *s = &table->slots[i];

		if (s->used && s->info.tid == tid)
			return &s->info;
		if (!s->used) {
			if (table->used >= TABLE_SLOTS / 2)
				break;
			s->used = 1;
			table->used++;
			fill(table, &s->info, tid);
			return &s->info;
		}
		i = (i + 1) & (TABLE_SLOTS - 1);
	}
	/* Full: start over rather than grow without bound. */
	memset(table->slots, 0, sizeof(table->slots));
	table->used = 0;
	return kernel_process_table_get(table, tid);
}

void kernel_process_table_forget(struct kernel_process_table *table,
				 int32_t tid)
{
	/* Removal breaks probe chains: refresh the entry in place instead. */
	unsigned int i = slot_of(tid), probes;

	for (probes = 0; probes < TABLE_SLOTS; probes++) {
		struct slot *s = &table->slots[i];

		if (!s->used)
			return;
		if (s->info.tid == tid) {
			fill(table, &s->info, tid);
			return;
		}
		i = (i + 1) & (TABLE_SLOTS - 1);
	}
}
