/*
 * The keys of each trainer flavour that change memory: transformers
 * TrainingArguments with TRL's, axolotl's, and a DeepSpeed config's, each
 * read into the raw settings (struct raw) that tc_settle.c resolves.
 */
#include "trainconfig_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "vramplan/sizes.h"

/* ASCII case-insensitive equality: DeepSpeed matches optimizer names with
 * .lower(), and tolower() would follow the locale. */
static bool strcasecmp_ascii_eq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
		if (x != y)
			return false;
	}
	return *a == *b;
}

/* ---- key handlers shared by the trainer flavours ---- */

HANDLER(k_model)
{
	const char *s = NULL;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (strlen(s) >= sizeof c->tc->model)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' is too long", path);
	/* vramplan.model wins; axolotl's base_model_config names the
	 * architecture when it differs from base_model, so it wins over
	 * base_model whichever comes first. */
	if (vp_tc_from_vramplan(&c->tc->at[VP_TC_MODEL]))
		return 0;
	if (strcmp(c->tc->at[VP_TC_MODEL].key, "base_model_config") == 0 && strcmp(path, "base_model") == 0)
		return 0;
	snprintf(c->tc->model, sizeof c->tc->model, "%s", s);
	vp_tc_set_origin(&c->tc->at[VP_TC_MODEL], path, m);
	return 0;
}

/*
 * A batch key: a number, or in a DeepSpeed config "auto" (filled in by the
 * HF Trainer from its own keys). The trainers' own batch keys take no
 * "auto": HfArgumentParser.parse_yaml_file hands the string to
 * TrainingArguments unconverted and the DataLoader refuses it ("batch_size
 * should be a positive integer value"), axolotl's pydantic and
 * LLaMA-Factory's HfArgumentParser alike. Until 2026-12-01 an hf, axolotl
 * or LLaMA-Factory config's "auto" was dropped and the default batch
 * checked (8, or axolotl's 1) with a note calling it the default
 * (tests/cli/check/batch-auto-outside-deepspeed.sh).
 */
static int batch_like(struct ctx *c, const struct vp_tmember *m, const char *path, uint64_t *out, bool *has,
		      bool *is_auto_out, struct vp_tc_origin *o, uint64_t min)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	vp_tc_set_origin(o, path, m);
	/* an eval batch is no DeepSpeed key (its config has no evaluation
	 * batch), so nothing is filled in from it */
	if (vp_tc_is_auto(m->value) && c->tc->flavour != VP_TC_DEEPSPEED && o == &c->tc->at[VP_TC_EVAL_BATCH])
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "expected a whole number for '%s', found 'auto': that is a DeepSpeed config's "
				     "word for its training batch keys (it has no evaluation batch), and the trainer "
				     "needs the number ('vramplan plan' gives one)",
				     path);
	if (vp_tc_is_auto(m->value) && c->tc->flavour != VP_TC_DEEPSPEED)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "expected a whole number for '%s', found 'auto': that is a DeepSpeed config's "
				     "word, which the HF Trainer fills in from this key, and the trainer itself needs "
				     "the number ('vramplan plan' gives one)",
				     path);
	if (is_auto_out != NULL && vp_tc_is_auto(m->value)) {
		*is_auto_out = true;
		return 0;
	}
	if (vp_tc_get_u64(c, m->value, path, min, out) != 0)
		return -1;
	*has = true;
	return 0;
}

HANDLER(k_batch)
{
	return batch_like(c, m, path, &c->r.batch, &c->r.has_batch, &c->r.batch_auto, &c->tc->at[VP_TC_BATCH], 1);
}

HANDLER(k_eval_batch)
{
	return batch_like(c, m, path, &c->r.eval_batch, &c->r.has_eval_batch, NULL, &c->tc->at[VP_TC_EVAL_BATCH], 1);
}

HANDLER(k_accum)
{
	return batch_like(c, m, path, &c->r.accum, &c->r.has_accum, &c->r.accum_auto, &c->tc->at[VP_TC_GRAD_ACCUM],
			  1);
}

HANDLER(k_total_batch)
{
	return batch_like(c, m, path, &c->r.total_batch, &c->r.has_total_batch, &c->r.total_auto, &c->r.at_total, 1);
}

static int flag(struct ctx *c, const struct vp_tmember *m, const char *path, int *out, struct vp_tc_origin *o)
{
	bool b = false;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_bool(c, m->value, path, &b) != 0)
		return -1;
	*out = b;
	if (o != NULL)
		vp_tc_set_origin(o, path, m);
	return 0;
}

/* A string value: 1 when null (the key as good as absent), 0 with *out set,
 * -1 on a value of another kind. */
static int word(struct ctx *c, const struct vp_tmember *m, const char *path, const char **out)
{
	if (m->value->kind == VP_T_NULL)
		return 1;
	return vp_tc_get_string(c, m->value, path, out) != 0 ? -1 : 0;
}

/* A section's value: 1 when null (the key as good as absent), 0 when a
 * mapping, -1 (error at the value) otherwise. */
static int section(struct ctx *c, const struct vp_tnode *v, const char *path)
{
	if (v->kind == VP_T_NULL)
		return 1;
	if (v->kind != VP_T_MAP)
		return vp_tc_fail_at(c, v->line, v->column, "expected a mapping for '%s', found %s", path,
				     vp_tc_kind_name(v));
	return 0;
}

HANDLER(k_fp16)
{
	return flag(c, m, path, &c->r.fp16, &c->r.at_fp16);
}

/* hf: a bool; axolotl: a bool, "auto" (its default) or "full": the
 * weights in bf16 (normalize_config: torch_dtype bfloat16 when cfg.bf16)
 * and no autocast (core/builders/base.py _configure_precision_settings
 * passes bf16_full_eval instead of bf16). */
HANDLER(k_bf16)
{
	if (c->tc->flavour == VP_TC_AXOLOTL && vp_tc_is_auto(m->value)) {
		c->r.bf16_auto = true;
		vp_tc_set_origin(&c->r.at_bf16, path, m);
		return 0;
	}
	if (c->tc->flavour == VP_TC_AXOLOTL && m->value->kind == VP_T_SCALAR && strcmp(m->value->text, "full") == 0) {
		c->r.bf16_full = true;
		vp_tc_set_origin(&c->r.at_bf16, path, m);
		return 0;
	}
	if (c->tc->flavour == VP_TC_AXOLOTL && m->value->kind == VP_T_SCALAR &&
	    (m->value->quoted || (strcmp(m->value->text, "1") != 0 && strcmp(m->value->text, "0") != 0 &&
				  vp_yaml11_bool(m->value->text) < 0)))
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "expected true, false, auto or full for '%s', found %s'%.40s'", path,
				     m->value->quoted ? "the string " : "", m->value->text);
	return flag(c, m, path, &c->r.bf16, &c->r.at_bf16);
}

HANDLER(k_pure_bf16)
{
	return flag(c, m, path, &c->r.pure_bf16, &c->r.at_pure);
}

HANDLER(k_pure_fp16)
{
	return flag(c, m, path, &c->r.pure_fp16, &c->r.at_pure);
}

/* TRL ModelConfig torch_dtype (dtype in newer versions): the dtype the
 * weights are loaded in. */
HANDLER(k_dtype)
{
	const char *s = NULL;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (strcmp(s, "bfloat16") != 0 && strcmp(s, "float16") != 0 && strcmp(s, "float32") != 0 &&
	    strcmp(s, "auto") != 0 && strcmp(s, "bf16") != 0 && strcmp(s, "fp16") != 0 && strcmp(s, "fp32") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unknown '%s' value '%.40s' (expected one of: auto, bfloat16, float16, float32)", path, s);
	snprintf(c->r.dtype, sizeof c->r.dtype, "%s", s);
	vp_tc_set_origin(&c->r.at_dtype, path, m);
	return 0;
}

/* hf gradient_checkpointing: a bool; axolotl also "unsloth" and "offload"
 * (activations offloaded to the host). */
HANDLER(k_grad_ckpt)
{
	const struct vp_tnode *v = m->value;

	if (v->kind == VP_T_NULL)
		return 0;
	if (c->tc->flavour == VP_TC_AXOLOTL && v->kind == VP_T_SCALAR &&
	    (strcmp(v->text, "unsloth") == 0 || strcmp(v->text, "offload") == 0)) {
		c->r.grad_ckpt = 1;
		c->r.ckpt_offload = true;
		vp_tc_set_origin(&c->tc->at[VP_TC_GRAD_CKPT], path, m);
		return 0;
	}
	return flag(c, m, path, &c->r.grad_ckpt, &c->tc->at[VP_TC_GRAD_CKPT]);
}

/* TrainingArguments.optim values (transformers OptimizerNames) that
 * vramplan models: vp_optimizer_parse() knows them beside its own names
 * (train.c optimizer_aliases), the same for the CLI's --optimizer. */
int vp_tc_parse_optim(struct ctx *c, const struct vp_tnode *v, const char *path, enum vp_optimizer *out)
{
	if (vp_optimizer_parse(v->text, out, c->err) != 0 && vp_optimizer_hf_unmodelled(v->text)) {
		/* a TrainingArguments name not modelled: said so (train.c
		 * optimizer_hf_unmodelled); copied, as fail_at writes c->err */
		char msg[sizeof c->err->message];

		snprintf(msg, sizeof msg, "%s", c->err->message);
		return vp_tc_fail_at(c, v->line, v->column, "'%s': %s", path, msg);
	}
	if (vp_optimizer_parse(v->text, out, c->err) != 0)
		return vp_tc_fail_at(c, v->line, v->column,
			       "unknown or unmodelled optimizer '%.40s' in '%s' (vramplan models: adamw_torch, "
			       "adamw_hf, adamw_torch_fused, adamw_apex_fused, adamw_torch_npu_fused, "
			       "adamw_anyprecision, adamw_torch_xla, adamw_bnb_8bit, adamw_8bit, adamw_torch_8bit, "
			       "adamw_torch_4bit, paged_adamw, paged_adamw_32bit, paged_adamw_8bit, paged_adamw_bnb_8bit, "
			       "adafactor, sgd, lion, lion_32bit)",
			       v->text, path);
	return 0;
}

HANDLER(k_optim)
{
	const char *s = NULL;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (vp_tc_parse_optim(c, m->value, path, &c->r.optim) != 0)
		return -1;
	c->r.has_optim = true;
	vp_tc_set_origin(&c->r.at_optim, path, m);
	return 0;
}

/* The deprecated TrainingArguments.adafactor flag. __post_init__ runs
 * `if self.adafactor: self.optim = OptimizerNames.ADAFACTOR` after reading
 * optim, so it wins over a stated optim whatever the file's order
 * (tc_settle.c applies it). */
HANDLER(k_adafactor)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (on) {
		c->r.adafactor = true;
		vp_tc_set_origin(&c->r.at_adafactor, path, m);
	}
	return 0;
}

HANDLER(k_use_peft)
{
	c->r.sft = true;
	return flag(c, m, path, &c->r.use_peft, &c->r.at_peft);
}

/* The position of a quantization key is kept only when it turns the
 * quantization on: the 4-bit key wins over the 8-bit one. */
HANDLER(k_load4)
{
	if (flag(c, m, path, &c->r.load4, NULL) != 0)
		return -1;
	if (c->r.load4 == 1)
		vp_tc_set_origin(&c->r.at_load, path, m);
	return 0;
}

HANDLER(k_load8)
{
	if (flag(c, m, path, &c->r.load8, NULL) != 0)
		return -1;
	if (c->r.load8 == 1 && c->r.load4 != 1)
		vp_tc_set_origin(&c->r.at_load, path, m);
	return 0;
}

HANDLER(k_nested)
{
	return flag(c, m, path, &c->r.nested, NULL);
}

/* bitsandbytes 4-bit types: nf4 and fp4 store the same 4 bits a weight. */
HANDLER(k_quant_type)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (strcmp(s, "nf4") != 0 && strcmp(s, "fp4") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unknown '%s' value '%.40s' (expected nf4 or fp4)", path, s);
	return 0;
}

HANDLER(k_adapter)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (strcmp(s, "lora") != 0 && strcmp(s, "qlora") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unsupported adapter '%.40s' (vramplan models lora and qlora)", s);
	snprintf(c->r.adapter, sizeof c->r.adapter, "%s", s);
	vp_tc_set_origin(&c->r.at_adapter, path, m);
	return 0;
}

HANDLER(k_lora_r)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &c->r.lora_r) != 0)
		return -1;
	c->r.has_lora_r = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_LORA_R], path, m);
	return 0;
}

HANDLER(k_lora_dropout)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_probability(c, m->value, path, &c->r.lora_dropout) != 0)
		return -1;
	c->r.has_lora_dropout = true;
	return 0;
}

/* TRL ModelConfig lora_target_parameters (PEFT LoraConfig
 * target_parameters): LoRA on parameters that are not nn.Linear, such as
 * gpt-oss's experts, through PEFT's ParamWrapper. Said, not modelled. */
HANDLER(k_target_parameters)
{
	return vp_tc_note_bound(c, path, m, VP_TC_BOUND_UNDER,
				"LoRA on parameters (PEFT target_parameters, gpt-oss's experts) is not modelled: "
				"its adapters and the weights it merges in forward are not counted");
}

/* axolotl unfrozen_parameters: after loading (and PEFT), train.py
 * setup_model_and_tokenizer calls freeze_layers_except(model, patterns),
 * which leaves trainable only the parameters the regular expressions
 * match (utils/freeze.py). Which those are depends on the model's names;
 * not modelled: every parameter the method trains is counted with its
 * gradient and optimizer states, an overestimate. Said, since a full
 * fine-tune that unfreezes a few layers is checked as a whole one. */
HANDLER(k_unfrozen)
{
	const struct vp_tnode *v = m->value;

	if (v->kind == VP_T_SEQ && v->n > 0)
		return vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER,
					"freezing all but the parameters it matches is not modelled: every "
					"parameter the method trains is counted with its gradient and optimizer "
					"states (an overestimate)");
	return vp_tc_note_ignored(c, path, m, NULL);
}

/* axolotl's evaluation callbacks that generate (core/builders/causal.py
 * get_post_trainer_create_callbacks): do_causal_lm_eval adds
 * CausalLMBenchEvalCallback, whose on_evaluate runs model.generate over
 * every eval batch (eval_max_new_tokens new tokens, use_cache), and
 * eval_table_size > 0, with a wandb, mlflow or comet logger, adds
 * LogPredictionCallback, which keeps one batch's logits from
 * prediction_step and generates on it (utils/callbacks/__init__.py). The
 * eval check counts a loss forward, not the generation's KV cache: said,
 * as the examples set them (examples/phi/phi3-ft.yml, mistral/qlora.yml).
 * Until 2026-11-30 both were listed as ignored without a word. */
HANDLER(k_axo_causal_lm_eval)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	return vp_tc_note_bound(c, path, m, VP_TC_BOUND_UNDER,
				on ? "generation in evaluation is not modelled: axolotl's CausalLMBenchEvalCallback "
				     "runs model.generate over every eval batch (eval_max_new_tokens new tokens), whose "
				     "KV cache the eval check does not count"
				   : NULL);
}

/* A string key of root that holds some text, or a key that is true. */
static bool axo_key_set(const struct vp_tnode *root, const char *key)
{
	const struct vp_tmember *k = vp_tc_member(root, key);

	if (k == NULL || k->value == NULL || k->value->kind != VP_T_SCALAR || k->value->text[0] == '\0')
		return false;
	return k->value->quoted || vp_yaml11_bool(k->value->text) != 0;
}

/* A logger LogPredictionCallback is added for (core/builders/causal.py
 * get_post_trainer_create_callbacks: cfg.use_wandb, cfg.use_mlflow or
 * cfg.use_comet with eval_table_size > 0): set in the config, or by
 * axolotl from wandb_project (utils/wandb_.py setup_wandb_env_vars),
 * mlflow_tracking_uri (setup_mlflow_env_vars) and the comet_* keys
 * (setup_comet_env_vars). Any of them counts, the safe side. */
static bool axo_logger_on(const struct vp_tnode *root)
{
	static const char *const keys[] = {"use_wandb",		  "wandb_project",     "use_mlflow",
					   "mlflow_tracking_uri", "use_comet",	       "comet_api_key",
					   "comet_workspace",	  "comet_project_name"};

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (axo_key_set(root, keys[i]))
			return true;
	return false;
}

HANDLER(k_axo_eval_table)
{
	const char *s = m->value->text;
	uint64_t n = 0;

	if (m->value->kind == VP_T_NULL)
		return vp_tc_note_ignored(c, path, m, NULL);
	/* a negative size is axolotl's int too (schemas/config.py
	 * eval_table_size: int | None, unbounded), and no table: the
	 * callbacks are added only where eval_table_size > 0 (until
	 * 2026-11-30 check refused -1, "must be at least 0") */
	if (m->value->kind == VP_T_SCALAR && !m->value->quoted && s[0] == '-' && s[1] != '\0' &&
	    s[1 + strspn(s + 1, "0123456789")] == '\0')
		return vp_tc_note_ignored(c, path, m, NULL);
	if (vp_tc_get_u64(c, m->value, path, 0, &n) != 0)
		return -1;
	if (n > 0 && !axo_logger_on(c->root))
		return vp_tc_note_ignored(c, path, m,
					  "no wandb, mlflow or comet logger (wandb_project, mlflow_tracking_uri, "
					  "comet_*, use_wandb/use_mlflow/use_comet), so axolotl adds no "
					  "LogPredictionCallback and the table generates nothing");
	return vp_tc_note_bound(c, path, m, VP_TC_BOUND_UNDER,
				n > 0 ? "generation in evaluation is not modelled: with a wandb, mlflow or comet "
					"logger axolotl's LogPredictionCallback keeps an eval batch's logits and runs "
					"model.generate on it (eval_max_new_tokens new tokens), whose KV cache the eval "
					"check does not count"
				      : NULL);
}

/* axolotl's Cut Cross Entropy: the plugin's module is named in plugins
 * (schemas/config.py plugins: list[str]), as the class
 * axolotl.integrations.cut_cross_entropy.CutCrossEntropyPlugin or its
 * module. */
#define AXO_CCE_PLUGIN "axolotl.integrations.cut_cross_entropy"

static bool axo_cce_plugin(const struct vp_tnode *root)
{
	const struct vp_tmember *p = root != NULL && root->kind == VP_T_MAP ? vp_tc_member(root, "plugins") : NULL;
	size_t i;

	for (i = 0; p != NULL && p->value->kind == VP_T_SEQ && i < p->value->n; i++) {
		const struct vp_tnode *e = p->value->items[i];

		if (e->kind == VP_T_SCALAR && strncmp(e->text, AXO_CCE_PLUGIN, strlen(AXO_CCE_PLUGIN)) == 0 &&
		    (e->text[strlen(AXO_CCE_PLUGIN)] == '\0' || e->text[strlen(AXO_CCE_PLUGIN)] == '.'))
			return true;
	}
	return false;
}

