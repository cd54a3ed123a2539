/*
 * Implementation of snapshot-output.h.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <lttng/lttng-error.h>

#include "snapshot-output.h"

#define DEFAULT_CTRL_PORT 5342
#define DEFAULT_DATA_PORT 5343

static bool starts_with(const char *text, const char *prefix)
{
	return !strncmp(text, prefix, strlen(prefix));
}

static int parse_local(const char *path, struct snapshot_output *out)
{
	size_t len = strlen(path);

	if (path[0] != '/' || len >= sizeof(out->path))
		return LTTNG_ERR_INVALID;
	memcpy(out->path, path, len + 1); /* listed as given, like LTTng */
	out->local = true;
	return LTTNG_OK;
}

static int parse_port(const char *text, const char **end, uint16_t *port)
{
	char *stop;
	unsigned long value = strtoul(text, &stop, 10);

	if (stop == text || value == 0 || value > 65535)
		return LTTNG_ERR_INVALID;
	*port = (uint16_t)value;
	*end = stop;
	return LTTNG_OK;
}

/* The address of host as text (names resolved like LTTng does). */
static int resolve_host(const char *host, bool ipv6, char *buf, size_t len)
{
	struct addrinfo hints = {.ai_family = ipv6 ? AF_INET6 : AF_INET};
	struct addrinfo *res;
	const void *addr;

	if (getaddrinfo(host, NULL, &hints, &res) || !res)
		return LTTNG_ERR_INVALID;
	if (ipv6)
		addr = &((struct sockaddr_in6 *)res->ai_addr)->sin6_addr;
	else
		addr = &((struct sockaddr_in *)res->ai_addr)->sin_addr;
	if (!inet_ntop(ipv6 ? AF_INET6 : AF_INET, addr, buf, (socklen_t)len)) {
		freeaddrinfo(res);
		return LTTNG_ERR_INVALID;
	}
	freeaddrinfo(res);
	return LTTNG_OK;
}

/*
 * PROTO://HOST[:PORT[:PORT]][/PATH] with HOST an address, a name or
 * [IPv6]. Fills host, the ports given (others keep their defaults) and
 * *path (NULL when none).
 */
static int parse_net(const char *url, bool *ipv6, struct snapshot_output *out,
		     const char **path, int *nr_ports)
{
	const char *p = strstr(url, "://") + 3, *end;
	char host[sizeof(out->host)];
	size_t len;
	uint16_t ports[2];
	int ret;

	if (*p == '[') {
		end = strchr(p, ']');
		if (!end)
			return LTTNG_ERR_INVALID;
		p++;
		len = (size_t)(end - p);
		end++;
		*ipv6 = true;
	} else {
		end = p + strcspn(p, ":/");
		len = (size_t)(end - p);
	}
	if (!len || len >= sizeof(host))
		return LTTNG_ERR_INVALID;
	memcpy(host, p, len);
	host[len] = '\0';
	*nr_ports = 0;
	while (*end == ':' && *nr_ports < 2) {
		ret = parse_port(end + 1, &end, &ports[*nr_ports]);
		if (ret != LTTNG_OK)
			return ret;
		(*nr_ports)++;
	}
	if (*end && *end != '/')
		return LTTNG_ERR_INVALID;
	*path = *end ? end : NULL;
	if (*nr_ports > 0)
		out->ctrl_port = ports[0];
	if (*nr_ports > 1)
		out->data_port = ports[1];
	return resolve_host(host, *ipv6, out->host, sizeof(out->host));
}

/* "tcp4://HOST:PORT/PATH", as LTTng lists a network output. */
static void format_net_url(char *buf, size_t len, bool ipv6, const char *host,
			   uint16_t port, const char *path)
{
	snprintf(buf, len, ipv6 ? "tcp6://[%s]:%u/%s" : "tcp4://%s:%u/%s", host,
		 port, path ? path + strspn(path, "/") : "");
}

static int parse_network(const char *ctrl_url, const char *data_url,
			 struct snapshot_output *out)
{
	bool ipv6 = starts_with(ctrl_url, "net6://") ||
		    starts_with(ctrl_url, "tcp6://");
	struct snapshot_output data = {0};
	const char *path = NULL, *data_path = NULL;
	int nr_ports, ret;

