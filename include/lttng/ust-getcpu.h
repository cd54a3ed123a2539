/*
 * The getcpu() override of LTTng-UST 2.13 (lttng-ust(3),
 * LTTNG_UST_GETCPU_PLUGIN): a plugin's lttng_ust_getcpu_plugin_init()
 * installs the function that tells the tracer which CPU the calling
 * thread is on, hence which per-CPU buffer records go to.
 */
#ifndef LTTNG_UST_GETCPU_H
#define LTTNG_UST_GETCPU_H

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*lttng_ust_getcpu_func)(void);

/*
 * Installs getcpu as the tracer's CPU source (liblttng-ust-common keeps
 * it); NULL goes back to the kernel's CPU numbers. Returns 0. Usually
 * called from the plugin's init function; a later call applies from the
 * next record on.
 */
int lttng_ust_getcpu_override(lttng_ust_getcpu_func getcpu);

/* What a plugin defines; liblttng-ust-common calls it once it loaded it. */
void lttng_ust_getcpu_plugin_init(void);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_GETCPU_H */
