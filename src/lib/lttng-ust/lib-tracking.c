/*
 * Implementation of lib-tracking.h. The known objects are an array
 * keyed by (base address, path), guarded by one mutex held across an
 * update: list the objects, record a load (reading the new object's
 * ELF file) for each unknown one, an unload for each known one no
 * longer listed, and keep the new list.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lttng-ust-lib-provider.h"

#include "elf-info/elf-info.h"
#include "lib-tracking.h"
#include "loaded-objects.h"

static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ust_object_list known;

static int same_object(const struct ust_loaded_object *a,
		       const struct ust_loaded_object *b)
{
	return a->baddr == b->baddr && !strcmp(a->path, b->path);
}

static int listed(const struct ust_object_list *list,
		  const struct ust_loaded_object *obj)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		if (same_object(&list->objects[i], obj))
			return 1;
	return 0;
}

static void record_load(void *ip, const struct ust_loaded_object *obj)
{
	struct ust_elf_info elf;

	if (obj->vdso)
		memset(&elf, 0, sizeof(elf));
	else if (ust_elf_info_read(obj->path, &elf))
		return;
	lttng_ust_tracepoint(lttng_ust_lib, load, ip, obj->baddr, obj->path,
			     elf.memsz, elf.has_build_id, elf.has_debug_link);
	if (elf.has_build_id)
		lttng_ust_tracepoint(lttng_ust_lib, build_id, ip, obj->baddr,
				     elf.build_id, elf.build_id_len);
	if (elf.has_debug_link)
		lttng_ust_tracepoint(lttng_ust_lib, debug_link, ip, obj->baddr,
				     elf.debug_link, elf.crc);
}

void lttng_ust_dl_update(void *ip)
{
	struct ust_object_list now = {0};
	size_t i;

	if (getenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP"))
		return;
	ust_object_list_read(&now);
	pthread_mutex_lock(&known_lock);
	for (i = 0; i < now.count; i++)
		if (!listed(&known, &now.objects[i]))
			record_load(ip, &now.objects[i]);
	for (i = 0; i < known.count; i++)
		if (!listed(&now, &known.objects[i]))
			lttng_ust_tracepoint(lttng_ust_lib, unload, ip,
					     known.objects[i].baddr);
	ust_object_list_fini(&known);
	known = now;
	pthread_mutex_unlock(&known_lock);
}

/*
 * Takes the first list of loaded objects. The provider itself registers
 * from its generated constructor, after lttng_ust_tracef and
 * lttng_ust_tracelog (this file is linked after theirs), which is the
 * order lttng list -u shows, like LTTng-UST's.
 */
void ust_lib_tracking_init(void)
{
	if (getenv("LTTNG_UST_WITHOUT_BADDR_STATEDUMP"))
		return;
	pthread_mutex_lock(&known_lock);
	ust_object_list_read(&known);
	pthread_mutex_unlock(&known_lock);
}

static void lib_tracking_fini(void) __attribute__((destructor));
static void lib_tracking_fini(void)
{
	pthread_mutex_lock(&known_lock);
	ust_object_list_fini(&known);
	pthread_mutex_unlock(&known_lock);
}
