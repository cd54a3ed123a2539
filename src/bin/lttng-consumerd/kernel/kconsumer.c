/*
 * The kernel consumer daemon's loop: poll on the session daemon's socket
 * and on every CPU buffer, a periodic drain (the channels' read timer)
 * and switch timer, one request served at a time
 * (kconsumer-commands.c). SIGTERM/SIGINT, or the session daemon going
 * away, write everything out and end it.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "kconsumer-commands.h"
#include "kconsumer-trace.h"
#include "kconsumer.h"
#include "health/health.h"
#include "util/log.h"

#define MAX_POLL_FDS 1024

static volatile sig_atomic_t quit_requested;

static void on_signal(int sig)
{
	(void)sig;
	quit_requested = 1;
}

static uint64_t monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The shortest read or switch timer of the channels, in ms (at least 1). */
static int poll_timeout_ms(const struct kconsumer *kc)
{
	unsigned long shortest = KCONSUMER_DEFAULT_READ_TIMER_US;
	unsigned int i;

	for (i = 0; i < kc->nr_channels; i++) {
		if (kc->channels[i].read_timer_us &&
		    kc->channels[i].read_timer_us < shortest)
			shortest = kc->channels[i].read_timer_us;
		if (kc->channels[i].switch_timer_us &&
		    kc->channels[i].switch_timer_us < shortest)
			shortest = kc->channels[i].switch_timer_us;
	}
	return shortest / 1000 ? (int)(shortest / 1000) : 1;
}

/*
 * The descriptors to wait on: the session daemon's socket first, then
 * every CPU buffer (readable once it is buffer_percent full, so a burst
 * is read before the read timer fires). Returns how many were set.
 */
static nfds_t poll_set(const struct kconsumer *kc, int sessiond_fd,
		       struct pollfd *fds, nfds_t max)
{
	unsigned int i, cpu;
	nfds_t n = 0;

	fds[n++] = (struct pollfd){.fd = sessiond_fd, .events = POLLIN};
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus && n < max; cpu++)
			fds[n++] = (struct pollfd){
				.fd = kc->channels[i].cpus[cpu].fd,
				.events = POLLIN};
	}
	return n;
}

/* The read timer: what the buffers hold, and the switch timer's packets. */
static void drain(struct kconsumer *kc)
{
	struct ctf_error err = {{0}};

	if (kconsumer_drain_all(kc, &err))
		ERR("kernel consumer: %s", err.message);
	kconsumer_switch_packets(kc);
}

/* Serves the session daemon until told to stop; the exit status. */
static int run(struct kconsumer *kc, int sessiond_fd)
{
	static struct pollfd fds[MAX_POLL_FDS];
	struct ctf_error err = {{0}};
	uint64_t last_drain = monotonic_ms();
	nfds_t nfds = poll_set(kc, sessiond_fd, fds, MAX_POLL_FDS);
	bool stop = false;
	int ret, status = EXIT_SUCCESS;

	health_register(HEALTH_CONSUMERD_DATA);
	while (!quit_requested) {
		bool request;

		ret = health_poll(fds, nfds, poll_timeout_ms(kc));
		if (ret < 0 && errno != EINTR)
			break;
		if (ret < 0)
			continue;
		request = fds[0].revents & (POLLIN | POLLHUP);
		/*
		 * The read timer, or buffers filling up; also when requests
		 * keep the poll from timing out (lttng enable-event after
		 * enable-event), so the trace and its metadata keep up.
		 */
		if (!request || monotonic_ms() - last_drain >=
					(uint64_t)poll_timeout_ms(kc)) {
			drain(kc);
			last_drain = monotonic_ms();
		}
		if (!request)
			continue;
		if (kconsumer_serve_request(kc, sessiond_fd, &stop, &status))
			break; /* the session daemon is gone */
		if (stop)
			return status;
		/* a start opened the CPU buffers */
		nfds = poll_set(kc, sessiond_fd, fds, MAX_POLL_FDS);
	}
	return kconsumer_trace_close(kc, &err) ? EXIT_FAILURE : EXIT_SUCCESS;
}

int kernel_consumerd_main(int sessiond_fd)
{
	static struct kconsumer kc;
	struct sigaction sa = {0};

	kconsumer_init(&kc);
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return run(&kc, sessiond_fd);
}
