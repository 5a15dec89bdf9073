#include "vramplan/yaml_out.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>

void vp_yaml_send(struct vp_yaml_out *y, int initialized)
{
	if (y->failed)
		return;
	if (!initialized || !yaml_emitter_emit(&y->em, &y->ev))
		y->failed = true;
}

void vp_yaml_scalar(struct vp_yaml_out *y, const char *s, bool quoted)
{
	if (y->failed)
		return;
	vp_yaml_send(y, yaml_scalar_event_initialize(&y->ev, NULL, NULL, (yaml_char_t *)(uintptr_t)s, -1, 1, 1,
						     quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
							    : YAML_PLAIN_SCALAR_STYLE));
}

static bool same_word(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	return *a == *b;
}

bool vp_yaml_ambiguous(const char *s)
{
	static const char *const words[] = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~", NULL};
	size_t i;

	if (s[0] == '\0' || isdigit((unsigned char)s[0]) || s[0] == '.' || s[0] == '+' || s[0] == '-')
		return true;
	for (i = 0; words[i] != NULL; i++)
		if (same_word(s, words[i]))
			return true;
	return false;
}
