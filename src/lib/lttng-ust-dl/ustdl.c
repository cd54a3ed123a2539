/*
 * liblttng-ust-dl.so (lttng-ust-dl(3)): preloaded, it wraps dlopen(),
 * dlmopen() and dlclose() and records lttng_ust_dl:dlopen / dlmopen
 * (with build_id and debug_link when the file has them) after a
 * successful load, and lttng_ust_dl:dlclose before an unload, for
 * objects with a non-zero load address (l_addr of their link map), as
 * LTTng-UST 2.13 does. The file's details come from its ELF headers
 * (liblttng-ust's elf-info/elf-info.h). After each call liblttng-ust
 * compares the loaded objects with those it knew (lttng_ust_lib:load /
 * unload).
 */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "ust-dl-provider.h"

#include "elf-info/elf-info.h"

#define UST_DL_API __attribute__((visibility("default")))

/* liblttng-ust: records lttng_ust_lib:load/unload for what changed. */
void lttng_ust_dl_update(void *ip);

/* The C library's definition of `name` (NULL: report and fail). */
static void *next_symbol(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn)
		fprintf(stderr, "liblttng-ust-dl: cannot find %s: %s\n", name,
			dlerror());
	return fn;
}

/* The link map of a handle when it names an object loaded at an offset. */
static struct link_map *loaded_map(void *handle)
{
	struct link_map *map = NULL;

	if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &map) == -1 || !map ||
	    map->l_addr == 0)
		return NULL;
	return map;
}

/* The file of a map and its ELF details; 0 when both are known. */
static int describe(const struct link_map *map, char *path,
		    struct ust_elf_info *elf)
{
	if (!realpath(map->l_name, path))
		return -1;
	return ust_elf_info_read(path, elf);
}

static void record_details(void *ip, void *baddr,
			   const struct ust_elf_info *elf)
{
	if (elf->has_build_id)
		lttng_ust_tracepoint(lttng_ust_dl, build_id, ip, baddr,
				     elf->build_id, elf->build_id_len);
	if (elf->has_debug_link)
		lttng_ust_tracepoint(lttng_ust_dl, debug_link, ip, baddr,
				     elf->debug_link, elf->crc);
}

static void record_dlopen(void *handle, int flags, void *ip)
{
	struct link_map *map = loaded_map(handle);
	struct ust_elf_info elf;
	char path[PATH_MAX];
	void *baddr;

	if (!map || describe(map, path, &elf))
		return;
	baddr = (void *)map->l_addr;
	lttng_ust_tracepoint(lttng_ust_dl, dlopen, ip, baddr, path, flags,
			     elf.memsz, elf.has_build_id, elf.has_debug_link);
	record_details(ip, baddr, &elf);
}

static void record_dlmopen(void *handle, Lmid_t nsid, int flags, void *ip)
{
	struct link_map *map = loaded_map(handle);
	struct ust_elf_info elf;
	char path[PATH_MAX];
	void *baddr;

	if (!map || describe(map, path, &elf))
		return;
	baddr = (void *)map->l_addr;
	lttng_ust_tracepoint(lttng_ust_dl, dlmopen, ip, baddr, nsid, path,
			     flags, elf.memsz, elf.has_build_id,
			     elf.has_debug_link);
	record_details(ip, baddr, &elf);
}

UST_DL_API void *dlopen(const char *filename, int flags)
{
	static void *(*libc_dlopen)(const char *, int);
	void *handle;

	if (!libc_dlopen)
		libc_dlopen =
			(void *(*)(const char *, int))next_symbol("dlopen");
	if (!libc_dlopen)
		return NULL;
	handle = libc_dlopen(filename, flags);
	record_dlopen(handle, flags, __builtin_return_address(0));
	lttng_ust_dl_update(__builtin_return_address(0));
	return handle;
}

UST_DL_API void *dlmopen(Lmid_t nsid, const char *filename, int flags)
{
	static void *(*libc_dlmopen)(Lmid_t, const char *, int);
	void *handle;

	if (!libc_dlmopen)
		libc_dlmopen = (void *(*)(Lmid_t, const char *,
					  int))next_symbol("dlmopen");
	if (!libc_dlmopen)
		return NULL;
	handle = libc_dlmopen(nsid, filename, flags);
	record_dlmopen(handle, nsid, flags, __builtin_return_address(0));
	lttng_ust_dl_update(__builtin_return_address(0));
	return handle;
}

UST_DL_API int dlclose(void *handle)
{
	static int (*libc_dlclose)(void *);
	struct link_map *map = loaded_map(handle);
	int ret;

	if (!libc_dlclose)
		libc_dlclose = (int (*)(void *))next_symbol("dlclose");
	if (!libc_dlclose)
		return -1;
	if (map)
		lttng_ust_tracepoint(lttng_ust_dl, dlclose,
				     __builtin_return_address(0),
				     (void *)map->l_addr);
	ret = libc_dlclose(handle);
	lttng_ust_dl_update(__builtin_return_address(0));
	return ret;
}
