/*
 * <lttng/ust-fork.h>: the hooks a program (or liblttng-ust-fork, which
 * wraps fork()) calls around a fork() it makes without the C library's
 * fork handlers (clone(), vfork() followed by work): before_fork blocks
 * every signal and saves the mask in *save_sigset; after_fork_parent
 * and after_fork_child restore it, and the child registers with the
 * session daemons as a new application.
 */
#ifndef LTTNG_UST_FORK_H
#define LTTNG_UST_FORK_H

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

void lttng_ust_before_fork(sigset_t *save_sigset);
void lttng_ust_after_fork_parent(sigset_t *restore_sigset);
void lttng_ust_after_fork_child(sigset_t *restore_sigset);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_FORK_H */
