#ifndef VRAMPLAN_ERROR_H
#define VRAMPLAN_ERROR_H

/*
 * Errors travel up as a struct vp_error filled once by the callee that found
 * the problem and printed once by the CLI. Library code never prints and never
 * exits. A zeroed struct means "no error".
 *
 * Printed form (GNU style):  vramplan: FILE:LINE:COL: message
 *                            vramplan: FILE: message     (no position known)
 *                            vramplan: message           (no file)
 */

#include <stddef.h>

enum vp_status {
	VP_OK = 0,
	VP_ERR_INPUT = 2, /* bad user input: a flag, a value, a file's contents */
	VP_ERR_IO = 3     /* a file could not be read or written */
};

struct vp_error {
	enum vp_status code;
	char file[512];
	unsigned long line;   /* 1-based; 0 = unknown */
	unsigned long column; /* 1-based; 0 = unknown */
	char message[768]; /* room for the list of supported model types */
	/* The input the error is about, where the callee knows it and has no
	 * position for it: a field of struct vp_train ("seq_len", "batch",
	 * "lora_targets"), a string literal; NULL otherwise. A caller that
	 * read that input from a file points the error there. */
	const char *about;
};

/* err->about = field, for an error just set (err may be NULL); returns -1. */
int vp_error_about(struct vp_error *err, const char *field);

/* Fill err (which may be NULL) and return -1, so callers can write
 * `return vp_error_set(err, VP_ERR_INPUT, "...", x);`. */
int vp_error_set(struct vp_error *err, enum vp_status code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Same, with a position inside a file. file may be NULL. */
int vp_error_at(struct vp_error *err, enum vp_status code, const char *file,
		unsigned long line, unsigned long column, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 6, 7)))
#endif
	;

/* Format the one-line diagnostic (without the "vramplan: " prefix). */
void vp_error_format(const struct vp_error *err, char *buf, size_t size);

/*
 * Every function above returns -1. The clang static analyzer reads one file
 * at a time and cannot see that in error.c, so it follows paths where a
 * caller's `return vp_error_at(...)` returned 0 and reports the garbage those
 * paths would read (scripts/analyze.sh). For it alone, the calls say so.
 */
#if defined(__clang_analyzer__) && !defined(VP_ERROR_DEFINING)
#define vp_error_set(...) (vp_error_set(__VA_ARGS__), -1)
#define vp_error_at(...) (vp_error_at(__VA_ARGS__), -1)
#define vp_error_about(...) (vp_error_about(__VA_ARGS__), -1)
#endif

#endif
