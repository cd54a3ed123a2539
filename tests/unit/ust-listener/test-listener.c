/*
 * Tests of liblttng-ust's session daemon listener against a fake
 * session daemon (fake-sessiond.h) over real sockets in a temporary
 * LTTNG_RUNDIR / LTTNG_HOME: a real instrumented application (app.c)
 * registers, gets its session, channel (ring buffers made as the
 * consumer daemon makes them), rule and start, records, and the records
 * are read back with the consumer API: event ids from the notify
 * socket, payload bytes, nothing recorded while stopped or disabled,
 * refused ids, the register timeout, fork, listing and hostile input.
 */
#include <dirent.h>
#include <errno.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake-sessiond.h"
#include "util/unix-socket.h"

#define VALUE "ust_listener_test:value"
#define OTHER "ust_listener_test:other"

struct spawned {
	pid_t pid;
	int stdin_fd;  /* write end of the app's stdin */
	int stdout_fd; /* read end of its stdout */
	int stderr_fd; /* read end of its stderr */
};

static char tmpdir[64];
static char rundir[128];
static char homedir[128];

static int setup(void **state)
{
	(void)state;
	strcpy(tmpdir, "/tmp/ust-listener-XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	snprintf(rundir, sizeof(rundir), "%s/run", tmpdir);
	snprintf(homedir, sizeof(homedir), "%s/home", tmpdir);
	if (mkdir(homedir, 0700))
		return -1;
	setenv("LTTNG_RUNDIR", rundir, 1);
	setenv("LTTNG_HOME", homedir, 1);
	unsetenv("LTTNG_UST_DEBUG");
	unsetenv("LTTNG_UST_REGISTER_TIMEOUT");
	unsetenv("LD_PRELOAD");
	return 0;
}

static int teardown(void **state)
{
	char cmd[256];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct spawned spawn_program(const char *path, const char *const *args)
{
	int in[2], out[2], err[2];
	struct spawned s;
	char *argv[4] = {(char *)path, NULL, NULL, NULL};
	int i;

	for (i = 0; args[i] && i < 2; i++)
		argv[i + 1] = (char *)args[i];
	assert_int_equal(pipe2(in, O_CLOEXEC), 0);
	assert_int_equal(pipe2(out, O_CLOEXEC), 0);
	assert_int_equal(pipe2(err, O_CLOEXEC), 0);
	s.pid = fork();
	assert_true(s.pid >= 0);
	if (s.pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(err[1], 2);
		execv(path, argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(err[1]);
	s.stdin_fd = in[1];
	s.stdout_fd = out[0];
	s.stderr_fd = err[0];
	return s;
}

static struct spawned spawn_app(const char *const *args)
{
	return spawn_program(APP_PATH, args);
}

/* Wait for the app; returns its exit status and what it wrote on stderr. */
static int wait_app(struct spawned *s, char *errbuf, size_t errlen)
{
	ssize_t n, total = 0;
	int status;

	close(s->stdin_fd);
	while (errlen > 1 && (n = read(s->stderr_fd, errbuf + total,
				       errlen - 1 - (size_t)total)) > 0)
		total += n;
	if (errlen)
		errbuf[total] = '\0';
	assert_int_equal(waitpid(s->pid, &status, 0), s->pid);
	close(s->stdout_fd);
	close(s->stderr_fd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Tells the app its registration is complete (its constructor returns). */
static void register_done(struct fake_app *app)
{
	assert_int_equal(
		fake_command(app, UST_CMD_REGISTER_DONE, NULL, NULL, 0, NULL),
		0);
}

/*
 * The session a helper library's test records into: session 1, channel
 * 10 of one stream, rule 100 on `pattern` (and rule 101 on `pattern2`
 * unless NULL), started, registration done.
 */
static struct rb_channel *helper_lib_session(struct fake_app *app,
					     const char *pattern,
					     const char *pattern2)
{
	struct rb_channel *chan;

	assert_int_equal(fake_command_id(app, UST_CMD_SESSION_CREATE, 1), 0);
	chan = fake_channel_setup(app, 1, 10, 1);
	assert_int_equal(fake_rule(app, 10, 100, pattern), 0);
	if (pattern2)
		assert_int_equal(fake_rule(app, 10, 101, pattern2), 0);
	assert_int_equal(fake_command_id(app, UST_CMD_SESSION_START, 1), 0);
	register_done(app);
	return chan;
}

/* Lets the app go on, then reads the address it prints. */
static unsigned long long go_and_read_address(struct spawned *s)
{
	unsigned long long address = 0;
	char out[64] = "";

	assert_int_equal(write(s->stdin_fd, "go\n", 3), 3);
	assert_true(read(s->stdout_fd, out, sizeof(out) - 1) > 0);
	assert_int_equal(sscanf(out, "%llx", &address), 1);
	return address;
}

/* The registration-time setup of a session recording everything. */
static struct rb_channel *setup_session(struct fake_app *app, uint64_t sid,
					uint64_t key, int start)
{
	struct rb_channel *chan;

	assert_int_equal(fake_command_id(app, UST_CMD_SESSION_CREATE, sid), 0);
	chan = fake_channel_setup(app, sid, key, 2);
	assert_int_equal(fake_rule(app, key, key * 10, "ust_listener_test:*"),
			 0);
	if (start)
		assert_int_equal(
			fake_command_id(app, UST_CMD_SESSION_START, sid), 0);
	register_done(app);
	return chan;
}

static int compare_n(const void *a, const void *b)
{
	const struct fake_record *x = a, *y = b;

	return (x->n > y->n) - (x->n < y->n);
}

static void test_records_reach_the_ring_buffer(void **state)
{
	const char *args[] = {"emit", "100", NULL};
	struct fake_record recs[128];
	const struct ust_event_class *cls;
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int64_t value_id, other_id;
	int listen_fd, count, values = 0, i;
	char err[256];

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	assert_true(listen_fd >= 0);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	assert_int_equal(app.reg.pid, s.pid);
	assert_int_equal(app.reg.ppid, getpid());
	assert_int_equal(app.reg.bitness, sizeof(void *) * 8);
	assert_string_equal(app.reg.procname, "test-ust-listen");
	chan = setup_session(&app, 1, 10, 1);
	assert_int_equal(wait_app(&s, err, sizeof(err)), 0);
	assert_string_equal(err, "");

	value_id = fake_event_id(&app, 10, VALUE);
	other_id = fake_event_id(&app, 10, OTHER);
	assert_true(value_id >= 3 && other_id >= 3 && value_id != other_id);
	cls = fake_event_class(&app, VALUE);
	assert_non_null(cls);
	assert_int_equal(cls->loglevel, 6);
	assert_int_equal(cls->nr_fields, 2);
	assert_string_equal(cls->fields[0].name, "n");
	assert_int_equal(cls->fields[0].integer.size, 32);
	assert_int_equal(cls->fields[0].integer.signedness, 0);
	assert_string_equal(cls->fields[1].name, "v");
	assert_int_equal(cls->fields[1].integer.size, 64);
	assert_int_equal(cls->fields[1].integer.signedness, 1);

	count = fake_read_records(chan, (uint32_t)value_id, (uint32_t)other_id,
				  recs, 128);
	assert_int_equal(count, 101);
	for (i = 0; i < count; i++) {
		if (recs[i].id == (uint32_t)other_id) {
			assert_string_equal(recs[i].s, "done");
			continue;
		}
		recs[values++] = recs[i];
	}
	assert_int_equal(values, 100);
	qsort(recs, 100, sizeof(recs[0]), compare_n);
	for (i = 0; i < 100; i++) {
		assert_int_equal(recs[i].n, i);
		assert_true(recs[i].v == -3 * (int64_t)i);
	}
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
}

/* Tell the steps app to record once; wait for its acknowledgement. */
static void step(struct spawned *s)
{
	char line[16];
	ssize_t n;

	assert_int_equal(write(s->stdin_fd, "x\n", 2), 2);
	n = read(s->stdout_fd, line, sizeof(line));
	assert_true(n > 0);
}

static void test_nothing_recorded_while_stopped_or_disabled(void **state)
{
	const char *args[] = {"steps", NULL};
	struct fake_record recs[16];
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd, count;
	int64_t value_id;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = setup_session(&app, 1, 10, 0);
	step(&s); /* 0: session not started */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	step(&s); /* 1: recorded */
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_DISABLE, 10), 0);
	step(&s); /* 2: channel disabled */
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_ENABLE, 10), 0);
	step(&s); /* 3: recorded */
	assert_int_equal(fake_command_id(&app, UST_CMD_RULE_DISABLE, 100), 0);
	step(&s); /* 4: rule disabled */
	assert_int_equal(fake_command_id(&app, UST_CMD_RULE_ENABLE, 100), 0);
	step(&s); /* 5: recorded */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_STOP, 1), 0);
	step(&s); /* 6: session stopped */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_RULE_DESTROY, 100), 0);
	step(&s); /* 7: no rule */
	assert_int_equal(fake_command_id(&app, UST_CMD_RULE_DESTROY, 100),
			 -ENOENT);
	assert_int_equal(wait_app(&s, NULL, 0), 0);

	value_id = fake_event_id(&app, 10, VALUE);
	assert_true(value_id >= 0);
	count = fake_read_records(chan, (uint32_t)value_id, UINT32_MAX, recs,
				  16);
	assert_int_equal(count, 3);
	qsort(recs, 3, sizeof(recs[0]), compare_n);
	assert_int_equal(recs[0].n, 1);
	assert_int_equal(recs[1].n, 3);
	assert_int_equal(recs[2].n, 5);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
}

