#ifndef VRAMPLAN_YAML_LIMITS_H
#define VRAMPLAN_YAML_LIMITS_H

/*
 * A byte-level guard run before libyaml sees an input: libyaml's scanner
 * slows down with the square of the flow-collection depth (100,000 nested
 * '[' take tens of seconds), and the installed libyaml 0.2.5 has no
 * yaml_set_max_nest_level(). No vramplan input nests more than a few levels.
 */

#include <stddef.h>

#include <yaml.h>

#include "vramplan/error.h"

#define VP_YAML_MAX_DEPTH 64

/* Returns 0, or -1 with err at the collection that goes deeper than
 * VP_YAML_MAX_DEPTH levels (block or flow), found by libyaml's event
 * parser, which stops there; a file with at most VP_YAML_MAX_DEPTH '[' and
 * '{' characters is not parsed twice. */
int vp_yaml_check_depth(const char *name, const char *text, size_t len, struct vp_error *err);

/* libyaml places an error at the end of input one line past the last line
 * of a text without a final newline (docs/robustness.md F10). Clamp a
 * 1-based (line, column) to at most just after the text's last character,
 * so an annotation never points outside the file. */
void vp_yaml_clamp_mark(const char *text, size_t len, unsigned long *line, unsigned long *column);

/* Where the parser's error lies, 1-based: a reader error (bad encoding)
 * carries a byte offset only, counted here in text; the others a mark,
 * clamped as above. */
void vp_yaml_error_position(const yaml_parser_t *p, const char *text, size_t len, unsigned long *line,
			    unsigned long *column);

#endif
