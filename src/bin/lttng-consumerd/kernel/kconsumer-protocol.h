/*
 * The control protocol between the session daemon and a kernel consumer
 * (ours; LTTng's is private too). The session daemon passes one end of a
 * socketpair as --control-fd and writes one-byte commands; the consumer
 * answers each with one byte once it is done:
 *
 *   'f'  flush: read every CPU buffer until it is empty (tracing is off),
 *        write the open packets and the metadata   -> 'k' or 'e'
 *   'q'  quit: flush, close every file, exit       -> 'k' or 'e'
 *   'F'  set filter: a uint32_t length (host order) then that many
 *        bytes "CHANNEL\nSYSTEM/EVENT=EXPR": from now on the channel's
 *        records of that event are kept when EXPR holds; an empty EXPR
 *        removes the event's filter              -> 'k' or 'e'
 *
 * Once set up, the consumer sends one byte: 'k' (ready) or 'e' (it
 * could not open the buffers or the trace files; details on stderr).
 * Any other byte is answered 'e' and ignored. When the session daemon
 * goes away (end of file), the consumer flushes, closes and exits.
 */
#ifndef KCONSUMER_PROTOCOL_H
#define KCONSUMER_PROTOCOL_H

#define KCONSUMER_CMD_FLUSH 'f'
#define KCONSUMER_CMD_QUIT 'q'
#define KCONSUMER_CMD_SET_FILTER 'F'
#define KCONSUMER_MAX_FILTER_MESSAGE 65536
#define KCONSUMER_REPLY_OK 'k'
#define KCONSUMER_REPLY_ERROR 'e'

#endif /* KCONSUMER_PROTOCOL_H */
