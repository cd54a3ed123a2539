/*
 * <lttng/tracepoint.h>: the LTTng-UST 2.13 instrumentation API of
 * lttng-ust(3). A tracepoint provider header includes it and declares its
 * events with LTTNG_UST_TRACEPOINT_EVENT() & co.; the application calls
 * lttng_ust_tracepoint(). Here each event becomes a tracepoint site
 * (defined in the unit with LTTNG_UST_TRACEPOINT_DEFINE) and an inline
 * function calling the probes attached to it; <lttng/tracepoint-event.h>
 * generates the probes themselves (LTTNG_UST_TRACEPOINT_CREATE_PROBES).
 *
 * The part up to the include guard's end is read once per unit; the part
 * after it runs on every inclusion and restores the declaration forms of
 * the event macros (the probe generator redefines them per pass).
 */
#ifndef LTTNG_UST_TRACEPOINT_H
#define LTTNG_UST_TRACEPOINT_H

/*
 * What LTTng-UST's <lttng/tracepoint.h> brings in, directly or through
 * its own headers: programs written against it rely on these (stderr,
 * malloc, memset, bool, getpid and liburcu's cmm/caa macros).
 */
#include <assert.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include <urcu/arch.h>
#include <urcu/compiler.h>
#include <urcu/system.h>
#include <urcu/uatomic.h>

#include <lttng/ust-config.h>
#include <lttng/ust-compiler.h>
#include <lttng/ust-tracer.h>
#include <lttng/ust-utils.h>
#include <lttng/tracepoint-types.h>
#include <lttng/tracepoint-rcu.h>
#include <lttng/ust-tracepoint-loglevel.h>
#include <lttng/ust-api-compat.h>
#include <lttng/ust-tracepoint-args.h>
#include <lttng/ust-version.h>

#if LTTNG_UST_COMPAT_API(0)
#if defined(TRACEPOINT_DEFINE) && !defined(LTTNG_UST_TRACEPOINT_DEFINE)
#define LTTNG_UST_TRACEPOINT_DEFINE
#endif
#if defined(TRACEPOINT_PROBE_DYNAMIC_LINKAGE) &&                               \
	!defined(LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE)
#define LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * liblttng-ust-tracepoint, as this module (executable or shared object)
 * sees it. Each module reaches the library with dlopen() from its
 * constructors, so an application that is not linked with the tracer
 * still runs (every tracepoint stays disabled). One instance per module:
 * weak and hidden, so every unit's copy merges at link time. The entry
 * points are LTTng-UST 2.13's: a module unregisters by its first site.
 */
struct lttng_ust__tracepoint_lib_syms {
	void *handle;
	void (*rcu_read_lock)(void);
	void (*rcu_read_unlock)(void);
	int (*module_register)(struct lttng_ust_tracepoint *const *tps,
			       int count);
	int (*module_unregister)(struct lttng_ust_tracepoint *const *tps);
};

struct lttng_ust__tracepoint_lib_syms lttng_ust__tracepoint_lib
	__attribute__((weak, visibility("hidden")));

/* Loads liblttng-ust-tracepoint once per module; silent when absent. */
static inline void lttng_ust__tracepoint_lib_resolve(void)
{
	struct lttng_ust__tracepoint_lib_syms *lib =
		&lttng_ust__tracepoint_lib;
	void *handle;

	if (lib->handle)
		return;
	handle = dlopen("liblttng-ust-tracepoint.so.1", RTLD_NOW | RTLD_GLOBAL);
	if (!handle)
		return;
	lib->rcu_read_lock =
		(void (*)(void))dlsym(handle, "lttng_ust_tp_rcu_read_lock");
	lib->rcu_read_unlock =
		(void (*)(void))dlsym(handle, "lttng_ust_tp_rcu_read_unlock");
	lib->module_register =
		(int (*)(struct lttng_ust_tracepoint *const *, int))dlsym(
			handle, "lttng_ust_tracepoint_module_register");
	lib->module_unregister =
		(int (*)(struct lttng_ust_tracepoint *const *))dlsym(
			handle, "lttng_ust_tracepoint_module_unregister");
	if (!lib->rcu_read_lock || !lib->rcu_read_unlock ||
	    !lib->module_register || !lib->module_unregister) {
		lib->rcu_read_lock = NULL;
		lib->rcu_read_unlock = NULL;
		lib->module_register = NULL;
		lib->module_unregister = NULL;
		dlclose(handle);
		return;
	}
	lib->handle = handle;
}

