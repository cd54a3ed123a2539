/*
 * <lttng/ust-utils.h>: small helpers of LTTng-UST's public headers:
 *
 *   lttng_ust_stringify(x)                 "x" after expansion
 *   lttng_ust_is_signed_type(type)         1 for a signed arithmetic type
 *   lttng_ust_is_integer_type(type)        1 for an integer type
 *   lttng_ust_is_pointer_type(type)        1 for a pointer type
 *   lttng_ust_field_array_element_type_is_supported(type, item)
 *                                          compile error unless `type` is
 *                                          an integer or a pointer
 *   lttng_ust_runtime_bug_on(cond)         prints "LTTng BUG in file F,
 *                                          line L." and exits when true
 *   lttng_ust_build_bug_on(cond)           compile error when true
 *   lttng_ust_build_runtime_bug_on(cond)   either, as cond is constant
 *   lttng_ust_offset_align(drift, align)   bytes up to the next multiple
 *   lttng_ust_offset_align_floor(drift, align)  bytes down to the previous
 */
#ifndef LTTNG_UST_UTILS_H
#define LTTNG_UST_UTILS_H

#include <stdio.h>
#include <stdlib.h>
#include <urcu/compiler.h>

#include <lttng/ust-compiler.h>

#define __lttng_ust_stringify1(x) #x
#define lttng_ust_stringify(x) __lttng_ust_stringify1(x)

#if defined(__cplusplus)
#include <type_traits>
#define lttng_ust_is_signed_type(type) (std::is_signed<type>::value)
#define lttng_ust_is_integer_type(type) (std::is_integral<type>::value)
#define lttng_ust_is_pointer_type(type) (std::is_pointer<type>::value)
#else
#define lttng_ust_is_signed_type(type) ((type)-1 < (type)1)
#define lttng_ust_is_integer_type(type)                                        \
	(__builtin_types_compatible_p(type, _Bool) ||                          \
	 __builtin_types_compatible_p(type, char) ||                           \
	 __builtin_types_compatible_p(type, signed char) ||                    \
	 __builtin_types_compatible_p(type, unsigned char) ||                  \
	 __builtin_types_compatible_p(type, short) ||                          \
	 __builtin_types_compatible_p(type, unsigned short) ||                 \
	 __builtin_types_compatible_p(type, int) ||                            \
	 __builtin_types_compatible_p(type, unsigned int) ||                   \
	 __builtin_types_compatible_p(type, long) ||                           \
	 __builtin_types_compatible_p(type, unsigned long) ||                  \
	 __builtin_types_compatible_p(type, long long) ||                      \
	 __builtin_types_compatible_p(type, unsigned long long))
/* The difference of two pointers is an integer, that of integers too. */
#define lttng_ust_is_pointer_type(type)                                        \
	(lttng_ust_is_integer_type(__typeof__((type)1 - (type)1)) &&           \
	 !lttng_ust_is_integer_type(type))
#endif

#define lttng_ust_field_array_element_type_is_supported(type, item)            \
	lttng_ust_static_assert(                                               \
		lttng_ust_is_integer_type(type) ||                             \
			lttng_ust_is_pointer_type(type),                       \
		"Non-integer, non-pointer type `" #item                        \
		"` not supported as element of LTTNG_UST_FIELD_ARRAY or "      \
		"LTTNG_UST_FIELD_SEQUENCE",                                    \
		Non_integer_type__##item##__not_supported_as_element_of_LTTNG_UST_FIELD_ARRAY_or_LTTNG_UST_FIELD_SEQUENCE)

#define lttng_ust_runtime_bug_on(condition)                                    \
	do {                                                                   \
		if (caa_unlikely(condition)) {                                 \
			fprintf(stderr, "LTTng BUG in file %s, line %d.\n",    \
				__FILE__, __LINE__);                           \
			exit(EXIT_FAILURE);                                    \
		}                                                              \
	} while (0)

#define lttng_ust_build_bug_on(condition) ((void)sizeof(char[-!!(condition)]))

#define lttng_ust_build_runtime_bug_on(condition)                              \
	do {                                                                   \
		if (__builtin_constant_p(condition))                           \
			lttng_ust_build_bug_on(condition);                     \
		else                                                           \
			lttng_ust_runtime_bug_on(condition);                   \
	} while (0)

/* alignment: a power of 2, not 0. */
#define lttng_ust_offset_align(align_drift, alignment)                         \
	({                                                                     \
		lttng_ust_build_runtime_bug_on(                                \
			(alignment) == 0 || ((alignment) & ((alignment)-1)));  \
		(((alignment) - (align_drift)) & ((alignment)-1));             \
	})

#define lttng_ust_offset_align_floor(align_drift, alignment)                   \
	({                                                                     \
		lttng_ust_build_runtime_bug_on(                                \
			(alignment) == 0 || ((alignment) & ((alignment)-1)));  \
		(((align_drift) - (alignment)) & ((alignment)-1));             \
	})

#endif /* LTTNG_UST_UTILS_H */
