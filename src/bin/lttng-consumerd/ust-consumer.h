/*
 * The user space consumer: answers the session daemon's requests
 * (consumer-protocol.h) on its socket until the session daemon closes
 * it, while the consumption thread writes the buffers out. On the way
 * out every channel is flushed and its files closed.
 */
#ifndef CONSUMERD_UST_CONSUMER_H
#define CONSUMERD_UST_CONSUMER_H

/* Serves sessiond_fd; returns 0 when the session daemon hung up. */
int ust_consumer_run(int sessiond_fd);

/* Flushes and frees every channel and metadata file. */
void ust_consumer_shutdown(void);

#endif /* CONSUMERD_UST_CONSUMER_H */
