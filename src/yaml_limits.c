#include "vramplan/yaml_limits.h"

int vp_yaml_check_depth(const char *name, const char *text, size_t len, struct vp_error *err)
{
	unsigned long line = 1, col = 0;
	unsigned depth = 0;
	char quote = 0;
	int comment = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		char ch = text[i];

		col++;
		if (ch == '\n') {
			line++;
			col = 0;
			comment = 0;
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
			}
			continue;
		}
		switch (ch) {
		case '#':
			/* a comment starts at a '#' after a blank or at a line start */
			if (col == 1 || text[i - 1] == ' ' || text[i - 1] == '\t')
				comment = 1;
			break;
		case '"':
		case '\'':
			quote = ch;
			break;
		case '[':
		case '{':
			if (++depth > VP_YAML_MAX_DEPTH)
				return vp_error_at(err, VP_ERR_INPUT, name, line, col,
						   "nesting deeper than %d levels", VP_YAML_MAX_DEPTH);
			break;
		case ']':
		case '}':
			if (depth > 0)
				depth--;
			break;
		default:
			break;
		}
	}
	return 0;
}
