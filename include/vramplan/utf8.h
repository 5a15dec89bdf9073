#ifndef VRAMPLAN_UTF8_H
#define VRAMPLAN_UTF8_H

#include <stdbool.h>

/* True when s (NUL-terminated) is well-formed UTF-8 (RFC 3629): no overlong
 * forms, no surrogates (U+D800..U+DFFF, which cJSON decodes from lone \u
 * escapes), nothing above U+10FFFF. Strings vramplan prints as YAML or JSON
 * must pass: libyaml's emitter refuses anything else. */
bool vp_utf8_valid(const char *s);

#endif
