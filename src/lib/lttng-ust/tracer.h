/*
 * liblttng-ust: the tracer's global state. One mutex serializes every
 * control operation (provider registration, channels, event rules); the
 * event fast path never takes it. ust_init() runs once, from the
 * library's first constructor, before any provider registers.
 */
#ifndef UST_TRACER_H
#define UST_TRACER_H

#include "common/ust-log.h"

/* Initializes the tracer once; safe to call from any constructor. */
void ust_init(void);

void ust_lock(void);
void ust_unlock(void);

#endif /* UST_TRACER_H */
