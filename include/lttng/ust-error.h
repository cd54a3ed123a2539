/*
 * <lttng/ust-error.h>: the error codes of the protocol between
 * liblttng-ust and the session daemon (sent negated in replies), and
 * lttng_ust_strerror(), their text.
 */
#ifndef LTTNG_UST_ERROR_H
#define LTTNG_UST_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_ust_error_code {
	LTTNG_UST_OK = 0,
	LTTNG_UST_ERR = 1024,		     /* unknown error */
	LTTNG_UST_ERR_NOENT = 1025,	     /* no such object */
	LTTNG_UST_ERR_EXIST = 1026,	     /* the object exists */
	LTTNG_UST_ERR_INVAL = 1027,	     /* invalid argument */
	LTTNG_UST_ERR_PERM = 1028,	     /* permission denied */
	LTTNG_UST_ERR_NOSYS = 1029,	     /* not implemented */
	LTTNG_UST_ERR_EXITING = 1030,	     /* the process is exiting */
	LTTNG_UST_ERR_INVAL_MAGIC = 1031,    /* bad registration magic */
	LTTNG_UST_ERR_INVAL_SOCKET_TYPE = 1032,
	LTTNG_UST_ERR_UNSUP_MAJOR = 1033,    /* protocol major not supported */
	LTTNG_UST_ERR_PEERCRED = 1034,	     /* no peer credentials */
	LTTNG_UST_ERR_PEERCRED_PID = 1035,   /* peer in another pid namespace */
	LTTNG_UST_ERR_NR,		     /* one past the last */
};

/*
 * The text of -code, code being 0 or a negated lttng_ust_error_code;
 * "Unknown error" for anything else.
 */
const char *lttng_ust_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_ERROR_H */