/* The plugin applies its patch before the model loads (integrations/
 * cut_cross_entropy/__init__.py pre_model_load: cce_patch) whenever
 * cfg.cut_cross_entropy is true, which its arguments default to (args.py
 * CutCrossEntropyArgs: cut_cross_entropy: Optional[bool] = True; its
 * README: "default when the plugin is loaded"); an explicit false or null
 * turns it off. */
static bool axo_cce_on(const struct vp_tnode *root)
{
	const struct vp_tmember *k;

	if (!axo_cce_plugin(root))
		return false;
	k = vp_tc_member(root, "cut_cross_entropy");
	if (k == NULL)
		return true;
	return k->value->kind == VP_T_SCALAR && !k->value->quoted &&
	       (strcmp(k->value->text, "1") == 0 || vp_yaml11_bool(k->value->text) == 1);
}

/* Cut Cross Entropy (apple/ml-cross-entropy, Wijmans et al. 2024, "Cut
 * Your Losses in Large-Vocabulary Language Models") computes the loss
 * from the hidden states and the LM head's weight block by block and
 * never keeps the logits. Not modelled: the loss is counted as the model
 * runs it without the patch, with its logits: an overestimate by up to
 * 12 bytes x tokens x vocabulary (logits.c), except that
 * cut_cross_entropy_accum_c_fp32 adds an fp32 copy of a trained LM
 * head's gradient. Said at plugins; until 2026-11-30 the list was ignored
 * without a word, and the default that turns CCE on with the plugin alone
 * was not seen (axolotl's examples/gpt-oss/gpt-oss-20b-sft-lora-
 * singlegpu.yaml and examples/qwen3/32b-qlora.yaml load it so).
 *
 * The LigerPlugin is read here too: the liger_* keys are its LigerArgs,
 * which prepare_plugins merges into the schema only for a listed plugin
 * (cli/config.py load_cfg), and only its pre_model_load patches the model
 * with the kernels they name (integrations/liger/plugin.py). Without it
 * listed they do nothing (tc_settle.c checks without Liger, with a
 * remark). Until 2026-11-30 the kernels were counted from the liger_*
 * keys alone, and a list naming the plugin was listed as ignored. */
HANDLER(k_axo_plugins)
{
	static const char why[] =
		"Cut Cross Entropy (the CutCrossEntropyPlugin; cut_cross_entropy defaults to true with it) is not "
		"modelled: it never keeps the logits, which the loss is counted with (an overestimate, unless "
		"cut_cross_entropy_accum_c_fp32 keeps an fp32 copy of a trained LM head's gradient)";
	const struct vp_tnode *v = m->value;
	size_t i;

	if (c->r.liger_plugin < 0 && v->kind == VP_T_SEQ)
		c->r.liger_plugin = 0;
	for (i = 0; v->kind == VP_T_SEQ && i < v->n; i++) {
		const struct vp_tnode *e = v->items[i];
		size_t len = e->kind == VP_T_SCALAR ? strlen(e->text) : 0;

		/* the class by its import path: axolotl.integrations.liger.LigerPlugin */
		if (len >= 11 && strcmp(e->text + len - 11, "LigerPlugin") == 0 && (len == 11 || e->text[len - 12] == '.'))
			c->r.liger_plugin = 1;
	}
	if (axo_cce_on(c->root))
		return vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER, why);
	/* read where it lists the LigerPlugin; otherwise nothing here is
	 * modelled and the list is named with the ignored keys */
	return c->r.liger_plugin == 1 ? 0 : vp_tc_note_ignored(c, path, m, NULL);
}

/* A boolean key whose mechanism is not modelled: true is noted at the key
 * with `why` (which way the check errs, `dir` where it says: the verdict's
 * bound), anything else is listed with the ignored keys */
static int note_when_on(struct ctx *c, const struct vp_tmember *m, const char *path, enum vp_tc_bound dir,
			const char *why)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	return vp_tc_note_bound(c, path, m, dir, on == 1 ? why : NULL);
}

/* A count key whose mechanism is not modelled: a value of at least `min`,
 * noted at the key with `why` above `above`, listed with the ignored keys
 * otherwise (and when null) */
static int note_when_above(struct ctx *c, const struct vp_tmember *m, const char *path, uint64_t min, uint64_t above,
			   enum vp_tc_bound dir, const char *why)
{
	uint64_t n = 0;

	if (m->value->kind == VP_T_NULL)
		return vp_tc_note_ignored(c, path, m, NULL);
	if (vp_tc_get_u64(c, m->value, path, min, &n) != 0)
		return -1;
	return vp_tc_note_bound(c, path, m, dir, n > above ? why : NULL);
}

/* s2_attention (schemas/config.py): LongLoRA's shifted sparse attention
 * (S2-Attn), a patch of Llama's flash-attention forward
 * (monkeypatch/llama_attn_hijack_flash.py, use_shifted_sparse_attn) that
 * attends within groups of a quarter of the sequence. Not modelled: the
 * attention is counted as the other keys choose it. Said; until
 * 2026-11-30 the key was unknown and "did you mean 'sdp_attention'?". */
HANDLER(k_axo_s2)
{
	return note_when_on(c, m, path, VP_TC_BOUND_NONE,
			    "shifted sparse attention (S2-Attn) is not modelled: the attention "
			    "is counted as the other attention keys choose it");
}

/* sequence_parallel_degree, context_parallel_size (its later name):
 * context parallelism, each sequence split over that many GPUs, which
 * attend to the others' keys and values ring-wise (ring-flash-attn;
 * axolotl's docs/sequence_parallelism.qmd). Not modelled: each GPU is
 * counted with the whole sequence, its activations and logits (an
 * overestimate). Said above 1; until 2026-11-30 listed as ignored. */
HANDLER(k_axo_context_parallel)
{
	return note_when_above(c, m, path, 1, 1, VP_TC_BOUND_OVER,
			       "context parallelism (each sequence split over GPUs) is not modelled: each "
			       "GPU is counted with the whole sequence, its activations and logits (an "
			       "overestimate)");
}

/* cut_cross_entropy is the plugin's own argument: without the plugin
 * axolotl's schema has no such key and nothing is patched */
HANDLER(k_axo_cce)
{
	static const char why[] =
		"without axolotl.integrations.cut_cross_entropy.CutCrossEntropyPlugin in plugins nothing reads it";
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	return vp_tc_note_ignored(c, path, m, on && !axo_cce_plugin(c->root) ? why : NULL);
}

/* TrainingArguments label_smoothing_factor (LLaMA-Factory's too, which
 * inherits Seq2SeqTrainingArguments): the Trainer pops the labels and its
 * LabelSmoother (trainer_pt_utils.py) computes the loss from the returned
 * logits, which the estimate counts (logits.c label_smoother;
 * docs/memory-model.md "Logits and loss"). 0 is off. */
HANDLER(k_label_smoothing)
{
	double f = 0.0;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_probability(c, m->value, path, &f) != 0)
		return -1;
	c->r.label_smoothing = f;
	return 0;
}

HANDLER(k_targets)
{
	/* axolotl's lora_target_linear adds every linear layer to the list,
	 * whatever the order of the two keys (loaders/adapter.py load_lora:
	 * list(set(lora_target_modules + find_all_linear_names(model)))):
	 * the list must not drop what an earlier lora_target_linear set
	 * (until 2026-11-30 it did, and a list of two modules after it was
	 * checked as those two) */
	bool linear = c->r.targets.lora_all_linear;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_targets(c, m->value, path, &c->r.targets) != 0)
		return -1;
	if (linear)
		c->r.targets.lora_all_linear = true;
	c->r.has_targets = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_LORA_TARGETS], path, m);
	return 0;
}

/*
 * axolotl's lora_target_modules reaches LoraConfig as it is written
 * (loaders/adapter.py _build_peft_lora_config: target_modules=
 * lora_target_modules, a list joined with find_all_linear_names' under
 * lora_target_linear), and PEFT expands all-linear only when
 * target_modules is that string (tuners_utils.py
 * _maybe_include_all_linear_layers; LoraConfig turns a list into a set):
 * [all-linear] is one module name no model has, "Target modules
 * {'all-linear'} not found in the base model". TRL's ModelConfig unwraps a
 * one-item list (vp_tc_get_targets); axolotl does not. Beside an earlier
 * lora_target_linear: true the linear names it adds are trained and the
 * item matches nothing, so that reads as every linear layer, whatever
 * the order of the two keys. Until
 * 2026-11-30 [all-linear] was read as every linear layer here too.
 */
HANDLER(k_axo_targets)
{
	const struct vp_tnode *v = m->value;
	const struct vp_tmember *linear = c->root != NULL ? vp_tc_member(c->root, "lora_target_linear") : NULL;
	size_t i;

	/* lora_target_linear: true anywhere in the file (its handler reports
	 * a bad value) */
	if (linear != NULL && linear->value->kind == VP_T_SCALAR && !linear->value->quoted &&
	    (strcmp(linear->value->text, "1") == 0 || vp_yaml11_bool(linear->value->text) == 1))
		return k_targets(c, m, path);
	if (v->kind == VP_T_SEQ)
		for (i = 0; i < v->n; i++)
			if (v->items[i]->kind == VP_T_SCALAR && strcasecmp(v->items[i]->text, "all-linear") == 0)
				return vp_tc_fail_at(c, v->items[i]->line, v->items[i]->column,
					       "'%s': axolotl passes a list to PEFT as a list, where all-linear is a "
					       "module name no model has (loaders/adapter.py); write "
					       "lora_target_modules: all-linear, or lora_target_linear: true",
					       path);
	return k_targets(c, m, path);
}

/* axolotl lora_target_linear: every linear layer, like PEFT's all-linear. */
HANDLER(k_target_linear)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (on) {
		c->r.targets.lora_all_linear = true;
		c->r.has_targets = true;
		vp_tc_set_origin(&c->tc->at[VP_TC_LORA_TARGETS], path, m);
	}
	return 0;
}

HANDLER(k_modules_to_save)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	return vp_tc_get_modules_to_save(c, m->value, path);
}

/* from_pretrained(attn_implementation=...) values (transformers
 * modeling_utils.py); flash_attention_3 and flex keep no score matrix
 * either. */
/*
 * Where a config sets the attention twice, the key the tool reads first
 * wins, whatever the order in the file: axolotl's ModelLoader
 * (_set_attention_config, src/axolotl/loaders/model.py) checks
 * attn_implementation, then flex_attention, flash_attention,
 * sdp_attention, eager_attention, in an if/elif chain. The losing key is
 * noted. Keys of equal rank (xformers_attention beside sdp_attention,
 * both SDPA-like here) keep the later one.
 */
enum { ATTN_RANK_EAGER = 1, ATTN_RANK_SDP, ATTN_RANK_FLASH, ATTN_RANK_FLEX, ATTN_RANK_IMPL };

static const char *attn_word(enum vp_attn a)
{
	return a == VP_ATTN_EAGER ? "eager" : a == VP_ATTN_SDPA ? "sdpa" : "flash_attention_2";
}

static int set_attn(struct ctx *c, const struct vp_tmember *m, const char *path, enum vp_attn a, int rank)
{
	struct vp_tc_origin *at = &c->tc->at[VP_TC_ATTN];

	if (c->r.has_attn && c->r.attn != a) {
		struct vp_tc_origin here;

		vp_tc_set_origin(&here, path, m);
		if (rank < c->r.attn_rank)
			return vp_tc_note_overridden(c, &here, "'%s' (line %lu) takes precedence (%s), as in the "
						    "trainer's loader",
						    at->key, at->line, attn_word(c->r.attn));
		if (vp_tc_note_overridden(c, at, "'%s' (line %lu) takes precedence (%s), as in the trainer's "
					     "loader",
					     here.key, here.line, attn_word(a)) != 0)
			return -1;
	}
	c->r.attn = a;
	c->r.attn_rank = rank;
	c->r.attn_flex = false; /* set by the flex keys after this */
	c->r.has_attn = true;
	vp_tc_set_origin(at, path, m);
	return 0;
}

/* a boolean switch: flash_attention, sdp_attention, ... */
static int attn_switch(struct ctx *c, const struct vp_tmember *m, const char *path, enum vp_attn a, int rank)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	return on ? set_attn(c, m, path, a, rank) : 0;
}

/* A kernel from the Hub as transformers names one (integrations/
 * hub_kernels.py is_kernel: ^[^/:]+/[^/:]+(?:@[^/:]+)?(?::[^/:]+)?$,
 * "org/repo", "@revision" and ":function" optional). 1: a repo alone, 2: a
 * repo and a function of its own, 0: not a kernel. */
static int hub_kernel(const char *s)
{
	size_t org = strcspn(s, "/:@"), repo;
	const char *p = s + org + 1;

	if (org == 0 || s[org] != '/')
		return 0;
	repo = strcspn(p, "/:@");
	if (repo == 0)
		return 0;
	p += repo;
	if (*p == '@') {
		size_t rev = strcspn(p + 1, "/:@");

		if (rev == 0)
			return 0;
		p += 1 + rev;
	}
	if (*p == '\0')
		return 1;
	if (*p == ':' && p[1] != '\0' && strcspn(p + 1, "/:@") == strlen(p + 1))
		return 2;
	return 0;
}

HANDLER(k_attn_impl)
{
	const char *s = NULL;
	enum vp_attn a;
	int kernel;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	kernel = hub_kernel(s);
	if (strcmp(s, "eager") == 0)
		a = VP_ATTN_EAGER;
	else if (strcmp(s, "sdpa") == 0 || strcmp(s, "flex_attention") == 0)
		a = VP_ATTN_SDPA;
	else if (strcmp(s, "flash_attention_2") == 0 || strcmp(s, "flash_attention_3") == 0)
		a = VP_ATTN_FLASH2;
	/* A Hub kernel repo: transformers loads it (load_and_register_attn_kernel)
	 * and, where it has flash_attn_varlen_func, as every flash-attention
	 * build there does, registers flash_attention_forward over it with
	 * flash_attention_2's mask function: flash attention, no score matrix
	 * and no 4-D mask (axolotl's examples/gpt-oss/gpt-oss-20b-sft-lora-
	 * singlegpu.yaml: kernels-community/vllm-flash-attn3). Without that
	 * function a repo alone does not load (no attention function is
	 * found), so flash is what a run gets. A repo:function registers
	 * that function, whatever it keeps: refused. Until 2026-11-30 every
	 * kernel was an unknown value. */
	else if (kernel == 1)
		a = VP_ATTN_FLASH2;
	else if (kernel == 2)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'%s: %.60s' is not modelled: a Hub kernel's own function (repo:function) keeps what "
			       "it keeps; a kernel repo alone ('org/repo') runs as flash attention",
			       path, s);
	else
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unknown '%s' value '%.40s' (expected eager, sdpa, flash_attention_2, "
			       "flash_attention_3, flex_attention or a Hub kernel repo such as "
			       "kernels-community/flash-attn3)",
			       path, s);
	if (set_attn(c, m, path, a, ATTN_RANK_IMPL) != 0)
		return -1;
	c->r.attn_flex = strcmp(s, "flex_attention") == 0;
	return 0;
}

/* older TRL ModelConfig: use_flash_attention_2 */
HANDLER(k_use_flash2)
{
	return attn_switch(c, m, path, VP_ATTN_FLASH2, ATTN_RANK_FLASH);
}

HANDLER(k_flash)
{
	return attn_switch(c, m, path, VP_ATTN_FLASH2, ATTN_RANK_FLASH);
}

HANDLER(k_flex)
{
	if (attn_switch(c, m, path, VP_ATTN_SDPA, ATTN_RANK_FLEX) != 0)
		return -1;
	/* flex_attention: true won (a later attn_implementation clears it) */
	if (c->r.has_attn && c->r.attn_rank == ATTN_RANK_FLEX)
		c->r.attn_flex = true;
	return 0;
}

/* axolotl activation_offloading: true (or "legacy"/"disk", other ways to
 * the same host copy); read with gradient_checkpointing in tc_settle.c.
 * TRL's SFTConfig has the same key for the same context manager, which
 * axolotl imports from it (trl/models/activation_offloading.py
 * get_act_offloading_ctx_manager, entered by SFTTrainer when
 * args.activation_offloading; axolotl core/trainers/mixins/
 * activation_checkpointing.py). */
HANDLER(k_act_offload)
{
	const struct vp_tnode *v = m->value;
	int on = 0;

	if (v->kind == VP_T_SCALAR && (strcmp(v->text, "legacy") == 0 || strcmp(v->text, "disk") == 0)) {
		c->r.act_offload = true;
		return 0;
	}
	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.act_offload = on == 1;
	return 0;
}

/* xformers' memory-efficient kernel and flex attention, like SDPA, keep no
 * score matrix. */
HANDLER(k_sdp)
{
	return attn_switch(c, m, path, VP_ATTN_SDPA, ATTN_RANK_SDP);
}

HANDLER(k_eager)
{
	return attn_switch(c, m, path, VP_ATTN_EAGER, ATTN_RANK_EAGER);
}

/* TrainingArguments.auto_find_batch_size: Trainer.train() retries a smaller
 * batch after an out-of-memory error (check reports where it settles) */
HANDLER(k_auto_batch)
{
	int on = 0;

	if (flag(c, m, path, &on, &c->tc->at[VP_TC_AUTO_BATCH]) != 0)
		return -1;
	c->tc->auto_find_batch = on == 1;
	return 0;
}

HANDLER(k_packing)
{
	/* TRL's SFTConfig (TrainingArguments has none); LLaMA-Factory's too,
	 * read under its own flavour */
	c->r.sft = true;
	return flag(c, m, path, &c->r.packed, &c->r.at_packed);
}

/* axolotl eval_sample_packing (schema default None, which its
 * check_eval_packing validator sets to true beside sample_packing): read
 * with sample_packing in tc_settle.c, for the even_batches it sets */
HANDLER(k_eval_packing)
{
	return flag(c, m, path, &c->r.eval_packed, NULL);
}

/* TRL SFTConfig.packing_strategy: "bfd" (the default) and "bfd_split" make
 * SFTTrainer padding-free (sft_trainer.py: self.padding_free =
 * args.padding_free or (args.packing and args.packing_strategy in {"bfd",
 * "bfd_split"})), "wrapped" does not; read with packing in tc_settle.c */
HANDLER(k_packing_strategy)
{
	const char *s = NULL;

	if (m->value->kind == VP_T_NULL)
		return 0;
	c->r.sft = true;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	/* "ffd", TRL 0.19's name of the first-fit packing that became bfd */
	if (strcmp(s, "bfd") == 0 || strcmp(s, "bfd_split") == 0 || strcmp(s, "ffd") == 0)
		c->r.packing_strategy = 0;
	else if (strcmp(s, "wrapped") == 0)
		c->r.packing_strategy = 1;
	else
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "unknown '%s' value '%.40s' (expected bfd, bfd_split, wrapped or ffd)", path, s);
	vp_tc_set_origin(&c->r.at_packing_strategy, path, m);
	return 0;
}

