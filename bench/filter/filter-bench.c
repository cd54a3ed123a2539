/*
 * Cost of evaluating a linked filter per event: two integer comparisons
 * (issue 6's target: at most 15 ns added per event), a string glob, and a
 * rejected event (short-circuit), next to an empty loop. Prints figures,
 * never pass/fail.
 *
 *   filter-bench [ITERATIONS [CASE]]
 *
 * With CASE, runs only that case once (for valgrind --tool=callgrind
 * --toggle-collect=filter_eval: instructions per evaluation = Ir / N).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/linker.h"

static const struct filter_field fields[] = {
	{"intfield", FILTER_FIELD_INTEGER},
	{"intfield2", FILTER_FIELD_INTEGER},
	{"name", FILTER_FIELD_STRING},
};

static const struct filter_event_layout layout = {fields, 3};

struct bench_case {
	const char *name, *expr;
	int64_t intfield; /* varied by +(i & 7) per event */
	const char *str;
};

static const struct bench_case cases[] = {
	{"two-int-compare", "intfield > 10 && intfield2 < 100", 11, "abcdef"},
	{"string-glob", "name == \"abc*\"", 0, "abcdef"},
	{"rejected", "intfield > 10 && intfield2 < 100", 0, "abcdef"},
	{"empty-loop", NULL, 0, NULL},
};

static volatile unsigned long sink;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static struct filter_program *link_case(const struct bench_case *c)
{
	struct filter_bytecode *bc;
	struct filter_program *prog;
	struct filter_error err;

	if (filter_compile(c->expr, &bc, &err)) {
		fprintf(stderr, "filter-bench: %s\n", err.message);
		exit(1);
	}
	if (filter_link(bc->data, bc->len, &layout, &prog, NULL, 0)) {
		fprintf(stderr, "filter-bench: cannot link '%s'\n", c->expr);
		exit(1);
	}
	free(bc);
	return prog;
}

/* Evaluates `n` events; returns the elapsed nanoseconds. */
static double run(const struct bench_case *c, struct filter_program *prog,
		  unsigned long n)
{
	struct filter_value values[3] = {0};
	unsigned long i, passed = 0;
	double start;

	values[1].u.s64 = 50;
	values[2].u.str.ptr = c->str;
	values[2].u.str.len = c->str ? strlen(c->str) : 0;
	start = now_ns();
	for (i = 0; i < n; i++) {
		values[0].u.s64 = c->intfield + (int64_t)(i & 7);
		if (prog)
			passed += filter_eval(prog, values, NULL, NULL);
		else
			passed += values[0].u.s64 > 0;
		__asm__ volatile("" : : "r"(values) : "memory");
	}
	sink = passed;
	return now_ns() - start;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000000;
	size_t i;
	int rep;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bench_case *c = &cases[i];
		struct filter_program *prog = c->expr ? link_case(c) : NULL;
		double best = 0;

		if (argc > 2 && strcmp(argv[2], c->name)) {
			filter_program_free(prog);
			continue;
		}
		for (rep = 0; rep < (argc > 2 ? 1 : 5); rep++) {
			double t = run(c, prog, n);

			if (!rep || t < best)
				best = t;
		}
		printf("%-16s %6.2f ns/event  (%lu events, best of %d)  %s\n",
		       c->name, best / n, n, argc > 2 ? 1 : 5,
		       c->expr ? c->expr : "(no filter)");
		filter_program_free(prog);
	}
	return 0;
}
