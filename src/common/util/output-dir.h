/*
 * Trace directories as the daemons create them: every missing component
 * of the path is created (mode 0770) with the credentials of the
 * session's owner (user-path.h), so a user who created a session on the
 * root daemon owns the whole tree and can make the daemon create nothing
 * the user could not create (like LTTng's run-as). The consumer daemon
 * creates the stream directories, the session daemon a session's domain
 * directory when the session starts.
 */
#ifndef UTIL_OUTPUT_DIR_H
#define UTIL_OUTPUT_DIR_H

#include <sys/types.h>

/* mkdir -p path acting as uid:gid. 0 or -errno. */
int output_dir_create(const char *path, uid_t uid, gid_t gid);

#endif /* UTIL_OUTPUT_DIR_H */
