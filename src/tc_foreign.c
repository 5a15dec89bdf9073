/*
 * torchtune recipe configs and litgpt finetune configs, which teams commit
 * beside the trainer configs check reads (docs/check.md "torchtune and
 * litgpt configs"). check models transformers' and PEFT's modules, and
 * these two frameworks build their own (torchtune's TransformerDecoder and
 * LoRALinear, litgpt's GPT with its fused q/k/v): read as TrainingArguments
 * such a file failed with "no model". An input error at the key that tells
 * the framework, which gives the `vramplan estimate` command the file's
 * keys determine and leaves out what they do not (a placeholder where the
 * command needs a value: the GPU, a length the dataset decides). The same
 * precise refusal as an accelerate launch config's (trainconfig.c).
 */
#include "trainconfig_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* where the reason a framework's modules are not modelled is written */
#define KNOWN_GAPS "docs/memory-model.md \"Known gaps\""

/* The command being built: flags appended while they fit. */
struct cmd {
	char s[448];
	size_t n;
};

static void add(struct cmd *k, const char *fmt, ...) VP_TC_PRINTF(2, 3);
static void add(struct cmd *k, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (k->n >= sizeof k->s)
		return;
	va_start(ap, fmt);
	w = vsnprintf(k->s + k->n, sizeof k->s - k->n, fmt, ap);
	va_end(ap);
	if (w > 0)
		k->n += (size_t)w;
}

static const struct vp_tnode *map_at(const struct vp_tnode *map, const char *key)
{
	const struct vp_tmember *m = map != NULL && map->kind == VP_T_MAP ? vp_tc_member(map, key) : NULL;

	return m != NULL && m->value->kind == VP_T_MAP ? m->value : NULL;
}

/* A plain (unquoted or quoted) non-empty scalar at key, or NULL. */
static const char *text_at(const struct vp_tnode *map, const char *key)
{
	const struct vp_tmember *m = map != NULL && map->kind == VP_T_MAP ? vp_tc_member(map, key) : NULL;

	return m != NULL && m->value->kind == VP_T_SCALAR && m->value->text[0] != '\0' ? m->value->text : NULL;
}

/* 1 true, 0 false, -1 absent or not a boolean: YAML 1.1's words, as
 * OmegaConf (torchtune) and jsonargparse (litgpt) read them with PyYAML */
static int bool_at(const struct vp_tnode *map, const char *key)
{
	const struct vp_tmember *m = map != NULL && map->kind == VP_T_MAP ? vp_tc_member(map, key) : NULL;

	if (m == NULL || m->value->kind != VP_T_SCALAR || m->value->quoted)
		return -1;
	return vp_yaml11_bool(m->value->text);
}

/* A whole number from 1 to 10^7 written as digits, or 0. */
static unsigned long count_at(const struct vp_tnode *map, const char *key)
{
	const char *s = text_at(map, key);
	size_t i;

	if (s == NULL || strlen(s) > 8)
		return 0;
	for (i = 0; s[i] != '\0'; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return strtoul(s, NULL, 10) <= 10000000UL ? strtoul(s, NULL, 10) : 0;
}

/* A probability in [0, 1) as written (a dropout), or NULL. */
static const char *dropout_at(const struct vp_tnode *map, const char *key)
{
	const char *s = text_at(map, key);
	char *end;
	double p;

	if (s == NULL || strlen(s) > 12)
		return NULL;
	p = strtod(s, &end);
	return *end == '\0' && end != s && p >= 0.0 && p < 1.0 ? s : NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/*
 * A name the suggested command can hold as one shell word, as typed: an HF
 * id or a path, of letters, digits and . _ - / + : @ ~, under 128 bytes,
 * not starting with '-'. Anything else is the placeholder M: a file's
 * `a;rm -rf x` must not come back as a runnable command, nor `#x` (a
 * comment that drops the flags after it), `org/m*` (a glob), `x!y` (history
 * expansion) or a tab. Until 2026-12-01 only space, quotes, \, $, `, ;, |,
 * &, <, > and parentheses were kept out.
 */
static bool shell_word(const char *s)
{
	size_t i;

	if (s == NULL || s[0] == '\0' || s[0] == '-' || strlen(s) >= 128)
		return false;
	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		      strchr("._-/+:@~", s[i]) != NULL))
			return false;
	return true;
}

/* devices x num_nodes, the GPUs a launcher runs; 0 where either is no
 * count or the product is past what --gpus takes (VP_MAX_GPUS: a flag
 * the suggested command would refuse) */
static unsigned long gpu_count(unsigned long dev, unsigned long nodes)
{
	uint64_t n = (uint64_t)dev * nodes;

	return n <= VP_MAX_GPUS ? (unsigned long)n : 0;
}

/* The adapted linears in transformers' names. Phi-3's and Phi-4's
 * (model_type phi3) fuse q, k and v into qkv_proj and gate and up into
 * gate_up_proj (transformers models/phi3/modeling_phi3.py Phi3Attention,
 * Phi3MLP), which PEFT can only adapt whole: a part of q, k and v has no
 * name there. */
struct targets {
	bool q, k, v, o, mlp, head;
};

/*
 * A model family's names for what the switches adapt: qkv, the fused
 * q/k/v linear (NULL: q_proj, k_proj and v_proj apart), o the attention's
 * output projection, mlp the MLP's linears, head the output embedding.
 */
struct naming {
	const char *qkv, *o, *mlp, *head;
};

/* Llama's, Mistral's, Gemma's, Qwen's... (a gated MLP: litgpt's LLaMAMLP
 * and GemmaMLP adapt fc_1, fc_2 and proj, transformers' gate_proj, up_proj
 * and down_proj) */
static const struct naming llama_names = {NULL, "o_proj", "gate_proj,down_proj,up_proj", "lm_head"};
static const struct naming phi3_names = {"qkv_proj", "o_proj", "gate_up_proj,down_proj", "lm_head"};

/* The targets as a --lora-targets list. A fused qkv with part of q, k
 * and v on is named whole, the one name PEFT has for it; false where
 * nothing is adapted. */
static bool target_list(const struct targets *t, const struct naming *nm, char *out, size_t size)
{
	size_t n = 0;
	bool fused = nm->qkv != NULL;

	out[0] = '\0';
#define T(cond, name)                                                                                  \
	if ((cond) && n < size)                                                                        \
		n += (size_t)snprintf(out + n, size - n, "%s%s", n > 0 ? "," : "", name);
	T(fused && (t->q || t->k || t->v), nm->qkv)
	T(!fused && t->q, "q_proj")
	T(!fused && t->k, "k_proj")
	T(!fused && t->v, "v_proj")
	T(t->o, nm->o)
	T(t->mlp, nm->mlp)
	T(t->head, nm->head)
#undef T
	return n > 0 && n < size;
}

/* --lora-targets with the list, where the adapted linears have names;
 * false where they do not (target_list) */
static bool add_targets(struct cmd *k, const struct targets *t, const struct naming *nm)
{
	char list[96];

	if (!target_list(t, nm, list, sizeof list))
		return false;
	add(k, " --lora-targets %s", list);
	return true;
}

/*
 * The error: what the file is, why check does not read its kind, and the
 * command, with what its placeholders stand for (m, n) and a remark (r).
 * The message holds 767 bytes (include/vramplan/error.h): where the whole
 * does not fit, the remark goes, then the reason's details, then the
 * reason, so that the command and its placeholders are never cut (the
 * longest: an unknown builder with every flag, B and N).
 */
static int refuse(struct ctx *c, const struct vp_tmember *at, const char *what, const char *why, const char *detail,
		  const char *doc, const struct cmd *k, const char *m, const char *n, const char *r)
{
	char msg[sizeof c->err->message + 1024];
	int v;

	for (v = 0; v < 4; v++) {
		snprintf(msg, sizeof msg,
			 "%s: vramplan check does not read these%s%s%s%s%s%s%s; the nearest estimate (G: your GPU): "
			 "vramplan estimate --gpu G%s%s%s%s",
			 what, v < 3 ? ", since " : "", v < 3 ? why : "", v < 3 ? " (" : "", v < 2 ? detail : "",
			 v < 2 ? "; " : "", v < 3 ? doc : "", v < 3 ? ")" : "", k->s, m, n,
			 v < 1 ? r : "");
		if (strlen(msg) < sizeof c->err->message)
			break;
	}
	return vp_tc_fail_at(c, at->line, at->column, "%s", msg);
}

