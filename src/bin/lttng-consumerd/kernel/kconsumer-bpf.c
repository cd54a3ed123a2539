/*
 * The kernel consumer's BPF helpers, started with the trace: the system
 * call string captures of the enabled sys_enter_* events that have a
 * path argument (bpf-strings.h), the credentials and the exit facts of
 * threads gone before their records are read. Each one the kernel
 * refuses is a warning: the trace then keeps addresses or unknown ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kconsumer-trace.h"
#include "tracefs/event-format.h"
#include "tracefs/instance.h"
#include "util/log.h"

#define MAX_BPF_TARGETS 64
#define MARKER_ENABLE "events/bpf_trace/bpf_trace_printk/enable"

/* The id of tracepoint syscalls/NAME, or 0 when it has none. */
static unsigned int syscall_event_id(const struct kconsumer *kc,
				     const char *name)
{
	char rel[600], *text, msg[256];
	unsigned int id;

	snprintf(rel, sizeof(rel), "events/syscalls/%s/id", name);
	if (tracefs_read_file(kc->tracefs_root, rel, &text, msg, sizeof(msg)))
		return 0;
	id = (unsigned int)strtoul(text, NULL, 10);
	free(text);
	return id;
}

/*
 * The target of event sys_enter_NAME (its format parsed): 0 and *t
 * filled when it has a string argument BPF can capture, else -1.
 */
static int bpf_target_of(const struct kconsumer *kc, const char *enter_name,
			 const struct tracefs_event_format *format,
			 struct kernel_bpf_target *t)
{
	const char *syscall = enter_name + strlen("sys_enter_");
	char exit_name[300];
	size_t i;

	for (i = 0; i < format->nr_fields; i++) {
		if (kernel_bpf_string_arg(format->fields[i].name,
					  format->fields[i].type))
			break;
	}
	if (i == format->nr_fields)
		return -1;
	snprintf(exit_name, sizeof(exit_name), "sys_exit_%s", syscall);
	t->tracepoint_id = format->id;
	t->exit_tracepoint_id = syscall_event_id(kc, exit_name);
	t->arg_offset = format->fields[i].offset;
	t->nr_args = 0;
	for (i = 0; i < format->nr_fields; i++) /* __syscall_nr's followers */
		if (format->fields[i].offset >= KERNEL_BPF_ARGS_OFFSET)
			t->nr_args++;
	t->exec_like =
		!strcmp(syscall, "execve") || !strcmp(syscall, "execveat");
	return t->exit_tracepoint_id ? 0 : -1;
}

/*
 * Adds to targets the enabled sys_enter_* events of one instance that
 * have a string argument BPF can capture (their set_event lines are
 * "syscalls:sys_enter_NAME").
 */
static size_t find_bpf_targets(const struct kconsumer *kc, const char *instance,
			       struct kernel_bpf_target *targets, size_t count,
			       size_t max)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};
	struct tracefs_event_format format;
	char *set, *line, *save = NULL, rel[600], *text, msg[256];

	if (tracefs_instance_read(&inst, "set_event", &set, msg, sizeof(msg)))
		return count;
	for (line = strtok_r(set, "\n", &save); line && count < max;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "syscalls:sys_enter_", 19))
			continue;
		snprintf(rel, sizeof(rel), "events/syscalls/%s/format",
			 line + 9);
		if (tracefs_read_file(kc->tracefs_root, rel, &text, msg,
				      sizeof(msg)))
			continue;
		if (!tracefs_event_format_parse(text, "syscalls", &format, msg,
						sizeof(msg))) {
			if (!bpf_target_of(kc, line + 9, &format,
					   &targets[count]))
				count++;
			tracefs_event_format_fini(&format);
		}
		free(text);
	}
	free(set);
	return count;
}

/*
 * The kernel enables the markers' event of the top level instance when
 * it verifies a program that prints, from a work queue (asynchronously):
 * waits up to 1 s for that, then disables it again.
 */
static void restore_top_marker_event(const struct kconsumer *kc)
{
	struct tracefs_instance top = {.name = "",
				       .path = (char *)kc->tracefs_root};
	const struct timespec pause = {0, 5000000};
	char msg[256], *text;
	int i, enabled = 0;

	for (i = 0; i < 200 && !enabled; i++) {
		if (tracefs_read_file(kc->tracefs_root, MARKER_ENABLE, &text,
				      msg, sizeof(msg)))
			return;
		enabled = text[0] == '1';
		free(text);
		if (!enabled)
			nanosleep(&pause, NULL);
	}
	if (enabled)
		tracefs_instance_write(&top, MARKER_ENABLE, "0", msg,
				       sizeof(msg));
}

