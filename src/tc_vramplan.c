/*
 * The `vramplan:` block of a training config (docs/check.md): the settings
 * a trainer config does not state, each winning over the trainer's keys.
 */
#include "trainconfig_internal.h"

#include <stdio.h>
#include <string.h>

#include "vramplan/names.h"
#include "vramplan/sizes.h"

/* ---- the vramplan: block ---- */

static int v_enum(struct ctx *c, const struct vp_tmember *m, const char *path, const char **s)
{
	if (vp_tc_get_string(c, m->value, path, s) != 0)
		return -1;
	return 0;
}

HANDLER(v_model)
{
	const char *s = NULL;

	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (strlen(s) >= sizeof c->tc->model)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' is too long", path);
	snprintf(c->tc->model, sizeof c->tc->model, "%s", s);
	vp_tc_set_origin(&c->tc->at[VP_TC_MODEL], path, m);
	return 0;
}

static int add_gpu(struct ctx *c, const struct vp_tnode *v, const char *path, const struct vp_tmember *m)
{
	struct vp_trainconfig *tc = c->tc;

	if (v->kind != VP_T_SCALAR || v->text[0] == '\0')
		return vp_tc_fail_at(c, v->line, v->column, "expected a GPU name for '%s', found %s", path, vp_tc_kind_name(v));
	if (strlen(v->text) >= sizeof tc->gpus[0])
		return vp_tc_fail_at(c, v->line, v->column, "GPU name '%.40s' in '%s' is too long", v->text, path);
	if (tc->n_gpus == VP_TC_MAX_GPUS)
		return vp_tc_fail_at(c, v->line, v->column, "too many GPUs in '%s' (at most %d)", path, VP_TC_MAX_GPUS);
	snprintf(tc->gpus[tc->n_gpus], sizeof tc->gpus[0], "%s", v->text);
	vp_tc_set_origin(&tc->gpu_at[tc->n_gpus], path, m);
	/* a list item points at its own line (the command line's have none) */
	if (v->line > 0) {
		tc->gpu_at[tc->n_gpus].line = v->line;
		tc->gpu_at[tc->n_gpus].column = v->column;
	}
	tc->n_gpus++;
	return 0;
}

HANDLER(v_gpu)
{
	size_t i;

	if (m->value->kind == VP_T_SEQ) {
		for (i = 0; i < m->value->n; i++)
			if (add_gpu(c, m->value->items[i], path, m) != 0)
				return -1;
		return 0;
	}
	return add_gpu(c, m->value, path, m);
}

/* A share of the GPU's memory, in (0, 1]: util, memory_fraction. */
static int get_fraction(struct ctx *c, const struct vp_tnode *v, const char *path, double *out)
{
	if (v->kind != VP_T_SCALAR || v->quoted)
		return vp_tc_fail_at(c, v->line, v->column, "expected a number in (0, 1] for '%s', found %s", path,
			       vp_tc_kind_name(v));
	if (vp_parse_double(v->text, path, 0.0, 1.0, out, c->err) != 0)
		return vp_tc_reposition(c, v, path);
	if (!(*out > 0.0))
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be in (0, 1], found %s", path, v->text);
	return 0;
}

HANDLER(v_util)
{
	return get_fraction(c, m->value, path, &c->tc->util);
}

/* the run's torch.cuda.set_per_process_memory_fraction: code, not a
 * trainer key, so only this block can say it */
HANDLER(v_memory_fraction)
{
	if (get_fraction(c, m->value, path, &c->vb.memory_fraction) != 0)
		return -1;
	c->vb.has_memory_fraction = true;
	return 0;
}

/* A size; 0 only where it means something (zero_ok: a dataset that adds
 * nothing to the trainer, vp_host_request's _given) */
static int get_size_or_zero(struct ctx *c, const struct vp_tnode *v, const char *path, bool zero_ok, uint64_t *out)
{
	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a size such as 60GB for '%s', found %s", path,
			       vp_tc_kind_name(v));
	if (vp_parse_size(v->text, path, out, c->err) != 0)
		return vp_tc_reposition(c, v, path);
	if (*out == 0 && !zero_ok)
		return vp_tc_fail_at(c, v->line, v->column, "'%s' must be more than 0", path);
	return 0;
}

