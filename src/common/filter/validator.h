/*
 * Validation of filter bytecode received from an untrusted peer (a socket):
 * nothing else may read a buffer before it passes. Used by the session
 * daemon, liblttng-ust and the kernel consumer, and by the linker itself.
 */
#ifndef FILTER_VALIDATOR_H
#define FILTER_VALIDATOR_H

#include <stddef.h>
#include <stdint.h>

/*
 * Checks that `buf` (`len` bytes) is well-formed bytecode: size within
 * FILTER_BYTECODE_MAX_LEN, header consistent, every opcode and operand
 * known and in bounds, jumps forward onto instruction starts with the same
 * stack depth as the fall-through path and nested like && and || (the
 * fall-through path never pops what a pending jump keeps), the stack
 * never underflows nor exceeds the declared max_stack (itself at most
 * FILTER_STACK_MAX), the string table ends with a NUL and references into
 * it are in bounds (literals followed by their NUL), and a single RETURN
 * at the end with one value on the stack. Runs in time linear in `len`.
 * Returns 0, -EINVAL with a message in `msg` naming the offset, or -ENOMEM.
 */
int filter_validate(const uint8_t *buf, size_t len, char *msg, size_t msg_len);

#endif /* FILTER_VALIDATOR_H */
