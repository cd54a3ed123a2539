/*
 * Context fields in liblttng-ust: every fixed context of a channel is
 * written after the event header with the value the process really has
 * (checked against getpid(), gettid(), /proc, getresuid(), the
 * namespace inodes), per thread where it is per thread; perf counters
 * increase monotonically; application context providers give tagged
 * values; filters read the same values.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include <lttng/ust-context-provider.h>

#include "filter-tp.h"

#include "channel.h"
#include "ctx-capture.h"
#include "event-rule.h"
#include "ust-context/context-desc.h"

static struct ctx_capture cap;

static int setup(void **state)
{
	(void)state;
	ctx_capture_open(&cap);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	ctx_capture_close(&cap);
	return 0;
}

static void add(uint32_t type)
{
	struct ust_context_desc desc = {.type = type};

	assert_int_equal(ust_channel_add_context(cap.chan, &desc), 0);
}

static void fire_empty(void)
{
	lttng_ust_tracepoint(ust_tests_filter, empty);
}

static uint64_t ns_inode(const char *name)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	if (stat(path, &st))
		return 0;
	return st.st_ino;
}

static void comm(char out[17])
{
	FILE *f = fopen("/proc/self/comm", "r");

	memset(out, 0, 17);
	assert_non_null(f);
	assert_non_null(fgets(out, 17, f));
	fclose(f);
	out[strcspn(out, "\n")] = '\0';
}

/* Reads the next `size` bytes of a record as an unsigned integer. */
static uint64_t take(const unsigned char **p, size_t size)
{
	uint64_t v = 0;

	memcpy(&v, *p, size); /* little endian */
	*p += size;
	return v;
}

static void test_fixed_contexts_hold_the_process_values(void **state)
{
	static const struct {
		uint32_t type;
		const char *ns;
	} nss[] = {
		{UST_CONTEXT_CGROUP_NS, "cgroup"},
		{UST_CONTEXT_IPC_NS, "ipc"},
		{UST_CONTEXT_MNT_NS, "mnt"},
		{UST_CONTEXT_NET_NS, "net"},
		{UST_CONTEXT_PID_NS, "pid"},
		{UST_CONTEXT_TIME_NS, "time"},
		{UST_CONTEXT_USER_NS, "user"},
		{UST_CONTEXT_UTS_NS, "uts"},
	};
	uid_t r, e, s;
	gid_t gr, ge, gs;
	char name[17];
	const unsigned char *p;
	size_t i;

	(void)state;
	add(UST_CONTEXT_VPID);
	add(UST_CONTEXT_VTID);
	add(UST_CONTEXT_PROCNAME);
	add(UST_CONTEXT_PTHREAD_ID);
	add(UST_CONTEXT_IP);
	add(UST_CONTEXT_CPU_ID);
	add(UST_CONTEXT_VUID);
	add(UST_CONTEXT_VEUID);
	add(UST_CONTEXT_VSUID);
	add(UST_CONTEXT_VGID);
	add(UST_CONTEXT_VEGID);
	add(UST_CONTEXT_VSGID);
	for (i = 0; i < 8; i++)
		add(nss[i].type);
	ctx_capture_rule(&cap, "ust_tests_filter:empty", NULL);
	fire_empty();
	assert_int_equal(cap.nr, 1);
	assert_int_equal(cap.records[0].ctx_len,
			 4 + 4 + 17 + 8 + 8 + 4 + 6 * 4 + 8 * 8);
	p = cap.records[0].bytes;
	assert_int_equal(take(&p, 4), (uint32_t)getpid());
	assert_int_equal(take(&p, 4), (uint32_t)syscall(SYS_gettid));
	comm(name);
	assert_memory_equal(p, name, 17);
	p += 17;
	assert_int_equal(take(&p, 8), (uint64_t)pthread_self());
	assert_int_not_equal(take(&p, 8), 0); /* the call site */
	assert_in_range(take(&p, 4), 0, sysconf(_SC_NPROCESSORS_CONF) - 1);
	assert_int_equal(getresuid(&r, &e, &s), 0);
	assert_int_equal(getresgid(&gr, &ge, &gs), 0);
	assert_int_equal(take(&p, 4), r);
	assert_int_equal(take(&p, 4), e);
	assert_int_equal(take(&p, 4), s);
	assert_int_equal(take(&p, 4), gr);
	assert_int_equal(take(&p, 4), ge);
	assert_int_equal(take(&p, 4), gs);
	for (i = 0; i < 8; i++) {
		uint64_t want = ns_inode(nss[i].ns);

		if (take(&p, 8) != want)
			fail_msg("%s_ns differs from /proc/self/ns", nss[i].ns);
	}
}

