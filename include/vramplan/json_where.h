#ifndef VRAMPLAN_JSON_WHERE_H
#define VRAMPLAN_JSON_WHERE_H

/*
 * Where a member of a JSON object sits in its text. cJSON keeps no
 * positions once a document is parsed, so a value that parses but is
 * wrong (a string where a number belongs) would be reported without one;
 * this walks the text again to find it.
 */

#include <stdbool.h>
#include <stddef.h>

/*
 * The line and column (1-based; columns count bytes, as the parse errors'
 * do) of the key of the member reached by `path` (n keys: the top-level
 * object's member path[0], then within it path[1], ...), in the JSON text
 * of len bytes. With repeated keys, the first. False when the text does not
 * hold it (or is not well-formed there).
 */
bool vp_json_where(const char *text, size_t len, const char *const *path, size_t n, unsigned long *line,
		   unsigned long *column);

/* The same for the nth (1-based) member of that name in its object: a
 * repeated key's second occurrence is where a duplicate is reported. */
bool vp_json_where_nth(const char *text, size_t len, const char *const *path, size_t n, unsigned nth,
		       unsigned long *line, unsigned long *column);

/* RFC 8259's number, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, in
 * the n bytes at p: what Python's json.load accepts (cJSON reads whatever
 * strtod reads: 010, +1, .5, 1.). */
bool vp_json_number_ok(const char *p, size_t n);

/* The first number outside the strings of a JSON text (already parsed by
 * cJSON) that RFC 8259 refuses: true with its byte offset and length. */
bool vp_json_bad_number(const char *text, size_t len, size_t *offset, size_t *n);

/*
 * Why a JSON text failed to parse where cJSON stopped (`*offset`, a byte
 * offset into the len bytes), for the mistakes a hand-edited config makes
 * that cJSON does not name: a trailing comma, a single-quoted string, a
 * comment, Python's NaN and Infinity, True/False/None. Returns the reason
 * ("a trailing comma: JSON allows none before '}'") and moves *offset to
 * the culprit, or returns NULL and leaves *offset alone.
 */
const char *vp_json_error_hint(const char *text, size_t len, size_t *offset);

#endif
