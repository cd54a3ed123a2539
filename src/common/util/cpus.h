/*
 * How many CPUs the system may ever have (configured, not only online):
 * the number of per-CPU streams of a channel, of BPF per-CPU slots, and
 * what a channel's memory is multiplied by. Used by the session daemon
 * and the kernel consumer.
 */
#ifndef UTIL_CPUS_H
#define UTIL_CPUS_H

/* sysconf(_SC_NPROCESSORS_CONF), at least 1. */
unsigned int possible_cpus(void);

#endif /* UTIL_CPUS_H */
