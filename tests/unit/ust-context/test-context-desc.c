/*
 * Unit tests of the user space context descriptions: every type's
 * event.context declaration is exactly the TSDL LTTng 2.13 writes
 * (measured with `lttng add-context -u` and babeltrace2's metadata
 * output), names of perf and application contexts, and the mapping
 * from lttng add-context types.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lttng/event.h>

#include "ctf/text.h"
#include "ctf/tsdl.h"
#include "ctf/type.h"
#include "ust-context/context-desc.h"

#define INT_DECL(size, sign)                                                   \
	"\t\tinteger { size = " #size "; align = 8; signed = " #sign           \
	"; encoding = none; base = 10; }"

/* The event.context body LTTng 2.13 wrote for these contexts. */
static const struct {
	uint32_t type;
	const char *tsdl;
} fixed[] = {
	{UST_CONTEXT_VPID, INT_DECL(32, 1) " _vpid;\n"},
	{UST_CONTEXT_VTID, INT_DECL(32, 1) " _vtid;\n"},
	{UST_CONTEXT_PROCNAME,
	 "\t\tinteger { size = 8; align = 8; signed = 1; encoding = UTF8; "
	 "base = 10; } _procname[17];\n"},
	{UST_CONTEXT_PTHREAD_ID, INT_DECL(64, 0) " _pthread_id;\n"},
	{UST_CONTEXT_IP, INT_DECL(64, 0) " _ip;\n"},
	{UST_CONTEXT_VUID, INT_DECL(32, 0) " _vuid;\n"},
	{UST_CONTEXT_VEUID, INT_DECL(32, 0) " _veuid;\n"},
	{UST_CONTEXT_VSUID, INT_DECL(32, 0) " _vsuid;\n"},
	{UST_CONTEXT_VGID, INT_DECL(32, 0) " _vgid;\n"},
	{UST_CONTEXT_VEGID, INT_DECL(32, 0) " _vegid;\n"},
	{UST_CONTEXT_VSGID, INT_DECL(32, 0) " _vsgid;\n"},
	{UST_CONTEXT_CGROUP_NS, INT_DECL(64, 0) " _cgroup_ns;\n"},
	{UST_CONTEXT_IPC_NS, INT_DECL(64, 0) " _ipc_ns;\n"},
	{UST_CONTEXT_MNT_NS, INT_DECL(64, 0) " _mnt_ns;\n"},
	{UST_CONTEXT_NET_NS, INT_DECL(64, 0) " _net_ns;\n"},
	{UST_CONTEXT_PID_NS, INT_DECL(64, 0) " _pid_ns;\n"},
	{UST_CONTEXT_TIME_NS, INT_DECL(64, 0) " _time_ns;\n"},
	{UST_CONTEXT_USER_NS, INT_DECL(64, 0) " _user_ns;\n"},
	{UST_CONTEXT_UTS_NS, INT_DECL(64, 0) " _uts_ns;\n"},
};

static char *render(const struct ust_context_desc *desc)
{
	struct ctf_type *scope = ctf_type_struct_create();
	struct ctf_text text;
	char *out;

	assert_non_null(scope);
	assert_int_equal(ust_ctx_add_ctf_fields(scope, desc), 0);
	ctf_text_init(&text);
	ctf_tsdl_fields(&text, scope, 2);
	assert_false(ctf_text_failed(&text));
	out = strdup(text.buf);
	ctf_text_fini(&text);
	ctf_type_destroy(scope);
	return out;
}

static void test_fixed_contexts_are_declared_like_lttng(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		struct ust_context_desc desc = {.type = fixed[i].type};
		char *tsdl = render(&desc);

		assert_string_equal(tsdl, fixed[i].tsdl);
		free(tsdl);
	}
}

static void test_perf_counter_is_a_64_bit_unsigned_named_by_daemon(void **s)
{
	struct ust_context_desc desc = {
		.type = UST_CONTEXT_PERF_THREAD_COUNTER,
		.perf_type = 1,
		.perf_config = 2,
		.name = "perf_thread_page_fault",
	};
	char *tsdl;

	(void)s;
	tsdl = render(&desc);
	assert_string_equal(tsdl,
			    INT_DECL(64, 0) " _perf_thread_page_fault;\n");
	free(tsdl);
}

