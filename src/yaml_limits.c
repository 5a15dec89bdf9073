#include "vramplan/yaml_limits.h"

#include <yaml.h>

/* Fewer opening brackets than the limit cannot nest deeper than it: the
 * event scan below is then skipped (no second parse for ordinary files). */
static int few_brackets(const char *text, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if ((text[i] == '[' || text[i] == '{') && ++n > VP_YAML_MAX_DEPTH)
			return 0;
	return 1;
}

int vp_yaml_check_depth(const char *name, const char *text, size_t len, struct vp_error *err)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	unsigned depth = 0;
	int rc = 0, done = 0;

	if (few_brackets(text, len))
		return 0;
	if (!yaml_parser_initialize(&parser))
		return vp_error_at(err, VP_ERR_IO, name, 0, 0, "out of memory while reading YAML");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	/* libyaml's own events, so what counts as nesting is exactly what
	 * YAML says; the scan stops at the first level past the limit, before
	 * the scanner's cost grows with the depth */
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev))
			break; /* a syntax error: the loader reports it with its position */
		switch (ev.type) {
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (++depth > VP_YAML_MAX_DEPTH) {
				rc = vp_error_at(err, VP_ERR_INPUT, name, (unsigned long)ev.start_mark.line + 1,
						 (unsigned long)ev.start_mark.column + 1, "nesting deeper than %d levels",
						 VP_YAML_MAX_DEPTH);
				done = 1;
			}
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			if (depth > 0)
				depth--;
			break;
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	return rc;
}

void vp_yaml_clamp_mark(const char *text, size_t len, unsigned long *line, unsigned long *column)
{
	unsigned long lines = 1, last_len = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (text[i] == '\n' && i + 1 < len) {
			lines++;
			last_len = 0;
		} else if (text[i] != '\n') {
			last_len++;
		}
	}
	if (*line > lines) {
		*line = lines;
		*column = last_len + 1;
	}
}

void vp_yaml_error_position(const yaml_parser_t *p, const char *text, size_t len, unsigned long *line,
			    unsigned long *column)
{
	size_t i;

	if (p->error == YAML_READER_ERROR) {
		*line = *column = 1;
		for (i = 0; i < p->problem_offset && i < len; i++) {
			if (text[i] == '\n') {
				++*line;
				*column = 1;
			} else {
				++*column;
			}
		}
		return;
	}
	*line = (unsigned long)p->problem_mark.line + 1;
	*column = (unsigned long)p->problem_mark.column + 1;
	vp_yaml_clamp_mark(text, len, line, column);
}
