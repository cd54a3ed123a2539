/*
 * Implementation of record-filter.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "kernel-metadata.h"
#include "record-filter.h"

#define MAX_FILTER_FIELDS KERNEL_RECORD_FILTER_MAX_FIELDS

/* The contexts a kernel filter may name ($ctx.NAME). */
enum filter_context {
	CTX_PID,
	CTX_TID,
	CTX_PPID,
	CTX_PRIO,
	CTX_PROCNAME,
	CTX_CPU_ID,
};

static const struct {
	const char *name;
	enum filter_context ctx;
	enum filter_field_kind kind;
} filter_contexts[] = {
	{"pid", CTX_PID, FILTER_FIELD_INTEGER},
	{"vpid", CTX_PID, FILTER_FIELD_INTEGER},
	{"tid", CTX_TID, FILTER_FIELD_INTEGER},
	{"vtid", CTX_TID, FILTER_FIELD_INTEGER},
	{"ppid", CTX_PPID, FILTER_FIELD_INTEGER},
	{"vppid", CTX_PPID, FILTER_FIELD_INTEGER},
	{"prio", CTX_PRIO, FILTER_FIELD_INTEGER},
	{"procname", CTX_PROCNAME, FILTER_FIELD_STRING},
	{"cpu_id", CTX_CPU_ID, FILTER_FIELD_INTEGER},
};

static int resolve_context(void *priv, enum filter_scope scope,
			   const char *name, uint32_t *index,
			   enum filter_field_kind *kind)
{
	size_t i;

	(void)priv;
	if (scope != FILTER_SCOPE_CONTEXT)
		return -ENOENT;
	for (i = 0; i < sizeof(filter_contexts) / sizeof(*filter_contexts);
	     i++) {
		if (!strcmp(name, filter_contexts[i].name)) {
			*index = (uint32_t)filter_contexts[i].ctx;
			*kind = filter_contexts[i].kind;
			return 0;
		}
	}
	return -ENOENT;
}

/* The filter's view of one planned field. */
static void describe(const struct kernel_field_plan *p, struct filter_field *f)
{
	memset(f, 0, sizeof(*f));
	f->name = p->name;
	switch (p->kind) {
	case KERNEL_FIELD_INT:
		f->kind = FILTER_FIELD_INTEGER;
		break;
	case KERNEL_FIELD_TEXT_ARRAY:
		f->kind = FILTER_FIELD_TEXT;
		f->elem_size = 1;
		break;
	case KERNEL_FIELD_STRING_LOC:
	case KERNEL_FIELD_STRING_FLEX:
	case KERNEL_FIELD_BPF_STRING:
		f->kind = FILTER_FIELD_STRING;
		break;
	case KERNEL_FIELD_TGID:
	case KERNEL_FIELD_PID_NS_INUM:
		f->kind = FILTER_FIELD_INTEGER;
		break;
	case KERNEL_FIELD_INT_ARRAY:
	case KERNEL_FIELD_SEQ_LOC:
	case KERNEL_FIELD_VTIDS:
		f->kind = FILTER_FIELD_ARRAY;
		f->elem_size = (uint8_t)p->elem_size;
		f->elem_signed = p->is_signed;
		break;
	}
}

/* Compiles and links one rule's expression for ec. */
static int create_program(const char *expression,
			  const struct kernel_event_class *ec,
			  struct filter_program **out, char *err,
			  size_t err_len)
{
	struct filter_field fields[MAX_FILTER_FIELDS];
	struct filter_event_layout layout = {.fields = fields,
					     .resolve = resolve_context};
	struct filter_bytecode *bc = NULL;
	struct filter_error ferr;
	char msg[256] = "";
	size_t i;
	int ret;

	if (ec->nr_plans > MAX_FILTER_FIELDS) {
		snprintf(err, err_len, "event %s has too many fields",
			 ec->name);
		return -EINVAL;
	}
	for (i = 0; i < ec->nr_plans; i++)
		describe(&ec->plans[i], &fields[i]);
	layout.nr_fields = (uint32_t)ec->nr_plans;
	ret = filter_compile(expression, &bc, &ferr);
	if (ret) {
		snprintf(err, err_len, "filter '%s': %s", expression,
			 ferr.message);
		return ret == -ENOMEM ? -ENOMEM : -EINVAL;
	}
	ret = filter_link(bc->data, bc->len, &layout, out, msg, sizeof(msg));
	free(bc);
	if (ret)
		snprintf(err, err_len, "filter '%s' on %s: %s", expression,
			 ec->name, msg);
	return ret;
}

void kernel_record_filters_clear(struct kernel_event_class *ec)
{
	size_t i;

	for (i = 0; i < ec->filters.nr_programs; i++)
		filter_program_free(ec->filters.programs[i]);
	free(ec->filters.programs);
	memset(&ec->filters, 0, sizeof(ec->filters));
}

/* Adds the program of one rule's expression [begin, end). */
static int add_rule(struct kernel_event_class *ec, const char *begin,
		    const char *end, char *err, size_t err_len)
{
	struct kernel_record_filters *f = &ec->filters;
	struct filter_program **grown, *program = NULL;
	char *expression = strndup(begin, (size_t)(end - begin));
	int ret;

	if (!expression)
		return -ENOMEM;
	ret = create_program(expression, ec, &program, err, err_len);
	free(expression);
	if (ret)
		return ret;
	grown = realloc(f->programs, (f->nr_programs + 1) * sizeof(*grown));
	if (!grown) {
		filter_program_free(program);
		return -ENOMEM;
	}
	grown[f->nr_programs++] = program;
	f->programs = grown;
	return 0;
}

