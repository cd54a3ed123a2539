/*
 * Emits compat_net:values for each value given on the command line:
 * the integers in network order (htonl & co.), the arrays and the
 * sequence in host order, as a program that misuses them would.
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include <arpa/inet.h>
#include <endian.h>
#include <stdlib.h>

#include "net_tp.h"

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		uint64_t v = strtoull(argv[i], NULL, 0);
		uint64_t a64[3] = {v, v + 1, v + 2};
		uint16_t a16[2] = {(uint16_t)v, (uint16_t)(v + 1)};
		uint32_t s32[2] = {(uint32_t)v, (uint32_t)(v * 3)};

		lttng_ust_tracepoint(compat_net, values, htonl((uint32_t)v),
				     htons((uint16_t)v), htobe64(v), a64, a16,
				     s32, (unsigned int)(v % 3));
	}
	return 0;
}
