/*
 * ust-test-app: an instrumented process driven line by line on stdin by
 * the integration tests, so a test decides when it records and when it
 * dies. Each command is answered with "ok" on stdout once done:
 *
 *   emit N    records N testapp:values events (seq continues across
 *             commands: 0, 1, 2, ...) then one testapp:tick
 *   kill      SIGKILL itself (a process killed mid-run)
 *   quit      exits normally
 *
 * It prints "ready" first. End of input is "quit".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testapp-tp.h"

static uint64_t next_seq;

static void emit(unsigned long count)
{
	char name[32];
	uint16_t items[4];

	for (unsigned long i = 0; i < count; i++, next_seq++) {
		int32_t triple[3] = {(int32_t)next_seq, -1, 7};
		unsigned int nr = (unsigned int)(next_seq % 4);

		for (unsigned int j = 0; j < nr; j++)
			items[j] = (uint16_t)(next_seq + j);
		snprintf(name, sizeof(name), "event-%llu",
			 (unsigned long long)next_seq);
		lttng_ust_tracepoint(testapp, values, next_seq, name, triple,
				     items, nr);
	}
	lttng_ust_tracepoint(testapp, tick);
}

int main(void)
{
	char line[128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	puts("ready");
	while (fgets(line, sizeof(line), stdin)) {
		if (!strncmp(line, "emit ", 5))
			emit(strtoul(line + 5, NULL, 10));
		else if (!strncmp(line, "kill", 4))
			raise(SIGKILL);
		else if (!strncmp(line, "quit", 4))
			break;
		puts("ok");
	}
	return 0;
}
