/*
 * A plan and a one-batch estimate as YAML (libyaml's event emitter), and
 * the formatting the YAML and JSON outputs share. libyaml cannot emit
 * comments, so the `#` lines that carry the inputs and the breakdown are
 * written first, then the document, which starts implicitly:
 * yaml.safe_load() sees only the trainer keys. The keys come from
 * vp_plan_settings() (src/settings.c).
 */
#include "vramplan/emit.h"
#include "vramplan/sizes.h"
#include "emit_internal.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "vramplan/heads.h"
#include "vramplan/trainconfig.h"
#include "vramplan/yaml_out.h"

#define GIB_SHIFT 30
#define MIB ((uint64_t)1 << 20)

void vp_format_gib(uint64_t bytes, char *buf, size_t size)
{
	const uint64_t unit = (uint64_t)1 << GIB_SHIFT;
	uint64_t whole = bytes >> GIB_SHIFT;
	uint64_t rem = bytes & (unit - 1);
	/* rem < 2^30, so rem * 100 fits easily */
	uint64_t hundredths = (rem * 100 + unit / 2) >> GIB_SHIFT;

	/* a saturated sum (vp_host_within): the true count is past 2^64 bytes */
	if (bytes == UINT64_MAX) {
		snprintf(buf, size, "at least %" PRIu64 ".00", (UINT64_MAX >> GIB_SHIFT) + 1);
		return;
	}
	if (hundredths == 100) {
		whole++;
		hundredths = 0;
	}
	snprintf(buf, size, "%" PRIu64 ".%02" PRIu64, whole, hundredths);
}

void vp_format_margin(uint64_t bytes, char *buf, size_t size)
{
	/* under half a hundredth of a GiB, vp_format_gib's "0.00" */
	if (bytes == 0 || bytes >= ((uint64_t)1 << GIB_SHIFT) / 200) {
		vp_format_gib(bytes, buf, size);
		strncat(buf, " GiB", size - strlen(buf) - 1);
	} else if (bytes >= MIB / 200) {
		uint64_t hundredths = (bytes * 100 + MIB / 2) / MIB;

		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " MiB", hundredths / 100, hundredths % 100);
	} else {
		snprintf(buf, size, "%" PRIu64 " bytes", bytes);
	}
}

/* Append to buf (a running string of capacity size). */
static void cat(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void cat(char *buf, size_t size, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, size - used, fmt, ap);
	va_end(ap);
}

void vp_format_setup(const struct vp_model *m, const struct vp_train *t, char *buf, size_t size)
{
	char targets[VP_MAX_TARGETS * 33 + 16];
	const char *opt, *autocast = "";
	enum vp_attn runs;

	if (size == 0)
		return;
	buf[0] = '\0';
	cat(buf, size, "seq-len %" PRIu64, t->seq_len);
	if (vp_head_uses_target(m, t->head))
		cat(buf, size, ", target-len %" PRIu64, t->tgt_len);
	/* 16-bit weights with or without autocast, where the training says
	 * which (vp_autocast_name; unstated, the loss assumes it); DeepSpeed's
	 * engine casts an unquantized model to 16 bit and runs it without
	 * autocast (estimate.c as_deepspeed_runs): say how it is estimated */
	if (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16)
		autocast = strcmp(vp_autocast_name(t), "on") == 0    ? " with autocast"
			   : strcmp(vp_autocast_name(t), "off") == 0 ? " without autocast"
								      : "";
	cat(buf, size, ", %s%s%s, %s", vp_precision_name(t->precision), autocast,
	    t->zero_stage > 0 && t->quant == VP_QUANT_NONE &&
			    (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16)
		    ? " (DeepSpeed's 16-bit engine: 16-bit weights, no autocast)"
		    : "",
	    vp_method_name(t->method));
	if (vp_train_has_adapters(t)) {
		vp_train_lora_targets_text(t, targets, sizeof targets);
		if (t->quant != VP_QUANT_NONE)
			cat(buf, size, " %s", vp_quant_name(t->quant));
		/* the version decides whether its 4-bit layers keep their inputs */
		if (t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ)
			cat(buf, size, " (bitsandbytes %s)", vp_bnb_name(t->bnb));
		cat(buf, size, " r %" PRIu64 " on %s, dropout %g", t->lora_r, targets[0] != '\0' ? targets : "(none)",
		    t->lora_dropout);
		if (t->dora)
			cat(buf, size, ", DoRA");
		/* LLaMA-Factory's pure_bf16 keeps them in bf16 (no fp32 cast,
		 * model/adapter.py init_adapter), which no option of plan or
		 * estimate says: named, so the setup is what was estimated
		 * (until 2026-12-01 it read as fp32 adapters) */
		if (t->lora_16bit_adapters)
			cat(buf, size, ", 16-bit adapters");
	} else if (t->quant != VP_QUANT_NONE) {
		cat(buf, size, " %s", vp_quant_name(t->quant));
	}
	/* the kernel that runs, where the model has no path for the one asked
	 * for (T5, BLOOM, GPT-J, GPT-Neo, DeBERTa: eager; BERT: no FA2) */
	runs = vp_attn_that_runs(m, NULL, t->attn);
	/* a frozen model has no optimizer (estimate.c frozen_forward) */
	opt = t->method == VP_METHOD_FROZEN ? "no optimizer" : vp_optimizer_name(t->optimizer);
	if (runs != t->attn)
		cat(buf, size, ", %s, %s attention (%s has no %s path)", opt,
		    vp_attn_name(runs), m->model_type, t->attn == VP_ATTN_FLASH2 ? "FlashAttention-2" : "SDPA");
	/* the T5 family's eager is the default (resolve.c), true of the
	 * releases before huggingface/transformers#47014; later ones have
	 * SDPA, estimated where asked for */
	else if (runs == VP_ATTN_EAGER && m->naming == VP_NAMING_T5 && t->pytorch != VP_PYTORCH_1)
		cat(buf, size, ", %s, eager attention (the T5 family's only path before transformers' PR #47014; "
			       "--attn sdpa for later releases)", opt);
	else if (runs == VP_ATTN_SDPA && vp_sdpa_runs_math(m))
		cat(buf, size, ", %s, sdpa attention (its math kernel: %s passes one k/v head)", opt,
		    m->model_type);
	else
		cat(buf, size, ", %s, %s attention", opt, vp_attn_name(t->attn));
	cat(buf, size, ", %s", t->grad_ckpt ? "gradient checkpointing" : "no checkpointing");
	if (t->head != vp_model_default_head(m) || !vp_head_generates(t->head)) {
		cat(buf, size, ", %s head", vp_head_name(t->head));
		if (t->head == VP_HEAD_SEQ_CLS || t->head == VP_HEAD_TOKEN_CLS)
			cat(buf, size, " (%" PRIu64 " label%s)", t->num_labels, t->num_labels == 1 ? "" : "s");
	}
	/* a bare encoder is what sentence-transformers trains on pairs and
	 * triplets (--texts-per-example): say the count it was given */
	if (t->texts_per_example > 1)
		cat(buf, size, ", %" PRIu64 " texts per example", t->texts_per_example);
	else if (t->head == VP_HEAD_ENCODER)
		cat(buf, size, ", 1 text per example");
	if (t->loss == VP_LOSS_CHUNKED)
		cat(buf, size, ", chunked loss");
	if (t->label_smoothing > 0.0) {
		char f[32];

		vp_emit_shortest_double(t->label_smoothing, f, sizeof f);
		cat(buf, size, ", label smoothing %s (the Trainer's LabelSmoother)", f);
	}
	if (t->compile)
		cat(buf, size, ", torch.compile");
	/* the kernels the estimate counted: a model type Liger does not
	 * patch trains without them (the warning says so; JSON's liger_*
	 * keep what was asked for) */
	if ((t->liger_loss || t->liger_swiglu || t->liger_rms_norm) && vp_liger_patches(m))
		cat(buf, size, ", Liger kernels");
	if (vp_model_router_logits_out(m) && (t->router_aux_loss || m->output_router_logits))
		cat(buf, size, ", load-balancing loss");
	if (t->activation_offload)
		cat(buf, size, ", activation offload");
	if (t->trainer_use_cache)
		cat(buf, size, ", use_cache (a KV cache in evaluation)");
	if (t->expandable_segments)
		cat(buf, size, ", expandable segments");
	if (t->memory_fraction > 0.0 && t->memory_fraction < 1.0) {
		char f[32];

		vp_emit_shortest_double(t->memory_fraction, f, sizeof f);
		cat(buf, size, ", memory fraction %s", f);
	}
	/* packed rows that still carry a mask (axolotl's sample_packing,
	 * LLaMA-Factory's neat_packing without FlashAttention) are counted
	 * with it: said, so the setup is what was estimated */
	if (t->packed)
		cat(buf, size, t->padding_mask ? ", packed samples with a mask" : ", packed samples");
	if (t->pytorch != VP_PYTORCH_CURRENT)
		cat(buf, size, ", PyTorch %s", vp_pytorch_name(t->pytorch));
	if (t->optimizer_in_backward)
		cat(buf, size, ", optimizer in backward");
	if (t->zero_stage > 0)
		cat(buf, size, ", ZeRO stage %d", t->zero_stage);
	if (t->zero_offload_optimizer)
		cat(buf, size, ", optimizer offloaded to CPU");
	if (t->zero_offload_param)
		cat(buf, size, ", parameters offloaded to CPU");
	if (t->fsdp)
		cat(buf, size, ", FSDP full shard");
	if (t->gpus > 1)
		cat(buf, size, ", %" PRIu64 " GPUs", t->gpus);
}

/* The shortest "%.*g" text that reads back as v (0.05, not
 * 0.050000000000000003); locale-independent because vramplan never calls
 * setlocale, so printf stays in the "C" locale. */