/* TRL SFTConfig.padding_free: the batch flattened into one row */
HANDLER(k_padding_free)
{
	c->r.sft = true;
	return flag(c, m, path, &c->r.padding_free, &c->r.at_padding_free);
}

/* TRL SFTConfig.loss_type: nll, dft, chunked_nll (unset: chunked_nll from
 * TRL 1.7, huggingface/trl#5846, nll with use_liger_kernel); SFTTrainer
 * raises on any other. Settled in tc_settle.c. */
HANDLER(k_loss_type)
{
	const char *s = NULL;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (strcmp(s, "nll") == 0)
		c->r.loss_type = TC_LOSS_NLL;
	else if (strcmp(s, "chunked_nll") == 0)
		c->r.loss_type = TC_LOSS_CHUNKED_NLL;
	else if (strcmp(s, "dft") == 0)
		c->r.loss_type = TC_LOSS_DFT;
	else
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "unknown '%s' value '%.40s' (expected nll, chunked_nll or dft)", path, s);
	vp_tc_set_origin(&c->r.at_loss_type, path, m);
	return 0;
}

HANDLER(k_compile)
{
	int on = 0;

	/* axolotl also takes "auto" (compile when torch supports it) */
	if (vp_tc_is_auto(m->value))
		return 0;
	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.compile = on;
	return 0;
}

/* HF use_liger_kernel: apply_liger_kernel_to_<model> with its defaults,
 * which patch RoPE, RMSNorm, SwiGLU and the fused linear cross-entropy
 * (RoPE keeps what transformers' keeps: nothing to change; the RMSNorm
 * since 2026-11-30, activations.c liger_norm).
 * TRL's SFTConfig.use_liger (trl/trainer/sft_config.py, before TRL moved
 * to use_liger_kernel) loads the model with AutoLigerKernelForCausalLM,
 * which applies the same kernels with the same defaults (SFTTrainer
 * _create_model_from_path); open-r1's SFT recipes set it. Either key on
 * patches the model, whatever the other says (a false one patches nothing
 * back), so false leaves the reading as it is. Until 2026-11-30 use_liger
 * was listed as ignored and the logits counted. */
HANDLER(k_liger)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (on)
		c->r.liger_loss = c->r.liger_swiglu = c->r.liger_rms_norm = 1;
	if (on && (strcmp(m->key, "use_liger") == 0 || strcmp(m->key, "enable_liger_kernel") == 0))
		c->r.liger_preload = true;
	return 0;
}

/* axolotl's liger_cross_entropy (integrations/liger/args.py LigerArgs):
 * Liger's cross-entropy kernel over the logits the model returns, passed
 * as cross_entropy to apply_liger_kernel_to_<model>, as
 * liger_kernel_config's cross_entropy is (k_liger_config reads that one
 * here too). Not modelled: the standard loss is counted. Until 2026-11-30
 * listed as ignored. */
static int liger_ce(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	return note_when_on(c, m, path, VP_TC_BOUND_NONE,
			    "Liger's cross-entropy kernel over the logits is not modelled: the standard loss is "
			    "counted");
}

HANDLER(k_liger_ce)
{
	return liger_ce(c, m, path);
}

/* TrainingArguments liger_kernel_config: the keyword arguments Trainer
 * passes with use_liger_kernel (transformers integrations/liger.py
 * apply_liger_kernel: _apply_liger_kernel_to_instance(model=base_model,
 * **kernel_config)), which drops those the model's apply_liger_kernel_to_*
 * does not take and overrides its defaults with the rest. Read:
 * fused_linear_cross_entropy and rms_norm, settled in tc_settle.c (only
 * under use_liger_kernel), swiglu and geglu, of which the model's function
 * takes one (vp_trainconfig_resolve, which knows the model); rope and
 * layer_norm change nothing counted (k_liger_no_effect); cross_entropy,
 * Liger's kernel over the logits, is noted; the rest is listed as
 * ignored. Until 2026-11-30 the whole key was listed as ignored. */
HANDLER(k_liger_config)
{
	const struct vp_tnode *map = m->value;
	char sub[192];
	size_t i;
	int kind;

	/* TrainingArguments also takes it as a JSON string */
	if (map->kind == VP_T_SCALAR)
		return vp_tc_note_ignored(c, path, m,
					  "a JSON string is not read (write it as a mapping): Liger's kernels are "
					  "counted with apply_liger_kernel_to_<model>'s defaults");
	kind = section(c, map, path);
	if (kind != 0)
		return kind < 0 ? -1 : 0;
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *k = &map->members[i];
		int rc, on = 0;

		snprintf(sub, sizeof sub, "%s.%s", path, k->key);
		if (strcmp(k->key, "fused_linear_cross_entropy") == 0)
			rc = flag(c, k, sub, &c->r.liger_cfg_loss, NULL);
		else if (strcmp(k->key, "swiglu") == 0)
			rc = flag(c, k, sub, &c->r.liger_cfg_swiglu, NULL);
		else if (strcmp(k->key, "geglu") == 0)
			rc = flag(c, k, sub, &c->r.liger_cfg_geglu, NULL);
		else if (strcmp(k->key, "rms_norm") == 0)
			rc = flag(c, k, sub, &c->r.liger_cfg_rms_norm, NULL);
		else if (strcmp(k->key, "rope") == 0 || strcmp(k->key, "layer_norm") == 0)
			rc = flag(c, k, sub, &on, NULL);
		else if (strcmp(k->key, "cross_entropy") == 0)
			rc = liger_ce(c, k, sub);
		else
			rc = vp_tc_note_ignored(c, sub, k, NULL);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* axolotl's LigerPlugin takes each kernel on its own (settled with
 * `plugins` in tc_settle.c): *kernel as the key says, and the first key
 * that turns one on is where the remark goes when no plugin runs them */
static int liger_kernel_key(struct ctx *c, const struct vp_tmember *m, const char *path, int *kernel)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (m->value->kind != VP_T_NULL)
		*kernel = on;
	if (on && c->r.at_liger.line == 0)
		vp_tc_set_origin(&c->r.at_liger, path, m);
	return 0;
}

HANDLER(k_liger_flce)
{
	return liger_kernel_key(c, m, path, &c->r.liger_loss);
}

/* axolotl's chunked_cross_entropy (src/axolotl/utils/schemas/config.py;
 * loaders/patch_manager.py _apply_chunked_cross_entropy_patch): true
 * replaces transformers' ForCausalLMLoss with monkeypatch/loss/chunked.py,
 * torchtune's CEWithChunkedOutputLoss over the model's logits split into
 * chunked_cross_entropy_num_chunks pieces along the sequence (8 unset).
 * Settled in tc_settle.c. */
HANDLER(k_chunked_ce)
{
	return flag(c, m, path, &c->r.chunked_ce, &c->r.at_chunked_ce);
}

HANDLER(k_ce_chunks)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	return vp_tc_get_u64(c, m->value, path, 1, &c->r.ce_chunks);
}

HANDLER(k_liger_glu)
{
	return liger_kernel_key(c, m, path, &c->r.liger_swiglu);
}

/* axolotl's liger_rms_norm (integrations/liger/args.py LigerArgs: None, off,
 * unless set): LigerPlugin.pre_model_load passes it as rms_norm to
 * apply_liger_kernel_to_<model>, which then puts LigerRMSNorm in place of
 * the model's (activations.c liger_norm). Until 2026-11-30 listed as
 * ignored. */
HANDLER(k_liger_rms_norm)
{
	return liger_kernel_key(c, m, path, &c->r.liger_rms_norm);
}

/* axolotl's liger_rope and liger_layer_norm: read, and nothing changes.
 * LigerRopeFunction (liger_kernel/ops/rope.py) saves cos and sin, what
 * transformers' apply_rotary_pos_emb keeps too (q * cos and
 * rotate_half(q) * sin save the operand that needs no gradient, cos and
 * sin), and its output replaces q and k as transformers' does.
 * LigerLayerNorm replaces nn.LayerNorm, which the text models Liger
 * patches do not have (their norms are RMSNorm; apply_liger_kernel_to_
 * gemma3 and the -VL functions patch their vision towers' LayerNorms,
 * which vramplan does not count). Until 2026-11-30 listed as ignored. */
HANDLER(k_liger_no_effect)
{
	int on = 0;

	return flag(c, m, path, &on, NULL);
}

/* axolotl's tiled_mlp (utils/schemas/config.py: "ALST tiled mlp for
 * memory efficient long context"): the MLP runs over tiled_mlp_num_shards
 * slices of the sequence, each recomputed in backward, so only its input
 * is kept (DeepSpeed's TiledMLP, arXiv 2506.13996 "Arctic Long Sequence
 * Training"). Not modelled: the MLP's tensors are counted for the whole
 * sequence, an overestimate. Until 2026-11-30 listed as ignored. */
HANDLER(k_axo_tiled_mlp)
{
	return note_when_on(c, m, path, VP_TC_BOUND_OVER,
			    "ALST's tiled MLP (the MLP over slices of the sequence, recomputed in "
			    "backward) is not modelled: the MLP's tensors are counted for the whole "
			    "sequence (an overestimate)");
}

/* axolotl's lisa_n_layers (LISA, arXiv 2403.17919; utils/callbacks/
 * lisa.py): every lisa_step_interval steps the callback freezes the
 * layers and unfreezes lisa_n_layers of them at random. Not modelled:
 * every layer is counted as the method trains it, with its gradients and
 * optimizer states (an overestimate: AdamW's states stay only for the
 * layers once active). Until 2026-11-30 listed as ignored. */
HANDLER(k_axo_lisa)
{
	/* the callback is added only `if self.cfg.lisa_step_interval and
	 * self.cfg.lisa_n_layers` (core/builders/causal.py
	 * get_post_trainer_create_callbacks): without an interval nothing is
	 * frozen, and the count bounds nothing */
	const struct vp_tmember *iv = vp_tc_member(c->root, "lisa_step_interval");

	if (iv == NULL || iv->value == NULL || iv->value->kind != VP_T_SCALAR || iv->value->quoted ||
	    strspn(iv->value->text, "0") == strlen(iv->value->text))
		return note_when_above(c, m, path, 0, 0, VP_TC_BOUND_NONE,
				       "LISA runs only with lisa_step_interval: axolotl adds its callback only "
				       "with both keys, so every layer trains, as counted");
	return note_when_above(c, m, path, 0, 0, VP_TC_BOUND_OVER,
			       "LISA (a few layers trained at a time) is not modelled: every layer is "
			       "counted as trained, with its gradients and optimizer states (an overestimate)");
}

/* axolotl's fp8 (utils/schemas/config.py: FP8 mixed precision through
 * accelerate, mixed_precision "fp8" with torchao's Float8Linear): each
 * linear casts its input and weight to fp8 and keeps those casts for
 * backward. Not modelled: the step is counted in the precision the other
 * keys say, its 16-bit casts and saved inputs; which way that errs
 * depends on what fp8 leaves in 16 bit. Until 2026-11-30 listed as
 * ignored. */
HANDLER(k_axo_fp8)
{
	/* which way it errs depends on what fp8 leaves in 16 bit: no bound */
	return note_when_on(c, m, path, VP_TC_BOUND_NONE,
			    "FP8 training (accelerate's fp8 mixed precision, torchao's Float8Linear) is "
			    "not modelled: the step is counted in the precision the other keys give");
}

/* axolotl's qat (utils/schemas/config.py `qat: QATConfig | None`,
 * schemas/quantization.py: activation_dtype, weight_dtype, group_size):
 * quantization-aware training. torchao's quantize_ swaps each linear for a
 * FakeQuantizedLinear (torchao/quantization/qat/linear.py), whose forward
 * is `x = self.activation_fake_quantizer(x)` (with an activation_dtype),
 * `w = self.weight_fake_quantizer(self.weight)`, `F.linear(x, w,
 * self.bias)`: the fake-quantized weight is a new tensor the size of the
 * weight, which F.linear keeps for backward with the fake-quantized input.
 * Not modelled: the check counts plain linears, so it is under the peak by
 * those copies (a weight's worth per linear while its block's backward is
 * pending). Said at the key; until 2026-11-30 listed as ignored without a
 * word (axolotl's examples/llama-3/3b-qat-fsdp2.yaml). A null or empty
 * mapping is no QAT. */
HANDLER(k_axo_qat)
{
	if (m->value->kind == VP_T_NULL || (m->value->kind == VP_T_MAP && m->value->n == 0))
		return vp_tc_note_ignored(c, path, m, NULL);
	/* pydantic validates QATConfig from a mapping alone */
	if (m->value->kind != VP_T_MAP)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "'%s' must be a mapping of QATConfig's keys (weight_dtype, activation_dtype, "
				     "group_size), found a %s",
				     path, m->value->kind == VP_T_SEQ ? "list" : "scalar");
	return vp_tc_note_bound(c, path, m, VP_TC_BOUND_UNDER,
				"quantization-aware training (torchao's FakeQuantizedLinear) is not modelled: "
				"each linear's fake-quantized weight, a copy the size of the weight that F.linear "
				"keeps for backward, and with an activation_dtype its fake-quantized input, are not "
				"counted (an underestimate)");
}

/* axolotl's tensor_parallel_size (utils/schemas/config.py: "Number of
 * tensor parallel processes in TP group"; accelerate's ParallelismConfig
 * tp_size): each linear's weight, gradient and optimizer states split
 * over that many GPUs, and the activations between the split linears
 * with them. Not modelled: each GPU is counted with the whole model (an
 * overestimate). Said above 1; until 2026-11-30 listed as ignored without
 * a word (axolotl's examples/distributed-parallel/qwen3-8b-fsdp-tp-cp.yaml). */
HANDLER(k_axo_tensor_parallel)
{
	return note_when_above(c, m, path, 1, 1, VP_TC_BOUND_OVER,
			       "tensor parallelism (each linear's weight, gradient and optimizer states split "
			       "over GPUs) is not modelled: each GPU is counted with the whole model and its "
			       "activations (an overestimate)");
}

/* axolotl's dp_shard_size (utils/schemas/config.py: "Number of devices to
 * shard across. If not set, will use all available devices."), which
 * axolotl passes to accelerate's ParallelismConfig: FSDP shards the
 * parameters, gradients and optimizer states over that many GPUs
 * (accelerate/parallelism_config.py fsdp_dim_names: the dp_shard_cp mesh,
 * dp_shard_size x cp_size; the context-parallel GPUs it adds are not
 * counted, as context parallelism is not modelled: an overestimate). Read
 * as vramplan.gpus where FSDP runs and the vramplan block names no GPU
 * count (tc_settle.c); until 2026-11-30 listed as ignored, and the model
 * counted whole on one GPU with "default data-parallel GPUs: 1" (axolotl's
 * examples/distributed-parallel/qwen3-8b-fsdp-tp-cp.yaml). */
HANDLER(k_axo_dp_shard)
{
	uint64_t n = 0;

	if (m->value->kind == VP_T_NULL)
		return vp_tc_note_ignored(c, path, m, NULL);
	if (vp_tc_get_u64(c, m->value, path, 1, &n) != 0)
		return -1;
	if (n > VP_MAX_GPUS)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' %llu is more than %d GPUs", path,
				     (unsigned long long)n, VP_MAX_GPUS);
	c->r.dp_shard = n;
	vp_tc_set_origin(&c->r.at_dp_shard, path, m);
	return 0;
}

/* axolotl's unsloth_cross_entropy_loss, unsloth_lora_mlp, unsloth_lora_qkv,
 * unsloth_lora_o, unsloth_rms_norm, unsloth_rope (utils/schemas/config.py;
 * monkeypatch/unsloth_.py): Unsloth's kernels patched into the model, each
 * keeping less for backward than the code it replaces. Not modelled: the
 * step is counted as transformers runs it without them (an overestimate,
 * as each is meant to save memory). Until 2026-11-30 listed as ignored. */
HANDLER(k_axo_unsloth)
{
	return note_when_on(c, m, path, VP_TC_BOUND_OVER,
			    "Unsloth's kernels are not modelled: the step is counted as transformers "
			    "runs it without them (likely an overestimate: they keep less for backward)");
}

/* axolotl's lora_mlp_kernel, lora_qkv_kernel, lora_o_kernel
 * (utils/schemas/config.py; kernels/lora.py, monkeypatch/lora_kernels.py,
 * after Unsloth's fast_lora.py, whose LoRA_MLP saves the input and the
 * gate and up outputs and recomputes the activation in backward, where
 * PEFT's layers keep the activation's output and the down projection's
 * input too): custom autograd Functions for a LoRA model's MLP, q/k/v and
 * o projections; they need lora_dropout 0. Not modelled, as Unsloth's
 * kernels above. Until 2026-11-30 listed as ignored. */
HANDLER(k_axo_lora_kernel)
{
	return note_when_on(c, m, path, VP_TC_BOUND_OVER,
			    "axolotl's LoRA kernels are not modelled: the adapted layers are counted "
			    "as PEFT runs them (likely an overestimate: the kernels recompute the "
			    "activation in backward)");
}

/* TrainingArguments neftune_noise_alpha (NEFTune, arXiv 2310.05914;
 * trainer.py _activate_neftune, neftune_post_forward_hook): in training the
 * input embeddings' forward hook returns output + torch.zeros_like(output)
 * .uniform_(-mag_norm, mag_norm), so the noise and the sum are one
 * embedding-sized tensor (T x h) each more for a moment, before the first
 * block; nothing more is kept for backward. Not modelled (under the true
 * peak by at most those two tensors, where the peak is that early, which
 * it never is in training). Until 2026-11-30 listed as ignored. */
HANDLER(k_neftune)
{
	const struct vp_tnode *v = m->value;
	struct vp_error e;
	double a = 0.0;

	if (v->kind == VP_T_NULL)
		return vp_tc_note_ignored(c, path, m, NULL);
	if (v->kind != VP_T_SCALAR || v->quoted || vp_parse_double(v->text, path, 0.0, 1e15, &a, &e) != 0)
		return vp_tc_fail_at(c, v->line, v->column, "expected a non-negative number for '%s', found '%.40s'",
				     path, v->kind == VP_T_SCALAR ? v->text : vp_tc_kind_name(v));
	return vp_tc_note_ignored(c, path, m,
				  a > 0.0 ? "NEFTune's noise (one embedding-sized tensor for a moment before the first "
					    "block, nothing kept for backward) is not counted: an underestimate only where "
					    "the peak is in the embedding's forward"
					  : NULL);
}

HANDLER(k_gptq)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.gptq = on;
	if (on)
		vp_tc_set_origin(&c->r.at_load, path, m);
	return 0;
}

