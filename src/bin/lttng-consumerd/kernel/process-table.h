/*
 * What the kernel consumer knows about the threads it sees in records:
 * thread group (pid), parent, command name and priority, read from /proc
 * the first time a thread id appears and cached. The kernel's records
 * only carry the thread id (common_pid); LTTng's context fields pid,
 * ppid, procname and prio come from here. For a thread that has already
 * exited when first seen, the name and thread group come from the
 * kernel's own maps (tracefs saved_cmdlines and saved_tgids, filled as
 * events are recorded); ppid is then 0 and prio 0.
 */
#ifndef KCONSUMER_PROCESS_TABLE_H
#define KCONSUMER_PROCESS_TABLE_H

#include <stdint.h>

#define KERNEL_COMM_LEN 16

struct kernel_thread_info {
	int32_t tid;
	int32_t pid;
	int32_t ppid;
	int32_t prio; /* the kernel's prio - 100, as LTTng records it */
	char comm[KERNEL_COMM_LEN + 1];
};

struct kernel_process_table;

/* tracefs_root: where saved_cmdlines/saved_tgids are (NULL: not used). */
struct kernel_process_table *
kernel_process_table_create(const char *tracefs_root);
void kernel_process_table_destroy(struct kernel_process_table *table);

/* The cached (or freshly read) facts about thread tid. */
const struct kernel_thread_info *
kernel_process_table_get(struct kernel_process_table *table, int32_t tid);

/* Forgets tid (after exec or exit: its name or group changed). */
void kernel_process_table_forget(struct kernel_process_table *table,
				 int32_t tid);

#endif /* KCONSUMER_PROCESS_TABLE_H */
