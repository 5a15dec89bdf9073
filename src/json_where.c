/*
 * vp_json_where: a second, shallow walk over JSON text that knows only
 * strings, brackets, ':' and ','. The text has already been parsed by
 * cJSON, so nothing here validates; a malformed stretch only means "not
 * found".
 */
#include "vramplan/json_where.h"

#include <ctype.h>
#include <string.h>

/* Deep enough for any config.json path vramplan names (two levels). */
#define MAX_DEPTH 64

struct walk {
	const char *text;
	size_t len, pos;
	unsigned long line, bol; /* current line, offset of its first byte */
};

static void advance(struct walk *w)
{
	if (w->text[w->pos] == '\n') {
		w->line++;
		w->bol = w->pos + 1;
	}
	w->pos++;
}

/* At an opening quote: the string's extent (contents start, length),
 * leaving pos after the closing quote. False at the end of the text. */
static bool skip_string(struct walk *w, size_t *start, size_t *n)
{
	advance(w); /* the quote */
	*start = w->pos;
	while (w->pos < w->len && w->text[w->pos] != '"') {
		if (w->text[w->pos] == '\\' && w->pos + 1 < w->len)
			advance(w);
		advance(w);
	}
	if (w->pos >= w->len)
		return false;
	*n = w->pos - *start;
	advance(w);
	return true;
}

bool vp_json_where(const char *text, size_t len, const char *const *path, size_t n, unsigned long *line,
		   unsigned long *column)
{
	return vp_json_where_nth(text, len, path, n, 1, line, column);
}

bool vp_json_where_nth(const char *text, size_t len, const char *const *path, size_t n, unsigned nth,
		       unsigned long *line, unsigned long *column)
{
	struct walk w = {text, len, 0, 1, 0};
	/* per open container: an object?, expecting a key?, and whether the
	 * path matches down to here (the object at depth d is path[d-1]'s) */
	bool object[MAX_DEPTH], want_key[MAX_DEPTH], on_path[MAX_DEPTH + 1];
	size_t depth = 0;
	const char *pending = NULL; /* the key just read at the current depth */
	size_t pending_n = 0;

	if (text == NULL || path == NULL || n == 0 || n > MAX_DEPTH || nth == 0)
		return false;
	/* columns count from after a UTF-8 byte order mark, as an editor's do */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		w.pos = w.bol = 3;
	on_path[0] = true;
	while (w.pos < w.len) {
		char ch = w.text[w.pos];

		if (ch == '"') {
			size_t start, k, key_line = w.line, key_col = w.pos - w.bol + 1;

			if (!skip_string(&w, &start, &k))
				return false;
			if (depth > 0 && object[depth - 1] && want_key[depth - 1]) {
				pending = w.text + start;
				pending_n = k;
				if (on_path[depth] && depth == n && strlen(path[n - 1]) == k &&
				    memcmp(pending, path[n - 1], k) == 0 && --nth == 0) {
					*line = key_line;
					*column = key_col;
					return true;
				}
			}
			continue;
		}
		if (ch == '{' || ch == '[') {
			if (depth == MAX_DEPTH)
				return false;
			/* the top-level object is on the path; below it, an object
			 * that is the value of the member path[depth - 1] */
			if (depth == 0)
				on_path[1] = ch == '{';
			else
				on_path[depth + 1] = ch == '{' && object[depth - 1] && on_path[depth] && depth < n &&
						     pending != NULL && strlen(path[depth - 1]) == pending_n &&
						     memcmp(pending, path[depth - 1], pending_n) == 0;
			object[depth] = ch == '{';
			want_key[depth] = ch == '{';
			depth++;
			pending = NULL;
		} else if (ch == '}' || ch == ']') {
			if (depth == 0)
				return false;
			depth--;
			pending = NULL;
		} else if (ch == ':') {
			if (depth > 0)
				want_key[depth - 1] = false;
		} else if (ch == ',') {
			if (depth > 0 && object[depth - 1])
				want_key[depth - 1] = true;
			pending = NULL;
		}
		advance(&w);
	}
	return false;
}

/*
 * RFC 8259's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, which
 * Python's json.load holds to. cJSON reads whatever strtod reads (010, +1,
 * .5, 1.), so a config the trainer's loader refuses would pass.
 */