static void *other_thread(void *arg)
{
	long *tid = arg;

	pthread_setname_np(pthread_self(), "ctx-worker");
	*tid = syscall(SYS_gettid);
	fire_empty();
	return NULL;
}

static void test_thread_contexts_are_per_thread(void **state)
{
	pthread_t thread;
	long tid = 0;
	const unsigned char *p;

	(void)state;
	add(UST_CONTEXT_VTID);
	add(UST_CONTEXT_PROCNAME);
	ctx_capture_rule(&cap, "ust_tests_filter:empty", NULL);
	fire_empty();
	assert_int_equal(pthread_create(&thread, NULL, other_thread, &tid), 0);
	pthread_join(thread, NULL);
	fire_empty();
	assert_int_equal(cap.nr, 3);
	p = cap.records[1].bytes;
	assert_int_equal(take(&p, 4), (uint32_t)tid);
	assert_string_equal((const char *)p, "ctx-worker");
	p = cap.records[2].bytes;
	assert_int_equal(take(&p, 4), (uint32_t)syscall(SYS_gettid));
	assert_string_equal((const char *)p, "test-ust-contex");
}

static void add_perf(uint32_t type, uint64_t config, const char *name)
{
	struct ust_context_desc desc = {
		.type = UST_CONTEXT_PERF_THREAD_COUNTER,
		.perf_type = type,
		.perf_config = config,
	};

	strcpy(desc.name, name);
	assert_int_equal(ust_channel_add_context(cap.chan, &desc), 0);
}

static void test_perf_counters_increase_monotonically(void **state)
{
	uint64_t prev_faults = 0, prev_clock = 0;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	char *mem;

	(void)state;
	add_perf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
		 "perf_thread_page_fault");
	add_perf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
		 "perf_thread_task_clock");
	ctx_capture_rule(&cap, "ust_tests_filter:empty", NULL);
	mem = mmap(NULL, 32 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(mem != MAP_FAILED);
	for (i = 0; i < 32; i++) {
		mem[i * page] = 1; /* one more page fault */
		fire_empty();
	}
	munmap(mem, 32 * page);
	assert_int_equal(cap.nr, 32);
	for (i = 0; i < cap.nr; i++) {
		const unsigned char *p = cap.records[i].bytes;
		uint64_t faults = take(&p, 8), clock = take(&p, 8);

		assert_true(faults >= prev_faults);
		assert_true(clock >= prev_clock);
		prev_faults = faults;
		prev_clock = clock;
	}
	/* 32 new pages touched, the clock ran. */
	{
		const unsigned char *p = cap.records[0].bytes;
		uint64_t first_faults = take(&p, 8), first_clock = take(&p, 8);

		assert_true(prev_faults >= first_faults + 31);
		assert_true(prev_clock > first_clock);
	}
}

