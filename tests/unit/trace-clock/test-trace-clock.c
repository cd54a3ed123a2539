/*
 * Unit tests of the trace clock (src/common/trace-clock): the source
 * choice, UUID parsing, the monotonic and TSC descriptions checked
 * against CLOCK_REALTIME, the TSC -> CLOCK_MONOTONIC converter, and a
 * plugin's clock.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "ctf/clock-block.h"
#include "trace-clock/calibration.h"

static int64_t now_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The Epoch time in ns a clock value stands for, per the description. */
static int64_t epoch_ns(const struct trace_clock_desc *d, uint64_t value)
{
	__int128 cycles = (__int128)d->offset + value;

	return (int64_t)((__int128)d->offset_s * 1000000000 +
			 cycles * 1000000000 / (__int128)d->freq);
}

static int64_t distance(int64_t a, int64_t b)
{
	return a > b ? a - b : b - a;
}

static void test_uuid_parse(void **state)
{
	uint8_t uuid[TRACE_CLOCK_UUID_LEN];

	(void)state;
	assert_int_equal(trace_clock_uuid_parse(
				 "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", uuid),
			 0);
	assert_int_equal(uuid[0], 0x0f);
	assert_int_equal(uuid[15], 0xf0);
	assert_int_not_equal(trace_clock_uuid_parse("not-a-uuid", uuid), 0);
}

static void test_choice(void **state)
{
	bool fell_back;

	(void)state;
	assert_int_equal(trace_clock_choose("monotonic", &fell_back),
			 TRACE_CLOCK_MONOTONIC);
	assert_false(fell_back);
	assert_int_equal(trace_clock_choose("sundial", &fell_back),
			 TRACE_CLOCK_MONOTONIC);
	assert_true(fell_back);
	/*
	 * the default follows NTP: the converted TSC where the TSC is
	 * usable, else CLOCK_MONOTONIC, and neither is a fallback
	 */
	assert_int_equal(trace_clock_choose(NULL, &fell_back),
			 trace_clock_tsc_usable() ? TRACE_CLOCK_TSC_NS
						  : TRACE_CLOCK_MONOTONIC);
	assert_false(fell_back);
	assert_int_equal(trace_clock_choose("auto", &fell_back),
			 trace_clock_tsc_usable() ? TRACE_CLOCK_TSC_NS
						  : TRACE_CLOCK_MONOTONIC);
	assert_false(fell_back);
	assert_int_equal(trace_clock_choose("tsc-ns", &fell_back),
			 trace_clock_tsc_usable() ? TRACE_CLOCK_TSC_NS
						  : TRACE_CLOCK_MONOTONIC);
	assert_int_equal(fell_back, !trace_clock_tsc_usable());
	assert_int_equal(trace_clock_choose("tsc", &fell_back),
			 trace_clock_tsc_usable() ? TRACE_CLOCK_TSC
						  : TRACE_CLOCK_MONOTONIC);
	assert_int_equal(fell_back, !trace_clock_tsc_usable());
}

/* Writes text into dir/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(remove(path), 0);
}

/*
 * Every way the kernel can say it stopped trusting the TSC, in a fake
 * cpuinfo and clocksource directory: only an invariant TSC that the
 * kernel lists and uses is usable.
 */
