/*
 * Unit tests of util/user-path.h: what a root daemon does for a user is
 * checked by the kernel as the user's (links to root-only files, root's
 * directories), what it creates is the user's, and only the calling
 * thread changes identity (another thread keeps root's rights meanwhile,
 * and the caller gets them back). Needs root and the user `nobody`.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pwd.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/user-path.h"

#define PRECIOUS "root's bytes\n"

static struct user_creds nobody;
static char base[] = "/tmp/test-user-path-XXXXXX";
static char victim[sizeof(base) + 16];	 /* root's, 0600 */
static char user_dir[sizeof(base) + 16]; /* nobody's, 0770 */
static char root_dir[sizeof(base) + 16]; /* root's, 0755 */

static int setup(void **state)
{
	struct passwd *pw = getpwnam("nobody");
	int fd;

	(void)state;
	if (geteuid() != 0 || !pw)
		return 0;
	nobody.uid = pw->pw_uid;
	nobody.gid = pw->pw_gid;
	assert_non_null(mkdtemp(base));
	assert_int_equal(chmod(base, 0755), 0);
	snprintf(victim, sizeof(victim), "%s/victim", base);
	snprintf(user_dir, sizeof(user_dir), "%s/user", base);
	snprintf(root_dir, sizeof(root_dir), "%s/root", base);
	fd = open(victim, O_WRONLY | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, PRECIOUS, strlen(PRECIOUS)),
			 (ssize_t)strlen(PRECIOUS));
	close(fd);
	assert_int_equal(mkdir(user_dir, 0770), 0);
	assert_int_equal(chown(user_dir, nobody.uid, nobody.gid), 0);
	assert_int_equal(mkdir(root_dir, 0755), 0);
	return 0;
}

static int teardown(void **state)
{
	char cmd[sizeof(base) + 16];

	(void)state;
	if (geteuid() != 0 || base[sizeof(base) - 2] == 'X')
		return 0;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", base);
	return system(cmd) ? -1 : 0;
}

static void require_root(void)
{
	if (geteuid() != 0 || !nobody.uid) {
		print_message("skipped: needs root and the user nobody\n");
		skip();
	}
}

static void assert_victim_intact(void)
{
	char buf[64] = "";
	struct stat st;
	int fd = open(victim, O_RDONLY);

	assert_true(fd >= 0);
	assert_int_equal(read(fd, buf, sizeof(buf) - 1),
			 (ssize_t)strlen(PRECIOUS));
	close(fd);
	assert_string_equal(buf, PRECIOUS);
	assert_int_equal(stat(victim, &st), 0);
	assert_int_equal(st.st_uid, 0);
	assert_int_equal(st.st_mode & 07777, 0600);
}

/* Every way to reach root's file from the user's directory is refused. */
static void test_links_to_root_files_are_refused(void **state)
{
	static const int flags[] = {
		O_WRONLY | O_CREAT | O_TRUNC,
		O_WRONLY | O_CREAT | O_APPEND,
		O_RDWR,
		O_RDONLY,
	};
	char sym[sizeof(user_dir) + 16], hard[sizeof(user_dir) + 16];

	(void)state;
	require_root();
	snprintf(sym, sizeof(sym), "%s/metadata", user_dir);
	snprintf(hard, sizeof(hard), "%s/hard", user_dir);
	assert_int_equal(symlink(victim, sym), 0);
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		assert_int_equal(
			user_path_open(&nobody, sym, flags[i] | O_CLOEXEC, 0660),
			-EACCES);
		assert_int_equal(user_path_open(&nobody, victim,
						flags[i] | O_CLOEXEC, 0660),
				 -EACCES);
	}
	/* a hard link (made by root here) gives no more rights */
	assert_int_equal(link(victim, hard), 0);
	assert_int_equal(user_path_open(&nobody, hard,
					O_WRONLY | O_TRUNC | O_CLOEXEC, 0),
			 -EACCES);
	assert_int_equal(user_path_unlink(&nobody, victim), -EACCES);
	assert_int_equal(user_path_rename(&nobody, victim, sym), -EACCES);
	assert_victim_intact();
	unlink(sym);
	unlink(hard);
}

