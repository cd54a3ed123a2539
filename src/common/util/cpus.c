/*
 * Implementation of cpus.h.
 */
#include <unistd.h>

#include "util/cpus.h"

unsigned int possible_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 ? (unsigned int)n : 1;
}