/* ------------------------------------------------------------- torchtune */

/*
 * torchtune's model builders (torchtune/models/<family>/_model_builders.py,
 * exported in each family's __init__.py) and the catalogue entry of the
 * same checkpoint. A builder's name is <family>_<size>, with lora_ or
 * qlora_ before it (qlora_X = partial(lora_X, quantize_base=True)) and, for
 * Qwen 2.5 and Qwen 3, _base or _instruct after it: the two differ only in
 * their context length (qwen2_5/_model_builders.py qwen2_5_7b_base: "slightly
 * different architectures"; max_seq_len 131072 against 32768), nothing a
 * step's memory sees. Sizes the catalogue lacks (llama2_70b, llama3_1_405b,
 * qwen2_0_5b, qwen2_1_5b, qwen3_moe_235b_a22b) get no --model.
 */
static const struct {
	const char *builder, *model;
	bool phi3; /* transformers' phi3: fused qkv_proj and gate_up_proj */
} tt_models[] = {
	{"llama2_7b", "llama-2-7b", false},	   {"llama2_13b", "llama-2-13b", false},
	{"llama3_8b", "llama-3-8b", false},	   {"llama3_70b", "llama-3-70b", false},
	{"llama3_1_8b", "llama-3.1-8b", false},	   {"llama3_1_70b", "llama-3.1-70b", false},
	{"llama3_2_1b", "llama-3.2-1b", false},	   {"llama3_2_3b", "llama-3.2-3b", false},
	{"llama3_3_70b", "llama-3.3-70b", false},  {"mistral_7b", "mistral-7b", false},
	{"gemma_2b", "gemma-2b", false},	   {"gemma_7b", "gemma-7b", false},
	{"gemma2_2b", "gemma-2-2b", false},	   {"gemma2_9b", "gemma-2-9b", false},
	{"gemma2_27b", "gemma-2-27b", false},	   {"qwen2_7b", "qwen2-7b", false},
	{"qwen2_5_0_5b", "qwen2.5-0.5b", false},   {"qwen2_5_1_5b", "qwen2.5-1.5b", false},
	{"qwen2_5_3b", "qwen2.5-3b", false},	   {"qwen2_5_7b", "qwen2.5-7b", false},
	{"qwen2_5_14b", "qwen2.5-14b", false},	   {"qwen2_5_32b", "qwen2.5-32b", false},
	{"qwen2_5_72b", "qwen2.5-72b", false},	   {"qwen3_0_6b", "qwen3-0.6b", false},
	{"qwen3_1_7b", "qwen3-1.7b", false},	   {"qwen3_4b", "qwen3-4b", false},
	{"qwen3_8b", "qwen3-8b", false},	   {"qwen3_14b", "qwen3-14b", false},
	{"qwen3_32b", "qwen3-32b", false},	   {"qwen3_moe_30b_a3b", "qwen3-30b-a3b", false},
	{"phi3_mini", "phi-3-mini", true},	   {"phi4_14b", "phi-4", true},
};

/* The catalogue entry of builder name b (its last dotted part), the method
 * its prefix says, and whether the model fuses q/k/v; NULL if unknown. */
static const char *tt_model(const char *b, const char **method, bool *phi3)
{
	char base[64];
	size_t i, n;

	*method = NULL;
	if (strncmp(b, "qlora_", 6) == 0) {
		*method = "qlora";
		b += 6;
	} else if (strncmp(b, "lora_", 5) == 0) {
		*method = "lora";
		b += 5;
	}
	n = strlen(b);
	if (n >= sizeof base)
		return NULL;
	memcpy(base, b, n + 1);
	if (ends_with(base, "_base"))
		base[n - 5] = '\0';
	else if (ends_with(base, "_instruct"))
		base[n - 9] = '\0';
	for (i = 0; i < sizeof tt_models / sizeof tt_models[0]; i++)
		if (strcmp(base, tt_models[i].builder) == 0) {
			*phi3 = tt_models[i].phi3;
			return tt_models[i].model;
		}
	return NULL;
}

/*
 * torchtune's optimizers by _component_ (its recipes' configs name them so
 * and config.instantiate builds them): torch.optim.AdamW, fused when the
 * config says fused: True (else torch picks foreach on CUDA);
 * bitsandbytes' and torchao's 8-bit ones, torchao's 4-bit one (block 128
 * by torchao's default, where adamw-4bit counts transformers' 256: its
 * scales a little under, docs/memory-model.md); torch.optim.SGD, with momentum
 * states when momentum is not 0. Another is left out.
 */
static const char *tt_optimizer(const struct vp_tnode *opt)
{
	const char *comp = text_at(opt, "_component_");
	const char *mom;

	if (comp == NULL)
		return NULL;
	if (strcmp(comp, "torch.optim.AdamW") == 0)
		return bool_at(opt, "fused") == 1 ? "adamw-fused" : "adamw";
	if (strcmp(comp, "bitsandbytes.optim.PagedAdamW8bit") == 0)
		return "paged-adamw-8bit";
	if (strcmp(comp, "bitsandbytes.optim.PagedAdamW") == 0)
		return "paged-adamw";
	if (strcmp(comp, "bitsandbytes.optim.AdamW8bit") == 0)
		return "adamw-8bit";
	if (strncmp(comp, "torchao.", 8) == 0 && ends_with(comp, ".AdamW8bit"))
		return "adamw-8bit-ao";
	if (strncmp(comp, "torchao.", 8) == 0 && ends_with(comp, ".AdamW4bit"))
		return "adamw-4bit";
	if (strcmp(comp, "torch.optim.SGD") == 0) {
		mom = text_at(opt, "momentum");
		return mom == NULL || strtod(mom, NULL) == 0.0 ? "sgd" : "sgd-momentum";
	}
	return NULL;
}

/* torchtune's lora_attn_modules (torchtune/modules/peft LORA_ATTN_MODULES:
 * q_proj, k_proj, v_proj, output_proj) into t; false for another name. */
static bool tt_attn_modules(const struct vp_tnode *mods, struct targets *t)
{
	size_t i;

	if (mods == NULL || mods->kind != VP_T_SEQ)
		return false;
	for (i = 0; i < mods->n; i++) {
		const char *s = mods->items[i]->kind == VP_T_SCALAR ? mods->items[i]->text : "";

		if (strcmp(s, "q_proj") == 0)
			t->q = true;
		else if (strcmp(s, "k_proj") == 0)
			t->k = true;
		else if (strcmp(s, "v_proj") == 0)
			t->v = true;
		else if (strcmp(s, "output_proj") == 0)
			t->o = true;
		else
			return false;
	}
	return true;
}

/*
 * The identifying key: model._component_ naming a builder of
 * torchtune.models, or, for a recipe config whose model is the user's own,
 * a top-level section whose _component_ is torchtune's beside a recipe's
 * batch_size, dtype or checkpointer (every torchtune recipe config has them:
 * recipes/configs/llama3_2/3B_lora_single_device.yaml).
 */
static const struct vp_tmember *torchtune_key(const struct vp_tnode *root)
{
	const struct vp_tnode *model = map_at(root, "model");
	const struct vp_tmember *comp = model != NULL ? vp_tc_member(model, "_component_") : NULL;
	size_t i;

	if (comp != NULL && comp->value->kind == VP_T_SCALAR && strncmp(comp->value->text, "torchtune.models.", 17) == 0)
		return comp;
	if (vp_tc_member(root, "batch_size") == NULL && vp_tc_member(root, "dtype") == NULL &&
	    vp_tc_member(root, "checkpointer") == NULL)
		return NULL;
	for (i = 0; i < root->n; i++) {
		const struct vp_tnode *v = root->members[i].value;

		comp = v->kind == VP_T_MAP ? vp_tc_member(v, "_component_") : NULL;
		if (comp != NULL && comp->value->kind == VP_T_SCALAR && strncmp(comp->value->text, "torchtune.", 10) == 0)
			return comp;
	}
	return NULL;
}

