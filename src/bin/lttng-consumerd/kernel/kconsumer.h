/*
 * The kernel consumer daemon (lttng-consumerd --kconsumerd): records the
 * kernel channels of one recording session. The session daemon starts it
 * when the session first starts, with the channels' tracefs instances on
 * the command line, and drives it through a control socket (see
 * kconsumer-protocol.h). It writes <output>/kernel/: the metadata and one
 * data stream (+ index) per channel and CPU.
 */
#ifndef KCONSUMER_H
#define KCONSUMER_H

int kernel_consumerd_main(int argc, char **argv);

#endif /* KCONSUMER_H */
