/*
 * filter-app [N]: an instrumented program for the integration tests;
 * emits the N (default 48) generated filt:ev events of filter-emit.c.
 */
#include <stdlib.h>

#include "filter-app.h"

int main(int argc, char **argv)
{
	filter_app_emit(argc > 1 ? atoi(argv[1]) : 48);
	return 0;
}