/* What is created for the user is the user's, with LTTng's modes. */
static void test_created_paths_belong_to_the_user(void **state)
{
	char dir[sizeof(user_dir) + 32], file[sizeof(dir) + 16];
	struct stat st;
	int fd;

	(void)state;
	require_root();
	snprintf(dir, sizeof(dir), "%s/ust/uid/0/64-bit", user_dir);
	snprintf(file, sizeof(file), "%s/channel0_0", dir);
	assert_int_equal(user_path_mkdir_p(&nobody, dir), 0);
	fd = user_path_open(&nobody, file, O_WRONLY | O_CREAT | O_TRUNC, 0660);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_uid, nobody.uid);
	assert_int_equal(st.st_gid, nobody.gid);
	assert_int_equal(st.st_mode & 07777, 0770);
	assert_int_equal(stat(file, &st), 0);
	assert_int_equal(st.st_uid, nobody.uid);
	assert_int_equal(st.st_gid, nobody.gid);
	/* an existing directory is fine, a file in the way is not */
	assert_int_equal(user_path_mkdir_p(&nobody, dir), 0);
	assert_int_equal(user_path_mkdir(&nobody, dir), 0);
	assert_int_equal(user_path_mkdir_p(&nobody, file), -ENOTDIR);
	assert_int_equal(user_path_unlink(&nobody, file), 0);
}

/* mkdir -p into root's directory, directly or through a link: nothing. */
static void test_root_directories_stay_untouched(void **state)
{
	char path[sizeof(root_dir) + 32], link[sizeof(user_dir) + 16];
	struct stat st;

	(void)state;
	require_root();
	snprintf(path, sizeof(path), "%s/x/sub", root_dir);
	assert_int_equal(user_path_mkdir_p(&nobody, path), -EACCES);
	snprintf(link, sizeof(link), "%s/kernel", user_dir);
	assert_int_equal(symlink(root_dir, link), 0);
	snprintf(path, sizeof(path), "%s/index", link);
	assert_int_equal(user_path_mkdir_p(&nobody, path), -EACCES);
	assert_int_equal(user_path_mkdir(&nobody, path), -EACCES);
	snprintf(path, sizeof(path), "%s/metadata", link);
	assert_int_equal(user_path_open(&nobody, path,
					O_WRONLY | O_CREAT | O_EXCL, 0660),
			 -EACCES);
	assert_int_equal(stat(root_dir, &st), 0);
	assert_int_equal(st.st_nlink, 2); /* still empty */
	unlink(link);
}

/* The daemon's own identity (or none) switches nothing. */
static void test_own_identity_switches_nothing(void **state)
{
	const struct user_creds root = {0, 0};
	struct user_path_saved saved;

	(void)state;
	require_root();
	assert_int_equal(user_path_enter(&root, &saved), 0);
	assert_int_equal(saved.switched, 0);
	user_path_leave(&saved);
	assert_int_equal(user_path_enter(NULL, &saved), 0);
	assert_int_equal(saved.switched, 0);
	user_path_leave(&saved);
}

#define ROUNDS 2000

static int stop_bystander;

/* Opens root's file in a loop: fails if another thread's switch leaks. */
static void *bystander(void *arg)
{
	long failures = 0, rounds = 0;

	(void)arg;
	while (!__atomic_load_n(&stop_bystander, __ATOMIC_ACQUIRE) ||
	       rounds < ROUNDS) {
		int fd = open(victim, O_RDWR | O_CLOEXEC);

		if (fd < 0)
			failures++;
		else
			close(fd);
		rounds++;
	}
	return (void *)failures;
}

/*
 * While one thread acts as nobody again and again, another keeps root's
 * rights; the acting thread gets root's identity and groups back.
 */
static void test_only_the_calling_thread_changes(void **state)
{
	gid_t before[64], after[64];
	int n_before = getgroups(64, before), n_after;
	pthread_t t;
	void *failures;

	(void)state;
	require_root();
	assert_true(n_before >= 0);
	assert_int_equal(pthread_create(&t, NULL, bystander, NULL), 0);
	for (int i = 0; i < ROUNDS; i++) {
		struct user_path_saved saved;
		int fd;

		assert_int_equal(user_path_enter(&nobody, &saved), 0);
		assert_int_equal(setfsuid((uid_t)-1), (int)nobody.uid);
		assert_int_equal(open(victim, O_RDONLY | O_CLOEXEC), -1);
		assert_int_equal(errno, EACCES);
		user_path_leave(&saved);
		fd = open(victim, O_RDWR | O_CLOEXEC);
		assert_true(fd >= 0);
		close(fd);
	}
	__atomic_store_n(&stop_bystander, 1, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(t, &failures), 0);
	assert_int_equal((long)failures, 0);
	assert_int_equal(setfsuid((uid_t)-1), 0);
	assert_int_equal(setfsgid((gid_t)-1), 0);
	n_after = getgroups(64, after);
	assert_int_equal(n_after, n_before);
	assert_memory_equal(after, before, sizeof(gid_t) * (size_t)n_before);
	assert_victim_intact();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_links_to_root_files_are_refused),
		cmocka_unit_test(test_created_paths_belong_to_the_user),
		cmocka_unit_test(test_root_directories_stay_untouched),
		cmocka_unit_test(test_own_identity_switches_nothing),
		cmocka_unit_test(test_only_the_calling_thread_changes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
