#include "vramplan/names.h"

#include <string.h>

size_t vp_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, prev[97], cur[97];

	if (la > 96 || lb > 96)
		return 99;
	for (j = 0; j <= lb; j++)
		prev[j] = j;
	for (i = 1; i <= la; i++) {
		cur[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1, sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			cur[j] = del < ins ? (del < sub ? del : sub) : (ins < sub ? ins : sub);
		}
		memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
	}
	return prev[lb];
}

static void drop_prefix(char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n) == 0 && s[n] != '\0')
		memmove(s, s + n, strlen(s + n) + 1);
}

void vp_name_loose(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	if (size == 0)
		return;
	for (; s != NULL && *s != '\0' && n + 1 < size; s++) {
		char c = *s;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		/* Only ASCII punctuation and spaces are spelling; a byte outside
		 * printable ASCII (invalid UTF-8, a control byte, a letter of
		 * another script) stays, so "mt\xff5" is not mt5 but unknown. */
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (unsigned char)c < 0x20 ||
		    (unsigned char)c >= 0x7f)
			buf[n++] = c;
	}
	buf[n] = '\0';
	drop_prefix(buf, "nvidia");
	drop_prefix(buf, "geforce");
	drop_prefix(buf, "tesla");
}
