/*
 * Implementation of statedump.h. The loaded objects are listed first
 * (loaded-objects.h), then each one's ELF file is read and its events
 * recorded; an object whose file cannot be read as ELF is left out.
 */
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "lttng-ust-statedump-provider.h"

#include "common/ust-log.h"
#include "elf-info/elf-info.h"
#include "listener.h"
#include "loaded-objects.h"
#include "statedump.h"

__thread const void *ust_statedump_session
	__attribute__((tls_model("initial-exec")));

static void dump_object(const void *session,
			const struct ust_loaded_object *obj)
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
	struct ust_object_list list = {0};
	size_t i;

	ust_object_list_read(&list);
	for (i = 0; i < list.count; i++)
		dump_object(session, &list.objects[i]);
	ust_object_list_fini(&list);
}

static void dump_procname(const void *session)
{
	char name[UST_STATEDUMP_PROCNAME_LEN + 1] = {0};

	/* the process name, not that of this (listener) thread */
	strncpy(name, ust_listener_procname(), UST_STATEDUMP_PROCNAME_LEN);
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
