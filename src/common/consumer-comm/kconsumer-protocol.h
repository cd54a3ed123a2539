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
 *   'T'  set tracker: a uint32_t length (host order) then that many
 *        bytes "ATTR=all", "ATTR=none" or "ATTR=ID,ID..." (ATTR: vpid,
 *        uid, vuid, gid, vgid; as the --tracker option): from now on
 *        only records of threads whose attribute is in the set are
 *        kept                                    -> 'k' or 'e'
 *   'S'  statistics: a uint32_t length (host order) then that many bytes,
 *        a channel name               -> 'k' then two uint64_t (host
 *        order): the discarded events (discard mode) and the lost
 *        packets (overwrite mode) of that channel so far; or 'e'
 *   'P'  snapshot (consumer started with --snapshot): a uint64_t
 *        (host order) maximum of packets per stream (0: all), a
 *        uint32_t length, then that many bytes, the absolute directory
 *        (<snapshot>/kernel) to write every stream's kept pages, as CTF,
 *        and the metadata to                      -> 'k' or 'e'
 *   'R'  rotate: a uint32_t length (host order) then that many bytes,
 *        a directory: the current trace chunk's files are completed
 *        and closed; the trace continues in DIRECTORY/kernel (length
 *        0: no files until the next 'R')          -> 'k' or 'e'
 *   'C'  clear (consumer started with --snapshot): what the buffers
 *        hold is dropped; later snapshots hold later events only
 *                                                 -> 'k' or 'e'
 *   'M'  regenerate metadata: two int64_t (host order), the clock's
 *        Epoch offset measured again (seconds, then cycles): the
 *        metadata declares it, and the metadata file is truncated and
 *        written again whole (a snapshot session's next snapshot, or
 *        the next trace chunk, gets it)          -> 'k' or 'e'
 *   'D'  state dump: a uint32_t length (host order) then that many
 *        bytes, "tid=TID\n" (the thread the events' context
 *        describes), then lines "CHANNEL\tEVENT\tEXPR" naming each
 *        lttng_statedump_* event a channel records and its filter
 *        (EXPR as below, empty for none): the state dump is read from
 *        /proc and /sys and its events written into each channel's
 *        stream of the consumer's current CPU among the records, in
 *        time order (statedump-recorder.h)    -> 'k' or 'e'
 *
 * EXPR (here and in --filter options) holds the expressions of every
 * enabled rule with a filter on that event, separated by
 * KCONSUMER_FILTER_RULE_SEPARATOR (ASCII RS): each is evaluated on its
 * own, a record is kept when any holds.
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
#define KCONSUMER_CMD_STATS 'S'
#define KCONSUMER_CMD_SET_TRACKER 'T'
#define KCONSUMER_CMD_SNAPSHOT 'P'
#define KCONSUMER_CMD_ROTATE 'R'
#define KCONSUMER_CMD_CLEAR 'C'
#define KCONSUMER_CMD_REGENERATE_METADATA 'M'
#define KCONSUMER_CMD_STATEDUMP 'D'
#define KCONSUMER_MAX_FILTER_MESSAGE 65536
#define KCONSUMER_MAX_CHANNEL_NAME 255
#define KCONSUMER_FILTER_RULE_SEPARATOR '\x1e'
#define KCONSUMER_REPLY_OK 'k'
#define KCONSUMER_REPLY_ERROR 'e'

#endif /* KCONSUMER_PROTOCOL_H */