static int length_key(struct ctx *c, const struct vp_tmember *m, const char *path, uint64_t *out,
		      struct vp_tc_origin *o)
{
	uint64_t v;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &v) != 0)
		return -1;
	/* the first of the synonyms wins (max_seq_length over max_length
	 * over block_size): keep an earlier one */
	if (o->line > 0 && *out > 0 && strcmp(o->key, path) != 0) {
		static const char *const order[] = {"max_seq_length", "max_length", "block_size", "sequence_len"};
		size_t i, mine = 99, theirs = 99;
		for (i = 0; i < 4; i++) {
			if (strcmp(order[i], path) == 0)
				mine = i;
			if (strcmp(order[i], o->key) == 0)
				theirs = i;
		}
		if (theirs <= mine)
			return 0;
	}
	*out = v;
	vp_tc_set_origin(o, path, m);
	return 0;
}

HANDLER(k_seq)
{
	return length_key(c, m, path, &c->tc->len_seq, &c->tc->len_seq_at);
}

HANDLER(k_source)
{
	return length_key(c, m, path, &c->tc->len_source, &c->tc->len_source_at);
}

HANDLER(k_target)
{
	return length_key(c, m, path, &c->tc->len_target, &c->tc->len_target_at);
}

/* generation_max_length wins over val_max_target_length (run_summarization.py
 * passes the latter only when the former is unset). */
HANDLER(k_gen_len)
{
	if (c->tc->len_gen_at.line > 0 && strcmp(path, "val_max_target_length") == 0)
		return 0;
	return length_key(c, m, path, &c->tc->len_gen, &c->tc->len_gen_at);
}

/*
 * LLaMA-Factory's GeneratingArguments (hparams/generating_args.py:
 * max_new_tokens 1024, num_beams 1 by default) go to trainer.evaluate()
 * and trainer.predict() as gen_kwargs (train/sft/workflow.py,
 * generating_args.to_dict(), which keeps max_new_tokens where it is above
 * 0). Seq2SeqTrainer.evaluate and predict take generation_max_length and
 * generation_num_beams only where gen_kwargs has no max_length or
 * max_new_tokens, no num_beams: so these win over those in the workflow's
 * own evaluate() and predict(), and so over data_args' eval_num_beams (its
 * way to generation_num_beams). The Trainer's evaluations inside training
 * call evaluate() without them and generate with those (tc_settle.c
 * settle_lf_train_generation). A max_new_tokens of 0 or below, which turns
 * generation over to GeneratingArguments' max_length, is not modelled.
 */
HANDLER(k_lf_new_tokens)
{
	const struct vp_tnode *v = m->value;

	/* -1, 0 (and PyYAML's 00, -0x0): max_length decides instead */
	if (v->kind == VP_T_SCALAR && !v->quoted &&
	    (v->text[0] == '-' || v->text[strspn(v->text, "+0_")] == '\0'))
		return vp_tc_fail_at(c, v->line, v->column,
				     "'%s: %.40s': at 0 or below LLaMA-Factory generates up to GeneratingArguments' "
				     "max_length instead (generating_args.py to_dict), which check does not model; give "
				     "the new tokens as a whole number of at least 1",
				     path, v->text);
	return length_key(c, m, path, &c->tc->len_gen, &c->tc->len_gen_at);
}

HANDLER(k_lf_unused_generation)
{
	struct raw *r = &c->r;
	uint64_t v;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &v) != 0)
		return -1;
	/* recorded: settle notes them unused, or (tc_settle.c
	 * settle_lf_train_generation) the evaluations inside training use them */
	if (strcmp(path, "generation_max_length") == 0) {
		r->lf_gen_max_length = v;
		vp_tc_set_origin(&r->at_lf_gen_max_length, path, m);
	} else if (strcmp(path, "generation_num_beams") == 0) {
		r->lf_gen_beams = v;
		vp_tc_set_origin(&r->at_lf_gen_beams, path, m);
	} else {
		r->lf_eval_beams = v;
		vp_tc_set_origin(&r->at_lf_eval_beams, path, m);
	}
	return 0;
}

HANDLER(k_generate)
{
	return flag(c, m, path, &c->r.generate, &c->tc->at[VP_TC_GENERATE]);
}

/* Why a plain word is a boolean, for the messages that refuse one: a YAML
 * file's yes/no/on/off are PyYAML's (YAML 1.1) booleans, while a JSON file's
 * only boolean is the literal true or false, which json.load reads as
 * Python's bool (HfArgumentParser.parse_json_file, LLaMA-Factory's
 * read_args for a .json file) -- no YAML reader is involved there. */
static const char *bool_reader(const struct ctx *c)
{
	return c->tc->json ? "json.load reads JSON's true and false so"
			   : "PyYAML reads YAML 1.1's yes, no, on, off so";
}

/*
 * One of a TrainingArguments strategy's words (an ExplicitEnum of
 * transformers utils/generic.py: IntervalStrategy, SaveStrategy): *index
 * its place in names, or -1 for a null value. A plain `no` (or yes, on,
 * off, true, false) is a boolean to PyYAML, which the trainers load with;
 * __post_init__'s IntervalStrategy(False) then raises "False is not a
 * valid IntervalStrategy": the run does not start, however the word reads.
 * words is the names written for the messages ("no, steps or epoch").
 */
static int strategy_word(struct ctx *c, const struct vp_tmember *m, const char *path, const char *enum_name,
			 const char *const *names, size_t n, const char *words, int *index)
{
	const char *s = NULL;

	*index = -1;
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (!m->value->quoted && vp_yaml11_bool(s) >= 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "'%s: %.10s' is the boolean %s (%s), which TrainingArguments "
				     "rejects (\"%s is not a valid %s\"); write %s quoted",
				     path, s, vp_yaml11_bool(s) ? "true" : "false", bool_reader(c),
				     vp_yaml11_bool(s) ? "True" : "False", enum_name, words);
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, names[i]) == 0) {
			*index = (int)i;
			return 0;
		}
	return vp_tc_fail_at(c, m->value->line, m->value->column, "unknown '%s' value '%.40s' (expected %s)", path,
			     s, words);
}

/* TrainingArguments.eval_strategy (evaluation_strategy before transformers
 * 4.41): IntervalStrategy "no", "steps" or "epoch" */
HANDLER(k_eval_strategy)
{
	static const char *const names[] = {"no", "steps", "epoch"};
	static const int values[] = {VP_TC_EVAL_NONE, VP_TC_EVAL_STEPS, VP_TC_EVAL_EPOCHS};
	int i;

	if (strategy_word(c, m, path, "IntervalStrategy", names, sizeof names / sizeof names[0],
			  "\"no\", \"steps\" or \"epoch\"", &i) != 0)
		return -1;
	if (i >= 0) {
		c->r.eval_strategy = values[i];
		vp_tc_set_origin(&c->r.at_eval_strategy, path, m);
	}
	return 0;
}

HANDLER(k_do_eval)
{
	return flag(c, m, path, &c->r.do_eval, &c->r.at_do_eval);
}

/* do_train and do_predict: whether the run trains at all, or only
 * evaluates and predicts (vp_tc_settle, settle_do_train) */
HANDLER(k_do_train)
{
	return flag(c, m, path, &c->r.do_train, &c->r.at_do_train);
}

/* LLaMA-Factory's task (hparams/evaluation_args.py EvaluationArguments,
 * required there and nowhere else): the file is for `llamafactory-cli
 * eval`, whose Evaluator (eval/evaluator.py) scores a few-shot benchmark
 * (mmlu_test, ceval_validation, cmmlu_test) at batch_size without the
 * Trainer. export_dir (hparams/model_args.py, which train/tuner.py
 * export_model requires: "Please specify `export_dir` to save model.")
 * marks a `llamafactory-cli export` config, which merges an adapter into
 * its base and writes it out (examples/merge_lora/). Remembered for the
 * "nothing to check" error (tc_settle.c), which then names the command
 * rather than saying the file runs nothing. */
HANDLER(k_lf_other_command)
{
	if (m->value->kind != VP_T_NULL)
		vp_tc_set_origin(strcmp(path, "task") == 0 ? &c->r.at_lf_eval_task : &c->r.at_lf_export_dir, path, m);
	return 0;
}

HANDLER(k_do_predict)
{
	return flag(c, m, path, &c->r.do_predict, &c->r.at_do_predict);
}

/*
 * hub_token, push_to_hub_token: a file that holds "<HUB_TOKEN>" there is a
 * dump of TrainingArguments.to_dict() (to_json_string, a saved
 * training_args.json): to_dict replaces every *_token field by the field's
 * name in capitals within <>, so that no secret is written (transformers
 * training_args.py, to_dict: `if k.endswith("_token"): d[k] =
 * f"<{k.upper()}>"`). Such a file holds every field, do_train included at
 * its default, false: the Trainer never reads it (settle_do_train). Any
 * other value is a token, which changes no memory.
 */
HANDLER(k_dump_token)
{
	const struct vp_tnode *v = m->value;
	char placeholder[40];
	size_t i, n = strlen(m->key);

	if (v->kind != VP_T_SCALAR || n + 3 > sizeof placeholder)
		return 0;
	placeholder[0] = '<';
	for (i = 0; i < n; i++)
		placeholder[i + 1] = (char)toupper((unsigned char)m->key[i]);
	placeholder[n + 1] = '>';
	placeholder[n + 2] = '\0';
	if (strcmp(v->text, placeholder) == 0 && !c->r.dump) {
		c->r.dump = true;
		vp_tc_set_origin(&c->r.at_dump, path, m);
		memcpy(c->r.dump_text, placeholder, n + 3);
	}
	return 0;
}

/* A non-negative number whose only use is whether it is above 0: sets
 * *positive (null leaves it); an error names what was expected. */
static int above_zero(struct ctx *c, const struct vp_tmember *m, const char *path, const char *expected,
		      bool *positive)
{
	const struct vp_tnode *v = m->value;
	struct vp_error e;
	double d;

	if (v->kind == VP_T_NULL)
		return 0;
	if (v->kind != VP_T_SCALAR || v->quoted || vp_parse_double(v->text, path, 0.0, 1e15, &d, &e) != 0)
		return vp_tc_fail_at(c, v->line, v->column, "expected %s for '%s', found '%.40s'", expected, path,
				     v->kind == VP_T_SCALAR ? v->text : vp_tc_kind_name(v));
	*positive = d > 0.0;
	return 0;
}

/* axolotl val_set_size (a fraction of the dataset or a sample count;
 * default 0.0: no evaluation split) */
HANDLER(k_val_set_size)
{
	bool split = false;

	c->r.has_eval_split_key = true;
	if (above_zero(c, m, path, "a fraction or a sample count", &split) != 0)
		return -1;
	if (split)
		c->r.eval_split = true;
	return 0;
}

/* LLaMA-Factory moe_aux_loss_coef (model_args.py, default None): a
 * non-zero coefficient makes configure_moe (model/model_utils/moe.py) set
 * output_router_logits on Mixtral, Qwen2-MoE, Qwen3-MoE and OLMoE configs,
 * so the causal LM adds the load-balancing loss */
HANDLER(k_lf_moe_aux_loss)
{
	return above_zero(c, m, path, "a non-negative number", &c->r.router_aux_loss);
}

/*
 * Keys that reach the model's config before it loads: TRL's
 * model_init_kwargs (SFTConfig; from_pretrained passes the keys it does
 * not take itself to the config) and axolotl's overrides_of_model_config
 * (alias model_config; setattr on the loaded config). Read:
 * output_router_logits (a mixture of experts then adds the load-balancing
 * loss) and, as from_pretrained arguments, torch_dtype/dtype and
 * attn_implementation; the rest is listed as ignored.
 */
HANDLER(k_model_kwargs)
{
	const struct vp_tnode *map = m->value;
	bool init_kwargs = strcmp(m->key, "model_init_kwargs") == 0;
	char sub[192];
	size_t i;
	int kind = section(c, map, path);

	if (kind != 0)
		return kind < 0 ? -1 : 0;
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *k = &map->members[i];
		int rc;

		snprintf(sub, sizeof sub, "%s.%s", path, k->key);
		if (strcmp(k->key, "output_router_logits") == 0)
			rc = k->value->kind == VP_T_NULL ? 0 : vp_tc_get_bool(c, k->value, sub, &c->r.router_aux_loss);
		else if (init_kwargs && (strcmp(k->key, "torch_dtype") == 0 || strcmp(k->key, "dtype") == 0))
			rc = k_dtype(c, k, sub);
		else if (init_kwargs && strcmp(k->key, "attn_implementation") == 0)
			rc = k_attn_impl(c, k, sub);
		else if (init_kwargs && strcmp(k->key, "use_cache") == 0)
			/* TRL passes it to from_pretrained, then
			 * Trainer.__init__ sets model.config.use_cache =
			 * args.use_cache (transformers 5): the top-level key
			 * (k_use_cache) is the one that counts */
			rc = vp_tc_note_ignored(c, sub, k,
						"the Trainer then sets model.config.use_cache from TrainingArguments' "
						"use_cache (a top-level use_cache: true counts the eval's KV cache)");
		else
			rc = vp_tc_note_ignored(c, sub, k, NULL);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/*
 * gradient_checkpointing_kwargs (TrainingArguments, axolotl): the Trainer
 * passes it to the model's gradient_checkpointing_enable, whose default is
 * {"use_reentrant": True} (transformers modeling_utils.py; axolotl sets the
 * same where it is unset), which vramplan assumes. use_reentrant: false is
 * remembered for the remark in tc_settle.c: a bitsandbytes base that keeps
 * its inputs keeps them there as if not checkpointed (docs/memory-model.md
 * "The last step's graph"). Its other keys change nothing vramplan counts.
 */
HANDLER(k_ckpt_kwargs)
{
	const struct vp_tnode *map = m->value;
	char sub[192];
	size_t i;
	int kind;

	/* TrainingArguments also takes it as a JSON string (its
	 * _VALID_DICT_FIELDS are json.loads-ed in __post_init__) */
	if (map->kind == VP_T_SCALAR)
		return vp_tc_note_ignored(c, path, m,
					  "a JSON string, which check does not read: write it as a YAML mapping");
	kind = section(c, map, path);
	if (kind != 0)
		return kind < 0 ? -1 : 0;
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *k = &map->members[i];
		bool on = true;

		snprintf(sub, sizeof sub, "%s.%s", path, k->key);
		if (strcmp(k->key, "use_reentrant") != 0) {
			if (vp_tc_note_ignored(c, sub, k, NULL) != 0)
				return -1;
			continue;
		}
		if (k->value->kind == VP_T_NULL)
			continue;
		if (vp_tc_get_bool(c, k->value, sub, &on) != 0)
			return -1;
		c->r.ckpt_nonreentrant = !on;
		if (!on) {
			vp_tc_set_origin_at_value(&c->r.at_nonreentrant, sub, k);
		}
	}
	return 0;
}

/* LLaMA-Factory's use_reentrant_gc (model_args.py, default true), which
 * its checkpointing.py passes to gradient_checkpointing_enable as
 * use_reentrant: false is k_ckpt_kwargs' use_reentrant: false */
HANDLER(k_lf_reentrant)
{
	int on = 1;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.ckpt_nonreentrant = on == 0;
	if (on == 0) {
		vp_tc_set_origin_at_value(&c->r.at_nonreentrant, path, m);
	}
	return 0;
}

/* axolotl test_datasets: evaluation sets of their own */
HANDLER(k_test_datasets)
{
	(void)path;
	c->r.has_eval_split_key = true;
	if (m->value->kind != VP_T_NULL && !(m->value->kind == VP_T_SEQ && m->value->n == 0))
		c->r.eval_split = true;
	return 0;
}

/* TrainingArguments.eval_do_concat_batches (transformers >= 4.40): false
 * keeps every eval step's predictions as a list instead of concatenating */
HANDLER(k_concat_batches)
{
	return flag(c, m, path, &c->r.concat_batches, NULL);
}

/* TrainingArguments.save_safetensors (transformers 4.x; default true from
 * 4.35): Trainer._save passes it to save_pretrained as
 * safe_serialization, false writing with torch.save one storage at a time
 * (torch/serialization.py _save), true with safetensors' save_file, which
 * builds each file whole. transformers 5 dropped the argument (PR #42734,
 * MIGRATION_GUIDE_V5.md "Drop support for safe_serialization=False"), and
 * its HfArgumentParser refuses a key that no dataclass has, so a config
 * that has it runs on 4.x, whose max_shard_size is 10 GB at most
 * (settled into vp_train's save_writer). Read in hf and LLaMA-Factory
 * configs, whose TrainingArguments these are; axolotl's save_safetensors
 * is its own key. Until 2026-12-02 an ignored key. */
HANDLER(k_save_safetensors)
{
	return flag(c, m, path, &c->r.save_safetensors, NULL);
}

/* TrainingArguments.save_strategy (SaveStrategy: no, steps, epoch, best):
 * "no" saves no checkpoint while training (Trainer._maybe_log_save_evaluate
 * runs _save_checkpoint on control.should_save alone), so under DeepSpeed
 * no engine checkpoint of the optimizer is written; the scripts' final
 * trainer.save_model() still writes the model (settled into vp_train's
 * saves_model_only). A plain `no` is PyYAML's boolean false, which
 * SaveStrategy rejects as eval_strategy's does. Until 2026-12-02 an
 * ignored key. */
HANDLER(k_save_strategy)
{
	static const char *const names[] = {"no", "steps", "epoch", "best"};
	int i;

	if (strategy_word(c, m, path, "SaveStrategy", names, sizeof names / sizeof names[0],
			  "\"no\", \"steps\", \"epoch\" or \"best\"", &i) != 0)
		return -1;
	c->r.save_strategy_no = i == 0;
	return 0;
}

/* TrainingArguments.save_only_model (transformers >= 4.38): checkpoints
 * hold the model alone (Trainer._save_checkpoint skips
 * _save_optimizer_and_scheduler), so under DeepSpeed no engine checkpoint
 * of the optimizer is written (settled into vp_train's saves_model_only).
 * Until 2026-12-02 an ignored key. */
HANDLER(k_save_only_model)
{
	return flag(c, m, path, &c->r.save_only_model, NULL);
}

/* TrainingArguments.prediction_loss_only: evaluation keeps the loss alone */
HANDLER(k_loss_only)
{
	return flag(c, m, path, &c->r.loss_only, NULL);
}

/* TrainingArguments.use_cache (transformers 5, training_args.py: "Whether
 * or not to enable cache for the model", defaults to False):
 * Trainer.__init__ ends with `self.model.config.use_cache =
 * self.args.use_cache`, so true makes the evaluation's forwards build the
 * KV cache (settled into vp_train's trainer_use_cache). Read in hf
 * configs alone: LLaMA-Factory's use_cache is its ModelArguments' ("use KV
 * cache in generation"), and axolotl has none. */
HANDLER(k_use_cache)
{
	return flag(c, m, path, &c->r.use_cache, &c->r.at_use_cache);
}

/* the example scripts (examples/pytorch/summarization/run_summarization.py,
 * language-modeling/run_clm.py): DataTrainingArguments.max_eval_samples truncates the
 * evaluation set to at most this many samples */
