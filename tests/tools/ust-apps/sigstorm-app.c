/*
 * sigstorm-app DL_MODULE ROUNDS THREADS: tracepoints fired from signal
 * handlers while the process does what takes the tracer's locks and
 * waits for grace periods:
 *  - a thread dlopens DL_MODULE (sigstorm-dl-tp.so, a provider), fires
 *    its event 10 times and dlcloses it, ROUNDS times;
 *  - a thread starts THREADS short-lived threads one after the other,
 *    each under a timer signal of its own every 20 us from its start
 *    (so its first registration happens in, or is interrupted by, a
 *    handler), firing one event;
 *  - two threads send SIGUSR1 to the dlopen thread and to main without
 *    pause until the others are done.
 * Every SIGUSR1 handler fires sigstorm:tick. At exit the app prints the
 * events it emitted: "emitted handler=H dl=D thread=T main=M".
 */
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sigstorm-tp.h"

static uint64_t handler_events, dl_events, thread_events;
static int stop_senders, dl_done;
static pthread_t targets[2]; /* main, the dlopen thread */
static const char *dl_path;
static unsigned long rounds, nr_threads;
static __thread unsigned int signals_taken;

static void on_signal(int sig)
{
	uint64_t seq = __atomic_add_fetch(&handler_events, 1, __ATOMIC_RELAXED);

	(void)sig;
	lttng_ust_tracepoint(sigstorm, tick, 1, seq);
	signals_taken++;
}

static void *dl_loop(void *arg)
{
	unsigned long r;
	int i;

	(void)arg;
	for (r = 0; r < rounds; r++) {
		void *handle = dlopen(dl_path, RTLD_NOW | RTLD_LOCAL);
		void (*fire)(uint64_t);

		if (!handle) {
			fprintf(stderr, "dlopen %s: %s\n", dl_path, dlerror());
			exit(1);
		}
		*(void **)&fire = dlsym(handle, "sigstorm_dl_fire");
		if (!fire) {
			fprintf(stderr, "dlsym: %s\n", dlerror());
			exit(1);
		}
		for (i = 0; i < 10; i++)
			fire(__atomic_add_fetch(&dl_events, 1,
						__ATOMIC_RELAXED));
		dlclose(handle);
	}
	/* Signalled until the senders stop: stay joinable until then. */
	__atomic_store_n(&dl_done, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&stop_senders, __ATOMIC_ACQUIRE))
		sched_yield();
	return NULL;
}

static void *newcomer(void *arg)
{
	struct sigevent sev;
	struct itimerspec its = {{0, 20000}, {0, 20000}};
	unsigned int spins = 0;
	timer_t timer;
	uint64_t seq;

	(void)arg;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer) ||
	    timer_settime(timer, 0, &its, NULL)) {
		perror("timer");
		exit(1);
	}
	seq = __atomic_add_fetch(&thread_events, 1, __ATOMIC_RELAXED);
	lttng_ust_tracepoint(sigstorm, tick, 2, seq);
	while (signals_taken < 2 && ++spins < 100000000)
		__asm__ volatile("" ::: "memory");
	timer_delete(timer);
	return NULL;
}

static void *churn(void *arg)
{
	unsigned long i;

	(void)arg;
	for (i = 0; i < nr_threads; i++) {
		pthread_t t;

		if (pthread_create(&t, NULL, newcomer, NULL)) {
			perror("pthread_create");
			exit(1);
		}
		pthread_join(t, NULL);
	}
	return NULL;
}

static void *sender(void *arg)
{
	unsigned int i = 0;

	(void)arg;
	while (!__atomic_load_n(&stop_senders, __ATOMIC_ACQUIRE))
		pthread_kill(targets[i++ % 2], SIGUSR1);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t dl, ch, senders[2];
	struct sigaction sa;
	int i;

	if (argc != 4) {
		fprintf(stderr, "usage: %s DL_MODULE ROUNDS THREADS\n",
			argv[0]);
		return 2;
	}
	lttng_ust_tracepoint(sigstorm, tick, 0, 0);
	dl_path = argv[1];
	rounds = strtoul(argv[2], NULL, 10);
	nr_threads = strtoul(argv[3], NULL, 10);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	targets[0] = pthread_self();
	if (pthread_create(&dl, NULL, dl_loop, NULL) ||
	    pthread_create(&ch, NULL, churn, NULL))
		return 1;
	targets[1] = dl;
	for (i = 0; i < 2; i++)
		if (pthread_create(&senders[i], NULL, sender, NULL))
			return 1;
	pthread_join(ch, NULL);
	while (!__atomic_load_n(&dl_done, __ATOMIC_ACQUIRE))
		sched_yield();
	__atomic_store_n(&stop_senders, 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		pthread_join(senders[i], NULL);
	pthread_join(dl, NULL);
	printf("emitted handler=%llu dl=%llu thread=%llu main=1\n",
	       (unsigned long long)handler_events,
	       (unsigned long long)dl_events,
	       (unsigned long long)thread_events);
	return 0;
}