	out->ctrl_port = DEFAULT_CTRL_PORT;
	out->data_port = DEFAULT_DATA_PORT;
	ret = parse_net(ctrl_url, &ipv6, out, &path, &nr_ports);
	if (ret != LTTNG_OK)
		return ret;
	if (data_url) {
		/* tcp:// pairs: one port each */
		bool data_ipv6 = starts_with(data_url, "tcp6://");

		data.ctrl_port = DEFAULT_DATA_PORT;
		ret = parse_net(data_url, &data_ipv6, &data, &data_path,
				&nr_ports);
		if (ret != LTTNG_OK)
			return ret;
		out->data_port = data.ctrl_port;
	}
	format_net_url(out->ctrl_url, sizeof(out->ctrl_url), ipv6, out->host,
		       out->ctrl_port, path);
	format_net_url(out->data_url, sizeof(out->data_url), ipv6,
		       data_url ? data.host : out->host, out->data_port,
		       data_url ? data_path : path);
	out->local = false;
	return LTTNG_OK;
}

int snapshot_output_parse(const char *ctrl_url, const char *data_url,
			  struct snapshot_output *out)
{
	bool tcp = starts_with(ctrl_url, "tcp://") ||
		   starts_with(ctrl_url, "tcp6://");

	if (data_url && *data_url) {
		if (!tcp || !(starts_with(data_url, "tcp://") ||
			      starts_with(data_url, "tcp6://")))
			return LTTNG_ERR_INVALID;
		return parse_network(ctrl_url, data_url, out);
	}
	if (starts_with(ctrl_url, "file://"))
		return parse_local(ctrl_url + strlen("file://"), out);
	if (starts_with(ctrl_url, "net://") || starts_with(ctrl_url, "net6://"))
		return parse_network(ctrl_url, NULL, out);
	return parse_local(ctrl_url, out);
}

int session_snapshot_add_output(struct session_snapshot *snap,
				const struct lsc_snapshot_output *req,
				uint32_t *id_out)
{
	struct snapshot_output *out;
	int ret;

	if (snap->output)
		return LTTNG_ERR_SNAPSHOT_OUTPUT_EXIST;
	out = calloc(1, sizeof(*out));
	if (!out)
		return LTTNG_ERR_NOMEM;
	ret = snapshot_output_parse(req->ctrl_url, req->data_url, out);
	if (ret != LTTNG_OK) {
		free(out);
		return ret;
	}
	if (!snap->next_output_id)
		snap->next_output_id = 1;
	out->id = snap->next_output_id++;
	out->max_size = req->max_size;
	if (req->name[0])
		snprintf(out->name, sizeof(out->name), "%s", req->name);
	else
		snprintf(out->name, sizeof(out->name), "snapshot-%u", out->id);
	snap->output = out;
	*id_out = out->id;
	return LTTNG_OK;
}

int session_snapshot_del_output(struct session_snapshot *snap,
				const struct lsc_snapshot_output *req)
{
	const struct snapshot_output *out = snap->output;

	if (!out || (req->id ? req->id != out->id
			     : !req->name[0] || strcmp(req->name, out->name)))
		return LTTNG_ERR_INVALID;
	free(snap->output);
	snap->output = NULL;
	return LTTNG_OK;
}

void snapshot_output_describe(const struct snapshot_output *output,
			      struct lsc_snapshot_output *out)
{
	memset(out, 0, sizeof(*out));
	out->id = output->id;
	out->max_size = output->max_size;
	snprintf(out->name, sizeof(out->name), "%s", output->name);
	snprintf(out->ctrl_url, sizeof(out->ctrl_url), "%s",
		 output->local ? output->path : output->ctrl_url);
	snprintf(out->data_url, sizeof(out->data_url), "%s",
		 output->local ? "" : output->data_url);
}

void session_snapshot_fini(struct session_snapshot *snap)
{
	free(snap->output);
	snap->output = NULL;
}

int snapshot_output_connect_relayd(const struct snapshot_output *out)
{
	struct sockaddr_in6 a6 = {.sin6_family = AF_INET6};
	struct sockaddr_in a4 = {.sin_family = AF_INET};
	bool ipv6 = inet_pton(AF_INET6, out->host, &a6.sin6_addr) == 1;
	int fd, ret;

	if (!ipv6 && inet_pton(AF_INET, out->host, &a4.sin_addr) != 1)
		return LTTNG_ERR_RELAYD_CONNECT_FAIL;
	fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return LTTNG_ERR_RELAYD_CONNECT_FAIL;
	a6.sin6_port = htons(out->ctrl_port);
	a4.sin_port = htons(out->ctrl_port);
	ret = ipv6 ? connect(fd, (struct sockaddr *)&a6, sizeof(a6))
		   : connect(fd, (struct sockaddr *)&a4, sizeof(a4));
	close(fd);
	return ret ? LTTNG_ERR_RELAYD_CONNECT_FAIL : LTTNG_OK;
}