HANDLER(k_max_eval)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64_max(c, m->value, path, 1, VP_MAX_SAMPLES, &c->r.max_eval_samples) != 0)
		return -1;
	/* vramplan.eval_samples wins wherever it stands */
	if (!vp_tc_from_vramplan(&c->tc->at[VP_TC_EVAL_SAMPLES]))
		vp_tc_set_origin(&c->tc->at[VP_TC_EVAL_SAMPLES], path, m);
	return 0;
}

/* the example scripts (run_summarization.py, run_translation.py,
 * run_glue.py, run_ner.py): DataTrainingArguments.max_predict_samples
 * truncates the test set that trainer.predict() runs over `if
 * training_args.do_predict`; read as max_eval_samples is (an upper bound
 * on the set, whose predictions predict() keeps) */
HANDLER(k_max_predict)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64_max(c, m->value, path, 1, VP_MAX_SAMPLES, &c->r.max_predict_samples) != 0)
		return -1;
	vp_tc_set_origin(&c->r.at_max_predict, path, m);
	return 0;
}

HANDLER(k_beams)
{
	const struct vp_tc_origin *had = &c->tc->at[VP_TC_NUM_BEAMS];

	if (m->value->kind == VP_T_NULL)
		return 0;
	/* an hf config's num_beams is the example scripts' data argument
	 * (run_summarization.py and run_translation.py DataTrainingArguments),
	 * which the script copies over Seq2SeqTrainingArguments':
	 * `training_args.generation_num_beams = data_args.num_beams if
	 * data_args.num_beams is not None else training_args.generation_num_beams`.
	 * So it wins, whichever line comes first. Until 2026-11-30 it was listed
	 * as ignored, and the evaluation checked with one beam. */
	if (c->tc->flavour == VP_TC_HF && strcmp(path, "generation_num_beams") == 0 &&
	    strcmp(had->key, "num_beams") == 0) {
		struct vp_tc_origin mine;

		vp_tc_set_origin(&mine, path, m);
		return vp_tc_note_overridden(c, &mine,
					     "num_beams (line %lu) wins over it: run_summarization.py sets "
					     "generation_num_beams from its data argument num_beams",
					     had->line);
	}
	if (c->tc->flavour == VP_TC_HF && strcmp(path, "num_beams") == 0 &&
	    strcmp(had->key, "generation_num_beams") == 0 &&
	    vp_tc_note_overridden(c, had,
				  "num_beams (line %lu) wins over it: run_summarization.py sets "
				  "generation_num_beams from its data argument num_beams",
				  m->line) != 0)
		return -1;
	if (vp_tc_get_u64(c, m->value, path, 1, &c->r.beams) != 0)
		return -1;
	c->r.has_beams = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_NUM_BEAMS], path, m);
	return 0;
}

HANDLER(k_eval_accum)
{
	/* TrainingArguments.eval_accumulation_steps: null keeps every eval
	 * step's predictions on the GPU until evaluation ends */
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &c->tc->eval.accumulation_steps) != 0)
		return -1;
	vp_tc_set_origin(&c->tc->at[VP_TC_EVAL_ACCUM], path, m);
	return 0;
}

HANDLER(k_workers)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 0, &c->r.workers) != 0)
		return -1;
	c->r.has_workers = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_WORKERS], path, m);
	return 0;
}

/* TrainingArguments.dataloader_prefetch_factor: batches each worker
 * loads ahead (torch DataLoader prefetch_factor; None leaves the
 * DataLoader's 2) */
HANDLER(k_prefetch)
{
	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &c->r.prefetch) != 0)
		return -1;
	vp_tc_set_origin(&c->tc->at[VP_TC_PREFETCH], path, m);
	return 0;
}

HANDLER(k_pin)
{
	int on = 1;

	if (flag(c, m, path, &on, &c->tc->at[VP_TC_PIN_MEMORY]) != 0)
		return -1;
	if (m->value->kind != VP_T_NULL) {
		c->r.pin = on;
		c->r.has_pin = true;
	}
	return 0;
}

/*
 * accelerator_config (TrainingArguments, and LLaMA-Factory's, which are
 * its Seq2SeqTrainingArguments; transformers trainer_pt_utils.py
 * AcceleratorConfig, passed to Accelerator): even_batches, default True.
 * With it accelerate's BatchSamplerShard fills the last eval batch of
 * every rank up to the full batch with samples from the start of the set;
 * with even_batches: false it yields each rank's batch as the DataLoader
 * made it ("if not self.even_batches: if len(batch_to_yield) > 0: yield
 * batch_to_yield", accelerate data_loader.py _iter_with_no_split), so the
 * largest eval batch any rank forwards is no more than a known evaluation
 * set on several GPUs too (vp_plan_eval_batch_cap). A string is a JSON
 * file's path, which check does not open; its other keys are said as
 * ignored (split_batches, which divides the batch over the ranks, is not
 * modelled).
 */
HANDLER(k_accelerator_config)
{
	const struct vp_tnode *map = m->value;
	char sub[192];
	int kind;

	if (map->kind == VP_T_SCALAR)
		return vp_tc_note_ignored(c, path, m,
					  "a JSON file check does not open: even_batches is taken as true, "
					  "accelerate's default");
	if ((kind = section(c, map, path)) != 0)
		return kind < 0 ? -1 : 0;
	for (size_t i = 0; i < map->n; i++) {
		const struct vp_tmember *k = &map->members[i];
		int on = 1, rc;

		snprintf(sub, sizeof sub, "%s.%s", path, k->key);
		if (strcmp(k->key, "even_batches") == 0) {
			rc = flag(c, k, sub, &on, NULL);
			if (rc == 0 && k->value->kind != VP_T_NULL)
				c->tc->uneven_eval_batches = !on;
		} else {
			rc = vp_tc_note_ignored(c, sub, k, NULL);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* dataloader_drop_last: the Trainer's DataLoaders, the evaluation's too
 * (get_eval_dataloader: drop_last=args.dataloader_drop_last), drop a short
 * last batch, and accelerate's BatchSamplerShard then fills none ("if not
 * self.drop_last", data_loader.py _iter_with_no_split): no batch grows, so
 * the batch check estimates is the one that runs or more. Said, not
 * modelled. */
HANDLER(k_drop_last)
{
	bool b = false;

	if (m->value->kind != VP_T_NULL && vp_tc_get_bool(c, m->value, path, &b) != 0)
		return -1;
	if (!b) /* the default: nothing to say */
		return 0;
	return vp_tc_note_ignored(c, path, m,
				  "drops a short last batch and makes none larger: the batches checked are those "
				  "that run or more");
}

HANDLER(k_persistent)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->tc->persistent_workers = on;
	return 0;
}

/* `deepspeed:` in TrainingArguments and axolotl: a path to a DeepSpeed
 * config (check reads its ZeRO stage), or an inline mapping. */
static int read_deepspeed_map(struct ctx *c, const struct vp_tnode *map, const char *prefix);

/* TrainingArguments.fsdp: a space-separated option string ("full_shard
 * auto_wrap") or a list of options. full_shard and hybrid_shard shard the
 * parameters, gradients and optimizer states (FULL_SHARD; hybrid shards
 * within a node, which vramplan takes as all of vramplan.gpus);
 * shard_grad_op keeps whole parameters, which vramplan does not model. */
static int fsdp_option(struct ctx *c, const struct vp_tnode *v, const char *path, const char *s, size_t len,
		       bool *offload)
{
	if (len == 7 && strncmp(s, "offload", len) == 0)
		*offload = true;
	if ((len == 10 && strncmp(s, "full_shard", len) == 0) || (len == 12 && strncmp(s, "hybrid_shard", len) == 0)) {
		c->r.fsdp = true;
		return 0;
	}
	if ((len == 13 && strncmp(s, "shard_grad_op", len) == 0) ||
	    (len == 18 && strncmp(s, "hybrid_shard_zero2", len) == 0))
		return vp_tc_fail_at(c, v->line, v->column,
			       "'%s': FSDP %.*s (whole parameters, sharded gradients and states) is not modelled; "
			       "vramplan models full_shard and hybrid_shard", path, (int)len, s);
	return 0; /* no_shard, auto_wrap: nothing to shard or no memory effect; offload: fsdp_offload_remark */
}

/*
 * TrainingArguments' "offload" option is FSDP's CPUOffload(offload_params=
 * True) (transformers training_args.py fsdp; accelerate's
 * fsdp_offload_params): the sharded parameters and gradients live on the
 * host, where the optimizer steps and keeps its states (torch/distributed/
 * fsdp/api.py CPUOffload). Not modelled, as axolotl's fsdp_config
 * offload_params is not (k_fsdp_config); until 2026-11-30 the option was
 * dropped without a word, the check counting the GPU as without it and the
 * host RAM without the states.
 */
static int fsdp_offload_remark(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	struct vp_tc_origin at;

	vp_tc_set_origin(&at, path, m);
	return vp_tc_note_remark_bound(c->tc, c->err, &at, VP_TC_BOUND_OVER,
				       "'offload' (FSDP's CPUOffload(offload_params=True)) is not modelled: the parameters "
				       "and states are counted on the GPU (an overestimate), and the host RAM that holds them "
				       "is not counted");
}

HANDLER(k_fsdp)
{
	const struct vp_tnode *v = m->value;
	bool offload = false;
	size_t i;

	if (v->kind == VP_T_NULL)
		return 0;
	if (v->kind == VP_T_SEQ) {
		for (i = 0; i < v->n; i++) {
			const char *s = "";
			if (vp_tc_get_string(c, v->items[i], path, &s) != 0 ||
			    fsdp_option(c, v->items[i], path, s, strlen(s), &offload))
				return -1;
		}
		return offload ? fsdp_offload_remark(c, m, path) : 0;
	}
	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a string or a list for '%s', found %s", path,
			       vp_tc_kind_name(v));
	for (const char *s = v->text; *s != '\0';) {
		size_t len;

		while (*s == ' ')
			s++;
		len = strcspn(s, " ");
		if (len > 0 && fsdp_option(c, v, path, s, len, &offload) != 0)
			return -1;
		s += len;
	}
	return offload ? fsdp_offload_remark(c, m, path) : 0;
}

HANDLER(k_deepspeed)
{
	const struct vp_tnode *v = m->value;

	if (v->kind == VP_T_NULL)
		return 0;
	/* TrainingArguments turns DeepSpeed on with `if self.deepspeed:`: an
	 * empty name or mapping, or PyYAML's false, leaves it off */
	if (v->kind == VP_T_SCALAR && v->text[0] == '\0')
		return 0;
	if (v->kind == VP_T_SCALAR && !v->quoted && vp_yaml11_bool(v->text) == 0)
		return 0;
	if (v->kind == VP_T_MAP && v->n == 0)
		return 0;
	if (v->kind == VP_T_MAP) {
		vp_tc_set_origin(&c->tc->at[VP_TC_DS_FILE], path, m);
		return read_deepspeed_map(c, v, path);
	}
	if (v->kind != VP_T_SCALAR)
		return vp_tc_fail_at(c, v->line, v->column, "expected a file name or a mapping for '%s', found %s", path,
			       vp_tc_kind_name(v));
	if (strlen(v->text) >= sizeof c->tc->deepspeed)
		return vp_tc_fail_at(c, v->line, v->column, "'%s' is too long", path);
	snprintf(c->tc->deepspeed, sizeof c->tc->deepspeed, "%s", v->text);
	vp_tc_set_origin(&c->tc->at[VP_TC_DS_FILE], path, m);
	return 0;
}

/*
 * fsdp_config (TrainingArguments, axolotl): keys with or without the
 * "fsdp_" prefix of accelerate's plugin. reshard_after_forward false keeps
 * whole parameters after the forward (FSDP2's SHARD_GRAD_OP), as
 * sharding_strategy SHARD_GRAD_OP (2) or HYBRID_SHARD_ZERO2 (5) does, which
 * vramplan does not model; activation_checkpointing is FSDP's gradient
 * checkpointing (TrainingArguments uses it in place of
 * gradient_checkpointing); offloaded parameters are counted on the GPU.
 */
/*
 * A boolean as transformers reads fsdp_config's (str_to_bool(str(v).lower()))
 * and axolotl's pydantic does: true/false, yes/no, on/off, 1/0, quoted or
 * not, any case. 1 true, 0 false, -1 neither.
 */
static int loose_bool(const struct vp_tnode *v)
{
	static const char *const yes[] = {"true", "yes", "on", "1", "y", "t"};
	static const char *const no[] = {"false", "no", "off", "0", "n", "f"};
	char low[8];
	size_t i, n;

	if (v->kind != VP_T_SCALAR || (n = strlen(v->text)) >= sizeof low)
		return -1;
	for (i = 0; i <= n; i++)
		low[i] = (char)(v->text[i] >= 'A' && v->text[i] <= 'Z' ? v->text[i] - 'A' + 'a' : v->text[i]);
	for (i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		if (strcmp(low, yes[i]) == 0)
			return 1;
		if (strcmp(low, no[i]) == 0)
			return 0;
	}
	return -1;
}

static bool same_word(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if ((*a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a) != *b)
			return false;
	return *a == *b;
}

/*
 * fsdp_config (TrainingArguments, axolotl): keys with or without the
 * "fsdp_" prefix of accelerate's plugin. reshard_after_forward false keeps
 * whole parameters after the forward (FSDP2's SHARD_GRAD_OP), as a
 * SHARD_GRAD_OP or HYBRID_SHARD_ZERO2 strategy (2, 5) or NO_SHARD (3) does,
 * which vramplan does not model; activation_checkpointing is FSDP's
 * gradient checkpointing (TrainingArguments uses it in place of
 * gradient_checkpointing); offloaded parameters are counted on the GPU.
 */
static int fsdp_version_value(struct ctx *c, const struct vp_tmember *m, const char *path);
static int fsdp_state_dict_type(struct ctx *c, const struct vp_tmember *m, const char *path);

HANDLER(k_fsdp_config)
{
	const struct vp_tnode *map = m->value;
	char sub[192];
	size_t i;
	int kind;

	/* TrainingArguments also takes a JSON file's name; a boolean is
	 * neither (its __post_init__ fails on one) */
	if (map->kind == VP_T_SCALAR && !map->quoted &&
	    (strspn(map->text, "0123456789") == strlen(map->text) || vp_yaml11_bool(map->text) >= 0))
		return vp_tc_fail_at(c, map->line, map->column, "expected a mapping or a file's name for '%s', found %s",
				     path, map->text);
	if (map->kind == VP_T_SCALAR)
		return vp_tc_note_ignored(c, path, m, "a file's name: its keys are not read (write them inline to have them "
						      "checked)");
	kind = section(c, map, path);
	if (kind != 0)
		return kind < 0 ? -1 : 0;
	c->r.fsdp_config = map->n > 0;
	vp_tc_set_origin(&c->r.at_fsdp_config, path, m);
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *k = &map->members[i];
		const char *name = strncmp(k->key, "fsdp_", 5) == 0 ? k->key + 5 : k->key;
		const struct vp_tnode *v = k->value;
		int on = v->kind == VP_T_NULL ? -2 : loose_bool(v), rc = 0;

		snprintf(sub, sizeof sub, "%s.%s", path, k->key);
		if (on == -2)
			continue;
		if (strcmp(name, "reshard_after_forward") == 0 || strcmp(name, "sharding_strategy") == 0) {
			/* a boolean (FSDP2), or a strategy's name or number (FSDP1) */
			bool full = on == 1 || (v->kind == VP_T_SCALAR && (same_word(v->text, "full_shard") ||
									   same_word(v->text, "hybrid_shard") ||
									   strcmp(v->text, "1") == 0 || strcmp(v->text, "4") == 0));
			bool partial = on == 0 || (v->kind == VP_T_SCALAR && (same_word(v->text, "shard_grad_op") ||
									      same_word(v->text, "hybrid_shard_zero2") ||
									      same_word(v->text, "no_shard") ||
									      strcmp(v->text, "2") == 0 || strcmp(v->text, "3") == 0 ||
									      strcmp(v->text, "5") == 0));
			if (partial && !full)
				return vp_tc_fail_at(c, v->line, v->column,
						     "'%s': %.40s keeps whole parameters after the forward (or shards none), "
						     "which vramplan does not model; it models full sharding", sub,
						     v->kind == VP_T_SCALAR ? v->text : "this");
			if (!full)
				return vp_tc_fail_at(c, v->line, v->column,
						     "expected true or false (or a sharding strategy) for '%s', found %s", sub,
						     v->kind == VP_T_SCALAR ? v->text : vp_tc_kind_name(v));
		} else if (strcmp(name, "activation_checkpointing") == 0) {
			if (on < 0)
				return vp_tc_fail_at(c, v->line, v->column, "expected true or false for '%s'", sub);
			if (on == 1) {
				c->r.fsdp_ckpt = true;
				vp_tc_set_origin(&c->r.at_fsdp_ckpt, sub, k);
			}
		} else if (strcmp(name, "offload_params") == 0 || strcmp(name, "cpu_offload") == 0) {
			if (on == 1)
				/* FSDP's CPUOffload(offload_params=True) keeps the
				 * sharded parameters and gradients on the host, where
				 * the optimizer steps and keeps its states
				 * (torch/distributed/fsdp/api.py CPUOffload): host RAM
				 * that host.c does not count */
				rc = vp_tc_note_bound(c, sub, k, VP_TC_BOUND_OVER,
						      "offload is not modelled: the parameters and states are counted on "
						      "the GPU (an overestimate), and the host RAM that holds them is not "
						      "counted");
		} else if (strcmp(name, "version") == 0) {
			rc = fsdp_version_value(c, k, sub);
		} else if (strcmp(name, "state_dict_type") == 0) {
			rc = fsdp_state_dict_type(c, k, sub);
		} else if (strcmp(name, "auto_wrap_policy") != 0 && strcmp(name, "transformer_layer_cls_to_wrap") != 0) {
			/* the version and the per-block wrapping are what vramplan
			 * models; the rest is listed */
			rc = vp_tc_note_ignored(c, sub, k, NULL);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* FSDP's version, 1 or 2 (axolotl's fsdp_version, 1 its default; the HF
 * Trainer's fsdp_config.version): which FSDP, not whether. It decides the
 * save's default state dict: accelerate's FullyShardedDataParallelPlugin
 * takes FULL_STATE_DICT for FSDP1 and SHARDED_STATE_DICT for FSDP2
 * (set_state_dict_type), settled into vp_train's fsdp_sharded_save */
static int fsdp_version_value(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	uint64_t v;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &v) != 0)
		return -1;
	if (v > 2)
		return vp_tc_fail_at(c, m->value->line, m->value->column, "'%s' must be 1 or 2, found %llu", path,
				     (unsigned long long)v);
	c->r.fsdp_version = (int)v;
	return 0;
}

HANDLER(k_fsdp_version)
{
	return fsdp_version_value(c, m, path);
}

/* fsdp_config.state_dict_type (accelerate's FullyShardedDataParallelPlugin,
 * StateDictType by name): FULL_STATE_DICT gathers the whole model, and the
 * whole optimizer state, onto rank 0's CPU at each save (FullStateDictConfig
 * and FullOptimStateDictConfig with offload_to_cpu and rank0_only);
 * SHARDED_STATE_DICT and LOCAL_STATE_DICT write each rank's shards through
 * torch.distributed.checkpoint. Read in any case (accelerate upper-cases
 * the name). */
static int fsdp_state_dict_type(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	static const char *const names[] = {"full_state_dict", "sharded_state_dict", "local_state_dict"};
	const char *s = NULL;

	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (same_word(s, names[i])) {
			c->r.fsdp_sharded_state = i > 0;
			return 0;
		}
	return vp_tc_fail_at(c, m->value->line, m->value->column,
			     "unknown '%s' value '%.40s' (expected FULL_STATE_DICT, SHARDED_STATE_DICT or "
			     "LOCAL_STATE_DICT)",
			     path, s);
}

/* ---- key tables per flavour ---- */

/*
 * hf: transformers TrainingArguments and Seq2SeqTrainingArguments
 * (src/transformers/training_args.py, training_args_seq2seq.py); the
 * example scripts' data arguments (examples/pytorch/summarization/
 * run_summarization.py: max_source_length, max_target_length,
 * val_max_target_length; language-modeling/run_clm.py: block_size;
 * text-classification/run_glue.py: max_seq_length); TRL ModelConfig
 * (trl/trainer/model_config.py: model_name_or_path, torch_dtype,
 * attn_implementation, use_peft, lora_r, lora_dropout, lora_target_modules,
 * lora_modules_to_save, load_in_8bit, load_in_4bit, bnb_4bit_quant_type,
 * use_bnb_nested_quant) and SFTConfig (trl/trainer/sft_config.py:
 * max_seq_length, max_length, packing).
 */
/*
 * Preference training: TRL's DPOTrainer concatenates each example's chosen
 * and rejected sequences into one forward (concatenated_forward), and
 * without PEFT keeps a whole reference model beside the policy; ORPO, KTO
 * and CPO have their own pairings. None of it is in the estimate, which
 * would be an SFT step's. TRL's GRPOTrainer (trl/trainer/grpo_config.py:
 * num_generations, max_completion_length, max_prompt_length, beta)
 * generates num_generations completions per prompt each step, scores them,
 * and with beta > 0 keeps a reference model: not an SFT step either.
 * axolotl's rl (dpo, ipo, orpo, kto, simpo, grpo) and the keys only TRL's
 * preference and online-RL configs have (beta, max_prompt_length,
 * max_completion_length, num_generations) are refused rather than checked
 * as SFT. Until 2026-11-30 the message named only the preference trainers,
 * and a GRPO config that states neither beta nor max_prompt_length (both
 * have defaults) was checked as SFT, num_generations ignored.
 */
HANDLER(k_preference)
{
	(void)path;
	/* null (the tree's own kind: `beta: null`, `beta:`, JSON's null) and
	 * false mark nothing */
	if (m->value->kind == VP_T_NULL ||
	    (m->value->kind == VP_T_SCALAR &&
	     (strcmp(m->value->text, "null") == 0 || strcmp(m->value->text, "~") == 0 || m->value->text[0] == '\0' ||
	      (!m->value->quoted && vp_yaml11_bool(m->value->text) == 0))))
		return 0;
	return vp_tc_fail_at(c, m->line, m->column,
			     "'%s' marks preference or reinforcement-learning training (DPO, ORPO, KTO: chosen and "
			     "rejected sequences per example; GRPO, RLOO: completions generated every step; a reference "
			     "model), which is not modelled: vramplan checks one model on one language-modelling loss",
			     m->key);
}

/* Methods that change what is trained or how the optimizer holds its
 * states, which the estimate does not count: true is refused, false is
 * the default. LLaMA-Factory's optimizers (its use_dora, TRL ModelConfig's
 * use_dora and axolotl's peft_use_dora are PEFT's DoRA: k_dora). */
HANDLER(k_lf_not_modelled)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (on)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'%s: true' is not modelled (it changes what trains or what the optimizer holds)", path);
	return 0;
}

