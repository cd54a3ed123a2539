/*
 * Size limits shared by every control API structure (names, paths).
 * Part of the public liblttng-ctl API; the values are LTTng's so that
 * programs written against LTTng's headers keep their buffer sizes.
 */
#ifndef LTTNG_CONSTANT_H
#define LTTNG_CONSTANT_H

#define LTTNG_SYMBOL_NAME_LEN 256
#define LTTNG_NAME_MAX 255
#define LTTNG_PATH_MAX 4096
#define LTTNG_MAX_PID 4194304
#define LTTNG_MAX_PID_STR "4194304"

#endif /* LTTNG_CONSTANT_H */
