/*
 * liblttng-ust: the objects (executable, shared libraries, vDSO) loaded
 * in the process, listed as LTTng-UST 2.13 reports them in its state
 * dump and lttng_ust_lib:* events: the base address is that of the
 * first PT_LOAD segment; the unnamed first entry is the executable
 * (/proc/self/exe), other unnamed ones "[vdso]", and a name that is no
 * file "[name]" (both marked vdso: no ELF file to read).
 */
#ifndef UST_LOADED_OBJECTS_H
#define UST_LOADED_OBJECTS_H

#include <limits.h>
#include <stddef.h>

struct ust_loaded_object {
	void *baddr;
	int vdso;
	char path[PATH_MAX];
};

struct ust_object_list {
	struct ust_loaded_object *objects; /* malloc'd */
	size_t count;
	size_t cap;
	int exec_found;
};

/*
 * Lists the loaded objects into *list (zero it first; free with
 * ust_object_list_fini). Runs dl_iterate_phdr(): nothing is recorded
 * while the loader's lock is held. Out of memory shortens the list.
 */
void ust_object_list_read(struct ust_object_list *list);

void ust_object_list_fini(struct ust_object_list *list);

#endif /* UST_LOADED_OBJECTS_H */