void vp_emit_shortest_double(double v, char *buf, size_t size)
{
	int prec;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

/* --------------------------------------------------------------- comments */

/* A string inside a comment line: control characters (a newline from a
 * user's catalogue or config.json would end the comment) become '?'. */
static void put_clean(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		fputc(iscntrl((unsigned char)*s) ? '?' : *s, f);
}

static void comment_title(FILE *f, const char *what, const struct vp_model *m, const struct vp_gpu *g)
{
	fprintf(f, "# vramplan %s %s for ", VRAMPLAN_VERSION, what);
	put_clean(f, m->name);
	if (m->hf_id[0] != '\0' && strcmp(m->hf_id, m->name) != 0) {
		fputs(" (", f);
		put_clean(f, m->hf_id);
		fputc(')', f);
	}
	fputs(" on ", f);
	put_clean(f, g->name);
	fputs(" (", f);
	if (g->full_name[0] != '\0') {
		put_clean(f, g->full_name);
		fputs(", ", f);
	}
	fprintf(f, "%" PRIu64 " MiB)\n", g->memory_mib);
}

static void comment_setup(FILE *f, const struct vp_model *m, const struct vp_train *t)
{
	char setup[1024];

	vp_format_setup(m, t, setup, sizeof setup);
	fputs("# setup: ", f);
	put_clean(f, setup);
	fputc('\n', f);
}

void vp_format_budget(const struct vp_gpu *g, double util, const struct vp_train *t, char *buf, size_t size)
{
	char mem[32], bud[32], ctx[32];
	uint64_t budget = vp_budget_bytes(g, util, t);
	uint64_t capped = vp_budget_cap_bytes(g, t);

	vp_format_gib(g->memory_mib * MIB, mem, sizeof mem);
	vp_format_gib(budget, bud, sizeof bud);
	if (capped == 0) {
		snprintf(buf, size, "%.2f x %s GiB = %s GiB", util, mem, bud);
		return;
	}
	vp_format_gib(vp_context_bytes(g, t), ctx, sizeof ctx);
	if (capped == budget)
		snprintf(buf, size, "%.2f x %s GiB (the allocator's cap) + %s GiB (CUDA context) = %s GiB, under %.2f x %s GiB",
			 t->memory_fraction, mem, ctx, bud, util, mem);
	else
		snprintf(buf, size, "%.2f x %s GiB = %s GiB, under the allocator's cap of %.2f x %s GiB + %s GiB (CUDA context)",
			 util, mem, bud, t->memory_fraction, mem, ctx);
}

/* --seq-len max: which length was found, and what bounded it */
static void comment_seq_search(FILE *f, const struct vp_seq_search *s)
{
	if (s == NULL || s->limit == 0) /* not searched */
		return;
	if (s->seq_len == 0) {
		fprintf(f, "# seq-len max: not one token fits at batch %" PRIu64 "; this is the step at one\n", s->batch);
		return;
	}
	fprintf(f, "# seq-len max: %" PRIu64 " tokens, ", s->seq_len);
	switch (s->bound) {
	case VP_SEQ_BOUND_MEMORY:
		fprintf(f, "the longest at which batch %" PRIu64 " fits the budget", s->batch);
		break;
	case VP_SEQ_BOUND_POSITIONS:
		if (s->reserve > 0)
			fprintf(f, "every position the model has but the %" PRIu64 " it generates into (batch %" PRIu64
				   " fits there)",
				s->reserve, s->batch);
		else
			fprintf(f, "every position the model has (batch %" PRIu64 " fits there)", s->batch);
		break;
	case VP_SEQ_BOUND_CONTEXT:
		/* a soft limit: longer runs, untrained; say which key set it */
		if (s->reserve > 0)
			fprintf(f, "the context the model was trained for (%s %" PRIu64 ") but the %" PRIu64
				   " it generates into (batch %" PRIu64 " fits there)",
				s->key, s->limit + s->reserve, s->reserve, s->batch);
		else
			fprintf(f, "the context the model was trained for (%s %" PRIu64 "; batch %" PRIu64
				   " fits there)",
				s->key, s->limit, s->batch);
		break;
	case VP_SEQ_BOUND_SEARCH:
		fprintf(f, "the longest vramplan tries (batch %" PRIu64 " fits there)", s->batch);
		break;
	}
	if (s->unrounded != s->seq_len)
		fprintf(f, "; %" PRIu64 " rounded down to a multiple of %d", s->unrounded, VP_SEQ_MULTIPLE);
	fputc('\n', f);
}

static void comment_budget(FILE *f, const struct vp_gpu *g, double util, const struct vp_train *t)
{
	char text[256];

	vp_format_budget(g, util, t, text, sizeof text);
	/* every peak below is one GPU's (its shard, its activations) */
	if (t->gpus > 1)
		fprintf(f, "# budget: %s at the device level, on each of the %" PRIu64 " GPUs\n", text, t->gpus);
	else
		fprintf(f, "# budget: %s at the device level\n", text);
}

static void comment_peak(FILE *f, const struct vp_estimate *e, uint64_t ewc)
{
	char dev[32], alloc[32], res[32];

	vp_format_gib(e->device_bytes + ewc, dev, sizeof dev);
	vp_format_gib(e->allocated_bytes + ewc, alloc, sizeof alloc);
	vp_format_gib(e->reserved_bytes + ewc, res, sizeof res);
	fprintf(f, "device peak %s GiB (allocated %s, reserved %s) in %s", dev, alloc, res,
		vp_phase_name(e->peak_phase));
}

static void comment_row(FILE *f, const char *name, uint64_t bytes)
{
	char gib[32], label[32];
	size_t i;

	snprintf(label, sizeof label, "%s", name);
	for (i = 0; label[i] != '\0'; i++)
		if (label[i] == '_')
			label[i] = ' ';
	vp_format_gib(bytes, gib, sizeof gib);
	fprintf(f, "#   %-18s %7s GiB\n", label, gib);
}

static void comment_breakdown(FILE *f, const struct vp_estimate *e, uint64_t ewc)
{
	int c;

	for (c = 0; c < VP_COMP_COUNT; c++)
		comment_row(f, vp_component_name((enum vp_component)c), e->peak_bytes[c]);
	if (ewc > 0)
		comment_row(f, "ewc", ewc);
	comment_row(f, "allocator", e->allocator_bytes);
	comment_row(f, "cuda context", e->context_bytes);
	if (e->paged_optimizer_bytes > 0)
		comment_row(f, "paged optimizer", e->paged_optimizer_bytes);
}

static void multiple_text(const struct vp_plan_request *req, const struct vp_plan *p, char *buf, size_t size)
{
	if (req->batch_multiple > 0 && p->memory_max_batch >= req->batch_multiple)
		snprintf(buf, size, "a multiple of %" PRIu64, req->batch_multiple);
	else if (req->batch_multiple == 0)
		snprintf(buf, size, "a multiple of %" PRIu64 " (batch x tokens a multiple of 8, for tensor cores)",
			 vp_plan_token_multiple(&req->train));
	else
		snprintf(buf, size, "a power of two");
}

/* What stays in the weights' 16-bit dtype with them: torch's AdamW makes
 * its states zeros_like(param) and SGD its momentum buffer clone(grad)
 * (docs/memory-model.md "Optimizer states"); bitsandbytes' 32-bit Lion and
 * paged AdamW keep fp32 states, its 8-bit ones uint8, Adafactor fp32. */
static const char *states_16bit(enum vp_optimizer o)
{
	switch (o) {
	case VP_OPT_ADAMW:
	case VP_OPT_ADAMW_FUSED: return "weights, gradients and AdamW states";
	case VP_OPT_SGD_MOMENTUM: return "weights, gradients and SGD's momentum buffers";
	default: return "weights and gradients";
	}
}

/* The train batch with the weights loaded in 16 bit: what LoRA recipes do
 * for a frozen base, and what transformers >= 5 does with a checkpoint
 * stored in 16 bit unless told dtype=torch.float32 (docs/planner.md). */
static void comment_base16(FILE *f, const struct vp_model *m, const struct vp_plan_request *req,
			   const struct vp_plan *p)
{
	const char *prec = req->train.precision == VP_PREC_AMP_BF16 ? "bf16" : "fp16";
	const char *stored = vp_dtype_name(m->stored_dtype);

	if (p->base16_batch == 0)
		return;
	if (!vp_plan_stored16_applies(m, &req->train))
		fprintf(f, "# with the frozen base loaded in %s (--precision %s, torch_dtype=torch.%s): train batch %" PRIu64
			   "\n", prec, prec, req->train.precision == VP_PREC_AMP_BF16 ? "bfloat16" : "float16",
			p->base16_batch);
	else if (req->train.method == VP_METHOD_FULL)
		fprintf(f, "# the checkpoint is stored in %s, and transformers >= 5 loads it so unless from_pretrained "
			   "gets dtype=torch.float32; %s then stay 16-bit (--precision %s): train batch %" PRIu64 "\n",
			stored, states_16bit(req->train.optimizer), prec, p->base16_batch);
	else
		fprintf(f, "# with the frozen base loaded in %s, as the checkpoint is stored and transformers >= 5 "
			   "loads it by default (--precision %s): train batch %" PRIu64 "\n", stored, prec,
			p->base16_batch);
}

/* Where the first batch that does not fit reads as the budget at two
 * decimals (BERT base at 128 tokens on a T4: batch 188 "needs 12.00 GiB" of
 * a 12.00 GiB budget, 3.03 MiB over it), how far over: "" otherwise. */
static const char *over_by(const struct vp_plan *p, char *buf, size_t size)
{
	uint64_t need = p->next.device_bytes + p->ewc_bytes;
	char a[32], b[32], m[32];

	buf[0] = '\0';
	vp_format_gib(need, a, sizeof a);
	vp_format_gib(p->budget_bytes, b, sizeof b);
	if (need > p->budget_bytes && strcmp(a, b) == 0) {
		vp_format_margin(need - p->budget_bytes, m, sizeof m);
		snprintf(buf, size, ", %s over the budget", m);
	}
	return buf;
}

static void comment_train(FILE *f, const struct vp_model *m, const struct vp_plan_request *req,
			  const struct vp_plan *p)
{
	char next[32], mult[96], over[64];
	uint64_t gpus = req->train.gpus > 0 ? req->train.gpus : 1;

	vp_format_gib(p->next.device_bytes + p->ewc_bytes, next, sizeof next);
	fprintf(f, "# train batch %" PRIu64 ": ", p->train_batch);
	comment_peak(f, &p->train, p->ewc_bytes);
	switch (p->limit) {
	case VP_LIMIT_MEMORY:
		if (p->next_valid)
			fprintf(f, "; limited by memory: batch %" PRIu64 " needs %s GiB%s\n",
				p->memory_max_batch + 1, next, over_by(p, over, sizeof over));
		else
			fputs("; limited by memory\n", f);
		break;
	case VP_LIMIT_MULTIPLE:
		multiple_text(req, p, mult, sizeof mult);
		fprintf(f, "; rounded down to %s from %" PRIu64, mult, p->memory_max_batch);
		if (p->next_valid)
			fprintf(f, " (batch %" PRIu64 " needs %s GiB%s)", p->memory_max_batch + 1, next,
				over_by(p, over, sizeof over));
		fputc('\n', f);
		break;
	case VP_LIMIT_MAX_BATCH:
		fprintf(f, "; limited by --max-batch %" PRIu64 "\n", req->max_batch);
		break;
	case VP_LIMIT_EFFECTIVE:
		fprintf(f, "; the largest divisor of %" PRIu64 " per GPU that fits", p->effective_per_gpu);
		if (req->batch_multiple > 0)
			fprintf(f, " and --batch-multiple %" PRIu64 " keeps", req->batch_multiple);
		/* the search stops at --max-batch, which may be what held */
		if (p->memory_max_batch >= req->max_batch)
			fprintf(f, " (--max-batch allows %" PRIu64 ")\n", p->memory_max_batch);
		else
			fprintf(f, " (memory allows %" PRIu64 ")\n", p->memory_max_batch);
		break;
	}
	comment_breakdown(f, &p->train, p->ewc_bytes);
	if (p->expandable_batch > 0)
		fprintf(f, "# with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True in the run's environment "
			   "(--expandable-segments): train batch %" PRIu64 "\n",
			p->expandable_batch);
	if (p->uncapped_batch > 0) {
		char frac[32];

		vp_emit_shortest_double(req->train.memory_fraction, frac, sizeof frac);
		fprintf(f, "# without the allocator's cap (set_per_process_memory_fraction(%s)): train batch %" PRIu64 "\n",
			frac, p->uncapped_batch);
	}
	comment_base16(f, m, req, p);
	if (req->effective_batch > 0 || gpus > 1 || p->grad_accum > 1) {
		fprintf(f, "# effective batch: %" PRIu64 " x %" PRIu64 " accumulation x %" PRIu64 " GPU%s = %" PRIu64,
			p->train_batch, p->grad_accum, gpus, gpus == 1 ? "" : "s", p->effective_batch);
		if (req->effective_batch > 0 && p->effective_batch != req->effective_batch)
			fprintf(f, " (--effective-batch %" PRIu64 " cannot be met exactly with %" PRIu64 " GPU%s)",
				req->effective_batch, gpus, gpus == 1 ? "" : "s");
		fputc('\n', f);
	}
}

static void comment_eval(FILE *f, const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	char dev[32], kv[32], pred[32];

	/* --no-eval: no eval batch planned, said where its line would be,
	 * with the keys below that run none; a DeepSpeed config has none to
	 * print, and check of it evaluates at the micro-batch (settle_batches) */
	if (req->no_eval) {
		fprintf(f, "# evaluation: not planned (--no-eval): the run evaluates nothing (%s)\n",
			vp_settings_no_eval_keys(profile));
		if (profile == VP_PROFILE_DEEPSPEED)
			fputs("# (no DeepSpeed key says so: vramplan check of this file evaluates at its micro-batch, "
			      "as a loop that evaluates would)\n",
			      f);
		return;
	}
	vp_format_gib(p->eval.device_bytes, dev, sizeof dev);
	fprintf(f, "# eval batch %" PRIu64 ": device peak %s GiB (forward only, optimizer states resident", p->eval_batch,
		dev);
	if (req->eval.generate) {
		vp_format_gib(p->eval.kv_cache_bytes, kv, sizeof kv);
		fprintf(f, "; generate: %" PRIu64 " beam%s x %" PRIu64 " new tokens, KV cache %s GiB", req->eval.num_beams,
			req->eval.num_beams == 1 ? "" : "s", req->eval.max_new_tokens, kv);
	}
	/* the loss forward's own cache (activations.c forward_cache): the
	 * Trainer's use_cache argument, or a loop that calls the model whose
	 * config.json's use_cache is on */
	if (p->eval.forward_kv_cache_bytes > 0) {
		vp_format_gib(p->eval.forward_kv_cache_bytes, kv, sizeof kv);
		fprintf(f, "; its forward keeps a KV cache of %s GiB: %s", kv,
			req->train.trainer_use_cache ? "TrainingArguments' use_cache: true"
						     : "the loop calls the model, use_cache on");
	}
	/* the batch the set allows (vp_plan_eval_batch_max): the reason
	 * it stopped there, as the train batch's line gives its limit */
	if (req->eval.eval_samples > 0 && p->eval_batch == vp_plan_eval_batch_max(req) &&
	    p->eval_batch < req->max_batch)
		fprintf(f, "; the whole evaluation set: --eval-samples %" PRIu64 "%s%s", req->eval.eval_samples,
			req->train.gpus > 1 ? " over the GPUs" : "", p->eval_batch > 1 ? " in one step" : "");
	fputs(")\n", f);
	/* Seq2SeqTrainer's generation_max_length would count a decoder-only
	 * model's prompt too (settings.c generation_keys): no key says it */
	if (req->eval.generate && req->eval.predictions != VP_PREDS_NONE && req->train.head == VP_HEAD_CAUSAL_LM)
		fprintf(f,
			"# (generation of a decoder-only model: the eval batch is for generate(max_new_tokens=%" PRIu64
			", num_beams=%" PRIu64 ")\n# on the prompts in your own evaluation loop; no trainer key sets it)\n",
			req->eval.max_new_tokens, req->eval.num_beams);
	/* a DeepSpeed config has keys for the training batch alone
	 * (deepspeed.ai/docs/config-json: train_micro_batch_size_per_gpu,
	 * train_batch_size, gradient_accumulation_steps), and check reads a
	 * DeepSpeed config's evaluation at its micro-batch (tc_settle.c
	 * settle_batches, "DeepSpeed has no eval batch"). Until 2026-12-01
	 * the plan printed its eval batch with nothing saying where it goes,
	 * and check of the printed file evaluated another batch (Qwen3 0.6B
	 * under ZeRO 2 on an A100 80GB: eval batch 65 planned, 23 read back).
	 * The profile plans the script's own loop (use_cache on in its
	 * forward); the Trainer's eval key and run are --profile hf's */
	if (profile == VP_PROFILE_DEEPSPEED)
		fprintf(f,
			"# (a DeepSpeed config has no eval batch key: %" PRIu64 " is your loop's evaluation DataLoader's batch; "
			"the HF Trainer's run,\n# per_device_eval_batch_size, is --profile hf's plan; vramplan check of this "
			"file evaluates at its micro-batch, %" PRIu64 ")\n",
			p->eval_batch, p->train_batch);
	if (p->eval_accumulation_steps > 0) {
		char from[48] = "";

		vp_format_bytes(p->eval.predictions_bytes_per_step, pred, sizeof pred);
		/* every rank keeps every rank's step (gather_for_metrics) */
		if (req->train.gpus > 1)
			snprintf(from, sizeof from, ", gathered from %" PRIu64 " GPUs", req->train.gpus);
		if (p->eval_accumulation_steps == 1 && p->eval_steps_for_host)
			fprintf(f,
				"# eval_accumulation_steps 1: each eval step's predictions (%s%s) move to the host at once;\n"
				"# host RAM (--host-ram) would not hold two steps' in one move, nor a larger eval batch's\n",
				pred, from);
		else if (p->eval_accumulation_steps == 1)
			fprintf(f,
				"# eval_accumulation_steps 1: each eval step's predictions (%s%s) move to the host at once;\n"
				"# two steps' would not fit\n",
				pred, from);
		else
			fprintf(f,
				"# eval_accumulation_steps %" PRIu64 ": predictions, %s a step%s, stay on the GPU for %" PRIu64
				" steps,\n# concatenated (2 x %" PRIu64 " steps' worth at the last), then move to the host\n",
				p->eval_accumulation_steps, pred, from, p->eval_accumulation_steps, p->eval_accumulation_steps);
		/* the logits are what fills it: the cure is to keep less */
		if (req->eval.predictions == VP_PREDS_LOGITS && !req->eval.generate &&
		    (profile == VP_PROFILE_HF || profile == VP_PROFILE_AXOLOTL || profile == VP_PROFILE_TRL))
			fputs("# (a preprocess_logits_for_metrics that takes the argmax keeps token ids instead: "
			      "--eval-predictions argmax)\n",
			      f);
	}
}

static void comment_host(FILE *f, const struct vp_plan_request *req, const struct vp_plan *p, enum vp_profile profile)
{
	const struct vp_host_plan *h = &p->host;
	char worker[32], trainer[32], total[32], limit[32], replay[32], preds[32], per[32];

	vp_format_gib(h->worker_bytes, worker, sizeof worker);
	vp_format_gib(h->trainer_bytes, trainer, sizeof trainer);
	vp_format_gib(h->train_total_bytes, total, sizeof total);
	fputs("# host RAM: ", f);
	if (h->processes > 1 && h->nodes > 1)
		fprintf(f, "%" PRIu64 " processes on each of %" PRIu64 " hosts (one per GPU) x (", h->processes, h->nodes);
	else if (h->processes > 1)
		fprintf(f, "%" PRIu64 " processes (one per GPU) x (", h->processes);
	fprintf(f, "%" PRIu64 " worker%s x %s GiB + trainer %s GiB", h->num_workers, h->num_workers == 1 ? "" : "s",
		worker, trainer);
	/* a worker's own pages are its share of the set it has read */
	if (h->dataset_bytes > 0 && h->eval_dataset_bytes > 0) {
		vp_format_gib(h->dataset_bytes, per, sizeof per);
		vp_format_gib(h->eval_dataset_bytes, preds, sizeof preds);
		fprintf(f, " (datasets: training %s GiB, evaluation %s GiB, each copied into its workers as they read it)",
			per, preds);
	} else if (h->dataset_bytes > 0) {
		vp_format_gib(h->dataset_bytes, per, sizeof per);
		fprintf(f, " (dataset %s GiB, copied into each worker as it reads it)", per);
	} else if (h->eval_dataset_bytes > 0) {
		vp_format_gib(h->eval_dataset_bytes, per, sizeof per);
		fprintf(f, " (eval dataset %s GiB, copied into each eval worker as it reads it)", per);
	}
	if (h->replay_bytes > 0) {
		vp_format_gib(h->replay_bytes, replay, sizeof replay);
		fprintf(f, " (replay buffer %s)", replay);
	}
	if (h->offload_bytes > 0) {
		vp_format_gib(h->offload_bytes, replay, sizeof replay);
		fprintf(f, " (ZeRO-Offload partitions %s GiB)", replay);
	}
	if (h->processes > 1)
		fputc(')', f);
	fprintf(f, " = %s GiB in training", total);
	if (req->host.host_ram_bytes > 0) {
		vp_format_gib(req->host.host_ram_bytes, limit, sizeof limit);
		fprintf(f, " of %s GiB (--host-ram)", limit);
	} else {
		fputs(" (no --host-ram given)", f);
	}
	if (h->limited_by_ram)
		fputs("; workers limited by host RAM", f);
	else if (req->host.cpus > 0)
		fprintf(f, "; workers: a third of %" PRIu64 " core%s", req->host.cpus, req->host.cpus == 1 ? "" : "s");
	else
		fputs("; workers: 4 without --cpus", f);
	if (!h->fits)
		fputs("; over the limit", f);
	fputc('\n', f);
	if (p->host_workers_unpersistent > 0)
		fprintf(f,
			"# with dataloader_persistent_workers: false, workers forked anew each epoch read a 1/%" PRIu64
			" share of the set each: %" PRIu64 " fit\n",
			p->host_workers_unpersistent, p->host_workers_unpersistent);
	/* every trainer process loads its own copy (the sum is over a
	 * host's processes, as the training line's): "one host copy" read
	 * as the total of one for 2 GPUs until 2026-12-01, where the
	 * stderr of a plan over --host-ram said "a host copy of it each"
	 * (tests/cli/plan/host-ram-processes.sh) */
	if (h->peak_in_load && h->processes > 1) {
		vp_format_gib(h->load_total_bytes, total, sizeof total);
		fprintf(f, "# host RAM while loading the checkpoint: %s GiB, the largest moment (a host copy of it in "
			   "each of the %" PRIu64 " processes%s, gone before the workers start)\n",
			total, h->processes, h->nodes > 1 ? " of a host" : "");
	} else if (h->peak_in_load) {
		vp_format_gib(h->load_total_bytes, total, sizeof total);
		fprintf(f, "# host RAM while loading the checkpoint: %s GiB, the largest moment (one host copy of it, "
			   "gone before the workers start)\n",
			total);
	}
	/* the file a save builds in rank 0 (plan.c save_bytes), where it is
	 * the largest moment, as the checkpoint's load above */
	if (h->peak_in_save) {
		/* an adapter's file is a few MiB */
		vp_format_bytes(h->save_bytes, per, sizeof per);
		vp_format_gib(h->save_total_bytes, total, sizeof total);
		fprintf(f, "# host RAM at each save: + %s %s (%s) = %s GiB, the largest moment\n", per,
			(h->save_in_checkpoint || h->save_clones) && h->processes > 1 ? "over the host's processes"
										       : "in rank 0",
			vp_plan_save_phrase(&req->train, h),
			total);
	}
	if (h->eval_total_bytes == 0)
		return;
	vp_format_gib(h->eval_worker_bytes, worker, sizeof worker);
	vp_format_gib(h->eval_total_bytes, total, sizeof total);
	fprintf(f, "# host RAM during evaluation%s: + %" PRIu64 " eval worker%s x %s GiB",
		h->processes > 1 ? ", each process" : "", h->num_workers, h->num_workers == 1 ? "" : "s", worker);
	if (h->eval_predictions_bytes > 0) {
		char from[48] = "";

		vp_format_bytes(h->eval_predictions_bytes, preds, sizeof preds);
		/* each process gathers every rank's (gather_for_metrics) */
		if (req->train.gpus > 1)
			snprintf(from, sizeof from, ", gathered from %" PRIu64 " GPUs", req->train.gpus);
		if (h->eval_predictions_unknown)
			fprintf(f, " + predictions %s (one move's %" PRIu64 " sample%s at least%s, kept for compute_metrics)",
				preds, h->eval_predictions_samples, h->eval_predictions_samples == 1 ? "" : "s", from);
		else
			fprintf(f, " + predictions %s (%" PRIu64 " sample%s%s, kept for compute_metrics)", preds,
				h->eval_predictions_samples, h->eval_predictions_samples == 1 ? "" : "s", from);
	}
	/* "each process" names what every process adds; the sum is the
	 * training line's, over all of them (of one host with --nodes) */
	if (h->processes > 1 && h->nodes > 1)
		fprintf(f, " = %s GiB in the %" PRIu64 " processes of each host\n", total, h->processes);
	else if (h->processes > 1)
		fprintf(f, " = %s GiB in all %" PRIu64 " processes\n", total, h->processes);
	else
		fprintf(f, " = %s GiB\n", total);
	/* HF Trainer's evaluation_loop (the hf and axolotl profiles) */
	if (h->eval_predictions_unknown &&
	    (profile == VP_PROFILE_HF || profile == VP_PROFILE_AXOLOTL || profile == VP_PROFILE_TRL)) {
		vp_format_bytes(p->eval.predictions_bytes_per_sample, per, sizeof per);
		fprintf(f, "# eval predictions: %s a sample stay in host RAM until compute_metrics runs "
			   "(twice that at the last\n# concatenation); counted for one move only: --eval-samples N counts "
			   "them all\n",
			per);
	}
}

/* The base's quantization as the script configures it (transformers'
 * BitsAndBytesConfig; a GPTQ checkpoint carries its own) */
static const char *quantization_text(enum vp_quant q)
{
	switch (q) {
	case VP_QUANT_NF4: return " over BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type=\"nf4\")";
	case VP_QUANT_NF4_DQ:
		return " over BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type=\"nf4\", "
		       "bnb_4bit_use_double_quant=True)";
	case VP_QUANT_INT8: return " over BitsAndBytesConfig(load_in_8bit=True)";
	case VP_QUANT_GPTQ_INT4: return " over the GPTQ checkpoint";
	case VP_QUANT_NONE: break;
	}
	return "";
}

/*
 * TrainingArguments has no length key: the script's own arguments hold it,
 * and `vramplan check` of a config without one takes that script's default
 * (VP_TC_HF_*, trainconfig.h). Where the plan's lengths are not those, say
 * which keys give them,
 * or the plan's own keys alone check as another run (mT5's batch 7 at 512
 * tokens read back at 1024: "does not fit").
 */
static void comment_lengths(FILE *f, const struct vp_model *m, const struct vp_train *t)
{
	static const char note[] = "# note: TrainingArguments has no length key: vramplan check reads your script's ";
	bool target = vp_head_uses_target(m, t->head);

	if (m->arch == VP_ARCH_ENCDEC) {
		if (target && (t->seq_len != VP_TC_HF_SOURCE_LEN || t->tgt_len != VP_TC_HF_TARGET_LEN))
			fprintf(f,
				"%smax_source_length: %" PRIu64 " and max_target_length: %" PRIu64
				" (run_summarization.py's %d and %d otherwise)\n",
				note, t->seq_len, t->tgt_len, VP_TC_HF_SOURCE_LEN, VP_TC_HF_TARGET_LEN);
		else if (!target && t->seq_len != VP_TC_HF_SOURCE_LEN)
			fprintf(f, "%smax_source_length: %" PRIu64 " (run_summarization.py's %d otherwise)\n", note,
				t->seq_len, VP_TC_HF_SOURCE_LEN);
	} else if (m->arch == VP_ARCH_ENCODER) {
		if (t->seq_len != VP_TC_HF_ENCODER_LEN)
			fprintf(f, "%smax_seq_length: %" PRIu64 " (run_glue.py's %d otherwise)\n", note, t->seq_len,
				VP_TC_HF_ENCODER_LEN);
	} else if (t->seq_len != VP_TC_HF_DECODER_LEN) {
		fprintf(f, "%smax_length: %" PRIu64 " (TRL's %d otherwise)\n", note, t->seq_len, VP_TC_HF_DECODER_LEN);
	}
}

/* A size as check's `vramplan:` block reads it (docs/check.md: a number with
 * a unit), exact: GiB or MiB where it divides, else bytes. */
static void block_size(char *buf, size_t size, uint64_t bytes)
{
	if (bytes % ((uint64_t)1 << 30) == 0)
		snprintf(buf, size, "%" PRIu64 "GiB", bytes >> 30);
	else if (bytes % ((uint64_t)1 << 20) == 0)
		snprintf(buf, size, "%" PRIu64 "MiB", bytes >> 20);
	else
		snprintf(buf, size, "%" PRIu64 "B", bytes);
}

/*
 * What the plan counted that no trainer key of any profile carries and
 * check takes from its `vramplan:` block only: the training set's size in
 * the trainer (--dataset-ram), a worker's (--worker-ram), a replay buffer,
 * EWC's copies. Without them check of the printed keys is another run (a
 * worker at the 2 GiB default instead of the fork and the dataset; no EWC
 * on the GPU): until 2026-11-30 nothing said so. Lightning's config is not
 * one check reads.
 */
static void comment_block_settings(FILE *f, const struct vp_plan_request *req, enum vp_profile profile)
{
	char keys[256] = "", size[32];
	size_t n = 0;

	if (profile == VP_PROFILE_LIGHTNING)
		return;
	if (vp_host_dataset_known(req->host.dataset_ram_bytes, req->host.dataset_ram_given)) {
		block_size(size, sizeof size, req->host.dataset_ram_bytes);
		n += (size_t)snprintf(keys + n, sizeof keys - n, "%sdataset_ram: %s", n > 0 ? ", " : "", size);
	}
	if (vp_host_dataset_known(req->host.eval_dataset_ram_bytes, req->host.eval_dataset_ram_given) && n < sizeof keys) {
		block_size(size, sizeof size, req->host.eval_dataset_ram_bytes);
		n += (size_t)snprintf(keys + n, sizeof keys - n, "%seval_dataset_ram: %s", n > 0 ? ", " : "", size);
	}
	if (req->host.worker_ram_bytes > 0 && n < sizeof keys) {
		block_size(size, sizeof size, req->host.worker_ram_bytes);
		n += (size_t)snprintf(keys + n, sizeof keys - n, "%sworker_ram: %s", n > 0 ? ", " : "", size);
	}
	if (req->host.replay_buffer > 0 && n < sizeof keys)
		n += (size_t)snprintf(keys + n, sizeof keys - n, "%sreplay_buffer: %" PRIu64, n > 0 ? ", " : "",
				      req->host.replay_buffer);
	if (req->ewc && n < sizeof keys)
		n += (size_t)snprintf(keys + n, sizeof keys - n, "%sewc: true", n > 0 ? ", " : "");
	if (n > 0)
		fprintf(f, "# note: no trainer key says these: vramplan check reads them from its vramplan: block "
			   "(%s)\n",
			keys);
}

static void comment_notes(FILE *f, const struct vp_model *m, const struct vp_plan_request *req,
			  enum vp_profile profile)
{
	const struct vp_train *t = &req->train;
	/* where the notes say TRL prints a key this profile lacks: only for
	 * a causal LM, the one head `trl sft` trains (AutoModelForCausalLM;
	 * --profile trl refuses another, resolve.c). Until 2026-12-01 a BERT
	 * masked-lm or classifier plan was pointed to --profile trl, which
	 * refuses it (tests/cli/profiles/hf-trl-pointer-causal-only.sh) */
	bool trl_keys = profile == VP_PROFILE_HF && t->head == VP_HEAD_CAUSAL_LM;

	if (profile == VP_PROFILE_HF)
		comment_lengths(f, m, t);
	/* a DeepSpeed config has no length key at all: check takes
	 * vramplan's defaults unless told */
	if (profile == VP_PROFILE_DEEPSPEED) {
		bool target = vp_head_uses_target(m, t->head);

		if (target && (t->seq_len != VP_TC_DEFAULT_SEQ_LEN || t->tgt_len != VP_TC_DEFAULT_TARGET_LEN))
			fprintf(f, "# note: a DeepSpeed config has no length key: vramplan check reads it at these "
				   "lengths with --seq-len %" PRIu64 " --target-len %" PRIu64 " (else %d and %d)\n",
				t->seq_len, t->tgt_len, VP_TC_DEFAULT_SEQ_LEN, VP_TC_DEFAULT_TARGET_LEN);
		else if (!target && t->seq_len != VP_TC_DEFAULT_SEQ_LEN)
			fprintf(f, "# note: a DeepSpeed config has no length key: vramplan check reads it at this "
				   "length with --seq-len %" PRIu64 " (else %d)\n",
				t->seq_len, VP_TC_DEFAULT_SEQ_LEN);
	}

	/* No trainer key of these profiles says the data-parallel GPU count
	 * (the launcher's: torchrun --nproc_per_node, accelerate's
	 * num_processes), and check takes 1 GPU without --gpus or
	 * vramplan.gpus (tc_settle.c), without a word under plain DDP: a
	 * 4-GPU plan read back as one GPU loses DDP's gradient buckets and the
	 * gathered eval predictions (mT5 on RTX 3090s: 17.88 GiB planned, 1
	 * GPU's peak reported; until 2026-11-30 nothing said so). A DeepSpeed
	 * config's numeric train_batch_size gives the count. The nodes only
	 * split the host RAM. */
	if ((profile == VP_PROFILE_HF || profile == VP_PROFILE_TRL || profile == VP_PROFILE_AXOLOTL ||
	     profile == VP_PROFILE_LLAMAFACTORY) &&
	    t->gpus > 1) {
		if (req->host.nodes > 1)
			fprintf(f,
				"# note: no trainer key says the GPU count (the launcher's): vramplan check reads "
				"it with --gpus %" PRIu64 " --nodes %" PRIu64 " or vramplan.gpus: %" PRIu64
				" and vramplan.nodes: %" PRIu64 " (one GPU otherwise)\n",
				(uint64_t)t->gpus, (uint64_t)req->host.nodes, (uint64_t)t->gpus, (uint64_t)req->host.nodes);
		else
			fprintf(f,
				"# note: no trainer key says the GPU count (the launcher's): vramplan check reads "
				"it with --gpus %" PRIu64 " or vramplan.gpus: %" PRIu64 " (one GPU otherwise)\n",
				(uint64_t)t->gpus, (uint64_t)t->gpus);
	}

	/* --eval-predictions argmax is the script's preprocess_logits_for_metrics,
	 * a Trainer argument that no TrainingArguments key says (LLaMA-Factory's
	 * compute_accuracy does, and the plan prints it), so check of the keys
	 * alone assumes the logits kept, and its eval check and eval_accumulation
	 * warning are another evaluation's (Qwen2.5 3B LoRA on an H100, eval batch
	 * 61: "runs out of memory at eval step 2"; until 2026-11-30 nothing said
	 * how to read it back) */
	if ((profile == VP_PROFILE_HF || profile == VP_PROFILE_TRL) && req->eval.predictions == VP_PREDS_ARGMAX &&
	    !req->eval.generate)
		fputs("# note: no trainer key says the preprocess_logits_for_metrics that keeps the argmax: vramplan "
		      "check reads it with vramplan.eval_predictions: argmax (--set eval_predictions=argmax), the "
		      "logits kept otherwise\n",
		      f);

	comment_block_settings(f, req, profile);

	/* --eval-samples counts the whole set's kept predictions in host RAM
	 * (and on the GPU without eval_accumulation_steps); no TrainingArguments
	 * key holds the set's size, and check without one counts the first
	 * move's alone, a lower bound its text does not flag (JSON's
	 * host.eval_predictions_lower_bound): mT5 with 300 eval samples, 139.48
	 * GiB of host RAM planned, read back as 71.75 GiB until 2026-11-30,
	 * with nothing said */
	if ((profile == VP_PROFILE_HF || profile == VP_PROFILE_TRL) && req->eval.eval_samples > 0 &&
	    req->eval.predictions != VP_PREDS_NONE)
		fprintf(f,
			"# note: no trainer key holds the evaluation set's size: vramplan check reads your script's "
			"max_eval_samples: %" PRIu64 " or vramplan.eval_samples (--eval-samples %" PRIu64
			"), one move's predictions otherwise\n",
			req->eval.eval_samples, req->eval.eval_samples);

	/* axolotl's sequence_len and LLaMA-Factory's cutoff_len say the
	 * source length, but neither has a key for an encoder-decoder's
	 * target: check takes vramplan's default there (trainconfig.c, "target
	 * length: 128 (vramplan default; set vramplan.target_len)"). Until
	 * 2026-11-30 the plan did not say so, and flan-t5-large's LoRA plan at
	 * --target-len 64 on an A100 40GB (batch 16) was read back at 128
	 * tokens: "does not fit" (tests/cli/check/plan-round-trip.sh) */
	if ((profile == VP_PROFILE_AXOLOTL || profile == VP_PROFILE_LLAMAFACTORY) && vp_head_uses_target(m, t->head) &&
	    t->tgt_len != VP_TC_DEFAULT_TARGET_LEN)
		fprintf(f,
			"# note: %s config has no target-length key: vramplan check reads it at this length with "
			"--target-len %" PRIu64 " or vramplan.target_len (else %d)\n",
			profile == VP_PROFILE_AXOLOTL ? "an axolotl" : "a LLaMA-Factory", t->tgt_len,
			VP_TC_DEFAULT_TARGET_LEN);

	/* A GPTQ base is the checkpoint's own quantization_config, which
	 * transformers reads at from_pretrained: TrainingArguments', TRL's,
	 * LLaMA-Factory's and DeepSpeed's keys have none (axolotl's gptq: true
	 * says it). check takes it from the model's config.json
	 * (trainconfig.c stored_quant), so a plan over a model the catalogue
	 * holds unquantized read back as a 16-bit base: until 2026-11-30
	 * nothing said so, and Llama 3.2 3B's GPTQ QLoRA plan under the trl
	 * profile (batch 4, 18.43 GiB on an RTX 4090) read back at 29.03 GiB */
	if (profile != VP_PROFILE_AXOLOTL && profile != VP_PROFILE_LIGHTNING && t->quant == VP_QUANT_GPTQ_INT4 &&
	    strcmp(m->stored_quant, "gptq-int4") != 0)
		fputs("# note: no key says a GPTQ base (the checkpoint's own quantization_config does): vramplan check "
		      "reads it from the GPTQ checkpoint's config.json as --model, or with --quant gptq-int4 or "
		      "vramplan.quant\n",
		      f);

	/* HF's bf16: false leaves the loading to the user's script; axolotl
	 * loads the weights in the dtype of its bf16/fp16 key itself and runs
	 * the Trainer's autocast over them. check reads the script's dtype
	 * from the config's torch_dtype (the field of run_clm.py's
	 * ModelArguments and TRL's ModelConfig; tc_settle.c settle_precision),
	 * else fp32 weights: until 2026-11-30 the note did not name the key,
	 * and the printed keys alone read back as fp32 weights, 90 GiB for
	 * Llama 3.1 8B's LoRA plan of 61 GiB on an A100 80GB */
	if (profile == VP_PROFILE_HF && t->zero_stage == 0 && (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16))
		fprintf(f,
			"# note: %s weights without autocast: load the model with torch_dtype=torch.%s (vramplan "
			"check reads your script's torch_dtype: %s; fp32 weights otherwise)\n",
			vp_precision_name(t->precision), t->precision == VP_PREC_BF16 ? "bfloat16" : "float16",
			t->precision == VP_PREC_BF16 ? "bfloat16" : "float16");
	if (profile == VP_PROFILE_LIGHTNING && t->grad_ckpt)
		fputs("# note: Lightning has no trainer flag for checkpointing: call "
		      "model.gradient_checkpointing_enable() in the LightningModule\n", f);
	/* predict_with_generate, generation_max_length and generation_num_beams
	 * are Seq2SeqTrainingArguments' own fields (huggingface/transformers
	 * src/transformers/training_args_seq2seq.py), not TrainingArguments':
	 * HfArgumentParser(TrainingArguments) stops at them ("Some keys are not
	 * used by the HfArgumentParser") and TrainingArguments(**config) raises
	 * TypeError. run_summarization.py and Seq2SeqTrainer take them. Until
	 * 2026-11-30 the hf plan printed them without saying so (docs/planner.md
	 * "Keys each profile emits") */
	if (vp_settings_generation_keys(req, profile))
		fputs("# note: predict_with_generate, generation_max_length and generation_num_beams are "
		      "Seq2SeqTrainingArguments' fields (Seq2SeqTrainer, run_summarization.py): plain "
		      "TrainingArguments refuses them\n", f);
	/* axolotl's schema since axolotl-ai-cloud/axolotl#3602 (2026-04) names
	 * the kernel attn_implementation: flash_attention_2 and keeps
	 * flash_attention, deprecated, as its alias (LEGACY_ATTN_FLAG_TO_IMPL in
	 * src/axolotl/utils/schemas/enums.py, which config.py's normalizer
	 * reads); releases before it have no
	 * attn_implementation field, so the plan prints the key both read */
	if (profile == VP_PROFILE_AXOLOTL && t->attn == VP_ATTN_FLASH2)
		fputs("# note: flash_attention: true is read by every axolotl release; since axolotl#3602 "
		      "(2026-04) it is the deprecated alias of attn_implementation: flash_attention_2, "
		      "which earlier releases do not have\n", f);
	/* axolotl's packed rows keep a mask without FlashAttention (train.c
	 * vp_axolotl_packing_masks; resolve.c counts it) */
	if (profile == VP_PROFILE_AXOLOTL && vp_axolotl_packing_masks(t))
		fputs("# note: sample_packing without flash_attention still masks attention in axolotl (its "
		      "block-diagonal mask for Llama-derived models, transformers' for a bin not exactly full): "
		      "the plan counts the mask and SDPA's k/v copies; --attn flash2 plans the rows unmasked\n",
		      f);
	/* The DeepSpeed profile prints no optimizer section (settings.c
	 * settings_deepspeed: the loop passes its own optimizer to
	 * deepspeed.initialize), and check reads a config without one as the
	 * client's AdamW with the foreach step (tc_settle.c), which holds one
	 * more temporary the size of the trained parameters than the fused
	 * one. Until 2026-11-30 nothing said so, and a plan with another
	 * optimizer read back over its budget: R1-Distill-Qwen 1.5B under ZeRO
	 * 2 with --optimizer adamw-8bit, 64.34 GiB planned on an H100, 74.95
	 * read back with 32-bit states (found by round-tripping the plans of
	 * scripts/invariants.py through check) */
	if (profile == VP_PROFILE_DEEPSPEED && t->optimizer != VP_OPT_ADAMW)
		fprintf(f,
			"# note: a DeepSpeed config without an optimizer section runs the one your loop passes to "
			"deepspeed.initialize(optimizer=...): the plan counts %s, which vramplan check reads with "
			"--optimizer %s (adamw otherwise)\n",
			vp_optimizer_name(t->optimizer), vp_optimizer_name(t->optimizer));
	/* DeepSpeed's activation_checkpointing configures its own
	 * deepspeed.checkpointing API, which a transformers model does not
	 * call (check reads such a config as not checkpointed, tc_settle.c); the
	 * HF Trainer checkpoints from TrainingArguments. Until 2026-11-29
	 * nothing said so, and the keys read back without checkpointing */
	if (profile == VP_PROFILE_DEEPSPEED && t->grad_ckpt)
		fputs("# note: a DeepSpeed config has no key that checkpoints a transformers model: set "
		      "TrainingArguments' gradient_checkpointing: true (HF Trainer) or call "
		      "model.gradient_checkpointing_enable()\n", f);
	/* the keys print label_smoothing_factor where TrainingArguments
	 * are the config (settings.c trainer_run_keys) */
	if (t->label_smoothing > 0.0 && profile != VP_PROFILE_HF && profile != VP_PROFILE_TRL &&
	    profile != VP_PROFILE_LLAMAFACTORY)
		fprintf(f, "# note: label smoothing %g is counted as the HF Trainer's LabelSmoother runs it "
			   "(TrainingArguments label_smoothing_factor); no %s key sets it\n",
			t->label_smoothing, vp_profile_name(profile));
	/* the profiles whose keys say nothing of the attention or packing:
	 * the notes below name what lacks the key */
	const char *keyless = profile == VP_PROFILE_HF	      ? "TrainingArguments has"
			      : profile == VP_PROFILE_LIGHTNING ? "Lightning has"
			      : profile == VP_PROFILE_DEEPSPEED ? "a DeepSpeed config has"
								: NULL;

	/* FlashAttention-2 is never transformers' default (SDPA is, eager on
	 * PyTorch 1.x): where the profile's keys cannot ask for it, the
	 * script must, or the run takes SDPA and its padded batch's mask.
	 * A DeepSpeed config is checked at SDPA (T5: eager) unless check's
	 * --attn says otherwise, which these notes name (until 2026-12-01
	 * they did not, tests/cli/profiles/t5-sdpa-named.sh) */
	if (t->attn == VP_ATTN_FLASH2 && keyless != NULL)
		fprintf(f, "# note: %s no attention key: the plan is from_pretrained(..., "
			   "attn_implementation=\"flash_attention_2\") in your script%s\n",
			keyless,
			trl_keys			  ? "; --profile trl prints it as a key"
			: profile == VP_PROFILE_DEEPSPEED ? "; vramplan check reads it with --attn flash2"
							  : "");
	/* the T5 family's SDPA is asked for, not its default (eager, as
	 * releases before huggingface/transformers#47014 have it alone,
	 * resolve.c): the script must ask for it too, or check of the printed
	 * keys (no attn_implementation: eager for T5) reads another run */
	if (t->attn == VP_ATTN_SDPA && m->naming == VP_NAMING_T5 && vp_attn_that_runs(m, NULL, t->attn) == VP_ATTN_SDPA &&
	    keyless != NULL)
		fprintf(f, "# note: %s no attention key: the plan is from_pretrained(..., attn_implementation=\"sdpa\") "
			   "in your script (transformers with PR #47014; eager before it, which needs more)%s\n",
			keyless,
			profile == VP_PROFILE_HF	  ? "; vramplan check reads attn_implementation: sdpa beside these keys"
			: profile == VP_PROFILE_DEEPSPEED ? "; vramplan check reads it with --attn sdpa"
							  : "");
	/* eager where the run's default is another kernel (SDPA on PyTorch
	 * 2): unnamed, the script's run and check of the printed keys take
	 * SDPA, which holds no score matrix. Until 2026-12-01 nothing said
	 * so: bert-base's eager plan on an RTX 3090, 18.67 GiB at batch 34,
	 * read back at 9.46 GiB (tests/cli/profiles/eager-named.sh) */
	if (t->attn == VP_ATTN_EAGER && vp_attn_eager_not_default(m, t) && keyless != NULL) {
		const char *read_back = profile == VP_PROFILE_HF ? "; vramplan check reads attn_implementation: eager "
								   "beside these keys"
					: profile == VP_PROFILE_DEEPSPEED ? "; vramplan check reads it with --attn eager"
									  : "";

		fprintf(f, "# note: %s no attention key: the plan is from_pretrained(..., attn_implementation=\"eager\") "
			   "in your script (transformers' default, SDPA, needs less)%s\n",
			keyless, read_back);
	}
	/* likewise packing: a padded batch keeps SDPA's mask in every layer
	 * and repeats grouped k/v heads, which the packed plan leaves out */
	if (t->packed && keyless != NULL)
		fprintf(f, "# note: %s no packing key: the plan is for samples of exactly %" PRIu64 " tokens, no "
			   "padding, as your script packs them%s\n",
			keyless, t->seq_len, trl_keys ? "; --profile trl prints packing: true" : "");
	/* activation offload: TRL's SFTConfig and axolotl have the key
	 * (activation_offloading, settings.c); the others none. TrainingArguments
	 * and LLaMA-Factory's arguments (hparams/model_args.py) have no such
	 * field, Lightning's Trainer no flag, and DeepSpeed's
	 * activation_checkpointing.cpu_checkpointing drives its own
	 * deepspeed.checkpointing API, which a transformers model does not
	 * call. Until 2026-11-30 no profile said it, and the keys ran without. */
	if (t->activation_offload && profile != VP_PROFILE_TRL && profile != VP_PROFILE_AXOLOTL)
		fprintf(f, "# note: %s no activation-offload key: the plan moves the saved activations to host "
			   "memory (torchtune's OffloadActivations, TRL's get_act_offloading_ctx_manager): enter it "
			   "around each training step in your code%s%s\n",
			keyless != NULL ? keyless : "LLaMA-Factory has",
			trl_keys ? "; --profile trl prints activation_offloading: true" : "",
			profile == VP_PROFILE_LIGHTNING ? ""
							 : "; vramplan check reads it with --set activation_offload=true "
							   "(vramplan.activation_offload)");
	/* Liger: TrainingArguments (use_liger_kernel), TRL, LLaMA-Factory
	 * (enable_liger_kernel) and axolotl (its LigerPlugin) print a key
	 * (settings.c); Lightning's Trainer and a DeepSpeed config have none,
	 * so the script applies the kernels (liger_kernel.transformers
	 * apply_liger_kernel_to_<model> before the model loads, or
	 * AutoLigerKernelForCausalLM). Until 2026-11-30 nothing said so. */
	if ((t->liger_loss || t->liger_swiglu || t->liger_rms_norm) && vp_liger_patches(m) &&
	    (profile == VP_PROFILE_LIGHTNING || profile == VP_PROFILE_DEEPSPEED))
		fprintf(f, "# note: %s no Liger key: the plan counts Liger's kernels, which your script applies "
			   "(liger_kernel.transformers.apply_liger_kernel_to_%s before the model loads, or "
			   "AutoLigerKernelForCausalLM)\n",
			keyless, m->model_type);
	/* --loss chunked where the profile has no key for it: TrainingArguments
	 * (transformers training_args.py) and LLaMA-Factory's arguments
	 * (hparams/finetuning_args.py, model_args.py: use_liger_kernel is
	 * Liger's fused loss, --liger) have no chunked loss, Lightning's
	 * Trainer no flag (litgpt's lives in its GPT.forward and training
	 * scripts), a DeepSpeed config no loss. As printed the run computes
	 * the model's standard loss, logits and fp32 loss whole, which holds
	 * more than planned. axolotl (chunked_cross_entropy) and TRL print a
	 * key (settings.c). Until 2026-11-30 nothing said so. */
	if (t->loss == VP_LOSS_CHUNKED && !t->liger_loss && profile != VP_PROFILE_TRL && profile != VP_PROFILE_AXOLOTL)
		fprintf(f, "# note: %s no chunked-loss key: the plan counts litgpt's or torchtune's chunked "
			   "cross-entropy, which your training code must run; as printed the run computes the "
			   "standard loss, which holds more (plan it without --loss chunked)%s\n",
			keyless != NULL ? keyless : "LLaMA-Factory has",
			profile == VP_PROFILE_HF ? "; --profile axolotl prints chunked_cross_entropy" : "");
	/* --loss chunked is litgpt's and torchtune's, which keep the LM head's
	 * chunks for backward (logits.c); TRL's chunked_nll, printed for it,
	 * keeps none: the LM head and the cross-entropy run on 256 non-ignored
	 * tokens at a time under checkpointing (huggingface/trl#5575,
	 * _CHUNKED_LM_HEAD_CHUNK_SIZE), which vramplan does not model. It holds
	 * less at long sequences, not at every length: until trl#6863
	 * (2026-08-21) each chunk computed h.float() @ w.float().t() (trl/
	 * trainer/sft_trainer.py _chunk), an fp32 copy of the whole LM head
	 * weight, V x h x 4 bytes, for every chunk and again in its recompute,
	 * more than the standard loss's 12 x T x V below T = h / 3 tokens.
	 * Until 2026-11-30 the note said the run holds less than planned. */
	if (profile == VP_PROFILE_TRL && t->loss == VP_LOSS_CHUNKED && !t->liger_loss)
		fputs("# note: loss_type: chunked_nll is TRL's chunked loss, which vramplan does not model: it "
		      "keeps no logits (the LM head and loss run on 256 tokens at a time under checkpointing), "
		      "where the plan's (litgpt's, torchtune's) keeps the head's chunks; less than planned at long "
		      "sequences, but TRL releases before trl#6863 copy a 16-bit LM head weight whole to fp32 for "
		      "every chunk, which a short sequence's plan does not cover\n", f);
	/* the standard loss printed as loss_type: nll, where TRL >= 1.7 would
	 * run chunked_nll unset (huggingface/trl#5846): said, so that the key
	 * reads as the plan's assumption and not as advice */
	else if (profile == VP_PROFILE_TRL && !t->liger_loss)
		fputs("# note: loss_type: nll is the standard loss the plan counts, logits kept; TRL >= 1.7 "
		      "runs chunked_nll when unset, which keeps no logits and which vramplan does not model "
		      "(less at long sequences; releases before trl#6863 copy a 16-bit LM head weight to fp32 for "
		      "every chunk, more than the standard loss below h/3 tokens a micro-batch)\n", f);
	/* TrainingArguments' optim "sgd" is torch.optim.SGD with the learning
	 * rate alone: Trainer.get_optimizer_cls_and_kwargs passes optim_args
	 * to some optimizers (bitsandbytes' RMSprop, GaLore, AdEMAMix...), not
	 * to SGD (huggingface/transformers src/transformers/trainer.py), so
	 * no key gives it momentum. Until 2026-11-29 the hf note said to add
	 * optim_args: "momentum=0.9", which the Trainer ignores: the run was
	 * plain SGD. Trainer's optimizer_cls_and_kwargs sets the class and
	 * its arguments. axolotl hands its optimizer: sgd and optim_args to
	 * TrainingArguments likewise (core/builders/base.py
	 * _configure_optimizer: only its custom optimizers get
	 * optimizer_cls_and_kwargs). */
	if ((profile == VP_PROFILE_HF || profile == VP_PROFILE_TRL || profile == VP_PROFILE_LLAMAFACTORY ||
	     profile == VP_PROFILE_AXOLOTL) &&
	    t->optimizer == VP_OPT_SGD_MOMENTUM)
		fprintf(f,
			"# note: sgd with momentum: %s: sgd runs torch.optim.SGD without momentum (the Trainer passes "
			"SGD no optim_args), and no %s key adds it: %s\n",
			profile == VP_PROFILE_AXOLOTL ? "optimizer" : "optim",
			profile == VP_PROFILE_HF ? "TrainingArguments" : vp_profile_name(profile),
			profile == VP_PROFILE_HF
				? "pass Trainer(..., optimizer_cls_and_kwargs=(torch.optim.SGD, {\"momentum\": 0.9}))"
				: "as printed the run is plain SGD, which holds less (--optimizer sgd)");
	/* TrainingArguments has no adapter or quantization key: say what the
	 * script must set, and where keys for it exist */
	if ((profile == VP_PROFILE_HF || profile == VP_PROFILE_LIGHTNING || profile == VP_PROFILE_DEEPSPEED) &&
	    vp_train_has_adapters(t)) {
		char targets[VP_MAX_TARGETS * 37 + 16] = "";
		size_t i, used = 0;

		/* as Python writes it */
		if (t->lora_all_linear)
			snprintf(targets, sizeof targets, "\"all-linear\"");
		for (i = 0; !t->lora_all_linear && i < t->n_lora_targets && used < sizeof targets; i++) {
			int w = snprintf(targets + used, sizeof targets - used, "%s\"%s\"%s", i == 0 ? "[" : ", ",
					 t->lora_targets[i], i + 1 == t->n_lora_targets ? "]" : "");

			if (w < 0)
				break;
			used += (size_t)w;
		}
		/* Lightning's trainer and a DeepSpeed config have none either:
		 * the script wraps the model */
		fprintf(f, "# note: %s has no LoRA keys: the plan is LoraConfig(r=%" PRIu64
			   ", lora_dropout=%g, target_modules=%s%s)%s in your script%s\n",
			profile == VP_PROFILE_HF	  ? "TrainingArguments"
			: profile == VP_PROFILE_LIGHTNING ? "Lightning's Trainer"
							  : "a DeepSpeed config",
			t->lora_r, t->lora_dropout, targets, t->dora ? ", use_dora=True" : "", quantization_text(t->quant),
			trl_keys ? "; --profile trl prints them as keys" : "");
	}
}

/* ------------------------------------------------------------------ YAML */

static void ysettings(struct vp_yaml_out *y, const struct vp_setting *s, size_t n)
{
	char num[32];
	size_t i, j;

	for (i = 0; i < n; i++) {
		switch (s[i].type) {
		case VP_SETTING_INT:
			snprintf(num, sizeof num, "%" PRIu64, s[i].i);
			vp_yaml_scalar(y, s[i].key, false);
			vp_yaml_scalar(y, num, false);
			break;
		case VP_SETTING_BOOL:
			vp_yaml_scalar(y, s[i].key, false);
			vp_yaml_scalar(y, s[i].b ? "true" : "false", false);
			break;
		case VP_SETTING_NUMBER:
			vp_emit_shortest_double(s[i].d, num, sizeof num);
			vp_yaml_scalar(y, s[i].key, false);
			vp_yaml_scalar(y, num, false);
			break;
		case VP_SETTING_STRING:
			vp_yaml_scalar(y, s[i].key, false);
			vp_yaml_scalar(y, s[i].s, vp_yaml_ambiguous(s[i].s));
			break;
		case VP_SETTING_LIST:
			vp_yaml_scalar(y, s[i].key, false);
			if (s[i].joined) {
				char buf[VP_MAX_TARGETS * 33];
				const char *v = vp_setting_joined(&s[i], buf, sizeof buf);

				vp_yaml_scalar(y, v, vp_yaml_ambiguous(v));
				break;
			}
			vp_yaml_send(y, yaml_sequence_start_event_initialize(&y->ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
			for (j = 0; j < s[i].n_list; j++)
				vp_yaml_scalar(y, vp_setting_item(&s[i], j), vp_yaml_ambiguous(vp_setting_item(&s[i], j)));
			vp_yaml_send(y, yaml_sequence_end_event_initialize(&y->ev));
			break;
		case VP_SETTING_BEGIN:
			vp_yaml_scalar(y, s[i].key, false);
			vp_yaml_send(y, yaml_mapping_start_event_initialize(&y->ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
			break;
		case VP_SETTING_END:
			vp_yaml_send(y, yaml_mapping_end_event_initialize(&y->ev));
			break;
		}
	}
}

/* One YAML document: a block mapping of the settings. */
static int emit_yaml_mapping(FILE *out, const struct vp_setting *s, size_t n, struct vp_error *err)
{
	struct vp_yaml_out y;
	int rc = 0;

	memset(&y, 0, sizeof y);
	if (!yaml_emitter_initialize(&y.em))
		return vp_error_set(err, VP_ERR_IO, "cannot initialize the YAML emitter");
	yaml_emitter_set_output_file(&y.em, out);
	yaml_emitter_set_unicode(&y.em, 1);
	yaml_emitter_set_width(&y.em, -1);

	vp_yaml_send(&y, yaml_stream_start_event_initialize(&y.ev, YAML_UTF8_ENCODING));
	vp_yaml_send(&y, yaml_document_start_event_initialize(&y.ev, NULL, NULL, NULL, 1));
	vp_yaml_send(&y, yaml_mapping_start_event_initialize(&y.ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
	ysettings(&y, s, n);
	vp_yaml_send(&y, yaml_mapping_end_event_initialize(&y.ev));
	vp_yaml_send(&y, yaml_document_end_event_initialize(&y.ev, 1));
	vp_yaml_send(&y, yaml_stream_end_event_initialize(&y.ev));

	if (y.failed && y.em.error == YAML_WRITER_ERROR)
		rc = vp_error_set(err, VP_ERR_IO, "cannot write the output: %s", strerror(errno));
	else if (y.failed)
		rc = vp_error_set(err, VP_ERR_IO, "cannot write the YAML output: %s",
				  y.em.problem != NULL ? y.em.problem : "emitter error");
	yaml_emitter_delete(&y.em);
	return rc;
}

/* The stream's state after writing: a failed write (a full disk, a closed
 * stdout) is reported with the reason errno gives. */
int vp_emit_stream_status(FILE *out, struct vp_error *err)
{
	errno = 0;
	if (fflush(out) != 0 || ferror(out))
		return vp_error_set(err, VP_ERR_IO, "cannot write the output: %s",
				    errno != 0 ? strerror(errno) : "write error");
	return 0;
}

int vp_emit_plan_settings(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
			  const struct vp_plan *plan, enum vp_profile profile, struct vp_setting *s, size_t *n,
			  struct vp_error *err)
{
	if (m == NULL || g == NULL || req == NULL || plan == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	*n = vp_plan_settings(m, req, plan, profile, s, VP_SETTINGS_MAX);
	if (*n > VP_SETTINGS_MAX)
		return vp_error_set(err, VP_ERR_INPUT, "too many settings (%zu)", *n);
	return 0;
}

int vp_emit_plan_yaml(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_plan_request *req, const struct vp_plan *plan,
		      enum vp_profile profile, struct vp_error *err)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = 0;

	if (out == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	if (vp_emit_plan_settings(m, g, req, plan, profile, s, &n, err) != 0)
		return -1;

	comment_title(out, "plan", m, g);
	comment_setup(out, m, &req->train);
	comment_seq_search(out, &req->seq_search);
	comment_budget(out, g, req->util, &req->train);
	comment_train(out, m, req, plan);
	comment_eval(out, req, plan, profile);
	comment_host(out, req, plan, profile);
	comment_notes(out, m, req, profile);
	if (emit_yaml_mapping(out, s, n, err) != 0)
		return -1;
	return vp_emit_stream_status(out, err);
}

/*
 * The evaluation step beside estimate's training step: its peak against the
 * budget, what it holds, and the moment the peak falls in (docs/memory-
 * model.md "Evaluation and generation"). The rows are the parts the levels
 * are made of: the resident tensors and the casts, then each moment's
 * dynamic part (the peak takes the largest), the allocator's rounding and
 * the context. Under --method frozen nothing trains: the evaluation is a
 * forward of the model alone, what an inference batch holds.
 */
static void comment_estimate_eval(FILE *f, const struct vp_train *t, const struct vp_emit_eval *ev, uint64_t ewc,
				  uint64_t budget)
{
	const struct vp_eval_estimate *e = &ev->ev;
	const struct vp_eval_opts *opts = ev->opts;
	char dev[32], alloc[32], res[32], room[32], kv[32], pred[32];
	uint64_t outside = e->device_bytes - e->reserved_bytes;

	vp_format_gib(e->device_bytes, dev, sizeof dev);
	vp_format_gib(e->allocated_bytes, alloc, sizeof alloc);
	vp_format_gib(e->reserved_bytes, res, sizeof res);
	fprintf(f, "# eval batch %" PRIu64, ev->batch);
	/* a known evaluation set caps --batch (cmd_estimate.c) */
	if (ev->config_batch > ev->batch)
		fprintf(f, " (--batch %" PRIu64 " capped at the %" PRIu64 " eval samples)", ev->config_batch,
			opts->eval_samples);
	fprintf(f, ": device peak %s GiB (allocated %s, reserved %s) at its %s moment", dev, alloc, res,
		vp_eval_moment_name(e->peak_moment));
	if (e->device_bytes <= budget) {
		vp_format_margin(budget - e->device_bytes, room, sizeof room);
		fprintf(f, ": fits, %s under the budget\n", room);
	} else {
		vp_format_margin(e->device_bytes - budget, room, sizeof room);
		fprintf(f, ": does not fit, %s over the budget\n", room);
	}
	fputs(t->method != VP_METHOD_FROZEN ? "#   (forward only, optimizer states resident"
	      : opts->generate
		      ? "#   (inference: nothing trains, no optimizer states or gradients; model.generate() alone,\n"
			"#   no labels, no loss forward"
		      : "#   (nothing trains: a forward alone, no optimizer states or gradients",
	      f);
	if (opts->generate) {
		vp_format_gib(e->kv_cache_bytes, kv, sizeof kv);
		fprintf(f, "; generate: %" PRIu64 " beam%s x %" PRIu64 " new tokens, KV cache %s GiB", opts->num_beams,
			opts->num_beams == 1 ? "" : "s", opts->max_new_tokens, kv);
	}
	/* the loss forward's own cache, where there is a loss forward */
	if (e->forward_kv_cache_bytes > 0 && !(opts->generate && opts->generate_only)) {
		vp_format_gib(e->forward_kv_cache_bytes, kv, sizeof kv);
		fprintf(f, "; its forward keeps a KV cache of %s GiB: %s", kv,
			t->trainer_use_cache ? "TrainingArguments' use_cache: true"
					     : "the loop calls the model, use_cache on");
	}
	fputs(")\n", f);
	comment_row(f, "resident", e->resident_bytes);
	comment_row(f, "weight copies", e->weight_copies_bytes);
	if (!(opts->generate && opts->generate_only))
		comment_row(f, "loss forward", e->loss_bytes);
	if (opts->generate)
		comment_row(f, "generation", e->generate_bytes);
	comment_row(f, "kept predictions", e->predictions_peak_bytes);
	/* EWC's copies are in each level (cmd_estimate.c): the context is
	 * what lies between reserved and device */
	if (ewc > 0)
		comment_row(f, "ewc", ewc);
	comment_row(f, "allocator", e->reserved_bytes - e->allocated_bytes);
	comment_row(f, "cuda context", outside);
	/* the moments the rows above list: generate_only has no loss forward */
	fputs(opts->generate && opts->generate_only
		      ? "#   (generation and kept predictions are the evaluation's moments: its peak is the larger,\n"
			"#   beside what is resident)\n"
		      : "#   (the loss forward, generation and kept predictions are the evaluation's moments: its peak is\n"
			"#   the largest of them, beside what is resident)\n",
	      f);
	if (ev->accumulation_steps > 0) {
		vp_format_bytes(e->predictions_bytes_per_step, pred, sizeof pred);
		fprintf(f,
			"# eval_accumulation_steps %" PRIu64 ": predictions, %s a step, stay on the GPU that many "
			"steps\n",
			ev->accumulation_steps, pred);
	}
}

int vp_emit_estimate_yaml(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e, uint64_t ewc,
			  const struct vp_seq_search *seq, const struct vp_emit_eval *eval, struct vp_error *err)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	uint64_t budget;
	size_t n;
	char room[32];

	if (out == NULL || m == NULL || g == NULL || t == NULL || e == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	budget = vp_budget_bytes(g, util, t);
	n = vp_estimate_settings(e, t->batch, budget, ewc, s, VP_SETTINGS_MAX);

	comment_title(out, "estimate", m, g);
	comment_setup(out, m, t);
	comment_seq_search(out, seq);
	comment_budget(out, g, util, t);
	fprintf(out, "# batch %" PRIu64, t->batch);
	if (t->grad_accum > 1)
		fprintf(out, " with %" PRIu64 " accumulation steps", t->grad_accum);
	fputs(": ", out);
	comment_peak(out, e, ewc);
	if (e->device_bytes + ewc <= budget) {
		vp_format_margin(budget - e->device_bytes - ewc, room, sizeof room);
		fprintf(out, ": fits, %s under the budget\n", room);
	} else {
		vp_format_margin(e->device_bytes + ewc - budget, room, sizeof room);
		fprintf(out, ": does not fit, %s over the budget\n", room);
	}
	comment_breakdown(out, e, ewc);
	fprintf(out, "# parameters: %" PRIu64 " total, %" PRIu64 " trainable\n", e->params_total,
		e->params_trainable);
	if (eval != NULL) {
		size_t room_left = n < VP_SETTINGS_MAX ? VP_SETTINGS_MAX - n : 0;

		comment_estimate_eval(out, t, eval, ewc, budget);
		n += vp_estimate_eval_settings(eval->opts, eval->batch, eval->accumulation_steps, &eval->ev, budget,
					       room_left > 0 ? s + n : s, room_left);
		if (n > VP_SETTINGS_MAX)
			return vp_error_set(err, VP_ERR_INPUT, "too many settings to emit");
	}
	if (emit_yaml_mapping(out, s, n, err) != 0)
		return -1;
	return vp_emit_stream_status(out, err);
}
