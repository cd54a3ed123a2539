/*
 * User space probes of the kernel domain (lttng enable-event -k
 * --userspace-probe=elf:PATH:SYMBOL or sdt:PATH:PROVIDER:NAME): each
 * rule becomes a uprobe event defined in tracefs's uprobe_events, in a
 * group of its own, lttngu<daemon pid>_<n>/<event name>, which the
 * channel's instance then enables like any tracepoint. The definitions
 * are global, so they are removed when the session is destroyed (after
 * its instances), and those of a crashed daemon at the next start.
 */
#ifndef SESSIOND_KERNEL_UPROBE_H
#define SESSIOND_KERNEL_UPROBE_H

#define KERNEL_UPROBE_GROUP_PREFIX "lttngu"

struct kernel_uprobe {
	char group[64];
	char event[256];
	char *location; /* the rule's location text */
	struct kernel_uprobe *next;
};

/*
 * The uprobe for event name at location in *list, defined now when it is
 * not yet. LTTNG_OK, or LTTNG_ERR_PROBE_LOCATION_INVAL (unparsable
 * location, no such function or SDT probe),
 * LTTNG_ERR_SDT_PROBE_SEMAPHORE, LTTNG_ERR_INVALID_EVENT_NAME (not a
 * tracefs event name), LTTNG_ERR_KERN_ENABLE_FAIL (tracefs refused).
 */
int kernel_uprobe_get(struct kernel_uprobe **list, const char *name,
		      const char *location, struct kernel_uprobe **out);

/* Removes every uprobe of the list from tracefs and frees the list. */
void kernel_uprobe_remove_all(struct kernel_uprobe *list);

/* Removes the uprobe groups of daemons that are no longer running. */
void kernel_uprobe_remove_stale(void);

#endif /* SESSIOND_KERNEL_UPROBE_H */