static int torchtune_error(struct ctx *c, const struct vp_tnode *root, const struct vp_tmember *at)
{
	const struct vp_tnode *model = map_at(root, "model");
	const char *comp = text_at(model, "_component_");
	const char *builder = comp != NULL ? strrchr(comp, '.') : NULL;
	const char *method = NULL, *name = NULL, *s, *multi = NULL;
	const struct vp_tnode *tok = map_at(root, "tokenizer");
	bool phi3 = false, seq_unknown = false, targets_unnamed = false;
	char qkv_remark[224] = "";
	struct cmd k = {.n = 0};
	unsigned long accum;
	char what[128], ph[160];

	if (comp != NULL && strncmp(comp, "torchtune.models.", 17) == 0 && builder != NULL)
		name = tt_model(builder + 1, &method, &phi3);
	if (name != NULL)
		add(&k, " --model %s", name);
	else
		add(&k, " --model M");
	/* estimate needs a batch: a recipe without batch_size does not run
	 * (the recipes read cfg.batch_size), so B is the one it will be given;
	 * accumulation keeps the earlier micro-batches' gradients through the
	 * next forward (--grad-accum) */
	if (count_at(root, "batch_size") > 0)
		add(&k, " --batch %lu", count_at(root, "batch_size"));
	else
		add(&k, " --batch B");
	if ((accum = count_at(root, "gradient_accumulation_steps")) > 1)
		add(&k, " --grad-accum %lu", accum);
	/* the recipes' dtype: the model's parameters and compute, no autocast
	 * (training.get_dtype; torchtune refuses fp16 for training) */
	s = text_at(root, "dtype");
	if (s != NULL && strcmp(s, "bf16") == 0)
		add(&k, " --precision bf16");
	else if (s != NULL && strcmp(s, "fp32") == 0)
		add(&k, " --precision fp32");
	if (method != NULL) {
		struct targets t = {0};

		/* a lora_ builder's quantize_base: True is what qlora_ sets */
		if (strcmp(method, "lora") == 0 && bool_at(model, "quantize_base") == 1)
			method = "qlora";
		add(&k, " --method %s", method);
		if (count_at(model, "lora_rank") > 0)
			add(&k, " --lora-r %lu", count_at(model, "lora_rank"));
		if (dropout_at(model, "lora_dropout") != NULL)
			add(&k, " --lora-dropout %s", dropout_at(model, "lora_dropout"));
		if (bool_at(model, "use_dora") == 1)
			add(&k, " --dora");
		/* apply_lora_to_mlp adapts w1, w2 and w3: transformers' gate_proj,
		 * down_proj and up_proj (torchtune/models/convert_weights.py
		 * _FROM_HF); output_proj is o_proj there */
		if (tt_attn_modules(vp_tc_member(model, "lora_attn_modules") != NULL
					    ? vp_tc_member(model, "lora_attn_modules")->value
					    : NULL,
				    &t)) {
			t.mlp = bool_at(model, "apply_lora_to_mlp") == 1;
			t.head = bool_at(model, "apply_lora_to_output") == 1;
			targets_unnamed = !add_targets(&k, &t, phi3 ? &phi3_names : &llama_names);
			/* torchtune's Phi-3 and Phi-4 keep q_proj, k_proj and
			 * v_proj apart, and w1 and w3 (torchtune/models/phi3/
			 * _convert_weights.py phi3_hf_to_tune splits qkv_proj and
			 * gate_up_proj), each adapted with its own lora_A and
			 * lora_B where PEFT puts one adapter on the fused linear:
			 * at most 2 r x hidden adapter parameters a layer apart
			 * (one part: the fused adapter's 4 r x hidden against 2;
			 * all three: 4 against 6; the MLP's halves: r x hidden) */
			if (phi3 && (t.q || t.k || t.v || t.mlp)) {
				bool qkv = t.q || t.k || t.v;

				snprintf(qkv_remark, sizeof qkv_remark,
					 "; PEFT adapts the fused %s%s%s whole with one lora_A, where torchtune splits "
					 "%s and adapts each part it names (at most 2 r x hidden adapter parameters a "
					 "layer apart)",
					 qkv ? "qkv_proj" : "", qkv && t.mlp ? " and " : "", t.mlp ? "gate_up_proj" : "",
					 qkv && t.mlp ? "them" : "it");
			}
		}
	}
	if (bool_at(root, "enable_activation_checkpointing") == 1)
		add(&k, " --grad-ckpt");
	if (bool_at(root, "enable_activation_offloading") == 1)
		add(&k, " --activation-offload");
	if ((s = tt_optimizer(map_at(root, "optimizer"))) != NULL)
		add(&k, " --optimizer %s", s);
	if (bool_at(root, "optimizer_in_bwd") == 1)
		add(&k, " --optimizer-in-backward");
	if (bool_at(root, "compile") == 1)
		add(&k, " --compile");
	/* both losses run the output projection and cross-entropy chunk by
	 * chunk (torchtune/modules/loss), which --loss chunked models */
	s = text_at(map_at(root, "loss"), "_component_");
	if (s != NULL && (ends_with(s, ".CEWithChunkedOutputLoss") || ends_with(s, ".LinearCrossEntropyLoss")))
		add(&k, " --loss chunked");
	if (bool_at(map_at(root, "dataset"), "packed") == 1)
		add(&k, " --packed");
	/* tokenizer.max_seq_len truncates each sample; null truncates none,
	 * and a padded batch is as long as its longest sample */
	if (count_at(tok, "max_seq_len") > 0)
		add(&k, " --seq-len %lu", count_at(tok, "max_seq_len"));
	else {
		add(&k, " --seq-len N");
		seq_unknown = true;
	}
	/* recipes with more than one model's forward or more than one
	 * sequence a sample, which the command (one model, one language-
	 * modelling loss) does not count, as check refuses TRL's DPO and GRPO
	 * keys: knowledge distillation's teacher_model
	 * (knowledge_distillation_*.py) and the preference and RL losses
	 * (torchtune/rlhf/loss: DPOLoss's chosen and rejected pairs and
	 * reference forward, PPOLoss's policy, value and reward models;
	 * torchtune/dev's GRPO) */
	s = text_at(map_at(root, "loss"), "_component_");
	if (vp_tc_member(root, "teacher_model") != NULL)
		multi = "; teacher_model: the distillation teacher's weights and logits are not counted (an "
			"under-estimate)";
	else if (s != NULL && (strstr(s, "rlhf") != NULL || strstr(s, "DPO") != NULL || strstr(s, "PPO") != NULL ||
			       strstr(s, "GRPO") != NULL || strstr(s, "grpo") != NULL))
		multi = "; its loss is preference or RL training, whose pairs and other models are not counted (an "
			"under-estimate)";
	snprintf(ph, sizeof ph, "%s%s",
		 name == NULL ? "; M: the model's HF id (no catalogue entry for this builder)" : "",
		 count_at(root, "batch_size") == 0 ? "; B: the batch size (the config gives no batch_size)" : "");
	snprintf(what, sizeof what, "a torchtune recipe config (%s: %.64s)",
		 builder != NULL && at->value->text == comp ? "model" : "_component_", at->value->text);
	return refuse(c, at, what,
		      "torchtune's modules are not the transformers ones vramplan models",
		      "LoRA weights in the model dtype, torchao NF4 on LoRA linears only", KNOWN_GAPS,
		      &k, ph, seq_unknown ? "; N: the dataset's longest sample (tokenizer.max_seq_len: null)" : "",
		      multi != NULL     ? multi
		      : targets_unnamed ? "; its LoRA targets have no transformers name: see 'vramplan estimate --help'"
					: qkv_remark);
}

