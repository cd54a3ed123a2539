/*
 * <lttng/ust-compiler.h>: the compiler helpers LTTng-UST's public
 * headers use and document for providers:
 *
 *   lttng_ust_notrace        keeps a function out of -finstrument-functions
 *   LTTNG_UST_COMPOUND_LITERAL(type, ...)   an array literal of `type`
 *                            (C compound literal; a new[] in old g++)
 *   lttng_ust_static_assert(predicate, msg, c_identifier_msg)
 *   LTTNG_UST_COMPILER_COMBINE_TOKENS(a, b)  a##b after expansion
 *   LTTNG_UST_DECLARE_CONSTRUCTOR_DESTRUCTOR(name, ctor, dtor, attrs...)
 *                            runs ctor() at load and dtor() at unload:
 *                            in C with constructor/destructor attributes,
 *                            in C++ with a static object, so that they
 *                            run in the order of the unit's other static
 *                            objects.
 */
#ifndef LTTNG_UST_COMPILER_H
#define LTTNG_UST_COMPILER_H

#include <assert.h>

#define lttng_ust_notrace __attribute__((no_instrument_function))

#if defined(__clang__)
#if __has_feature(address_sanitizer)
#define __lttng_ust_variable_attribute_no_sanitize_address                     \
	__attribute__((no_sanitize("address")))
#endif
#endif
#ifndef __lttng_ust_variable_attribute_no_sanitize_address
#define __lttng_ust_variable_attribute_no_sanitize_address
#endif

/* g++ 4.8 and older cannot take the address of an array literal. */
#if defined(__cplusplus) && !defined(__clang__) && defined(__GNUC__) &&        \
	(__GNUC__ < 4 || (__GNUC__ == 4 && __GNUC_MINOR__ <= 8)) &&            \
	!defined(LTTNG_UST_ALLOCATE_COMPOUND_LITERAL_ON_HEAP)
#define LTTNG_UST_ALLOCATE_COMPOUND_LITERAL_ON_HEAP
#endif

#if defined(__cplusplus) && defined(LTTNG_UST_ALLOCATE_COMPOUND_LITERAL_ON_HEAP)
#define LTTNG_UST_COMPOUND_LITERAL(type, ...) new (type) __VA_ARGS__
#else
#define LTTNG_UST_COMPOUND_LITERAL(type, ...)                                  \
	(type[])                                                               \
	{                                                                      \
		__VA_ARGS__                                                    \
	}
#endif

#if defined(__cplusplus)
#define lttng_ust_static_assert(predicate, msg, c_identifier_msg)              \
	static_assert(predicate, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define lttng_ust_static_assert(predicate, msg, c_identifier_msg)              \
	_Static_assert(predicate, msg)
#else
#define lttng_ust_static_assert(predicate, msg, c_identifier_msg)              \
	typedef char lttng_ust_static_assert_##c_identifier_msg[(predicate)    \
									? 1    \
									: -1]
#endif

#define LTTNG_UST_COMPILER__COMBINE_TOKENS(_a, _b) _a##_b
#define LTTNG_UST_COMPILER_COMBINE_TOKENS(_a, _b)                              \
	LTTNG_UST_COMPILER__COMBINE_TOKENS(_a, _b)

#ifdef __cplusplus
#define LTTNG_UST_DECLARE_CONSTRUCTOR_DESTRUCTOR(name, constructor_func,       \
						 destructor_func, ...)         \
	namespace lttng                                                        \
	{                                                                      \
	namespace ust                                                          \
	{                                                                      \
	namespace details                                                      \
	{                                                                      \
	class LTTNG_UST_COMPILER_COMBINE_TOKENS(                               \
		lttng_ust_constructor_destructor_, name)                       \
	{                                                                      \
	      public:                                                          \
		LTTNG_UST_COMPILER_COMBINE_TOKENS(                             \
			lttng_ust_constructor_destructor_, name)               \
		()                                                             \
		{                                                              \
			constructor_func();                                    \
		}                                                              \
		~LTTNG_UST_COMPILER_COMBINE_TOKENS(                            \
			lttng_ust_constructor_destructor_, name)()             \
		{                                                              \
			destructor_func();                                     \
		}                                                              \
	};                                                                     \
	}                                                                      \
	}                                                                      \
	}                                                                      \
	static lttng::ust::details::LTTNG_UST_COMPILER_COMBINE_TOKENS(         \
		lttng_ust_constructor_destructor_, name)                       \
		LTTNG_UST_COMPILER_COMBINE_TOKENS(                             \
			lttng_ust_constructor_destructor_instance_, name)      \
			__VA_ARGS__;
#else
#define LTTNG_UST_DECLARE_CONSTRUCTOR_DESTRUCTOR(name, constructor_func,       \
						 destructor_func, ...)         \
	static void LTTNG_UST_COMPILER_COMBINE_TOKENS(lttng_ust_constructor_,  \
						      name)(void)              \
		__attribute__((constructor)) __VA_ARGS__;                      \
	static void LTTNG_UST_COMPILER_COMBINE_TOKENS(lttng_ust_constructor_,  \
						      name)(void)              \
	{                                                                      \
		constructor_func();                                            \
	}                                                                      \
	static void LTTNG_UST_COMPILER_COMBINE_TOKENS(lttng_ust_destructor_,   \
						      name)(void)              \
		__attribute__((destructor)) __VA_ARGS__;                       \
	static void LTTNG_UST_COMPILER_COMBINE_TOKENS(lttng_ust_destructor_,   \
						      name)(void)              \
	{                                                                      \
		destructor_func();                                             \
	}
#endif

#endif /* LTTNG_UST_COMPILER_H */
