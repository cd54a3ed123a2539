/*
 * The session daemon's side of a session's kernel consumer daemon
 * (lttng-consumerd --kernel, driven with the consumer protocol's kernel
 * requests, src/common/consumer-comm/consumer-protocol.h): started on
 * the session's first start and given its trace, channels and trackers,
 * sent the filters and trackers of rules changed while it runs, told of
 * the session's trace chunks and switched between them, asked to flush
 * on stop and to stop on destroy (its chunks go with it).
 */
#ifndef SESSIOND_KERNEL_CONSUMER_H
#define SESSIOND_KERNEL_CONSUMER_H

#include <stdint.h>

#include <lttng/tracker.h>

#include "consumer-comm/consumer-protocol.h"

struct kernel_session;

/*
 * Starts the consumer of session session_id writing into kernel/ of
 * chunk (NULL: a snapshot session's, keeping the buffers for
 * snapshots); it creates every trace file and directory as the chunk's
 * owner. LTTNG_OK, or LTTNG_ERR_KERN_CONSUMER_FAIL (logged) when it
 * cannot run.
 */
int kernel_consumer_start(struct kernel_session *ks,
			  const struct consumer_chunk_desc *chunk,
			  uint64_t session_id, const char *trace_name);

/* Asks the consumer to drain and write everything; LTTNG_OK or error. */
int kernel_consumer_flush(struct kernel_session *ks);

/*
 * Sends the running consumer a channel's new filter of
 * events/<system>/<event> (expression NULL: none). LTTNG_OK, or
 * LTTNG_ERR_KERN_CONSUMER_FAIL when it does not take it.
 */
int kernel_consumer_set_filter(struct kernel_session *ks, const char *channel,
			       const char *system, const char *event,
			       const char *expression);

/*
 * Sends the running consumer the session's tracker of attr
 * (kernel_tracker_consumer_desc()); no-op before it starts (the
 * trackers are part of its set-up). LTTNG_OK, LTTNG_ERR_NOMEM or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_consumer_set_tracker(struct kernel_session *ks,
				enum lttng_process_attr attr);

/*
 * The channel's losses so far, from the running consumer (0 and 0 when
 * it has not started): discarded events (discard mode) and lost packets
 * (overwrite mode). LTTNG_OK or LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_consumer_channel_stats(struct kernel_session *ks,
				  const char *channel,
				  uint64_t *discarded_events,
				  uint64_t *lost_packets);

/*
 * A snapshot session's consumer writes what its buffers hold into
 * kernel/ of the snapshot's chunk (announced to it, closed after): at
 * most max_packets per stream (0: all), and the metadata. LTTNG_OK
 * (also when it never started) or LTTNG_ERR_SNAPSHOT_FAIL.
 */
int kernel_consumer_snapshot(struct kernel_session *ks,
			     const struct consumer_chunk_desc *chunk,
			     uint64_t max_packets);

/*
 * Session rotation: the consumer completes the current trace chunk's
 * files and continues in kernel/ of chunk_id, announced to it
 * (CONSUMER_CHUNK_NONE: no files until the next call). LTTNG_OK (also
 * when it does not run) or LTTNG_ERR_ROTATION_FAIL_CONSUMER.
 */
int kernel_consumer_rotate(struct kernel_session *ks, uint64_t chunk_id);
/*
 * Trace chunks (consumer-protocol.h): the consumer holds desc's chunk
 * from now on (already holding it is no error), or lets it go if it
 * holds it. LTTNG_OK (also when it does not run) or
 * LTTNG_ERR_KERN_CONSUMER_FAIL (logged).
 */
int kernel_consumer_chunk_create(struct kernel_session *ks,
				 const struct consumer_chunk_desc *desc);
int kernel_consumer_chunk_close(struct kernel_session *ks,
				const struct consumer_chunk_close *desc);

/*
 * Clear of a snapshot session: the consumer drops what its buffers hold.
 * LTTNG_OK (also when it never started) or LTTNG_ERR_CLEAR_FAIL_CONSUMER.
 */
int kernel_consumer_clear(struct kernel_session *ks);

struct trace_clock_desc;

/*
 * lttng regenerate metadata: the consumer declares clock's Epoch offset
 * (measured again) in its metadata and writes the whole metadata file
 * again. LTTNG_OK (also when it never started) or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_consumer_regenerate_metadata(struct kernel_session *ks,
					const struct trace_clock_desc *clock);

/*
 * Has the consumer record the state dump events desc names in each
 * channel. LTTNG_OK (also when it is not running), LTTNG_ERR_NOMEM or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_consumer_statedump(
	struct kernel_session *ks,
	const struct consumer_kernel_statedump_desc *desc);

/*
 * The consumer died and was reaped (kernel-consumer-loss.h): its socket
 * is closed and every later request of the session fails.
 */
void kernel_consumer_forget(struct kernel_session *ks);

/* Asks the consumer to stop (write out, exit), then reaps it (no-op when
 * none). */
void kernel_consumer_quit(struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_CONSUMER_H */
