/*
 * The fixture event of the filter tests (see fixture.h). Values are
 * chosen to exercise edges: all-ones unsigned, INT64_MIN/MAX, a char array
 * shorter than its capacity, a string holding a '*'.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "filter/filter.h"
#include "fixture.h"

static const struct filter_field fields[] = {
	{"i", FILTER_FIELD_INTEGER},
	{"j", FILTER_FIELD_INTEGER},
	{"u", FILTER_FIELD_INTEGER},
	{"big", FILTER_FIELD_INTEGER},
	{"small", FILTER_FIELD_INTEGER},
	{"d", FILTER_FIELD_FLOAT},
	{"name", FILTER_FIELD_STRING},
	{"comm", FILTER_FIELD_TEXT, .elem_size = 1},
	{"star", FILTER_FIELD_STRING},
	{"arr", FILTER_FIELD_ARRAY, .elem_size = 4, .elem_signed = true},
	{"bytes", FILTER_FIELD_ARRAY, .elem_size = 1},
	{"st", FILTER_FIELD_STRUCT, .nr_nested = 2},
	{"x", FILTER_FIELD_INTEGER},
	{"s", FILTER_FIELD_STRING},
	{"e", FILTER_FIELD_INTEGER},
	{"zero", FILTER_FIELD_INTEGER},
	{"empty", FILTER_FIELD_STRING},
	{"sh", FILTER_FIELD_INTEGER},
};

static const int32_t arr[] = {10, -20, 30};
static const uint8_t bytes[] = {0xff, 1};
static const char comm[16] = "bash";

const struct filter_value fixture_values[] = {
	{.u.s64 = 42},
	{.u.s64 = -7},
	{.u.u64 = UINT64_MAX},
	{.u.s64 = INT64_MAX},
	{.u.s64 = INT64_MIN},
	{.u.dbl = 2.5},
	{.u.str = {"hello world", 11}},
	{.u.str = {comm, sizeof(comm)}},
	{.u.str = {"a*b", 3}},
	{.u.array = {arr, 3}},
	{.u.array = {bytes, 2}},
	{{0}},
	{.u.s64 = 5},
	{.u.str = {"in", 2}},
	{.u.s64 = 3},
	{.u.s64 = 0},
	{.u.str = {"", 0}},
	{.u.s64 = 64},
};

/* Context name, kind, value. */
static const struct {
	enum filter_scope scope;
	const char *name;
	enum filter_field_kind kind;
	struct filter_value value;
} contexts[] = {
	{FILTER_SCOPE_CONTEXT, "vpid", FILTER_FIELD_INTEGER, {.u.s64 = 1234}},
	{FILTER_SCOPE_CONTEXT,
	 "procname",
	 FILTER_FIELD_TEXT,
	 {.u.str = {"myapp\0\0\0", 8}}},
	{FILTER_SCOPE_CONTEXT,
	 "perf:thread:cpu-cycles",
	 FILTER_FIELD_INTEGER,
	 {.u.s64 = 1000000}},
	{FILTER_SCOPE_CONTEXT, "cpu_id", FILTER_FIELD_INTEGER, {.u.s64 = 1}},
	{FILTER_SCOPE_APP,
	 "myprov:ival",
	 FILTER_FIELD_DYNAMIC,
	 {.u.s64 = 17, .type = FILTER_VALUE_S64}},
	{FILTER_SCOPE_APP,
	 "myprov:dval",
	 FILTER_FIELD_DYNAMIC,
	 {.u.dbl = 17.5, .type = FILTER_VALUE_DOUBLE}},
	{FILTER_SCOPE_APP,
	 "myprov:sval",
	 FILTER_FIELD_DYNAMIC,
	 {.u.str = {"dyn", 3}, .type = FILTER_VALUE_STRING}},
	{FILTER_SCOPE_APP,
	 "myprov:none",
	 FILTER_FIELD_DYNAMIC,
	 {.type = FILTER_VALUE_NONE}},
};

#define NR_CONTEXTS (sizeof(contexts) / sizeof(contexts[0]))

unsigned int fixture_fetches;

static int resolve(void *priv, enum filter_scope scope, const char *name,
		   uint32_t *index, enum filter_field_kind *kind)
{
	uint32_t i;

	(void)priv;
	for (i = 0; i < NR_CONTEXTS; i++) {
		if (contexts[i].scope == scope &&
		    !strcmp(contexts[i].name, name)) {
			*index = i;
			*kind = contexts[i].kind;
			return 0;
		}
	}
	return -ENOENT;
}

bool fixture_fetch(void *priv, uint32_t index, struct filter_value *value)
{
	(void)priv;
	fixture_fetches++;
	if (index >= NR_CONTEXTS)
		return false;
	*value = contexts[index].value;
	return true;
}

const struct filter_event_layout fixture_layout = {
	.fields = fields,
	.nr_fields = sizeof(fields) / sizeof(fields[0]),
	.resolve = resolve,
};

bool fixture_eval(const char *expr)
{
	struct filter_bytecode *bc = NULL;
	struct filter_program *prog = NULL;
	struct filter_error err = {0};
	char msg[256];
	bool result;
	int ret;

	ret = filter_compile(expr, &bc, &err);
	if (ret)
		fail_msg("'%s' does not compile: %s", expr, err.message);
	ret = filter_link(bc->data, bc->len, &fixture_layout, &prog, msg,
			  sizeof(msg));
	if (ret)
		fail_msg("'%s' does not link: %s", expr, msg);
	result = filter_eval(prog, fixture_values, fixture_fetch, NULL);
	filter_program_free(prog);
	free(bc);
	return result;
}

_Static_assert(sizeof(fixture_values) / sizeof(fixture_values[0]) ==
		       sizeof(fields) / sizeof(fields[0]),
	       "one value per field descriptor");
