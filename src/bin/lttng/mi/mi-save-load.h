/*
 * `lttng --mi xml save` and `lttng --mi xml load`: the <save> and
 * <load> elements LTTng 2.13 writes once the request went to the
 * session daemon (session name or "*", the path given, the load
 * overrides).
 */
#ifndef LTTNG_CLI_MI_SAVE_LOAD_H
#define LTTNG_CLI_MI_SAVE_LOAD_H

/* session NULL: every session ("*"); path NULL: the default one. */
void mi_save_print(const char *session, const char *path, int ret);

/*
 * The same for load, with its --override-name and --override-url
 * (NULL when not given). ret is the load's result.
 */
void mi_load_print(const char *session, const char *path,
		   const char *override_name, const char *override_url,
		   int ret);

#endif /* LTTNG_CLI_MI_SAVE_LOAD_H */
