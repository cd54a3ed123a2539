/*
 * Implementation of output-dir.h: a user_path_mkdir_p for the session's
 * owner (user-path.h), so a created directory is the owner's because the
 * owner created it, and a path the owner could not create fails.
 */
#include "util/output-dir.h"
#include "util/user-path.h"

int output_dir_create(const char *path, uid_t uid, gid_t gid)
{
	const struct user_creds who = {.uid = uid, .gid = gid};

	return user_path_mkdir_p(&who, path);
}
