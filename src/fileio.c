/* POSIX open/fstat/read: C11 alone cannot tell a directory from a file. */
#define _POSIX_C_SOURCE 200809L

#include "vramplan/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_fail(int fd, char *buf, struct vp_error *err, const char *path, int errnum)
{
	free(buf);
	if (fd >= 0)
		close(fd);
	return vp_error_set(err, VP_ERR_IO, "cannot read '%s': %s", path, strerror(errnum));
}

int vp_read_file(const char *path, char **out, size_t *len, struct vp_error *err)
{
	struct stat st;
	char *buf = NULL;
	size_t cap, used = 0;
	int fd;

	*out = NULL;
	*len = 0;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return vp_error_set(err, VP_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) != 0)
		return read_fail(fd, NULL, err, path, errno);
	/* open(2) succeeds on a directory and read(2) then fails with EISDIR
	 * on Linux but returns entries elsewhere; decide here, once. */
	if (S_ISDIR(st.st_mode))
		return read_fail(fd, NULL, err, path, EISDIR);

	/* st_size is only a hint: pipes report 0 and files may grow. Keep one
	 * spare byte so that a file of exactly the cap is read to EOF. */
	cap = 4096;
	if (S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size < VP_READ_FILE_MAX)
		cap = (size_t)st.st_size + 2;
	buf = malloc(cap);
	if (buf == NULL)
		return read_fail(fd, NULL, err, path, ENOMEM);
	for (;;) {
		ssize_t n;

		if (used + 1 == cap) {
			size_t ncap = cap * 2;
			char *nbuf;

			if (ncap > VP_READ_FILE_MAX + 2)
				ncap = VP_READ_FILE_MAX + 2;
			nbuf = realloc(buf, ncap);
			if (nbuf == NULL)
				return read_fail(fd, buf, err, path, ENOMEM);
			buf = nbuf;
			cap = ncap;
		}
		n = read(fd, buf + used, cap - 1 - used);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return read_fail(fd, buf, err, path, errno);
		}
		if (n == 0)
			break;
		used += (size_t)n;
		if (used > VP_READ_FILE_MAX) {
			free(buf);
			close(fd);
			return vp_error_set(err, VP_ERR_INPUT,
					    "file '%s' is too large (expected at most %zu MiB)",
					    path, VP_READ_FILE_MAX >> 20);
		}
	}
	close(fd);
	buf[used] = '\0';
	*out = buf;
	*len = used;
	return 0;
}