static int get_size(struct ctx *c, const struct vp_tnode *v, const char *path, uint64_t *out)
{
	return get_size_or_zero(c, v, path, false, out);
}

HANDLER(v_host_ram)
{
	if (m->value->kind == VP_T_SCALAR && vp_parse_host_ram(m->value->text, path, &c->tc->host_ram_bytes, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	return get_size(c, m->value, path, &c->tc->host_ram_bytes);
}

HANDLER(v_worker_ram)
{
	return get_size(c, m->value, path, &c->tc->worker_ram_bytes);
}

HANDLER(v_dataset_ram)
{
	c->tc->dataset_ram_given = true;
	return get_size_or_zero(c, m->value, path, true, &c->tc->dataset_ram_bytes);
}

HANDLER(v_eval_dataset_ram)
{
	c->tc->eval_dataset_ram_given = true;
	return get_size_or_zero(c, m->value, path, true, &c->tc->eval_dataset_ram_bytes);
}

/* continual learning (docs/planner.md): EWC's copies, a replay buffer */
HANDLER(v_ewc)
{
	return vp_tc_get_bool(c, m->value, path, &c->tc->ewc);
}

HANDLER(v_replay)
{
	return vp_tc_get_u64_max(c, m->value, path, 0, VP_MAX_SAMPLES, &c->tc->replay_buffer);
}

HANDLER(v_cpus)
{
	return vp_tc_get_u64_max(c, m->value, path, 1, VP_MAX_CPUS, &c->tc->cpus);
}

HANDLER(v_nodes)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->tc->nodes) != 0)
		return -1;
	if (c->tc->nodes > VP_MAX_GPUS)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' is more than %d", path, VP_MAX_GPUS);
	vp_tc_set_origin(&c->tc->nodes_at, path, m);
	return 0;
}

HANDLER(v_method)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_method_parse(s, &c->vb.method, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	vp_tc_set_origin(&c->vb.at_method, path, m);
	/* nothing requires grad: the loss has no grad_fn and the trainer's
	 * first backward raises; quoted as written ("vramplan.method:
	 * frozen", "--set method=frozen", "--method frozen") */
	if (c->vb.method == VP_METHOD_FROZEN)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "'%s%sfrozen' trains nothing, so there is no training step to check (the "
				     "trainer's loss.backward() raises: the loss has no grad_fn); expected full, lora "
				     "or qlora (`vramplan estimate --method frozen` gives a forward pass's memory)",
				     path, vp_tc_origin_value_sep(&c->vb.at_method));
	c->vb.has_method = true;
	return 0;
}

HANDLER(v_quant)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_quant_parse(s, &c->vb.quant, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->vb.has_quant = true;
	vp_tc_set_origin(&c->vb.at_quant, path, m);
	return 0;
}

HANDLER(v_lora_dropout)
{
	if (vp_tc_get_probability(c, m->value, path, &c->vb.lora_dropout) != 0)
		return -1;
	c->vb.has_lora_dropout = true;
	return 0;
}

/* dora: PEFT's DoRA on the adapters (as --dora for a plan), for a config
 * whose trainer keys cannot say it (an hf TrainingArguments file) */
HANDLER(v_dora)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.dora) != 0)
		return -1;
	c->vb.has_dora = true;
	vp_tc_set_origin(&c->vb.at_dora, path, m);
	/* the remark points at the value, as use_dora's (k_dora); --set dora
	 * keeps its command-line origin */
	if (!vp_tc_origin_on_command_line(&c->vb.at_dora)) {
		c->vb.at_dora.line = m->value->line;
		c->vb.at_dora.column = m->value->column;
	}
	return 0;
}

/* torch_version: as torch.__version__ prints it; a plain 2.1 reads as a
 * number in YAML, which is the same text */
HANDLER(v_torch)
{
	const char *s = NULL;

	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (vp_pytorch_parse(s, &c->tc->pytorch, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->tc->has_pytorch = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_TORCH], path, m);
	return 0;
}

/* bnb_version: as bitsandbytes.__version__ prints it (a YAML number such
 * as 0.45 is the same text) */