static void test_refused_event_id_never_records(void **state)
{
	const char *args[] = {"emit", "5", NULL};
	struct fake_record recs[16];
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd, count, i;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	pthread_mutex_lock(&app.lock);
	strcpy(app.refuse, OTHER);
	pthread_mutex_unlock(&app.lock);
	chan = setup_session(&app, 1, 10, 1);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	assert_int_equal(fake_event_id(&app, 10, OTHER), -1);
	/* an id no record may carry: the refused event must not appear */
	count = fake_read_records(chan,
				  (uint32_t)fake_event_id(&app, 10, VALUE),
				  UINT32_MAX, recs, 16);
	assert_int_equal(count, 5);
	for (i = 0; i < count; i++)
		assert_true(recs[i].n < 5);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
}

static double run_emit0(char *err, size_t errlen)
{
	const char *args[] = {"emit", "0", NULL};
	struct spawned s;
	double start = now_s();

	s = spawn_app(args);
	assert_int_equal(wait_app(&s, err, errlen), 0);
	return now_s() - start;
}

static void test_no_daemon_no_delay_no_output(void **state)
{
	char err[256];
	double elapsed;

	(void)state;
	elapsed = run_emit0(err, sizeof(err));
	assert_true(elapsed < 1.0); /* the default timeout is 3 s */
	assert_string_equal(err, "");
}

