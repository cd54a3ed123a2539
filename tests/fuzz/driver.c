/*
 * The main() a harness links with outside libFuzzer (the fuzz-corpus
 * test suite, built by any compiler): runs LLVMFuzzerTestOneInput once
 * on every file named on the command line, or in the directories named
 * there (sorted by name). A decoder defect aborts the process under
 * ASan+UBSan, naming the file it was reading.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	long size;

	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "cannot read %s: %s\n", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	/* A copy of exactly the file's size, so overreads are caught. */
	data = malloc(size ? (size_t)size : 1);
	if (!data || fread(data, 1, (size_t)size, f) != (size_t)size) {
		fprintf(stderr, "cannot read %s\n", path);
		free(data);
		fclose(f);
		return -1;
	}
	fclose(f);
	fprintf(stderr, "running %s (%ld bytes)\n", path, size);
	LLVMFuzzerTestOneInput(data, (size_t)size);
	free(data);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Runs every regular file of dir; returns the count or -1. */
static int run_dir(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, by_name), count = 0;

	if (n < 0) {
		fprintf(stderr, "cannot list %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (!stat(path, &st) && S_ISREG(st.st_mode)) {
			if (run_file(path))
				count = -1;
			else if (count >= 0)
				count++;
		}
		free(names[i]);
	}
	free(names);
	return count;
}

int main(int argc, char **argv)
{
	int total = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		int n;

		if (stat(argv[i], &st)) {
			fprintf(stderr, "%s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		n = S_ISDIR(st.st_mode) ? run_dir(argv[i])
					: (run_file(argv[i]) ? -1 : 1);
		if (n < 0)
			return 1;
		total += n;
	}
	if (!total) {
		fprintf(stderr, "no input to run\n");
		return 1;
	}
	printf("%d inputs ran\n", total);
	return 0;
}