/* DoRA: estimated once the method is known to train adapters
 * (vp_tc_settle sets vp_train.dora; docs/memory-model.md "DoRA"), noted
 * as ignored otherwise, since a full fine-tune never reads the flag:
 * TRL builds no LoraConfig without use_peft, axolotl none without an
 * adapter, LLaMA-Factory none with finetuning_type: full. */
HANDLER(k_dora)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.dora = on == 1;
	if (on == 1) {
		/* the refusal points at the value, as k_lf_not_modelled's */
		vp_tc_set_origin_at_value(&c->r.at_dora, path, m);
	}
	return 0;
}

/*
 * axolotl's reward_model and process_reward_model pick the trainer
 * (core/builders/causal.py _get_trainer_cls): AxolotlRewardTrainer, TRL's
 * RewardTrainer, scores each example's chosen and rejected sequences with a
 * sequence-classification head (examples/qwen2/reward-model.yaml: num_labels
 * 1, bradley_terry datasets); AxolotlPRMTrainer, TRL's PRMTrainer, labels
 * each reasoning step with a token-classification head. Neither is one
 * language-modelling loss over the vocabulary, which is what the estimate
 * would count (LLaMA-Factory's stage: rm is refused so too). Until
 * 2026-11-30 both were listed as ignored and the file checked as causal-LM
 * training.
 */
HANDLER(k_axo_reward)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	if (on)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'%s: true' is not modelled: axolotl then trains with %s, not one language-modelling "
			       "loss",
			       path,
			       strcmp(path, "reward_model") == 0
				       ? "TRL's RewardTrainer (a score head over each example's chosen and rejected "
					 "sequences)"
				       : "TRL's PRMTrainer (a token-classification head labelling each step)");
	return 0;
}

static const struct keydef hf_keys[] = {
	{"beta", k_preference},
	{"label_smoothing_factor", k_label_smoothing},
	{"max_prompt_length", k_preference},
	{"max_completion_length", k_preference},
	{"num_generations", k_preference},
	{"model_name_or_path", k_model},
	{"per_device_train_batch_size", k_batch},
	{"per_device_eval_batch_size", k_eval_batch},
	{"gradient_accumulation_steps", k_accum},
	{"eval_accumulation_steps", k_eval_accum},
	{"auto_find_batch_size", k_auto_batch},
	{"fp16", k_fp16},
	{"bf16", k_bf16},
	{"torch_dtype", k_dtype},
	{"dtype", k_dtype},
	{"gradient_checkpointing", k_grad_ckpt},
	{"gradient_checkpointing_kwargs", k_ckpt_kwargs},
	{"optim", k_optim},
	{"adafactor", k_adafactor},
	{"use_peft", k_use_peft},
	{"load_in_4bit", k_load4},
	{"load_in_8bit", k_load8},
	{"bnb_4bit_quant_type", k_quant_type},
	{"use_bnb_nested_quant", k_nested},
	{"lora_r", k_lora_r},
	{"lora_dropout", k_lora_dropout},
	{"lora_target_modules", k_targets},
	{"lora_target_parameters", k_target_parameters},
	{"lora_modules_to_save", k_modules_to_save},
	{"use_dora", k_dora},
	{"attn_implementation", k_attn_impl},
	{"use_flash_attention_2", k_use_flash2},
	{"max_seq_length", k_seq},
	{"max_length", k_seq},
	{"block_size", k_seq},
	{"max_source_length", k_source},
	{"max_target_length", k_target},
	{"val_max_target_length", k_gen_len},
	{"generation_max_length", k_gen_len},
	{"generation_num_beams", k_beams},
	{"num_beams", k_beams},
	{"predict_with_generate", k_generate},
	{"prediction_loss_only", k_loss_only},
	{"use_cache", k_use_cache},
	{"eval_strategy", k_eval_strategy},
	{"evaluation_strategy", k_eval_strategy},
	{"do_eval", k_do_eval},
	{"do_train", k_do_train},
	{"do_predict", k_do_predict},
	{"activation_offloading", k_act_offload},
	{"hub_token", k_dump_token},
	{"push_to_hub_token", k_dump_token},
	{"eval_do_concat_batches", k_concat_batches},
	{"save_safetensors", k_save_safetensors},
	{"save_strategy", k_save_strategy},
	{"save_only_model", k_save_only_model},
	{"max_eval_samples", k_max_eval},
	{"max_predict_samples", k_max_predict},
	{"packing", k_packing},
	{"packing_strategy", k_packing_strategy},
	{"padding_free", k_padding_free},
	{"loss_type", k_loss_type},
	{"torch_compile", k_compile},
	{"use_liger_kernel", k_liger},
	{"use_liger", k_liger},
	{"liger_kernel_config", k_liger_config},
	{"neftune_noise_alpha", k_neftune},
	{"model_init_kwargs", k_model_kwargs},
	{"dataloader_num_workers", k_workers},
	{"dataloader_pin_memory", k_pin},
	{"dataloader_persistent_workers", k_persistent},
	{"dataloader_prefetch_factor", k_prefetch},
	{"accelerator_config", k_accelerator_config},
	{"dataloader_drop_last", k_drop_last},
	{"deepspeed", k_deepspeed},
	{"fsdp", k_fsdp},
	{"fsdp_config", k_fsdp_config},
};

/*
 * axolotl: AxolotlInputConfig and its parts (src/axolotl/utils/schemas/
 * config.py, training.py, peft.py, model.py; docs/config-reference.qmd).
 */
/*
 * Image, video and audio inputs (docs/check.md "Image inputs"). Which keys
 * say that a run feeds them to a multimodal checkpoint is recorded here,
 * each key listed with the ignored ones as before; vp_trainconfig_resolve,
 * which knows whether the model has a vision tower, turns that note into
 * a lower bound of the verdict.
 *
 * LLaMA-Factory feeds a sample's images, videos and audio through the
 * template's mm_plugin, and only there: register_template's default plugin
 * is get_mm_plugin(name="base"), without image, video or audio tokens, whose
 * _validate_input raises "This model does not support image input. Please
 * check whether the correct `template` is used." (data/mm_plugin.py); with
 * no template the one parse_template builds from the tokenizer, or
 * "empty", has that base plugin too (data/template.py
 * get_template_and_fix_tokenizer). The templates registered with a plugin
 * that has an image, video or audio token, hiyouga/LLaMA-Factory 00577a85
 * src/llamafactory/data/template.py: the model's own for Gemma 3 (gemma3),
 * Mistral Small 3.1 (mistral_small, pixtral and ministral3's pixtral
 * plugin) and Qwen2-VL / Qwen2.5-VL (qwen2_vl) among them. A text template
 * (qwen, gemma, mistral) stops a run with images instead.
 */
static const char *const lf_mm_templates[] = {
	"dots_ocr",	    "ernie_vl",		 "gemma3",		      "gemma3n",
	"glm4v",	    "glm4_5v",		 "granite3_vision",	      "intern_vl",
	"intern_s1",	    "keye_vl",		 "kimi_vl",		      "llama4",
	"llava",	    "llava_next",	 "llava_next_llama3",	      "llava_next_mistral",
	"llava_next_qwen",  "llava_next_yi",	 "llava_next_video",	      "llava_next_video_mistral",
	"llava_next_video_yi", "mimo_vl",	 "minicpm_v",		      "minicpm_o",
	"ministral3",	    "mistral_small",	 "mllama",		      "paligemma",
	"paligemma_chat",   "pixtral",		 "qwen2_audio",		      "qwen2_omni",
	"qwen2_vl",	    "qwen3_omni",	 "qwen3_omni_nothink",	      "qwen3_vl",
	"qwen3_vl_nothink", "video_llava",	 "yi_vl",
};

HANDLER(k_lf_template)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc < 0)
		return -1;
	for (size_t i = 0; rc == 0 && i < sizeof lf_mm_templates / sizeof lf_mm_templates[0]; i++)
		if (strcmp(s, lf_mm_templates[i]) == 0) {
			c->tc->mm_template = true;
			snprintf(c->tc->mm_template_name, sizeof c->tc->mm_template_name, "%s", s);
			vp_tc_set_origin(&c->tc->mm_template_at, path, m);
		}
	return vp_tc_note_ignored(c, path, m, NULL);
}

/* LLaMA-Factory's ProcessorArguments (hparams/model_args.py:
 * image_max_pixels, image_min_pixels, image_do_pan_and_scan,
 * crop_to_patches, video_max_pixels, video_min_pixels, video_fps,
 * video_maxlen, use_audio_in_video, audio_sampling_rate), which size the
 * media the template's plugin feeds. Each has a default, so a file without
 * them may feed images too (the template decides); written, the first is
 * where the bound is said. */
HANDLER(k_lf_media)
{
	if (m->value->kind != VP_T_NULL && c->tc->mm_input_at.line == 0)
		vp_tc_set_origin(&c->tc->mm_input_at, path, m);
	return vp_tc_note_ignored(c, path, m, NULL);
}

/* freeze_vision_tower and freeze_multi_modal_projector (finetuning_args.py,
 * both true by default): false lets the tower (or the projector) train,
 * full fine-tuning's gradients and optimizer states on it
 * (model/adapter.py _setup_full_tuning leaves it out of the forbidden
 * modules) and LoRA's targets inside it (model_utils/visual.py
 * patch_target_modules skips it no longer), which the estimate, counting
 * the tower frozen (model.c vp_model_frozen_param_count), does not hold. */
HANDLER(k_lf_freeze_tower)
{
	int on = -1;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	/* freeze_language_model (default false) is the third of
	 * get_forbidden_modules' keys (model_utils/visual.py at 00577a85):
	 * true leaves the language model out of a full fine-tune's trained
	 * parameters and, through patch_target_modules, out of LoRA's
	 * targets, which the estimate counts trained (an upper bound; until
	 * 2026-12-01 listed as ignored, a plain DOES NOT FIT) */
	if (strcmp(path, "freeze_language_model") == 0) {
		if (on == 1)
			vp_tc_set_origin(&c->tc->lm_frozen_at, path, m);
	} else if (on == 0)
		vp_tc_set_origin(strcmp(path, "freeze_vision_tower") == 0 ? &c->tc->tower_at : &c->tc->projector_at,
				 path, m);
	return vp_tc_note_ignored(c, path, m, NULL);
}

/* axolotl's processor_type (schemas/model.py, "AutoProcessor" in its
 * vision examples: examples/gemma3/gemma-3-4b-vision-qlora.yml): with it
 * axolotl loads the model's processor, and build_collator
 * (core/builders/causal.py) batches with MultiModalChatDataCollator, which
 * runs the processor over each sample's images (image_size and
 * image_resize_algorithm resize them); without it the text collators run.
 * A text-only fine-tune of the same checkpoint has no processor_type
 * (examples/gemma3/gemma-3-4b-qlora.yml). */
HANDLER(k_axo_processor)
{
	if (m->value->kind == VP_T_SCALAR && m->value->text[0] != '\0' && c->tc->mm_input_at.line == 0)
		vp_tc_set_origin(&c->tc->mm_input_at, path, m);
	return vp_tc_note_ignored(c, path, m, NULL);
}

static const struct keydef axolotl_keys[] = {
	{"processor_type", k_axo_processor},
	{"rl", k_preference},
	{"reward_model", k_axo_reward},
	{"process_reward_model", k_axo_reward},
	{"base_model_config", k_model},
	{"base_model", k_model},
	{"overrides_of_model_config", k_model_kwargs},
	{"model_config", k_model_kwargs},
	{"micro_batch_size", k_batch},
	{"eval_batch_size", k_eval_batch},
	{"val_set_size", k_val_set_size},
	{"test_datasets", k_test_datasets},
	{"gradient_accumulation_steps", k_accum},
	{"batch_size", k_total_batch},
	{"sequence_len", k_seq},
	{"adapter", k_adapter},
	{"load_in_4bit", k_load4},
	{"load_in_8bit", k_load8},
	{"gptq", k_gptq},
	{"lora_r", k_lora_r},
	{"lora_dropout", k_lora_dropout},
	{"lora_target_modules", k_axo_targets},
	{"lora_target_linear", k_target_linear},
	{"lora_modules_to_save", k_modules_to_save},
	{"peft_use_dora", k_dora},
	{"unfrozen_parameters", k_unfrozen},
	{"do_causal_lm_eval", k_axo_causal_lm_eval},
	{"eval_table_size", k_axo_eval_table},
	{"gradient_checkpointing", k_grad_ckpt},
	{"gradient_checkpointing_kwargs", k_ckpt_kwargs},
	{"bf16", k_bf16},
	{"fp16", k_fp16},
	{"bfloat16", k_pure_bf16},
	{"float16", k_pure_fp16},
	{"optimizer", k_optim},
	{"flash_attention", k_flash},
	{"sdp_attention", k_sdp},
	{"attn_implementation", k_attn_impl},
	{"activation_offloading", k_act_offload},
	{"xformers_attention", k_sdp},
	{"flex_attention", k_flex},
	{"eager_attention", k_eager},
	{"sample_packing", k_packing},
	{"eval_sample_packing", k_eval_packing},
	{"torch_compile", k_compile},
	{"liger_fused_linear_cross_entropy", k_liger_flce},
	{"liger_glu_activation", k_liger_glu},
	{"liger_swiglu", k_liger_glu},
	{"liger_rms_norm", k_liger_rms_norm},
	{"liger_rope", k_liger_no_effect},
	{"liger_cross_entropy", k_liger_ce},
	{"liger_layer_norm", k_liger_no_effect},
	{"tiled_mlp", k_axo_tiled_mlp},
	{"lisa_n_layers", k_axo_lisa},
	{"fp8", k_axo_fp8},
	{"qat", k_axo_qat},
	{"dp_shard_size", k_axo_dp_shard},
	{"tensor_parallel_size", k_axo_tensor_parallel},
	{"unsloth_cross_entropy_loss", k_axo_unsloth},
	{"unsloth_lora_mlp", k_axo_unsloth},
	{"unsloth_lora_qkv", k_axo_unsloth},
	{"unsloth_lora_o", k_axo_unsloth},
	{"unsloth_rms_norm", k_axo_unsloth},
	{"unsloth_rope", k_axo_unsloth},
	{"lora_mlp_kernel", k_axo_lora_kernel},
	{"lora_qkv_kernel", k_axo_lora_kernel},
	{"lora_o_kernel", k_axo_lora_kernel},
	{"neftune_noise_alpha", k_neftune},
	{"chunked_cross_entropy", k_chunked_ce},
	{"chunked_cross_entropy_num_chunks", k_ce_chunks},
	{"plugins", k_axo_plugins},
	{"s2_attention", k_axo_s2},
	{"sequence_parallel_degree", k_axo_context_parallel},
	{"context_parallel_size", k_axo_context_parallel},
	{"cut_cross_entropy", k_axo_cce},
	{"dataloader_num_workers", k_workers},
	{"dataloader_pin_memory", k_pin},
	{"dataloader_prefetch_factor", k_prefetch},
	{"deepspeed", k_deepspeed},
	{"fsdp", k_fsdp},
	{"fsdp_config", k_fsdp_config},
	{"fsdp_version", k_fsdp_version},
};