HANDLER(v_bnb)
{
	const char *s = NULL;

	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (vp_bnb_parse(s, &c->tc->train.bnb, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	return 0;
}

HANDLER(v_expandable)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.expandable) != 0)
		return -1;
	c->vb.has_expandable = true;
	return 0;
}

/* activation_offload: true, what vramplan plan's --activation-offload
 * counts (torchtune's OffloadActivations, TRL's
 * get_act_offloading_ctx_manager around each step), for a config whose keys
 * cannot say it: TrainingArguments and LLaMA-Factory's arguments have no
 * such field (TRL's SFTConfig and axolotl read activation_offloading).
 * The plan's note names it (emit_plan.c); until 2026-11-30 check had no way
 * to be told, and an hf plan with --activation-offload read back without
 * it (Llama 3.2 1B LoRA on an RTX 4090: 18.50 GiB planned, 25.83 checked). */
HANDLER(v_act_offload)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.act_offload) != 0)
		return -1;
	c->vb.has_act_offload = true;
	return 0;
}

HANDLER(v_lora_r)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.lora_r) != 0)
		return -1;
	c->vb.has_lora_r = true;
	vp_tc_set_origin(&c->vb.at_lora_r, path, m);
	return 0;
}

HANDLER(v_targets)
{
	if (vp_tc_get_targets(c, m->value, path, &c->vb.targets) != 0)
		return -1;
	c->vb.has_targets = true;
	vp_tc_set_origin(&c->vb.at_targets, path, m);
	return 0;
}

HANDLER(v_head)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_head_parse(s, &c->vb.head, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->vb.has_head = true;
	vp_tc_set_origin(&c->vb.at_head, path, m);
	return 0;
}

HANDLER(v_texts)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.texts) != 0)
		return -1;
	if (c->vb.texts > VP_MAX_TEXTS_PER_EXAMPLE)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' must be at most %d, found %llu", path,
				     VP_MAX_TEXTS_PER_EXAMPLE, (unsigned long long)c->vb.texts);
	c->vb.has_texts = true;
	return 0;
}

HANDLER(v_labels)
{
	/* the bound config.json's num_labels and the catalogue's have
	 * (hfconfig.c, catalog.c), and plan's --num-labels */
	if (vp_tc_get_u64_max(c, m->value, path, 1, VP_MAX_LABELS, &c->vb.num_labels) != 0)
		return -1;
	c->vb.has_labels = true;
	vp_tc_set_origin(&c->vb.at_labels, path, m);
	return 0;
}

HANDLER(v_seq)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.seq) != 0)
		return -1;
	c->vb.has_seq = true;
	vp_tc_set_origin(&c->vb.at_seq, path, m);
	return 0;
}

HANDLER(v_tgt)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.tgt) != 0)
		return -1;
	c->vb.has_tgt = true;
	vp_tc_set_origin(&c->vb.at_tgt, path, m);
	return 0;
}

HANDLER(v_precision)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_precision_parse(s, &c->vb.precision, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->vb.has_precision = true;
	vp_tc_set_origin(&c->vb.at_precision, path, m);
	return 0;
}

HANDLER(v_optimizer)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_tc_parse_optim(c, m->value, path, &c->vb.optimizer) != 0)
		return -1;
	c->vb.has_optimizer = true;
	vp_tc_set_origin(&c->vb.at_optimizer, path, m);
	return 0;
}

HANDLER(v_attn)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_attn_parse(s, &c->vb.attn, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->vb.has_attn = true;
	vp_tc_set_origin(&c->vb.at_attn, path, m);
	return 0;
}

HANDLER(v_ckpt)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.ckpt) != 0)
		return -1;
	c->vb.has_ckpt = true;
	vp_tc_set_origin(&c->vb.at_ckpt, path, m);
	return 0;
}

/* A card's name under gpus (the count) is gpu's value written one key
 * off: said so, where "expected a whole number" left the two keys' roles
 * to be guessed (persona journey 2026-12-01, seed 003's card) */
