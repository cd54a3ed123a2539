/*
 * Tracing domains (kernel, user space, agents) and their buffering
 * schemes, as the control API names them. Used by handles, channel and
 * event calls, and lttng_list_domains().
 */
#ifndef LTTNG_DOMAIN_H
#define LTTNG_DOMAIN_H

#include <sys/types.h>

#include <lttng/constant.h>

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_domain_type {
	LTTNG_DOMAIN_NONE = 0,
	LTTNG_DOMAIN_KERNEL = 1,
	LTTNG_DOMAIN_UST = 2,
	LTTNG_DOMAIN_JUL = 3,
	LTTNG_DOMAIN_LOG4J = 4,
	LTTNG_DOMAIN_PYTHON = 5,
};

enum lttng_buffer_type {
	LTTNG_BUFFER_PER_PID = 0,
	LTTNG_BUFFER_PER_UID = 1,
	LTTNG_BUFFER_GLOBAL = 2,
};

#define LTTNG_DOMAIN_PADDING1 12
#define LTTNG_DOMAIN_PADDING2 (LTTNG_SYMBOL_NAME_LEN + 32)

struct lttng_domain {
	enum lttng_domain_type type;
	enum lttng_buffer_type buf_type;
	char padding[LTTNG_DOMAIN_PADDING1];
	union {
		pid_t pid;
		char exec_name[LTTNG_NAME_MAX];
		char padding[LTTNG_DOMAIN_PADDING2];
	} attr;
};

/*
 * Sets *domains to a malloc'd array of the domains in which the session
 * has channels; returns their count or a negative LTTNG_ERR_* code.
 */
int lttng_list_domains(const char *session_name, struct lttng_domain **domains);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_DOMAIN_H */
