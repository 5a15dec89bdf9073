#include "vramplan/utf8.h"

#include <string.h>

bool vp_utf8_valid(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s != 0) {
		unsigned char c = *s;
		unsigned long cp;
		int n, i;

		if (c < 0x80) {
			s++;
			continue;
		}
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
			return false; /* a continuation byte, 0xc0/0xc1 or above 0xf4 */
		}
		for (i = 1; i <= n; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return false; /* also stops at the terminating NUL */
			cp = (cp << 6) | (s[i] & 0x3f);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		s += n + 1;
	}
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

const char *vp_text_shown(char *buf, size_t size, const char *s)
{
	if (strlen(s) < size) {
		memcpy(buf, s, strlen(s) + 1);
		return buf;
	}
	vp_utf8_copy(buf, size - 3, s);
	strcat(buf, "...");
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