/* ---------------------------------------------------------------- litgpt */

/*
 * litgpt's finetune configs (config_hub/finetune/<model>/{full,lora,qlora}
 * .yaml, read by jsonargparse into finetune/{full,lora}.py setup()):
 * checkpoint_dir checkpoints/<org>/<repo>, the HF id `litgpt download`
 * fetched; precision a Lightning Fabric string; quantize bnb.*; lora_r and
 * the lora_query .. lora_head switches (setup()'s defaults: query and value
 * on, the rest off); train: litgpt/args.py TrainArgs (micro_batch_size,
 * max_seq_length, global_batch_size).
 */
static const struct vp_tmember *litgpt_key(const struct vp_tnode *root)
{
	const struct vp_tmember *cd = vp_tc_member(root, "checkpoint_dir");
	const char *p = text_at(root, "precision");

	if (cd != NULL && map_at(root, "train") != NULL)
		return cd;
	if (vp_tc_member(root, "lora_r") != NULL && p != NULL && (ends_with(p, "-true") || ends_with(p, "-mixed")))
		return vp_tc_member(root, "precision");
	return NULL;
}

/* n bytes at s are a Hub org or repo name (validate_repo_id's characters
 * and length) */
static bool hub_name(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > 96)
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '-' || s[i] == '_' || s[i] == '.'))
			return false;
	return true;
}

/*
 * The transformers names of what litgpt's switches adapt, by checkpoint
 * (litgpt/lora.py: CausalSelfAttention.attn, the fused LoRAQKVLinear that
 * lora_query, lora_key and lora_value enable in parts; .proj, the output
 * projection, lora_projection; the block's mlp_class, lora_mlp; GPT.lm_head,
 * lora_head). Config's mlp_class_name defaults to GptNeoxMLP (litgpt/
 * config.py), fc and proj, which the Pythia, RedPajama-INCITE, Dolly v2,
 * StableLM/StableCode alpha, Falcon (7B, 40B, 180B) and phi-1.5/phi-2
 * entries keep: an MLP of two linears, transformers' dense_h_to_4h and
 * dense_4h_to_h (GPTNeoXMLP, FalconMLP) or fc1 and fc2 (PhiMLP), beside
 * the attention's dense. GPT-NeoX and Falcon fuse q, k and v in
 * transformers too (query_key_value), Phi does not (q_proj, k_proj,
 * v_proj). Mixtral's LLaMAMoE adapts its router (gate) and every expert's
 * fc_1, fc_2 and proj: transformers' block_sparse_moe.gate and experts' w1,
 * w3, w2; Qwen3's MoE entries (Qwen3-30B-A3B, Qwen3-235B-A22B and their
 * -Base, -Instruct-2507 and -Thinking-2507) are LLaMAMoE too, whose router
 * is transformers' mlp.gate beside the experts' gate_proj, up_proj and
 * down_proj (Qwen3MoeSparseMoeBlock), and litgpt/lora.py's LLaMAMoE makes
 * that gate a LoRALinear of rank lora_r under lora_mlp, as Mixtral's.
 * Until 2026-12-02 those got Llama's names, which leave the router's
 * adapter out. The other entries set LLaMAMLP or GemmaMLP: Llama's names
 * (Falcon3 is transformers' llama). Until 2026-12-02 every checkpoint but
 * Phi-3's got Llama's, which name nothing on GPT-NeoX and Falcon (estimate
 * refused the command) and on phi-2 left out dense, fc1 and fc2.
 */
static const struct naming *litgpt_naming(const char *repo)
{
	static const struct naming neox = {"query_key_value", "dense", "dense_h_to_4h,dense_4h_to_h", "embed_out"};
	static const struct naming falcon = {"query_key_value", "dense", "dense_h_to_4h,dense_4h_to_h", "lm_head"};
	static const struct naming phi = {NULL, "dense", "fc1,fc2", "lm_head"};
	static const struct naming mixtral = {NULL, "o_proj", "gate,w1,w2,w3", "lm_head"};
	static const struct naming qwen3_moe = {NULL, "o_proj", "gate,gate_proj,down_proj,up_proj", "lm_head"};
	/* by the repo's name, whatever its org (a fine-tune keeps it) */
	static const struct {
		const char *prefix;
		const struct naming *nm;
	} families[] = {
		{"pythia-", &neox},
		{"RedPajama-INCITE-", &neox},
		{"dolly-v2-", &neox},
		{"stablelm-base-alpha-", &neox},
		{"stablelm-tuned-alpha-", &neox},
		{"stablecode-completion-alpha-", &neox},
		{"stablecode-instruct-alpha-", &neox},
		{"falcon-", &falcon},
		{"phi-1", &phi},
		{"phi-2", &phi},
		{"phi-3", &phi3_names},
		{"phi-4", &phi3_names},
		{"Mixtral-", &mixtral},
		{"Qwen3-30B-A3B", &qwen3_moe},
		{"Qwen3-235B-A22B", &qwen3_moe},
	};

	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
		if (strncasecmp(repo, families[i].prefix, strlen(families[i].prefix)) == 0)
			return families[i].nm;
	return &llama_names;
}

/*
 * litgpt's optimizer: under a bitsandbytes quantization bnb.optim.PagedAdamW
 * for the AdamW it names (litgpt/utils.py instantiate_bnb_optimizer, which
 * refuses another); else `optimizer` (a class name, a dotted path or a
 * class_path with init_args; setup()'s default "AdamW"), which
 * instantiate_torch_optimizer builds with no fused argument in the finetune
 * scripts, so torch.optim.AdamW takes its foreach path on CUDA (adamw, not
 * the estimate's default adamw-fused). Another is left out.
 */
static const char *litgpt_optimizer(const struct vp_tnode *root, bool bnb)
{
	const struct vp_tmember *m = vp_tc_member(root, "optimizer");
	const struct vp_tnode *args = NULL;
	const char *name, *mom;

	if (m == NULL)
		name = "AdamW";
	else if (m->value->kind == VP_T_SCALAR)
		name = m->value->text;
	else {
		name = text_at(m->value, "class_path");
		args = map_at(m->value, "init_args");
	}
	if (name == NULL)
		return NULL;
	if (bnb)
		return strstr(name, "AdamW") != NULL ? "paged-adamw" : NULL;
	if (strcmp(name, "AdamW") == 0 || strcmp(name, "torch.optim.AdamW") == 0)
		return "adamw";
	if (strcmp(name, "SGD") == 0 || strcmp(name, "torch.optim.SGD") == 0) {
		mom = text_at(args, "momentum");
		return mom == NULL || strtod(mom, NULL) == 0.0 ? "sgd" : "sgd-momentum";
	}
	return NULL;
}