static void test_silent_daemon_is_waited_for_the_timeout(void **state)
{
	int listen_fd = -1;
	double elapsed;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	assert_true(listen_fd >= 0);
	/* connections queue in the backlog; no REGISTER_DONE ever comes */
	setenv("LTTNG_UST_REGISTER_TIMEOUT", "800", 1);
	elapsed = run_emit0(NULL, 0);
	assert_true(elapsed >= 0.8);
	assert_true(elapsed < 2.5);
	setenv("LTTNG_UST_REGISTER_TIMEOUT", "0", 1);
	elapsed = run_emit0(NULL, 0);
	assert_true(elapsed < 0.6); /* no wait at all (0.8 s above) */
	close(listen_fd);
}

static void test_app_registers_with_a_daemon_started_later(void **state)
{
	const char *args[] = {"steps", NULL};
	struct fake_record recs[4];
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd;

	(void)state;
	s = spawn_app(args);
	step(&s); /* running, no daemon */
	listen_fd = fake_sessiond_listen(rundir);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = setup_session(&app, 1, 10, 1);
	step(&s);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	assert_int_equal(fake_read_records(
				 chan, (uint32_t)fake_event_id(&app, 10, VALUE),
				 UINT32_MAX, recs, 4),
			 1);
	assert_int_equal(recs[0].n, 1);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
}

static void test_register_timeout_minus_one_waits_for_the_daemon(void **state)
{
	const char *args[] = {"emit", "0", NULL};
	struct fake_app app;
	struct spawned s;
	int listen_fd, status;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	setenv("LTTNG_UST_REGISTER_TIMEOUT", "-1", 1);
	s = spawn_app(args);
	usleep(400000);
	assert_int_equal(waitpid(s.pid, &status, WNOHANG), 0); /* waiting */
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	register_done(&app);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	fake_app_close(&app);
	close(listen_fd);
}

/*
 * A blocking channel (50 ms timeout) with room for about 250 records
 * and no consumer: 270 records make the app wait on the last ones only
 * with LTTNG_UST_ALLOW_BLOCKING; without it they are discarded at once.
 */
static double run_blocking(int allow, uint64_t *discarded)
{
	const char *args[] = {"emit", "270", NULL};
	struct rb_config conf = {.subbuf_size = 4096,
				 .subbuf_count = 1,
				 .mode = RB_MODE_DISCARD,
				 .blocking_timeout_us = 50000,
				 .wakeup = RB_WAKEUP_NONE,
				 .nr_streams = 1,
				 .header_kind = CTF_EVENT_HEADER_COMPACT};
	struct rb_stream_stats st;
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd;
	double start;

	listen_fd = fake_sessiond_listen(rundir);
	if (allow)
		setenv("LTTNG_UST_ALLOW_BLOCKING", "1", 1);
	else
		unsetenv("LTTNG_UST_ALLOW_BLOCKING");
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_CREATE, 1), 0);
	chan = fake_channel_setup_conf(&app, 1, 10, &conf);
	assert_int_equal(fake_rule(&app, 10, 100, "ust_listener_test:value"),
			 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	start = now_s();
	register_done(&app);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	unsetenv("LTTNG_UST_ALLOW_BLOCKING");
	rb_stream_stats(&chan->streams[0], &st);
	*discarded = st.discarded_events;
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	return now_s() - start;
}

static void test_blocking_only_with_lttng_ust_allow_blocking(void **state)
{
	uint64_t discarded_off, discarded_on;
	double off, on;

	(void)state;
	off = run_blocking(0, &discarded_off);
	on = run_blocking(1, &discarded_on);
	assert_true(discarded_off >= 10);
	assert_true(discarded_on >= 10); /* each after its 50 ms wait */
	/* waiting 50 ms per discarded record would take 0.5 s or more */
	assert_true(off < 0.4);
	assert_true(on >= 0.05 * (double)discarded_on * 0.9);
}

static void test_debug_messages_only_with_lttng_ust_debug(void **state)
{
	char err[4096];

	(void)state;
	setenv("LTTNG_UST_DEBUG", "1", 1);
	(void)run_emit0(err, sizeof(err));
	unsetenv("LTTNG_UST_DEBUG");
	assert_non_null(strstr(err, "liblttng_ust["));
}

/* The child gets no parent's record and registers once, anew. */
static void check_fork(const char *mode)
{
	const char *args[] = {mode, NULL};
	struct fake_record recs[8];
	struct rb_channel *parent_chan, *child_chan;
	struct fake_app parent, child, extra;
	struct spawned s;
	int listen_fd, count;

	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &parent, 5000), 0);
	parent_chan = setup_session(&parent, 1, 10, 1);
	assert_int_equal(fake_accept_app(listen_fd, &child, 5000), 0);
	assert_int_not_equal(child.reg.pid, s.pid);
	assert_int_equal(child.reg.ppid, s.pid);
	assert_true(child.reg.token != parent.reg.token);
	child_chan = setup_session(&child, 2, 20, 1);
	assert_int_equal(wait_app(&s, NULL, 0), 0);

	count = fake_read_records(parent_chan,
				  (uint32_t)fake_event_id(&parent, 10, VALUE),
				  UINT32_MAX, recs, 8);
	assert_int_equal(count, 2);
	qsort(recs, 2, sizeof(recs[0]), compare_n);
	assert_int_equal(recs[0].n, 1);
	assert_int_equal(recs[1].n, 2);
	count = fake_read_records(child_chan,
				  (uint32_t)fake_event_id(&child, 20, VALUE),
				  UINT32_MAX, recs, 8);
	assert_int_equal(count, 1);
	assert_int_equal(recs[0].n, 1001);
	/* one registration only, even with both hooks and pthread_atfork */
	assert_int_equal(fake_accept_app(listen_fd, &extra, 300), -ETIMEDOUT);
	rb_channel_destroy(parent_chan);
	rb_channel_destroy(child_chan);
	fake_app_close(&parent);
	fake_app_close(&child);
	close(listen_fd);
}

