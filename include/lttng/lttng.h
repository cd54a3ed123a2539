/*
 * The control API of the toolkit (liblttng-ctl), as LTTng names it:
 * include this one header. Daemon presence and the tracing group are
 * declared here; every other object has its own header.
 */
#ifndef LTTNG_H
#define LTTNG_H

#include <lttng/constant.h>
#include <lttng/lttng-error.h>
#include <lttng/domain.h>
#include <lttng/handle.h>
#include <lttng/event.h>
#include <lttng/channel.h>
#include <lttng/session.h>
#include <lttng/session-descriptor.h>
#include <lttng/tracker.h>
#include <lttng/snapshot.h>
#include <lttng/location.h>
#include <lttng/rotation.h>
#include <lttng/clear.h>
#include <lttng/clear-handle.h>
#include <lttng/destruction-handle.h>
#include <lttng/save.h>
#include <lttng/load.h>
#include <lttng/consumer.h>
#include <lttng/health.h>
#include <lttng/kernel-probe.h>
#include <lttng/log-level-rule.h>
#include <lttng/userspace-probe.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Machine interface output types. */
enum lttng_mi_output_type {
	LTTNG_MI_XML = 1,
};

/* 1 when a session daemon answers on the client socket, else 0. */
int lttng_session_daemon_alive(void);

/*
 * Name of the Unix group whose members may use the root session daemon
 * (default "tracing"). Returns 0 or -LTTNG_ERR_NOMEM/-LTTNG_ERR_INVALID.
 */
int lttng_set_tracing_group(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_H */
