/*
 * Implementation of stop-request.h.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "stop-request.h"

static int stop_fd = -1;

int stop_request_init(void)
{
	sigset_t set;

	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		return -1;
	stop_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return stop_fd < 0 ? -1 : 0;
}

int stop_request_fd(void)
{
	return stop_fd;
}

bool stop_request_pending(void)
{
	struct pollfd pfd = {.fd = stop_fd, .events = POLLIN};

	return stop_fd >= 0 && poll(&pfd, 1, 0) == 1;
}

void stop_request_acknowledge(void)
{
	struct signalfd_siginfo info;

	while (read(stop_fd, &info, sizeof(info)) == sizeof(info))
		;
}

void stop_request_fini(void)
{
	if (stop_fd >= 0)
		close(stop_fd);
	stop_fd = -1;
}