static int litgpt_error(struct ctx *c, const struct vp_tnode *root, const struct vp_tmember *at)
{
	/* devices and num_nodes: setup()'s 1 and 1; "auto" or a list of
	 * indices is no count (0) */
	unsigned long dev = vp_tc_member(root, "devices") == NULL ? 1 : count_at(root, "devices");
	unsigned long nodes = vp_tc_member(root, "num_nodes") == NULL ? 1 : count_at(root, "num_nodes");
	const struct vp_tnode *train = map_at(root, "train");
	const char *cd = text_at(root, "checkpoint_dir");
	const char *p = text_at(root, "precision");
	const char *q = text_at(root, "quantize");
	const char *quant = NULL, *repo = NULL, *s;
	bool lora = vp_tc_member(root, "lora_r") != NULL, seq_unknown = false;
	const struct naming *nm = &llama_names;
	bool bnb, adapter;
	unsigned long micro;
	char ph[128], remark[256] = "";
	struct cmd k = {.n = 0};
	char what[128];

	/* the HF id is the directory's last two parts (litgpt download
	 * saves to checkpoints/<org>/<repo>), each a Hub name: up to 96 of
	 * letters, digits, '-', '_' and '.' (huggingface_hub
	 * utils/_validators.py validate_repo_id); another is no id to give,
	 * and a part cut short would name another model; over 96 in all (no
	 * model on the Hub that vramplan knows of) it is M too, which keeps
	 * the longest message within its 767 bytes */
	if (cd != NULL) {
		const char *e = cd + strlen(cd);

		while (e > cd && e[-1] == '/')
			e--;
		for (repo = e; repo > cd && repo[-1] != '/';)
			repo--;
		if (repo > cd && repo < e) {
			const char *org = repo - 1;

			while (org > cd && org[-1] != '/')
				org--;
			if (org < repo - 1 && e - org <= 96 && hub_name(org, (size_t)(repo - 1 - org)) &&
			    hub_name(repo, (size_t)(e - repo))) {
				add(&k, " --model %.*s", (int)(e - org), org);
				nm = litgpt_naming(repo);
			} else
				repo = NULL;
		} else
			repo = NULL;
	}
	if (repo == NULL)
		add(&k, " --model M");
	/* unset, micro_batch_size is setup()'s TrainArgs default, which
	 * differs by script and release: B. Accumulation is
	 * global_batch_size // (devices * num_nodes) // micro_batch_size
	 * (litgpt/args.py TrainArgs.gradient_accumulation_iters), each rank's */
	if ((micro = count_at(train, "micro_batch_size")) > 0) {
		unsigned long accum =
			dev > 0 && nodes > 0 ? count_at(train, "global_batch_size") / dev / nodes / micro : 0;

		add(&k, " --batch %lu", micro);
		if (accum > 1)
			add(&k, " --grad-accum %lu", accum);
	} else
		add(&k, " --batch B");
	/* Lightning Fabric's precision plugins: -true casts the model, -mixed
	 * runs autocast over fp32 weights */
	if (p != NULL && strcmp(p, "bf16-true") == 0)
		add(&k, " --precision bf16");
	else if (p != NULL && strcmp(p, "16-true") == 0)
		add(&k, " --precision fp16");
	else if (p != NULL && strcmp(p, "bf16-mixed") == 0)
		add(&k, " --precision amp-bf16");
	else if (p != NULL && strcmp(p, "16-mixed") == 0)
		add(&k, " --precision amp-fp16");
	else if (p != NULL && strcmp(p, "32-true") == 0)
		add(&k, " --precision fp32");
	/* quantize: setup()'s Literal["bnb.nf4", "bnb.nf4-dq", "bnb.fp4",
	 * "bnb.fp4-dq", "bnb.int8-training"], each a mode of Lightning's
	 * BitsandbytesPrecision (lightning/fabric/plugins/precision/
	 * bitsandbytes.py): int8-training is bitsandbytes' Linear8bitLt with
	 * its default has_fp16_weights=True, which keeps the 16-bit weights
	 * (no --quant; "int8", the int8 weights, is generation's only), and
	 * the fp4 ones have no flag */
	if (q != NULL && strcmp(q, "bnb.nf4") == 0)
		quant = "nf4";
	else if (q != NULL && strcmp(q, "bnb.nf4-dq") == 0)
		quant = "nf4-dq";
	bnb = q != NULL && (quant != NULL || strcmp(q, "bnb.fp4") == 0 || strcmp(q, "bnb.fp4-dq") == 0 ||
			    strcmp(q, "bnb.int8-training") == 0);
	/* finetune/adapter.py and adapter_v2.py take quantize, full.py does
	 * not (jsonargparse refuses a key setup() lacks): quantize without
	 * lora_r is an adapter config, whose adaption prompts vramplan does
	 * not model, so the full fine-tune's command over-estimates it */
	adapter = !lora && vp_tc_member(root, "quantize") != NULL;
	if (lora) {
		struct targets t;
		int b;

		add(&k, " --method %s", quant != NULL && strncmp(quant, "nf4", 3) == 0 ? "qlora" : "lora");
		if (quant != NULL)
			add(&k, " --quant %s", quant);
		if (count_at(root, "lora_r") > 0)
			add(&k, " --lora-r %lu", count_at(root, "lora_r"));
		if (dropout_at(root, "lora_dropout") != NULL)
			add(&k, " --lora-dropout %s", dropout_at(root, "lora_dropout"));
		t.q = (b = bool_at(root, "lora_query")) < 0 || b == 1;
		t.k = bool_at(root, "lora_key") == 1;
		t.v = (b = bool_at(root, "lora_value")) < 0 || b == 1;
		t.o = bool_at(root, "lora_projection") == 1;
		t.mlp = bool_at(root, "lora_mlp") == 1;
		t.head = bool_at(root, "lora_head") == 1;
		add_targets(&k, &t, nm);
		/* LoRAQKVLinear: lora_A r x (parts x in), lora_B the parts'
		 * widths x r; PEFT's adapter on the whole fused linear, r x in
		 * and its whole width x r. Apart by (parts - 1) x r x in less
		 * the left-out parts' r x width, at most 2 r x hidden a layer
		 * (every part's width is within the hidden size here).
		 * litgpt's Phi-3 and Phi-4 run LLaMAMLP, fc_1 and fc_2 apart
		 * (litgpt/scripts/convert_hf_checkpoint.py copy_weights_phi:
		 * gate_up_proj's weight.chunk(2, dim=0)), each with its
		 * lora_A: r x hidden more adapter parameters a layer than
		 * PEFT's one on the fused gate_up_proj */
		bool qkv = nm->qkv != NULL && (t.q || t.k || t.v), mlp = nm == &phi3_names && t.mlp;
		static const char *const parts[] = {"", "v", "k", "k and v", "q", "q and v", "q and k", "q, k and v"};
		const char *named = parts[(t.q ? 4 : 0) + (t.k ? 2 : 0) + (t.v ? 1 : 0)];
		bool all = t.q && t.k && t.v;

		if (qkv && mlp)
			snprintf(remark, sizeof remark,
				 "; the fused %s and gate_up_proj are adapted whole with one lora_A each, where litgpt "
				 "adapts %s%s apart and fc_1 and fc_2 apart (at most 3 r x hidden adapter parameters a "
				 "layer apart)",
				 nm->qkv, all ? "" : "only ", named);
		else if (qkv)
			snprintf(remark, sizeof remark,
				 "; the fused %s is adapted whole with one lora_A, where litgpt's LoRAQKVLinear %s "
				 "%s part%s with one each (at most 2 r x hidden adapter parameters a layer apart)",
				 nm->qkv, all ? "adapts its" : "adapts only its", named,
				 t.q + t.k + t.v > 1 ? "s" : "");
		else if (mlp)
			snprintf(remark, sizeof remark,
				 "; the fused gate_up_proj is adapted whole with one lora_A, where litgpt splits it into "
				 "fc_1 and fc_2 with one each (r x hidden adapter parameters a layer apart)");
	}
	if ((s = litgpt_optimizer(root, bnb)) != NULL)
		add(&k, " --optimizer %s", s);
	/* more than one device: finetune/lora.py, adapter.py and full.py
	 * switch to FSDPStrategy(auto_wrap_policy={Block},
	 * activation_checkpointing_policy={Block}), so every block is sharded
	 * and checkpointed (one device: SingleDeviceStrategy, neither) */
	if (gpu_count(dev, nodes) > 1)
		add(&k, " --gpus %lu --fsdp --grad-ckpt", gpu_count(dev, nodes));
	if (count_at(train, "max_seq_length") > 0)
		add(&k, " --seq-len %lu", count_at(train, "max_seq_length"));
	else {
		add(&k, " --seq-len N");
		seq_unknown = true;
	}
	/* finetune/lora.py and adapter.py: model(input_ids,
	 * lm_head_chunk_size=128) and chunked_cross_entropy (litgpt/utils.py);
	 * full.py runs model(input_ids), the head whole, and chunks only the
	 * cross-entropy (chunk_size=0, none, in its first releases): the
	 * standard loss */
	if (lora || adapter)
		add(&k, " --loss chunked");
	snprintf(ph, sizeof ph, "%s%s", repo == NULL ? "; M: the model's HF id" : "",
		 micro == 0 ? "; B: train.micro_batch_size (unset: the script's default)" : "");
	snprintf(what, sizeof what, "a litgpt finetune config (%s: %.64s)", at->key,
		 at->value->kind == VP_T_SCALAR ? at->value->text : "");
	return refuse(c, at, what,
		      "litgpt's modules are not the transformers ones vramplan models",
		      "LoRA weights in the model dtype, a fused q/k/v projection", KNOWN_GAPS,
		      &k, ph, seq_unknown ? "; N: the dataset's longest sample (train.max_seq_length: null)" : "",
		      adapter ? "; quantize without lora_r is litgpt's finetune_adapter, whose adapter vramplan "
				"does not model: this full fine-tune over-estimates it"
			      : remark);
}

