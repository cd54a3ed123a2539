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

/*
 * enable-channel and disable-channel: begin the document and its
 * <channels>, then add each channel the command handled; end with
 * mi_command_end.
 */
void mi_channel_list_begin(const char *command);
/*
 * A channel as enable-channel asked for it: its attributes as given
 * to the daemon, the live timer shown unset (as LTTng's CLI leaves it).
 */
void mi_channel_add_enabled(const struct lttng_channel *channel, bool success);
/* A channel disable-channel disabled (or failed to). */
void mi_channel_add_disabled(const char *name, bool success);

#endif /* LTTNG_CLI_MI_CHANNEL_H */