/* ---- LLaMA-Factory (hiyouga/LLaMA-Factory src/llamafactory/hparams/:
 * finetuning_args.py, model_args.py, data_args.py; model/adapter.py) ---- */

/* finetuning_type: lora (the default), freeze, full or oft. vramplan models
 * the first and the third; freeze trains the last freeze_trainable_layers
 * blocks and OFT its own adapters, neither of which it counts. */
HANDLER(k_lf_finetuning_type)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (strcmp(s, "lora") != 0 && strcmp(s, "full") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       strcmp(s, "freeze") == 0 || strcmp(s, "oft") == 0
				       ? "'finetuning_type: %.40s' is not modelled (vramplan models lora and full)"
				       : "unknown 'finetuning_type' value '%.40s' (expected one of: lora, full; freeze and "
					 "oft are not modelled)",
			       s);
	snprintf(c->r.adapter, sizeof c->r.adapter, "%s", s);
	vp_tc_set_origin(&c->r.at_adapter, path, m);
	return 0;
}

/* mixture_of_depths (model_args.py: Literal["convert", "load"] | None):
 * convert turns the loaded model into a mixture-of-depths one
 * (model/model_utils/mod.py convert_pretrained_model_to_mod, the MoD
 * package's apply_mod_to_hf), whose routed blocks take a fraction of the
 * tokens each, and load loads such a model (AutoMoDModelForCausalLM): not
 * the model the catalogue describes. Refused, as use_galore is; until
 * 2026-11-30 it was listed as ignored and the plain model checked
 * (examples/extras/mod/llama3_full_sft.yaml). */
HANDLER(k_lf_mod)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	return vp_tc_fail_at(c, m->value->line, m->value->column,
			     "'%s: %.40s' is not modelled (a mixture-of-depths model routes a fraction of the "
			     "tokens through each block; vramplan counts the plain model)",
			     path, s);
}

/* use_unsloth_gc (model_args.py): LLaMA-Factory's own copy of Unsloth's
 * gradient checkpointing (model/model_utils/checkpointing.py
 * get_unsloth_gradient_checkpointing_func: each checkpointed block's input
 * hidden_states.to("cpu", non_blocking=True), brought back in backward),
 * which is axolotl's gradient_checkpointing: unsloth (offload): read as
 * that offload where checkpointing is on. Until 2026-11-30 listed as
 * ignored, the inputs counted on the GPU. */
HANDLER(k_lf_unsloth_gc)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.ckpt_offload = on == 1;
	return 0;
}

/* use_unsloth (model_args.py): the model is loaded through Unsloth's
 * FastLanguageModel (model/model_utils/unsloth.py), with its own LoRA,
 * attention, MLP and loss kernels and its offloading checkpointing. Not
 * modelled: the step is counted as transformers runs it without Unsloth.
 * Said; until 2026-11-30 listed as ignored without a word. */
HANDLER(k_lf_unsloth)
{
	return note_when_on(c, m, path, VP_TC_BOUND_NONE,
			    "Unsloth (FastLanguageModel, its kernels and offloading checkpointing) is "
			    "not modelled: the step is counted as transformers runs it without Unsloth");
}

/* use_kt (model_args.py KTransformersArguments): KTransformers' AMX MoE
 * backend, whose experts run on the CPU. Not modelled: the whole model,
 * its experts too, is counted on the GPU (an overestimate). Until
 * 2026-11-30 listed as ignored. */
HANDLER(k_lf_kt)
{
	return note_when_on(c, m, path, VP_TC_BOUND_OVER,
			    "KTransformers (use_kt: a mixture of experts' experts computed on the CPU) is "
			    "not modelled: the whole model is counted on the GPU (an overestimate)");
}

/* stage: pt and sft train one model on a language-modelling loss; rm adds a
 * value head, dpo and kto a reference model, ppo four models, none of which
 * the estimate counts. pt packs its samples unless told otherwise
 * (data_args.py: packing defaults to stage == "pt"). */
HANDLER(k_lf_stage)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (strcmp(s, "pt") != 0 && strcmp(s, "sft") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'stage: %.40s' is not modelled (vramplan checks pt and sft: one model, one loss)", s);
	c->r.stage_pt = strcmp(s, "pt") == 0;
	return 0;
}

/* quantization_bit: bitsandbytes quantizes to 4 or 8 bits (quantization.py:
 * "Bitsandbytes only accepts 4-bit or 8-bit quantization"). */
HANDLER(k_lf_quant_bit)
{
	uint64_t bits = 0;

	if (m->value->kind == VP_T_NULL)
		return 0;
	if (vp_tc_get_u64(c, m->value, path, 1, &bits) != 0)
		return -1;
	if (bits != 4 && bits != 8)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'quantization_bit: %llu' is not modelled (vramplan models bitsandbytes' 4 and 8 bits)",
			       (unsigned long long)bits);
	if (bits == 4)
		c->r.load4 = 1;
	else
		c->r.load8 = 1;
	vp_tc_set_origin(&c->r.at_load, path, m);
	return 0;
}

/* quantization_method: bitsandbytes ("bnb", formerly "bitsandbytes") is
 * what vramplan models; HQQ, EETQ and the others quantize differently. */
HANDLER(k_lf_quant_method)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (strcmp(s, "bnb") != 0 && strcmp(s, "bitsandbytes") != 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'quantization_method: %.40s' is not modelled (vramplan models bitsandbytes: bnb)", s);
	return 0;
}

/* flash_attn: auto (transformers' choice: SDPA), disabled (formerly off:
 * eager), sdpa, fa2 (model_utils/attention.py). */
HANDLER(k_lf_flash_attn)
{
	const char *s = NULL;
	int rc = word(c, m, path, &s);

	if (rc != 0)
		return rc > 0 ? 0 : -1;
	/* A plain off (or no, false...) is a boolean to PyYAML, and
	 * configure_attn_implementation (model/model_utils/attention.py)
	 * matches none of its values with False: NotImplementedError
	 * "Unknown attention type: False", in the releases that named eager
	 * "off" too. */
	if (!m->value->quoted && vp_yaml11_bool(s) >= 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "'flash_attn: %.10s' is the boolean %s (%s), "
				     "which LLaMA-Factory rejects (\"Unknown attention type: %s\"); write \"disabled\" "
				     "for eager attention",
				     s, vp_yaml11_bool(s) ? "true" : "false", bool_reader(c), vp_yaml11_bool(s) ? "True" : "False");
	c->r.lf_attn_auto = strcmp(s, "auto") == 0;
	if (strcmp(s, "auto") == 0 || strcmp(s, "sdpa") == 0)
		c->r.attn = VP_ATTN_SDPA;
	else if (strcmp(s, "disabled") == 0 || strcmp(s, "off") == 0)
		c->r.attn = VP_ATTN_EAGER;
	else if (strcmp(s, "fa2") == 0)
		c->r.attn = VP_ATTN_FLASH2;
	else
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unknown 'flash_attn' value '%.40s' (expected one of: auto, disabled, sdpa, fa2)", s);
	c->r.has_attn = true;
	vp_tc_set_origin(&c->tc->at[VP_TC_ATTN], path, m);
	return 0;
}

HANDLER(k_lf_no_ckpt)
{
	return flag(c, m, path, &c->r.no_ckpt, &c->tc->at[VP_TC_GRAD_CKPT]);
}

/* lora_target: comma-separated module names, or all: every linear layer
 * but the LM head (model_utils/misc.py find_all_linear_modules), PEFT's
 * all-linear. */
HANDLER(k_lf_targets)
{
	/* LLaMA-Factory splits lora_target on commas into a list
	 * (finetuning_args.py split_arg) and expands only ["all"]
	 * (model/adapter.py): ["all-linear"] reaches LoraConfig as a list, a
	 * module name no model has in PEFT (k_axo_targets). Until 2026-11-30
	 * it was read as every linear layer. */
	if (m->value->kind == VP_T_SCALAR && strcasecmp(m->value->text, "all-linear") == 0)
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "'%s': LLaMA-Factory passes all-linear to PEFT in a list, where it is a module name no "
			       "model has (model/adapter.py expands only lora_target: all); write lora_target: all",
			       path);
	if (m->value->kind == VP_T_SCALAR && strcmp(m->value->text, "all") == 0) {
		c->r.targets.n_lora_targets = 0;
		c->r.targets.lora_all_linear = true;
		c->r.has_targets = true;
		vp_tc_set_origin(&c->tc->at[VP_TC_LORA_TARGETS], path, m);
		return 0;
	}
	return k_targets(c, m, path);
}

/* neat_packing: true packs (and sets packing, data_args.py); false leaves
 * packing as it is. Its rows carry a block-diagonal mask without
 * FlashAttention (tc_settle.c) */
HANDLER(k_lf_neat_packing)
{
	int on = -1;

	if (flag(c, m, path, &on, &c->r.at_neat_packing) != 0)
		return -1;
	if (on == 1)
		c->r.packed = 1;
	c->r.neat_packing = on == 1;
	return 0;
}

/* compute_accuracy: the SFT workflow's ComputeAccuracy metric, whose
 * preprocess_logits_for_metrics (eval_logit_processor) keeps the argmax */
HANDLER(k_lf_accuracy)
{
	int on = 0;

	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	c->r.accuracy = on == 1;
	return 0;
}

/* eval_dataset: an evaluation set of its own (like val_size > 0) */
HANDLER(k_lf_eval_dataset)
{
	(void)path;
	c->r.has_eval_split_key = true;
	if (m->value->kind != VP_T_NULL && !(m->value->kind == VP_T_SCALAR && m->value->text[0] == '\0'))
		c->r.eval_split = true;
	return 0;
}

/*
 * LLaMA-Factory: its own argument classes (finetuning_args.py, model_args.py,
 * data_args.py) beside the TrainingArguments it inherits
 * (hparams/training_args.py subclasses Seq2SeqTrainingArguments).
 */
static const struct keydef llamafactory_keys[] = {
	{"model_name_or_path", k_model},
	{"template", k_lf_template},
	{"image_max_pixels", k_lf_media},
	{"image_min_pixels", k_lf_media},
	{"image_do_pan_and_scan", k_lf_media},
	{"crop_to_patches", k_lf_media},
	{"video_max_pixels", k_lf_media},
	{"video_min_pixels", k_lf_media},
	{"video_fps", k_lf_media},
	{"video_maxlen", k_lf_media},
	{"use_audio_in_video", k_lf_media},
	{"audio_sampling_rate", k_lf_media},
	{"freeze_vision_tower", k_lf_freeze_tower},
	{"freeze_multi_modal_projector", k_lf_freeze_tower},
	{"freeze_language_model", k_lf_freeze_tower},
	{"stage", k_lf_stage},
	{"finetuning_type", k_lf_finetuning_type},
	{"lora_rank", k_lora_r},
	{"lora_dropout", k_lora_dropout},
	{"lora_target", k_lf_targets},
	{"additional_target", k_modules_to_save},
	{"use_dora", k_dora},
	{"pissa_init", k_lf_not_modelled},
	{"use_galore", k_lf_not_modelled},
	{"use_apollo", k_lf_not_modelled},
	{"use_badam", k_lf_not_modelled},
	{"use_adam_mini", k_lf_not_modelled},
	{"use_muon", k_lf_not_modelled},
	{"use_llama_pro", k_lf_not_modelled},
	{"mixture_of_depths", k_lf_mod},
	{"use_unsloth", k_lf_unsloth},
	{"use_unsloth_gc", k_lf_unsloth_gc},
	{"pure_bf16", k_pure_bf16},
	{"quantization_bit", k_lf_quant_bit},
	{"quantization_method", k_lf_quant_method},
	{"quantization_type", k_quant_type},
	{"double_quantization", k_nested},
	{"flash_attn", k_lf_flash_attn},
	{"disable_gradient_checkpointing", k_lf_no_ckpt},
	{"enable_liger_kernel", k_liger},
	/* TrainingArguments' own, which LLaMA-Factory's Seq2SeqTrainingArguments
	 * inherit: its CustomSeq2SeqTrainer is a transformers Trainer, whose
	 * __init__ applies Liger to the (PEFT-wrapped) model's base with
	 * apply_liger_kernel_to_<model>'s defaults, as enable_liger_kernel
	 * does before the model loads. Until 2026-11-30 listed as ignored. */
	{"use_liger_kernel", k_liger},
	{"liger_kernel_config", k_liger_config},
	{"shift_attn", k_axo_s2},
	/* Fp8Arguments.fp8 (hparams/training_args.py: "Enable FP8 mixed
	 * precision training via HuggingFace Accelerate"; fp8_backend auto,
	 * torchao, te or msamp): accelerate's fp8 mixed precision, as
	 * axolotl's fp8. Noted; until 2026-11-30 listed as ignored without a
	 * word (examples/extras/fp8/llama3_fp8_fsdp_sft.yaml) */
	{"fp8", k_axo_fp8},
	{"use_kt", k_lf_kt},
	{"neftune_noise_alpha", k_neftune},
	{"label_smoothing_factor", k_label_smoothing},
	{"moe_aux_loss_coef", k_lf_moe_aux_loss},
	{"cutoff_len", k_seq},
	{"packing", k_packing},
	{"neat_packing", k_lf_neat_packing},
	{"val_size", k_val_set_size},
	{"eval_dataset", k_lf_eval_dataset},
	{"compute_accuracy", k_lf_accuracy},
	{"per_device_train_batch_size", k_batch},
	{"per_device_eval_batch_size", k_eval_batch},
	{"gradient_accumulation_steps", k_accum},
	{"eval_accumulation_steps", k_eval_accum},
	{"auto_find_batch_size", k_auto_batch},
	{"fp16", k_fp16},
	{"bf16", k_bf16},
	{"gradient_checkpointing", k_grad_ckpt},
	{"use_reentrant_gc", k_lf_reentrant},
	{"optim", k_optim},
	{"adafactor", k_adafactor},
	{"predict_with_generate", k_generate},
	{"max_new_tokens", k_lf_new_tokens},
	{"num_beams", k_beams},
	{"generation_max_length", k_lf_unused_generation},
	{"generation_num_beams", k_lf_unused_generation},
	{"eval_num_beams", k_lf_unused_generation},
	{"prediction_loss_only", k_loss_only},
	{"eval_strategy", k_eval_strategy},
	{"evaluation_strategy", k_eval_strategy},
	{"do_eval", k_do_eval},
	{"do_train", k_do_train},
	{"do_predict", k_do_predict},
	{"task", k_lf_other_command},
	{"export_dir", k_lf_other_command},
	{"eval_do_concat_batches", k_concat_batches},
	{"save_safetensors", k_save_safetensors},
	{"save_strategy", k_save_strategy},
	{"save_only_model", k_save_only_model},
	{"torch_compile", k_compile},
	{"dataloader_num_workers", k_workers},
	{"dataloader_pin_memory", k_pin},
	{"dataloader_persistent_workers", k_persistent},
	{"dataloader_prefetch_factor", k_prefetch},
	{"accelerator_config", k_accelerator_config},
	{"dataloader_drop_last", k_drop_last},
	{"deepspeed", k_deepspeed},
	{"fsdp", k_fsdp},
	{"fsdp_config", k_fsdp_config},
};

/* DeepSpeed (deepspeed.ai/docs/config-json): the batch triple, the
 * precision sections, ZeRO and the optimizer. */
static int ds_section(struct ctx *c, const struct vp_tmember *m, const char *path);

HANDLER(k_ds_section)
{
	return ds_section(c, m, path);
}

/* zero_force_ds_cpu_optimizer (deepspeed/runtime/config.py, default true):
 * whether DeepSpeed refuses an optimizer of the script's own under
 * ZeRO-Offload (engine.py _configure_optimizer); it allows or refuses a
 * run, it moves no memory (settle's warning reads it). A boolean. */
static int ds_force_cpu_optimizer(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	bool b;

	if (vp_tc_get_bool(c, m->value, path, &b) != 0)
		return -1;
	c->r.ds_client_optim_allowed = !b;
	return 0;
}

HANDLER(k_ds_force_cpu_optimizer)
{
	return ds_force_cpu_optimizer(c, m, path);
}

static const struct keydef ds_keys[] = {
	{"train_micro_batch_size_per_gpu", k_batch},
	{"gradient_accumulation_steps", k_accum},
	{"train_batch_size", k_total_batch},
	{"bf16", k_ds_section},
	{"bfloat16", k_ds_section},
	{"fp16", k_ds_section},
	{"zero_optimization", k_ds_section},
	{"optimizer", k_ds_section},
	{"zero_force_ds_cpu_optimizer", k_ds_force_cpu_optimizer},
};

const struct keydef *vp_tc_flavour_keys(enum vp_tc_flavour f, size_t *n)
{
	switch (f) {
	case VP_TC_AXOLOTL:
		*n = sizeof axolotl_keys / sizeof axolotl_keys[0];
		return axolotl_keys;
	case VP_TC_DEEPSPEED:
		*n = sizeof ds_keys / sizeof ds_keys[0];
		return ds_keys;
	case VP_TC_LLAMAFACTORY:
		*n = sizeof llamafactory_keys / sizeof llamafactory_keys[0];
		return llamafactory_keys;
	case VP_TC_HF:
		break;
	}
	*n = sizeof hf_keys / sizeof hf_keys[0];
	return hf_keys;
}

const struct keydef *vp_tc_find_key(const struct keydef *keys, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(keys[i].key, key) == 0)
			return &keys[i];
	return NULL;
}

/* Keys that mark a kind of training vramplan refuses: never the hint for a
 * misspelt or nested key (story 004's `mer: {beta: 0.1}` is a
 * continual-learning setting, and 'beta' at the top level is DPO's). */
bool vp_tc_key_changes_kind(const struct keydef *k)
{
	return k->fn == k_preference || k->fn == k_lf_stage || k->fn == k_lf_not_modelled || k->fn == k_axo_reward;
}

bool vp_tc_key_names_model(const struct keydef *k)
{
	return k->fn == k_model;
}

bool vp_tc_key_sets_batch(const struct keydef *k)
{
	return k->fn == k_batch;
}

bool vp_tc_key_sets_eval_batch(const struct keydef *k)
{
	return k->fn == k_eval_batch;
}

bool vp_tc_key_sets_length(const struct keydef *k)
{
	return k->fn == k_seq || k->fn == k_source;
}

/* "enabled" of a DeepSpeed precision section: a bool or "auto" (the HF
 * Trainer copies TrainingArguments.bf16/fp16 into it). */
static int ds_enabled(struct ctx *c, const struct vp_tmember *m, const char *path, int *out, struct vp_tc_origin *o)
{
	if (vp_tc_is_auto(m->value)) {
		c->r.precision_auto = true;
		vp_tc_set_origin(o, path, m);
		return 0;
	}
	return flag(c, m, path, out, o);
}

