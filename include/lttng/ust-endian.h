/*
 * <lttng/ust-endian.h>: the byte order of the host, as LTTng-UST's
 * headers name it (LTTNG_UST_BYTE_ORDER is LTTNG_UST_LITTLE_ENDIAN or
 * LTTNG_UST_BIG_ENDIAN; LTTNG_UST_FLOAT_WORD_ORDER that of doubles), and
 * lttng_ust_bswap_16/32/64(x).
 */
#ifndef LTTNG_UST_ENDIAN_H
#define LTTNG_UST_ENDIAN_H

#if defined(__linux__) || defined(__CYGWIN__)
#include <byteswap.h>
#include <endian.h>

#define lttng_ust_bswap_16(x) bswap_16(x)
#define lttng_ust_bswap_32(x) bswap_32(x)
#define lttng_ust_bswap_64(x) bswap_64(x)
#define LTTNG_UST_BYTE_ORDER __BYTE_ORDER
#define LTTNG_UST_LITTLE_ENDIAN __LITTLE_ENDIAN
#define LTTNG_UST_BIG_ENDIAN __BIG_ENDIAN
#ifdef __FLOAT_WORD_ORDER
#define LTTNG_UST_FLOAT_WORD_ORDER __FLOAT_WORD_ORDER
#else
#define LTTNG_UST_FLOAT_WORD_ORDER __BYTE_ORDER
#endif
#elif defined(__FreeBSD__)
#include <sys/endian.h>

#define lttng_ust_bswap_16(x) bswap16(x)
#define lttng_ust_bswap_32(x) bswap32(x)
#define lttng_ust_bswap_64(x) bswap64(x)
#define LTTNG_UST_BYTE_ORDER BYTE_ORDER
#define LTTNG_UST_LITTLE_ENDIAN LITTLE_ENDIAN
#define LTTNG_UST_BIG_ENDIAN BIG_ENDIAN
#define LTTNG_UST_FLOAT_WORD_ORDER BYTE_ORDER
#else
#error "Please add support for your OS."
#endif

#endif /* LTTNG_UST_ENDIAN_H */
