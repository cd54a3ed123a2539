/*
 * Recording event rules (struct lttng_event), context fields and the
 * calls that create, disable and list them. The structure layouts and
 * enumerator values are LTTng's.
 */
#ifndef LTTNG_EVENT_H
#define LTTNG_EVENT_H

#include <stdint.h>
#include <sys/types.h>

#include <lttng/handle.h>
#include <lttng/lttng-error.h>

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_event_type {
	LTTNG_EVENT_ALL = -1,
	LTTNG_EVENT_TRACEPOINT = 0,
	LTTNG_EVENT_PROBE = 1,
	LTTNG_EVENT_FUNCTION = 2,
	LTTNG_EVENT_FUNCTION_ENTRY = 3,
	LTTNG_EVENT_NOOP = 4,
	LTTNG_EVENT_SYSCALL = 5,
	LTTNG_EVENT_USERSPACE_PROBE = 6,
};

enum lttng_loglevel_type {
	LTTNG_EVENT_LOGLEVEL_ALL = 0,
	LTTNG_EVENT_LOGLEVEL_RANGE = 1,
	LTTNG_EVENT_LOGLEVEL_SINGLE = 2,
};

enum lttng_loglevel {
	LTTNG_LOGLEVEL_EMERG = 0,
	LTTNG_LOGLEVEL_ALERT = 1,
	LTTNG_LOGLEVEL_CRIT = 2,
	LTTNG_LOGLEVEL_ERR = 3,
	LTTNG_LOGLEVEL_WARNING = 4,
	LTTNG_LOGLEVEL_NOTICE = 5,
	LTTNG_LOGLEVEL_INFO = 6,
	LTTNG_LOGLEVEL_DEBUG_SYSTEM = 7,
	LTTNG_LOGLEVEL_DEBUG_PROGRAM = 8,
	LTTNG_LOGLEVEL_DEBUG_PROCESS = 9,
	LTTNG_LOGLEVEL_DEBUG_MODULE = 10,
	LTTNG_LOGLEVEL_DEBUG_UNIT = 11,
	LTTNG_LOGLEVEL_DEBUG_FUNCTION = 12,
	LTTNG_LOGLEVEL_DEBUG_LINE = 13,
	LTTNG_LOGLEVEL_DEBUG = 14,
};

/* The agent domains' levels: java.util.logging's, log4j's, Python's. */
enum lttng_loglevel_jul {
	LTTNG_LOGLEVEL_JUL_OFF = INT32_MAX,
	LTTNG_LOGLEVEL_JUL_SEVERE = 1000,
	LTTNG_LOGLEVEL_JUL_WARNING = 900,
	LTTNG_LOGLEVEL_JUL_INFO = 800,
	LTTNG_LOGLEVEL_JUL_CONFIG = 700,
	LTTNG_LOGLEVEL_JUL_FINE = 500,
	LTTNG_LOGLEVEL_JUL_FINER = 400,
	LTTNG_LOGLEVEL_JUL_FINEST = 300,
	LTTNG_LOGLEVEL_JUL_ALL = INT32_MIN,
};

enum lttng_loglevel_log4j {
	LTTNG_LOGLEVEL_LOG4J_OFF = INT32_MAX,
	LTTNG_LOGLEVEL_LOG4J_FATAL = 50000,
	LTTNG_LOGLEVEL_LOG4J_ERROR = 40000,
	LTTNG_LOGLEVEL_LOG4J_WARN = 30000,
	LTTNG_LOGLEVEL_LOG4J_INFO = 20000,
	LTTNG_LOGLEVEL_LOG4J_DEBUG = 10000,
	LTTNG_LOGLEVEL_LOG4J_TRACE = 5000,
	LTTNG_LOGLEVEL_LOG4J_ALL = INT32_MIN,
};

enum lttng_loglevel_python {
	LTTNG_LOGLEVEL_PYTHON_CRITICAL = 50,
	LTTNG_LOGLEVEL_PYTHON_ERROR = 40,
	LTTNG_LOGLEVEL_PYTHON_WARNING = 30,
	LTTNG_LOGLEVEL_PYTHON_INFO = 20,
	LTTNG_LOGLEVEL_PYTHON_DEBUG = 10,
	LTTNG_LOGLEVEL_PYTHON_NOTSET = 0,
};

enum lttng_event_output {
	LTTNG_EVENT_SPLICE = 0,
	LTTNG_EVENT_MMAP = 1,
};

