/*
 * Tracefs instances: the kernel domain gives each kernel channel of each
 * recording session its own instance (instances/<name>, with its own
 * per-CPU buffers, clock, events and filters). This module finds or mounts
 * tracefs, creates and removes instances, writes their control files with
 * errors that say which file refused which value, and removes instances
 * left behind by a session daemon that died.
 */
#ifndef TRACEFS_INSTANCE_H
#define TRACEFS_INSTANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define TRACEFS_DEFAULT_MOUNT "/sys/kernel/tracing"

/* Instances we own are named "<prefix><sessiond pid>-<anything>". */
#define TRACEFS_INSTANCE_PREFIX "lttng-"

struct tracefs_instance {
	char *name;
	char *path; /* <tracefs root>/instances/<name> */
};

/*
 * Finds where tracefs is mounted (from /proc/self/mounts), mounting it at
 * /sys/kernel/tracing when it is not mounted and we may. Writes the root
 * into root (size len). Returns 0, or a negative errno with err set.
 */
int tracefs_find_root(char *root, size_t len, char *err, size_t err_len);

/*
 * Creates instances/<name> under root. -EEXIST when it already exists
 * (never reuses someone else's buffers). On success *instance owns
 * copies of the strings; release with tracefs_instance_destroy or _fini.
 */
int tracefs_instance_create(const char *root, const char *name,
			    struct tracefs_instance *instance, char *err,
			    size_t err_len);

/* Stops recording in the instance, removes it, and frees *instance. */
int tracefs_instance_destroy(struct tracefs_instance *instance, char *err,
			     size_t err_len);

/* Frees *instance without touching tracefs. */
void tracefs_instance_fini(struct tracefs_instance *instance);

/*
 * Writes value into the instance's control file (relative path such as
 * "trace_clock" or "events/sched/sched_switch/enable"). On a refusal the
 * message names the file, the value and the kernel's reason.
 */
int tracefs_instance_write(const struct tracefs_instance *instance,
			   const char *file, const char *value, char *err,
			   size_t err_len);

/* Appends value to a control file (O_APPEND, e.g. set_event_pid). */
int tracefs_instance_append(const struct tracefs_instance *instance,
			    const char *file, const char *value, char *err,
			    size_t err_len);

/* Reads a whole control file into a malloc'ed string (*text). */
int tracefs_instance_read(const struct tracefs_instance *instance,
			  const char *file, char **text, char *err,
			  size_t err_len);

/* Reads a whole file below the tracefs root (e.g. "available_events"). */
int tracefs_read_file(const char *root, const char *file, char **text,
		      char *err, size_t err_len);

/*
 * Removes every instance named TRACEFS_INSTANCE_PREFIX<pid>-... whose
 * pid is no longer a running process: the leftovers of a session daemon
 * that crashed. Returns how many were removed, or a negative errno.
 */
int tracefs_remove_stale_instances(const char *root);

/*
 * How many such stale instances exist (removal fails while a consumer of
 * the dead daemon still holds their buffers open), or a negative errno.
 */
int tracefs_count_stale_instances(const char *root);

/*
 * Whether pid is a running process (a zombie waiting for a slow init to
 * reap it is not): owners of lttng-<pid>-... instances are checked so.
 */
bool tracefs_process_is_running(pid_t pid);

#endif /* TRACEFS_INSTANCE_H */
