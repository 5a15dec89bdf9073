#include "vramplan/utf8.h"

#include <string.h>

/* The length of the valid UTF-8 character at s (RFC 3629: no overlong
 * form, no surrogate, nothing above U+10FFFF), 0 where s holds none. */
static int char_len(const unsigned char *s)
{
	unsigned char c = *s;
	unsigned long cp;
	int n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 1;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 2;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 3;
		cp = c & 0x07;
	} else {
		return 0; /* a continuation byte, 0xc0/0xc1 or above 0xf4 */
	}
	for (i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0; /* also stops at the terminating NUL */
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n + 1;
}

bool vp_utf8_valid(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	for (; *s != 0; s += n)
		if ((n = char_len(s)) == 0)
			return false;
	return true;
}

bool vp_text_clean(const char *s)
{
	const char *p;

	for (p = s; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return false;
	return vp_utf8_valid(s);
}

void vp_text_one_line(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

void vp_utf8_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size) {
		n = size - 1;
		/* back off over continuation bytes to the lead byte of the
		 * character that was cut, and drop that character too */
		if (((unsigned char)src[n] & 0xC0) == 0x80) {
			while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
				n--;
		}
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Each byte that starts no valid character, and each control character,
 * becomes '?': an echoed input cannot put a broken character or a line of
 * its own into a message (a terminal or a CI log shows either). */
static void text_printable(char *str)
{
	unsigned char *s = (unsigned char *)str;
	int n;

	for (; *s != 0; s += n) {
		n = char_len(s);
		if (n == 0 || *s < 0x20 || *s == 0x7f) {
			*s = '?';
			n = 1;
		}
	}
}

void vp_utf8_repair(char *str)
{
	unsigned char *s = (unsigned char *)str;
	int n;

	for (; *s != 0; s += n) {
		n = char_len(s);
		if (n == 0) {
			*s = '?';
			n = 1;
		}
	}
}

const char *vp_text_shown(char *buf, size_t size, const char *s)
{
	if (strlen(s) < size) {
		memcpy(buf, s, strlen(s) + 1);
	} else {
		vp_utf8_copy(buf, size - 3, s);
		strcat(buf, "...");
	}
	text_printable(buf);
	return buf;
}

void vp_utf8_trim_cut(char *s)
{
	size_t n = strlen(s), lead, need;
	unsigned char c;

	if (n == 0)
		return;
	/* the last lead byte, at most three continuation bytes back */
	lead = n - 1;
	while (lead > 0 && n - lead < 4 && ((unsigned char)s[lead] & 0xC0) == 0x80)
		lead--;
	c = (unsigned char)s[lead];
	if (c < 0x80)
		return;
	need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	if (n - lead < need)
		s[lead] = '\0';
}