static void test_fork_child_registers_as_a_new_app(void **state)
{
	(void)state;
	check_fork("fork");
}

static void test_fork_hooks_and_atfork_register_the_child_once(void **state)
{
	(void)state;
	check_fork("fork-hooks");
}

/* Where the sanitizer runtime this test runs with lives, if any. */
static int find_asan_runtime(struct dl_phdr_info *info, size_t size, void *priv)
{
	(void)size;
	if (info->dlpi_name && strstr(info->dlpi_name, "/libasan.so")) {
		snprintf(priv, 4096, "%s:", info->dlpi_name);
		return 1;
	}
	return 0;
}

/* LD_PRELOAD=lib for the applications spawned next. */
static void preload(const char *lib)
{
	char value[8192] = "";

	/* under ASan, its runtime must come first in the application */
	dl_iterate_phdr(find_asan_runtime, value);
	strcat(value, lib);
	setenv("LD_PRELOAD", value, 1);
}

/* With liblttng-ust-fork.so preloaded: fork() and clone() children. */
static void test_liblttng_ust_fork_wraps_fork_and_clone(void **state)
{
	(void)state;
	preload(UST_FORK_PATH);
	check_fork("fork");
	check_fork("clone");
	unsetenv("LD_PRELOAD");
}

static void test_tracepoint_and_field_lists(void **state)
{
	const char *args[] = {"steps", NULL};
	struct ust_tracepoint_entry *tps;
	struct ust_field_entry *fields;
	struct ust_message reply;
	struct fake_app app;
	struct spawned s;
	uint32_t n, i, found = 0;
	int listen_fd;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	register_done(&app);
	step(&s); /* main() runs: the app's provider is registered */
	assert_int_equal(fake_command(&app, UST_CMD_TRACEPOINT_LIST, NULL, NULL,
				      0, &reply),
			 0);
	assert_int_equal(ust_get_tracepoint_list(reply.payload,
						 reply.payload_len, &tps, &n),
			 0);
	ust_message_fini(&reply);
	for (i = 0; i < n; i++)
		if (!strcmp(tps[i].name, VALUE)) {
			assert_int_equal(tps[i].loglevel, 6);
			found++;
		} else if (!strcmp(tps[i].name, OTHER)) {
			assert_int_equal(tps[i].loglevel, 13);
			found++;
		}
	assert_int_equal(found, 2);
	free(tps);
	assert_int_equal(
		fake_command(&app, UST_CMD_FIELD_LIST, NULL, NULL, 0, &reply),
		0);
	assert_int_equal(ust_get_field_list(reply.payload, reply.payload_len,
					    &fields, &n),
			 0);
	ust_message_fini(&reply);
	found = 0;
	for (i = 0; i < n; i++) {
		if (!strcmp(fields[i].event_name, VALUE) &&
		    !strcmp(fields[i].field_name, "v")) {
			assert_int_equal(fields[i].type,
					 UST_FIELD_LIST_INTEGER);
			found++;
		}
		if (!strcmp(fields[i].event_name, OTHER)) {
			assert_string_equal(fields[i].field_name, "s");
			assert_int_equal(fields[i].type, UST_FIELD_LIST_STRING);
			found++;
		}
	}
	assert_int_equal(found, 2);
	free(fields);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	fake_app_close(&app);
	close(listen_fd);
}

/* How many ring buffer mappings the process has. */
static int rb_mappings(pid_t pid)
{
	char path[64], line[512];
	int count = 0;
	FILE *maps;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	maps = fopen(path, "r");
	assert_non_null(maps);
	while (fgets(line, sizeof(line), maps))
		if (strstr(line, "memfd:lttng-rb-stream"))
			count++;
	fclose(maps);
	return count;
}

/* The blocked-signal mask of thread tid of pid (/proc status SigBlk). */
static unsigned long long blocked_signals(pid_t pid, const char *tid)
{
	unsigned long long mask = 0;
	char path[128], line[256];
	FILE *status;

	snprintf(path, sizeof(path), "/proc/%d/task/%s/status", (int)pid, tid);
	status = fopen(path, "r");
	assert_non_null(status);
	while (fgets(line, sizeof(line), status))
		if (sscanf(line, "SigBlk: %llx", &mask) == 1)
			break;
	fclose(status);
	return mask;
}

