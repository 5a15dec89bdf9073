/*
 * Reading a training config's tree (src/tree.c): errors at a node's
 * line:column, the notes on ignored keys and stated defaults, and the typed
 * values (counts, flags, strings, LoRA target lists).
 */
#include "trainconfig_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/checked.h"
#include "vramplan/names.h"
#include "vramplan/sizes.h"
#include "vramplan/utf8.h"

int vp_tc_fail_at(struct ctx *c, unsigned long line, unsigned long column, const char *fmt, ...)
{
	char msg[sizeof c->err->message];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return vp_error_at(c->err, VP_ERR_INPUT, c->file, line, column, "%s", msg);
}

/* Give a callee's message (vp_*_parse) the position of node n. */
int vp_tc_reposition(struct ctx *c, const struct vp_tnode *n, const char *path)
{
	char msg[sizeof c->err->message];

	snprintf(msg, sizeof msg, "%s", c->err != NULL ? c->err->message : "");
	/* vp_parse_* name `what` themselves */
	if (strstr(msg, path) != NULL)
		return vp_tc_fail_at(c, n->line, n->column, "%s", msg);
	return vp_tc_fail_at(c, n->line, n->column, "'%s': %s", path, msg);
}

void vp_tc_set_origin(struct vp_tc_origin *o, const char *path, const struct vp_tmember *m)
{
	snprintf(o->key, sizeof o->key, "%.*s", (int)sizeof o->key - 1, path);
	o->line = m->line;
	o->column = m->column;
}

const char *vp_tc_kind_name(const struct vp_tnode *n)
{
	switch (n->kind) {
	case VP_T_NULL:
		return "null";
	case VP_T_SCALAR:
		return n->quoted ? "a string" : "a scalar";
	case VP_T_SEQ:
		return "a list";
	case VP_T_MAP:
		return "a mapping";
	}
	return "?";
}

static int grow_notes(struct vp_tc_note **arr, size_t *n)
{
	struct vp_tc_note *g;

	if (*n >= SIZE_MAX / sizeof **arr - 1)
		return -1;
	g = realloc(*arr, (*n + 1) * sizeof **arr);
	if (g == NULL)
		return -1;
	*arr = g;
	memset(&g[*n], 0, sizeof g[*n]);
	(*n)++;
	return 0;
}

int vp_tc_note_default(struct vp_trainconfig *tc, struct vp_error *err, const char *key, const char *fmt, ...)
{
	struct vp_tc_note *n;
	va_list ap;

	if (grow_notes(&tc->defaults, &tc->n_defaults) != 0)
		return vp_error_set(err, VP_ERR_IO, "out of memory");
	n = &tc->defaults[tc->n_defaults - 1];
	vp_utf8_copy(n->key, sizeof n->key, key);
	va_start(ap, fmt);
	if (vsnprintf(n->text, sizeof n->text, fmt, ap) >= (int)sizeof n->text)
		vp_utf8_trim_cut(n->text); /* cut inside a character */
	va_end(ap);
	return 0;
}


/* Other tools' names for a memory key (accelerate, Lightning, unsloth,
 * plain PyTorch loops), which a hand-written config carries: ignored, the
 * key's default would apply without a word. */
static const char *other_tools_name(const char *key)
{
	static const struct {
		const char *name, *hf;
	} names[] = {
		{"use_gradient_checkpointing", "gradient_checkpointing"},
		{"grad_checkpointing", "gradient_checkpointing"},
		{"use_amp", "bf16' or 'fp16"},
		{"mixed_precision", "bf16' or 'fp16"},
		{"precision", "bf16' or 'fp16"},
		{"amp", "bf16' or 'fp16"},
		{"batch_size", "per_device_train_batch_size"},
		{"train_batch_size", "per_device_train_batch_size"},
		{"eval_batch_size", "per_device_eval_batch_size"},
		{"accumulate_grad_batches", "gradient_accumulation_steps"},
		{"grad_accum_steps", "gradient_accumulation_steps"},
		{"num_workers", "dataloader_num_workers"},
		{"pin_memory", "dataloader_pin_memory"},
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(key, names[i].name) == 0)
			return names[i].hf;
	return NULL;
}

/* A mapping that holds keys of the flavour (a config written per model or
 * per stage, training: {per_device_train_batch_size: ...}): its first such
 * key, which check does not read there. */
static const char *nested_known_key(const struct ctx *c, const struct vp_tnode *v)
{
	if (v == NULL || v->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++) {
		const char *found;

		if (vp_tc_find_key(c->keys, c->n_keys, v->members[i].key) != NULL)
			return v->members[i].key;
		found = nested_known_key(c, v->members[i].value);
		if (found != NULL)
			return found;
	}
	return NULL;
}

