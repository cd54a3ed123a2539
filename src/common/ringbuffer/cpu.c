/*
 * The getcpu() override of cpu.h: NULL until liblttng-ust installs one
 * (lttng_ust_getcpu_override()).
 */
#include "ringbuffer/cpu.h"

int (*rb_getcpu_override)(void);
