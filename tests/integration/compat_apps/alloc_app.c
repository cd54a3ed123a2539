/*
 * Known allocations, for liblttng-ust-libc-wrapper (preloaded): one of
 * each function, with sizes that tell them apart in the trace. The
 * pointers escape through a volatile sink, so the compiler keeps every
 * call.
 */
#include <stdlib.h>

void *volatile sink;

int main(void)
{
	void *m = malloc(1001);
	void *c = calloc(3, 1002);
	void *r;
	void *a = NULL;

	sink = m;
	sink = c;
	r = realloc(m, 1003);
	sink = r;
	if (posix_memalign(&a, 64, 1004))
		return 1;
	sink = a;
	free(c);
	free(r);
	free(a);
	return 0;
}
