/*
 * <lttng/ust-config.h>: how this LTTng-UST was configured, as LTTng-UST
 * 2.13 installs it. The only setting it documents,
 * LTTNG_UST_HAVE_SDT_INTEGRATION (a SystemTap <sys/sdt.h> probe beside
 * each tracepoint), is not supported here and stays undefined.
 */
#ifndef LTTNG_UST_CONFIG_H
#define LTTNG_UST_CONFIG_H

/* #undef LTTNG_UST_HAVE_SDT_INTEGRATION */

#endif /* LTTNG_UST_CONFIG_H */
