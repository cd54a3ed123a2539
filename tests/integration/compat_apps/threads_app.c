/*
 * Prints the name of each of its threads (from /proc/self/task), one a
 * line, once liblttng-ust's constructor has returned, then emits
 * compat_threads:hello once from main.
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "threads_tp.h"

int main(void)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;

	if (!dir)
		return 1;
	while ((e = readdir(dir))) {
		char path[300], name[32] = "";
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(name, sizeof(name), f))
			fputs(name, stdout);
		fclose(f);
	}
	closedir(dir);
	lttng_ust_tracepoint(compat_threads, hello, 1);
	return 0;
}
