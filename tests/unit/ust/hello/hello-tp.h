#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hello_world

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./hello-tp.h"

#if !defined(_HELLO_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define _HELLO_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(
 hello_world,
 my_first_tracepoint,
 LTTNG_UST_TP_ARGS(
 int, my_integer_arg,
 char *, my_string_arg
 ),
 LTTNG_UST_TP_FIELDS(
 lttng_ust_field_string(my_string_field, my_string_arg)
 lttng_ust_field_integer(int, my_integer_field, my_integer_arg)
 )
)

#endif /* _HELLO_TP_H */

#include <lttng/tracepoint-event.h>
