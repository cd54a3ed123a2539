/*
 * Helpers several lttng commands share: the domain checks and names,
 * channel names as messages show them, number/size/time parsing with
 * LTTng's suffixes, popt option handling (--help, --list-options).
 */
#ifndef LTTNG_CLI_UTILS_H
#define LTTNG_CLI_UTILS_H

#include <popt.h>
#include <stdbool.h>
#include <stdint.h>

#include <lttng/lttng.h>

/* "kernel", "ust", "jul", "log4j", "python". */
const char *utils_domain_str(enum lttng_domain_type type);

/*
 * Print LTTng's error when count (the number of domain options given)
 * is not 1. which_msg is the domain list of the command's message,
 * e.g. "--kernel/--userspace". Returns 0 when count is 1, else -1.
 */
int utils_check_one_domain(int count, const char *which_msg);

/* How messages show a channel name: NULL means "channel0". */
const char *utils_channel_name(const char *name);
/* The same, but NULL shows as "<default>". */
const char *utils_raw_channel_name(const char *name);

/* Parse an unsigned decimal/hex number; 0 or -1. */
int utils_parse_u64(const char *str, uint64_t *value);
/* Size with k/K, M, G suffixes (powers of 1024); 0 or -1. */
int utils_parse_size(const char *str, uint64_t *value);
/* Time in us with us, ms, s, m, h suffixes; 0 or -1. */
int utils_parse_time_us(const char *str, uint64_t *value);

/* Round up to a power of two (v > 0). */
uint64_t utils_next_power_of_two(uint64_t v);

/* Print each option of a popt table as --long and -s lines. */
void utils_list_options(const struct poptOption *options);

/*
 * The session a command works on: opt_session when given, else the
 * current session from $LTTNG_HOME/.lttngrc (malloc'd copy, NULL with
 * LTTng's messages printed when there is none).
 */
char *utils_session_name(const char *opt_session);

/* The unit of microseconds LTTng prints: "µs" when $LANG names a "utf8"
 * locale, else "us". */
const char *utils_usec_unit(void);

/*
 * Value i of a tracker's inclusion set: an id (*id) or a user or group
 * name (*name, *id then -1). Returns false for a value of unknown type.
 */
bool utils_tracker_value(const struct lttng_process_attr_values *values,
			 unsigned int i, long long *id, const char **name);

#endif /* LTTNG_CLI_UTILS_H */
