/*
 * Unit tests of the UST libraries' diagnostics (common/ust-log.c): a
 * critical error aborts the application when LTTNG_UST_ABORT_ON_CRITICAL
 * is set, whatever LTTNG_UST_DEBUG says, and is printed with "Critical: "
 * when LTTNG_UST_DEBUG is set. Each case runs in a child process that
 * executes this program again with its variables set, since the library
 * reads them when it is loaded, as LTTng-UST does.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/ust-log.h"

struct outcome {
	int status;    /* from waitpid() */
	char err[256]; /* what the child wrote on stderr */
};

/* Run ust_log_critical() (or ust_log()) in a child with these variables. */
static void run_child(const char *abort_value, const char *debug_value,
		      int critical, struct outcome *out)
{
	const struct rlimit no_core = {0, 0};
	int fds[2];
	ssize_t n;
	size_t len = 0;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		setrlimit(RLIMIT_CORE, &no_core);
		dup2(fds[1], STDERR_FILENO);
		unsetenv("LTTNG_UST_ABORT_ON_CRITICAL");
		unsetenv("LTTNG_UST_DEBUG");
		if (abort_value)
			setenv("LTTNG_UST_ABORT_ON_CRITICAL", abort_value, 1);
		if (debug_value)
			setenv("LTTNG_UST_DEBUG", debug_value, 1);
		execl("/proc/self/exe", "test-ust-log",
		      critical ? "--critical" : "--plain", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], out->err + len, sizeof(out->err) - 1 - len)) >
	       0)
		len += (size_t)n;
	out->err[len] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &out->status, 0), pid);
}

static void test_critical_aborts_when_asked(void **state)
{
	struct outcome out;

	(void)state;
	run_child("1", NULL, 1, &out);
	assert_true(WIFSIGNALED(out.status));
	assert_int_equal(WTERMSIG(out.status), SIGABRT);
	assert_string_equal(out.err, "");
}

static void test_critical_is_printed_then_aborts(void **state)
{
	struct outcome out;

	(void)state;
	run_child("1", "1", 1, &out);
	assert_true(WIFSIGNALED(out.status));
	assert_int_equal(WTERMSIG(out.status), SIGABRT);
	assert_non_null(strstr(out.err, "]: Critical: channel chan: broken\n"));
}

static void test_critical_without_the_variable_goes_on(void **state)
{
	struct outcome out;

	(void)state;
	run_child(NULL, "1", 1, &out);
	assert_true(WIFEXITED(out.status));
	assert_int_equal(WEXITSTATUS(out.status), 0);
	assert_non_null(strstr(out.err, "]: Critical: channel chan: broken\n"));
}

static void test_plain_message_never_aborts(void **state)
{
	struct outcome out;

	(void)state;
	run_child("1", NULL, 0, &out);
	assert_true(WIFEXITED(out.status));
	assert_int_equal(WEXITSTATUS(out.status), 0);
}

int main(int argc, char **argv)
{
	/* The child's side: one message, then exit (unless it aborts). */
	if (argc == 2 && !strcmp(argv[1], "--critical")) {
		ust_log_critical("channel %s: broken", "chan");
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--plain")) {
		ust_log("channel %s: broken", "chan");
		return 0;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_critical_aborts_when_asked),
		cmocka_unit_test(test_critical_is_printed_then_aborts),
		cmocka_unit_test(test_critical_without_the_variable_goes_on),
		cmocka_unit_test(test_plain_message_never_aborts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