/* zero_optimization.reduce_bucket_size: elements, written as a whole number
 * or in exponent form (5e8, as DeepSpeed's examples do), or "auto" (HF
 * fills in hidden x hidden). */
static int ds_bucket_size(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	const struct vp_tnode *v = m->value;
	struct vp_error e = {0};
	double x;

	if (vp_tc_is_auto(v)) {
		c->r.zero_bucket_auto = true;
		return 0;
	}
	if (v->kind != VP_T_SCALAR || v->quoted ||
	    vp_parse_double(v->text, path, 1.0, (double)MAX_NUMBER, &x, &e) != 0 || x != floor(x))
		return vp_tc_fail_at(c, v->line, v->column,
			       "expected a whole number of elements (or \"auto\") for '%s', found '%.40s'", path,
			       v->kind == VP_T_SCALAR ? v->text : vp_tc_kind_name(v));
	c->r.zero_bucket = (uint64_t)x;
	return 0;
}

/* DeepSpeed optimizer types (deepspeed/runtime/config.py): Adam and AdamW
 * run DeepSpeed's FusedAdam on the GPU, Lamb keeps the same two states. */
static int ds_optimizer_type(struct ctx *c, const struct vp_tmember *m, const char *path)
{
	const char *s = NULL;
	enum vp_optimizer optim;

	if (vp_tc_get_string(c, m->value, path, &s) != 0)
		return -1;
	if (strcasecmp_ascii_eq(s, "adam") || strcasecmp_ascii_eq(s, "adamw") || strcasecmp_ascii_eq(s, "fusedadam"))
		optim = VP_OPT_ADAMW_FUSED;
	else if (strcasecmp_ascii_eq(s, "lamb") || strcasecmp_ascii_eq(s, "onebitadam") ||
		 strcasecmp_ascii_eq(s, "onebitlamb") || strcasecmp_ascii_eq(s, "zerooneadam"))
		optim = VP_OPT_ADAMW;
	else
		return vp_tc_fail_at(c, m->value->line, m->value->column,
			       "unmodelled DeepSpeed optimizer '%.40s' (vramplan models Adam, AdamW, Lamb and the "
			       "1-bit variants)",
			       s);
	c->r.ds_optim = optim;
	c->r.has_ds_optim = true;
	vp_tc_set_origin(&c->r.at_ds_optim, path, m);
	return 0;
}

/* Read the subkeys of a DeepSpeed section that change memory; list the rest
 * as ignored, with their dotted path. */

/* An offload section's device: DeepSpeed's offload configs
 * (deepspeed/runtime/zero/offload_config.py OffloadDeviceEnum) take "none",
 * "cpu" or "nvme", "none" the default, so `{"device": "none"}` (the ZeRO-3
 * templates' offload_param) and a section without a device keep everything
 * on the GPU. 0 none, 1 cpu, 2 nvme, -1 anything else. */
static int offload_device(const struct vp_tnode *v)
{
	if (v == NULL || v->kind == VP_T_NULL)
		return 0;
	if (v->kind != VP_T_MAP)
		return -1;
	for (size_t i = 0; i < v->n; i++) {
		const struct vp_tnode *d = v->members[i].value;

		if (strcmp(v->members[i].key, "device") != 0)
			continue;
		if (d == NULL || d->kind != VP_T_SCALAR)
			return -1;
		return strcmp(d->text, "none") == 0  ? 0
		       : strcmp(d->text, "cpu") == 0 ? 1
		       : strcmp(d->text, "nvme") == 0 ? 2
						       : -1;
	}
	return 0;
}

/* offload_optimizer.ratio (deepspeed/runtime/zero/offload_config.py,
 * default 1.0): the share of stage 3's sub-groups whose optimizer steps on
 * the CPU (stage3.py subgroup_to_device); the rest keep their master,
 * states and gradients on the GPU. true where the section states a ratio
 * other than 1 (or one that is not a number). */
static bool partial_offload(const struct vp_tnode *v)
{
	for (size_t i = 0; v != NULL && v->kind == VP_T_MAP && i < v->n; i++) {
		const struct vp_tnode *r = v->members[i].value;
		char *end;
		double x;

		if (strcmp(v->members[i].key, "ratio") != 0)
			continue;
		if (r == NULL || r->kind != VP_T_SCALAR)
			return true;
		x = strtod(r->text, &end);
		return end == r->text || *end != '\0' || x != 1.0;
	}
	return false;
}

/* The stage a zero_optimization mapping states (DeepSpeed's default 0 when
 * it states none; -1 when it is not a whole number, which the stage key's
 * own reading refuses) */
static long section_stage(const struct vp_tnode *map)
{
	for (size_t i = 0; i < map->n; i++) {
		const struct vp_tnode *v = map->members[i].value;
		char *end;
		long z;

		if (strcmp(map->members[i].key, "stage") != 0)
			continue;
		if (v == NULL || v->kind != VP_T_SCALAR)
			return -1;
		z = strtol(v->text, &end, 10);
		return end != v->text && *end == '\0' ? z : -1;
	}
	return 0;
}

/* zero_optimization.offload_optimizer / offload_param (deepspeed.ai/docs/
 * config-json): device "cpu" is modelled where vramplan models it, the
 * optimizer at stages 1 to 3, the parameters at stage 3 (docs/memory-
 * model.md "ZeRO-Offload"); NVMe (ZeRO-Infinity's swap files) is not, and
 * keeps its note. (Until 2026-11-30 the optimizer's offload at stage 1
 * was noted and its states counted on the GPU: DeepSpeed's stage-1
 * optimizer, stage_1_and_2.py, offloads them as at stage 2.) */
static int ds_offload_to(struct ctx *c, const struct vp_tmember *m, const char *path, long stage, bool param,
			 int dev, bool partial)
{
	if (dev == 0)
		return 0;
	/* a partial offload would leave part of what is counted on the CPU on
	 * the GPU: counted all on the GPU, the safe side (DeepSpeed's
	 * zero/config.py offload_ratio_check allows it at stage 3 only) */
	if (dev == 1 && !param && partial)
		return vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER,
					"a partial optimizer offload (ratio below 1) is not modelled: the optimizer "
					"is counted on the GPU (an overestimate), and the host RAM that holds its "
					"offloaded part is not counted");
	if (dev == 1 && (param ? stage == 3 : stage >= 1 && stage <= 3)) {
		if (param) {
			c->r.zero_offload_param = true;
		} else {
			c->r.zero_offload_optimizer = true;
			vp_tc_set_origin(&c->r.at_offload_optimizer, path, m);
		}
		return 0;
	}
	if (dev == 2)
		return vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER,
					param ? "NVMe offload (ZeRO-Infinity) is not modelled: the parameters are "
						"counted on the GPU (an overestimate)"
					      : "NVMe offload (ZeRO-Infinity) is not modelled: the optimizer states are "
						"counted on the GPU (an overestimate)");
	if (dev == 1 && param)
		return vp_tc_note_ignored(c, path, m,
					  "parameter offload is a ZeRO stage 3 feature (DeepSpeed reads it at stage 3 "
					  "only): nothing is offloaded at this stage");
	if (dev == 1)
		return vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER,
					"optimizer offload without ZeRO (stage 0) is not modelled: the states are "
					"counted on the GPU (an overestimate), and the host RAM that holds them is "
					"not counted");
	return vp_tc_note_ignored(c, path, m,
				  "an offload device other than none, cpu or nvme is not modelled: counted on the "
				  "GPU");
}

static int ds_offload(struct ctx *c, const struct vp_tmember *m, const char *path, long stage)
{
	bool param = strcmp(m->key, "offload_param") == 0;

	return ds_offload_to(c, m, path, stage, param, offload_device(m->value), partial_offload(m->value));
}

/* Whether a zero_optimization mapping names `key`, null included: what
 * DeepSpeed's pydantic model counts as given (runtime/config_utils.py
 * _process_deprecated_field tests `new_param_name not in fields_set`, and
 * fields_set holds a field given as None too). Only "auto" is not given:
 * DeepSpeedConfigModel.__init__ drops a value of "auto" before pydantic
 * sees it (non-strict). */
static bool section_has(const struct vp_tnode *map, const char *key)
{
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->members[i].key, key) == 0)
			return map->members[i].value != NULL &&
			       !(map->members[i].value->kind == VP_T_SCALAR &&
				 strcmp(map->members[i].value->text, "auto") == 0);
	return false;
}

/* zero_optimization.cpu_offload and cpu_offload_param, the names of
 * ZeRO-Offload before offload_optimizer and offload_param
 * (DeepSpeedExamples' cifar/ds_config.json still writes "cpu_offload":
 * true). DeepSpeed still reads them: deepspeed/runtime/
 * zero/config.py DeepSpeedZeroConfig declares both deprecated with
 * new_param offload_optimizer / offload_param and new_param_fn
 * `DeepSpeedZeroOffload...Config(device=OffloadDeviceEnum.cpu) if val
 * else None`, which runtime/config_utils.py _process_deprecated_field
 * applies, so true is device "cpu" and false none. Given beside the new
 * key it asserts "Cannot provide deprecated parameter 'cpu_offload' and
 * replacing parameter 'offload_optimizer' together": an error here too,
 * whichever of the two is null (the assertion tests that each was given,
 * not its value; until 2026-11-30 a null on either side let the pair
 * through, and DeepSpeed would have stopped at startup).
 * Until 2026-11-30 both were listed as ignored, and the offloaded states
 * counted on the GPU without a word. */
static int ds_cpu_offload(struct ctx *c, const struct vp_tnode *map, const struct vp_tmember *m, const char *path)
{
	bool param = strcmp(m->key, "cpu_offload_param") == 0;
	const char *new_key = param ? "offload_param" : "offload_optimizer";
	int on = 0;

	if (section_has(map, m->key) && section_has(map, new_key))
		return vp_tc_fail_at(c, m->value->line, m->value->column,
				     "'%s' is the deprecated name of '%s', which this section gives too: DeepSpeed "
				     "refuses both (\"Cannot provide deprecated parameter '%s' and replacing parameter "
				     "'%s' together\", runtime/config_utils.py); keep '%s'",
				     path, new_key, m->key, new_key, new_key);
	/* null: new_param_fn maps it to None, no offload; "auto": dropped
	 * unread, as above (the HF Trainer fills in no such key) */
	if (m->value->kind == VP_T_NULL || !section_has(map, m->key))
		return 0;
	if (flag(c, m, path, &on, NULL) != 0)
		return -1;
	return ds_offload_to(c, m, path, section_stage(map), param, on ? 1 : 0, false);
}

/* A mapping whose every value is "auto": the HF Trainer fills each in
 * from its own arguments (integrations/deepspeed.py trainer_config_process:
 * optimizer.params.lr, betas, eps, weight_decay), none of which changes
 * memory; the ZeRO-Offload plans write it (settings.c ds_cpu_adam). */
static bool all_auto(const struct vp_tnode *v)
{
	if (v == NULL || v->kind != VP_T_MAP || v->n == 0)
		return false;
	for (size_t i = 0; i < v->n; i++)
		if (!vp_tc_is_auto(v->members[i].value))
			return false;
	return true;
}

static int ds_section(struct ctx *c, const struct vp_tmember *sec, const char *prefix)
{
	const struct vp_tnode *map = sec->value;
	char path[192];
	size_t i;
	int kind = section(c, map, prefix);
	const char *last = strrchr(prefix, '.') != NULL ? strrchr(prefix, '.') + 1 : prefix;

	if (kind != 0)
		return kind < 0 ? -1 : 0;
	/* any optimizer section, modelled or not, is DeepSpeed's to build
	 * (deepspeed_optim_sched), so the Trainer passes none of its own */
	if (strcmp(last, "optimizer") == 0)
		c->r.ds_optim_section = true;
	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *m = &map->members[i];
		const char *sec_name = strrchr(prefix, '.') != NULL ? strrchr(prefix, '.') + 1 : prefix;
		int rc = 1;

		snprintf(path, sizeof path, "%s.%s", prefix, m->key);
		if (strcmp(m->key, "enabled") == 0 && strcmp(sec_name, "fp16") == 0)
			rc = ds_enabled(c, m, path, &c->r.fp16, &c->r.at_fp16);
		else if (strcmp(m->key, "enabled") == 0 && (strcmp(sec_name, "bf16") == 0 ||
							     strcmp(sec_name, "bfloat16") == 0))
			rc = ds_enabled(c, m, path, &c->r.pure_bf16, &c->r.at_pure);
		else if (strcmp(m->key, "stage") == 0 && strcmp(sec_name, "zero_optimization") == 0) {
			uint64_t z;
			if (vp_tc_get_u64(c, m->value, path, 0, &z) != 0)
				return -1;
			if (z > 3)
				return vp_tc_fail_at(c, m->value->line, m->value->column,
					       "'%s' must be 0, 1, 2 or 3, found %llu", path, (unsigned long long)z);
			c->r.zero = (int)z;
			vp_tc_set_origin(&c->tc->at[VP_TC_ZERO], path, m);
			rc = 0;
		} else if (strcmp(m->key, "reduce_bucket_size") == 0 && strcmp(sec_name, "zero_optimization") == 0) {
			rc = ds_bucket_size(c, m, path);
		} else if (strcmp(m->key, "overlap_comm") == 0 && strcmp(sec_name, "zero_optimization") == 0) {
			rc = vp_tc_is_auto(m->value) ? 0 : flag(c, m, path, &c->r.zero_overlap, NULL);
		} else if (strcmp(sec_name, "zero_optimization") == 0 &&
			   (strcmp(m->key, "stage3_gather_16bit_weights_on_model_save") == 0 ||
			    strcmp(m->key, "gather_16bit_weights_on_model_save") == 0 ||
			    strcmp(m->key, "stage3_gather_fp16_weights_on_model_save") == 0)) {
			/* DeepSpeedZeroConfig gather_16bit_weights_on_model_save
			 * (deepspeed/runtime/zero/config.py), which its alias
			 * stage3_gather_16bit_weights_on_model_save and the
			 * deprecated stage3_gather_fp16_weights_on_model_save set
			 * too (axolotl's zero3_bf16.json writes the field's own
			 * name), default false: at stage 3 each save
			 * gathers the weights into rank 0's host RAM (host.c).
			 * "auto" is left unset (no gather counted), as
			 * DeepSpeedConfigModel drops every "auto" */
			int on = -1;

			rc = vp_tc_is_auto(m->value) ? 0 : flag(c, m, path, &on, NULL);
			if (rc == 0 && on >= 0)
				c->r.zero_gather_save = on == 1;
		} else if (strcmp(m->key, "type") == 0 && strcmp(sec_name, "optimizer") == 0) {
			rc = ds_optimizer_type(c, m, path);
		} else if (strcmp(m->key, "params") == 0 && strcmp(sec_name, "optimizer") == 0 &&
			   all_auto(m->value)) {
			rc = 0; /* the Trainer's hyperparameters (trainer_config_process) */
		} else if (strcmp(sec_name, "zero_optimization") == 0 &&
			   (strcmp(m->key, "offload_optimizer") == 0 || strcmp(m->key, "offload_param") == 0)) {
			rc = ds_offload(c, m, path, section_stage(map));
		} else if (strcmp(sec_name, "zero_optimization") == 0 &&
			   (strcmp(m->key, "cpu_offload") == 0 || strcmp(m->key, "cpu_offload_param") == 0)) {
			rc = ds_cpu_offload(c, map, m, path);
		} else if (strcmp(sec_name, "fp16") == 0 && strcmp(m->key, "fp16_master_weights_and_grads") == 0) {
			/* true: DeepSpeed keeps the master weights and gradients
			 * in fp16 (runtime/zero/stage_1_and_2.py, which asserts
			 * ZeRO-Offload with DeepSpeedCPUAdam for it; runtime/
			 * config.py, ZeRO stage 2): counted in fp32, the safe
			 * side, and said (DeepSpeedExamples' cifar/ds_config.json) */
			int on = 0;

			if (flag(c, m, path, &on, NULL) != 0)
				return -1;
			rc = vp_tc_note_bound(c, path, m, VP_TC_BOUND_OVER,
					      on ? "fp16 master weights and gradients are not modelled: they are "
						   "counted in fp32 (an overestimate)"
						 : NULL);
		} else {
			rc = vp_tc_note_ignored(c, path, m, NULL);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* {enabled: auto}: the section follows the trainer's flag */
static bool auto_enabled(const struct vp_tnode *v)
{
	return v->kind == VP_T_MAP && v->n == 1 && strcmp(v->members[0].key, "enabled") == 0 &&
	       vp_tc_is_auto(v->members[0].value);
}

/* An inline `deepspeed:` mapping inside an hf or axolotl config. */
static int read_deepspeed_map(struct ctx *c, const struct vp_tnode *map, const char *prefix)
{
	char path[192];
	size_t i;

	for (i = 0; i < map->n; i++) {
		const struct vp_tmember *m = &map->members[i];

		snprintf(path, sizeof path, "%s.%s", prefix, m->key);
		/* the batch keys: "auto" is the Trainer's own value; a number
		 * must match it (vp_trainconfig_match_deepspeed) */
		if (strcmp(m->key, "train_micro_batch_size_per_gpu") == 0 ||
		    strcmp(m->key, "gradient_accumulation_steps") == 0 || strcmp(m->key, "train_batch_size") == 0) {
			uint64_t *v = m->key[6] == 'm'   ? &c->tc->ds_given.micro
				      : m->key[0] == 'g' ? &c->tc->ds_given.accum
							 : &c->tc->ds_given.total;
			struct vp_tc_origin *at = m->key[6] == 'm'   ? &c->tc->ds_given.at_micro
						  : m->key[0] == 'g' ? &c->tc->ds_given.at_accum
								     : &c->tc->ds_given.at_total;

			if (m->value->kind == VP_T_NULL || vp_tc_is_auto(m->value))
				continue;
			if (vp_tc_get_u64(c, m->value, path, 1, v) != 0)
				return -1;
			vp_tc_set_origin(at, path, m);
			continue;
		}
		if (strcmp(m->key, "zero_force_ds_cpu_optimizer") == 0) {
			if (ds_force_cpu_optimizer(c, m, path) != 0)
				return -1;
			continue;
		}
		/* precision follows the trainer's keys; "auto" says so */
		if ((strcmp(m->key, "bf16") == 0 || strcmp(m->key, "fp16") == 0) && auto_enabled(m->value))
			continue;
		if (strcmp(m->key, "zero_optimization") == 0 || strcmp(m->key, "bf16") == 0 ||
		    strcmp(m->key, "fp16") == 0 || strcmp(m->key, "optimizer") == 0) {
			/* precision follows the trainer's own keys; only ZeRO
			 * and the optimizer are taken from here */
			if (strcmp(m->key, "zero_optimization") == 0 || strcmp(m->key, "optimizer") == 0) {
				if (ds_section(c, m, path) != 0)
					return -1;
				continue;
			}
		}
		if (vp_tc_note_ignored(c, path, m, NULL) != 0)
			return -1;
	}
	return 0;
}
