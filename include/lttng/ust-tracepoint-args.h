/*
 * <lttng/ust-tracepoint-args.h>: turns an LTTNG_UST_TP_ARGS() list
 * ("type, name, type, name, ...", up to ten pairs, or "void", or empty)
 * into a parameter list, an argument list and "(void)name;" statements.
 * Used by <lttng/tracepoint.h> and the probe generator; the list is
 * always passed parenthesized: LTTNG_UST__TP_PARAMS (int, x).
 */
#ifndef LTTNG_UST_TRACEPOINT_ARGS_H
#define LTTNG_UST_TRACEPOINT_ARGS_H

#define LTTNG_UST__CAT_(a, b) a##b
#define LTTNG_UST__CAT(a, b) LTTNG_UST__CAT_(a, b)
#define LTTNG_UST__STR(...) #__VA_ARGS__
#define LTTNG_UST__UNPAREN(...) __VA_ARGS__

/* Number of comma-separated items, 1 for an empty list (up to 20). */
#define LTTNG_UST__NARGS(...)                                                  \
	LTTNG_UST__NARGS_PICK(__VA_ARGS__, 20, 19, 18, 17, 16, 15, 14, 13, 12, \
			      11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define LTTNG_UST__NARGS_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11,    \
			      _12, _13, _14, _15, _16, _17, _18, _19, _20, n,  \
			      ...)                                             \
	n

/*
 * Each helper dispatches on the item count: 1 item is "void" or
 * nothing; an even count is (type, name) pairs. An odd count above 1 has
 * no helper and fails to compile, which is the diagnostic.
 */
#define LTTNG_UST__TP_DISPATCH(what, ...)                                      \
	LTTNG_UST__CAT(LTTNG_UST__TP_##what##_,                                \
		       LTTNG_UST__NARGS(__VA_ARGS__))(__VA_ARGS__)

/* "type name, ..." or "void": a complete parameter list. */
#define LTTNG_UST__TP_PARAMS(...) LTTNG_UST__TP_DISPATCH(PARAMS, __VA_ARGS__)
/* ", type name, ..." or nothing: parameters after a first one. */
#define LTTNG_UST__TP_DATA_PARAMS(...)                                         \
	LTTNG_UST__TP_DISPATCH(DATA_PARAMS, __VA_ARGS__)
/* ", name, ..." or nothing: arguments after a first one. */
#define LTTNG_UST__TP_DATA_VARS(...)                                           \
	LTTNG_UST__TP_DISPATCH(DATA_VARS, __VA_ARGS__)
/* "(void)name; ..." or nothing: marks every parameter used. */
#define LTTNG_UST__TP_VOID_VARS(...)                                           \
	LTTNG_UST__TP_DISPATCH(VOID_VARS, __VA_ARGS__)

#define LTTNG_UST__TP_PARAMS_1(...) void
#define LTTNG_UST__TP_DATA_PARAMS_1(...)
#define LTTNG_UST__TP_DATA_VARS_1(...)
#define LTTNG_UST__TP_VOID_VARS_1(...)

#define LTTNG_UST__TP_PARAMS_2(t1, v1) \
	t1 v1
#define LTTNG_UST__TP_PARAMS_4(t1, v1, t2, v2) \
	t1 v1, t2 v2
#define LTTNG_UST__TP_PARAMS_6(t1, v1, t2, v2, t3, v3) \
	t1 v1, t2 v2, t3 v3
#define LTTNG_UST__TP_PARAMS_8(t1, v1, t2, v2, t3, v3, t4, v4) \
	t1 v1, t2 v2, t3 v3, t4 v4
#define LTTNG_UST__TP_PARAMS_10(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5
#define LTTNG_UST__TP_PARAMS_12(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6
#define LTTNG_UST__TP_PARAMS_14(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7
#define LTTNG_UST__TP_PARAMS_16(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8
#define LTTNG_UST__TP_PARAMS_18(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8, t9 v9
#define LTTNG_UST__TP_PARAMS_20(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9, t10, v10) \
	t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8, t9 v9, t10 v10
#define LTTNG_UST__TP_DATA_PARAMS_2(t1, v1) \
	, t1 v1
