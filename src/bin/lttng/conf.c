/*
 * Implementation of conf.h. The file is rewritten whole; only its
 * "session=" line matters to this CLI.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conf.h"
#include "util/paths.h"

#define CONF_FILE ".lttngrc"
#define SESSION_KEY "session="

int conf_path(char *buf, size_t len)
{
	char home[PATH_MAX];
	int ret = paths_home(home, sizeof(home));

	return ret ? ret : paths_join(buf, len, home, CONF_FILE);
}

char *conf_get_session(void)
{
	char path[PATH_MAX], line[LINE_MAX];
	char *name = NULL;
	FILE *f;

	if (conf_path(path, sizeof(path)))
		return NULL;
	f = fopen(path, "r");
	if (!f)
		return NULL;
	while (!name && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, SESSION_KEY, strlen(SESSION_KEY)) &&
		    line[strlen(SESSION_KEY)])
			name = strdup(line + strlen(SESSION_KEY));
	}
	fclose(f);
	return name;
}

int conf_set_session(const char *name)
{
	char path[PATH_MAX];
	FILE *f;
	int ret = conf_path(path, sizeof(path));

	if (ret)
		return ret;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	ret = fprintf(f, SESSION_KEY "%s\n", name) < 0 ? -EIO : 0;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

int conf_forget_session(const char *name)
{
	char path[PATH_MAX];
	char *current = conf_get_session();
	int ret = 0;

	if (current && !strcmp(current, name) &&
	    !conf_path(path, sizeof(path)) && unlink(path))
		ret = -errno;
	free(current);
	return ret;
}