bool vp_json_number_ok(const char *p, size_t n)
{
	size_t i = 0;

	if (i < n && p[i] == '-')
		i++;
	if (i < n && p[i] == '0')
		i++;
	else if (i < n && p[i] >= '1' && p[i] <= '9')
		while (i < n && p[i] >= '0' && p[i] <= '9')
			i++;
	else
		return false;
	if (i < n && p[i] == '.') {
		if (++i >= n || p[i] < '0' || p[i] > '9')
			return false;
		while (i < n && p[i] >= '0' && p[i] <= '9')
			i++;
	}
	if (i < n && (p[i] == 'e' || p[i] == 'E')) {
		i++;
		if (i < n && (p[i] == '+' || p[i] == '-'))
			i++;
		if (i >= n || p[i] < '0' || p[i] > '9')
			return false;
		while (i < n && p[i] >= '0' && p[i] <= '9')
			i++;
	}
	return i == n;
}

bool vp_json_bad_number(const char *text, size_t len, size_t *offset, size_t *n)
{
	struct walk w = {text, len, 0, 1, 0};
	size_t start, slen;

	while (w.pos < w.len) {
		char ch = w.text[w.pos];

		if (ch == '"') {
			if (!skip_string(&w, &start, &slen))
				return false;
			continue;
		}
		if (ch == '-' || ch == '+' || ch == '.' || (ch >= '0' && ch <= '9')) {
			start = w.pos;
			while (w.pos < w.len && strchr("+-0123456789.eE", w.text[w.pos]) != NULL && w.text[w.pos] != '\0')
				w.pos++;
			if (!vp_json_number_ok(w.text + start, w.pos - start)) {
				*offset = start;
				*n = w.pos - start;
				return true;
			}
			continue;
		}
		advance(&w);
	}
	return false;
}

static bool json_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Does the word at p (n bytes left) start with w, not followed by a name's
 * next character? */
static bool word_at(const char *p, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && memcmp(p, w, k) == 0 &&
	       (n == k || !(isalnum((unsigned char)p[k]) || p[k] == '_'));
}

/* The mistake that starts at p, if it is one of vp_json_error_hint's */
static const char *mistake_at(const char *text, size_t len, size_t p)
{
	if (text[p] == '\'')
		return "a single-quoted string: JSON's strings take double quotes";
	if (text[p] == '#' || (text[p] == '/' && p + 1 < len && (text[p + 1] == '/' || text[p + 1] == '*')))
		return "a comment: JSON has none";
	/* Python's json.dump writes NaN and Infinity (allow_nan), which JSON
	 * and cJSON refuse; True, False and None are Python's spellings */
	if (word_at(text + p, len - p, "NaN") || word_at(text + p, len - p, "Infinity") ||
	    (text[p] == '-' && word_at(text + p + 1, len - p - 1, "Infinity")))
		return "NaN or Infinity: JSON has no such number (Python's json.dump writes them)";
	if (word_at(text + p, len - p, "True") || word_at(text + p, len - p, "False") ||
	    word_at(text + p, len - p, "None"))
		return "a Python literal: JSON spells them true, false and null";
	return NULL;
}

/* Is byte p inside a double-quoted string (its contents or closing quote)?
 * cJSON stops there at an escape it refuses ("#\d+", "\u12"), where the
 * bytes before are the string's own text, not a mistake of the kinds named
 * here. */
static bool in_string(const char *text, size_t p)
{
	bool in = false;

	for (size_t i = 0; i < p; i++) {
		if (in && text[i] == '\\')
			i++;
		else if (text[i] == '"')
			in = !in;
	}
	return in;
}

const char *vp_json_error_hint(const char *text, size_t len, size_t *offset)
{
	size_t at = *offset < len ? *offset : len, p;
	const char *why;

	if (len == 0)
		return NULL;
	/* cJSON stops on the offending byte or one past it */
	p = at < len && !json_space(text[at]) ? at : (at > 0 ? at - 1 : 0);
	while (p > 0 && json_space(text[p]))
		p--;
	if (in_string(text, p))
		return NULL;
	if (text[p] == '}' || text[p] == ']') {
		size_t q = p;

		while (q > 0 && json_space(text[q - 1]))
			q--;
		if (q > 0 && text[q - 1] == ',') {
			*offset = q - 1;
			return text[p] == '}' ? "a trailing comma: JSON allows none before '}'"
					      : "a trailing comma: JSON allows none before ']'";
		}
		return NULL;
	}
	if ((why = mistake_at(text, len, p)) != NULL) {
		*offset = p;
		return why;
	}
	if (p > 0 && (why = mistake_at(text, len, p - 1)) != NULL) {
		*offset = p - 1;
		return why;
	}
	return NULL;
}