enum lttng_event_context_type {
	LTTNG_EVENT_CONTEXT_PID = 0,
	LTTNG_EVENT_CONTEXT_PERF_COUNTER = 1, /* Backward compatibility. */
	LTTNG_EVENT_CONTEXT_PROCNAME = 2,
	LTTNG_EVENT_CONTEXT_PRIO = 3,
	LTTNG_EVENT_CONTEXT_NICE = 4,
	LTTNG_EVENT_CONTEXT_VPID = 5,
	LTTNG_EVENT_CONTEXT_TID = 6,
	LTTNG_EVENT_CONTEXT_VTID = 7,
	LTTNG_EVENT_CONTEXT_PPID = 8,
	LTTNG_EVENT_CONTEXT_VPPID = 9,
	LTTNG_EVENT_CONTEXT_PTHREAD_ID = 10,
	LTTNG_EVENT_CONTEXT_HOSTNAME = 11,
	LTTNG_EVENT_CONTEXT_IP = 12,
	LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER = 13,
	LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER = 14,
	LTTNG_EVENT_CONTEXT_APP_CONTEXT = 15,
	LTTNG_EVENT_CONTEXT_INTERRUPTIBLE = 16,
	LTTNG_EVENT_CONTEXT_PREEMPTIBLE = 17,
	LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE = 18,
	LTTNG_EVENT_CONTEXT_MIGRATABLE = 19,
	LTTNG_EVENT_CONTEXT_CALLSTACK_KERNEL = 20,
	LTTNG_EVENT_CONTEXT_CALLSTACK_USER = 21,
	LTTNG_EVENT_CONTEXT_CGROUP_NS = 22,
	LTTNG_EVENT_CONTEXT_IPC_NS = 23,
	LTTNG_EVENT_CONTEXT_MNT_NS = 24,
	LTTNG_EVENT_CONTEXT_NET_NS = 25,
	LTTNG_EVENT_CONTEXT_PID_NS = 26,
	LTTNG_EVENT_CONTEXT_USER_NS = 27,
	LTTNG_EVENT_CONTEXT_UTS_NS = 28,
	LTTNG_EVENT_CONTEXT_UID = 29,
	LTTNG_EVENT_CONTEXT_EUID = 30,
	LTTNG_EVENT_CONTEXT_SUID = 31,
	LTTNG_EVENT_CONTEXT_GID = 32,
	LTTNG_EVENT_CONTEXT_EGID = 33,
	LTTNG_EVENT_CONTEXT_SGID = 34,
	LTTNG_EVENT_CONTEXT_VUID = 35,
	LTTNG_EVENT_CONTEXT_VEUID = 36,
	LTTNG_EVENT_CONTEXT_VSUID = 37,
	LTTNG_EVENT_CONTEXT_VGID = 38,
	LTTNG_EVENT_CONTEXT_VEGID = 39,
	LTTNG_EVENT_CONTEXT_VSGID = 40,
	LTTNG_EVENT_CONTEXT_TIME_NS = 41,
};

enum lttng_event_flag {
	LTTNG_EVENT_FLAG_SYSCALL_32 = (1U << 0),
	LTTNG_EVENT_FLAG_SYSCALL_64 = (1U << 1),
};

#define LTTNG_PERF_EVENT_PADDING1 16

/* A perf counter: type (0 hw, 1 sw, 3 hw cache, 4 raw) and config. */
struct lttng_event_perf_counter_ctx {
	uint32_t type;
	uint64_t config;
	char name[LTTNG_SYMBOL_NAME_LEN];
	char padding[LTTNG_PERF_EVENT_PADDING1];
};

#define LTTNG_EVENT_CONTEXT_PADDING1 16
#define LTTNG_EVENT_CONTEXT_PADDING2 (LTTNG_SYMBOL_NAME_LEN + 32)

/* A context field to record with every event of a channel. */
struct lttng_event_context {
	enum lttng_event_context_type ctx;
	char padding[LTTNG_EVENT_CONTEXT_PADDING1];
	union lttng_event_context_u {
		struct lttng_event_perf_counter_ctx perf_counter;
		struct {
			char *provider_name;
			char *ctx_name;
		} app_ctx;
		char padding[LTTNG_EVENT_CONTEXT_PADDING2];
	} u;
};

#define LTTNG_EVENT_PROBE_PADDING1 16

struct lttng_event_probe_attr {
	uint64_t addr;
	uint64_t offset;
	char symbol_name[LTTNG_SYMBOL_NAME_LEN];
	char padding[LTTNG_EVENT_PROBE_PADDING1];
};

#define LTTNG_EVENT_FUNCTION_PADDING1 16

struct lttng_event_function_attr {
	char symbol_name[LTTNG_SYMBOL_NAME_LEN];
	char padding[LTTNG_EVENT_FUNCTION_PADDING1];
};

#define LTTNG_EVENT_PADDING2 (LTTNG_SYMBOL_NAME_LEN + 32)

/*
 * A recording event rule (or, from lttng_list_tracepoints(), an
 * instrumentation point). The filter expression and the exclusion names
 * are reached through the accessors below, never through extended.ptr.
 */
