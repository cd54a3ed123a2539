/*
 * Loads and unloads compat_dup providers as told by its arguments, and
 * emits compat_dup:ev between the steps:
 *   load:PATH    dlopen(PATH)
 *   unload:N     dlclose the N-th loaded library (from 0)
 *   emit:V       lttng_ust_tracepoint(compat_dup, ev, V)
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dup_tp.h"

int main(int argc, char **argv)
{
	void *libs[16];
	int nlibs = 0, i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!strncmp(arg, "load:", 5) && nlibs < 16) {
			libs[nlibs] = dlopen(arg + 5, RTLD_NOW);
			if (!libs[nlibs]) {
				fprintf(stderr, "%s\n", dlerror());
				return 1;
			}
			nlibs++;
		} else if (!strncmp(arg, "unload:", 7)) {
			dlclose(libs[atoi(arg + 7)]);
		} else if (!strncmp(arg, "emit:", 5)) {
			lttng_ust_tracepoint(compat_dup, ev, atoi(arg + 5));
		} else {
			fprintf(stderr, "bad step %s\n", arg);
			return 1;
		}
	}
	return 0;
}