static void test_filters_read_perf_counters_of_the_channel(void **state)
{
	(void)state;
	add_perf(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
		 "perf_thread_task_clock");
	ctx_capture_rule(&cap, "ust_tests_filter:empty",
			 "$ctx.perf:thread:task-clock > 0");
	ctx_capture_rule(&cap, "ust_tests_filter:values",
			 "$ctx.perf:thread:page-fault >= 0");
	fire_empty();
	lttng_ust_tracepoint(ust_tests_filter, values, 1, 2, 3.0, "abc", NULL,
			     0);
	/* The channel counts task-clock, not page faults. */
	assert_int_equal(cap.nr, 1);
	assert_string_equal(cap.records[0].name, "ust_tests_filter:empty");
}

static void get_value(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		      struct lttng_ust_ctx_value *value)
{
	(void)priv;
	if (!strcmp(probe_ctx->ctx_name, "num")) {
		value->sel = LTTNG_UST_DYNAMIC_TYPE_S64;
		value->u.s64 = 42;
	} else if (!strcmp(probe_ctx->ctx_name, "name")) {
		value->sel = LTTNG_UST_DYNAMIC_TYPE_STRING;
		value->u.str = "alice";
	} else {
		value->sel = LTTNG_UST_DYNAMIC_TYPE_NONE;
	}
}

static void add_app(const char *provider, const char *name)
{
	struct ust_context_desc desc = {.type = UST_CONTEXT_APP_CONTEXT};

	strcpy(desc.provider, provider);
	strcpy(desc.name, name);
	assert_int_equal(ust_channel_add_context(cap.chan, &desc), 0);
}

static void test_app_contexts_record_tagged_values(void **state)
{
	struct lttng_ust_context_provider provider = {
		sizeof(provider), "$app.test", NULL, NULL, get_value, NULL};
	struct lttng_ust_registered_context_provider *reg;
	const unsigned char *p;

	(void)state;
	add_app("test", "num");
	add_app("test", "name");
	add_app("test", "other");
	add_app("absent", "x");
	ctx_capture_rule(&cap, "ust_tests_filter:empty",
			 "$app.test:num == 42 && $app.test:name == \"ali*\"");
	fire_empty(); /* no provider yet: the filter is false */
	assert_int_equal(cap.nr, 0);
	reg = lttng_ust_context_provider_register(&provider);
	assert_non_null(reg);
	assert_null(lttng_ust_context_provider_register(&provider));
	fire_empty();
	lttng_ust_context_provider_unregister(reg);
	assert_int_equal(cap.nr, 1);
	assert_int_equal(cap.records[0].ctx_len, 1 + 8 + 1 + 6 + 1 + 1);
	p = cap.records[0].bytes;
	assert_int_equal(take(&p, 1), UST_CTX_DYN_S64);
	assert_int_equal(take(&p, 8), 42);
	assert_int_equal(take(&p, 1), UST_CTX_DYN_STRING);
	assert_string_equal((const char *)p, "alice");
	p += 6;
	assert_int_equal(take(&p, 1), UST_CTX_DYN_NONE);
	assert_int_equal(take(&p, 1), UST_CTX_DYN_NONE);
}

static void test_context_set_is_fixed_once_rules_exist(void **state)
{
	struct ust_context_desc vpid = {.type = UST_CONTEXT_VPID};
	struct ust_context_desc bad = {.type = 999};

	(void)state;
	assert_int_equal(ust_channel_add_context(cap.chan, &vpid), 0);
	assert_int_equal(ust_channel_add_context(cap.chan, &vpid), -EEXIST);
	assert_int_equal(ust_channel_add_context(cap.chan, &bad), -EINVAL);
	ctx_capture_rule(&cap, "ust_tests_filter:empty", NULL);
	vpid.type = UST_CONTEXT_VTID;
	assert_int_equal(ust_channel_add_context(cap.chan, &vpid), -EBUSY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_fixed_contexts_hold_the_process_values, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_thread_contexts_are_per_thread, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_perf_counters_increase_monotonically, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_filters_read_perf_counters_of_the_channel, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_app_contexts_record_tagged_values, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_context_set_is_fixed_once_rules_exist, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
