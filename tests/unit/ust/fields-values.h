/* Argument types of the test provider fields-tp.h. */
#ifndef UST_TESTS_FIELDS_VALUES_H
#define UST_TESTS_FIELDS_VALUES_H

#include <stdint.h>

struct fields_ints {
	int8_t s8;
	uint8_t u8;
	int16_t s16;
	uint16_t u16;
	int32_t s32;
	uint32_t u32;
	int64_t s64;
	uint64_t u64;
};

#endif /* UST_TESTS_FIELDS_VALUES_H */