static void lttng_ust__tracepoint_lib_init(void) __attribute__((constructor));
static void lttng_ust__tracepoint_lib_init(void)
{
	lttng_ust__tracepoint_lib_resolve();
}

#ifdef LTTNG_UST_TRACEPOINT_DEFINE
/*
 * The unit that defines the tracepoint sites also registers all of this
 * module's sites (collected in the __tracepoints_ptrs section) with
 * liblttng-ust-tracepoint, once per module even when several units
 * define sites.
 */
extern struct lttng_ust_tracepoint *const __start___tracepoints_ptrs[]
	__attribute__((weak, visibility("hidden")));
extern struct lttng_ust_tracepoint *const __stop___tracepoints_ptrs[]
	__attribute__((weak, visibility("hidden")));

int lttng_ust__tracepoint_ptrs_registered
	__attribute__((weak, visibility("hidden")));

static inline int lttng_ust__tracepoint_ptrs_count(void)
{
	return (int)(__stop___tracepoints_ptrs - __start___tracepoints_ptrs);
}

static void lttng_ust__tracepoint_ptrs_init(void) __attribute__((constructor));
static void lttng_ust__tracepoint_ptrs_init(void)
{
	if (lttng_ust__tracepoint_ptrs_registered++)
		return;
	lttng_ust__tracepoint_lib_resolve();
	if (!lttng_ust__tracepoint_lib.module_register)
		return;
	lttng_ust__tracepoint_lib.module_register(
		__start___tracepoints_ptrs, lttng_ust__tracepoint_ptrs_count());
}

static void lttng_ust__tracepoint_ptrs_fini(void) __attribute__((destructor));
static void lttng_ust__tracepoint_ptrs_fini(void)
{
	if (--lttng_ust__tracepoint_ptrs_registered)
		return;
	if (!lttng_ust__tracepoint_lib.module_unregister)
		return;
	lttng_ust__tracepoint_lib.module_unregister(__start___tracepoints_ptrs);
}
#endif /* LTTNG_UST_TRACEPOINT_DEFINE */

#ifdef __cplusplus
}
#endif

/*
 * The fast path: one relaxed load of the site's state and a branch
 * predicted not taken. Probes run only when the state is non-zero.
 */
#define LTTNG_UST__TRACEPOINT_STATE(site)                                      \
	__atomic_load_n(&(site).state, __ATOMIC_RELAXED)

#define lttng_ust_tracepoint_enabled(provider, name)                           \
	__builtin_expect(!!LTTNG_UST__TRACEPOINT_STATE(                        \
				 lttng_ust_tracepoint_##provider##___##name),  \
			 0)

#define lttng_ust_do_tracepoint(provider, name, ...)                           \
	lttng_ust__tracepoint_cb_##provider##___##name(__VA_ARGS__)

#define lttng_ust_tracepoint(provider, name, ...)                              \
	do {                                                                   \
		if (lttng_ust_tracepoint_enabled(provider, name))              \
			lttng_ust_do_tracepoint(provider, name, __VA_ARGS__);  \
	} while (0)

/* Sites are shared by the whole process unless asked otherwise. */
#ifdef LTTNG_UST_TRACEPOINT_HIDDEN_DEFINITION
#define LTTNG_UST__TP_VISIBILITY __attribute__((visibility("hidden")))
#else
#define LTTNG_UST__TP_VISIBILITY __attribute__((visibility("default")))
#endif

/*
 * Declaration pass of an event: the site (extern) and the function that
 * calls every probe attached to it, inside an RCU read-side section.
 */
#define LTTNG_UST__TRACEPOINT_DECLARE(provider, name, args)                    \
	extern LTTNG_UST__TP_VISIBILITY struct lttng_ust_tracepoint            \
		lttng_ust_tracepoint_##provider##___##name;                    \
	static inline void lttng_ust__tracepoint_cb_##provider##___##name(     \
		LTTNG_UST__TP_PARAMS args)                                     \
	{                                                                      \
		struct lttng_ust_tracepoint_probe *lttng_ust__probe;           \
                                                                               \
		if (!lttng_ust__tracepoint_lib.rcu_read_lock)                  \
			return;                                                \
		lttng_ust__tracepoint_lib.rcu_read_lock();                     \
		lttng_ust__probe = __atomic_load_n(                            \
			&lttng_ust_tracepoint_##provider##___##name.probes,    \
			__ATOMIC_ACQUIRE);                                     \
		for (; lttng_ust__probe && lttng_ust__probe->func;             \
		     lttng_ust__probe++)                                       \
			((void (*)(void *LTTNG_UST__TP_DATA_PARAMS args))      \
				 lttng_ust__probe->func)(                      \
				lttng_ust__probe->data LTTNG_UST__TP_DATA_VARS \
					args);                                 \
		lttng_ust__tracepoint_lib.rcu_read_unlock();                   \
	}                                                                      \
	LTTNG_UST__TRACEPOINT_DEFINE_SITE(provider, name, args)

