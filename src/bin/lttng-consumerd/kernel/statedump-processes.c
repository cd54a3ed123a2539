/*
 * The process part of the state dump (statedump.h), from /proc: for each
 * process, each of its threads' lttng_statedump_process_state and
 * namespace events, then (once per process, whose threads share one file
 * table) its open file descriptors. Values follow LTTng-modules:
 *
 *   type     0 user thread, 1 kernel thread (a thread without memory
 *            map: kernel threads, zombies)
 *   mode     5 (LTTNG_MODE_UNKNOWN), submode 0 (LTTNG_NONE)
 *   status   R: 2 (LTTNG_WAIT_CPU), S/D/I: 5 (LTTNG_WAIT),
 *            Z: 4 (LTTNG_ZOMBIE), X: 7 (LTTNG_DEAD), else 0 (LTTNG_UNNAMED)
 *
 * The kernel's files_struct address is not visible from user space:
 * file_table_address is the process id, the same in the process's
 * threads' process_state and in its file_descriptor events, which is
 * what analyses match. fmode holds FMODE_READ/FMODE_WRITE from the
 * access mode, plus FMODE_LSEEK|FMODE_PREAD|FMODE_PWRITE for seekable
 * files (regular files, directories, block devices).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/nsfs.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "statedump.h"

#define PF_KTHREAD 0x00200000u
#define COMM_LEN 16
#define MAX_NS_LEVELS 33 /* MAX_PID_NS_LEVEL + 1 */
#define OVERFLOW_ID 65534u

enum lttng_process_status {
	LTTNG_UNNAMED = 0,
	LTTNG_WAIT_CPU = 2,
	LTTNG_ZOMBIE = 4,
	LTTNG_WAIT = 5,
	LTTNG_DEAD = 7,
};

#define LTTNG_USER_THREAD 0
#define LTTNG_KERNEL_THREAD 1
#define LTTNG_MODE_UNKNOWN 5
#define LTTNG_SUBMODE_NONE 0

#define FMODE_READ 0x1u
#define FMODE_WRITE 0x2u
#define FMODE_SEEKABLE 0x1cu /* FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE */

/* What /proc/<pid>/task/<tid>/stat says of a thread. */
struct thread_stat {
	char comm[COMM_LEN];
	char state;
	int32_t ppid;
	uint32_t flags;
	uint32_t cpu;
};

/* Ids of a thread per pid namespace level, from /proc/.../status. */
struct thread_ids {
	int32_t nspid[MAX_NS_LEVELS];  /* NSpid: root level first */
	int32_t nstgid[MAX_NS_LEVELS]; /* NStgid */
	size_t levels;
	uint32_t uid, gid; /* real, in the initial user namespace */
};

static int read_small_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -EIO;
	buf[n] = '\0';
	return 0;
}

/* Parses a stat line; -EINVAL when it is not one. */
static int parse_stat(const char *text, struct thread_stat *st)
{
	const char *open_paren = strchr(text, '(');
	const char *close_paren = strrchr(text, ')');
	const char *p;
	unsigned long field[40];
	size_t len, i;
	char *end;

	if (!open_paren || !close_paren || close_paren < open_paren ||
	    close_paren[1] != ' ' || !close_paren[2])
		return -EINVAL;
	len = (size_t)(close_paren - open_paren - 1);
	if (len >= COMM_LEN)
		len = COMM_LEN - 1;
	memset(st->comm, 0, sizeof(st->comm));
	memcpy(st->comm, open_paren + 1, len);
	st->state = close_paren[2];
	/* field[n] holds stat field n (1-based) from field 4 on. */
	p = close_paren + 3;
	for (i = 4; i < 40; i++) {
		field[i] = strtoul(p, &end, 10);
		if (end == p)
			return -EINVAL;
		p = end;
	}
	st->ppid = (int32_t)field[4];
	st->flags = (uint32_t)field[9];
	st->cpu = (uint32_t)field[39];
	return 0;
}

/* Reads "NAME:\tv1\tv2..." integers into out; returns their count. */
static size_t parse_id_list(const char *text, const char *name, int32_t *out,
			    size_t max)
{
	const char *line = strstr(text, name);
	size_t count = 0;
	char *end;

	if (!line)
		return 0;
	line += strlen(name);
	while (count < max) {
		long v = strtol(line, &end, 10);

		if (end == line)
			break;
		out[count++] = (int32_t)v;
		line = end;
		if (*line == '\n')
			break;
	}
	return count;
}