/* Every thread but the main one (the listeners) blocks every signal. */
static void assert_listeners_block_signals(pid_t pid)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGUSR1, SIGALRM, SIGCHLD};
	char path[64];
	struct dirent *entry;
	int threads = 0;
	unsigned int i;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	assert_non_null(dir);
	while ((entry = readdir(dir))) {
		unsigned long long mask;

		if (entry->d_name[0] == '.' || atoi(entry->d_name) == pid)
			continue;
		mask = blocked_signals(pid, entry->d_name);
		for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			assert_true(mask & (1ULL << (sigs[i] - 1)));
		threads++;
	}
	closedir(dir);
	assert_true(threads >= 1);
	/* while the application's own thread keeps its mask */
	snprintf(path, sizeof(path), "%d", (int)pid);
	assert_int_equal(blocked_signals(pid, path) & (1ULL << (SIGINT - 1)),
			 0);
}

static void test_daemon_going_away_unmaps_its_buffers(void **state)
{
	const char *args[] = {"steps", NULL};
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd, tries;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = setup_session(&app, 1, 10, 1);
	step(&s);
	assert_listeners_block_signals(s.pid);
	assert_int_equal(rb_mappings(s.pid), 2);
	fake_app_close(&app);
	for (tries = 0; tries < 200 && rb_mappings(s.pid); tries++)
		usleep(10000);
	assert_int_equal(rb_mappings(s.pid), 0);
	step(&s); /* still alive, recording nowhere */
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	rb_channel_destroy(chan);
	close(listen_fd);
}

#define SD "lttng_ust_statedump:"
#define DL "lttng_ust_dl:"
#define MAX_LIBC 2048
#define MAX_DUMP 64

/* A session with one single-stream channel recording the state dump. */
static struct rb_channel *statedump_session(struct fake_app *app, uint64_t sid,
					    uint64_t key)
{
	struct rb_channel *chan;

	assert_int_equal(fake_command_id(app, UST_CMD_SESSION_CREATE, sid), 0);
	chan = fake_channel_setup(app, sid, key, 1);
	assert_int_equal(fake_rule(app, key, key * 10, SD "*"), 0);
	return chan;
}

/* Index of the first event named `name` from `from`, or -1. */
static int find_event(const struct fake_event *ev, int n, int from,
		      const char *name)
{
	int i;

	for (i = from; i < n; i++)
		if (!strcmp(ev[i].cls->name, name))
			return i;
	return -1;
}

/* A whole state dump of the listener test application, in order. */
static void check_full_dump(const struct fake_event *ev, int n)
{
	char exe[4096];
	int i, bin, lib = 0, vdso = 0;

	assert_non_null(realpath(APP_PATH, exe));
	assert_true(n >= 5);
	assert_string_equal(ev[0].cls->name, SD "start");
	assert_string_equal(ev[1].cls->name, SD "procname");
	assert_string_equal(fake_value_of(&ev[1], "procname")->text,
			    "test-ust-listen");
	assert_string_equal(ev[n - 1].cls->name, SD "end");
	/* the executable first, PIE with a 20-byte GNU build id */
	bin = find_event(ev, n, 2, SD "bin_info");
	assert_int_equal(bin, 2);
	assert_string_equal(fake_value_of(&ev[bin], "path")->text, exe);
	assert_int_equal(fake_value_of(&ev[bin], "is_pic")->u, 1);
	assert_true(fake_value_of(&ev[bin], "memsz")->u > 0);
	assert_int_equal(fake_value_of(&ev[bin], "has_build_id")->u, 1);
	assert_string_equal(ev[bin + 1].cls->name, SD "build_id");
	assert_true(fake_value_of(&ev[bin + 1], "baddr")->u ==
		    fake_value_of(&ev[bin], "baddr")->u);
	assert_int_equal(fake_value_of(&ev[bin + 1], "build_id")->count, 20);
	for (i = 2; i < n - 1; i++) {
		const char *path;

		if (strcmp(ev[i].cls->name, SD "bin_info"))
			continue;
		path = fake_value_of(&ev[i], "path")->text;
		lib += strstr(path, "/liblttng-ust.so") != NULL;
		if (path[0] == '[') {
			vdso++;
			assert_int_equal(fake_value_of(&ev[i], "memsz")->u, 0);
		}
	}
	assert_int_equal(lib, 1);
	assert_int_equal(vdso, 1);
}

static void test_statedump_goes_to_the_started_session_only(void **state)
{
	const char *args[] = {"steps", NULL};
	struct fake_event *ev = calloc(MAX_DUMP, sizeof(*ev));
	struct rb_channel *chan1, *chan2;
	struct fake_app app;
	struct spawned s;
	int listen_fd, n;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan1 = statedump_session(&app, 1, 10);
	chan2 = statedump_session(&app, 2, 20);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	register_done(&app);
	step(&s); /* the dump came right after the start: it is done */
	n = fake_read_events(&app, 10, chan1, ev, MAX_DUMP);
	check_full_dump(ev, n);
	assert_int_equal(fake_read_events(&app, 20, chan2, ev, MAX_DUMP), 0);
	/* starting session 2 dumps into session 2, not into session 1 */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 2), 0);
	/* the listener dumps before it reads the next command */
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_ENABLE, 20), 0);
	n = fake_read_events(&app, 20, chan2, ev, MAX_DUMP);
	check_full_dump(ev, n);
	assert_int_equal(fake_read_events(&app, 10, chan1, ev, MAX_DUMP), 0);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	rb_channel_destroy(chan1);
	rb_channel_destroy(chan2);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

