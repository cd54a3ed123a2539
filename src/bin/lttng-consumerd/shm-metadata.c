/*
 * Implementation of shm-metadata.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "shm-metadata.h"
#include "util/io.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/user-path.h"

int shm_metadata_open(struct shm_metadata *m, const char *shm_dir, uid_t uid,
		      gid_t gid)
{
	int ret;

	m->fd = -1;
	m->path[0] = '\0';
	if (!shm_dir[0])
		return 0;
	ret = output_dir_create(shm_dir, uid, gid);
	if (ret) {
		ERR("Cannot create the shared memory directory %s: %s", shm_dir,
		    strerror(-ret));
		return ret;
	}
	snprintf(m->path, sizeof(m->path), "%s/metadata", shm_dir);
	m->owner = (struct user_creds){.uid = uid, .gid = gid};
	m->fd = user_path_open(&m->owner, m->path,
			       O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (m->fd < 0) {
		ret = m->fd;
		m->fd = -1;
		ERR("Cannot create %s: %s", m->path, strerror(-ret));
		return ret;
	}
	return 0;
}

static int write_all(struct shm_metadata *m, const char *text, size_t len)
{
	int ret = io_write_all(m->fd, text, len);

	if (ret)
		ERR("Cannot write %s: %s", m->path, strerror(-ret));
	return ret;
}

int shm_metadata_append(struct shm_metadata *m, const char *text, size_t len)
{
	if (m->fd < 0)
		return 0;
	return write_all(m, text, len);
}

int shm_metadata_rewrite(struct shm_metadata *m, const char *text, size_t len)
{
	if (m->fd < 0)
		return 0;
	if (ftruncate(m->fd, 0) || lseek(m->fd, 0, SEEK_SET) < 0) {
		int ret = -errno;

		ERR("Cannot truncate %s: %s", m->path, strerror(errno));
		return ret;
	}
	return write_all(m, text, len);
}

void shm_metadata_remove(struct shm_metadata *m)
{
	if (m->fd < 0)
		return;
	close(m->fd);
	m->fd = -1;
	(void)user_path_unlink(&m->owner, m->path);
}
