/*
 * Loads an LTTng agent's native library (built by Debian against
 * LTTng-UST 2.13) with dlopen() and fires its tracepoint through the
 * entry point its agent calls, without the agent itself:
 *
 *   agent_native python LIB   py_tracepoint() of the Python agent
 *   agent_native jul LIB      the JUL handler's JNI tracepoint, given a
 *                             minimal JNIEnv whose strings are C strings
 *
 * This program is built with no tracer header: the tracer comes in with
 * the library's own dependency on liblttng-ust.so.1.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The JNIEnv slots the JUL library calls (jni.h's function table). */
#define JNI_GET_STRING_UTF_CHARS 169
#define JNI_RELEASE_STRING_UTF_CHARS 170
#define JNI_TABLE_SIZE 240

static const char *get_string_utf_chars(void *env, const char *s, char *copy)
{
	(void)env;
	if (copy)
		*copy = 0;
	return s;
}

static void release_string_utf_chars(void *env, const char *s, const char *c)
{
	(void)env;
	(void)s;
	(void)c;
}

static void *jni_table[JNI_TABLE_SIZE];
static void **jni_env = jni_table;

int main(int argc, char **argv)
{
	void *lib;

	if (argc != 3) {
		fprintf(stderr, "usage: %s python|jul LIB\n", argv[0]);
		return 2;
	}
	lib = dlopen(argv[2], RTLD_NOW);
	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	if (!strcmp(argv[1], "python")) {
		void (*tp)(const char *, const char *, const char *,
			   const char *, unsigned int, unsigned int,
			   unsigned int, const char *) =
			(void (*)(const char *, const char *, const char *,
				  const char *, unsigned int, unsigned int,
				  unsigned int, const char *))dlsym(lib,
								    "py_tracepoint");

		if (!tp)
			return 1;
		tp("2026-01-02 03:04:05,678", "hello from python", "compat.log",
		   "compat_func", 42, 30, 7, "MainThread");
	} else {
		void (*tp)(void *, void *, const char *, const char *,
			   const char *, const char *, long long, int, int) =
			(void (*)(void *, void *, const char *, const char *,
				  const char *, const char *, long long, int,
				  int))dlsym(lib, "Java_org_lttng_ust_agent_jul_"
						  "LttngJulApi_tracepoint");

		if (!tp)
			return 1;
		jni_table[JNI_GET_STRING_UTF_CHARS] =
			(void *)get_string_utf_chars;
		jni_table[JNI_RELEASE_STRING_UTF_CHARS] =
			(void *)release_string_utf_chars;
		tp(&jni_env, NULL, "hello from java", "compat.logger",
		   "CompatClass", "compatMethod", 1234567890123LL, 800, 7);
	}
	return 0;
}
