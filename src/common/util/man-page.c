/*
 * Implementation of man-page.h. The directory is found from the running
 * executable, so that an installation moved as a whole (a staging
 * DESTDIR, a prefix copied elsewhere) still finds its own pages:
 *
 *   BUILD_ROOT/.../lttng      -> BUILD_ROOT/doc/man   (uninstalled)
 *   ROOT/BINDIR/lttng         -> ROOT/MANDIR          (installed)
 *   anything else             -> PREFIX/MANDIR        (as configured)
 *
 * The constants come from man-dirs.h, written by meson.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "man-dirs.h"
#include "man-page.h"

#define DEFAULT_MAN_BIN_PATH "/usr/bin/man"

static char found_dir[PATH_MAX];

/* Whether path is dir itself or lies under it. */
static bool path_is_under(const char *path, const char *dir)
{
	size_t len = strlen(dir);

	return !strncmp(path, dir, len) &&
	       (path[len] == '/' || path[len] == '\0');
}

/*
 * The installation root of an executable at exe (an absolute path):
 * exe's directory without its trailing BINDIR ("bin" or "sbin"), copied
 * to root. Returns false when exe is not in such a directory.
 */
static bool installation_root(const char *exe, char *root, size_t size)
{
	static const char *const bindirs[] = {MAN_DIRS_BINDIR,
					      MAN_DIRS_SBINDIR};
	const char *slash = strrchr(exe, '/');
	size_t dir_len, bin_len;

	if (!slash)
		return false;
	dir_len = (size_t)(slash - exe);
	for (size_t i = 0; i < sizeof(bindirs) / sizeof(bindirs[0]); i++) {
		bin_len = strlen(bindirs[i]);
		if (bindirs[i][0] == '/' || dir_len <= bin_len ||
		    exe[dir_len - bin_len - 1] != '/' ||
		    strncmp(exe + dir_len - bin_len, bindirs[i], bin_len))
			continue;
		if (dir_len - bin_len >= size)
			return false;
		memcpy(root, exe, dir_len - bin_len);
		root[dir_len - bin_len] = '\0';
		return true;
	}
	return false;
}

const char *man_page_dir(void)
{
	char exe[PATH_MAX], root[PATH_MAX];
	ssize_t len;
	int ret;

	if (found_dir[0])
		return found_dir;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		exe[len] = '\0';
		if (path_is_under(exe, MAN_DIRS_BUILD_ROOT)) {
			ret = snprintf(found_dir, sizeof(found_dir), "%s",
				       MAN_DIRS_BUILD_PAGES);
			if (ret > 0 && (size_t)ret < sizeof(found_dir))
				return found_dir;
		} else if (MAN_DIRS_MANDIR[0] != '/' &&
			   installation_root(exe, root, sizeof(root))) {
			/* root ends with '/': "ROOT/" + "share/man". */
			ret = snprintf(found_dir, sizeof(found_dir), "%s%s",
				       root, MAN_DIRS_MANDIR);
			if (ret > 0 && (size_t)ret < sizeof(found_dir))
				return found_dir;
		}
	}
	snprintf(found_dir, sizeof(found_dir), "%s", MAN_DIRS_INSTALLED);
	return found_dir;
}

bool man_page_exists(int section, const char *page)
{
	static const char *const suffixes[] = {"",     ".gz",	".bz2", ".xz",
					       ".zst", ".lzma", ".Z"};
	char path[PATH_MAX];
	struct stat st;
	int ret;

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		ret = snprintf(path, sizeof(path), "%s/man%d/%s.%d%s",
			       man_page_dir(), section, page, section,
			       suffixes[i]);
		if (ret < 0 || (size_t)ret >= sizeof(path))
			return false;
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			return true;
	}
	return false;
}

void man_page_exec(int section, const char *page)
{
	/* As LTTng: ignored in a set-user-ID program. */
	const char *man = secure_getenv("LTTNG_MAN_BIN_PATH");
	char section_str[16];

	if (!man)
		man = DEFAULT_MAN_BIN_PATH;
	snprintf(section_str, sizeof(section_str), "%d", section);
	fflush(NULL);
	execlp(man, "man", "-M", man_page_dir(), section_str, page,
	       (char *)NULL);
}
