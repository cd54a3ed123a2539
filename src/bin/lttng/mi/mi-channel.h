/*
 * MI elements of channels (schema type channel_type), shared by list,
 * enable-channel and disable-channel.
 */
#ifndef LTTNG_CLI_MI_CHANNEL_H
#define LTTNG_CLI_MI_CHANNEL_H

#include <lttng/lttng.h>

#include "mi-writer.h"

/*
 * Open <channel> and write its name, enabled and <attributes>; the
 * caller adds events or success and closes it.
 */
void mi_channel_open(struct mi_writer *mi, struct lttng_channel *channel);

#endif /* LTTNG_CLI_MI_CHANNEL_H */
