/*
 * The trace reader lttng-crash runs on the traces it recovered when it
 * is not asked to extract them: the --viewer command line (split on
 * spaces), else babeltrace2 when it is on the PATH, else babeltrace;
 * the trace directory is its last argument.
 */
#ifndef CRASH_VIEWER_H
#define CRASH_VIEWER_H

/*
 * Runs the reader (command NULL: the default one) on trace_dir and
 * waits for it. 0 once it ran, whatever its exit status (as LTTng's
 * lttng-crash); -1 when it could not be started (reported).
 */
int viewer_run(const char *command, const char *trace_dir);

#endif /* CRASH_VIEWER_H */
