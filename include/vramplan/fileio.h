#ifndef VRAMPLAN_FILEIO_H
#define VRAMPLAN_FILEIO_H

/*
 * Whole-file reading for the catalogue, config.json and case files.
 * Inputs are small text files, so one read into memory keeps the parsers
 * simple; the cap stops a wrong path (a disk image, /dev/zero) from eating
 * the machine.
 */

#include <stddef.h>

#include "vramplan/error.h"

/* The largest file vp_read_file() accepts. */
#define VP_READ_FILE_MAX ((size_t)64 << 20)

/*
 * Read all of `path` into a new buffer. On success *out points to len bytes
 * followed by a '\0' (so text parsers may treat it as a string), the caller
 * owns it and releases it with free(), and the function returns 0. An empty
 * file gives *len == 0 and a valid buffer.
 *
 * Returns -1 with err filled and *out == NULL when the file cannot be opened
 * or read, or is a directory (VP_ERR_IO), or is larger than VP_READ_FILE_MAX
 * (VP_ERR_INPUT).
 */
int vp_read_file(const char *path, char **out, size_t *len, struct vp_error *err);

#endif
