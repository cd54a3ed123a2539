/* Prints lttng_ust_strerror() of each code given on the command line. */
#include <stdio.h>
#include <stdlib.h>

#include <lttng/ust-error.h>

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *text = lttng_ust_strerror(atoi(argv[i]));

		printf("%s\n", text ? text : "NULL");
	}
	return 0;
}