int vp_tc_note_ignored(struct ctx *c, const char *path, const struct vp_tmember *m, const char *why)
{
	struct vp_trainconfig *tc = c->tc;
	struct vp_tc_note *n;
	const char *near = NULL;
	size_t i;

	if (grow_notes(&tc->ignored, &tc->n_ignored) != 0)
		return vp_error_set(c->err, VP_ERR_IO, "out of memory");
	n = &tc->ignored[tc->n_ignored - 1];
	snprintf(n->key, sizeof n->key, "%s", path);
	n->line = m->line;
	n->column = m->column;
	/* a misspelt memory key would silently fall back to its default */
	if (why == NULL && strchr(path, '.') == NULL && strlen(path) > 5) {
		for (i = 0; i < c->n_keys; i++)
			if (vp_edit_distance(path, c->keys[i].key) <= 2) {
				near = c->keys[i].key;
				break;
			}
	}
	if (why == NULL && near == NULL && strchr(path, '.') == NULL) {
		const char *hf = other_tools_name(path);
		const char *inner = hf == NULL ? nested_known_key(c, m->value) : NULL;

		if (hf != NULL) {
			snprintf(n->text, sizeof n->text, "did you mean '%s'? '%s' is another tool's name", hf, path);
			return 0;
		}
		/* "did you mean" is what print_notes() shows as a warning */
		if (inner != NULL) {
			snprintf(n->text, sizeof n->text,
				 "did you mean '%s' at the top level? check reads the trainer's keys there, "
				 "not under '%s'",
				 inner, path);
			return 0;
		}
	}
	if (near != NULL)
		snprintf(n->text, sizeof n->text, "did you mean '%s'?", near);
	else if (why != NULL)
		snprintf(n->text, sizeof n->text, "%s", why);
	return 0;
}

int vp_tc_note_overridden(struct ctx *c, const struct vp_tc_origin *at, const char *fmt, ...)
{
	struct vp_trainconfig *tc = c->tc;
	struct vp_tc_note *n;
	va_list ap;

	if (grow_notes(&tc->ignored, &tc->n_ignored) != 0)
		return vp_error_set(c->err, VP_ERR_IO, "out of memory");
	n = &tc->ignored[tc->n_ignored - 1];
	vp_utf8_copy(n->key, sizeof n->key, at->key);
	n->line = at->line;
	n->column = at->column;
	va_start(ap, fmt);
	if (vsnprintf(n->text, sizeof n->text, fmt, ap) >= (int)sizeof n->text)
		vp_utf8_trim_cut(n->text);
	va_end(ap);
	return 0;
}

/* ---- typed values ---- */

int vp_tc_get_u64(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t min, uint64_t *out)
{
	const char *s = NULL;
	uint64_t x = 0;
	size_t i;

	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found %s", path, vp_tc_kind_name(v));
	s = v->text;
	if (v->quoted)
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found the string '%.40s'", path,
			       s);
	if (s[0] == '-' && s[1] >= '0' && s[1] <= '9')
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be at least %llu, found %.40s", path,
			       (unsigned long long)min, s);
	if (s[0] == '+')
		s++;
	for (i = 0; s[i] != '\0'; i++) {
		if (s[i] < '0' || s[i] > '9')
			return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found '%.40s'", path,
				       v->text);
		if (vp_mul_u64(x, 10, &x) != 0 || vp_add_u64(x, (uint64_t)(s[i] - '0'), &x) != 0 || x > MAX_NUMBER)
			return vp_tc_fail_at(c, v->line, v->column, "'%s' is too large (at most %llu), found %.40s", path,
				       (unsigned long long)MAX_NUMBER, v->text);
	}
	if (i == 0)
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found '%.40s'", path, v->text);
	if (x < min)
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be at least %llu, found %llu", path,
			       (unsigned long long)min, (unsigned long long)x);
	*out = x;
	return 0;
}

/* A probability (LoRA dropout) from a plain number 0..1. */
int vp_tc_get_probability(struct ctx *c, const struct vp_tnode *v, const char *path, double *out)
{
	struct vp_error e;

	if (v->kind != VP_T_SCALAR || v->quoted || vp_parse_double(v->text, path, 0.0, 1.0, out, &e) != 0)
		return vp_tc_fail_at(c, v->line, v->column, "expected a number from 0 to 1 for '%s', found '%.40s'", path,
			       v->kind == VP_T_SCALAR ? v->text : vp_tc_kind_name(v));
	return 0;
}

