/*
 * The snapshot outputs of a snapshot session in a configuration file
 * (<snapshot_outputs><output>): as LTTng's loader, the session is
 * created without output and each output is added with its name, its
 * maximum size and its directory or relay daemon URLs, the request's
 * --override-url replacing the destination.
 */
#include <limits.h>
#include <string.h>

#include "ctl-internal.h"
#include "load-internal.h"
#include "load-xml.h"

void load_tcp4_as_tcp(char *url)
{
	if (!strncmp(url, "tcp4://", 7))
		memmove(url + 3, url + 4, strlen(url + 4) + 1);
}

/* Where one output writes: a <path> or <net_output> URLs, overridden. */
static int set_destination(struct lttng_snapshot_output *out,
			   xmlNodePtr consumer,
			   const struct load_overrides *overrides)
{
	xmlNodePtr destination = xml_child(consumer, "destination");
	xmlNodePtr path = xml_child(destination, "path");
	xmlNodePtr net = xml_child(destination, "net_output");
	char ctrl[PATH_MAX], data[PATH_MAX];
	int ret;

	if (overrides->path[0])
		return lttng_snapshot_output_set_ctrl_url(overrides->path, out);
	if (overrides->ctrl_url[0])
		return lttng_snapshot_output_set_network_url(
			overrides->ctrl_url, out);
	if (path) {
		ret = xml_text(path, ctrl, sizeof(ctrl));
		return ret ? ret
			   : lttng_snapshot_output_set_ctrl_url(ctrl, out);
	}
	ret = xml_text(xml_child(net, "control_uri"), ctrl, sizeof(ctrl));
	if (!ret)
		ret = xml_text(xml_child(net, "data_uri"), data, sizeof(data));
	if (ret)
		return ret;
	load_tcp4_as_tcp(ctrl);
	load_tcp4_as_tcp(data);
	ret = lttng_snapshot_output_set_ctrl_url(ctrl, out);
	if (!ret)
		ret = lttng_snapshot_output_set_data_url(data, out);
	return ret;
}

static int add_output(const char *session, xmlNodePtr node,
		      const struct load_overrides *overrides)
{
	struct lttng_snapshot_output *out = lttng_snapshot_output_create();
	char name[LTTNG_NAME_MAX];
	uint64_t max_size = 0;
	int ret;

	if (!out)
		return -LTTNG_ERR_NOMEM;
	ret = xml_text(xml_child(node, "name"), name, sizeof(name));
	if (!ret)
		ret = xml_u64(xml_child(node, "max_size"), &max_size);
	if (!ret)
		ret = lttng_snapshot_output_set_name(name, out);
	if (!ret)
		ret = lttng_snapshot_output_set_size(max_size, out);
	if (!ret)
		ret = set_destination(out, xml_child(node, "consumer_output"),
				      overrides);
	if (!ret)
		ret = lttng_snapshot_add_output(session, out);
	lttng_snapshot_output_destroy(out);
	return ret < 0 ? ret : 0;
}

int load_snapshot_outputs(const char *session, xmlNodePtr snapshot_outputs,
			  const struct load_overrides *overrides)
{
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(snapshot_outputs); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = add_output(session, n, overrides);
	return ret;
}