int kernel_record_filters_set(struct kernel_event_class *ec,
			      const char *expressions, char *err,
			      size_t err_len)
{
	const char *begin = expressions, *end;
	int ret, result = 0;

	kernel_record_filters_clear(ec);
	ec->filters.active = true;
	for (;;) {
		end = strchr(begin, CONSUMER_KERNEL_FILTER_RULE_SEPARATOR);
		if (!end)
			end = begin + strlen(begin);
		ret = add_rule(ec, begin, end, err, err_len);
		if (ret == -ENOMEM)
			return ret;
		if (ret)
			result = ret;
		if (!*end)
			return result;
		begin = end + 1;
	}
}

static uint64_t load(const uint8_t *p, unsigned int size)
{
	uint64_t v = 0;

	memcpy(&v, p, size); /* little endian */
	return v;
}

static int64_t sign_extend(uint64_t v, unsigned int size)
{
	unsigned int shift = 64 - 8 * size;

	return size >= 8 ? (int64_t)v : (int64_t)(v << shift) >> shift;
}

/*
 * The value of one planned field of record r (bounds were checked);
 * captured: the string laid out for a BPF string field, or NULL.
 */
static struct filter_value value_of(const struct kernel_field_plan *p,
				    const struct tracefs_record *r,
				    const char *captured)
{
	struct filter_value v = {.type = FILTER_VALUE_S64};
	uint32_t loc;
	size_t off, len;

	switch (p->kind) {
	case KERNEL_FIELD_INT:
		v.u.u64 = load(r->data + p->offset, p->size);
		if (p->is_signed || p->bias)
			v.u.s64 = sign_extend(v.u.u64, p->size) + p->bias;
		break;
	case KERNEL_FIELD_TEXT_ARRAY:
		v.type = FILTER_VALUE_STRING;
		v.u.str.ptr = (const char *)r->data + p->offset;
		v.u.str.len = p->size;
		break;
	case KERNEL_FIELD_INT_ARRAY:
		v.u.array.ptr = r->data + p->offset;
		v.u.array.count = p->count;
		break;
	case KERNEL_FIELD_TGID:
	case KERNEL_FIELD_PID_NS_INUM:
	case KERNEL_FIELD_VTIDS:
		/* Filters see the thread id these fields derive from. */
		v.u.s64 = sign_extend(load(r->data + p->offset, 4), 4);
		if (p->kind == KERNEL_FIELD_VTIDS) {
			v.u.array.ptr = r->data + p->offset;
			v.u.array.count = 1;
		}
		break;
	case KERNEL_FIELD_BPF_STRING:
		v.type = FILTER_VALUE_STRING;
		v.u.str.ptr = captured ? captured : "";
		v.u.str.len = strlen(v.u.str.ptr);
		break;
	default: /* __data_loc, __rel_loc and flexible fields */
		if (p->kind == KERNEL_FIELD_STRING_FLEX || p->count) {
			off = p->offset < r->size ? p->offset : r->size;
			len = r->size - off;
		} else {
			loc = (uint32_t)load(r->data + p->offset, 4);
			off = (loc & 0xffff) +
			      (p->is_rel_loc ? p->offset + 4 : 0);
			len = loc >> 16;
			if (off + len > r->size)
				off = len = 0;
		}
		if (p->kind == KERNEL_FIELD_SEQ_LOC) {
			v.u.array.ptr = r->data + off;
			v.u.array.count = len / p->elem_size;
		} else {
			v.type = FILTER_VALUE_STRING;
			v.u.str.ptr = (const char *)r->data + off;
			v.u.str.len = len;
		}
		break;
	}
	return v;
}

struct fetch_state {
	const struct kernel_thread_info *thread;
	uint32_t cpu;
};

static bool fetch_context(void *priv, uint32_t index,
			  struct filter_value *value)
{
	const struct fetch_state *st = priv;

	value->type = FILTER_VALUE_S64;
	switch ((enum filter_context)index) {
	case CTX_PID:
		value->u.s64 = st->thread->pid;
		return true;
	case CTX_TID:
		value->u.s64 = st->thread->tid;
		return true;
	case CTX_PPID:
		value->u.s64 = st->thread->ppid;
		return true;
	case CTX_PRIO:
		value->u.s64 = st->thread->prio;
		return true;
	case CTX_CPU_ID:
		value->u.s64 = st->cpu;
		return true;
	case CTX_PROCNAME:
		value->type = FILTER_VALUE_STRING;
		value->u.str.ptr = st->thread->comm;
		value->u.str.len = strlen(st->thread->comm);
		return true;
	}
	return false;
}

bool kernel_record_filter_keep(const struct kernel_event_class *ec,
			       const struct tracefs_record *r,
			       const char *const *captured,
			       struct kernel_process_table *threads,
			       uint32_t cpu)
{
	struct filter_value values[MAX_FILTER_FIELDS];
	struct fetch_state st = {.cpu = cpu};
	struct kernel_thread_info unknown = {0};
	int32_t tid;
	size_t i;

	if (!ec->filters.active)
		return true;
	if (!ec->filters.nr_programs) /* no rule can apply to this event */
		return false;
	for (i = 0; i < ec->nr_plans; i++)
		values[i] = value_of(&ec->plans[i], r,
				     captured ? captured[i] : NULL);
	memcpy(&tid, r->data + 4, 4); /* common_pid */
	if (threads) {
		st.thread = kernel_process_table_get(threads, tid);
	} else {
		unknown.tid = unknown.pid = tid;
		st.thread = &unknown;
	}
	for (i = 0; i < ec->filters.nr_programs; i++) {
		if (filter_eval(ec->filters.programs[i], values, fetch_context,
				&st))
			return true;
	}
	return false;
}
