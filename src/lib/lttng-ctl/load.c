/*
 * lttng_load_session() and its attributes (<lttng/load.h>): where the
 * configuration files are searched (the input path, else
 * $LTTNG_HOME/.lttng/sessions then /etc/lttng/sessions), how each file is
 * parsed and validated against session.xsd (load-schema.c), and which
 * errors end the search, as in LTTng 2.13. load-session.c applies each
 * <session> element.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "config-url.h"
#include "ctl-internal.h"
#include "load-internal.h"
#include "load-schema.h"
#include "util/log.h"
#include "util/paths.h"

#define SESSION_CONFIG_SUFFIX ".lttng"
#define SYSTEM_SESSION_CONFIG_DIR "/etc/lttng/sessions"

struct lttng_load_session_attr {
	char session_name[LTTNG_NAME_MAX];
	char input_url[PATH_MAX];
	char input_path[PATH_MAX];
	bool overwrite;
	bool has_override_name; /* set, maybe to "" (refused when loading) */
	char override_url[PATH_MAX]; /* as given */
	struct load_overrides overrides;
};

LTTNG_API struct lttng_load_session_attr *lttng_load_session_attr_create(void)
{
	return calloc(1, sizeof(struct lttng_load_session_attr));
}

LTTNG_API void
lttng_load_session_attr_destroy(struct lttng_load_session_attr *attr)
{
	free(attr);
}

static const char *or_null(struct lttng_load_session_attr *attr,
			   const char *value)
{
	return attr && value[0] ? value : NULL;
}

LTTNG_API const char *
lttng_load_session_attr_get_session_name(struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->session_name) : NULL;
}

LTTNG_API const char *
lttng_load_session_attr_get_input_url(struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->input_url) : NULL;
}

LTTNG_API int
lttng_load_session_attr_get_overwrite(struct lttng_load_session_attr *attr)
{
	return attr ? attr->overwrite : -LTTNG_ERR_INVALID;
}

LTTNG_API const char *lttng_load_session_attr_get_override_ctrl_url(
	struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->overrides.ctrl_url) : NULL;
}

LTTNG_API const char *lttng_load_session_attr_get_override_data_url(
	struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->overrides.data_url) : NULL;
}

LTTNG_API const char *
lttng_load_session_attr_get_override_url(struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->override_url) : NULL;
}

LTTNG_API const char *lttng_load_session_attr_get_override_session_name(
	struct lttng_load_session_attr *attr)
{
	return attr ? or_null(attr, attr->overrides.session_name) : NULL;
}

LTTNG_API int
lttng_load_session_attr_set_session_name(struct lttng_load_session_attr *attr,
					 const char *session_name)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(attr->session_name, sizeof(attr->session_name),
			     session_name);
}

LTTNG_API int
lttng_load_session_attr_set_input_url(struct lttng_load_session_attr *attr,
				      const char *url)
{
	enum config_url_kind kind;
	char path[PATH_MAX];
	int ret;

	if (!attr)
		return -LTTNG_ERR_INVALID;
	if (!url || !url[0]) {
		attr->input_url[0] = attr->input_path[0] = '\0';
		return 0;
	}
	ret = config_url_parse(url, &kind, path, sizeof(path));
	if (ret)
		return ret;
	if (kind != CONFIG_URL_PATH ||
	    ctl_copy_name(attr->input_url, sizeof(attr->input_url), url))
		return -LTTNG_ERR_INVALID;
	strcpy(attr->input_path, path);
	return 0;
}

LTTNG_API int
lttng_load_session_attr_set_overwrite(struct lttng_load_session_attr *attr,
				      int overwrite)
{
	if (!attr)
		return -LTTNG_ERR_INVALID;
	attr->overwrite = overwrite != 0;
	return 0;
}

