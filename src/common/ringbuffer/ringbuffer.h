/*
 * The lock-free shared-memory ring buffer of LTTng channels, in one
 * include: channel life cycle (channel.h), producer fast path
 * (producer.h) and consumer side (consumer.h). The design is described at
 * the top of producer.c; doc/ringbuffer.md is the short overview.
 */
#ifndef RINGBUFFER_RINGBUFFER_H
#define RINGBUFFER_RINGBUFFER_H

#include "ringbuffer/channel.h"
#include "ringbuffer/consumer.h"
#include "ringbuffer/producer.h"

#endif /* RINGBUFFER_RINGBUFFER_H */
