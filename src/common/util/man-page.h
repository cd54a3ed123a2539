/*
 * Showing one of the toolkit's manual pages, as every program's --help
 * does: where the pages are (the build tree's doc/man when the program
 * runs from the build tree, else the share/man beside the installed
 * program), whether a page is there, and running the man reader on it
 * (LTTNG_MAN_BIN_PATH, else /usr/bin/man, with -M naming that directory
 * as LTTng passes its MANPATH).
 */
#ifndef UTIL_MAN_PAGE_H
#define UTIL_MAN_PAGE_H

#include <stdbool.h>

/*
 * The directory holding man1/, man3/, man7/ and man8/ for the running
 * program. The pointer stays valid for the life of the process.
 */
const char *man_page_dir(void);

/* Whether PAGE(SECTION) is in man_page_dir(), compressed or not. */
bool man_page_exists(int section, const char *page);

/*
 * Replace this process by the man reader showing PAGE(SECTION) from
 * man_page_dir(). Returns only when the reader could not be run, with
 * errno saying why.
 */
void man_page_exec(int section, const char *page);

#endif /* UTIL_MAN_PAGE_H */
