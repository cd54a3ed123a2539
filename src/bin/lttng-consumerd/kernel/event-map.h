/*
 * LTTng's names for kernel events and their fields. The kernel domain
 * reads tracefs records but writes the names LTTng's kernel tracer
 * writes (doc/kernel-event-mapping.md): syscalls become
 * syscall_entry_NAME / syscall_exit_NAME without __syscall_nr, the
 * scheduler events call thread ids *_tid and record priorities minus
 * MAX_RT_PRIO, and every other event keeps tracefs's names. The common_
 * fields are never recorded.
 */
#ifndef KCONSUMER_EVENT_MAP_H
#define KCONSUMER_EVENT_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes LTTng's name of the tracefs event system/name into out. */
void kernel_event_name(const char *system, const char *name, char *out,
		       size_t len);

/*
 * LTTng's name of a field of the tracefs event system/event, or NULL
 * when LTTng does not record it (common_ fields, __syscall_nr).
 */
const char *kernel_field_name(const char *system, const char *event,
			      const char *field);

/* What to add to the field's value (scheduler priorities: -100). */
int64_t kernel_field_bias(const char *system, const char *field);

/*
 * System call arguments: tracefs stores each one as an 8-byte register
 * value whatever its C type; LTTng records the C type. For a known type
 * (int, unsigned int, long, size_t, pid_t, umode_t, ...) sets *size
 * (bytes read from the low end of the register) and *is_signed and
 * returns true.
 */
bool kernel_syscall_arg_type(const char *ctype, unsigned int *size,
			     bool *is_signed);

#endif /* KCONSUMER_EVENT_MAP_H */
