/*
 * The function tracing test application, built with
 * -finstrument-functions and run with a liblttng-ust-cyg-profile
 * library preloaded: after a line on stdin it calls work() three times
 * and prints work's address.
 */
#include <stdio.h>

__attribute__((noinline)) static int work(int x)
{
	return x * 2 + 1;
}

int main(void)
{
	char line[16];
	int i, sum = 0;

	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (i = 0; i < 3; i++)
		sum += work(i);
	printf("%p %d\n", (void *)work, sum);
	return 0;
}
