#include "vramplan/yaml_limits.h"

/* Does a flow collection or a quoted scalar start here? In block context
 * only where a value can start: at the start of a line (after indentation),
 * or after ':', '-' or '?' and a blank. Inside a flow collection also after
 * '[', '{' and ','. Elsewhere '[', '{' and quotes are plain characters of a
 * scalar ("m??[[x" is one plain scalar). */
static int value_starts(char prev, unsigned depth)
{
	if (prev == 0 || prev == ':' || prev == '-' || prev == '?')
		return 1;
	return depth > 0 && (prev == '[' || prev == '{' || prev == ',');
}

int vp_yaml_check_depth(const char *name, const char *text, size_t len, struct vp_error *err)
{
	unsigned long line = 1, col = 0;
	unsigned depth = 0;
	char quote = 0, prev = 0;
	int comment = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		char ch = text[i];

		col++;
		if (ch == '\n') {
			line++;
			col = 0;
			comment = 0;
			if (quote == 0)
				prev = depth > 0 ? ',' : 0;
			continue;
		}
		if (comment)
			continue;
		if (quote != 0) {
			if (ch == '\\' && quote == '"' && i + 1 < len && text[i + 1] != '\n') {
				i++;
				col++;
			} else if (ch == quote) {
				quote = 0;
				prev = 'x';
			}
			continue;
		}
		switch (ch) {
		case ' ':
		case '\t':
			continue; /* prev is the last non-blank character */
		case '#':
			/* a comment starts at a '#' after a blank or at a line start */
			if (col == 1 || text[i - 1] == ' ' || text[i - 1] == '\t') {
				comment = 1;
				continue;
			}
			break;
		case '"':
		case '\'':
			if (value_starts(prev, depth)) {
				quote = ch;
				continue;
			}
			break;
		case '[':
		case '{':
			if (value_starts(prev, depth) && ++depth > VP_YAML_MAX_DEPTH)
				return vp_error_at(err, VP_ERR_INPUT, name, line, col,
						   "nesting deeper than %d levels", VP_YAML_MAX_DEPTH);
			break;
		case ']':
		case '}':
			if (depth > 0)
				depth--;
			break;
		case '-':
		case ':':
		case '?':
			/* an indicator only when a blank follows ("- x", "k: v");
			 * in a flow collection "k":v is allowed too */
			if (!(i + 1 >= len || text[i + 1] == ' ' || text[i + 1] == '\t' || text[i + 1] == '\n' ||
			      text[i + 1] == '\r' || (depth > 0 && ch == ':'))) {
				prev = 'x';
				continue;
			}
			break;
		default:
			break;
		}
		prev = ch;
	}
	return 0;
}