struct lttng_event {
	enum lttng_event_type type;
	char name[LTTNG_SYMBOL_NAME_LEN];
	enum lttng_loglevel_type loglevel_type;
	int loglevel;
	int32_t enabled; /* -1: does not apply. */
	pid_t pid;
	unsigned char filter;
	unsigned char exclusion;
	char padding2[2];
	enum lttng_event_flag flags;
	char padding[4];
	union {
		uint64_t padding;
		void *ptr;
	} extended;
	/*
	 * attr.probe.symbol_name: for LTTNG_EVENT_USERSPACE_PROBE, this
	 * implementation's location text ("elf:PATH:SYMBOL" or
	 * "sdt:PATH:PROVIDER:NAME"), as lttng enable-event takes it.
	 */
	union {
		struct lttng_event_probe_attr probe;
		struct lttng_event_function_attr ftrace;
		char padding[LTTNG_EVENT_PADDING2];
	} attr;
};

/* Returns a zeroed event, or NULL; free it with lttng_event_destroy(). */
struct lttng_event *lttng_event_create(void);
void lttng_event_destroy(struct lttng_event *event);

/*
 * The user space probe location of an event from lttng_event_create():
 * set hands it over (the event destroys it, and the one it held before)
 * and returns 0, or -LTTNG_ERR_INVALID for NULL arguments or another
 * event; get returns it, or NULL. For a LTTNG_EVENT_USERSPACE_PROBE
 * event it replaces the location text of attr.probe.symbol_name.
 */
struct lttng_userspace_probe_location;
const struct lttng_userspace_probe_location *
lttng_event_get_userspace_probe_location(const struct lttng_event *event);
int lttng_event_set_userspace_probe_location(
	struct lttng_event *event,
	struct lttng_userspace_probe_location *probe_location);

/*
 * Sets *filter_expression to the rule's filter (NULL when it has none).
 * Valid for events returned by lttng_list_events(); returns 0 or
 * -LTTNG_ERR_INVALID.
 */
int lttng_event_get_filter_expression(struct lttng_event *event,
				      const char **filter_expression);

/* Number of exclusion names of a listed event, or -LTTNG_ERR_INVALID. */
int lttng_event_get_exclusion_name_count(struct lttng_event *event);

/* Sets *exclusion_name to the index-th exclusion; 0 or negative code. */
int lttng_event_get_exclusion_name(struct lttng_event *event, size_t index,
				   const char **exclusion_name);

/*
 * Create or enable a recording event rule in the channel (NULL or "":
 * the default channel, created on demand). Return 0 or a negative
 * LTTNG_ERR_* code.
 */
int lttng_enable_event(struct lttng_handle *handle, struct lttng_event *event,
		       const char *channel_name);
int lttng_enable_event_with_filter(struct lttng_handle *handle,
				   struct lttng_event *event,
				   const char *channel_name,
				   const char *filter_expression);
int lttng_enable_event_with_exclusions(struct lttng_handle *handle,
				       struct lttng_event *event,
				       const char *channel_name,
				       const char *filter_expression,
				       int exclusion_count,
				       char **exclusion_names);

/* Disable the rules named name ("" or NULL: all rules of the channel). */
int lttng_disable_event(struct lttng_handle *handle, const char *name,
			const char *channel_name);
int lttng_disable_event_ext(struct lttng_handle *handle,
			    struct lttng_event *event, const char *channel_name,
			    const char *filter_expression);

/*
 * Add a context field to a channel (NULL or "": every channel of the
 * domain). event_name must be NULL. Returns 0 or a negative code.
 */
int lttng_add_context(struct lttng_handle *handle,
		      struct lttng_event_context *ctx, const char *event_name,
		      const char *channel_name);

/*
 * Sets *events to a malloc'd array of the rules of a channel; returns the
 * count or a negative code. free() the array once (accessors included).
 */
int lttng_list_events(struct lttng_handle *handle, const char *channel_name,
		      struct lttng_event **events);

/* Instrumentation points offered by registered applications. */
/* What `lttng list --userspace --fields` shows of a field. */
enum lttng_event_field_type {
	LTTNG_EVENT_FIELD_OTHER = 0,
	LTTNG_EVENT_FIELD_INTEGER = 1,
	LTTNG_EVENT_FIELD_ENUM = 2,
	LTTNG_EVENT_FIELD_FLOAT = 3,
	LTTNG_EVENT_FIELD_STRING = 4,
};

#define LTTNG_EVENT_FIELD_PADDING (LTTNG_SYMBOL_NAME_LEN + 32)

/* One field of a tracepoint of a registered process. */
struct lttng_event_field {
	char field_name[LTTNG_SYMBOL_NAME_LEN];
	enum lttng_event_field_type type;
	char padding[LTTNG_EVENT_FIELD_PADDING];
	struct lttng_event event; /* the tracepoint, with the process's pid */
	int nowrite;
};

/*
 * The fields of every tracepoint of every registered process (user
 * space domain only). Returns the count and a malloc'd array in *fields,
 * or a negative LTTNG_ERR_* code.
 */
int lttng_list_tracepoint_fields(struct lttng_handle *handle,
				 struct lttng_event_field **fields);

/* The system calls the kernel domain can record (LTTNG_EVENT_SYSCALL). */
int lttng_list_syscalls(struct lttng_event **events);

int lttng_list_tracepoints(struct lttng_handle *handle,
			   struct lttng_event **events);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_EVENT_H */