/* A network URL for one of the ctrl/data overrides. */
static int set_network_override(struct lttng_load_session_attr *attr,
				char *slot, size_t size, const char *url)
{
	enum config_url_kind kind;
	char path[PATH_MAX];
	int ret;

	if (!attr || !url)
		return -LTTNG_ERR_INVALID;
	ret = config_url_parse(url, &kind, path, sizeof(path));
	if (ret)
		return ret;
	if (kind != CONFIG_URL_NETWORK || attr->overrides.path[0])
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(slot, size, url);
}

LTTNG_API int lttng_load_session_attr_set_override_ctrl_url(
	struct lttng_load_session_attr *attr, const char *url)
{
	return set_network_override(attr,
				    attr ? attr->overrides.ctrl_url : NULL,
				    sizeof(attr->overrides.ctrl_url), url);
}

LTTNG_API int lttng_load_session_attr_set_override_data_url(
	struct lttng_load_session_attr *attr, const char *url)
{
	return set_network_override(attr,
				    attr ? attr->overrides.data_url : NULL,
				    sizeof(attr->overrides.data_url), url);
}

LTTNG_API int
lttng_load_session_attr_set_override_url(struct lttng_load_session_attr *attr,
					 const char *url)
{
	enum config_url_kind kind;
	char path[PATH_MAX];
	int ret;

	if (!attr || !url)
		return -LTTNG_ERR_INVALID;
	ret = config_url_parse(url, &kind, path, sizeof(path));
	if (ret)
		return ret;
	if (ctl_copy_name(attr->override_url, sizeof(attr->override_url), url))
		return -LTTNG_ERR_INVALID;
	if (kind == CONFIG_URL_PATH) {
		/* LTTng's sessions get a file:// override with a final '/'. */
		if (!strncmp(url, "file://", 7) &&
		    path[strlen(path) - 1] != '/' &&
		    strlen(path) + 1 < sizeof(attr->overrides.path))
			strcat(path, "/");
		strcpy(attr->overrides.path, path);
		return 0;
	}
	/* One network URL: control and data on their default ports. */
	strcpy(attr->overrides.ctrl_url, url);
	strcpy(attr->overrides.data_url, url);
	return 0;
}

LTTNG_API int lttng_load_session_attr_set_override_session_name(
	struct lttng_load_session_attr *attr, const char *session_name)
{
	int ret;

	if (!attr || !session_name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_copy_name(attr->overrides.session_name,
			    sizeof(attr->overrides.session_name), session_name);
	attr->has_override_name = ret == 0;
	return ret;
}

/*
 * Load the sessions of one file (only session_name when set). Returns
 * 0, -LTTNG_ERR_LOAD_SESSION_NOENT when session_name is not in the
 * file (or the file cannot be read), else an error. As LTTng does, every
 * <session> is tried and the last one's result counts, unless the one
 * looked for loaded.
 */
static int load_file(const char *path, const char *session_name,
		     struct load_schema *schema, bool overwrite,
		     const struct load_overrides *overrides)
{
	bool found = !session_name;
	xmlNodePtr root, node;
	xmlDocPtr doc;
	int ret = 0;

	if (access(path, R_OK))
		return errno == EACCES ? -LTTNG_ERR_EPERM
				       : -LTTNG_ERR_LOAD_SESSION_NOENT;
	doc = xmlParseFile(path);
	if (!doc)
		return -LTTNG_ERR_LOAD_IO_FAIL;
	if (load_schema_validate(schema, doc)) {
		ERR("Session configuration file validation failed");
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
		goto end;
	}
	root = xmlDocGetRootElement(doc);
	for (node = xmlFirstElementChild(root); node;
	     node = xmlNextElementSibling(node)) {
		ret = load_session_node(node, session_name, overwrite,
					overrides);
		if (session_name && ret == 0) {
			found = true;
			break;
		}
	}
end:
	xmlFreeDoc(doc);
	if (!ret && !found)
		ret = -LTTNG_ERR_LOAD_SESSION_NOENT;
	if (ret == -LTTNG_ERR_NO_SESSION)
		ret = -LTTNG_ERR_LOAD_SESSION_NOENT;
	return ret;
}

/*
 * The *.lttng files of a directory, in directory order (LTTng also
 * skips names of fewer than two characters before ".lttng"). Looking
 * for one session, the first file that holds it (or fails otherwise)
 * ends the search with success, as LTTng's does.
 */
static int load_directory(DIR *dir, const char *dir_path,
			  const char *session_name, struct load_schema *schema,
			  bool overwrite,
			  const struct load_overrides *overrides)
{
	size_t suffix_len = strlen(SESSION_CONFIG_SUFFIX);
	bool found = !session_name;
	struct dirent *entry;
	char path[PATH_MAX];
	int ret;

	while ((entry = readdir(dir))) {
		size_t len = strlen(entry->d_name);

		if (len <= suffix_len + 1 ||
		    strcmp(entry->d_name + len - suffix_len,
			   SESSION_CONFIG_SUFFIX))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir_path,
				     entry->d_name) >= sizeof(path)) {
			WARN("Ignoring file \"%s\": its path is too long",
			     entry->d_name);
			continue;
		}
		ret = load_file(path, session_name, schema, overwrite,
				overrides);
		if (session_name && ret != -LTTNG_ERR_LOAD_SESSION_NOENT) {
			found = true;
			break;
		}
		if (ret && ret != -LTTNG_ERR_LOAD_SESSION_NOENT)
			return ret;
	}
	return found ? 0 : -LTTNG_ERR_LOAD_SESSION_NOENT;
}