/* ------------------------------------------------------------- Lightning */

/*
 * A LightningCLI config (lightning/pytorch/cli.py LightningCLI: top-level
 * `trainer`, `model` and `data`, each the init arguments of the Trainer,
 * the LightningModule and the LightningDataModule), as `vramplan plan
 * --profile lightning` prints one. The Trainer's keys say the precision,
 * the devices and the strategy, but the LightningModule's code decides
 * what trains (the model, adapters, optimizer, checkpointing), so check,
 * which reads trainer configs, does not read it; read as TrainingArguments
 * it was checked at TrainingArguments' defaults (batch 8, fp32) with
 * `trainer` and `data` ignored, a verdict about another run, until
 * 2026-12-01. Recognised by a `trainer` mapping with a key of Lightning's
 * Trainer.__init__ (lightning/pytorch/trainer/trainer.py) among
 * LightningCLI's top-level keys alone, and no key of a trainer config
 * check reads (per_device_train_batch_size, bf16, micro_batch_size...; of
 * Trainer.__init__'s names only axolotl's `plugins` is among them): a
 * Hydra-style file of TrainingArguments in a `trainer:` section, which can
 * share a name with Lightning's (max_steps), is a TrainingArguments config
 * nested, and gets the error that says to merge the section (until the
 * review of 2026-12-01 it was called a LightningCLI config, and the command
 * said fp32 and batch B for a section that said bf16 and its batch).
 */
static const struct vp_tmember *lightning_key(const struct vp_tnode *root)
{
	static const char *const trainer_keys[] = {
		"accumulate_grad_batches", "precision", "devices", "strategy", "accelerator", "num_nodes",
		"max_epochs", "max_steps", "val_check_interval", "check_val_every_n_epoch", "gradient_clip_val",
		"limit_val_batches", "callbacks", "logger", NULL};
	/* LightningCLI's own top-level keys (its subcommands' parser:
	 * seed_everything, trainer, model, data, optimizer, lr_scheduler,
	 * ckpt_path) and vramplan's block: a TrainingArguments config with a
	 * stray `trainer:` mapping has keys of its own, and is read as one */
	static const char *const cli_keys[] = {"seed_everything", "trainer", "model", "data", "optimizer",
					       "lr_scheduler", "ckpt_path", "vramplan", NULL};
	const struct vp_tmember *t = vp_tc_member(root, "trainer");

	if (t == NULL || t->value->kind != VP_T_MAP)
		return NULL;
	for (size_t i = 0; i < root->n; i++) {
		const char *const *k = cli_keys;

		while (*k != NULL && strcmp(*k, root->members[i].key) != 0)
			k++;
		if (*k == NULL)
			return NULL;
	}
	for (size_t i = 0; i < t->value->n; i++) {
		const char *key = t->value->members[i].key;
		enum vp_tc_flavour f[] = {VP_TC_HF, VP_TC_AXOLOTL, VP_TC_LLAMAFACTORY};

		for (size_t j = 0; j < sizeof f / sizeof f[0] && strcmp(key, "plugins") != 0; j++) {
			size_t n;
			const struct keydef *keys = vp_tc_flavour_keys(f[j], &n);

			if (vp_tc_find_key(keys, n, key) != NULL)
				return NULL;
		}
	}
	for (const char *const *k = trainer_keys; *k != NULL; k++)
		if (vp_tc_member(t->value, *k) != NULL)
			return t;
	return NULL;
}

/* A section's init arguments: LightningCLI takes them bare or, where the
 * section names its class, under init_args (jsonargparse's class_path) */
static const struct vp_tnode *init_args(const struct vp_tnode *root, const char *section)
{
	const struct vp_tnode *s = map_at(root, section);
	const struct vp_tnode *a = map_at(s, "init_args");

	return a != NULL ? a : s;
}

static unsigned long first_count(const struct vp_tnode *map, const char *const *names)
{
	for (const char *const *n = names; *n != NULL; n++)
		if (count_at(map, *n) > 0)
			return count_at(map, *n);
	return 0;
}

/*
 * The Trainer's strategy as flags: a name of DeepSpeedStrategy's or
 * FSDPStrategy's register_strategies (lightning/pytorch/strategies/
 * deepspeed.py, fsdp.py), or a class_path naming either with its
 * init_args. Plain "deepspeed" is the class's defaults, stage 2 without
 * offload (__init__: stage=2); "_offload" offloads the optimizer, and at
 * stage 3 the parameters too; offload_parameters acts at stage 3 alone
 * ("When using ZeRO Stage 3"). What vramplan does not model is said in
 * *gap, the estimate going without it: NVMe offload (ZeRO-Infinity), FSDP's
 * CPU offload; a DeepSpeed config of its own, which replaces every default,
 * or a stage that is no digit, is the placeholder Z. Until the review of 2026-12-01 "deepspeed", the NVMe name and a
 * class_path strategy gave no flag, an estimate without ZeRO, unsaid.
 */
static void lightning_strategy(const struct vp_tnode *tr, struct cmd *k, const char **gap)
{
	const char *name = text_at(tr, "strategy"), *cls = text_at(map_at(tr, "strategy"), "class_path");
	const struct vp_tnode *a = map_at(map_at(tr, "strategy"), "init_args");
	char stage = '\0';
	bool opt = false, param = false, nvme = false;

	*gap = NULL;
	if (cls != NULL && strrchr(cls, '.') != NULL)
		cls = strrchr(cls, '.') + 1;
	if (name != NULL && strcmp(name, "deepspeed") == 0) {
		stage = '2';
	} else if (name != NULL && strncmp(name, "deepspeed_stage_", 16) == 0 && name[16] >= '1' && name[16] <= '3' &&
		   (name[17] == '\0' || strcmp(name + 17, "_offload") == 0 ||
		    (name[16] == '3' && strcmp(name + 17, "_offload_nvme") == 0))) {
		stage = name[16];
		opt = param = name[17] != '\0';
		nvme = name[17] != '\0' && name[25] != '\0';
	} else if (cls != NULL && strcmp(cls, "DeepSpeedStrategy") == 0) {
		const char *st = text_at(a, "stage"), *od = text_at(a, "offload_optimizer_device"),
			   *pd = text_at(a, "offload_params_device");

		stage = st == NULL ? '2' : strlen(st) == 1 && st[0] >= '0' && st[0] <= '3' ? st[0] : 'Z';
		opt = bool_at(a, "offload_optimizer") == 1;
		param = bool_at(a, "offload_parameters") == 1;
		nvme = (opt && od != NULL && strcmp(od, "nvme") == 0) ||
		       (param && pd != NULL && strcmp(pd, "nvme") == 0);
		/* a config replaces every default ("All defaults will be
		 * ignored if a config is passed in"): its stage is unknown */
		if (vp_tc_member(a, "config") != NULL && vp_tc_member(a, "config")->value->kind != VP_T_NULL)
			stage = 'C';
	} else if ((name != NULL && strncmp(name, "fsdp", 4) == 0) ||
		   (cls != NULL && strcmp(cls, "FSDPStrategy") == 0)) {
		add(k, " --fsdp");
		if ((name != NULL && strcmp(name, "fsdp_cpu_offload") == 0) || bool_at(a, "cpu_offload") == 1)
			*gap = "; FSDP's CPU offload is not modelled: the estimate keeps it all on the GPU";
		return;
	}
	if (stage == '\0' || stage == '0')
		return;
	if (stage == 'Z' || stage == 'C') {
		add(k, " --zero Z");
		*gap = stage == 'Z' ? "; Z: the strategy's ZeRO stage"
				    : "; Z: the ZeRO stage of its DeepSpeed config (init_args.config), with its offload";
		return;
	}
	add(k, " --zero %c", stage);
	if (nvme)
		*gap = "; its NVMe offload (ZeRO-Infinity) is not modelled: the estimate keeps that part on the GPU";
	else if (opt)
		add(k, stage == '3' && param ? " --offload-optimizer cpu --offload-param cpu"
					     : " --offload-optimizer cpu");
	else if (param && stage == '3')
		add(k, " --offload-param cpu");
}

