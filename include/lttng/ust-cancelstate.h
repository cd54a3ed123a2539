/*
 * <lttng/ust-cancelstate.h>: disables the calling thread's pthread
 * cancellation around tracer code, nesting: push disables it (saving
 * the state the outermost push found), pop restores that state when the
 * outermost push is undone. Both return 0, or -1 on a pop without a
 * push or a pthread_setcancelstate() failure.
 */
#ifndef LTTNG_UST_CANCELSTATE_H
#define LTTNG_UST_CANCELSTATE_H

#ifdef __cplusplus
extern "C" {
#endif

int lttng_ust_cancelstate_disable_push(void);
int lttng_ust_cancelstate_disable_pop(void);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_CANCELSTATE_H */