static bool is_letter(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* a letter first ("a100", "NVIDIA ..."), or one no number holds ("3090ti";
 * not 1e3's exponent or 0x1f's hex digits, which the count's own error
 * names) */
static bool names_a_card(const struct vp_tnode *v)
{
	if (v->kind != VP_T_SCALAR || v->text[0] == '\0')
		return false;
	if (is_letter(v->text[0]))
		return true;
	for (const char *p = v->text; *p != '\0'; p++)
		if (is_letter(*p) && strchr("eExXoObBaAcCdDfF", *p) == NULL)
			return true;
	return false;
}

HANDLER(v_gpus)
{
	if (names_a_card(m->value))
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "expected a whole number for '%s', the data-parallel GPUs, found '%.64s': the card "
				     "is 'vramplan.gpu' (or --gpu)",
				     path, m->value->text);
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.gpus) != 0)
		return -1;
	if (c->vb.gpus > VP_MAX_GPUS)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' must be at most %d, found %llu", path,
				     VP_MAX_GPUS, (unsigned long long)c->vb.gpus);
	c->vb.has_gpus = true;
	vp_tc_set_origin(&c->vb.at_gpus, path, m);
	return 0;
}

HANDLER(v_zero)
{
	uint64_t z;

	if (vp_tc_get_u64(c, m->value, path, 0, &z) != 0)
		return -1;
	if (z > 3)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' must be 0, 1, 2 or 3, found %llu", path,
			       (unsigned long long)z);
	c->vb.zero = (int)z;
	c->vb.has_zero = true;
	vp_tc_set_origin(&c->vb.at_zero, path, m);
	return 0;
}

/* fsdp: FSDP full sharding over vramplan.gpus (as --fsdp for a plan), for
 * a training config launched by an accelerate config whose FSDP plugin
 * (distributed_type: FSDP) says it: the Trainer then shards without an
 * fsdp: key of its own (accelerate's ACCELERATE_USE_FSDP), which check
 * does not read (docs/check.md "accelerate launch config") */
HANDLER(v_fsdp)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.fsdp) != 0)
		return -1;
	c->vb.has_fsdp = true;
	return 0;
}

HANDLER(v_generate)
{
	if (vp_tc_get_bool(c, m->value, path, &c->vb.generate) != 0)
		return -1;
	c->vb.has_generate = true;
	vp_tc_set_origin(&c->vb.at_generate, path, m);
	return 0;
}

HANDLER(v_beams)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.beams) != 0)
		return -1;
	c->vb.has_beams = true;
	vp_tc_set_origin(&c->vb.at_beams, path, m);
	return 0;
}

HANDLER(v_new_tokens)
{
	if (vp_tc_get_u64(c, m->value, path, 1, &c->vb.new_tokens) != 0)
		return -1;
	c->vb.has_new_tokens = true;
	vp_tc_set_origin(&c->vb.at_new_tokens, path, m);
	return 0;
}

HANDLER(v_eval_preds)
{
	const char *s = NULL;

	if (v_enum(c, m, path, &s) != 0)
		return -1;
	if (vp_eval_preds_parse(s, &c->vb.eval_preds, c->err) != 0)
		return vp_tc_reposition(c, m->value, path);
	c->vb.has_eval_preds = true;
	return 0;
}

HANDLER(v_eval_samples)
{
	if (vp_tc_get_u64_max(c, m->value, path, 1, VP_MAX_SAMPLES, &c->vb.eval_samples) != 0)
		return -1;
	c->vb.has_eval_samples = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_EVAL_SAMPLES], path, m);
	return 0;
}

/* Read before the flavour is known (see detect_flavour). */
HANDLER(v_flavour)
{
	(void)c;
	(void)m;
	(void)path;
	return 0;
}

