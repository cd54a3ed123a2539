/*
 * lttng-consumerd: one binary, one mode per run, chosen by the first
 * mode option as LTTng's consumer daemon does (--kconsumerd for the
 * kernel domain; the user space modes --ustconsumerd64/--ustconsumerd32
 * belong to the user space consumer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kconsumer.h"

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--kconsumerd"))
			return kernel_consumerd_main(argc, argv);
	}
	fprintf(stderr, "Error: lttng-consumerd: no consumer mode given "
			"(--kconsumerd)\n");
	return EXIT_FAILURE;
}
