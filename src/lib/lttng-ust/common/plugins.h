/*
 * liblttng-ust-common: loading the override plugins lttng-ust(3)
 * documents (LTTNG_UST_GETCPU_PLUGIN, LTTNG_UST_CLOCK_PLUGIN), from the
 * library's constructor.
 */
#ifndef UST_PLUGINS_H
#define UST_PLUGINS_H

/* Loads and initializes every plugin the environment names, once. */
void ust_plugins_load(void);

#endif /* UST_PLUGINS_H */
