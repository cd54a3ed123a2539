/*
 * Implementation of ust-session.h: the user space domain's part of a
 * session's life cycle, over its buffer sets (ust-buffer-set.h) and the
 * apps (ust-app-sync.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "consumer.h"
#include "rotation.h"
#include "session.h"
#include "ust-app-sync.h"
#include "ust-buffer-set.h"
#include "ust-registry.h"
#include "ust-session.h"
#include "trace-salvage.h"
#include "util/log.h"
#include "util/output-dir.h"

/*
 * Like LTTng, a session with user space channels and an output directory
 * has its "ust" directory from its first start, even before any app
 * registers.
 */
static void create_domain_dir(const struct session *session)
{
	char dir[PATH_MAX], chunk[PATH_MAX];
	int ret;

	if (!session->output_path[0] || session->snapshot ||
	    !session->ust.channel_count ||
	    rotation_chunk_path(session, chunk, sizeof(chunk)) ||
	    snprintf(dir, sizeof(dir), "%s/ust", chunk) >= (int)sizeof(dir))
		return;
	ret = output_dir_create(dir, session->uid, session->gid);
	if (ret)
		WARN("Cannot create the trace directory %s: %s", dir,
		     strerror(-ret));
}

int ust_session_start(struct session *session)
{
	int ret;

	create_domain_dir(session);
	ret = ust_app_sync_session(session);
	/* The consumer could not make the buffers (logged): no start. */
	if (ret == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	if (ret == -EMFILE || ret == -ENFILE || ret == -ENOSPC || ret == -EIO ||
	    ret == -ENOTCONN)
		return LTTNG_ERR_UST_START_FAIL;
	return LTTNG_OK;
}

int ust_session_stop(struct session *session)
{
	int ret = LTTNG_OK;

	ust_app_sync_stop(session);
	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		if (ust_buffer_set_flush(set))
			ret = LTTNG_ERR_BUFFER_FLUSH_FAILED;
	return ret;
}

int ust_session_regenerate_metadata(struct session *session)
{
	int ret = 0;

	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int r = set->registry ? ust_registry_regenerate_metadata(
						set->registry)
				      : 0;

		if (r && !ret)
			ret = r;
	}
	return ret;
}

bool ust_session_data_pending(struct session *session)
{
	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next) {
			bool pending = false;

			if (!consumer_data_pending(bc->key, &pending) &&
			    pending)
				return true;
		}
	return false;
}

int ust_session_destroy(struct session *session)
{
	int err = 0;

	ust_app_sync_forget_session(session);
	while (session->ust_buffers) {
		struct ust_buffer_set *set = session->ust_buffers;

		session->ust_buffers = set->next;
		if (ust_buffer_set_destroy(set))
			err = -EIO;
	}
	return err;
}

bool ust_session_drop_consumer_buffers(struct session *session,
				       pid_t consumer_pid)
{
	struct ust_buffer_set **link = &session->ust_buffers;
	bool dropped = false;

	while (*link) {
		struct ust_buffer_set *set = *link;

		if (set->consumer_pid != consumer_pid) {
			link = &set->next;
			continue;
		}
		if (!dropped)
			ust_app_sync_stop(session);
		dropped = true;
		*link = set->next;
		if (set->dir[0]) {
			trace_salvage_streams(set->dir, set->owner_uid,
					      set->owner_gid);
			ust_registry_write_metadata_file(
				set->registry, set->dir, set->owner_uid,
				set->owner_gid);
		}
		ust_buffer_set_destroy(set);
	}
	return dropped;
}

void ust_session_channel_stats(const struct session *session,
			       const struct channel *chan,
			       uint64_t *discarded_events,
			       uint64_t *lost_packets)
{
	*discarded_events = 0;
	*lost_packets = 0;
	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (const struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next) {
			uint64_t discarded, lost;

			if (bc->chan != chan ||
			    consumer_channel_stats(bc->key, &discarded, &lost))
				continue;
			*discarded_events += discarded;
			*lost_packets += lost;
		}
}

int ust_session_snapshot_dirs(const struct session *session, const char *dir)
{
	char index_dir[PATH_MAX * 2 + 16];

	/* LTTng's snapshot has its ust/ even before any app registered */
	if (session->ust.channel_count) {
		snprintf(index_dir, sizeof(index_dir), "%s/ust", dir);
		if (output_dir_create(index_dir, session->uid, session->gid))
			ERR("Cannot create the snapshot directory %s",
			    index_dir);
	}

	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int ret;

		snprintf(index_dir, sizeof(index_dir), "%s/%s/index", dir,
			 set->rel_dir);
		ret = output_dir_create(index_dir, session->uid, session->gid);
		if (ret) {
			ERR("Cannot create the snapshot directory %s: %s",
			    index_dir, strerror(-ret));
			return ret;
		}
	}
	return 0;
}

int ust_session_snapshot(const struct session *session,
			 const struct consumer_chunk_desc *chunk,
			 uint64_t max_packets)
{
	const struct consumer_chunk_close close = {
		.session_id = chunk->session_id,
		.chunk_id = chunk->chunk_id,
		.end = (int64_t)time(NULL),
		.command = TRACE_CHUNK_CLOSE_NONE,
	};
	int ret, closed;

	if (!session->ust_buffers)
		return 0;
	ret = consumer_chunk_create(chunk, false);
	for (const struct ust_buffer_set *set = session->ust_buffers;
	     !ret && set; set = set->next)
		ret = ust_buffer_set_snapshot(session, set, chunk->chunk_id,
					      max_packets);
	closed = consumer_chunk_close(&close);
	if (closed)
		ERR("The consumer did not let the snapshot's chunk go: %s",
		    strerror(-closed));
	return ret ? ret : closed;
}

uint64_t ust_session_snapshot_round_size(const struct session *session,
					 uint64_t packets)
{
	uint64_t size = 0;

	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (const struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next)
			if (packets < bc->chan->attr.num_subbuf)
				size += bc->chan->attr.subbuf_size *
					bc->nr_streams;
	return size;
}

int ust_session_rotate(struct session *session, uint64_t chunk_id,
		       uint32_t flags)
{
	char chunk_path[PATH_MAX];
	int ret = 0;

	if (chunk_id != CONSUMER_CHUNK_NONE &&
	    rotation_chunk_path(session, chunk_path, sizeof(chunk_path)))
		return -ENAMETOOLONG;
	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int r = ust_buffer_set_rotate(
			set, chunk_id,
			chunk_id != CONSUMER_CHUNK_NONE ? chunk_path : NULL,
			flags);

		if (r)
			ret = r;
	}
	if (chunk_id != CONSUMER_CHUNK_NONE)
		create_domain_dir(session);
	return ret;
}