/*
 * The attention kernel, where the file says it: the module's init argument
 * attn_implementation, as from_pretrained takes it and check reads that key
 * in a trainer config (tc_keys.c k_attn_impl: flash_attention_3 runs as
 * flash2), else the vramplan: block's attn. A value of neither (a Hub
 * kernel, flex_attention, a typo) adds nothing: the estimate's default,
 * transformers' own. Until 2026-12-01 the command never carried --attn, and
 * a module that loads flash_attention_2 was estimated at SDPA's padded mask.
 */
static void lightning_attn(const struct vp_tnode *model, const struct vp_tnode *block, struct cmd *k)
{
	const char *impl = text_at(model, "attn_implementation"), *said = text_at(block, "attn");
	const char *name = NULL;
	enum vp_attn a;
	struct vp_error scratch;

	if (impl != NULL && (strcmp(impl, "eager") == 0 || strcmp(impl, "sdpa") == 0))
		name = impl;
	else if (impl != NULL && (strcmp(impl, "flash_attention_2") == 0 || strcmp(impl, "flash_attention_3") == 0))
		name = "flash2";
	else if (impl == NULL && said != NULL && vp_attn_parse(said, &a, &scratch) == 0)
		name = vp_attn_name(a);
	if (name != NULL)
		add(k, " --attn %s", name);
}

static int lightning_error(struct ctx *c, const struct vp_tnode *root, const struct vp_tmember *at)
{
	static const char *const model_names[] = {"model_name_or_path", "pretrained_model_name_or_path", "model_name",
						  NULL};
	static const char *const batch_names[] = {"batch_size", "train_batch_size", NULL};
	static const char *const eval_names[] = {"eval_batch_size", "val_batch_size", NULL};
	static const char *const len_names[] = {"max_seq_length", "max_length", "max_source_length", "seq_len",
						NULL};
	const struct vp_tnode *tr = at->value, *data = init_args(root, "data"), *model = init_args(root, "model");
	const struct vp_tnode *block = map_at(root, "vramplan");
	const char *p = text_at(tr, "precision"), *name = NULL, *gap, *pgap = "";
	const struct vp_tmember *devices = vp_tc_member(tr, "devices");
	/* devices and num_nodes: the Trainer's "auto" (every visible GPU)
	 * and 1; "auto" or -1 is no count here (0); a list of indices is
	 * that many GPUs (lightning/fabric/utilities/device_parser.py
	 * _parse_gpu_ids: the list itself) */
	unsigned long dev = devices == NULL ? 0 : count_at(tr, "devices");
	unsigned long nodes = vp_tc_member(tr, "num_nodes") == NULL ? 1 : count_at(tr, "num_nodes");
	unsigned long batch = first_count(data, batch_names), eval = first_count(data, eval_names);
	unsigned long len = first_count(data, len_names), accum = count_at(tr, "accumulate_grad_batches");
	struct cmd k = {.n = 0};
	char ph[512], remark[96] = "";

	if (devices != NULL && devices->value->kind == VP_T_SEQ && devices->value->n <= 10000000)
		dev = (unsigned long)devices->value->n;

	/* check's --model stands for the config's model, as it does for a
	 * trainer config ("instead of the config's model_name_or_path"); until
	 * 2026-12-01 the command said M beside it */
	name = c->model;
	for (const char *const *n = model_names; name == NULL && *n != NULL; n++)
		name = text_at(model, *n);
	/* what the module and the DataModule do not say, the file's vramplan:
	 * block may (docs/check.md "The vramplan: block") */
	if (name == NULL)
		name = text_at(block, "model");
	if (len == 0)
		len = count_at(block, "seq_len");
	if (shell_word(name))
		add(&k, " --model %s", name);
	else {
		add(&k, " --model M");
		name = NULL;
	}
	if (batch > 0)
		add(&k, " --batch %lu", batch);
	else
		add(&k, " --batch B");
	if (accum > 1)
		add(&k, " --grad-accum %lu", accum);
	/* the Trainer's precision (lightning/fabric/connector.py
	 * _convert_precision_to_unified_args: 16 is "16-mixed", "bf16"
	 * "bf16-mixed", 32 "32-true"); unset, "32-true", fp32 weights without
	 * autocast, which is not the estimate's default */
	if (p == NULL || strcmp(p, "32-true") == 0 || strcmp(p, "32") == 0)
		add(&k, " --precision fp32");
	else if (strcmp(p, "bf16-mixed") == 0 || strcmp(p, "bf16") == 0)
		add(&k, " --precision amp-bf16");
	else if (strcmp(p, "16-mixed") == 0 || strcmp(p, "16") == 0)
		add(&k, " --precision amp-fp16");
	else if (strcmp(p, "bf16-true") == 0)
		add(&k, " --precision bf16");
	else if (strcmp(p, "16-true") == 0)
		add(&k, " --precision fp16");
	/* the rest of the Trainer's _PRECISION_INPUT has no --precision:
	 * "64-true" is DoublePrecision (fp64 weights, activations and
	 * states), "transformer-engine" and "transformer-engine-float16"
	 * TransformerEnginePrecision (weights_dtype bf16 and fp16, Transformer
	 * Engine's layers under fp8_autocast; lightning/fabric/connector.py
	 * _check_and_init_precision). Until 2026-12-01 the command went
	 * without a --precision, unsaid. */
	else if (strcmp(p, "64-true") == 0 || strcmp(p, "64") == 0)
		pgap = "; precision 64-true (fp64 weights and activations) is not modelled, and no --precision says it";
	else if (strcmp(p, "transformer-engine") == 0)
		pgap = "; precision transformer-engine (FP8 through Transformer Engine, bf16 weights) is not modelled, "
		       "and no --precision says it";
	else if (strcmp(p, "transformer-engine-float16") == 0)
		pgap = "; precision transformer-engine-float16 (FP8 through Transformer Engine, fp16 weights) is not "
		       "modelled, and no --precision says it";
	else
		pgap = "; its precision is none of the Trainer's, and no --precision says it";
	if (gpu_count(dev, nodes) > 1)
		add(&k, " --gpus %lu", gpu_count(dev, nodes));
	lightning_attn(model, block, &k);
	lightning_strategy(tr, &k, &gap);
	if (len > 0)
		add(&k, " --seq-len %lu", len);
	else
		add(&k, " --seq-len N");
	if (count_at(block, "target_len") > 0)
		add(&k, " --target-len %lu", count_at(block, "target_len"));
	snprintf(ph, sizeof ph, "%s%s%s%s%s%s", name == NULL ? "; M: the model's HF id" : "",
		 batch == 0 ? "; B: the DataModule's batch size" : "", len == 0 ? "; N: the length it pads to" : "",
		 gpu_count(dev, nodes) == 0 ? "; --gpus: the devices the Trainer takes" : "", pgap,
		 gap != NULL ? gap : "");
	if (eval > 0)
		snprintf(remark, sizeof remark, "; its evaluation: the same with --batch %lu --use-cache", eval);
	return refuse(c, at, "a LightningCLI config (trainer:, data:)",
		      "the LightningModule's code decides what trains",
		      "its model, adapters, optimizer and checkpointing are not keys; --method, --optimizer and "
		      "--grad-ckpt say them",
		      "docs/check.md \"LightningCLI configs\"", &k, ph, "", remark);
}

