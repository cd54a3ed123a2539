/*
 * The getcpu override changed by the application itself, at run time
 * (<lttng/ust-getcpu.h>): pinned to CPU 0, it records compat_abi:first
 * with a = 0 on the kernel's CPU numbers, a = 1 after overriding them
 * with the CPU of argv[1], a = 2 after going back to the kernel's with
 * NULL (argv[2] events each).
 */
#define _GNU_SOURCE
#define LTTNG_UST_TRACEPOINT_DEFINE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include <lttng/ust-getcpu.h>

#include "abi_tp.h"

static int override_cpu;

static int getcpu_override(void)
{
	return override_cpu;
}

static void record(int phase, int count)
{
	for (int i = 0; i < count; i++)
		lttng_ust_tracepoint(compat_abi, first, phase, "getcpu");
}

int main(int argc, char **argv)
{
	int count = argc > 2 ? atoi(argv[2]) : 10;
	cpu_set_t cpu0;

	override_cpu = argc > 1 ? atoi(argv[1]) : 0;
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	record(0, count);
	if (lttng_ust_getcpu_override(getcpu_override))
		return 1;
	record(1, count);
	if (lttng_ust_getcpu_override(NULL))
		return 1;
	record(2, count);
	return 0;
}