/* Each tracepoint once in targets[0..count); the new count. */
static size_t unique_targets(struct kernel_bpf_target *targets, size_t count)
{
	size_t i, j, k;

	for (i = j = 0; i < count; i++) {
		for (k = 0; k < j && targets[k].tracepoint_id !=
					     targets[i].tracepoint_id;
		     k++)
			;
		if (k == j)
			targets[j++] = targets[i];
	}
	return j;
}

/*
 * Captures the string arguments of the enabled system calls with BPF
 * when it can; the trace then holds strings instead of addresses.
 */
static void start_bpf_strings(struct kconsumer *kc)
{
	struct kernel_bpf_target targets[MAX_BPF_TARGETS];
	unsigned int ids[MAX_BPF_TARGETS];
	size_t count = 0, i;
	char err[1024], *top_enable = NULL;

	for (i = 0; i < kc->nr_channels; i++)
		count = find_bpf_targets(kc, kc->channels[i].instance, targets,
					 count, MAX_BPF_TARGETS);
	count = unique_targets(targets, count);
	if (!count)
		return;
	/* Loading a program that prints enables the markers' event at the
	 * top level too: keep it as it was there. */
	tracefs_read_file(kc->tracefs_root, MARKER_ENABLE, &top_enable, err,
			  sizeof(err));
	kc->bpf = kernel_bpf_strings_create(kc->tracefs_root, targets, count,
					    err, sizeof(err));
	if (top_enable && top_enable[0] == '0')
		restore_top_marker_event(kc);
	free(top_enable);
	for (i = 0; kc->bpf && i < kc->nr_channels; i++) {
		if (kernel_bpf_strings_setup_instance(kc->bpf,
						      kc->channels[i].instance,
						      err, sizeof(err))) {
			kernel_bpf_strings_destroy(kc->bpf);
			kc->bpf = NULL;
		}
	}
	if (!kc->bpf) {
		WARN("kernel consumer: system call strings stay addresses: %s",
		     err);
		return;
	}
	for (i = 0; i < count; i++)
		ids[i] = targets[i].tracepoint_id;
	if (kernel_metadata_set_bpf_targets(kc->metadata, ids, count)) {
		kernel_bpf_strings_destroy(kc->bpf);
		kc->bpf = NULL;
	}
}

/*
 * Keeps the credentials of threads as they change, for those that exit
 * before their records are converted (trackers, credential contexts).
 */
static void start_bpf_credentials(struct kconsumer *kc)
{
	char err[1024];

	kc->credentials = kernel_bpf_credentials_create(kc->tracefs_root, err,
							sizeof(err));
	if (!kc->credentials) {
		WARN("kernel consumer: the ids of threads gone before their "
		     "records are read stay unknown: %s",
		     err);
		return;
	}
	kernel_process_table_set_credentials(
		kc->threads, kernel_bpf_credentials_lookup, kc->credentials);
}

/*
 * Keeps what threads were as they exit (parent, priorities, namespace
 * ids and inodes), for those that exit before their records are
 * converted (context fields).
 */
static void start_bpf_thread_facts(struct kconsumer *kc)
{
	char err[1024];

	kc->thread_facts = kernel_bpf_thread_facts_create(
		kc->tracefs_root, "/sys/kernel/btf/vmlinux", err, sizeof(err));
	if (!kc->thread_facts) {
		WARN("kernel consumer: the facts of threads gone before their "
		     "records are read stay unknown: %s",
		     err);
		return;
	}
	kernel_process_table_set_exit_facts(
		kc->threads, kernel_bpf_thread_facts_lookup, kc->thread_facts);
}

void kconsumer_bpf_start(struct kconsumer *kc)
{
	start_bpf_strings(kc);
	start_bpf_credentials(kc);
	start_bpf_thread_facts(kc);
}

void kconsumer_bpf_stop(struct kconsumer *kc)
{
	kernel_bpf_strings_destroy(kc->bpf);
	kc->bpf = NULL;
	kernel_bpf_credentials_destroy(kc->credentials);
	kc->credentials = NULL;
	kernel_bpf_thread_facts_destroy(kc->thread_facts);
	kc->thread_facts = NULL;
}