#ifdef LTTNG_UST_TRACEPOINT_DEFINE
/*
 * The site itself and its entry in this module's __tracepoints_ptrs
 * section. Unless the provider is loaded dynamically, the site also
 * references the provider's marker symbol, so linking without the
 * provider fails at link time instead of tracing nothing.
 */
#define LTTNG_UST__TRACEPOINT_DEFINE_SITE(provider, name, args)                \
	LTTNG_UST__TP_VISIBILITY struct lttng_ust_tracepoint                   \
		lttng_ust_tracepoint_##provider##___##name = {                 \
			sizeof(struct lttng_ust_tracepoint),                   \
			#provider,                                             \
			#name,                                                 \
			0,                                                     \
			NULL,                                                  \
			NULL,                                                  \
			LTTNG_UST__STR args};                                  \
	static struct lttng_ust_tracepoint                                     \
		*lttng_ust__tracepoint_ptr_##provider##___##name               \
		__attribute__((used, section("__tracepoints_ptrs"))) =         \
			&lttng_ust_tracepoint_##provider##___##name;           \
	LTTNG_UST__TRACEPOINT_PROVIDER_REF(provider, name)
#else
#define LTTNG_UST__TRACEPOINT_DEFINE_SITE(provider, name, args)
#endif

#if defined(LTTNG_UST_TRACEPOINT_DEFINE) &&                                    \
	!defined(LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE)
#define LTTNG_UST__TRACEPOINT_PROVIDER_REF(provider, name)                     \
	extern int lttng_ust_tracepoint_provider_##provider;                   \
	static int *lttng_ust__provider_ref_##provider##___##name              \
		__attribute__((used)) =                                        \
			&lttng_ust_tracepoint_provider_##provider;
#else
#define LTTNG_UST__TRACEPOINT_PROVIDER_REF(provider, name)
#endif

/* Provider definition macros (lttng-ust(3)). */
#define LTTNG_UST_TP_ARGS(...) __VA_ARGS__
#define LTTNG_UST_TP_FIELDS(...) __VA_ARGS__
#define LTTNG_UST_TP_ENUM_VALUES(...) __VA_ARGS__

#define LTTNG_UST_TRACEPOINT_EVENT(provider, name, args, fields)               \
	LTTNG_UST__EVENT_CLASS_P(provider, name, (args), (fields))             \
	LTTNG_UST__EVENT_INSTANCE_P(provider, name, provider, name, (args))

#define LTTNG_UST_TRACEPOINT_EVENT_CLASS(cls_provider, cls_name, args, fields) \
	LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, (args), (fields))

#define LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(cls_provider, cls_name, provider,  \
					    name, args)                        \
	LTTNG_UST__EVENT_INSTANCE_P(cls_provider, cls_name, provider, name,    \
				    (args))

/* Field macros: recorded, and described only. */
#include <lttng/ust-tracepoint-event-write.h>
#include <lttng/ust-tracepoint-event-nowrite.h>

/* An argument the fields do not use (documents it; records nothing). */
#define lttng_ust_field_unused(expr)

/* True when `type` is signed; works for every integer type. */
#define LTTNG_UST__IS_SIGNED_TYPE(type) (((type)-1) < (type)1)

/* Enumeration mappings, inside LTTNG_UST_TP_ENUM_VALUES(). */
#define LTTNG_UST__ENUM_VALUE(value)                                           \
	{                                                                      \
		(unsigned long long)(value),                                   \
			LTTNG_UST__IS_SIGNED_TYPE(__typeof__(value))           \
	}
#define lttng_ust_field_enum_value(label, value)                               \
	{LTTNG_UST__ENUM_VALUE(value), LTTNG_UST__ENUM_VALUE(value), label, 0},
#define lttng_ust_field_enum_range(label, start, end)                          \
	{LTTNG_UST__ENUM_VALUE(start), LTTNG_UST__ENUM_VALUE(end), label, 0},
#define lttng_ust_field_enum_auto(label)                                       \
	{{~0ULL, 0}, {~0ULL, 0}, label, LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO},