/* A directory of configuration files, or one file. */
static int load_path(const char *path, const char *session_name,
		     struct load_schema *schema, bool overwrite,
		     const struct load_overrides *overrides)
{
	DIR *dir = opendir(path);
	int ret;

	if (!dir) {
		if (errno == ENOENT)
			return -LTTNG_ERR_LOAD_SESSION_NOENT;
		if (errno != ENOTDIR)
			return -LTTNG_ERR_LOAD_IO_FAIL;
		return load_file(path, session_name, schema, overwrite,
				 overrides);
	}
	ret = load_directory(dir, path, session_name, schema, overwrite,
			     overrides);
	closedir(dir);
	return ret;
}

/*
 * Without an input path: the user's directory, then the system's (even
 * when the user's had the session). A session found in neither is not
 * an error, as with LTTng.
 */
static int load_default_paths(const char *session_name,
			      struct load_schema *schema, bool overwrite,
			      const struct load_overrides *overrides)
{
	char path[PATH_MAX];
	int ret;

	if (paths_home(path, sizeof(path)) == 0 &&
	    strlen(path) + strlen("/.lttng/sessions") < sizeof(path)) {
		strcat(path, "/.lttng/sessions");
		ret = load_path(path, session_name, schema, overwrite,
				overrides);
		if (ret && ret != -LTTNG_ERR_LOAD_SESSION_NOENT)
			return ret;
	}
	ret = load_path(SYSTEM_SESSION_CONFIG_DIR, session_name, schema,
			overwrite, overrides);
	return ret == -LTTNG_ERR_LOAD_SESSION_NOENT ? 0 : ret;
}

LTTNG_API int lttng_load_session(struct lttng_load_session_attr *attr)
{
	const char *session_name;
	struct load_schema *schema;
	int ret;

	if (!attr)
		return -LTTNG_ERR_INVALID;
	session_name = attr->session_name[0] ? attr->session_name : NULL;
	if (attr->has_override_name &&
	    (!session_name || !attr->overrides.session_name[0]))
		return -LTTNG_ERR_INVALID;
	ret = load_schema_get(&schema);
	if (ret)
		return ret;
	if (attr->input_path[0] && access(attr->input_path, F_OK)) {
		ret = errno == EACCES ? -LTTNG_ERR_EPERM : -LTTNG_ERR_INVALID;
		if (errno == ENOENT)
			WARN("Session configuration path does not exist.");
	} else if (attr->input_path[0]) {
		ret = load_path(attr->input_path, session_name, schema,
				attr->overwrite, &attr->overrides);
	} else {
		ret = load_default_paths(session_name, schema, attr->overwrite,
					 &attr->overrides);
	}
	load_schema_put(schema);
	return ret;
}
