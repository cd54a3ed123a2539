/*
 * The kernel domain of the session daemon, backed by tracefs: whether
 * this daemon may trace the kernel (root, tracefs found or mounted),
 * and the kernel state of one recording session: its channels (the
 * generic struct domain, so listing works as for user space), the
 * tracefs instance behind each channel and the session's kernel
 * consumer daemon.
 */
#ifndef SESSIOND_KERNEL_DOMAIN_H
#define SESSIOND_KERNEL_DOMAIN_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include "../domain.h"
#include "kernel-tracker.h"
#include "trace-clock/calibration.h"
#include "tracefs/instance.h"

/* A filter the consumer evaluates on one tracefs event of a channel. */
struct kernel_consumer_filter {
	char system[64];
	char event[256];
	char *expression;
	struct kernel_consumer_filter *next;
};

struct kernel_instance {
	char channel[LTTNG_SYMBOL_NAME_LEN];
	struct tracefs_instance tracefs;
	struct kernel_consumer_filter *filters;
	struct kernel_instance *next;
};

struct kernel_uprobe;

struct kernel_session {
	struct domain domain;
	struct kernel_instance *instances;
	struct kernel_uprobe *uprobes; /* defined for this session's rules */
	struct kernel_tracker trackers[KERNEL_TRACKER_COUNT]; /* by lttng_process_attr */
	/* what the trace declares and records: the daemon's at creation */
	struct trace_clock_desc clock;
	pid_t consumer_pid; /* 0: not running */
	int consumer_fd;    /* control socket, -1 when none */
	/*
	 * The consumer stopped answering (or a stop request cut a wait for
	 * it short) and was stopped: the session's kernel trace may miss
	 * data, so every later consumer command of the session fails.
	 */
	bool consumer_lost;
	/* Its set-up succeeded: losing it now puts the session in error. */
	bool consumer_set_up;
};

/*
 * Called once at startup: finds (or mounts) tracefs and removes the
 * instances a crashed daemon left. Without root or with --no-kernel the
 * domain stays unavailable.
 */
void kernel_domain_init(void);

/*
 * LTTNG_OK when kernel commands may be served, else LTTng's error:
 * LTTNG_ERR_NEED_ROOT_SESSIOND for a per-user daemon,
 * LTTNG_ERR_KERN_NA when tracefs is missing or --no-kernel was given.
 */
int kernel_domain_available(void);

/* Where tracefs is mounted ("" when unavailable). */
const char *kernel_tracefs_root(void);

/* The session's kernel state, created when create is set. */
int kernel_session_get(struct kernel_session **slot, bool create,
		       struct kernel_session **out);

/* The instance behind a channel of the session, or NULL. */
struct kernel_instance *kernel_session_instance(struct kernel_session *ks,
						const char *channel);

/*
 * Creates the tracefs instance of a new channel. LTTNG_OK or
 * LTTNG_ERR_KERN_CHAN_FAIL (logged with the kernel's reason).
 */
int kernel_session_add_instance(struct kernel_session *ks, const char *channel,
				struct kernel_instance **out);

/* Stops the consumer, removes every instance and frees ks. */
void kernel_session_destroy(struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_DOMAIN_H */