static void test_tsc_usability(void **state)
{
	char dir[] = "/tmp/test-trace-clock.XXXXXX";
	char cpuinfo[4096];
	static const struct {
		const char *flags, *available, *current;
		bool usable;
	} cases[] = {
		{"fpu tsc constant_tsc nonstop_tsc x", "tsc kvm-clock", "tsc",
		 true},
		{"fpu tsc constant_tsc nonstop_tsc", "kvm-clock tsc", "tsc",
		 true},
		/* the watchdog marked it unstable: another clocksource */
		{"fpu tsc constant_tsc nonstop_tsc x", "tsc kvm-clock",
		 "kvm-clock", false},
		/* unstable and gone from the list */
		{"fpu tsc constant_tsc nonstop_tsc x", "hpet acpi_pm", "hpet",
		 false},
		/* a word that only contains "tsc" is not it */
		{"fpu constant_tsc nonstop_tsc x", "tsc-early hpet",
		 "tsc-early", false},
		{"fpu tsc nonstop_tsc x", "tsc", "tsc", false},
		{"fpu tsc constant_tsc x", "tsc", "tsc", false},
	};
	size_t i;

	(void)state;
	if (!TRACE_CLOCK_HAVE_TSC)
		skip();
	assert_non_null(mkdtemp(dir));
	snprintf(cpuinfo, sizeof(cpuinfo), "%s/cpuinfo", dir);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char flags[256];

		snprintf(flags, sizeof(flags),
			 "processor\t: 0\nflags\t\t: %s\n", cases[i].flags);
		put_file(dir, "cpuinfo", flags);
		put_file(dir, "available_clocksource", cases[i].available);
		put_file(dir, "current_clocksource", cases[i].current);
		if (cases[i].usable)
			assert_null(
				trace_clock_tsc_unusable_reason(cpuinfo, dir));
		else
			assert_non_null(
				trace_clock_tsc_unusable_reason(cpuinfo, dir));
	}
	/* no clocksource files: not trusted */
	remove_file(dir, "current_clocksource");
	assert_non_null(trace_clock_tsc_unusable_reason(cpuinfo, dir));
	remove_file(dir, "available_clocksource");
	remove_file(dir, "cpuinfo");
	assert_int_equal(rmdir(dir), 0);
}

/*
 * A TSC that keeps counting at its calibrated rate is consistent; one
 * whose description says another rate (as after a migration to a host
 * with another TSC frequency), or that is behind its calibration (reset
 * by a suspend), is not.
 */
static void test_tsc_inconsistency(void **state)
{
	struct trace_clock_desc d, other;
	struct timespec pause = {0, 50000000};

	(void)state;
	if (!trace_clock_tsc_usable())
		skip();
	trace_clock_calibration_start();
	trace_clock_describe(TRACE_CLOCK_TSC, &d);
	nanosleep(&pause, NULL);
	assert_null(trace_clock_tsc_inconsistency(&d));
	/* 10 % off: the 70 ms since the calibration are 7 ms off */
	other = d;
	other.freq = d.freq + d.freq / 10;
	assert_non_null(trace_clock_tsc_inconsistency(&other));
	other.freq = d.freq - d.freq / 10;
	assert_non_null(trace_clock_tsc_inconsistency(&other));
	/* the monotonic clock is never inconsistent */
	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &other);
	assert_null(trace_clock_tsc_inconsistency(&other));
}

static void test_monotonic_description(void **state)
{
	struct trace_clock_desc d;
	struct ctf_clock_desc ctf;

	(void)state;
	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &d);
	assert_string_equal(d.name, "monotonic");
	assert_string_equal(d.description, "Monotonic Clock");
	assert_true(d.has_uuid);
	assert_int_equal(d.freq, 1000000000);
	assert_int_equal(d.offset_s, 0);
	assert_true(distance(epoch_ns(&d, trace_clock_monotonic()),
			     now_ns(CLOCK_REALTIME)) < 1000000);
	ctf_clock_block_from_trace_clock(&d, &ctf);
	assert_string_equal(ctf.name, "monotonic");
	assert_int_equal(ctf.freq, 1000000000);
}

static void test_tsc_description(void **state)
{
	struct trace_clock_desc d;
	struct trace_clock_converter conv;

	(void)state;
	if (!trace_clock_tsc_usable())
		skip();
	trace_clock_calibration_start();
	trace_clock_describe(TRACE_CLOCK_TSC, &d);
	assert_int_equal(d.source, TRACE_CLOCK_TSC);
	assert_true(d.freq > 100000000); /* above 100 MHz */
	assert_true(d.offset >= 0 && (uint64_t)d.offset < d.freq);
	/* the TSC now, read through the description, is the wall clock */
	assert_true(distance(epoch_ns(&d, trace_clock_tsc()),
			     now_ns(CLOCK_REALTIME)) < 1000000);
	trace_clock_converter_init(&conv, TRACE_CLOCK_TSC, d.freq);
	assert_true(distance((int64_t)trace_clock_to_monotonic_ns(
				     &conv, trace_clock_tsc()),
			     now_ns(CLOCK_MONOTONIC)) < 100000);
}

