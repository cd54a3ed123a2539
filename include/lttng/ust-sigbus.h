/*
 * <lttng/ust-sigbus.h>: the per-thread SIGBUS recovery state of
 * LTTng-UST 2.13's consumer side. A consumer reading shared memory that
 * an application may truncate under it registers the ranges it reads
 * and a jump point; its SIGBUS handler jumps back when the fault is in
 * one of them. A program using it defines the state once with
 * DEFINE_LTTNG_UST_SIGBUS_STATE().
 */
#ifndef LTTNG_UST_SIGBUS_H
#define LTTNG_UST_SIGBUS_H

#include <setjmp.h>
#include <urcu/list.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A mapping being read: [start, end). */
struct lttng_ust_sigbus_range {
	void *start;
	void *end;
	struct cds_list_head node; /* in lttng_ust_sigbus_state.head */
};

struct lttng_ust_sigbus_state {
	int jmp_ready;		   /* sj_env is set */
	struct cds_list_head head; /* of struct lttng_ust_sigbus_range */
	sigjmp_buf sj_env;
};

#define DEFINE_LTTNG_UST_SIGBUS_STATE()                                        \
	__thread __attribute__((                                               \
		tls_model("initial-exec"))) struct lttng_ust_sigbus_state      \
		lttng_ust_sigbus_state

extern __thread __attribute__((tls_model(
	"initial-exec"))) struct lttng_ust_sigbus_state lttng_ust_sigbus_state;

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_SIGBUS_H */