static const struct keydef vramplan_keys[] = {
	{"model", v_model},
	{"gpu", v_gpu},
	{"util", v_util},
	{"host_ram", v_host_ram},
	{"cpus", v_cpus},
	{"nodes", v_nodes},
	{"ewc", v_ewc},
	{"replay_buffer", v_replay},
	{"worker_ram", v_worker_ram},
	{"dataset_ram", v_dataset_ram},
	{"eval_dataset_ram", v_eval_dataset_ram},
	{"method", v_method},
	{"quant", v_quant},
	{"lora_r", v_lora_r},
	{"lora_dropout", v_lora_dropout},
	{"dora", v_dora},
	{"expandable_segments", v_expandable},
	{"activation_offload", v_act_offload},
	{"memory_fraction", v_memory_fraction},
	{"torch_version", v_torch},
	{"bnb_version", v_bnb},
	{"lora_targets", v_targets},
	{"head", v_head},
	{"num_labels", v_labels},
	{"texts_per_example", v_texts},
	{"seq_len", v_seq},
	{"target_len", v_tgt},
	{"precision", v_precision},
	{"optimizer", v_optimizer},
	{"attn", v_attn},
	{"grad_ckpt", v_ckpt},
	{"gpus", v_gpus},
	{"zero_stage", v_zero},
	{"fsdp", v_fsdp},
	{"generate", v_generate},
	{"num_beams", v_beams},
	{"max_new_tokens", v_new_tokens},
	{"eval_predictions", v_eval_preds},
	{"eval_samples", v_eval_samples},
	{"flavour", v_flavour},
};

#define N_VRAMPLAN_KEYS (sizeof vramplan_keys / sizeof vramplan_keys[0])

/* The block's key nearest a misspelt one, by the rule the trainer keys'
 * "did you mean" follows (tc_values.c note_ignored): at most one edit per
 * four characters of the name, two at most. The command line's spelling
 * (seq-len for seq_len, host-ram for host_ram) is one edit from the key.
 * Until 2026-11-30 a misspelt block key got the list of all 43, where a
 * misspelt trainer key got the one it meant. */
static const char *nearest_key(const char *key)
{
	const char *near = NULL;
	size_t best = 3, len = strlen(key);

	/* the one key whose command-line name is another word: check's
	 * --zero N is --set zero_stage=N (cmd_check.c) */
	if (strcmp(key, "zero") == 0)
		return "zero_stage";

	for (size_t k = 0; k < N_VRAMPLAN_KEYS; k++) {
		size_t d = vp_edit_distance(key, vramplan_keys[k].key);

		if (d < best && 4 * d <= len) {
			best = d;
			near = vramplan_keys[k].key;
		}
	}
	return near;
}

/* The vramplan: block is vramplan's own schema: unknown keys are errors.
 * `prefix` names its keys in messages ("vramplan.", or "--set " for the
 * command line's), unless `typed` (NULL, or one per member) names the
 * member as the user typed it: check's shorthand "--quant" is reported as
 * "--quant", not as the "--set quant" it stands for. */
int vp_tc_read_vramplan(struct ctx *c, const struct vp_tnode *map, const char *prefix, const char *const *typed)
{
	char path[128], list[600];
	size_t i, k, used = 0;

	if (map->kind == VP_T_NULL)
		return 0;
	if (map->kind != VP_T_MAP)
		return vp_tc_fail_at(c, map->line, map->column, "expected a mapping for 'vramplan', found %s", vp_tc_kind_name(map));
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *m = &map->members[i];

		if (typed != NULL && typed[i] != NULL)
			snprintf(path, sizeof path, "%.64s", typed[i]);
		else
			snprintf(path, sizeof path, "%s%.64s", prefix, m->key);
		for (k = 0; k < N_VRAMPLAN_KEYS; k++)
			if (strcmp(vramplan_keys[k].key, m->key) == 0)
				break;
		if (k == N_VRAMPLAN_KEYS) {
			const char *near = nearest_key(m->key);

			if (near != NULL)
				return vp_tc_fail_at(c, m->line, m->column,
						     "unknown key '%.64s' in 'vramplan' (did you mean '%s'?)", m->key, near);
			list[0] = '\0';
			for (k = 0; k < N_VRAMPLAN_KEYS && used + 24 < sizeof list; k++)
				used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "",
							 vramplan_keys[k].key);
			return vp_tc_fail_at(c, m->line, m->column, "unknown key '%.64s' in 'vramplan' (expected one of: %s)",
				       m->key, list);
		}
		if (m->value->kind == VP_T_NULL)
			return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' has no value", path);
		if (vramplan_keys[k].fn(c, m, path) != 0)
			return -1;
	}
	return 0;
}
