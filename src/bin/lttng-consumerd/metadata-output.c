/*
 * Implementation of metadata-output.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctf/metadata-stream.h"
#include "metadata-output.h"
#include "util/log.h"
#include "util/paths.h"

struct metadata_output {
	uint64_t key;
	int fd;
	uint8_t uuid[CTF_UUID_LEN];
	char path[CONSUMER_PATH_MAX + 16];
	struct metadata_output *next;
};

static struct metadata_output *outputs;

static struct metadata_output *find(uint64_t key)
{
	for (struct metadata_output *m = outputs; m; m = m->next)
		if (m->key == key)
			return m;
	return NULL;
}

int metadata_output_create(const struct consumer_metadata_desc *d)
{
	struct metadata_output *m;
	int ret;

	if (find(d->metadata_key))
		return -EEXIST;
	ret = paths_mkdir_p(d->output_dir, 0770);
	if (ret) {
		ERR("Cannot create the trace directory %s: %s", d->output_dir,
		    strerror(-ret));
		return ret;
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	snprintf(m->path, sizeof(m->path), "%s/metadata", d->output_dir);
	m->fd = open(m->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (m->fd < 0) {
		ret = -errno;
		ERR("Cannot create %s: %s", m->path, strerror(errno));
		free(m);
		return ret;
	}
	if (geteuid() == 0 &&
	    (fchown(m->fd, d->output_uid, d->output_gid) ||
	     chown(d->output_dir, d->output_uid, d->output_gid)))
		WARN("Cannot give %s to uid %u", m->path, d->output_uid);
	m->key = d->metadata_key;
	memcpy(m->uuid, d->uuid, sizeof(m->uuid));
	m->next = outputs;
	outputs = m;
	return 0;
}

int metadata_output_push(uint64_t key, const char *text, size_t len)
{
	struct metadata_output *m = find(key);
	struct ctf_error err;
	int ret;

	if (!m)
		return -ENOENT;
	ret = ctf_metadata_stream_write(m->fd, m->uuid, text, len, &err);
	if (ret)
		ERR("%s: %s", m->path, err.message);
	return ret;
}

int metadata_output_destroy(uint64_t key)
{
	struct metadata_output **link = &outputs;

	while (*link && (*link)->key != key)
		link = &(*link)->next;
	if (!*link)
		return -ENOENT;
	struct metadata_output *m = *link;
	*link = m->next;
	close(m->fd);
	free(m);
	return 0;
}

void metadata_output_destroy_all(void)
{
	while (outputs)
		metadata_output_destroy(outputs->key);
}
