/*
 * liblttng-ust: applies one command of a session daemon (ust-protocol.h)
 * to the objects that daemon created (app-session.h) or answers it from
 * the registered providers (tracepoint and field lists). Called by the
 * listener thread, which sends the reply.
 */
#ifndef UST_COMMANDS_H
#define UST_COMMANDS_H

#include "app-session.h"
#include "wire-codec/wire-codec.h"
#include "ust-comm/message.h"

/*
 * Decodes and applies msg. Returns the reply code (0 or a negative
 * errno: -EBADMSG for a malformed payload, -ENOSYS for an unknown
 * command) and appends the reply payload, if any, to reply.
 * UST_CMD_REGISTER_DONE is the listener's and not handled here.
 */
int ust_command_apply(struct ust_app_objects *objects, struct ust_message *msg,
		      struct wire_buf *reply);

#endif /* UST_COMMANDS_H */