static void read_thread_ids(const char *dir, struct thread_ids *ids)
{
	char path[512], text[4096];
	int32_t uid[4] = {0}, gid[4] = {0};

	memset(ids, 0, sizeof(*ids));
	snprintf(path, sizeof(path), "%s/status", dir);
	if (read_small_file(path, text, sizeof(text)))
		return;
	ids->levels =
		parse_id_list(text, "\nNSpid:", ids->nspid, MAX_NS_LEVELS);
	if (parse_id_list(text, "\nNStgid:", ids->nstgid, MAX_NS_LEVELS) !=
	    ids->levels)
		ids->levels = 0;
	parse_id_list(text, "\nUid:", uid, 4);
	parse_id_list(text, "\nGid:", gid, 4);
	ids->uid = (uint32_t)uid[0];
	ids->gid = (uint32_t)gid[0];
}

static enum lttng_process_status status_of(char state)
{
	switch (state) {
	case 'R':
		return LTTNG_WAIT_CPU;
	case 'S':
	case 'D':
	case 'I':
		return LTTNG_WAIT;
	case 'Z':
		return LTTNG_ZOMBIE;
	case 'X':
		return LTTNG_DEAD;
	default:
		return LTTNG_UNNAMED;
	}
}

static int emit_process_state(const struct statedump_sink *sink, int32_t pid,
			      int32_t tid, const struct thread_stat *st)
{
	struct statedump_payload p;
	bool kernel = (st->flags & PF_KTHREAD) || st->state == 'Z' ||
		      st->state == 'X';

	if (!statedump_set_has(sink->events, STATEDUMP_PROCESS_STATE))
		return 0;
	statedump_payload_reset(&p);
	statedump_payload_int(&p, (uint64_t)(int64_t)tid, 4);
	statedump_payload_int(&p, (uint64_t)(int64_t)pid, 4);
	statedump_payload_int(&p, (uint64_t)(int64_t)st->ppid, 4);
	statedump_payload_text_array(&p, st->comm, COMM_LEN);
	statedump_payload_int(
		&p, kernel ? LTTNG_KERNEL_THREAD : LTTNG_USER_THREAD, 4);
	statedump_payload_int(&p, LTTNG_MODE_UNKNOWN, 4);
	statedump_payload_int(&p, LTTNG_SUBMODE_NONE, 4);
	statedump_payload_int(&p, (uint64_t)status_of(st->state), 4);
	statedump_payload_int(&p, st->cpu, 4);
	statedump_payload_int(&p, (uint64_t)(int64_t)pid, 8);
	return sink->emit(sink->arg, STATEDUMP_PROCESS_STATE, &p);
}

/* The inode of dir/ns/<name>, 0 when it cannot be read. */
static uint32_t ns_inode(const char *dir, const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/ns/%s", dir, name);
	return stat(path, &st) ? 0 : (uint32_t)st.st_ino;
}

/*
 * The inodes of a nested namespace and its ancestors, deepest first
 * (NS_GET_PARENT up to the consumer's own namespace). Returns their
 * count, 0 when the namespace cannot be opened.
 */
static size_t ns_chain(const char *dir, const char *name, uint32_t *inodes,
		       size_t max)
{
	char path[512];
	struct stat st;
	size_t count = 0;
	int fd, parent;

	snprintf(path, sizeof(path), "%s/ns/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	while (fd >= 0 && count < max) {
		if (fstat(fd, &st))
			break;
		inodes[count++] = (uint32_t)st.st_ino;
		parent = ioctl(fd, NS_GET_PARENT);
		close(fd);
		fd = parent;
	}
	if (fd >= 0)
		close(fd);
	return count;
}

