/*
 * The kernel consumer daemon (lttng-consumerd --kernel): records the
 * kernel channels of one recording session. The session daemon starts
 * it when the session first starts and drives it through the consumer
 * protocol (consumer-protocol.h, CONSUMER_CMD_KERNEL_*) on the socket
 * it passes as --sessiond-fd. It writes <output>/kernel/: the metadata
 * and one data stream (+ index) per channel and CPU.
 */
#ifndef KCONSUMER_H
#define KCONSUMER_H

/* Serves the session daemon on sessiond_fd until told to stop. */
int kernel_consumerd_main(int sessiond_fd);

#endif /* KCONSUMER_H */