static void test_statedump_request_dumps_again_into_that_session(void **state)
{
	const char *args[] = {"steps", NULL};
	struct fake_event *ev = calloc(MAX_DUMP, sizeof(*ev));
	struct rb_channel *chan1, *chan2;
	struct fake_app app;
	struct spawned s;
	int listen_fd, n;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan1 = statedump_session(&app, 1, 10);
	chan2 = statedump_session(&app, 2, 20);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 2), 0);
	register_done(&app);
	step(&s);
	check_full_dump(ev, fake_read_events(&app, 10, chan1, ev, MAX_DUMP));
	check_full_dump(ev, fake_read_events(&app, 20, chan2, ev, MAX_DUMP));
	/* lttng regenerate statedump of session 2: a second dump there */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_STATEDUMP, 2),
			 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_ENABLE, 20), 0);
	n = fake_read_events(&app, 20, chan2, ev, MAX_DUMP);
	check_full_dump(ev, n);
	assert_int_equal(fake_read_events(&app, 10, chan1, ev, MAX_DUMP), 0);
	/* a session the app does not have is refused, nothing recorded */
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_STATEDUMP, 99),
			 -ENOENT);
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_ENABLE, 20), 0);
	assert_int_equal(fake_read_events(&app, 20, chan2, ev, MAX_DUMP), 0);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	rb_channel_destroy(chan1);
	rb_channel_destroy(chan2);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

static void test_statedump_parts_can_be_left_out(void **state)
{
	const char *args[] = {"steps", NULL};
	struct fake_event *ev = calloc(MAX_DUMP, sizeof(*ev));
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	int listen_fd;

	(void)state;
	setenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP", "1", 1);
	setenv("LTTNG_UST_WITHOUT_PROCNAME_STATEDUMP", "1", 1);
	listen_fd = fake_sessiond_listen(rundir);
	s = spawn_app(args);
	unsetenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP");
	unsetenv("LTTNG_UST_WITHOUT_PROCNAME_STATEDUMP");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = statedump_session(&app, 1, 10);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 1), 0);
	register_done(&app);
	step(&s);
	assert_int_equal(fake_read_events(&app, 10, chan, ev, MAX_DUMP), 2);
	assert_string_equal(ev[0].cls->name, SD "start");
	assert_string_equal(ev[1].cls->name, SD "end");
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

/* Index of the first `name` record after `from` about baddr, or -1. */
static int find_event_at(const struct fake_event *ev, int n, int from,
			 const char *name, uint64_t baddr)
{
	int i;

	for (i = from + 1; i < n; i++)
		if (!strcmp(ev[i].cls->name, name) &&
		    fake_value_of(&ev[i], "baddr")->u == baddr)
			return i;
	return -1;
}

/*
 * With liblttng-ust-dl.so preloaded: dlopen and dlclose records, and
 * the tracer's lttng_ust_lib:load / unload of the same module.
 */
