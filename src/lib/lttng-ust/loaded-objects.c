/*
 * Implementation of loaded-objects.h: one dl_iterate_phdr() walk,
 * naming each object from its first PT_LOAD segment.
 */
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loaded-objects.h"

static struct ust_loaded_object *list_append(struct ust_object_list *list)
{
	struct ust_loaded_object *grown;

	if (list->count == list->cap) {
		size_t cap = list->cap ? list->cap * 2 : 32;

		grown = realloc(list->objects, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		list->objects = grown;
		list->cap = cap;
	}
	return memset(&list->objects[list->count++], 0, sizeof(*list->objects));
}

/* Name the object as LTTng-UST does; 0 to keep it, -1 to skip it. */
static int name_object(struct ust_object_list *list, const char *name,
		       struct ust_loaded_object *obj)
{
	ssize_t len;

	if (!name || !name[0]) {
		if (list->exec_found) {
			snprintf(obj->path, sizeof(obj->path), "[vdso]");
			obj->vdso = 1;
			return 0;
		}
		list->exec_found = 1;
		len = readlink("/proc/self/exe", obj->path,
			       sizeof(obj->path) - 1);
		if (len <= 0)
			return -1;
		obj->path[len] = '\0';
		return 0;
	}
	if (!realpath(name, obj->path)) {
		snprintf(obj->path, sizeof(obj->path), "[%s]", name);
		obj->vdso = 1;
	}
	return 0;
}

static int collect_object(struct dl_phdr_info *info, size_t size, void *priv)
{
	struct ust_object_list *list = priv;
	struct ust_loaded_object *obj;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		if (info->dlpi_phdr[i].p_type != PT_LOAD)
			continue;
		obj = list_append(list);
		if (!obj)
			return 1; /* out of memory: stop listing */
		obj->baddr =
			(void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
		if (name_object(list, info->dlpi_name, obj))
			list->count--;
		break;
	}
	return 0;
}

void ust_object_list_read(struct ust_object_list *list)
{
	dl_iterate_phdr(collect_object, list);
}

void ust_object_list_fini(struct ust_object_list *list)
{
	free(list->objects);
	list->objects = NULL;
	list->count = 0;
	list->cap = 0;
}
