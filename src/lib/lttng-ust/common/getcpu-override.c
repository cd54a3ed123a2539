/*
 * Implementation of getcpu-override.h: lttng_ust_getcpu_override() of
 * <lttng/ust-getcpu.h>.
 */
#include <lttng/ust-getcpu.h>

#include "getcpu-override.h"

UST_API int (*lttng_ust_get_cpu_sym)(void);

/* NULL goes back to the kernel's CPU numbers, as with LTTng-UST 2.13. */
UST_API int lttng_ust_getcpu_override(lttng_ust_getcpu_func getcpu)
{
	__atomic_store_n(&lttng_ust_get_cpu_sym, getcpu, __ATOMIC_RELEASE);
	return 0;
}
