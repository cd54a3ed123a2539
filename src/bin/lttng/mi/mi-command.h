/*
 * The document `lttng --mi xml COMMAND` prints on stdout: the XML
 * declaration, the <command> root (LTTng MI 4.1 namespace and schema
 * location), the command's <name>, its <output> and, for most commands,
 * <success>. Commands write their result elements into <output> with
 * the writer mi_command_writer() returns.
 */
#ifndef LTTNG_CLI_MI_COMMAND_H
#define LTTNG_CLI_MI_COMMAND_H

#include <stdbool.h>

#include "mi-writer.h"

/* How the document ends: with <success>true/false</success>, or not. */
enum mi_success {
	MI_SUCCESS_OMIT = -1,
	MI_SUCCESS_FALSE = 0,
	MI_SUCCESS_TRUE = 1,
};

/* Whether --mi xml was given (set by lttng.c). */
bool mi_enabled(void);
void mi_enable(void);

/* Write the declaration, <command>, <name>name</name> and open <output>. */
struct mi_writer *mi_command_begin(const char *name);

/* The writer of the document begun (NULL before mi_command_begin). */
struct mi_writer *mi_command_writer(void);

/* Close <output> (and anything left open in it), write <success>. */
void mi_command_end(enum mi_success success);

/*
 * A whole document whose <output> is empty, or holds only an empty
 * container element (e.g. "sessions"; NULL for none): what LTTng prints
 * when a command stops before doing anything.
 */
void mi_command_print_empty(const char *name, const char *container,
			    enum mi_success success);

/* MI_SUCCESS_TRUE when a command's result (enum cmd_result) is 0. */
enum mi_success mi_success_of(int ret);

#endif /* LTTNG_CLI_MI_COMMAND_H */
