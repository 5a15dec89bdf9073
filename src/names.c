#include "vramplan/names.h"

#include <stdlib.h>
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

/* At most this many words of up to 31 bytes each: a GPU's name has five
 * ("nvidia a100 sxm4 80gb"); a longer one is no GPU name. */
#define WORDS 12
#define WORD_BYTES 32

static int word_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* s's words, lower-cased and sorted, without the vendor's words; the
 * count, or -1 where s has too many or too long ones, or a byte outside
 * printable ASCII (as vp_name_loose keeps them: "rtx3090" and a no-break
 * space is no GPU's name) */
static int words_of(const char *s, char (*w)[WORD_BYTES])
{
	int n = 0;

	for (const char *b = s; *b != '\0'; b++)
		if ((unsigned char)*b < 0x20 || (unsigned char)*b >= 0x7f)
			return -1;
	while (*s != '\0') {
		size_t len = 0;

		while (*s != '\0' && !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
			s++;
		if (*s == '\0')
			break;
		if (n == WORDS)
			return -1;
		while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')) {
			if (len + 1 == WORD_BYTES)
				return -1;
			w[n][len++] = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
			s++;
		}
		w[n][len] = '\0';
		if (strcmp(w[n], "nvidia") != 0 && strcmp(w[n], "geforce") != 0 && strcmp(w[n], "tesla") != 0)
			n++;
	}
	qsort(w, (size_t)n, sizeof w[0], word_cmp);
	return n;
}

bool vp_name_same_words(const char *a, const char *b)
{
	char wa[WORDS][WORD_BYTES], wb[WORDS][WORD_BYTES];
	int na = words_of(a, wa), nb = words_of(b, wb);

	if (na <= 0 || na != nb)
		return false;
	for (int i = 0; i < na; i++)
		if (strcmp(wa[i], wb[i]) != 0)
			return false;
	return true;
}
