/*
 * Loading recording session configurations from files (lttng load):
 * the attributes of a load request and lttng_load_session(), which reads
 * and validates the files (session.xsd) and recreates their sessions
 * through the session daemon.
 */
#ifndef LTTNG_LOAD_H
#define LTTNG_LOAD_H

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_load_session_attr;

/* A request for every session of the default directories. */
struct lttng_load_session_attr *lttng_load_session_attr_create(void);
void lttng_load_session_attr_destroy(struct lttng_load_session_attr *attr);

/* NULL when unset. */
const char *
lttng_load_session_attr_get_session_name(struct lttng_load_session_attr *attr);
const char *
lttng_load_session_attr_get_input_url(struct lttng_load_session_attr *attr);
/* 0 or 1, or a negative LTTNG_ERR_* code when attr is NULL. */
int lttng_load_session_attr_get_overwrite(struct lttng_load_session_attr *attr);
const char *lttng_load_session_attr_get_override_ctrl_url(
	struct lttng_load_session_attr *attr);
const char *lttng_load_session_attr_get_override_data_url(
	struct lttng_load_session_attr *attr);
const char *
lttng_load_session_attr_get_override_url(struct lttng_load_session_attr *attr);
const char *lttng_load_session_attr_get_override_session_name(
	struct lttng_load_session_attr *attr);

/* 0 or a negative LTTNG_ERR_* code. */
int lttng_load_session_attr_set_session_name(
	struct lttng_load_session_attr *attr, const char *session_name);
/* A file or a directory: an absolute path or a file:// URL. */
int lttng_load_session_attr_set_input_url(struct lttng_load_session_attr *attr,
					  const char *url);
int lttng_load_session_attr_set_overwrite(struct lttng_load_session_attr *attr,
					  int overwrite);
int lttng_load_session_attr_set_override_ctrl_url(
	struct lttng_load_session_attr *attr, const char *url);
int lttng_load_session_attr_set_override_data_url(
	struct lttng_load_session_attr *attr, const char *url);
/* The output of every loaded session (a path or a network URL). */
int lttng_load_session_attr_set_override_url(
	struct lttng_load_session_attr *attr, const char *url);
int lttng_load_session_attr_set_override_session_name(
	struct lttng_load_session_attr *attr, const char *session_name);

/* 0 or a negative LTTNG_ERR_* code. */
int lttng_load_session(struct lttng_load_session_attr *attr);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_LOAD_H */
