/*
 * lttng_save_session() and its attributes (<lttng/save.h>): the request
 * goes to the session daemon (LSC_CMD_SAVE_SESSION), which owns the
 * configuration and writes the files.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "config-url.h"
#include "ctl-internal.h"

struct lttng_save_session_attr {
	char session_name[LTTNG_NAME_MAX];
	char output_path[PATH_MAX]; /* the URL's path, as LTTng returns it */
	bool overwrite, omit_name, omit_output;
};

LTTNG_API struct lttng_save_session_attr *lttng_save_session_attr_create(void)
{
	return calloc(1, sizeof(struct lttng_save_session_attr));
}

LTTNG_API void
lttng_save_session_attr_destroy(struct lttng_save_session_attr *output)
{
	free(output);
}

LTTNG_API const char *
lttng_save_session_attr_get_session_name(struct lttng_save_session_attr *attr)
{
	return attr && attr->session_name[0] ? attr->session_name : NULL;
}

LTTNG_API const char *
lttng_save_session_attr_get_output_url(struct lttng_save_session_attr *attr)
{
	return attr && attr->output_path[0] ? attr->output_path : NULL;
}

LTTNG_API int
lttng_save_session_attr_get_overwrite(struct lttng_save_session_attr *attr)
{
	return attr ? attr->overwrite : -LTTNG_ERR_INVALID;
}

LTTNG_API int
lttng_save_session_attr_get_omit_name(struct lttng_save_session_attr *attr)
{
	return attr ? attr->omit_name : -LTTNG_ERR_INVALID;
}

LTTNG_API int
lttng_save_session_attr_get_omit_output(struct lttng_save_session_attr *attr)
{
	return attr ? attr->omit_output : -LTTNG_ERR_INVALID;
}

LTTNG_API int
lttng_save_session_attr_set_session_name(struct lttng_save_session_attr *attr,
					 const char *session_name)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(attr->session_name, sizeof(attr->session_name),
			     session_name);
}

LTTNG_API int
lttng_save_session_attr_set_output_url(struct lttng_save_session_attr *attr,
				       const char *url)
{
	enum config_url_kind kind;
	char path[PATH_MAX];
	int ret;

	if (!attr)
		return -LTTNG_ERR_INVALID;
	if (!url) {
		attr->output_path[0] = '\0';
		return 0;
	}
	/* An empty URL is refused without a message, as by LTTng. */
	if (!url[0])
		return -LTTNG_ERR_INVALID;
	ret = config_url_parse(url, &kind, path, sizeof(path));
	if (ret)
		return ret;
	if (kind != CONFIG_URL_PATH)
		return -LTTNG_ERR_INVALID;
	strcpy(attr->output_path, path);
	return 0;
}

LTTNG_API int
lttng_save_session_attr_set_overwrite(struct lttng_save_session_attr *attr,
				      int overwrite)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	attr->overwrite = overwrite != 0;
	return 0;
}

LTTNG_API int
lttng_save_session_attr_set_omit_name(struct lttng_save_session_attr *attr,
				      int omit_name)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	attr->omit_name = omit_name != 0;
	return 0;
}

LTTNG_API int
lttng_save_session_attr_set_omit_output(struct lttng_save_session_attr *attr,
					int omit_output)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	attr->omit_output = omit_output != 0;
	return 0;
}

LTTNG_API int lttng_save_session(struct lttng_save_session_attr *attr)
{
	struct wire_buf payload;
	int ret;

	if (!attr)
		return -LTTNG_ERR_INVALID;
	wire_buf_init(&payload);
	wire_put_str(&payload, attr->session_name);
	wire_put_str(&payload, attr->output_path);
	/* Like LTTng 2.13's daemon, ours saves names and outputs always. */
	wire_put_u32(&payload, attr->overwrite);
	ret = ctl_call(LSC_CMD_SAVE_SESSION, &payload, NULL);
	wire_buf_fini(&payload);
	return ret;
}
