#ifndef VRAMPLAN_UTF8_H
#define VRAMPLAN_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* True when s (NUL-terminated) is well-formed UTF-8 (RFC 3629): no overlong
 * forms, no surrogates (U+D800..U+DFFF, which cJSON decodes from lone \u
 * escapes), nothing above U+10FFFF. Strings vramplan prints as YAML or JSON
 * must pass: libyaml's emitter refuses anything else. */
bool vp_utf8_valid(const char *s);

/* True when s is valid UTF-8 without control characters (U+0000-U+001F,
 * U+007F): text that can go into a YAML scalar or a one-line message. */
bool vp_text_clean(const char *s);

/* Show each control character of s (U+0000-U+001F, U+007F) as '?', in
 * place: a name from the input (a file name with a newline) printed in a
 * one-line message or result cannot forge a second line. */
void vp_text_one_line(char *s);

/* Copy src into dst (size bytes, size >= 1), always NUL-terminated; when it
 * must be cut, cut before the character that does not fit, never inside
 * it, so valid UTF-8 stays valid. */
void vp_utf8_copy(char *dst, size_t size, const char *src);

/* s as a message shows an input it echoes: whole when it fits in buf
 * (size >= 4), else cut (as vp_utf8_copy cuts) and ended with "...", so a
 * long name cannot push the rest of the message out of its buffer; a
 * control character or a byte of no valid UTF-8 character shows as '?'.
 * Returns buf. */
const char *vp_text_shown(char *buf, size_t size, const char *s);

/* Each byte of s that starts no valid UTF-8 character becomes '?', in
 * place; control characters are kept (JSON escapes them). For text that
 * goes into JSON output, which must be UTF-8 (RFC 8259 section 8.1), from
 * inputs nothing checked: a file name is any bytes on Linux, and cJSON
 * takes a JSON file's strings and keys as they are. */
void vp_utf8_repair(char *s);

/* Drop an incomplete character at the end of s, as vsnprintf leaves when it
 * cuts a message inside one, so that valid UTF-8 input stays valid. */
void vp_utf8_trim_cut(char *s);

#endif
