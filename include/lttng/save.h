/*
 * Saving recording session configurations to files (lttng save): the
 * attributes of a save request and lttng_save_session(). The session
 * daemon writes the files, as the client's Unix user.
 */
#ifndef LTTNG_SAVE_H
#define LTTNG_SAVE_H

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_save_session_attr;

/* A request for every session, to ~/.lttng/sessions, not overwriting. */
struct lttng_save_session_attr *lttng_save_session_attr_create(void);
void lttng_save_session_attr_destroy(struct lttng_save_session_attr *output);

/* NULL when unset. */
const char *
lttng_save_session_attr_get_session_name(struct lttng_save_session_attr *attr);
const char *
lttng_save_session_attr_get_output_url(struct lttng_save_session_attr *attr);
/* 0 or 1, or a negative LTTNG_ERR_* code when attr is NULL. */
int lttng_save_session_attr_get_overwrite(struct lttng_save_session_attr *attr);
int lttng_save_session_attr_get_omit_name(struct lttng_save_session_attr *attr);
int lttng_save_session_attr_get_omit_output(
	struct lttng_save_session_attr *attr);

/* NULL or "" session name: every session. 0 or -LTTNG_ERR_INVALID. */
int lttng_save_session_attr_set_session_name(
	struct lttng_save_session_attr *attr, const char *session_name);
/*
 * The directory receiving the files: an absolute path or a file:// URL
 * (NULL: the default). 0 or a negative LTTNG_ERR_* code.
 */
int lttng_save_session_attr_set_output_url(struct lttng_save_session_attr *attr,
					   const char *url);
int lttng_save_session_attr_set_overwrite(struct lttng_save_session_attr *attr,
					  int overwrite);
int lttng_save_session_attr_set_omit_name(struct lttng_save_session_attr *attr,
					  int omit_name);
int lttng_save_session_attr_set_omit_output(
	struct lttng_save_session_attr *attr, int omit_output);

/* 0 or a negative LTTNG_ERR_* code. */
int lttng_save_session(struct lttng_save_session_attr *attr);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_SAVE_H */