#if LTTNG_UST_COMPAT_API(0)
/* API version 0 names (LTTng-UST 2.0 to 2.12), as lttng-ust(3) lists. */
#define tracepoint(provider, name, ...)                                        \
	lttng_ust_tracepoint(provider, name, __VA_ARGS__)
#define tracepoint_enabled(provider, name)                                     \
	lttng_ust_tracepoint_enabled(provider, name)
#define do_tracepoint(provider, name, ...)                                     \
	lttng_ust_do_tracepoint(provider, name, __VA_ARGS__)

#define TP_ARGS LTTNG_UST_TP_ARGS
#define TP_FIELDS LTTNG_UST_TP_FIELDS
#define TP_ENUM_VALUES LTTNG_UST_TP_ENUM_VALUES
#define TRACEPOINT_EVENT LTTNG_UST_TRACEPOINT_EVENT
#define TRACEPOINT_EVENT_CLASS LTTNG_UST_TRACEPOINT_EVENT_CLASS
/* Version 0 instances take one provider name: the class's. */
#define TRACEPOINT_EVENT_INSTANCE(provider, cls_name, name, args)              \
	LTTNG_UST__EVENT_INSTANCE_P(provider, cls_name, provider, name, (args))
#define TRACEPOINT_LOGLEVEL LTTNG_UST_TRACEPOINT_LOGLEVEL
#define TRACEPOINT_ENUM LTTNG_UST_TRACEPOINT_ENUM
#define TRACEPOINT_MODEL_EMF_URI LTTNG_UST_TRACEPOINT_MODEL_EMF_URI

#define ctf_integer lttng_ust_field_integer
#define ctf_integer_hex lttng_ust_field_integer_hex
#define ctf_integer_network lttng_ust_field_integer_network
#define ctf_integer_network_hex lttng_ust_field_integer_network_hex
#define ctf_integer_nowrite lttng_ust_field_integer_nowrite
#define ctf_float lttng_ust_field_float
#define ctf_float_nowrite lttng_ust_field_float_nowrite
#define ctf_string lttng_ust_field_string
#define ctf_string_nowrite lttng_ust_field_string_nowrite
#define ctf_array lttng_ust_field_array
#define ctf_array_nowrite lttng_ust_field_array_nowrite
#define ctf_array_hex lttng_ust_field_array_hex
#define ctf_array_nowrite_hex lttng_ust_field_array_nowrite_hex
#define ctf_array_network lttng_ust_field_array_network
#define ctf_array_network_nowrite lttng_ust_field_array_network_nowrite
#define ctf_array_network_hex lttng_ust_field_array_network_hex
#define ctf_array_network_nowrite_hex lttng_ust_field_array_network_nowrite_hex
#define ctf_array_text lttng_ust_field_array_text
#define ctf_array_text_nowrite lttng_ust_field_array_text_nowrite
#define ctf_sequence lttng_ust_field_sequence
#define ctf_sequence_nowrite lttng_ust_field_sequence_nowrite
#define ctf_sequence_hex lttng_ust_field_sequence_hex
#define ctf_sequence_nowrite_hex lttng_ust_field_sequence_nowrite_hex
#define ctf_sequence_network lttng_ust_field_sequence_network
#define ctf_sequence_network_nowrite lttng_ust_field_sequence_network_nowrite
#define ctf_sequence_network_hex lttng_ust_field_sequence_network_hex
#define ctf_sequence_network_nowrite_hex                                       \
	lttng_ust_field_sequence_network_nowrite_hex
#define ctf_sequence_text lttng_ust_field_sequence_text
#define ctf_sequence_text_nowrite lttng_ust_field_sequence_text_nowrite
#define ctf_enum lttng_ust_field_enum
#define ctf_enum_nowrite lttng_ust_field_enum_nowrite
#define ctf_enum_value lttng_ust_field_enum_value
#define ctf_enum_range lttng_ust_field_enum_range
#define ctf_enum_auto lttng_ust_field_enum_auto
#define ctf_unused lttng_ust_field_unused
#endif /* LTTNG_UST_COMPAT_API(0) */

#endif /* LTTNG_UST_TRACEPOINT_H */

/*
 * Every inclusion outside the probe generator: the event macros declare
 * tracepoint sites (and define them with LTTNG_UST_TRACEPOINT_DEFINE).
 */
#ifndef LTTNG_UST__PROBE_PASS
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__EVENT_INSTANCE_P
#define LTTNG_UST__EVENT_INSTANCE_P(cls_provider, cls_name, provider, name,   \
				    args)                                      \
	LTTNG_UST__TRACEPOINT_DECLARE(provider, name, args)
#endif
