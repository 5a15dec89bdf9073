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
#include <strings.h>

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
	/* a place in a file has a column; the command line's settings have
	 * none (vp_tc_origin_on_command_line) */
	if (column == 0)
		line = 0;
	return vp_error_at(c->err, VP_ERR_INPUT, c->file, line, column, "%s", msg);
}

/* An error at a setting's origin: its place in the file, or the command
 * line for a --set (or check's shorthand) setting, whose origin has a line
 * and no column (vp_tc_origin_on_command_line). */
int vp_tc_fail_at_origin(struct ctx *c, const struct vp_tc_origin *at, const char *fmt, ...)
{
	char msg[sizeof c->err->message];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (vp_tc_origin_on_command_line(at))
		return vp_error_at(c->err, VP_ERR_INPUT, VP_TC_COMMAND_LINE, 0, 0, "%s", msg);
	return vp_tc_fail_at(c, at->line, at->column, "%s", msg);
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

/* The key's path with the place of its value: a remark or refusal about a
 * value (use_dora: true) points at that value, not at the key */
void vp_tc_set_origin_at_value(struct vp_tc_origin *o, const char *path, const struct vp_tmember *m)
{
	vp_tc_set_origin(o, path, m);
	if (m->value != NULL) {
		o->line = m->value->line;
		o->column = m->value->column;
	}
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


/* One note at a key's place into *list (ignored keys or remarks): the
 * text on one line, cut inside a character if it is too long. */
static int note_at(struct vp_tc_note **list, size_t *n_list, struct vp_error *err, const struct vp_tc_origin *at,
		   const char *fmt, va_list ap) VP_TC_PRINTF(5, 0);

static int note_at(struct vp_tc_note **list, size_t *n_list, struct vp_error *err, const struct vp_tc_origin *at,
		   const char *fmt, va_list ap)
{
	struct vp_tc_note *n;

	if (grow_notes(list, n_list) != 0)
		return vp_error_set(err, VP_ERR_IO, "out of memory");
	n = &(*list)[*n_list - 1];
	vp_utf8_copy(n->key, sizeof n->key, at->key);
	n->line = at->line;
	n->column = at->column;
	if (vsnprintf(n->text, sizeof n->text, fmt, ap) >= (int)sizeof n->text)
		vp_utf8_trim_cut(n->text);
	vp_text_one_line(n->text);
	return 0;
}

int vp_tc_note_key(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		   ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = note_at(&tc->ignored, &tc->n_ignored, err, at, fmt, ap);
	va_end(ap);
	return rc;
}

int vp_tc_note_remark(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		      ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = note_at(&tc->remarks, &tc->n_remarks, err, at, fmt, ap);
	va_end(ap);
	return rc;
}

int vp_tc_note_remark_bound(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at,
			    enum vp_tc_bound dir, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = note_at(&tc->remarks, &tc->n_remarks, err, at, fmt, ap);
	va_end(ap);
	if (rc == 0)
		tc->remarks[tc->n_remarks - 1].bound = dir;
	return rc;
}

int vp_tc_note_warning(struct vp_trainconfig *tc, struct vp_error *err, const struct vp_tc_origin *at, const char *fmt,
		       ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = note_at(&tc->warnings, &tc->n_warnings, err, at, fmt, ap);
	va_end(ap);
	return rc;
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
		/* torch.nn.CrossEntropyLoss(label_smoothing=...), story 003's
		 * name; the Trainer's LabelSmoother computes the loss from the
		 * returned logits (tc_keys.c k_label_smoothing) */
		{"label_smoothing", "label_smoothing_factor"},
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(key, names[i].name) == 0)
			return names[i].hf;
	return NULL;
}

/* other_tools_name() where the flavour reads the name it suggests (a
 * pair such as "bf16' or 'fp16" is every flavour's): axolotl has no
 * label_smoothing_factor, so its config gets no hint toward it. */
static const char *flavour_name(const struct ctx *c, const char *key)
{
	const char *hf = other_tools_name(key);

	if (hf != NULL && strchr(hf, '\'') == NULL && vp_tc_find_key(c->keys, c->n_keys, hf) == NULL)
		return NULL;
	return hf;
}

/* A mapping that holds keys of the flavour (a config written per model or
 * per stage, training: {per_device_train_batch_size: ...}): its first such
 * key, which check does not read there. */
static const char *nested_known_key(const struct ctx *c, const struct vp_tnode *v)
{
	if (v == NULL || v->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++) {
		const struct keydef *k = vp_tc_find_key(c->keys, c->n_keys, v->members[i].key);
		const char *found;

		/* a section's own 'beta' (a continual-learning method's, seed
		 * 004's mer) is not DPO's: suggesting it would refuse the file */
		if (k != NULL && !vp_tc_key_changes_kind(k))
			return v->members[i].key;
		found = nested_known_key(c, v->members[i].value);
		if (found != NULL)
			return found;
	}
	return NULL;
}

/* A mapping's own key that is another tool's name for a trainer key
 * (LightningCLI's `data: {batch_size: 8}` and `trainer: {precision: ...}`,
 * as --profile lightning prints them): its first, else NULL. Direct
 * members only: deeper down a key is more likely that section's own. */
static const struct vp_tmember *nested_other_tools_name(const struct vp_tnode *v)
{
	if (v == NULL || v->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (other_tools_name(v->members[i].key) != NULL)
			return &v->members[i];
	return NULL;
}

/* A mapping's own key that is one of PEFT's LoraConfig fields
 * (peft/tuners/lora/config.py: r, lora_alpha, lora_dropout,
 * target_modules, use_rslora, init_lora_weights), as a script of one's own
 * reads a `lora:` or `peft_config:` section into LoraConfig(**section): its
 * first, else NULL. `r` alone names too little; direct members only. */
static const struct vp_tmember *nested_peft_name(const struct vp_tnode *v)
{
	static const char *const names[] = {"target_modules", "lora_alpha", "lora_dropout", "use_rslora",
					    "init_lora_weights"};

	if (v == NULL || v->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
			if (strcmp(v->members[i].key, names[k]) == 0)
				return &v->members[i];
	return NULL;
}

/* The mappings of section v that hold trainer keys themselves, appended
 * by name to list (n of max used) where not there already: a section per
 * model with its trainer keys one level further down (seed 001's
 * `training:`). A known key whose value is a mapping (deepspeed,
 * fsdp_config, the vramplan: block) is the trainer's own and stays as it
 * is. */
static void inner_sections(const struct ctx *c, const struct vp_tnode *v, char (*list)[96], size_t max, size_t *n)
{
	for (size_t i = 0; i < v->n && *n < max; i++) {
		const struct vp_tmember *mm = &v->members[i];
		const struct vp_tnode *w = mm->value;
		bool holds = false;

		if (w == NULL || w->kind != VP_T_MAP || strcmp(mm->key, "vramplan") == 0 ||
		    vp_tc_find_key(c->keys, c->n_keys, mm->key) != NULL || strlen(mm->key) >= sizeof list[0])
			continue;
		for (size_t j = 0; j < w->n && !holds; j++) {
			const struct keydef *k = vp_tc_find_key(c->keys, c->n_keys, w->members[j].key);

			holds = k != NULL && !vp_tc_key_changes_kind(k);
		}
		for (size_t j = 0; j < *n && holds; j++)
			holds = strcmp(list[j], mm->key) != 0;
		if (holds)
			snprintf(list[(*n)++], sizeof list[0], "%s", mm->key);
	}
}

/* The first key that `want` takes, with a scalar value, inside mapping v
 * (depth first, to a few levels): its dotted path from `prefix` into o,
 * and the mapping that holds it returned; NULL when there is none. */
static const struct vp_tnode *nested_key(const struct ctx *c, const struct vp_tnode *v, const char *prefix,
					 int depth, bool (*want)(const struct keydef *), struct vp_tc_origin *o)
{
	if (v == NULL || v->kind != VP_T_MAP || depth > 4)
		return NULL;
	for (size_t i = 0; i < v->n; i++) {
		const struct vp_tmember *mm = &v->members[i];
		const struct keydef *k = vp_tc_find_key(c->keys, c->n_keys, mm->key);
		const struct vp_tnode *found;
		char path[sizeof o->key];

		/* components apart with a unit separator, which no YAML key
		 * holds: a section may be named qwen2.5-7b (cmd_check.c
		 * nested_model_error splits them) */
		if (snprintf(path, sizeof path, "%s\x1f%s", prefix, mm->key) >= (int)sizeof path)
			continue; /* a path past the origin's room names no section whole */
		if (k != NULL && want(k) && mm->value != NULL && mm->value->kind == VP_T_SCALAR) {
			vp_tc_set_origin(o, path, mm);
			return v;
		}
		found = nested_key(c, mm->value, path, depth + 1, want, o);
		if (found != NULL)
			return found;
	}
	return NULL;
}

/* A nested model key's section (the mapping that holds it) and that
 * section's mappings of trainer keys, which "no model"'s command merges. */
static void nested_model(const struct ctx *c, const struct vp_tnode *section, const char *path)
{
	struct vp_trainconfig *tc = c->tc;
	const struct vp_tnode *v = nested_key(c, section, path, 0, vp_tc_key_names_model, &tc->nested_model);

	tc->n_nested_inner = 0;
	if (v != NULL)
		inner_sections(c, v, tc->nested_inner, sizeof tc->nested_inner / sizeof tc->nested_inner[0],
			       &tc->n_nested_inner);
}

/* A trainer key that a section may hold in the trainer's place: any known
 * key but the model's (nested_model) and those that make the file another
 * flavour's */
static bool trainer_setting(const struct keydef *k)
{
	return !vp_tc_key_changes_kind(k) && !vp_tc_key_names_model(k);
}

/* Does `name` hold one of `words` as a whole word (apart by _ . or -)? */
static bool has_word(const char *name, const char *const *words)
{
	const char *p = name;

	while (*p != '\0') {
		size_t n = strcspn(p, "_.-");

		for (const char *const *w = words; *w != NULL; w++)
			if (strlen(*w) == n && strncmp(p, *w, n) == 0)
				return true;
		p += n;
		if (*p != '\0')
			p++;
	}
	return false;
}

/* A generation's or an inference run's settings are not the training
 * step's (generation_config: {max_length: 84}, inference.batch_size: 8):
 * no hint sends them to the trainer's keys */
static const char *const not_training_words[] = {"generation", "generate", "inference",
						  "predict", "prediction", NULL};

/* A batch key under top-level section `section` (named path), else, where
 * no section has shown one yet, another trainer key (nested_batch_other):
 * the mappings to merge after the section to bring it to the top level,
 * each one on the way down (xlsum_mt5.training: training), then the
 * section's other mappings of trainer keys, as "no model"'s command merges
 * them. A generation's or an inference run's section is no trainer's. */
static void nested_batch(const struct ctx *c, const struct vp_tnode *section, const char *path)
{
	struct vp_trainconfig *tc = c->tc;
	const size_t max = sizeof tc->nested_batch_inner / sizeof tc->nested_batch_inner[0];
	struct vp_tc_origin found;
	const char *p, *end;

	memset(&found, 0, sizeof found);
	if (nested_key(c, section, path, 0, vp_tc_key_sets_batch, &found) != NULL) {
		tc->nested_batch_other = false;
	} else if (tc->nested_batch.line == 0 && !has_word(path, not_training_words) &&
		   nested_key(c, section, path, 0, trainer_setting, &found) != NULL) {
		tc->nested_batch_other = true;
	} else {
		return;
	}
	tc->nested_batch = found;
	tc->n_nested_batch_inner = 0;
	/* the key's path is section\x1fa\x1fb\x1fkey: a and b, in order */
	p = strchr(tc->nested_batch.key, '\x1f');
	end = strrchr(tc->nested_batch.key, '\x1f');
	while (p != NULL && p < end && tc->n_nested_batch_inner < max) {
		const char *q = strchr(p + 1, '\x1f');

		snprintf(tc->nested_batch_inner[tc->n_nested_batch_inner++], sizeof tc->nested_batch_inner[0], "%.*s",
			 (int)(q - p - 1), p + 1);
		p = q;
	}
	inner_sections(c, section, tc->nested_batch_inner, max, &tc->n_nested_batch_inner);
}



/* A plain whole number (YAML int): what a size is written as */
static bool whole_number(const struct vp_tnode *v)
{
	const char *p;

	if (v == NULL || v->kind != VP_T_SCALAR || v->quoted || v->text == NULL || v->text[0] == '\0')
		return false;
	for (p = v->text; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/*
 * A sweep's search constraint for one parameter, as a W&B sweep file
 * writes it (docs.wandb.ai/models/sweeps/sweep-config-keys, "parameters":
 * `values` lists every value, `value` gives one, `min` and `max` bound a
 * distribution, which `distribution`, `probabilities`, `q`, `mu` and
 * `sigma` shape) and as seed 002 narrowed its sizes (`data.batches.bi:
 * {values: [16, 32, 64]}`, `model.max_len: {values: [128, 256]}`): where
 * each of them is a whole number, true with the largest in *largest, the
 * run that needs the most memory. Any other key, or a value that is no
 * whole number, is no sweep of sizes: false.
 */
static bool sweep_largest(const struct vp_tnode *v, unsigned long long *largest)
{
	bool any = false;

	if (v == NULL || v->kind != VP_T_MAP || v->n == 0)
		return false;
	*largest = 0;
	for (size_t i = 0; i < v->n; i++) {
		const struct vp_tmember *mm = &v->members[i];
		const struct vp_tnode *w = mm->value;
		size_t n = 1;

		/* the distribution's name and its other parameters (a random
		 * search's probabilities of the values, a quantization step, a
		 * normal's mean and deviation): min, max and values bound it */
		if (strcmp(mm->key, "distribution") == 0 || strcmp(mm->key, "probabilities") == 0 ||
		    strcmp(mm->key, "q") == 0 || strcmp(mm->key, "mu") == 0 || strcmp(mm->key, "sigma") == 0)
			continue;
		if (strcmp(mm->key, "values") == 0) {
			if (w == NULL || w->kind != VP_T_SEQ || w->n == 0)
				return false;
			n = w->n;
		} else if (strcmp(mm->key, "value") != 0 && strcmp(mm->key, "min") != 0 && strcmp(mm->key, "max") != 0) {
			return false;
		}
		for (size_t j = 0; j < n; j++) {
			/* the list's items; one value, min or max is the
			 * value itself (a list there is no sweep's) */
			const struct vp_tnode *x = strcmp(mm->key, "values") == 0 ? w->items[j] : w;
			unsigned long long u;

			if (x == NULL || !whole_number(x) || strlen(x->text) > 18)
				return false; /* 18 digits stay below ULLONG_MAX */
			u = strtoull(x->text, NULL, 10);
			if (u > *largest)
				*largest = u;
			any = true;
		}
	}
	return any;
}

/* Is `path` a near miss (a typo) of a key that changes the kind of
 * training (a preference key, which check refuses)? No hint leads there. */
static bool near_kind_key(const struct ctx *c, const char *path)
{
	size_t i, len = strlen(path);

	for (i = 0; i < c->n_keys; i++)
		if (vp_tc_key_changes_kind(&c->keys[i]) && 4 * vp_edit_distance(path, c->keys[i].key) <= len)
			return true;
	return false;
}

/*
 * Continual learning's own settings (seed 004: `ewc: {lambda: 5000.0}`,
 * `mer: {buffer_size: 5120}`): check counts EWC's Fisher diagonal and
 * anchor copy, and a replay buffer's samples, only from the vramplan:
 * block or --set (tc_vramplan.c v_ewc, v_replay), so the method's own
 * section would leave them out without a word. A key naming EWC
 * (`ewc`, `use_ewc`, `ewc_lambda`); a replay buffer's size, a whole
 * number named with "replay" at the key, or under it also `buffer_size`:
 * its value, else NULL.
 */
/* A value that turns its key off (null, false, 0: `use_ewc: false`,
 * `replay_buffer_size: 0`): no EWC and no buffer, nothing for the
 * vramplan: block to say. */
static bool switched_off(const struct vp_tnode *v)
{
	if (v == NULL || v->kind == VP_T_NULL)
		return true;
	if (v->kind != VP_T_SCALAR || v->quoted)
		return false;
	return vp_yaml11_bool(v->text) == 0 || (whole_number(v) && strspn(v->text, "0") == strlen(v->text));
}

static bool names_ewc(const char *path, const struct vp_tnode *v)
{
	static const char *const words[] = {"ewc", NULL};

	return has_word(path, words) && !switched_off(v);
}

static const struct vp_tnode *replay_size(const char *path, const struct vp_tnode *v)
{
	static const char *const words[] = {"replay", NULL};

	if (has_word(path, words) && whole_number(v))
		return switched_off(v) ? NULL : v;
	if (v == NULL || v->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if ((strcmp(v->members[i].key, "buffer_size") == 0 || has_word(v->members[i].key, words)) &&
		    whole_number(v->members[i].value))
			return switched_off(v->members[i].value) ? NULL : v->members[i].value;
	return NULL;
}

/*
 * A script's own target for the GPU memory a run may fill (seed 004's
 * `target_gpu_util: 0.8`, read by its batch-size manager): check's budget
 * is vramplan.util (--util), which the key would not set. A key naming the
 * GPU and its utilisation, not an inference engine's (TRL's
 * vllm_gpu_memory_utilization is vLLM's share of the GPU beside the
 * trainer), with a fraction in [0.01, 1] or a whole percentage in
 * (1, 100]: the fraction in *util, else false.
 */
static bool names_gpu_util(const char *path, const struct vp_tnode *v, double *util)
{
	static const char *const gpu[] = {"gpu", "vram", NULL};
	static const char *const use[] = {"util", "utilization", "utilisation", NULL};
	static const char *const engine[] = {"vllm", "sglang", NULL};
	/* how often the utilisation is logged or sampled is no target
	 * (gpu_util_log_interval: 10 is not util 0.1) */
	static const char *const not_target[] = {"interval", "every", "log", "steps", "step", "freq", "frequency",
						 NULL};
	struct vp_error e;

	if (!has_word(path, gpu) || !has_word(path, use) || has_word(path, engine) || has_word(path, not_target) ||
	    v == NULL ||
	    v->kind != VP_T_SCALAR || v->quoted || vp_parse_double(v->text, path, 0.0, 100.0, util, &e) != 0 ||
	    *util < 0.01)
		return false;
	/* a percentage is a whole number (85); 1.5 is neither */
	if (*util > 1.0 && !whole_number(v))
		return false;
	if (*util > 1.0)
		*util /= 100.0;
	return true;
}

/* What an ignored whole number's dotted name reads like: a script's own
 * name for the two sizes that decide the memory (seed 002:
 * data.batches.bi: 256, model.max_len: 512), which check cannot read.
 * Not a parallelism degree, nor a count or interval of batches. */
enum size_kind { SIZE_NONE, SIZE_BATCH, SIZE_EVAL_BATCH, SIZE_LENGTH };

static enum size_kind size_kind(const char *path)
{
	static const char *const batch_words[] = {"batch", "batches", "batchsize", "bs", NULL};
	static const char *const eval_words[] = {"eval", "val", "valid", "validation", "test", "dev", NULL};
	static const char *const len_words[] = {"len", "length", "seq", "seqlen", "maxlen", NULL};
	static const char *const not_len_words[] = {"min", "penalty", NULL};
	/* counts and intervals of batches are not their size */
	static const char *const not_size_words[] = {"interval", "every", "log", "num", "steps", "step",
						       "latest", "last", "first", "accumulate", "accum", NULL};
	const char *last = strrchr(path, '.') != NULL ? strrchr(path, '.') + 1 : path;

	if (strstr(path, "parallel") != NULL || has_word(path, not_training_words))
		return SIZE_NONE;
	if (has_word(path, batch_words) && !has_word(path, not_size_words))
		return has_word(path, eval_words) ? SIZE_EVAL_BATCH : SIZE_BATCH;
	if (has_word(last, len_words) && !has_word(last, not_len_words))
		return SIZE_LENGTH;
	return SIZE_NONE;
}

/* The "did you mean" for a size check cannot read (print_notes shows it
 * as a warning); `largest`, where not 0, the largest value of a sweep's
 * constraint (sweep_largest): the run of the sweep to check */
static void size_hint(enum size_kind kind, const char *path, unsigned long long largest, char *text, size_t size)
{
	char sweep[160] = "";

	if (largest > 0)
		snprintf(sweep, sizeof sweep, "; its values are a sweep's: check the largest, %llu, which needs the most "
			 "memory", largest);
	if (kind == SIZE_LENGTH)
		snprintf(text, size,
			 "did you mean 'max_seq_length' (or vramplan.seq_len, --seq-len)? '%s' reads like a "
			 "sequence length, which check takes from those%s",
			 path, sweep);
	else
		snprintf(text, size, "did you mean '%s'? '%s' reads like %s batch size, which check takes from that key%s",
			 kind == SIZE_EVAL_BATCH ? "per_device_eval_batch_size" : "per_device_train_batch_size", path,
			 kind == SIZE_EVAL_BATCH ? "an eval" : "a", sweep);
}

static int note_ignored(struct ctx *c, const char *path, const struct vp_tmember *m, const char *why)
{
	struct vp_trainconfig *tc = c->tc;
	struct vp_tc_note *n;
	const char *near = NULL;
	size_t i;
	double util;

	/* a key at the top level, whatever its name holds (a section may be
	 * named qwen2.5-7b); a nested one's path is "section.key" */
	bool top = strcmp(path, m->key) == 0;

	if (grow_notes(&tc->ignored, &tc->n_ignored) != 0)
		return vp_error_set(c->err, VP_ERR_IO, "out of memory");
	n = &tc->ignored[tc->n_ignored - 1];
	vp_utf8_copy(n->key, sizeof n->key, path);
	n->line = m->line;
	n->column = m->column;
	/* a section with the model in it: "no model" says where; one with
	 * the batch in it, where the top level has none and --model gives
	 * the model (cmd_check.c nested_batch_error) */
	if (why == NULL && top && tc->nested_model.line == 0)
		nested_model(c, m->value, path);
	if (why == NULL && top && (tc->nested_batch.line == 0 || tc->nested_batch_other))
		nested_batch(c, m->value, path);
	/* A misspelt memory key would silently fall back to its default. The
	 * nearest key, at most one edit per four characters of the name (two
	 * at most): a typo changes a character or two of a long name, while
	 * any short name is two edits from some key. */
	if (why == NULL && top && strchr(path, '.') == NULL && strlen(path) > 5) {
		size_t best = 3, len = strlen(path);

		for (i = 0; i < c->n_keys; i++) {
			size_t d;

			if (vp_tc_key_changes_kind(&c->keys[i]))
				continue;
			/* min_length is not a typo of max_length: the opposite */
			if ((strncmp(path, "min", 3) == 0 && strncmp(c->keys[i].key, "max", 3) == 0) ||
			    (strncmp(path, "max", 3) == 0 && strncmp(c->keys[i].key, "min", 3) == 0))
				continue;
			d = vp_edit_distance(path, c->keys[i].key);
			/* the flavour's own key, which its handler lists as
			 * ignored (axolotl's examples/mistral/mixtral.yml leaves
			 * unfrozen_parameters null): no misspelling, and no
			 * other key is nearer (until 2026-11-30 the hint named
			 * the key itself) */
			if (d == 0) {
				near = NULL;
				break;
			}
			if (d < best && 4 * d <= len) {
				best = d;
				near = c->keys[i].key;
			}
		}
	}
	if (why == NULL && near == NULL && top) {
		const char *hf = flavour_name(c, path);
		const char *inner = hf == NULL && !has_word(path, not_training_words) ? nested_known_key(c, m->value) : NULL;

		if (hf != NULL) {
			snprintf(n->text, sizeof n->text, "did you mean '%s'? '%s' is another tool's name", hf, path);
			return 0;
		}
		/* settle_continual_sections() softens these where the block
		 * says it after all, or nothing trains */
		if (names_ewc(path, m->value)) {
			snprintf(n->text, sizeof n->text,
				 VP_TC_EWC_HINT " check counts EWC's Fisher diagonal and anchor copy (fp32, on the "
				 "GPU) only where the vramplan: block or --set ewc=true says so");
			return 0;
		}
		if (names_gpu_util(path, m->value, &util)) {
			snprintf(n->text, sizeof n->text,
				 VP_TC_UTIL_HINT "%g}'? check's budget is vramplan.util or --util "
				 "(default 0.8), not '%s'",
				 util, path);
			return 0;
		}
		if (replay_size(path, m->value) != NULL) {
			snprintf(n->text, sizeof n->text,
				 VP_TC_REPLAY_HINT "%.24s}'? check counts a replay buffer's samples in host RAM only "
				 "where the vramplan: block or --set replay_buffer=N says so",
				 replay_size(path, m->value)->text);
			return 0;
		}
		/* a section of PEFT's LoraConfig names in a TrainingArguments
		 * config: check reads LoRA from TRL's ModelConfig names at the
		 * top level (use_peft, lora_r, lora_target_modules,
		 * lora_dropout; trl/trainer/model_config.py), so without them
		 * the file is checked as a full fine-tune, many times the
		 * adapter's memory. settle_lora_section() softens the note where
		 * adapters train after all. Before the nested trainer key below:
		 * the section's lora_dropout is TRL's name too */
		if (hf == NULL && tc->flavour == VP_TC_HF) {
			const struct vp_tmember *p = nested_peft_name(m->value);

			if (p != NULL) {
				snprintf(n->text, sizeof n->text,
					 "did you mean 'use_peft: true' with 'lora_r' and 'lora_target_modules' at the top "
					 "level (TRL's ModelConfig)? '%s.%s' is PEFT LoraConfig's name, which check does "
					 "not read under '%s': the file is checked as a full fine-tune",
					 path, p->key, path);
				vp_tc_set_origin(&c->r.at_lora_section, path, m);
				return 0;
			}
		}
		/* "did you mean" is what print_notes() shows as a warning */
		if (inner != NULL) {
			snprintf(n->text, sizeof n->text,
				 "did you mean '%s' at the top level? check reads the trainer's keys there, "
				 "not under '%s'",
				 inner, path);
			return 0;
		}
		/* another tool's name one level down, in a TrainingArguments
		 * config (the other flavours' sections are their tools' own):
		 * its default would apply without a word, as for a dotted
		 * 'data.batch_size' (below); until 2026-11-29 a Lightning
		 * plan's own keys were checked at batch 8 so. A generation's or
		 * an inference run's section holds another run's sizes. */
		if (inner == NULL && tc->flavour == VP_TC_HF && !has_word(path, not_training_words)) {
			const struct vp_tmember *o = nested_other_tools_name(m->value);

			if (o != NULL) {
				snprintf(n->text, sizeof n->text,
					 "did you mean '%s' at the top level? '%s.%s' is another tool's name, and "
					 "check reads the trainer's keys at the top level",
					 other_tools_name(o->key), path, o->key);
				return 0;
			}
		}
	}
	/* a dotted name written as one key (OmegaConf's and Hydra's
	 * `trainer.gradient_checkpointing: false`, seed 002's script): its
	 * last part a trainer key, or another tool's name for one, would apply
	 * its default without a word */
	if (why == NULL && near == NULL && strcmp(path, m->key) == 0 && strrchr(path, '.') != NULL &&
	    !has_word(path, not_training_words)) {
		const char *last = strrchr(path, '.') + 1;
		const struct keydef *k = vp_tc_find_key(c->keys, c->n_keys, last);
		const char *hf = flavour_name(c, last);

		if (k != NULL && !vp_tc_key_changes_kind(k)) {
			snprintf(n->text, sizeof n->text,
				 "did you mean '%s' at the top level? check reads the trainer's keys by their own names, "
				 "not as the dotted '%s'",
				 last, path);
			return 0;
		}
		if (hf != NULL) {
			snprintf(n->text, sizeof n->text, "did you mean '%s'? '%s' ends in another tool's name", hf, path);
			return 0;
		}
	}
	/* A script's own name for the two sizes that decide the memory
	 * (seed 002: data.batches.bi: 256, model.max_len: 512), which check
	 * cannot read: say which keys it reads instead of a silent default.
	 * Only in a TrainingArguments config (axolotl's, LLaMA-Factory's and
	 * DeepSpeed's unknown keys are their tools' own), only for a whole
	 * number or a sweep of them (seed 002's own fix narrowed
	 * `data.batches.bi: {values: [...]}`, which had no warning until
	 * 2026-11-30 while its plain 256 had one), and not for a parallelism
	 * degree. */
	unsigned long long largest = 0;

	if (why == NULL && near == NULL && tc->flavour == VP_TC_HF &&
	    (whole_number(m->value) || sweep_largest(m->value, &largest)) && !near_kind_key(c, path)) {
		enum size_kind kind = size_kind(path);

		if (kind != SIZE_NONE) {
			size_hint(kind, path, largest, n->text, sizeof n->text);
			return 0;
		}
	}
	if (near != NULL)
		snprintf(n->text, sizeof n->text, "did you mean '%s'?", near);
	else if (why != NULL)
		snprintf(n->text, sizeof n->text, "%s", why);
	return 0;
}

/* Does the file's top level hold a key that `sets`? */
static bool top_level_sets(const struct ctx *c, bool (*sets)(const struct keydef *))
{
	if (c->root == NULL || c->root->kind != VP_T_MAP)
		return false;
	for (size_t i = 0; i < c->root->n; i++) {
		const struct keydef *k = vp_tc_find_key(c->keys, c->n_keys, c->root->members[i].key);

		if (k != NULL && sets(k))
			return true;
	}
	return false;
}

/*
 * The whole numbers inside an ignored top-level mapping whose dotted path
 * reads like a batch size or a sequence length, as the dotted key does
 * (size_hint): story 002's sentence-transformers config written as Hydra
 * and OmegaConf files write it, nested (`data: {batches: {bi: 256}}`,
 * `model: {max_len: 512}`), where the dotted spelling is the command
 * line's override syntax. Check reads neither, and would check the
 * TrainingArguments defaults (batch 8, 128 tokens) without a warning;
 * each such number gets a note at its own place. Only where the top level
 * sets no such size itself (a per-model file's `inference: {batch_size: 2}`
 * beside a stated per_device_train_batch_size is another run's).
 */
static int nested_size_hints(struct ctx *c, const struct vp_tnode *map, const char *prefix, int depth,
			     bool want_batch, bool want_eval, bool want_len)
{
	if (map == NULL || map->kind != VP_T_MAP || depth > 4)
		return 0;
	for (size_t i = 0; i < map->n; i++) {
		const struct vp_tmember *mm = &map->members[i];
		char path[sizeof c->tc->ignored[0].key];
		enum size_kind kind;

		unsigned long long largest = 0;

		if (snprintf(path, sizeof path, "%s.%s", prefix, mm->key) >= (int)sizeof path)
			continue;
		/* a sweep's constraint is the size's value, not a section */
		if (mm->value != NULL && mm->value->kind == VP_T_MAP && !sweep_largest(mm->value, &largest)) {
			if (nested_size_hints(c, mm->value, path, depth + 1, want_batch, want_eval, want_len) != 0)
				return -1;
			continue;
		}
		if ((!whole_number(mm->value) && largest == 0) || near_kind_key(c, path))
			continue;
		kind = size_kind(path);
		if ((kind == SIZE_BATCH && want_batch) || (kind == SIZE_EVAL_BATCH && want_eval) ||
		    (kind == SIZE_LENGTH && want_len)) {
			struct vp_tc_note *n;

			if (grow_notes(&c->tc->ignored, &c->tc->n_ignored) != 0)
				return vp_error_set(c->err, VP_ERR_IO, "out of memory");
			n = &c->tc->ignored[c->tc->n_ignored - 1];
			vp_utf8_copy(n->key, sizeof n->key, path);
			n->line = mm->line;
			n->column = mm->column;
			size_hint(kind, path, largest, n->text, sizeof n->text);
		}
	}
	return 0;
}

/* A non-empty string, not a count: what a model's name is written as */
static bool string_value(const struct vp_tnode *v)
{
	return v != NULL && v->kind == VP_T_SCALAR && v->text != NULL && v->text[0] != '\0' && !whole_number(v);
}

/*
 * Another script's name for the model key, at the top level or as a
 * Hydra-like section's (model: {name: ...}): sentence-transformers and
 * hand-written training scripts read model_name, model_id or model.name
 * (seed 002), which check does not. Remembered so that "no model" points
 * at it (cmd_check.c resolve_model) instead of naming no place.
 */
static void note_model_like(struct ctx *c, const char *path, const struct vp_tmember *m)
{
	static const char *const names[] = {"model",	     "model_name",	"model_id",
					    "model_path",    "model_name_or_id", "pretrained_model_name_or_path",
					    "pretrained_model", "base_model_name_or_path", "model.name",
					    "model.name_or_path", "model.path", "model.id", NULL};
	static const char *const inner[] = {"name", "name_or_path", "pretrained_model_name_or_path", "path", "id",
					    "model_name", "model_id", NULL};
	struct vp_tc_origin *o = &c->tc->model_like;

	if (o->line != 0 || m->value == NULL)
		return;
	for (const char *const *n = names; *n != NULL; n++)
		if (strcmp(path, *n) == 0 && string_value(m->value)) {
			vp_tc_set_origin(o, path, m);
			return;
		}
	if (strcmp(path, "model") != 0 || m->value->kind != VP_T_MAP)
		return;
	for (const char *const *n = inner; *n != NULL; n++)
		for (size_t i = 0; i < m->value->n; i++)
			if (strcmp(m->value->members[i].key, *n) == 0 && string_value(m->value->members[i].value)) {
				char dotted[sizeof o->key];

				snprintf(dotted, sizeof dotted, "model.%s", *n);
				vp_tc_set_origin(o, dotted, &m->value->members[i]);
				return;
			}
}

int vp_tc_note_ignored(struct ctx *c, const char *path, const struct vp_tmember *m, const char *why)
{
	bool want_batch, want_eval, want_len;

	if (note_ignored(c, path, m, why) != 0)
		return -1;
	if (why == NULL && strcmp(path, m->key) == 0)
		note_model_like(c, path, m);
	if (why != NULL || strcmp(path, m->key) != 0 || c->tc->flavour != VP_TC_HF || m->value == NULL ||
	    m->value->kind != VP_T_MAP || strcmp(path, "vramplan") == 0)
		return 0;
	/* a section that got its own hint (another tool's section, PEFT's,
	 * a trainer key inside) is said once, not again for each number */
	if (c->tc->n_ignored > 0 && c->tc->ignored[c->tc->n_ignored - 1].text[0] != '\0')
		return 0;
	want_batch = !top_level_sets(c, vp_tc_key_sets_batch);
	want_eval = !top_level_sets(c, vp_tc_key_sets_eval_batch);
	want_len = !top_level_sets(c, vp_tc_key_sets_length) && !c->vb.has_seq;
	if (!want_batch && !want_eval && !want_len)
		return 0;
	return nested_size_hints(c, m->value, path, 0, want_batch, want_eval, want_len);
}

int vp_tc_note_bound(struct ctx *c, const char *path, const struct vp_tmember *m, enum vp_tc_bound dir,
		     const char *why)
{
	size_t at = c->tc->n_ignored;

	if (vp_tc_note_ignored(c, path, m, why) != 0)
		return -1;
	/* the note itself, the first one added: a key listed without a why
	 * (off, or at its default) is no bound on anything */
	if (why != NULL && c->tc->n_ignored > at)
		c->tc->ignored[at].bound = dir;
	return 0;
}

/* Append a note at key, line:column to one of the lists, its text from fmt. */
static int add_note(struct ctx *c, struct vp_tc_note **list, size_t *n_list, const char *key, unsigned long line,
		    unsigned long column, const char *fmt, va_list ap) VP_TC_PRINTF(7, 0);

static int add_note(struct ctx *c, struct vp_tc_note **list, size_t *n_list, const char *key, unsigned long line,
		    unsigned long column, const char *fmt, va_list ap)
{
	struct vp_tc_note *n;

	if (grow_notes(list, n_list) != 0)
		return vp_error_set(c->err, VP_ERR_IO, "out of memory");
	n = &(*list)[*n_list - 1];
	vp_utf8_copy(n->key, sizeof n->key, key);
	n->line = line;
	n->column = column;
	if (vsnprintf(n->text, sizeof n->text, fmt, ap) >= (int)sizeof n->text)
		vp_utf8_trim_cut(n->text);
	vp_text_one_line(n->text);
	return 0;
}

int vp_tc_note_overridden(struct ctx *c, const struct vp_tc_origin *at, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = add_note(c, &c->tc->ignored, &c->tc->n_ignored, at->key, at->line, at->column, fmt, ap);
	va_end(ap);
	return rc;
}

int vp_tc_note_reading(struct ctx *c, const char *key, unsigned long line, unsigned long column, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = add_note(c, &c->tc->readings, &c->tc->n_readings, key, line, column, fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- typed values ---- */

/*
 * A whole number as PyYAML reads a plain scalar (YAML 1.1; resolver.py's
 * int pattern, constructor.py's construct_yaml_int): HfArgumentParser,
 * axolotl, LLaMA-Factory and TRL all load with yaml.safe_load. Beside
 * decimal, '_' separators (1_024), 0b binary, 0x hex, a leading 0 for
 * octal (010 is 8) and base-60 (1:30 is 90). Anything else, 08 among
 * them, is a string to PyYAML. Returns 0 with *x set, -1 when PyYAML
 * would not give an int, -2 past `max`; *form says which form it was.
 */
enum int_form { FORM_DECIMAL, FORM_BINARY, FORM_HEX, FORM_OCTAL, FORM_SEXAGESIMAL };

static int digit_value(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return 99;
}

/* digits of `base` with '_' anywhere, at least one digit, up to `end` or the string's end */
static int digits_in_base(const char *s, char end, unsigned base, uint64_t max, uint64_t *x)
{
	uint64_t v = 0;
	bool any = false;

	for (; *s != '\0' && *s != end; s++) {
		int d;

		if (*s == '_')
			continue;
		d = digit_value(*s);
		if (d >= (int)base)
			return -1;
		any = true;
		if (vp_mul_u64(v, base, &v) != 0 || vp_add_u64(v, (uint64_t)d, &v) != 0 || v > max)
			v = max + 1; /* keep scanning: a bad digit later makes it a string */
	}
	if (!any)
		return -1;
	if (v > max)
		return -2;
	*x = v;
	return 0;
}

static int pyyaml_int(const char *s, uint64_t max, uint64_t *x, enum int_form *form)
{
	const char *colon = strchr(s, ':');

	*form = FORM_DECIMAL;
	if (s[0] == '0' && (s[1] == 'b' || s[1] == 'x')) {
		*form = s[1] == 'b' ? FORM_BINARY : FORM_HEX;
		return digits_in_base(s + 2, '\0', s[1] == 'b' ? 2 : 16, max, x);
	}
	if (s[0] == '0' && s[1] != '\0') {
		*form = FORM_OCTAL;
		return digits_in_base(s, '\0', 8, max, x); /* 0_ is 0 */
	}
	if (colon != NULL) {
		/* [1-9][0-9_]*(:[0-5]?[0-9])+, each part worth 60 of the next */
		uint64_t v, part;
		const char *p;
		int rc;

		*form = FORM_SEXAGESIMAL;
		if (s[0] < '1' || s[0] > '9')
			return -1;
		rc = digits_in_base(s, ':', 10, max, &v);
		if (rc == -1)
			return -1;
		if (rc == -2)
			v = max + 1;
		for (p = colon; *p != '\0';) {
			if (p[0] != ':' || p[1] < '0' || p[1] > '9')
				return -1;
			part = (uint64_t)(p[1] - '0');
			p += 2;
			if (*p >= '0' && *p <= '9') {
				if (part > 5)
					return -1;
				part = part * 10 + (uint64_t)(*p - '0');
				p++;
			}
			if (vp_mul_u64(v, 60, &v) != 0 || vp_add_u64(v, part, &v) != 0 || v > max)
				v = max + 1;
		}
		if (v > max)
			return -2;
		*x = v;
		return 0;
	}
	if (s[0] < '0' || s[0] > '9')
		return -1;
	return digits_in_base(s, '\0', 10, max, x);
}

int vp_tc_get_u64(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t min, uint64_t *out)
{
	return vp_tc_get_u64_max(c, v, path, min, MAX_NUMBER, out);
}

int vp_tc_get_u64_max(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t min, uint64_t max,
		      uint64_t *out)
{
	const char *s = NULL;
	uint64_t x = 0;
	enum int_form form = FORM_DECIMAL;
	bool negative;
	int rc;

	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found %s", path, vp_tc_kind_name(v));
	s = v->text;
	if (v->quoted)
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found the string '%.40s'", path,
			       s);
	negative = s[0] == '-';
	if (s[0] == '+' || s[0] == '-')
		s++;
	if (c->tc->json) {
		/* JSON numbers are decimal; the tree refused leading zeros */
		size_t i;

		for (i = 0; s[i] != '\0'; i++)
			if (s[i] < '0' || s[i] > '9')
				break;
		rc = i == 0 || s[i] != '\0' ? -1 : digits_in_base(s, '\0', 10, max, &x);
	} else {
		rc = pyyaml_int(s, max, &x, &form);
	}
	/* a number below zero (-0, -00 and -0x0 are 0 to PyYAML) */
	if ((rc == 0 && negative && x > 0) || (rc == -2 && negative))
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be at least %llu, found %.40s", path,
			       (unsigned long long)min, v->text);
	if (rc == -2)
		return vp_tc_fail_at(c, v->line, v->column, "'%s' is too large (at most %llu), found %.40s", path,
			       (unsigned long long)max, v->text);
	if (rc != 0 && !c->tc->json && s[0] == '0' && s[strspn(s, "0123456789_")] == '\0' &&
	    strpbrk(s, "89") != NULL)
		return vp_tc_fail_at(c, v->line, v->column,
				     "expected a whole number for '%s', found '%.40s', a string to PyYAML (a leading 0 "
				     "makes an octal number, and %.40s has a digit 8 or 9; write it without the 0)",
				     path, v->text, v->text);
	if (rc != 0) {
		char hint[48];

		/* "2k": a length as spoken, a string to PyYAML */
		vp_kilo_hint(v->text, hint, sizeof hint);
		return vp_tc_fail_at(c, v->line, v->column, "expected a whole number for '%s', found '%.40s'%s", path,
				     v->text, hint);
	}
	if (x < min)
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be at least %llu, found %.40s", path,
			       (unsigned long long)min, v->text);
	if (form == FORM_OCTAL || form == FORM_SEXAGESIMAL) {
		rc = vp_tc_note_reading(c, path, v->line, v->column, "%s: %s is %s to PyYAML (YAML 1.1), %llu%s", path,
					v->text, form == FORM_OCTAL ? "octal" : "base 60",
					(unsigned long long)x,
					form == FORM_OCTAL ? "; without the leading 0 if you meant decimal" : "");
		if (rc != 0)
			return rc;
	}
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


int vp_tc_get_bool(struct ctx *c, const struct vp_tnode *v, const char *path, bool *out)
{
	/* YAML 1.1's booleans, and 1 and 0: PyYAML gives ints, which
	 * HfArgumentParser.parse_dict passes to the dataclass unconverted,
	 * where they act as true and false */
	if (v->kind == VP_T_SCALAR && !v->quoted) {
		int b = strcmp(v->text, "1") == 0 ? 1 : strcmp(v->text, "0") == 0 ? 0 : vp_yaml11_bool(v->text);

		if (b >= 0) {
			*out = b == 1;
			return 0;
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
		/* PEFT expands all-linear only as the whole of target_modules
		 * (tuners_utils.py _maybe_include_all_linear_layers); TRL's
		 * ModelConfig.__post_init__ turns a one-item list into that
		 * string, so [all-linear] is the shorthand, and beside other
		 * names it is a module name no model has (train.c
		 * vp_train_set_lora_targets) */
		if (v->n > 1 && strcasecmp(it->text, "all-linear") == 0)
			return vp_tc_fail_at(c, it->line, it->column,
				       "'%s': all-linear beside other module names: PEFT reads all-linear as every "
				       "linear layer only alone (target_modules: all-linear); in a list it is a "
				       "module name no model has (give all-linear alone, or module names only)",
				       path);
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
