/*
 * Error reporting of the CTF writer: every fallible function returns a
 * negative errno value and, when the caller passes a struct ctf_error,
 * a one-line message naming the offending field, value or path. The
 * session daemon logs the message; tools print it on stderr.
 */
#ifndef CTF_ERROR_H
#define CTF_ERROR_H

#define CTF_ERROR_LEN 256

struct ctf_error {
	char message[CTF_ERROR_LEN];
};

/*
 * Formats the message into err (when err is not NULL) and returns code,
 * which must be negative, so that callers write
 * `return ctf_error_set(err, -EINVAL, "...", ...);`.
 */
int ctf_error_set(struct ctf_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* CTF_ERROR_H */
