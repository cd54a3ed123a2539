/*
 * Where the toolkit keeps its files: the runtime directory of a session
 * daemon (sockets, pid file), LTTNG_HOME, and the per-user .lttngrc.
 * Used by lttng-sessiond, liblttng-ctl and the lttng CLI alike.
 */
#ifndef UTIL_PATHS_H
#define UTIL_PATHS_H

#include <stddef.h>
#include <sys/types.h>

#define PATHS_ROOT_RUNDIR "/var/run/lttng"
#define PATHS_CLIENT_SOCK "client-lttng-sessiond"
#define PATHS_APPS_SOCK "apps-lttng-sessiond"
#define PATHS_PID_FILE "lttng-sessiond.pid"
#define PATHS_LOCK_FILE "lttng-sessiond.lck"
/* Health sockets (LTTng's names), in the session daemon's rundir. */
#define PATHS_SESSIOND_HEALTH_SOCK "sessiond-health"
#define PATHS_USTCONSUMERD32_HEALTH_SOCK "ustconsumerd32/health"
#define PATHS_USTCONSUMERD64_HEALTH_SOCK "ustconsumerd64/health"
#define PATHS_KCONSUMERD_HEALTH_SOCK "kconsumerd/health"

/*
 * $LTTNG_HOME, else $HOME, into buf. Returns 0, -ENOENT when neither is
 * set, or -ENAMETOOLONG.
 */
int paths_home(char *buf, size_t len);

/*
 * The runtime directory of the session daemon serving uid: for root
 * $LTTNG_RUNDIR (our documented extension) or /var/run/lttng, for other
 * users $LTTNG_HOME/.lttng. Returns 0 or a negative errno.
 */
int paths_rundir(uid_t uid, char *buf, size_t len);

/* dir + "/" + name into buf; 0 or -ENAMETOOLONG. */
int paths_join(char *buf, size_t len, const char *dir, const char *name);

/*
 * mkdir -p: every missing component of path is created with exactly
 * `mode` (chmod after mkdir, whatever the umask, as LTTng gives its
 * directories); an existing component must be a directory (-ENOTDIR).
 * 0 or -errno. Only async-signal-safe calls, so a forked child may use
 * it. The one directory maker of the tree: user_path_mkdir_p() runs it
 * as a session's owner (user-path.h).
 */
int paths_mkdir_p(const char *path, mode_t mode);
/* The same for the last component only (its parent must exist). */
int paths_mkdir(const char *path, mode_t mode);

/*
 * Make path absolute against the current directory and drop "." and
 * ".." components lexically (the target need not exist).
 */
int paths_absolute(const char *path, char *buf, size_t len);

/* Directory holding the running executable (from /proc/self/exe). */
int paths_self_dir(char *buf, size_t len);

#endif /* UTIL_PATHS_H */
