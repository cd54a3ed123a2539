/*
 * Implementation of statedump.h. The loaded objects are listed with
 * dl_iterate_phdr() first (the loader lock is held there, so nothing is
 * recorded inside), then each one's ELF file is read and its events
 * recorded. Objects as LTTng-UST 2.13 reports them: the base address is
 * that of the first PT_LOAD segment; the unnamed first entry is the
 * executable (/proc/self/exe), other unnamed ones "[vdso]", a name that
 * is no file "[name]" (both without ELF details); an object whose file
 * cannot be read as ELF is left out.
 */
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lttng-ust-statedump-provider.h"

#include "common/ust-log.h"
#include "elf-info.h"
#include "statedump.h"

__thread const void *ust_statedump_session
	__attribute__((tls_model("initial-exec")));

struct loaded_object {
	void *baddr;
	int vdso; /* no file to read: [vdso] and the like */
	char path[PATH_MAX];
};

struct object_list {
	struct loaded_object *objects;
	size_t count;
	size_t cap;
	int exec_found;
};

static struct loaded_object *list_append(struct object_list *list)
{
	struct loaded_object *grown;

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
static int name_object(struct object_list *list, const char *name,
		       struct loaded_object *obj)
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
	struct object_list *list = priv;
	struct loaded_object *obj;
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

static void dump_object(const void *session, const struct loaded_object *obj)
{
	struct ust_elf_info elf;

	if (obj->vdso) {
		memset(&elf, 0, sizeof(elf));
	} else if (ust_elf_info_read(obj->path, &elf)) {
		ust_log("state dump: cannot read %s as ELF, left out",
			obj->path);
		return;
	}
	lttng_ust_tracepoint(lttng_ust_statedump, bin_info, session, obj->baddr,
			     obj->path, elf.memsz, elf.is_pic, elf.has_build_id,
			     elf.has_debug_link);
	if (elf.has_build_id)
		lttng_ust_tracepoint(lttng_ust_statedump, build_id, session,
				     obj->baddr, elf.build_id,
				     elf.build_id_len);
	if (elf.has_debug_link)
		lttng_ust_tracepoint(lttng_ust_statedump, debug_link, session,
				     obj->baddr, elf.debug_link, elf.crc);
}

static void dump_objects(const void *session)
{
	struct object_list list = {0};
	size_t i;

	dl_iterate_phdr(collect_object, &list);
	for (i = 0; i < list.count; i++)
		dump_object(session, &list.objects[i]);
	free(list.objects);
}

static void dump_procname(const void *session)
{
	char name[UST_STATEDUMP_PROCNAME_LEN + 1] = {0};

	if (prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0))
		return;
	lttng_ust_tracepoint(lttng_ust_statedump, procname, session, name);
}

/*
 * The tracer's constructor runs before this module's generated ones
 * and at once serves the daemons, whose first session start wants a
 * state dump: register this module's tracepoint sites and the state
 * dump provider now. The generated constructors, run later, find both
 * done (the provider's second registration is refused as a duplicate);
 * the extra site registration is balanced by the destructor below.
 */
void ust_statedump_init(void)
{
	lttng_ust__tracepoint_ptrs_init();
	lttng_ust__probe_init___lttng_ust_statedump();
}

static void statedump_fini(void) __attribute__((destructor));
static void statedump_fini(void)
{
	lttng_ust__tracepoint_ptrs_fini();
}

void ust_statedump_run(const void *session)
{
	ust_statedump_session = session;
	lttng_ust_tracepoint(lttng_ust_statedump, start, session);
	if (!getenv("LTTNG_UST_WITHOUT_PROCNAME_STATEDUMP"))
		dump_procname(session);
	if (!getenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP"))
		dump_objects(session);
	lttng_ust_tracepoint(lttng_ust_statedump, end, session);
	ust_statedump_session = NULL;
}
