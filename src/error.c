/* the definitions, not the analyzer's view of their calls (error.h) */
#define VP_ERROR_DEFINING
#include "vramplan/error.h"
#include "vramplan/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void set_message(struct vp_error *err, const char *fmt, va_list ap)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 0)))
#endif
	;

static void set_message(struct vp_error *err, const char *fmt, va_list ap)
{
	if (vsnprintf(err->message, sizeof err->message, fmt, ap) >= (int)sizeof err->message) {
		/* too long (an input echoed whole): cut at a word's end where
		 * one is near, and say it was cut, rather than end mid-word */
		size_t end = sizeof err->message - 4;
		char *space;

		err->message[end] = '\0';
		vp_utf8_trim_cut(err->message); /* cut inside a character */
		space = strrchr(err->message, ' ');
		if (space != NULL && strlen(space) < 48)
			*space = '\0';
		strcat(err->message, "...");
	}
	/* one line: control characters from the input (a quoted key with a
	 * newline, a tab in a file name) show as '?' */
	vp_text_one_line(err->message);
}

int vp_error_set(struct vp_error *err, enum vp_status code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	memset(err, 0, sizeof *err);
	err->code = code;
	va_start(ap, fmt);
	set_message(err, fmt, ap);
	va_end(ap);
	return -1;
}

int vp_error_about(struct vp_error *err, const char *field)
{
	if (err != NULL)
		err->about = field;
	return -1;
}

int vp_error_at(struct vp_error *err, enum vp_status code, const char *file,
		unsigned long line, unsigned long column, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	memset(err, 0, sizeof *err);
	err->code = code;
	if (file != NULL) {
		vp_utf8_copy(err->file, sizeof err->file, file);
		vp_text_one_line(err->file);
	}
	err->line = line;
	err->column = column;
	va_start(ap, fmt);
	set_message(err, fmt, ap);
	va_end(ap);
	return -1;
}

void vp_error_format(const struct vp_error *err, char *buf, size_t size)
{
	if (err->file[0] != '\0' && err->line > 0 && err->column > 0)
		snprintf(buf, size, "%s:%lu:%lu: %s", err->file, err->line, err->column, err->message);
	else if (err->file[0] != '\0' && err->line > 0)
		snprintf(buf, size, "%s:%lu: %s", err->file, err->line, err->message);
	else if (err->file[0] != '\0')
		snprintf(buf, size, "%s: %s", err->file, err->message);
	else
		snprintf(buf, size, "%s", err->message);
}
