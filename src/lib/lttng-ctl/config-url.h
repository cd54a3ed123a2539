/*
 * The URLs of the save and load requests: a local path, given as an
 * absolute path or a file:// URL, or a network URL (net, tcp and their
 * 4/6 variants). Errors are reported with LTTng's URI parser messages.
 */
#ifndef LTTNG_CTL_CONFIG_URL_H
#define LTTNG_CTL_CONFIG_URL_H

#include <stdbool.h>
#include <stddef.h>

enum config_url_kind {
	CONFIG_URL_PATH,
	CONFIG_URL_NETWORK,
};

/*
 * Classify url; for a local one, copy its absolute path to path. Returns
 * 0, or -LTTNG_ERR_INVALID after printing why the URL is not one.
 */
int config_url_parse(const char *url, enum config_url_kind *kind, char *path,
		     size_t path_size);

#endif /* LTTNG_CTL_CONFIG_URL_H */