/* vtid, vpid, vppid per pid namespace level, deepest level first. */
static int emit_pid_ns(const struct statedump_sink *sink, const char *dir,
		       const struct thread_ids *ids,
		       const struct thread_ids *parent)
{
	uint32_t inodes[MAX_NS_LEVELS];
	size_t n = ns_chain(dir, "pid", inodes, MAX_NS_LEVELS), i;
	struct statedump_payload p;
	int ret;

	if (!ids->levels)
		return 0;
	for (i = 0; i < ids->levels; i++) {
		size_t level = ids->levels - 1 - i;
		int32_t vppid =
			level < parent->levels ? parent->nstgid[level] : 0;

		statedump_payload_reset(&p);
		statedump_payload_int(&p, (uint64_t)(int64_t)ids->nspid[0], 4);
		statedump_payload_int(&p, (uint64_t)(int64_t)ids->nspid[level],
				      4);
		statedump_payload_int(&p, (uint64_t)(int64_t)ids->nstgid[level],
				      4);
		statedump_payload_int(&p, (uint64_t)(int64_t)vppid, 4);
		statedump_payload_int(&p, level, 4);
		statedump_payload_int(&p, i < n ? inodes[i] : 0, 4);
		ret = sink->emit(sink->arg, STATEDUMP_PROCESS_PID_NS, &p);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The id that kid (in the initial user namespace) has inside a user
 * namespace whose map (uid_map or gid_map text) is given; the overflow
 * id when it is not mapped there.
 */
static uint32_t map_id(const char *map, uint32_t kid)
{
	unsigned long inside, outside, count;
	const char *line = map;
	int used;

	while (sscanf(line, "%lu %lu %lu%n", &inside, &outside, &count,
		      &used) == 3) {
		if (kid >= outside && kid - outside < count)
			return (uint32_t)(inside + (kid - outside));
		line += used;
	}
	return OVERFLOW_ID;
}

/*
 * vuid/vgid per user namespace level, deepest first: mapped through the
 * thread's uid_map/gid_map at its own level, the kernel ids at level 0;
 * levels in between (rare) get the overflow id.
 */
static int emit_user_ns(const struct statedump_sink *sink, const char *dir,
			const struct thread_ids *ids)
{
	uint32_t inodes[MAX_NS_LEVELS];
	size_t n = ns_chain(dir, "user", inodes, MAX_NS_LEVELS), i;
	char path[512], uid_map[4096] = "", gid_map[4096] = "";
	struct statedump_payload p;
	int ret;

	snprintf(path, sizeof(path), "%s/uid_map", dir);
	read_small_file(path, uid_map, sizeof(uid_map));
	snprintf(path, sizeof(path), "%s/gid_map", dir);
	read_small_file(path, gid_map, sizeof(gid_map));
	for (i = 0; i < n; i++) {
		size_t level = n - 1 - i;
		uint32_t vuid = OVERFLOW_ID, vgid = OVERFLOW_ID;

		if (level == 0) {
			vuid = ids->uid;
			vgid = ids->gid;
		} else if (i == 0) {
			vuid = map_id(uid_map, ids->uid);
			vgid = map_id(gid_map, ids->gid);
		}
		statedump_payload_reset(&p);
		statedump_payload_int(&p, (uint64_t)(int64_t)ids->nspid[0], 4);
		statedump_payload_int(&p, vuid, 4);
		statedump_payload_int(&p, vgid, 4);
		statedump_payload_int(&p, level, 4);
		statedump_payload_int(&p, inodes[i], 4);
		ret = sink->emit(sink->arg, STATEDUMP_PROCESS_USER_NS, &p);
		if (ret)
			return ret;
	}
	return 0;
}

/* The namespaces with {tid, ns_inum} events, in LTTng's order. */
static const struct {
	enum statedump_event event;
	const char *name;
} simple_namespaces[] = {
	{STATEDUMP_PROCESS_CGROUP_NS, "cgroup"},
	{STATEDUMP_PROCESS_IPC_NS, "ipc"},
	{STATEDUMP_PROCESS_MNT_NS, "mnt"},
	{STATEDUMP_PROCESS_NET_NS, "net"},
	{STATEDUMP_PROCESS_UTS_NS, "uts"},
	{STATEDUMP_PROCESS_TIME_NS, "time"},
};

static int emit_namespaces(const struct statedump_sink *sink, const char *dir,
			   int32_t tid, const struct thread_ids *ids,
			   const struct thread_ids *parent)
{
	struct statedump_payload p;
	size_t i;
	int ret = 0;

	if (statedump_set_has(sink->events, STATEDUMP_PROCESS_PID_NS))
		ret = emit_pid_ns(sink, dir, ids, parent);
	if (!ret && statedump_set_has(sink->events, STATEDUMP_PROCESS_USER_NS))
		ret = emit_user_ns(sink, dir, ids);
	for (i = 0; !ret && i < sizeof(simple_namespaces) /
					    sizeof(simple_namespaces[0]);
	     i++) {
		if (!statedump_set_has(sink->events,
				       simple_namespaces[i].event))
			continue;
		statedump_payload_reset(&p);
		statedump_payload_int(&p, (uint64_t)(int64_t)tid, 4);
		statedump_payload_int(
			&p, ns_inode(dir, simple_namespaces[i].name), 4);
		ret = sink->emit(sink->arg, simple_namespaces[i].event, &p);
	}
	return ret;
}

/* fmode as the kernel would have set it, from flags and the file type. */
static uint32_t fmode_of(uint32_t flags, const char *fd_path)
{
	uint32_t mode = 0;
	struct stat st;

	if ((flags & O_ACCMODE) == O_RDONLY || (flags & O_ACCMODE) == O_RDWR)
		mode |= FMODE_READ;
	if ((flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR)
		mode |= FMODE_WRITE;
	if (!stat(fd_path, &st) &&
	    (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode)))
		mode |= FMODE_SEEKABLE;
	return mode;
}

/* The open flags of dir/fdinfo/<fd> (octal, O_CLOEXEC included). */
static uint32_t fd_flags(const char *dir, const char *fd)
{
	char path[512], text[1024];
	const char *line;

	snprintf(path, sizeof(path), "%s/fdinfo/%s", dir, fd);
	if (read_small_file(path, text, sizeof(text)))
		return 0;
	line = strstr(text, "flags:");
	return line ? (uint32_t)strtoul(line + 6, NULL, 8) : 0;
}

static int emit_file_descriptors(const struct statedump_sink *sink,
				 const char *dir, int32_t pid)
{
	char path[512], target[STATEDUMP_STRING_MAX];
	struct statedump_payload p;
	struct dirent *de;
	DIR *fds;
	int ret = 0;

	if (!statedump_set_has(sink->events, STATEDUMP_FILE_DESCRIPTOR))
		return 0;
	snprintf(path, sizeof(path), "%s/fd", dir);
	fds = opendir(path);
	if (!fds)
		return 0; /* exited, or a kernel thread */
	while (!ret && (de = readdir(fds))) {
		ssize_t n;
		uint32_t flags;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "%s/fd/%s", dir, de->d_name);
		n = readlink(path, target, sizeof(target) - 1);
		if (n < 0)
			continue; /* closed meanwhile */
		target[n] = '\0';
		flags = fd_flags(dir, de->d_name);
		statedump_payload_reset(&p);
		statedump_payload_int(&p, (uint64_t)(int64_t)pid, 8);
		statedump_payload_int(&p, strtoul(de->d_name, NULL, 10), 4);
		statedump_payload_int(&p, flags, 4);
		statedump_payload_int(&p, fmode_of(flags, path), 4);
		statedump_payload_string(&p, target);
		ret = sink->emit(sink->arg, STATEDUMP_FILE_DESCRIPTOR, &p);
	}
	closedir(fds);
	return ret;
}

static bool is_number(const char *name)
{
	return name[0] >= '0' && name[0] <= '9';
}

/* The ids of process ppid (its thread group leader), for vppid. */
static void read_parent_ids(int32_t ppid, struct thread_ids *parent)
{
	char dir[64];

	snprintf(dir, sizeof(dir), "/proc/%d", ppid);
	if (ppid > 0)
		read_thread_ids(dir, parent);
	else
		memset(parent, 0, sizeof(*parent));
}

static int dump_thread(const struct statedump_sink *sink, int32_t pid,
		       const char *tid_name, bool *files_dumped)
{
	char dir[128], path[160], text[2048];
	struct thread_stat st;
	struct thread_ids ids, parent;
	int32_t tid = (int32_t)strtol(tid_name, NULL, 10);
	int ret;

	snprintf(dir, sizeof(dir), "/proc/%d/task/%s", pid, tid_name);
	snprintf(path, sizeof(path), "%s/stat", dir);
	if (read_small_file(path, text, sizeof(text)) || parse_stat(text, &st))
		return 0; /* the thread exited */
	ret = emit_process_state(sink, pid, tid, &st);
	if (ret)
		return ret;
	read_thread_ids(dir, &ids);
	read_parent_ids(st.ppid, &parent);
	if (!ids.levels) { /* exited meanwhile: the root level only */
		ids.levels = 1;
		ids.nspid[0] = tid;
		ids.nstgid[0] = pid;
	}
	ret = emit_namespaces(sink, dir, tid, &ids, &parent);
	if (ret || *files_dumped)
		return ret;
	*files_dumped = true;
	return emit_file_descriptors(sink, dir, pid);
}

static int dump_process(const struct statedump_sink *sink, const char *name)
{
	int32_t pid = (int32_t)strtol(name, NULL, 10);
	bool files_dumped = false;
	char path[128];
	struct dirent *de;
	DIR *tasks;
	int ret = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	tasks = opendir(path);
	if (!tasks)
		return 0; /* exited */
	while (!ret && (de = readdir(tasks))) {
		if (is_number(de->d_name))
			ret = dump_thread(sink, pid, de->d_name, &files_dumped);
	}
	closedir(tasks);
	return ret;
}

int statedump_processes(const struct statedump_sink *sink)
{
	struct dirent *de;
	DIR *proc = opendir("/proc");
	int ret = 0;

	if (!proc)
		return 0;
	while (!ret && (de = readdir(proc))) {
		if (is_number(de->d_name))
			ret = dump_process(sink, de->d_name);
	}
	closedir(proc);
	return ret;
}
