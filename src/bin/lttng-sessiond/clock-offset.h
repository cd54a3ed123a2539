/*
 * The offset of the trace clock (CLOCK_MONOTONIC) from the epoch, as
 * every trace's metadata declares it: CLOCK_REALTIME - CLOCK_MONOTONIC,
 * measured once per daemon. Both domains' metadata (the user space
 * registry and the kernel consumer) use this one value, so babeltrace2
 * merges their events exactly; measured separately, NTP's slewing of
 * CLOCK_REALTIME moves the two apart by microseconds.
 */
#ifndef SESSIOND_CLOCK_OFFSET_H
#define SESSIOND_CLOCK_OFFSET_H

#include <stdint.h>

int64_t sessiond_clock_offset(void);

#endif /* SESSIOND_CLOCK_OFFSET_H */
