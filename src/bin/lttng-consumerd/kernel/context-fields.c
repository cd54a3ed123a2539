/*
 * Implementation of context-fields.h, with LTTng-modules' field names and
 * types: pid_t-like fields, prio, nice and cpu_id are 32-bit signed
 * integers, procname a 16-byte UTF-8 array, hostname a 64-byte one,
 * uid_t/gid_t fields and namespace inodes 32-bit unsigned integers,
 * interruptible an 8-bit signed integer, preemptible and
 * need_reschedule 8-bit unsigned ones.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "context-fields.h"

struct context_name {
	const char *name;
	enum kernel_context_kind kind;
};

static const struct context_name context_names[] = {
	{"pid", KERNEL_CONTEXT_PID},
	{"tid", KERNEL_CONTEXT_TID},
	{"vpid", KERNEL_CONTEXT_VPID},
	{"vtid", KERNEL_CONTEXT_VTID},
	{"ppid", KERNEL_CONTEXT_PPID},
	{"vppid", KERNEL_CONTEXT_VPPID},
	{"procname", KERNEL_CONTEXT_PROCNAME},
	{"prio", KERNEL_CONTEXT_PRIO},
	{"cpu_id", KERNEL_CONTEXT_CPU_ID},
	{"hostname", KERNEL_CONTEXT_HOSTNAME},
	{"nice", KERNEL_CONTEXT_NICE},
	{"interruptible", KERNEL_CONTEXT_INTERRUPTIBLE},
	{"preemptible", KERNEL_CONTEXT_PREEMPTIBLE},
	{"need_reschedule", KERNEL_CONTEXT_NEED_RESCHEDULE},
	{"cgroup_ns", KERNEL_CONTEXT_CGROUP_NS},
	{"ipc_ns", KERNEL_CONTEXT_IPC_NS},
	{"mnt_ns", KERNEL_CONTEXT_MNT_NS},
	{"net_ns", KERNEL_CONTEXT_NET_NS},
	{"pid_ns", KERNEL_CONTEXT_PID_NS},
	{"time_ns", KERNEL_CONTEXT_TIME_NS},
	{"user_ns", KERNEL_CONTEXT_USER_NS},
	{"uts_ns", KERNEL_CONTEXT_UTS_NS},
	{"uid", KERNEL_CONTEXT_UID},
	{"euid", KERNEL_CONTEXT_EUID},
	{"suid", KERNEL_CONTEXT_SUID},
	{"gid", KERNEL_CONTEXT_GID},
	{"egid", KERNEL_CONTEXT_EGID},
	{"sgid", KERNEL_CONTEXT_SGID},
	{"vuid", KERNEL_CONTEXT_VUID},
	{"veuid", KERNEL_CONTEXT_VEUID},
	{"vsuid", KERNEL_CONTEXT_VSUID},
	{"vgid", KERNEL_CONTEXT_VGID},
	{"vegid", KERNEL_CONTEXT_VEGID},
	{"vsgid", KERNEL_CONTEXT_VSGID},
};

#define NR_CONTEXT_NAMES (sizeof(context_names) / sizeof(*context_names))

static int kind_of(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_CONTEXT_NAMES; i++) {
		if (strlen(context_names[i].name) == len &&
		    !strncmp(context_names[i].name, name, len))
			return (int)context_names[i].kind;
	}
	return -1;
}

void kernel_context_set_init(struct kernel_context_set *set)
{
	memset(set, 0, sizeof(*set));
	gethostname(set->hostname, KERNEL_HOSTNAME_LEN);
}

/* Adds the context called name[0..len). 0 or -EINVAL. */
static int add_named(struct kernel_context_set *set, const char *name,
		     size_t len)
{
	int kind = kind_of(name, len);
	size_t i;

	if (kind < 0 || set->count == KERNEL_CONTEXT_MAX)
		return -EINVAL;
	for (i = 0; i < set->count; i++) {
		if (set->kinds[i] == (enum kernel_context_kind)kind)
			return -EINVAL;
	}
	set->kinds[set->count++] = (enum kernel_context_kind)kind;
	return 0;
}

int kernel_context_set_add(struct kernel_context_set *set, const char *name)
{
	return add_named(set, name, strlen(name));
}

int kernel_context_set_parse(const char *list, struct kernel_context_set *set)
{
	const char *p = list;

	kernel_context_set_init(set);
	while (*p) {
		size_t len = strcspn(p, "+");

		if (add_named(set, p, len))
			return -EINVAL;
		p += len;
		if (*p == '+')
			p++;
	}
	return 0;
}

static const char *name_of(enum kernel_context_kind kind)
{
	size_t i;

	for (i = 0; i < NR_CONTEXT_NAMES; i++) {
		if (context_names[i].kind == kind)
			return context_names[i].name;
	}
	return "?";
}

static struct ctf_type *int_type(unsigned int bits, bool is_signed)
{
	struct ctf_integer_desc desc = {
		.size = bits, .align = 8, .is_signed = is_signed, .base = 10};

	return ctf_type_integer_create(&desc);
}

/* The CTF integer type of a context that is an integer. */
static struct ctf_type *integer_context_type(enum kernel_context_kind kind)
{
	if (kind == KERNEL_CONTEXT_INTERRUPTIBLE)
		return int_type(8, true);
	if (kind == KERNEL_CONTEXT_PREEMPTIBLE ||
	    kind == KERNEL_CONTEXT_NEED_RESCHEDULE)
		return int_type(8, false);
	if (kind >= KERNEL_CONTEXT_CGROUP_NS)
		return int_type(32, false); /* inodes, uid_t, gid_t */
	return int_type(32, true);
}

static struct ctf_type *text_array_type(unsigned int len)
{
	struct ctf_integer_desc desc = {.size = 8,
					.align = 8,
					.is_signed = true,
					.base = 10,
					.encoding = CTF_ENCODING_UTF8};

	return ctf_type_array_create(ctf_type_integer_create(&desc), len);
}

struct ctf_type *kernel_context_type(const struct kernel_context_set *set)
{
	struct ctf_type *scope;
	size_t i;

	if (!set->count)
		return NULL;
	scope = ctf_type_struct_create();
	for (i = 0; scope && i < set->count; i++) {
		struct ctf_type *type;

		switch (set->kinds[i]) {
		case KERNEL_CONTEXT_PROCNAME:
			type = text_array_type(KERNEL_COMM_LEN);
			break;
		case KERNEL_CONTEXT_HOSTNAME:
			type = text_array_type(KERNEL_HOSTNAME_LEN);
			break;
		default:
			type = integer_context_type(set->kinds[i]);
			break;
		}
		if (!type ||
		    ctf_type_add_field(scope, name_of(set->kinds[i]), type)) {
			ctf_type_destroy(scope);
			return NULL;
		}
	}
	return scope;
}
