/*
 * The snapshot output of the client <-> session daemon protocol: what
 * `lttng snapshot add-output`, `del-output`, `list-output` and `record`
 * exchange (LTTng's struct lttng_snapshot_output). Shared by
 * liblttng-ctl and lttng-sessiond.
 */
#ifndef SESSIOND_COMM_SNAPSHOT_CODEC_H
#define SESSIOND_COMM_SNAPSHOT_CODEC_H

#include <stdint.h>

#include <lttng/constant.h>

#include "wire-codec/wire-codec.h"

/* max_size when none was given (LTTng's default). */
#define LSC_SNAPSHOT_MAX_SIZE_UNSET UINT64_MAX

struct lsc_snapshot_output {
	uint32_t id;		       /* 0: none (temporary, or by name) */
	uint64_t max_size;	       /* bytes; 0 or UNSET: unlimited */
	char name[LTTNG_NAME_MAX];     /* "": the daemon names it */
	char ctrl_url[LTTNG_PATH_MAX]; /* a path, file:// or net URL */
	char data_url[LTTNG_PATH_MAX]; /* network outputs only */
};

void lsc_put_snapshot_output(struct wire_buf *buf,
			     const struct lsc_snapshot_output *output);
/* 0, or -EBADMSG for a malformed or overlong field. */
int lsc_get_snapshot_output(struct wire_cursor *cur,
			    struct lsc_snapshot_output *output);

#endif /* SESSIOND_COMM_SNAPSHOT_CODEC_H */
