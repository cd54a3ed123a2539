/*
 * Acting for a user on the file system (DESIGN.md, "Acting for a user").
 * The root daemons create and open every trace directory and file, shm
 * path and saved configuration of a session with the credentials of the
 * session's owner: the calling thread's file system uid and gid and its
 * supplementary groups become the owner's for the one operation, so the
 * kernel's permission checks (search, write, symbolic links into places
 * the user cannot write) are those the user meets, and whatever gets
 * created belongs to the user without a chown. Only the calling thread
 * changes identity (raw system calls; glibc would switch every thread),
 * so the daemons' other threads keep running as root meanwhile.
 */
#ifndef UTIL_USER_PATH_H
#define UTIL_USER_PATH_H

#include <sys/types.h>

/* Who a path operation acts for. */
struct user_creds {
	uid_t uid;
	gid_t gid;
};

/* The calling thread's identity before user_path_enter (restored). */
struct user_path_saved {
	int switched; /* 0: nothing to restore */
	uid_t fsuid;
	gid_t fsgid;
	int ngroups;
	gid_t groups[64];
};

/*
 * Makes the calling thread act as `who` on the file system until
 * user_path_leave. A no-op when `who` is NULL, when the daemon is not
 * root, or when `who` is the daemon's own identity. 0 or -errno (the
 * thread is unchanged on error).
 */
int user_path_enter(const struct user_creds *who, struct user_path_saved *s);
void user_path_leave(const struct user_path_saved *s);

/* open(2) as `who`: the descriptor or -errno. */
int user_path_open(const struct user_creds *who, const char *path, int flags,
		   mode_t mode);
/*
 * mkdir -p as `who`, created components 0770 whatever the umask; 0 or
 * -errno. user_path_mkdir: the last component only (its parent must
 * exist); an existing directory is not an error.
 */
int user_path_mkdir_p(const struct user_creds *who, const char *path);
int user_path_mkdir(const struct user_creds *who, const char *path);
/* unlink(2) / rename(2) as `who`: 0 or -errno. */
int user_path_unlink(const struct user_creds *who, const char *path);
int user_path_rename(const struct user_creds *who, const char *from,
		     const char *to);

#endif /* UTIL_USER_PATH_H */
