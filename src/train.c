#define _POSIX_C_SOURCE 200809L /* strcasecmp */
#include "vramplan/train.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "vramplan/utf8.h"

/*
 * Each enum has one table of names, indexed by the enum value, so that
 * parse and name cannot disagree. The names are the ground-truth schema's
 * (../shared/groundtruth/README.md).
 */
static const char *const precision_names[] = {"fp32", "amp-fp16", "amp-bf16", "bf16", "fp16"};
static const char *const optimizer_names[] = {
	"adamw", "adamw-fused", "adamw-8bit", "adamw-8bit-ao", "adamw-4bit",
	"paged-adamw", "paged-adamw-8bit", "adafactor", "sgd", "sgd-momentum",
	"lion", "none",
};
static const char *const method_names[] = {"full", "lora", "qlora", "frozen"};
static const char *const quant_names[] = {"none", "nf4", "nf4-dq", "int8", "gptq-int4"};
static const char *const attn_names[] = {"eager", "sdpa", "flash2"};
static const char *const head_names[] = {
	"causal-lm", "seq2seq-lm", "masked-lm", "sequence-classification", "encoder",
	"token-classification",
};
static const char *const loss_names[] = {"standard", "chunked"};
static const char *const eval_preds_names[] = {"logits", "argmax", "none"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Users paste Hugging Face TrainingArguments.optim values; map the ones
 * that mean one of our optimizers. */
static const struct {
	const char *hf_name;
	enum vp_optimizer opt;
} optimizer_aliases[] = {
	{"adamw_torch", VP_OPT_ADAMW},
	{"adamw_hf", VP_OPT_ADAMW},
	{"adamw_torch_fused", VP_OPT_ADAMW_FUSED},
	{"adamw_bnb_8bit", VP_OPT_ADAMW_8BIT},
	{"adamw_8bit", VP_OPT_ADAMW_8BIT},
	{"paged_adamw_32bit", VP_OPT_PAGED_ADAMW},
	{"paged_adamw_8bit", VP_OPT_PAGED_ADAMW_8BIT},
	{"lion_32bit", VP_OPT_LION},
	{"adamw_apex_fused", VP_OPT_ADAMW_FUSED},
	{"adamw_torch_npu_fused", VP_OPT_ADAMW_FUSED},
	{"adamw_anyprecision", VP_OPT_ADAMW},
	{"adamw_torch_xla", VP_OPT_ADAMW},
	/* torchao's AdamW8bit (transformers trainer_optimizer.py
	 * _get_torchao_optimizer): 8-bit states in blocks of 256 with an fp32
	 * scale each (torchao/optim/subclass_8bit.py), bitsandbytes' size for
	 * a quantized tensor, but not its rules for the rest nor its step */
	{"adamw_torch_8bit", VP_OPT_ADAMW_8BIT_AO},
	/* torchao's AdamW4bit (transformers trainer_optimizer.py
	 * _get_torchao_optimizer): 4-bit states in blocks of 256 with an fp32
	 * scale each (torchao/optim/subclass_4bit.py) */
	{"adamw_torch_4bit", VP_OPT_ADAMW_4BIT},
	{"paged_adamw", VP_OPT_PAGED_ADAMW},
	{"paged_adamw_bnb_8bit", VP_OPT_PAGED_ADAMW_8BIT},
};

/* TrainingArguments.optim values (transformers training_args.py
 * OptimizerNames) that name none of vramplan's optimizers: their states
 * (GaLore's projections, LOMO's fused update, schedule-free's extra
 * copies, RMSprop's one state) are not modelled. Refused as any unknown
 * name, but said to be one: the help promises TrainingArguments names,
 * and until 2026-11-30 galore_adamw got only the list of ours (a review). */
static const char *const optimizer_hf_unmodelled[] = {
	"adagrad", "ademamix", "ademamix_8bit", "lion_8bit", "paged_ademamix_32bit", "paged_ademamix_8bit",
	"paged_lion_32bit", "paged_lion_8bit", "rmsprop", "rmsprop_bnb", "rmsprop_bnb_8bit", "rmsprop_bnb_32bit",
	"galore_adamw", "galore_adamw_8bit", "galore_adafactor", "galore_adamw_layerwise",
	"galore_adamw_8bit_layerwise", "galore_adafactor_layerwise", "lomo", "adalomo", "grokadamw",
	"schedule_free_radam", "schedule_free_adamw", "schedule_free_sgd", "apollo_adamw", "apollo_adamw_layerwise",
	"stable_adamw",
};

bool vp_optimizer_hf_unmodelled(const char *s)
{
	size_t k;

	for (k = 0; s != NULL && k < COUNT(optimizer_hf_unmodelled); k++)
		if (strcmp(s, optimizer_hf_unmodelled[k]) == 0)
			return true;
	return false;
}

/* A name given in another case than its only spelling: refused, and told
 * that spelling */
static int other_case(struct vp_error *err, const char *kind, const char *s, const char *name)
{
	return vp_error_set(err, VP_ERR_INPUT, "unknown %s '%s' (did you mean '%s'? names are lower case)", kind, s,
			    name);
}

int vp_parse_name(const char *s, const char *kind, const char *const *names, size_t n, struct vp_error *err)
{
	char list[256];
	size_t i, used = 0;

	for (i = 0; s != NULL && i < n; i++) {
		if (strcmp(s, names[i]) == 0)
			return (int)i;
	}
	list[0] = '\0';
	for (i = 0; i < n; i++) {
		int w = snprintf(list + used, sizeof list - used, "%s%s", i > 0 ? ", " : "", names[i]);

		if (w < 0 || (size_t)w >= sizeof list - used)
			break;
		used += (size_t)w;
	}
	/* names are lower case, as the trainers' own are (HF's OptimizerNames
	 * and PEFT's values are case-sensitive): a name in other case is
	 * refused, and told the one it matches */
	for (i = 0; s != NULL && i < n; i++)
		if (strcasecmp(s, names[i]) == 0)
			return other_case(err, kind, s, names[i]);
	vp_error_set(err, VP_ERR_INPUT, "unknown %s '%s' (expected one of: %s)", kind,
		     s != NULL ? s : "", list);
	return -1;
}

static const char *name_of(const char *const *names, size_t n, int v)
{
	return v >= 0 && (size_t)v < n ? names[v] : "unknown";
}

void vp_train_defaults(struct vp_train *t)
{
	memset(t, 0, sizeof *t);
	t->batch = 1;
	t->grad_accum = 1;
	t->seq_len = 512;
	/* tgt_len stays 0: it depends on the head, which the caller sets later. */
	t->num_labels = 2;
	t->texts_per_example = 1;
	t->gpus = 1;
	t->zero_stage = 0;
	t->head = VP_HEAD_CAUSAL_LM;
	t->precision = VP_PREC_FP32;
	t->optimizer = VP_OPT_ADAMW;
	t->method = VP_METHOD_FULL;
	t->quant = VP_QUANT_NONE;
	t->attn = VP_ATTN_EAGER;
	t->loss = VP_LOSS_STANDARD;
	t->lora_r = 8;
	t->lora_dropout = 0.05;
	/* the safe side: 4-bit layers that keep their inputs. The seed
	 * story's mT5 QLoRA run (18.3 GB on an RTX 3090, examples/configs/
	 * seed000-stage3.yaml; version unstated) is estimated at 18.2 GiB
	 * with them and 16.7 GiB without. */
	t->bnb = VP_BNB_BEFORE_0_43_2;
}

/* Other tools' names for a precision or an attention kernel, which users
 * copy from the config they run: Lightning's Trainer(precision=...), which
 * `--profile lightning` itself prints (settings.c lightning_precision;
 * lightning/fabric/connector.py _PRECISION_INPUT, "16" the legacy name of
 * "16-mixed"), transformers' attn_implementation, which the plan's notes
 * print, and LLaMA-Factory's flash_attn values (AttentionFunction in
 * llamafactory/extras/constants.py). Refused as any unknown name, but told
 * ours: until 2026-11-30 the list alone invited 'bf16' for bf16-mixed,
 * which here means 16-bit weights without autocast. */
static const struct {
	const char *theirs, *ours, *what;
} foreign_names[] = {
	{"bf16-mixed", "amp-bf16", "Lightning's bf16-mixed is bf16 autocast over fp32 weights"},
	{"16-mixed", "amp-fp16", "Lightning's 16-mixed is fp16 autocast over fp32 weights"},
	{"16", "amp-fp16", "Lightning's 16 is 16-mixed, fp16 autocast over fp32 weights"},
	{"fp16-mixed", "amp-fp16", "mixed precision is fp16 autocast over fp32 weights"},
	{"bf16-true", "bf16", "Lightning's bf16-true is bf16 weights without autocast"},
	{"16-true", "fp16", "Lightning's 16-true is fp16 weights without autocast"},
	{"32-true", "fp32", "Lightning's 32-true is fp32"},
	{"32", "fp32", "Lightning's 32 is fp32"},
	{"flash_attention_2", "flash2", "transformers' attn_implementation name"},
	{"fa2", "flash2", "LLaMA-Factory's flash_attn name"},
	{"disabled", "eager", "LLaMA-Factory's flash_attn: disabled runs eager attention"},
};

/* vp_parse_name, but another tool's name gets ours in the message */
static int parse_or_foreign(const char *s, const char *kind, const char *const *names, size_t n, struct vp_error *err)
{
	int i = vp_parse_name(s, kind, names, n, err);

	for (size_t k = 0; i < 0 && s != NULL && k < COUNT(foreign_names); k++) {
		if (strcmp(s, foreign_names[k].theirs) != 0 ||
		    vp_parse_name(foreign_names[k].ours, kind, names, n, NULL) < 0)
			continue;
		vp_error_set(err, VP_ERR_INPUT, "unknown %s '%s' (did you mean '%s'? %s)", kind, s,
			     foreign_names[k].ours, foreign_names[k].what);
		break;
	}
	return i;
}

int vp_precision_parse(const char *s, enum vp_precision *out, struct vp_error *err)
{
	int i = parse_or_foreign(s, "precision", precision_names, COUNT(precision_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_precision)i;
	return 0;
}

int vp_optimizer_parse(const char *s, enum vp_optimizer *out, struct vp_error *err)
{
	size_t k;
	int i;

	for (k = 0; s != NULL && k < COUNT(optimizer_aliases); k++) {
		if (strcmp(s, optimizer_aliases[k].hf_name) == 0) {
			*out = optimizer_aliases[k].opt;
			return 0;
		}
	}
	/* a TrainingArguments name in other case: told it (vp_parse_name) */
	for (k = 0; s != NULL && k < COUNT(optimizer_aliases); k++)
		if (strcasecmp(s, optimizer_aliases[k].hf_name) == 0 &&
		    vp_parse_name(s, "optimizer", optimizer_names, COUNT(optimizer_names), NULL) < 0)
			return other_case(err, "optimizer", s, optimizer_aliases[k].hf_name);
	i = vp_parse_name(s, "optimizer", optimizer_names, COUNT(optimizer_names), err);
	if (i < 0 && vp_optimizer_hf_unmodelled(s))
		return vp_error_set(err, VP_ERR_INPUT,
				    "optimizer '%s' is a TrainingArguments optim name vramplan does not model (it models "
				    "adamw, adamw-fused, adamw-8bit, adamw-8bit-ao, adamw-4bit, paged-adamw, "
				    "paged-adamw-8bit, adafactor, sgd, sgd-momentum, lion, or their TrainingArguments "
				    "names such as adamw_torch_fused or paged_adamw_8bit)",
				    s);
	if (i < 0)
		return -1;
	*out = (enum vp_optimizer)i;
	return 0;
}

int vp_method_parse(const char *s, enum vp_method *out, struct vp_error *err)
{
	int i = vp_parse_name(s, "method", method_names, COUNT(method_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_method)i;
	return 0;
}

int vp_quant_parse(const char *s, enum vp_quant *out, struct vp_error *err)
{
	int i = vp_parse_name(s, "quantization", quant_names, COUNT(quant_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_quant)i;
	return 0;
}

int vp_attn_parse(const char *s, enum vp_attn *out, struct vp_error *err)
{
	int i = parse_or_foreign(s, "attention", attn_names, COUNT(attn_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_attn)i;
	return 0;
}

int vp_head_parse(const char *s, enum vp_head *out, struct vp_error *err)
{
	int i = vp_parse_name(s, "head", head_names, COUNT(head_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_head)i;
	return 0;
}

int vp_loss_parse(const char *s, enum vp_loss *out, struct vp_error *err)
{
	int i = vp_parse_name(s, "loss", loss_names, COUNT(loss_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_loss)i;
	return 0;
}

const char *vp_precision_name(enum vp_precision p)
{
	return name_of(precision_names, COUNT(precision_names), (int)p);
}

const char *vp_optimizer_name(enum vp_optimizer o)
{
	return name_of(optimizer_names, COUNT(optimizer_names), (int)o);
}

const char *vp_method_name(enum vp_method m)
{
	return name_of(method_names, COUNT(method_names), (int)m);
}

const char *vp_quant_name(enum vp_quant q)
{
	return name_of(quant_names, COUNT(quant_names), (int)q);
}

const char *vp_attn_name(enum vp_attn a)
{
	return name_of(attn_names, COUNT(attn_names), (int)a);
}

const char *vp_head_name(enum vp_head h)
{
	return name_of(head_names, COUNT(head_names), (int)h);
}

const char *vp_loss_name(enum vp_loss l)
{
	return name_of(loss_names, COUNT(loss_names), (int)l);
}

int vp_eval_preds_parse(const char *s, enum vp_eval_preds *out, struct vp_error *err)
{
	int i = vp_parse_name(s, "eval predictions", eval_preds_names, COUNT(eval_preds_names), err);

	if (i < 0)
		return -1;
	*out = (enum vp_eval_preds)i;
	return 0;
}

const char *vp_eval_preds_name(enum vp_eval_preds p)
{
	return name_of(eval_preds_names, COUNT(eval_preds_names), (int)p);
}

/*
 * Items are appended to the targets already set; a repeated name is kept
 * once, since PEFT matches each module once however often it is listed.
 * The whole list is checked before *t changes, so a bad item leaves *t as
 * it was.
 *
 * all-linear is PEFT's shorthand only as the whole of target_modules, a
 * string compared lowercased (peft tuners/tuners_utils.py
 * _maybe_include_all_linear_layers: isinstance(target_modules, str) and
 * target_modules.lower() == "all-linear"); in a list it is one more
 * module name, which no model has. So ALL-LINEAR alone is all-linear, and
 * all-linear beside other names is refused: until 2026-11-30
 * all-linear,q_proj was read as every linear (a review).
 */
int vp_train_set_lora_targets(struct vp_train *t, const char *list, struct vp_error *err)
{
	struct vp_train next = *t;
	const size_t max_len = sizeof next.lora_targets[0] - 1;
	const char *p = list;

	if (list == NULL)
		list = p = "";
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		size_t i;
		int seen = 0;

		if (len == 0)
			return vp_error_set(err, VP_ERR_INPUT,
					    "empty item in lora target list '%s' (expected comma-separated module names)",
					    list);
		if (len > max_len)
			return vp_error_set(err, VP_ERR_INPUT,
					    "lora target '%.*s' is too long (expected at most %zu characters)",
					    (int)len, p, max_len);
		if (len == strlen("all-linear") && strncasecmp(p, "all-linear", len) == 0) {
			char shown[128];

			if (len != strlen(list))
				return vp_error_set(err, VP_ERR_INPUT,
						    "'%.*s' in lora target list '%s': PEFT reads all-linear as every "
						    "linear layer only alone (target_modules=\"all-linear\"); in a list "
						    "it is a module name no model has (give all-linear alone, or module "
						    "names only)",
						    (int)len, p, vp_text_shown(shown, sizeof shown, list));
			next.lora_all_linear = true;
		} else {
			for (i = 0; i < next.n_lora_targets; i++) {
				if (strlen(next.lora_targets[i]) == len &&
				    strncmp(next.lora_targets[i], p, len) == 0)
					seen = 1;
			}
			if (!seen) {
				if (next.n_lora_targets == VP_MAX_TARGETS) {
					char shown[128];

					return vp_error_set(err, VP_ERR_INPUT,
							    "too many lora targets in '%s' (expected at most %d)",
							    vp_text_shown(shown, sizeof shown, list), VP_MAX_TARGETS);
				}
				memcpy(next.lora_targets[next.n_lora_targets], p, len);
				next.lora_targets[next.n_lora_targets][len] = '\0';
				next.n_lora_targets++;
			}
		}
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	*t = next;
	return 0;
}

void vp_train_lora_targets_text(const struct vp_train *t, char *buf, size_t size)
{
	size_t i, len;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < t->n_lora_targets; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s", i > 0 ? "," : "", t->lora_targets[i]);
	}
	if (t->lora_all_linear) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%sall-linear", t->n_lora_targets > 0 ? "," : "");
	}
}

bool vp_train_has_adapters(const struct vp_train *t)
{
	return t->method == VP_METHOD_LORA || t->method == VP_METHOD_QLORA;
}

/*
 * axolotl packs samples into rows of sequence_len (its multipack sampler)
 * and reads them as separate sequences only through FlashAttention's
 * varlen path (or flex attention, which check reads as SDPA and exempts
 * here: tc_settle.c; the CLI has no flex kernel). Under
 * SDPA or eager the rows still carry a mask: for Llama-derived models the
 * loader patches transformers' mask builders to a block-diagonal
 * [b, 1, s, s] mask (loaders/patch_manager.py _patch_llama_sample_packing
 * -> monkeypatch/llama_patch_multipack.py hijack_llama_prepare_4d_mask,
 * monkeypatch/utils.py mask_2d_to_4d, in bf16 where the GPU has it); for
 * the others the multipack collator's attention_mask numbers each row's
 * samples and pads the bin's remainder with zeros, which transformers'
 * masking_utils turns into a mask whenever a bin is not exactly full.
 * So the step is the padded batch's: the mask, and SDPA's k/v copies
 * (it takes grouped heads only unmasked: activations.c
 * sdpa_gets_enable_gqa). The patch's mask is bf16 and reaches SDPA as it
 * is, one b x s x s x 2 tensor, where the count is a bool mask and SDPA's
 * 16-bit conversion at every call (activations.c masks_held and the
 * attention's saved mask): an over-count. Until 2026-11-30 the axolotl
 * profile and check counted such rows unmasked.
 */
bool vp_axolotl_packing_masks(const struct vp_train *t)
{
	return t->packed && t->attn != VP_ATTN_FLASH2;
}

/* "1.13.1" is 1.x; "2.0", "2.0.1" or a bare 2 is 2.0 (a bare major stands
 * for its oldest minor, the safe side); "2.1" to "2.4.1" are 2.1-2.4; "2.5"
 * and later, "2.11.0+cu130", are current. Anything after the minor (a
 * patch, a local version) does not change the era. */
int vp_pytorch_parse(const char *s, enum vp_pytorch *out, struct vp_error *err)
{
	const char *p = s;
	unsigned long minor = 0;
	bool digits = false;

	if (p == NULL || (p[0] != '1' && p[0] != '2') || (p[1] != '.' && p[1] != '\0'))
		goto bad;
	if (p[0] == '1') {
		*out = VP_PYTORCH_1;
		return 0;
	}
	for (p += p[1] == '.' ? 2 : 1; *p >= '0' && *p <= '9'; p++) {
		digits = true;
		if (minor < 1000)
			minor = minor * 10 + (unsigned long)(*p - '0');
	}
	if (!digits && p[-1] == '.')
		goto bad;
	*out = minor == 0 ? VP_PYTORCH_2_0 : minor < 5 ? VP_PYTORCH_2_1 : VP_PYTORCH_CURRENT;
	return 0;
bad:
	return vp_error_set(err, VP_ERR_INPUT,
			    "PyTorch version '%.40s' not understood (expected one such as 2.4, 2.0.1 or 1.13.1)",
			    s != NULL ? s : "");
}

/* Reads "MAJOR[.MINOR[.PATCH]]" and ignores what follows MAJOR.MINOR
 * ("0.45.0.dev0", "0.44.1+cu121", "0.43.0rc1"). */
int vp_bnb_parse(const char *s, enum vp_bnb *out, struct vp_error *err)
{
	unsigned long part[3] = {0, 0, 0};
	const char *p = s;
	int i;

	if (p == NULL || *p < '0' || *p > '9')
		goto bad;
	for (i = 0; i < 3; i++) {
		if (*p < '0' || *p > '9')
			goto bad;
		for (; *p >= '0' && *p <= '9'; p++)
			if (part[i] < 100000)
				part[i] = part[i] * 10 + (unsigned long)(*p - '0');
		if (*p != '.')
			break;
		p++;
	}
	if (i == 0 && *p != '\0')
		goto bad; /* "0x", not a version */
	/* bitsandbytes PR #1270, released in 0.43.2 (July 2024), stopped
	 * MatMul4Bit from keeping A: ctx.tensors = (None, B) */
	if (part[0] > 0 || part[1] > 43 || (part[1] == 43 && part[2] >= 2))
		*out = VP_BNB_CURRENT;
	else
		*out = VP_BNB_BEFORE_0_43_2;
	return 0;
bad:
	return vp_error_set(err, VP_ERR_INPUT,
			    "bitsandbytes version '%.40s' not understood (expected one such as 0.42.0 or 0.45.5)",
			    s != NULL ? s : "");
}

const char *vp_bnb_name(enum vp_bnb b)
{
	return b == VP_BNB_BEFORE_0_43_2 ? "<0.43.2" : "0.43.2+";
}

const char *vp_pytorch_name(enum vp_pytorch p)
{
	switch (p) {
	case VP_PYTORCH_CURRENT: return "2.5+";
	case VP_PYTORCH_2_1: return "2.1-2.4";
	case VP_PYTORCH_2_0: return "2.0";
	case VP_PYTORCH_1: return "1.x";
	}
	return "2.5+";
}

bool vp_pytorch_2_1_or_later(enum vp_pytorch p)
{
	return p == VP_PYTORCH_CURRENT || p == VP_PYTORCH_2_1;
}

enum vp_attn vp_train_attn_asked(const struct vp_train *t)
{
	return t->attn_replaced ? t->attn_asked : t->attn;
}

enum vp_pytorch_need vp_train_pytorch_lacks(const struct vp_train *t)
{
	/* F.scaled_dot_product_attention is new in 2.0, and transformers
	 * refuses flash_attention_2 and adamw_torch_fused before it
	 * (training_args.py: "--optim adamw_torch_fused requires PyTorch 2.0
	 * or higher"). The kernel asked for, not the one the planner put in
	 * its place: until 2026-12-01 --attn flash2 on a V100 under
	 * --torch-version 1.x was refused as "sdpa attention", a kernel
	 * nobody asked for. A kernel the planner replaced with eager (a
	 * model with no FlashAttention-2 path: T5, BLOOM, MPT...; resolve.c)
	 * runs on 1.x: that request is the warning and the eager plan it is
	 * on PyTorch 2, not a refusal (until 2026-12-01 it was refused,
	 * tests/cli/plan/flash2-no-path-torch1.sh). */
	if (t->pytorch == VP_PYTORCH_1 && t->attn != VP_ATTN_EAGER)
		return VP_NEEDS_SDPA;
	if (t->pytorch == VP_PYTORCH_1 && t->optimizer == VP_OPT_ADAMW_FUSED)
		return VP_NEEDS_FUSED_ADAMW;
	/* transformers builds torchao's AdamW8bit and AdamW4bit only on a
	 * PyTorch after 2.4 (trainer_optimizer.py _get_torchao_optimizer, and
	 * trainer.py's inline branch before it: `if version.parse(torch) <=
	 * version.parse("2.4"): raise ImportError("You need to have
	 * torch>2.4 ...")`). 1.x and 2.0 are refused; the 2.1-2.4 era holds
	 * 2.4.1, which passes that test, so it is left alone */
	if ((t->pytorch == VP_PYTORCH_1 || t->pytorch == VP_PYTORCH_2_0) &&
	    (t->optimizer == VP_OPT_ADAMW_8BIT_AO || t->optimizer == VP_OPT_ADAMW_4BIT))
		return VP_NEEDS_TORCHAO;
	/* expandable segments and register_post_accumulate_grad_hook, which
	 * the step in backward uses (torchtune's optimizer_in_bwd), are new
	 * in 2.1 */
	if (!vp_pytorch_2_1_or_later(t->pytorch) && t->expandable_segments)
		return VP_NEEDS_EXPANDABLE;
	if (!vp_pytorch_2_1_or_later(t->pytorch) && t->optimizer_in_backward)
		return VP_NEEDS_GRAD_HOOK;
	return VP_NEEDS_NOTHING;
}

void vp_pytorch_need_text(const struct vp_train *t, enum vp_pytorch_need need, char *buf, size_t size)
{
	switch (need) {
	case VP_NEEDS_SDPA:
		snprintf(buf, size, "%s attention needs PyTorch 2.0 or later",
			 vp_attn_name(vp_train_attn_asked(t)));
		return;
	case VP_NEEDS_FUSED_ADAMW:
		snprintf(buf, size, "adamw_torch_fused needs PyTorch 2.0 or later");
		return;
	case VP_NEEDS_EXPANDABLE:
		snprintf(buf, size, "expandable segments (PYTORCH_CUDA_ALLOC_CONF) need PyTorch 2.1 or later");
		return;
	case VP_NEEDS_GRAD_HOOK:
		snprintf(buf, size, "the optimizer step in backward needs PyTorch 2.1 or later");
		return;
	case VP_NEEDS_TORCHAO:
		snprintf(buf, size, "%s (torchao) needs a PyTorch after 2.4 (transformers refuses it on 2.4.0 and earlier)",
			 t->optimizer == VP_OPT_ADAMW_4BIT ? "adamw_torch_4bit" : "adamw_torch_8bit");
		return;
	case VP_NEEDS_NOTHING:
		break;
	}
	snprintf(buf, size, "nothing");
}
