/*
 * Implementation of btf-offsets.h: the file's type section is walked
 * once to index where each type starts (type ids are 1-based, in file
 * order); every read is checked against the section's bounds.
 */
#include <errno.h>
#include <linux/btf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf-offsets.h"

struct kernel_btf {
	uint8_t *data;
	size_t size;
	const uint8_t *types, *strings;
	uint32_t types_len, strings_len;
	const struct btf_type **index; /* index[id], id >= 1 */
	uint32_t nr_types;
};

static unsigned int kind_of(const struct btf_type *t)
{
	return BTF_INFO_KIND(t->info);
}

/* Bytes following a type's header, or -1 for an unknown kind. */
static long extra_size(const struct btf_type *t)
{
	unsigned int vlen = BTF_INFO_VLEN(t->info);

	switch (kind_of(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return (long)vlen * (long)sizeof(struct btf_member);
	case BTF_KIND_ENUM:
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * 8;
	case BTF_KIND_DATASEC:
	case BTF_KIND_ENUM64:
		return (long)vlen * 12;
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	default:
		return -1;
	}
}

static const char *name_of(const struct kernel_btf *btf, uint32_t off)
{
	if (off >= btf->strings_len)
		return "";
	if (!memchr(btf->strings + off, '\0', btf->strings_len - off))
		return "";
	return (const char *)btf->strings + off;
}

static int build_index(struct kernel_btf *btf)
{
	size_t pos = 0, cap = 1024;
	long extra;

	btf->index = calloc(cap, sizeof(*btf->index));
	if (!btf->index)
		return -ENOMEM;
	while (pos + sizeof(struct btf_type) <= btf->types_len) {
		const struct btf_type *t =
			(const struct btf_type *)(btf->types + pos);

		extra = extra_size(t);
		if (extra < 0 ||
		    pos + sizeof(*t) + (size_t)extra > btf->types_len)
			return -EINVAL;
		if (btf->nr_types + 2 > cap) {
			const struct btf_type **grown =
				realloc(btf->index, 2 * cap * sizeof(*grown));

			if (!grown)
				return -ENOMEM;
			btf->index = grown;
			cap *= 2;
		}
		btf->index[++btf->nr_types] = t;
		pos += sizeof(*t) + (size_t)extra;
	}
	return 0;
}

struct kernel_btf *kernel_btf_load(const char *path, char *err, size_t err_len)
{
	struct kernel_btf *btf = calloc(1, sizeof(*btf));
	const struct btf_header *h;
	size_t cap = 1 << 20, got;
	FILE *f = fopen(path, "rb");

	if (!btf || !f) {
		snprintf(err, err_len, "cannot read %s: %s", path,
			 strerror(errno));
		goto fail;
	}
	for (;;) { /* sysfs files have no size: read until the end */
		uint8_t *grown = realloc(btf->data, cap);

		if (!grown)
			goto fail;
		btf->data = grown;
		got = fread(btf->data + btf->size, 1, cap - btf->size, f);
		btf->size += got;
		if (btf->size < cap)
			break;
		cap *= 2;
	}
	h = (const struct btf_header *)btf->data;
	if (btf->size < sizeof(*h) || h->magic != BTF_MAGIC ||
	    (size_t)h->hdr_len + h->type_off + h->type_len > btf->size ||
	    (size_t)h->hdr_len + h->str_off + h->str_len > btf->size ||
	    h->type_off % 4) {
		snprintf(err, err_len, "%s: not a BTF file", path);
		goto fail;
	}
	btf->types = btf->data + h->hdr_len + h->type_off;
	btf->types_len = h->type_len;
	btf->strings = btf->data + h->hdr_len + h->str_off;
	btf->strings_len = h->str_len;
	if (build_index(btf)) {
		snprintf(err, err_len, "%s: malformed BTF", path);
		goto fail;
	}
	fclose(f);
	return btf;
fail:
	if (f)
		fclose(f);
	kernel_btf_free(btf);
	return NULL;
}

void kernel_btf_free(struct kernel_btf *btf)
{
	if (!btf)
		return;
	free(btf->index);
	free(btf->data);
	free(btf);
}

static const struct btf_type *type_of(const struct kernel_btf *btf, uint32_t id)
{
	return id >= 1 && id <= btf->nr_types ? btf->index[id] : NULL;
}

/* The structure named name (the first with members). */
static const struct btf_type *find_struct(const struct kernel_btf *btf,
					  const char *name)
{
	uint32_t id;

	for (id = 1; id <= btf->nr_types; id++) {
		const struct btf_type *t = btf->index[id];

		if (kind_of(t) == BTF_KIND_STRUCT && BTF_INFO_VLEN(t->info) &&
		    !strcmp(name_of(btf, t->name_off), name))
			return t;
	}
	return NULL;
}

/*
 * The bit offset of member in struct or union t, searching anonymous
 * members too (depth-limited); -1 when absent or a bit field.
 */
static long find_member(const struct kernel_btf *btf, const struct btf_type *t,
			const char *member, int depth)
{
	const struct btf_member *m = (const struct btf_member *)(t + 1);
	unsigned int i, vlen = BTF_INFO_VLEN(t->info);
	int kflag = BTF_INFO_KFLAG(t->info);
	long bits, inner;

	for (i = 0; i < vlen; i++) {
		bits = kflag ? (long)BTF_MEMBER_BIT_OFFSET(m[i].offset)
			     : (long)m[i].offset;
		if (m[i].name_off) {
			if (strcmp(name_of(btf, m[i].name_off), member))
				continue;
			if (kflag && BTF_MEMBER_BITFIELD_SIZE(m[i].offset))
				return -1;
			return bits;
		}
		if (depth < 4) { /* anonymous struct or union */
			const struct btf_type *a = type_of(btf, m[i].type);

			while (a && (kind_of(a) == BTF_KIND_TYPEDEF ||
				     kind_of(a) == BTF_KIND_CONST ||
				     kind_of(a) == BTF_KIND_VOLATILE))
				a = type_of(btf, a->type);
			if (!a || (kind_of(a) != BTF_KIND_STRUCT &&
				   kind_of(a) != BTF_KIND_UNION))
				continue;
			inner = find_member(btf, a, member, depth + 1);
			if (inner >= 0)
				return bits + inner;
		}
	}
	return -1;
}

long kernel_btf_member_offset(const struct kernel_btf *btf,
			      const char *struct_name, const char *member)
{
	const struct btf_type *t = find_struct(btf, struct_name);
	long bits = t ? find_member(btf, t, member, 0) : -1;

	return bits < 0 || bits % 8 ? -1 : bits / 8;
}

long kernel_btf_struct_size(const struct kernel_btf *btf,
			    const char *struct_name)
{
	const struct btf_type *t = find_struct(btf, struct_name);

	return t ? (long)t->size : -1;
}
