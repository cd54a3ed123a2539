/* The two units of test-compat, built with different API versions. */
#ifndef UST_TEST_COMPAT_H
#define UST_TEST_COMPAT_H

int compat_v0_trace_info(void);
int compat_v1_trace_info(void);

#endif /* UST_TEST_COMPAT_H */