/* ------------------------------------------------------------ W&B sweeps */

/*
 * A W&B sweep configuration (docs.wandb.ai, "Sweep configuration keys":
 * top-level `method` grid, random or bayes, and `parameters`, each a
 * mapping of `value`, `values`, or `min`/`max` with a distribution) is a
 * search space, from which each run takes one value of each parameter: no
 * single run's config. Read as TrainingArguments it was "no model", or,
 * with --model, the defaults at batch 8 with every parameter ignored. The
 * largest whole number a parameter can take (values, value, max), or 0.
 */
static unsigned long sweep_largest_at(const struct vp_tnode *params, const char *const *names)
{
	unsigned long best = 0;

	for (const char *const *name = names; *name != NULL; name++) {
		const struct vp_tnode *p = map_at(params, *name);
		const struct vp_tmember *vs = p != NULL ? vp_tc_member(p, "values") : NULL;
		unsigned long v;

		if ((v = count_at(p, "value")) > best)
			best = v;
		if ((v = count_at(p, "max")) > best)
			best = v;
		for (size_t i = 0; vs != NULL && vs->value->kind == VP_T_SEQ && i < vs->value->n; i++) {
			const struct vp_tnode *x = vs->value->items[i];
			char *end;

			if (x != NULL && x->kind == VP_T_SCALAR && !x->quoted && x->text[0] >= '0' && x->text[0] <= '9' &&
			    strlen(x->text) <= 8 && (v = strtoul(x->text, &end, 10)) > best && *end == '\0' &&
			    v <= 10000000UL)
				best = v;
		}
	}
	return best;
}

/* The model a sweep pins (one `value`, or a one-item `values`), or NULL. */
static const char *sweep_model(const struct vp_tnode *params)
{
	static const char *const names[] = {"model_name_or_path", "base_model", "model_name", "model", NULL};

	for (const char *const *name = names; *name != NULL; name++) {
		const struct vp_tnode *p = map_at(params, *name);
		const struct vp_tmember *vs = p != NULL ? vp_tc_member(p, "values") : NULL;

		if (text_at(p, "value") != NULL)
			return text_at(p, "value");
		if (vs != NULL && vs->value->kind == VP_T_SEQ && vs->value->n == 1 && vs->value->items[0] != NULL &&
		    vs->value->items[0]->kind == VP_T_SCALAR && vs->value->items[0]->text[0] != '\0')
			return vs->value->items[0]->text;
	}
	return NULL;
}

static const struct vp_tmember *sweep_key(const struct vp_tnode *root)
{
	const struct vp_tmember *method = vp_tc_member(root, "method");
	const char *m = method != NULL && method->value->kind == VP_T_SCALAR ? method->value->text : NULL;

	if (m == NULL || map_at(root, "parameters") == NULL ||
	    (strcmp(m, "grid") != 0 && strcmp(m, "random") != 0 && strcmp(m, "bayes") != 0))
		return NULL;
	return method;
}

static int sweep_error(struct ctx *c, const struct vp_tnode *root, const struct vp_tmember *at)
{
	static const char *const batch_names[] = {"per_device_train_batch_size", "micro_batch_size", "batch_size",
						  "train_batch_size", NULL};
	static const char *const len_names[] = {"max_seq_length", "max_length", "max_source_length", "sequence_len",
						"max_seq_len", "cutoff_len", "seq_len", NULL};
	const struct vp_tnode *params = map_at(root, "parameters");
	/* check's --model stands for the sweep's (lightning_error) */
	const char *model = c->model != NULL ? c->model : sweep_model(params);
	unsigned long batch = sweep_largest_at(params, batch_names), len = sweep_largest_at(params, len_names);
	struct cmd k = {.n = 0};

	add(&k, "vramplan estimate --gpu G --model ");
	if (shell_word(model))
		add(&k, "%s", model);
	else
		add(&k, "M");
	if (batch > 0)
		add(&k, " --batch %lu", batch);
	else
		add(&k, " --batch B");
	if (len > 0)
		add(&k, " --seq-len %lu", len);
	return vp_tc_fail_at(c, at->line, at->column,
			     "a W&B sweep configuration (method: %.8s, parameters): each run takes one value of each "
			     "parameter, and vramplan check reads one run's trainer config, not a search space; the run "
			     "that needs the most memory takes the largest sizes: %s%s (G: your GPU%s%s; the sweep's other "
			     "parameters as flags, 'vramplan estimate --help')",
			     at->value->text, k.s, len > 0 ? "" : " --seq-len N",
			     shell_word(model) ? "" : ", M: the model", batch > 0 ? "" : ", B: the batch");
}

/* ------------------------------------------------- a model's config.json */

/*
 * A Hugging Face model's config.json (PretrainedConfig.to_json_file: its
 * `model_type`, `vocab_size` and `architectures` or a width key) is the
 * model, which --model takes, not a training config. Read as
 * TrainingArguments it asked for a model, and given one was checked at the
 * defaults (batch 8) with its shape keys ignored, `num_heads` taken for a
 * misspelt `num_beams` and its `use_cache` counted (until 2026-12-01;
 * tests/cli/check/model-config-as-training-config.sh). A trainer's batch
 * key beside them keeps the file a training config.
 */
static const struct vp_tmember *model_config_key(const struct vp_tnode *root)
{
	static const char *const width[] = {"hidden_size", "d_model", "n_embd", NULL};
	static const char *const batch[] = {"per_device_train_batch_size", "micro_batch_size",
					    "train_micro_batch_size_per_gpu", "train_batch_size", NULL};
	const struct vp_tmember *type = vp_tc_member(root, "model_type");
	const struct vp_tmember *arch = vp_tc_member(root, "architectures");
	bool shaped = arch != NULL && arch->value->kind == VP_T_SEQ;

	if (type == NULL || type->value->kind != VP_T_SCALAR || type->value->text[0] == '\0' ||
	    text_at(root, "vocab_size") == NULL)
		return NULL;
	for (const char *const *w = width; *w != NULL && !shaped; w++)
		shaped = text_at(root, *w) != NULL;
	for (const char *const *b = batch; *b != NULL; b++)
		if (vp_tc_member(root, *b) != NULL)
			return NULL;
	return shaped ? type : NULL;
}

static int model_config_error(struct ctx *c, const struct vp_tmember *at)
{
	return vp_tc_fail_at(c, at->line, at->column,
			     "a model's config.json (model_type: %.40s), not a training config: check reads the "
			     "trainer's config (TrainingArguments, axolotl, LLaMA-Factory, DeepSpeed) and takes this "
			     "file as its model: vramplan check TRAIN_CONFIG --model %s, or plan with vramplan --model "
			     "%s --gpu G",
			     at->value->text, shell_word(c->file) ? c->file : "CONFIG_JSON",
			     shell_word(c->file) ? c->file : "CONFIG_JSON");
}

int vp_tc_foreign_config(struct ctx *c, const struct vp_tnode *root)
{
	const struct vp_tmember *at;

	/* a trainer config names its model so; these two never do */
	if (root->kind != VP_T_MAP || vp_tc_member(root, "model_name_or_path") != NULL ||
	    vp_tc_member(root, "base_model") != NULL)
		return 0;
	if ((at = torchtune_key(root)) != NULL)
		return torchtune_error(c, root, at);
	if ((at = litgpt_key(root)) != NULL)
		return litgpt_error(c, root, at);
	if ((at = sweep_key(root)) != NULL)
		return sweep_error(c, root, at);
	if ((at = lightning_key(root)) != NULL)
		return lightning_error(c, root, at);
	if ((at = model_config_key(root)) != NULL)
		return model_config_error(c, at);
	return 0;
}
