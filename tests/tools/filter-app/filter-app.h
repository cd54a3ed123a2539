/*
 * The event generator shared by filter-app (traced by the session
 * daemon) and filter-eval (filtered in process).
 */
#ifndef FILTER_APP_H
#define FILTER_APP_H

/* Emits filt:ev for k = 0 .. n-1 (values: see filter-emit.c). */
void filter_app_emit(int n);

#endif /* FILTER_APP_H */