#define LTTNG_UST__TP_DATA_PARAMS_4(t1, v1, t2, v2) \
	, t1 v1, t2 v2
#define LTTNG_UST__TP_DATA_PARAMS_6(t1, v1, t2, v2, t3, v3) \
	, t1 v1, t2 v2, t3 v3
#define LTTNG_UST__TP_DATA_PARAMS_8(t1, v1, t2, v2, t3, v3, t4, v4) \
	, t1 v1, t2 v2, t3 v3, t4 v4
#define LTTNG_UST__TP_DATA_PARAMS_10(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5
#define LTTNG_UST__TP_DATA_PARAMS_12(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6
#define LTTNG_UST__TP_DATA_PARAMS_14(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7
#define LTTNG_UST__TP_DATA_PARAMS_16(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8
#define LTTNG_UST__TP_DATA_PARAMS_18(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8, t9 v9
#define LTTNG_UST__TP_DATA_PARAMS_20(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9, t10, v10) \
	, t1 v1, t2 v2, t3 v3, t4 v4, t5 v5, \
	t6 v6, t7 v7, t8 v8, t9 v9, t10 v10
#define LTTNG_UST__TP_DATA_VARS_2(t1, v1) \
	, v1
#define LTTNG_UST__TP_DATA_VARS_4(t1, v1, t2, v2) \
	, v1, v2
#define LTTNG_UST__TP_DATA_VARS_6(t1, v1, t2, v2, t3, v3) \
	, v1, v2, v3
#define LTTNG_UST__TP_DATA_VARS_8(t1, v1, t2, v2, t3, v3, t4, v4) \
	, v1, v2, v3, v4
#define LTTNG_UST__TP_DATA_VARS_10(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5) \
	, v1, v2, v3, v4, v5
#define LTTNG_UST__TP_DATA_VARS_12(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6) \
	, v1, v2, v3, v4, v5, \
	v6
#define LTTNG_UST__TP_DATA_VARS_14(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7) \
	, v1, v2, v3, v4, v5, \
	v6, v7
#define LTTNG_UST__TP_DATA_VARS_16(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8) \
	, v1, v2, v3, v4, v5, \
	v6, v7, v8
#define LTTNG_UST__TP_DATA_VARS_18(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9) \
	, v1, v2, v3, v4, v5, \
	v6, v7, v8, v9
#define LTTNG_UST__TP_DATA_VARS_20(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9, t10, v10) \
	, v1, v2, v3, v4, v5, \
	v6, v7, v8, v9, v10
#define LTTNG_UST__TP_VOID_VARS_2(t1, v1) \
	(void)v1;
#define LTTNG_UST__TP_VOID_VARS_4(t1, v1, t2, v2) \
	(void)v1; (void)v2;
#define LTTNG_UST__TP_VOID_VARS_6(t1, v1, t2, v2, t3, v3) \
	(void)v1; (void)v2; (void)v3;
#define LTTNG_UST__TP_VOID_VARS_8(t1, v1, t2, v2, t3, v3, t4, v4) \
	(void)v1; (void)v2; (void)v3; (void)v4;
#define LTTNG_UST__TP_VOID_VARS_10(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5;
#define LTTNG_UST__TP_VOID_VARS_12(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5; \
	(void)v6;
#define LTTNG_UST__TP_VOID_VARS_14(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5; \
	(void)v6; (void)v7;
#define LTTNG_UST__TP_VOID_VARS_16(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5; \
	(void)v6; (void)v7; (void)v8;
#define LTTNG_UST__TP_VOID_VARS_18(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5; \
	(void)v6; (void)v7; (void)v8; (void)v9;
#define LTTNG_UST__TP_VOID_VARS_20(t1, v1, t2, v2, t3, v3, t4, v4, t5, v5, \
		t6, v6, t7, v7, t8, v8, t9, v9, t10, v10) \
	(void)v1; (void)v2; (void)v3; (void)v4; (void)v5; \
	(void)v6; (void)v7; (void)v8; (void)v9; (void)v10;

#endif /* LTTNG_UST_TRACEPOINT_ARGS_H */