static uint64_t fake_read64(void)
{
	return 42;
}

static uint64_t fake_freq(void)
{
	return 1000;
}

static int fake_uuid(char *uuid)
{
	strcpy(uuid, "83c63deb-7aa4-48fb-abda-946f400d76e6");
	return 0;
}

static const char *fake_name(void)
{
	return "frozen";
}

static const char *fake_description(void)
{
	return "A clock that never moves";
}

static void test_plugin_clock(void **state)
{
	static const struct trace_clock_plugin plugin = {
		fake_read64, fake_freq, fake_uuid, fake_name, fake_description};
	struct trace_clock_desc d;

	(void)state;
	trace_clock_describe(TRACE_CLOCK_PLUGIN, &d); /* none: monotonic */
	assert_int_equal(d.source, TRACE_CLOCK_MONOTONIC);
	trace_clock_plugin_set(&plugin);
	assert_int_equal(trace_clock_read(TRACE_CLOCK_PLUGIN), 42);
	assert_int_equal(trace_clock_reader(TRACE_CLOCK_PLUGIN)(), 42);
	trace_clock_describe(TRACE_CLOCK_PLUGIN, &d);
	assert_int_equal(d.source, TRACE_CLOCK_PLUGIN);
	assert_string_equal(d.name, "frozen");
	assert_string_equal(d.description, "A clock that never moves");
	assert_true(d.has_uuid);
	assert_int_equal(d.uuid[0], 0x83);
	assert_int_equal(d.freq, 1000);
	/* value 42 stands for now */
	assert_true(distance(epoch_ns(&d, 42), now_ns(CLOCK_REALTIME)) <
		    10000000);
	trace_clock_plugin_set(NULL);
}

/* A description whose offset went wrong (the wall clock was stepped). */
static void expect_resample_fixes(struct trace_clock_desc *d, uint64_t value)
{
	uint64_t freq = d->freq;

	d->offset_s -= 3600;
	trace_clock_resample_offset(d);
	assert_int_equal(d->freq, freq);
	assert_true(distance(epoch_ns(d, value), now_ns(CLOCK_REALTIME)) <
		    10000000);
}

static void test_resampled_offset_follows_the_wall_clock(void **state)
{
	static const struct trace_clock_plugin plugin = {
		fake_read64, fake_freq, fake_uuid, fake_name, fake_description};
	struct trace_clock_desc d;

	(void)state;
	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &d);
	expect_resample_fixes(&d, trace_clock_monotonic());
	assert_string_equal(d.name, "monotonic");
	if (trace_clock_tsc_usable()) {
		trace_clock_calibration_start();
		trace_clock_describe(TRACE_CLOCK_TSC, &d);
		expect_resample_fixes(&d, trace_clock_tsc());
		assert_int_equal(d.source, TRACE_CLOCK_TSC);
	}
	trace_clock_plugin_set(&plugin);
	trace_clock_describe(TRACE_CLOCK_PLUGIN, &d);
	expect_resample_fixes(&d, 42);
	assert_string_equal(d.name, "frozen");
	trace_clock_plugin_set(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uuid_parse),
		cmocka_unit_test(test_choice),
		cmocka_unit_test(test_tsc_usability),
		cmocka_unit_test(test_tsc_inconsistency),
		cmocka_unit_test(test_monotonic_description),
		cmocka_unit_test(test_tsc_description),
		cmocka_unit_test(test_plugin_clock),
		cmocka_unit_test(test_resampled_offset_follows_the_wall_clock),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
