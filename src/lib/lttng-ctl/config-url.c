/*
 * Implementation of config-url.h, with the messages of LTTng's URI
 * parser ("URI parse unknown protocol X", "Unable to parse the URL X").
 */
#include <stdio.h>
#include <string.h>

#include <lttng/lttng-error.h>

#include "config-url.h"
#include "util/log.h"

static const char *const network_schemes[] = {
	"net://", "net4://", "net6://", "tcp://", "tcp4://", "tcp6://",
};

static bool is_network(const char *url)
{
	for (size_t i = 0;
	     i < sizeof(network_schemes) / sizeof(*network_schemes); i++) {
		if (!strncmp(url, network_schemes[i],
			     strlen(network_schemes[i])))
			return true;
	}
	return false;
}

static int copy_path(const char *src, char *path, size_t path_size)
{
	if ((size_t)snprintf(path, path_size, "%s", src) >= path_size)
		return -LTTNG_ERR_INVALID;
	return 0;
}

int config_url_parse(const char *url, enum config_url_kind *kind, char *path,
		     size_t path_size)
{
	const char *sep = strstr(url, "://");

	if (url[0] == '/') {
		*kind = CONFIG_URL_PATH;
		return copy_path(url, path, path_size);
	}
	if (!strncmp(url, "file://", 7)) {
		if (url[7] == '/') {
			*kind = CONFIG_URL_PATH;
			return copy_path(url + 7, path, path_size);
		}
		ERR("Missing destination full path.");
	} else if (sep && is_network(url)) {
		*kind = CONFIG_URL_NETWORK;
		return 0;
	} else {
		/* LTTng quotes the whole URL, "://" and the rest included. */
		ERR("URI parse unknown protocol %s", url);
	}
	ERR("Unable to parse the URL %s", url);
	return -LTTNG_ERR_INVALID;
}