/* PyYAML's booleans (YAML 1.1): true/false, yes/no, on/off in three cases. */
int vp_tc_get_bool(struct ctx *c, const struct vp_tnode *v, const char *path, bool *out)
{
	/* YAML 1.1's booleans, as PyYAML reads them, and 1 and 0: PyYAML
	 * gives ints, which HfArgumentParser.parse_dict passes to the
	 * dataclass unconverted, where they act as true and false */
	static const char *const yes[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "1"};
	static const char *const no[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "0"};
	size_t i;

	if (v->kind == VP_T_SCALAR && !v->quoted) {
		for (i = 0; i < sizeof yes / sizeof yes[0]; i++) {
			if (strcmp(v->text, yes[i]) == 0) {
				*out = true;
				return 0;
			}
			if (strcmp(v->text, no[i]) == 0) {
				*out = false;
				return 0;
			}
		}
	}
	if (v->kind == VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected true or false for '%s', found %s'%.40s'", path,
			       v->quoted ? "the string " : "", v->text);
	return vp_tc_fail_at(c, v->line, v->column, "expected true or false for '%s', found %s", path, vp_tc_kind_name(v));
}

int vp_tc_get_string(struct ctx *c, const struct vp_tnode *v, const char *path, const char **out)
{
	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a string for '%s', found %s", path, vp_tc_kind_name(v));
	*out = v->text;
	return 0;
}

bool vp_tc_is_auto(const struct vp_tnode *v)
{
	return v->kind == VP_T_SCALAR && strcmp(v->text, "auto") == 0;
}

/* A string or a list of strings, into a LoRA target list. */
int vp_tc_get_targets(struct ctx *c, const struct vp_tnode *v, const char *path, struct vp_train *t)
{
	size_t i;

	t->n_lora_targets = 0;
	t->lora_all_linear = false;
	if (v->kind == VP_T_SCALAR) {
		/* PEFT and TRL spell it all-linear, axolotl docs all_linear */
		if (strcmp(v->text, "all_linear") == 0)
			return vp_train_set_lora_targets(t, "all-linear", c->err) != 0 ? vp_tc_reposition(c, v, path) : 0;
		return vp_train_set_lora_targets(t, v->text, c->err) != 0 ? vp_tc_reposition(c, v, path) : 0;
	}
	if (v->kind != VP_T_SEQ)
		return vp_tc_fail_at(c, v->line, v->column, "expected a module name or a list of them for '%s', found %s", path,
			       vp_tc_kind_name(v));
	for (i = 0; i < v->n; i++) {
		const struct vp_tnode *it = v->items[i];
		if (it->kind != VP_T_SCALAR || strchr(it->text, ',') != NULL)
			return vp_tc_fail_at(c, it->line, it->column, "expected a module name in '%s', found %s", path,
				       vp_tc_kind_name(it));
		if (vp_train_set_lora_targets(t, it->text, c->err) != 0)
			return vp_tc_reposition(c, it, path);
	}
	return 0;
}

/* One module name of modules_to_save, at the node that gave it. */
static int add_module_to_save(struct ctx *c, const struct vp_tnode *at, const char *path, const char *name, size_t len)
{
	struct vp_train *t = &c->tc->train;

	if (len == 0)
		return vp_tc_fail_at(c, at->line, at->column, "empty module name in '%s'", path);
	if (len >= sizeof t->modules_to_save[0])
		return vp_tc_fail_at(c, at->line, at->column, "module name in '%s' is too long", path);
	if (t->n_modules_to_save == VP_MAX_TARGETS)
		return vp_tc_fail_at(c, at->line, at->column, "too many modules in '%s' (at most %d)", path,
			       VP_MAX_TARGETS);
	snprintf(t->modules_to_save[t->n_modules_to_save++], sizeof t->modules_to_save[0], "%.*s", (int)len, name);
	return 0;
}

int vp_tc_get_modules_to_save(struct ctx *c, const struct vp_tnode *v, const char *path)
{
	struct vp_train *t = &c->tc->train;
	size_t i;

	t->n_modules_to_save = 0;
	if (v->kind == VP_T_SCALAR) {
		/* one name, or several separated by commas (LLaMA-Factory's
		 * additional_target; no module name holds a comma) */
		const char *s = v->text;

		for (;;) {
			size_t len = strcspn(s, ","), n = len;
			const char *name = s;

			while (n > 0 && (*name == ' ' || *name == '\t')) {
				name++;
				n--;
			}
			while (n > 0 && (name[n - 1] == ' ' || name[n - 1] == '\t'))
				n--;
			if (add_module_to_save(c, v, path, name, n) != 0)
				return -1;
			if (s[len] == '\0')
				return 0;
			s += len + 1;
		}
	}
	if (v->kind != VP_T_SEQ)
		return vp_tc_fail_at(c, v->line, v->column, "expected a list of module names for '%s', found %s", path,
			       vp_tc_kind_name(v));
	for (i = 0; i < v->n; i++) {
		const struct vp_tnode *it = v->items[i];
		if (it->kind != VP_T_SCALAR)
			return vp_tc_fail_at(c, it->line, it->column, "expected a module name in '%s', found %s", path,
				       vp_tc_kind_name(it));
		if (add_module_to_save(c, it, path, it->text, strlen(it->text)) != 0)
			return -1;
	}
	return 0;
}
