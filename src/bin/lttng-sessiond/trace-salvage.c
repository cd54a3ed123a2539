/*
 * Implementation of trace-salvage.h. Index files are read as CTF 1.8's
 * LTTng index (ctf/index.h): a header, then fixed-size big-endian
 * entries whose first two fields are the packet's offset (bytes) and
 * size (bits).
 */
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctf/index.h"
#include "ctf/metadata-stream.h"
#include "trace-salvage.h"
#include "util/log.h"
#include "util/user-path.h"

static uint64_t get_be64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return be64toh(v);
}

/*
 * The end of the last packet index_fd lists, and the size of its whole
 * entries, in *data_end and *index_end. -1 when it is no index file.
 */
static int last_indexed_end(int index_fd, uint64_t *data_end,
			    uint64_t *index_end)
{
	uint8_t header[CTF_INDEX_HEADER_LEN], entry[16];
	uint32_t magic, entry_len;
	struct stat st;
	uint64_t count;

	if (fstat(index_fd, &st) ||
	    pread(index_fd, header, sizeof(header), 0) != sizeof(header))
		return -1;
	memcpy(&magic, header, 4);
	memcpy(&entry_len, header + 12, 4);
	magic = be32toh(magic);
	entry_len = be32toh(entry_len);
	if (magic != CTF_INDEX_MAGIC || entry_len < sizeof(entry))
		return -1;
	count = ((uint64_t)st.st_size - CTF_INDEX_HEADER_LEN) / entry_len;
	*index_end = CTF_INDEX_HEADER_LEN + count * entry_len;
	*data_end = 0;
	if (!count)
		return 0;
	if (pread(index_fd, entry, sizeof(entry),
		  (off_t)(*index_end - entry_len)) != sizeof(entry))
		return -1;
	*data_end = get_be64(entry) + get_be64(entry + 8) / 8;
	return 0;
}

static void salvage_stream(const char *dir, const char *index_name,
			   const struct user_creds *owner)
{
	char index_path[PATH_MAX], data_path[PATH_MAX];
	size_t len = strlen(index_name);
	uint64_t data_end, index_end;
	int index_fd, data_fd;
	struct stat st;

	if (len <= 4 || strcmp(index_name + len - 4, ".idx") ||
	    snprintf(index_path, sizeof(index_path), "%s/index/%s", dir,
		     index_name) >= (int)sizeof(index_path) ||
	    snprintf(data_path, sizeof(data_path), "%s/%.*s", dir,
		     (int)(len - 4), index_name) >= (int)sizeof(data_path))
		return;
	index_fd = user_path_open(owner, index_path, O_RDWR | O_CLOEXEC, 0);
	if (index_fd < 0)
		return;
	data_fd = user_path_open(owner, data_path, O_RDWR | O_CLOEXEC, 0);
	if (data_fd >= 0 &&
	    !last_indexed_end(index_fd, &data_end, &index_end) &&
	    !fstat(data_fd, &st) && data_end <= (uint64_t)st.st_size) {
		if ((uint64_t)st.st_size > data_end) {
			WARN("%s: %llu bytes after the last indexed packet "
			     "(written when the consumer died) removed",
			     data_path,
			     (unsigned long long)(st.st_size - data_end));
			if (ftruncate(data_fd, (off_t)data_end))
				ERR("Cannot truncate %s: %s", data_path,
				    strerror(errno));
		}
		if (ftruncate(index_fd, (off_t)index_end))
			ERR("Cannot truncate %s: %s", index_path,
			    strerror(errno));
	}
	if (data_fd >= 0)
		close(data_fd);
	close(index_fd);
}

void trace_salvage_streams(const char *dir, uid_t uid, gid_t gid)
{
	struct user_creds owner = {.uid = uid, .gid = gid};
	char index_dir[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (snprintf(index_dir, sizeof(index_dir), "%s/index", dir) >=
	    (int)sizeof(index_dir))
		return;
	d = opendir(index_dir);
	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_type == DT_REG || e->d_type == DT_UNKNOWN)
			salvage_stream(dir, e->d_name, &owner);
	closedir(d);
}

void trace_salvage_metadata(const char *dir, uid_t uid, gid_t gid)
{
	struct user_creds owner = {.uid = uid, .gid = gid};
	char path[PATH_MAX];
	uint32_t magic;
	struct stat st;
	off_t whole;
	int fd;

	if (snprintf(path, sizeof(path), "%s/metadata", dir) >=
	    (int)sizeof(path))
		return;
	fd = user_path_open(&owner, path, O_RDWR | O_CLOEXEC, 0);
	if (fd < 0)
		return;
	/* the packets' header is in native byte order */
	if (pread(fd, &magic, sizeof(magic), 0) == sizeof(magic) &&
	    magic == CTF_METADATA_MAGIC && !fstat(fd, &st)) {
		whole = st.st_size - st.st_size % CTF_METADATA_PACKET_SIZE;
		if (whole != st.st_size) {
			WARN("%s: %lld bytes of a metadata packet (written "
			     "when the consumer died) removed",
			     path, (long long)(st.st_size - whole));
			if (ftruncate(fd, whole))
				ERR("Cannot truncate %s: %s", path,
				    strerror(errno));
		}
	}
	close(fd);
}
