/*
 * liblttng-ust: the context values of one record whose size varies from
 * record to record (application contexts), read once when the record is
 * sized and written from the same copy. Whoever reserves the record
 * keeps them on its own stack frame from sizing to writing, so every
 * record -- a nested one in a signal handler too -- writes exactly the
 * values, and the bytes, it reserved (context-set.h).
 */
#ifndef UST_CONTEXT_RECORD_H
#define UST_CONTEXT_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/ust-context-provider.h>

/* Most application contexts in one channel. */
#define UST_CTX_MAX_APP 16
/* Bytes of string values one record copies (longer ones: by pointer). */
#define UST_CTX_TEXT_MAX 512

struct ust_ctx_values {
	/* As the provider gave them; strings point into `text` if they fit. */
	struct lttng_ust_ctx_value app[UST_CTX_MAX_APP];
	/* Bytes each value takes after its tag, as sized. */
	uint32_t len[UST_CTX_MAX_APP];
	size_t text_used;
	char text[UST_CTX_TEXT_MAX];
};

#endif /* UST_CONTEXT_RECORD_H */
