/*
 * The kernel trace's metadata file: created as the session's owner,
 * appended with the TSDL text the metadata object gained (before each
 * data packet, so a reader of a growing trace never meets an undeclared
 * class), moved to the next trace chunk, rewritten whole (regenerate
 * metadata) or copied whole into a snapshot.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "ctf/metadata-stream.h"
#include "kconsumer-trace.h"
#include "util/paths.h"

/* Creates (truncates) dir/metadata as the session's owner: fd or -errno. */
static int create_file(const struct kconsumer *kc, const char *dir,
		       struct ctf_error *err)
{
	char path[PATH_MAX];
	int fd;

	if (paths_join(path, sizeof(path), dir, "metadata"))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "metadata path too long: %s/metadata",
				     dir);
	fd = user_path_open(&kc->owner, path,
			    O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (fd < 0)
		return ctf_error_set(err, fd, "cannot create %s: %s", path,
				     strerror(-fd));
	return fd;
}

int kconsumer_metadata_open(struct kconsumer *kc, const char *dir,
			    struct ctf_error *err)
{
	int fd = create_file(kc, dir, err);

	if (fd < 0)
		return fd;
	kc->metadata_fd = fd;
	kc->metadata_written = 0;
	return 0;
}

int kconsumer_metadata_write(struct kconsumer *kc, struct ctf_error *err)
{
	const struct ctf_metadata *md;
	const char *text;
	size_t len;
	int ret;

	if (kc->metadata_fd < 0) /* a snapshot session's: none */
		return 0;
	md = kernel_metadata_ctf(kc->metadata);
	text = ctf_metadata_text_since(md, kc->metadata_written, &len);
	if (!len)
		return 0;
	ret = ctf_metadata_stream_write(kc->metadata_fd, ctf_metadata_uuid(md),
					text, len, err);
	if (!ret)
		kc->metadata_written += len;
	return ret;
}

int kconsumer_metadata_before_packet(void *kc, struct ctf_error *err)
{
	return kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_move(struct kconsumer *kc, const char *dir,
			    struct ctf_error *err)
{
	int ret = 0;

	if (kc->metadata_fd >= 0) {
		ret = kconsumer_metadata_write(kc, err);
		close(kc->metadata_fd);
		kc->metadata_fd = -1;
	}
	if (!dir || ret)
		return ret;
	ret = kconsumer_metadata_open(kc, dir, err);
	return ret ? ret : kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_rewrite(struct kconsumer *kc, struct ctf_error *err)
{
	if (kc->metadata_fd < 0)
		return 0;
	if (ftruncate(kc->metadata_fd, 0) ||
	    lseek(kc->metadata_fd, 0, SEEK_SET) < 0)
		return ctf_error_set(err, -errno,
				     "cannot truncate the metadata file: %s",
				     strerror(errno));
	kc->metadata_written = 0;
	return kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_copy(struct kconsumer *kc, const char *dir,
			    struct ctf_error *err)
{
	const struct ctf_metadata *md = kernel_metadata_ctf(kc->metadata);
	size_t len;
	const char *text = ctf_metadata_text_since(md, 0, &len);
	int fd = create_file(kc, dir, err), ret;

	if (fd < 0)
		return fd;
	ret = ctf_metadata_stream_write(fd, ctf_metadata_uuid(md), text, len,
					err);
	close(fd);
	return ret;
}
