/*
 * Trace directories as the daemons create them: every missing component
 * of the path is created (mode 0770) and, when the daemon runs as root,
 * given to the session's owner, so a user who created a session on the
 * root daemon can read the whole tree (like LTTng). The consumer daemon
 * creates the stream directories, the session daemon a session's domain
 * directory when the session starts.
 */
#ifndef UTIL_OUTPUT_DIR_H
#define UTIL_OUTPUT_DIR_H

#include <sys/types.h>

/* mkdir -p path, created components owned by uid:gid. 0 or -errno. */
int output_dir_create(const char *path, uid_t uid, gid_t gid);

#endif /* UTIL_OUTPUT_DIR_H */
