/*
 * `lttng --mi xml version`: the <version> element.
 */
#ifndef LTTNG_CLI_MI_VERSION_H
#define LTTNG_CLI_MI_VERSION_H

struct mi_version {
	const char *string;
	int major;
	int minor;
	int patch_level;
	const char *commit;
	const char *name;
	const char *description;
	const char *url;
	const char *license;
};

/* The whole document of `lttng --mi xml version`. */
void mi_version_print(const struct mi_version *version);

#endif /* LTTNG_CLI_MI_VERSION_H */