static void test_app_context_is_a_tagged_variant_like_lttng(void **state)
{
	struct ust_context_desc desc = {.type = UST_CONTEXT_APP_CONTEXT,
					.name = "myctx",
					.provider = "myprov"};
	char name[64], *tsdl;

	(void)state;
	assert_int_equal(ust_ctx_field_name(&desc, name, sizeof(name)), 0);
	assert_string_equal(name, "_app_myprov_myctx");
	tsdl = render(&desc);
	assert_non_null(strstr(tsdl,
			       "\t\tenum : integer { size = 8; align = 8; "
			       "signed = 1; encoding = none; base = "
			       "10; } {\n\t\t\t\"_none\" = 0,\n"));
	assert_non_null(strstr(tsdl, "\t\t\t\"_string\" = 11,\n\t\t} "
				     "__app_myprov_myctx_tag;\n"));
	assert_non_null(strstr(tsdl, "\t\tvariant <__app_myprov_myctx_tag> {"));
	assert_non_null(strstr(tsdl, "floating_point { exp_dig = 11; mant_dig "
				     "= 53; align = 8; } _double;\n"));
	assert_non_null(strstr(tsdl, "\t\t\tstring _string;\n\t\t} "
				     "__app_myprov_myctx;\n"));
	free(tsdl);
}

static void test_lttng_types_map_to_the_app_protocol(void **state)
{
	struct ust_context_desc desc;

	(void)state;
	assert_int_equal(ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_VPID, 0, 0,
						 NULL, NULL, NULL, &desc),
			 0);
	assert_int_equal(desc.type, UST_CONTEXT_VPID);
	assert_int_equal(
		ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER,
					4, 0x110, "perf_thread_raw_r0110_foo",
					NULL, NULL, &desc),
		0);
	assert_int_equal(desc.type, UST_CONTEXT_PERF_THREAD_COUNTER);
	assert_int_equal(desc.perf_type, 4);
	assert_int_equal(desc.perf_config, 0x110);
	assert_string_equal(desc.name, "perf_thread_raw_r0110_foo");
	assert_int_equal(
		ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_APP_CONTEXT, 0, 0,
					NULL, "prov", "ctx", &desc),
		0);
	assert_string_equal(desc.provider, "prov");
	assert_string_equal(desc.name, "ctx");
	/* Kernel-only types and empty names are refused. */
	assert_int_equal(ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_PRIO, 0, 0,
						 NULL, NULL, NULL, &desc),
			 -EINVAL);
	assert_int_equal(
		ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_APP_CONTEXT, 0, 0,
					NULL, "", "ctx", &desc),
		-EINVAL);
	assert_int_equal(
		ust_ctx_desc_from_lttng(LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER, 0,
					0, "perf_cpu_x", NULL, NULL, &desc),
		-EINVAL);
}

static void test_filter_names_find_fixed_types(void **state)
{
	(void)state;
	assert_int_equal(ust_ctx_type_info_by_name("vtid")->type,
			 UST_CONTEXT_VTID);
	assert_int_equal(ust_ctx_type_info_by_name("cpu_id")->type,
			 UST_CONTEXT_CPU_ID);
	assert_null(ust_ctx_type_info_by_name("prio"));
	assert_null(ust_ctx_type_info(UST_CONTEXT_APP_CONTEXT));
	assert_string_equal(ust_ctx_dynamic_label(UST_CTX_DYN_U16), "_uint16");
	assert_null(ust_ctx_dynamic_label(UST_CTX_DYN_NR));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_contexts_are_declared_like_lttng),
		cmocka_unit_test(
			test_perf_counter_is_a_64_bit_unsigned_named_by_daemon),
		cmocka_unit_test(
			test_app_context_is_a_tagged_variant_like_lttng),
		cmocka_unit_test(test_lttng_types_map_to_the_app_protocol),
		cmocka_unit_test(test_filter_names_find_fixed_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