static void test_liblttng_ust_dl_records_dlopen_and_dlclose(void **state)
{
	const char *args[] = {"dlopen", DL_MODULE_PATH, NULL};
	struct fake_event *ev = calloc(MAX_DUMP, sizeof(*ev));
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	char path[4096];
	int listen_fd, n, i, load, close_at;
	uint64_t baddr;

	(void)state;
	assert_non_null(realpath(DL_MODULE_PATH, path));
	listen_fd = fake_sessiond_listen(rundir);
	preload(UST_DL_PATH);
	s = spawn_app(args);
	unsetenv("LD_PRELOAD");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = helper_lib_session(&app, DL "*", "lttng_ust_lib:*");
	assert_int_equal(write(s.stdin_fd, "go\n", 3), 3);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	n = fake_read_events(&app, 10, chan, ev, MAX_DUMP);
	/* the module's records (the tracer's own dlopen calls show too) */
	for (i = 0; i < n; i++)
		if (!strcmp(ev[i].cls->name, DL "dlopen") &&
		    !strcmp(fake_value_of(&ev[i], "path")->text, path))
			break;
	assert_true(i + 2 < n);
	baddr = fake_value_of(&ev[i], "baddr")->u;
	assert_int_equal(fake_value_of(&ev[i], "flags")->u, RTLD_NOW);
	assert_true(fake_value_of(&ev[i], "memsz")->u > 0);
	assert_int_equal(fake_value_of(&ev[i], "has_build_id")->u, 1);
	assert_string_equal(ev[i + 1].cls->name, DL "build_id");
	assert_true(fake_value_of(&ev[i + 1], "baddr")->u == baddr);
	assert_int_equal(fake_value_of(&ev[i + 1], "build_id")->count, 20);
	/* then the tracer's view: the module loaded, later unloaded */
	load = find_event_at(ev, n, i, "lttng_ust_lib:load", baddr);
	assert_true(load > i);
	assert_string_equal(fake_value_of(&ev[load], "path")->text, path);
	assert_string_equal(ev[load + 1].cls->name, "lttng_ust_lib:build_id");
	close_at = find_event_at(ev, n, load, DL "dlclose", baddr);
	assert_true(close_at > load);
	assert_true(find_event_at(ev, n, close_at, "lttng_ust_lib:unload",
				  baddr) > close_at);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

/*
 * Function tracing with a liblttng-ust-cyg-profile library preloaded:
 * three entries (and exits) of work(), at the address the app prints.
 */
static void check_cyg_profile(const char *lib, const char *provider,
			      int exits_have_addr)
{
	const char *const no_args[] = {NULL};
	struct fake_event *ev = calloc(MAX_DUMP, sizeof(*ev));
	char pattern[64], entry[64], exit_name[64];
	int listen_fd, n, i, entries = 0, exits = 0;
	unsigned long long work = 0;
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;

	snprintf(pattern, sizeof(pattern), "%s:*", provider);
	snprintf(entry, sizeof(entry), "%s:func_entry", provider);
	snprintf(exit_name, sizeof(exit_name), "%s:func_exit", provider);
	listen_fd = fake_sessiond_listen(rundir);
	preload(lib);
	s = spawn_program(CYG_APP_PATH, no_args);
	unsetenv("LD_PRELOAD");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = helper_lib_session(&app, pattern, NULL);
	work = go_and_read_address(&s);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	n = fake_read_events(&app, 10, chan, ev, MAX_DUMP);
	for (i = 0; i < n; i++) {
		int is_entry = !strcmp(ev[i].cls->name, entry);

		if (is_entry && fake_value_of(&ev[i], "addr")->u == work)
			entries++;
		if (!strcmp(ev[i].cls->name, exit_name) &&
		    (!exits_have_addr ||
		     fake_value_of(&ev[i], "addr")->u == work))
			exits++;
	}
	assert_int_equal(entries, 3);
	if (exits_have_addr)
		assert_int_equal(exits, 3);
	else
		assert_true(exits >= 3);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

static void test_cyg_profile_records_function_entries_and_exits(void **state)
{
	(void)state;
	check_cyg_profile(UST_CYG_PATH, "lttng_ust_cyg_profile", 1);
	check_cyg_profile(UST_CYG_FAST_PATH, "lttng_ust_cyg_profile_fast", 0);
}

/*
 * With liblttng-ust-libc-wrapper.so preloaded, the application's
 * malloc(1234) and its free() are recorded with the pointer it printed.
 * Not under AddressSanitizer: its runtime replaces malloc itself and
 * must come first, so no malloc wrapper can be layered on it.
 */
static void test_libc_wrapper_records_malloc_and_free(void **state)
{
	const char *args[] = {"malloc", NULL};
	struct fake_event *ev = calloc(MAX_LIBC, sizeof(*ev));
	char asan[4096] = "";
	int listen_fd, n, i, mallocs = 0, frees = 0;
	unsigned long long ptr = 0;
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;

	(void)state;
	dl_iterate_phdr(find_asan_runtime, asan);
	if (asan[0]) {
		free(ev);
		skip();
	}
	listen_fd = fake_sessiond_listen(rundir);
	setenv("LD_PRELOAD", UST_LIBC_WRAPPER_PATH, 1);
	s = spawn_app(args);
	unsetenv("LD_PRELOAD");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = helper_lib_session(&app, "lttng_ust_libc:*", NULL);
	ptr = go_and_read_address(&s);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	n = fake_read_events(&app, 10, chan, ev, MAX_LIBC);
	assert_true(n <= MAX_LIBC);
	for (i = 0; i < n; i++) {
		if (!strcmp(ev[i].cls->name, "lttng_ust_libc:malloc") &&
		    fake_value_of(&ev[i], "ptr")->u == ptr) {
			assert_int_equal(fake_value_of(&ev[i], "size")->u,
					 1234);
			mallocs++;
		}
		if (!strcmp(ev[i].cls->name, "lttng_ust_libc:free") &&
		    fake_value_of(&ev[i], "ptr")->u == ptr && mallocs)
			frees++;
	}
	assert_int_equal(mallocs, 1);
	assert_true(frees >= 1);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

/*
 * With liblttng-ust-pthread-wrapper.so preloaded, the application's
 * lock, unlock, trylock, unlock of one mutex are recorded in order.
 */
static void test_pthread_wrapper_records_mutex_calls(void **state)
{
	static const char *const expected[] = {
		"pthread_mutex_lock_req", "pthread_mutex_lock_acq",
		"pthread_mutex_unlock", "pthread_mutex_trylock",
		"pthread_mutex_unlock"};
	const char *args[] = {"mutex", NULL};
	struct fake_event *ev = calloc(MAX_LIBC, sizeof(*ev));
	int listen_fd, n, i, seen = 0;
	unsigned long long mutex = 0;
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	preload(UST_PTHREAD_WRAPPER_PATH);
	s = spawn_app(args);
	unsetenv("LD_PRELOAD");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = helper_lib_session(&app, "lttng_ust_pthread:*", NULL);
	mutex = go_and_read_address(&s);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	n = fake_read_events(&app, 10, chan, ev, MAX_LIBC);
	assert_true(n <= MAX_LIBC);
	for (i = 0; i < n && seen < 5; i++) {
		const char *name = strchr(ev[i].cls->name, ':') + 1;

		if (fake_value_of(&ev[i], "mutex")->u != mutex)
			continue;
		assert_string_equal(name, expected[seen]);
		if (strcmp(name, "pthread_mutex_lock_req"))
			assert_int_equal(fake_value_of(&ev[i], "status")->u, 0);
		seen++;
	}
	assert_int_equal(seen, 5);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
	free(ev);
}

/*
 * With liblttng-ust-fd.so preloaded, an application closing every fd
 * (close() one by one, then closefrom() and close_range()) leaves the
 * tracer's alone:
 * their closes fail with EBADF, the daemon's sockets still carry
 * commands and the application still records.
 */
static void test_liblttng_ust_fd_keeps_the_tracer_fds(void **state)
{
	const char *args[] = {"closeall", NULL};
	struct fake_record recs[4];
	struct rb_channel *chan;
	struct fake_app app;
	struct spawned s;
	char out[32] = "";
	int listen_fd, refused = 0;

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	preload(UST_FD_PATH);
	s = spawn_app(args);
	unsetenv("LD_PRELOAD");
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	chan = setup_session(&app, 1, 10, 1);
	assert_int_equal(write(s.stdin_fd, "go\n", 3), 3);
	assert_true(read(s.stdout_fd, out, sizeof(out) - 1) > 0);
	assert_int_equal(sscanf(out, "%d", &refused), 1);
	/* the two sockets and the two streams' shm and wakeup fds */
	assert_true(refused >= 6);
	assert_int_equal(fake_command_id(&app, UST_CMD_CHANNEL_ENABLE, 10), 0);
	step(&s); /* records value(0) */
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	assert_int_equal(fake_read_records(
				 chan, (uint32_t)fake_event_id(&app, 10, VALUE),
				 UINT32_MAX, recs, 4),
			 1);
	assert_int_equal(recs[0].n, 0);
	rb_channel_destroy(chan);
	fake_app_close(&app);
	close(listen_fd);
}

/* The app closes the connection: our next read sees the end. */
static void assert_app_hung_up(struct fake_app *app)
{
	struct ust_message msg;

	assert_int_equal(ust_recv_reply(app->cmd_fd, &msg), -ECONNRESET);
}

static void test_hostile_messages_do_not_crash_the_app(void **state)
{
	const char *args[] = {"steps", NULL};
	struct ust_msg_header huge = {.command = UST_CMD_SESSION_CREATE,
				      .payload_len = UST_MAX_PAYLOAD + 1};
	struct fake_app app;
	struct spawned s;
	struct wire_buf buf;
	int listen_fd, pipe_fds[2];

	(void)state;
	listen_fd = fake_sessiond_listen(rundir);
	setenv("LTTNG_UST_REGISTER_TIMEOUT", "0", 1);
	s = spawn_app(args);
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	/* answered errors */
	assert_int_equal(fake_command(&app, 999, NULL, NULL, 0, NULL), -ENOSYS);
	wire_buf_init(&buf);
	wire_put_u32(&buf, 7); /* an id is 8 bytes */
	assert_int_equal(
		fake_command(&app, UST_CMD_SESSION_CREATE, &buf, NULL, 0, NULL),
		-EBADMSG);
	wire_buf_fini(&buf);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_START, 77),
			 -ENOENT);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_CREATE, 1), 0);
	assert_int_equal(fake_command_id(&app, UST_CMD_SESSION_CREATE, 1),
			 -EEXIST);
	/* stream fds that are no ring buffer: refused once all are in */
	{
		struct ust_channel_desc desc = {.session_id = 1,
						.channel_key = 5,
						.name = "bad",
						.nr_streams = 1};

		wire_buf_init(&buf);
		ust_put_channel_desc(&buf, &desc);
		assert_int_equal(fake_command(&app, UST_CMD_CHANNEL_CREATE,
					      &buf, NULL, 0, NULL),
				 0);
		wire_buf_fini(&buf);
		assert_int_equal(pipe(pipe_fds), 0);
		wire_buf_init(&buf);
		ust_put_stream_add(&buf, 5, 0);
		assert_true(fake_command(&app, UST_CMD_STREAM_ADD, &buf,
					 pipe_fds, 2, NULL) < 0);
		wire_buf_fini(&buf);
		close(pipe_fds[0]);
		close(pipe_fds[1]);
	}
	step(&s); /* still alive, still recording nothing */
	/* fds where none belong: the app hangs up */
	assert_int_equal(pipe(pipe_fds), 0);
	assert_int_equal(ust_send_request(app.cmd_fd, UST_CMD_CHANNEL_ENABLE,
					  NULL, pipe_fds, 2),
			 0);
	close(pipe_fds[0]);
	close(pipe_fds[1]);
	assert_app_hung_up(&app);
	fake_app_close(&app);
	/* it comes back (reconnection), then hangs up on a huge header */
	assert_int_equal(fake_accept_app(listen_fd, &app, 5000), 0);
	assert_int_equal(usock_send_all(app.cmd_fd, &huge, sizeof(huge)), 0);
	assert_app_hung_up(&app);
	fake_app_close(&app);
	step(&s);
	assert_int_equal(wait_app(&s, NULL, 0), 0);
	close(listen_fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_records_reach_the_ring_buffer, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_nothing_recorded_while_stopped_or_disabled, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_refused_event_id_never_records, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_no_daemon_no_delay_no_output, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_silent_daemon_is_waited_for_the_timeout, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_app_registers_with_a_daemon_started_later, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_register_timeout_minus_one_waits_for_the_daemon,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_blocking_only_with_lttng_ust_allow_blocking, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_debug_messages_only_with_lttng_ust_debug, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_fork_child_registers_as_a_new_app, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_fork_hooks_and_atfork_register_the_child_once,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_liblttng_ust_fork_wraps_fork_and_clone, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_tracepoint_and_field_lists,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_hostile_messages_do_not_crash_the_app, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_daemon_going_away_unmaps_its_buffers, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_statedump_goes_to_the_started_session_only, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_statedump_request_dumps_again_into_that_session,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_statedump_parts_can_be_left_out, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_liblttng_ust_dl_records_dlopen_and_dlclose, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_cyg_profile_records_function_entries_and_exits,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_libc_wrapper_records_malloc_and_free, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_pthread_wrapper_records_mutex_calls, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_liblttng_ust_fd_keeps_the_tracer_fds, setup,
			teardown),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
