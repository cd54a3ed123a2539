/*
 * Snapshots of a snapshot-mode recording session (LTTng 2.13's
 * <lttng/snapshot.h>): snapshot output objects, the session's snapshot
 * output (add, delete, list) and taking a snapshot.
 */
#ifndef LTTNG_SNAPSHOT_H
#define LTTNG_SNAPSHOT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a snapshot is written: a name, a maximum size and URLs. */
struct lttng_snapshot_output;

/* The snapshot outputs of a session, from lttng_snapshot_list_output(). */
struct lttng_snapshot_output_list;

/* A new output: no id, no name, no URL, no maximum size. NULL on error. */
struct lttng_snapshot_output *lttng_snapshot_output_create(void);
void lttng_snapshot_output_destroy(struct lttng_snapshot_output *output);

uint32_t
lttng_snapshot_output_get_id(const struct lttng_snapshot_output *output);
const char *
lttng_snapshot_output_get_name(const struct lttng_snapshot_output *output);
const char *
lttng_snapshot_output_get_data_url(const struct lttng_snapshot_output *output);
const char *
lttng_snapshot_output_get_ctrl_url(const struct lttng_snapshot_output *output);
uint64_t
lttng_snapshot_output_get_maxsize(const struct lttng_snapshot_output *output);

/* The setters return 0 or -LTTNG_ERR_INVALID. */
int lttng_snapshot_output_set_id(uint32_t id,
				 struct lttng_snapshot_output *output);
int lttng_snapshot_output_set_size(uint64_t size,
				   struct lttng_snapshot_output *output);
int lttng_snapshot_output_set_name(const char *name,
				   struct lttng_snapshot_output *output);
int lttng_snapshot_output_set_ctrl_url(const char *url,
				       struct lttng_snapshot_output *output);
int lttng_snapshot_output_set_data_url(const char *url,
				       struct lttng_snapshot_output *output);
/* An absolute path (file:// is added); the data URL is cleared. */
int lttng_snapshot_output_set_local_path(const char *path,
					 struct lttng_snapshot_output *output);
/* A net:// or net6:// URL for both the control and the data paths. */
int lttng_snapshot_output_set_network_url(const char *url,
					  struct lttng_snapshot_output *output);
/* tcp:// or tcp6:// control and data URLs. */
int lttng_snapshot_output_set_network_urls(
	const char *ctrl_url, const char *data_url,
	struct lttng_snapshot_output *output);

/*
 * Adds output to the session (at most one); on success, output's id is
 * set to the id the session daemon gave it. 0 or -LTTNG_ERR_*.
 */
int lttng_snapshot_add_output(const char *session_name,
			      struct lttng_snapshot_output *output);
/* Removes the output of the session with output's id (or name). */
int lttng_snapshot_del_output(const char *session_name,
			      struct lttng_snapshot_output *output);
/*
 * The snapshot outputs of the session in *list (destroy it with
 * lttng_snapshot_output_list_destroy()). Returns their number or
 * -LTTNG_ERR_*.
 */
int lttng_snapshot_list_output(const char *session_name,
			       struct lttng_snapshot_output_list **list);
/* The next output of the list, NULL after the last. Owned by the list. */
struct lttng_snapshot_output *
lttng_snapshot_output_list_get_next(struct lttng_snapshot_output_list *list);
void lttng_snapshot_output_list_destroy(
	struct lttng_snapshot_output_list *list);

/*
 * Takes a snapshot of the session to output (NULL, or an output without
 * URL: the session's snapshot output, output's name and maximum size
 * still applying). wait is ignored, as in LTTng 2.13: the call returns
 * once the snapshot is written. 0 or -LTTNG_ERR_*.
 */
int lttng_snapshot_record(const char *session_name,
			  struct lttng_snapshot_output *output, int wait);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_SNAPSHOT_H */
