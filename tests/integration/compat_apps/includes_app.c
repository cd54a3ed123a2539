/*
 * A program that relies on what LTTng-UST's <lttng/tracepoint.h> brings
 * in: the C library (stdio, stdlib, string, stdbool, unistd, sys/types,
 * dlfcn, assert), liburcu's compiler, system and atomic macros,
 * and LTTng's own helper macros. It includes nothing else.
 */
#include <lttng/tracepoint.h>

int main(void)
{
	char *buf = malloc(8);
	bool ok = buf != NULL;
	pid_t pid = getpid();
	int counter = 0;
	void *self = dlopen(NULL, RTLD_NOW);

	assert(ok);
	memset(buf, 'x', 8);
	uatomic_add(&counter, 2);
	cmm_barrier();
	if (caa_likely(ok) && CMM_LOAD_SHARED(counter) == 2 && self)
		fprintf(stderr, "%s %d %d %s\n",
			lttng_ust_stringify(LTTNG_UST_MAJOR_VERSION), pid > 0,
			(int)sizeof(ssize_t) == (int)sizeof(size_t),
			LTTNG_UST_LIB_SONAME);
	lttng_ust_static_assert(sizeof(int) >= 2, "int", int_size);
	free(buf);
	dlclose(self);
	return 0;
}
