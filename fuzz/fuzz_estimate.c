/*
 * libFuzzer target: the estimator and the planner fed by a fuzzed
 * config.json. The input is parsed with vp_hfconfig_parse(); when it gives a
 * model, training options are drawn from a hash of the input (so every
 * mutation also changes the options) and the model is estimated
 * (vp_estimate, vp_estimate_eval) and planned (vp_plan_search, small
 * max_batch) on one of three fixed GPUs. Checks: no overflow, UB or hang in
 * the arithmetic; results are deterministic and add up; a plan that fits
 * stays under its budget, the next batch up does not (when memory is the
 * limit), and the eval batch is at least 1.
 * Seeds: fuzz/corpus/estimate (the real config.json files).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vramplan/estimate.h"
#include "vramplan/heads.h"
#include "vramplan/hfconfig.h"
#include "vramplan/peft.h"
#include "vramplan/plan.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A GPU as large as a catalogue allows (memory_mib 2^40 - 1, a budget near
 * 2^60 bytes), so that the planner's probes run into the estimator's
 * overflow errors (found here first: src/plan.c clear_err() called itself
 * instead of clearing the error, so the first failed probe recursed until
 * the stack overflowed; fixed).
 */
#ifndef VPFZ_HUGE_GPU
#define VPFZ_HUGE_GPU 1
#endif

/* A Turing card without bf16 or FlashAttention-2, an Ampere consumer card,
 * and a Hopper data-centre card (numbers as in models/gpus.yaml). */
static const struct vp_gpu vpfz_gpus[] = {
	{.name = "t4", .memory_mib = 15360, .compute_capability = 75, .bf16 = false,
	 .flash_attn = false, .fp16_tflops = 65.0, .bandwidth_gbs = 320.0},
	{.name = "rtx3090", .memory_mib = 24576, .compute_capability = 86, .bf16 = true,
	 .flash_attn = true, .fp16_tflops = 71.0, .bandwidth_gbs = 936.0},
	{.name = "h100-sxm", .memory_mib = 81559, .compute_capability = 90, .bf16 = true,
	 .flash_attn = true, .fp16_tflops = 989.0, .bandwidth_gbs = 3350.0},
#if VPFZ_HUGE_GPU
	{.name = "huge", .memory_mib = (UINT64_C(1) << 40) - 1, .compute_capability = 90, .bf16 = true,
	 .flash_attn = true, .fp16_tflops = 1000.0, .bandwidth_gbs = 1000.0},
#endif
};

static void vpfz_estimate_describe(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t)
{
	snprintf(vpfz_context, sizeof vpfz_context,
		 "model %s (%s, %llu layers, hidden %llu, vocab %llu) gpu %s batch %llu seq %llu tgt %llu "
		 "head %s %s %s %s quant %s attn %s loss %s r %llu targets %zu%s save %zu gpus %llu zero %d%s%s%s%s%s%s dropout %g%s%s%s%s"
		 " bitsandbytes %s%s%s%s%s%s",
		 m->name, m->model_type, (unsigned long long)m->num_layers, (unsigned long long)m->hidden_size,
		 (unsigned long long)m->vocab_size, g->name, (unsigned long long)t->batch,
		 (unsigned long long)t->seq_len, (unsigned long long)t->tgt_len, vp_head_name(t->head),
		 vp_precision_name(t->precision), vp_method_name(t->method), vp_optimizer_name(t->optimizer),
		 vp_quant_name(t->quant), vp_attn_name(t->attn), vp_loss_name(t->loss),
		 (unsigned long long)t->lora_r, t->n_lora_targets, t->lora_all_linear ? " (all-linear)" : "",
		 t->n_modules_to_save, (unsigned long long)t->gpus, t->zero_stage,
		 t->grad_ckpt ? " grad-ckpt" : "", t->activation_offload ? " offload" : "",
		 t->packed ? " packed" : "", t->compile ? " compile" : "",
		 t->optimizer_in_backward ? " opt-in-bwd" : "", t->fsdp ? " fsdp" : "", t->lora_dropout,
		 t->pytorch == VP_PYTORCH_1 ? " pytorch1" : t->pytorch == VP_PYTORCH_2_0 ? " pytorch2.0" : "",
		 t->expandable_segments ? " expandable-segments" : "",
		 t->liger_loss ? " liger-loss" : "", t->liger_swiglu ? " liger-swiglu" : "", vp_bnb_name(t->bnb),
		 t->graph_freed_between_steps ? " graph-freed" : "", t->direct_forward ? " direct-forward" : "",
		 t->no_cache ? " no-cache" : "", t->autocast_stated ? " autocast-stated" : "",
		 t->liger_rms_norm ? " liger-rms-norm" : "");
}

#define VPFZ_PICK(st, arr) ((arr)[vpfz_draw((st), sizeof(arr) / sizeof((arr)[0]))])

static void vpfz_estimate_options(const struct vp_model *m, uint64_t *st, struct vp_train *t)
{
	static const uint64_t seqs[] = {1, 2, 7, 64, 128, 512, 512, 2048, 8192, 65536, 1u << 20,
					UINT64_C(1) << 40};
	static const uint64_t ranks[] = {1, 8, 16, 64, 1024};
	static const char *const targets[] = {NULL, "all-linear", "q_proj,v_proj", "q,v", "lm_head",
					      "query_key_value,dense"};
	static const char *const saves[] = {"lm_head", "embed_tokens", "classifier", "wte", "shared"};
	struct vp_error err;
	const char *tg;

	vp_train_defaults(t);
	t->batch = vpfz_draw(st, 8) == 0 ? VPFZ_PICK(st, seqs) : 1 + vpfz_draw(st, 64);
	t->seq_len = VPFZ_PICK(st, seqs);
	t->head = vp_model_default_head(m);
	if (vpfz_draw(st, 4) == 0)
		t->head = (enum vp_head)vpfz_draw(st, 5);
	if (m->arch == VP_ARCH_ENCDEC || vpfz_draw(st, 8) == 0)
		t->tgt_len = VPFZ_PICK(st, seqs);
	t->num_labels = 1 + vpfz_draw(st, 10);
	t->texts_per_example = vpfz_draw(st, 4) == 0 ? 1 + vpfz_draw(st, 3) : 1;
	t->gpus = 1 + vpfz_draw(st, 8);
	t->zero_stage = (int)vpfz_draw(st, 4);
	if (vpfz_draw(st, 4) == 0) {
		t->zero_bucket_elements = vpfz_draw(st, 2) ? (uint64_t)1 << vpfz_draw(st, 40) : 0;
		t->zero_bucket_auto = vpfz_draw(st, 3) == 0;
		t->zero_overlap_set = true;
		t->zero_overlap = vpfz_draw(st, 2) == 0;
	}
	t->precision = (enum vp_precision)vpfz_draw(st, 5);
	/* every optimizer and none: the count follows the enum (a literal 10
	 * fell behind it as adamw-4bit and adamw-8bit-ao were added) */
	t->optimizer = (enum vp_optimizer)vpfz_draw(st, (uint64_t)VP_OPT_NONE + 1);
	t->method = (enum vp_method)vpfz_draw(st, 4);
	if (t->method == VP_METHOD_QLORA)
		t->quant = (enum vp_quant)(1 + vpfz_draw(st, 4));
	else if (vpfz_draw(st, 8) == 0)
		t->quant = (enum vp_quant)vpfz_draw(st, 5);
	t->attn = (enum vp_attn)vpfz_draw(st, 3);
	t->loss = (enum vp_loss)vpfz_draw(st, 2);
	t->lora_r = VPFZ_PICK(st, ranks);
	tg = VPFZ_PICK(st, targets);
	if (t->method == VP_METHOD_LORA || t->method == VP_METHOD_QLORA)
		(void)vp_train_set_lora_targets(t, tg != NULL ? tg : vp_default_lora_targets(m), &err);
	if (vpfz_draw(st, 8) == 0) {
		snprintf(t->modules_to_save[0], sizeof t->modules_to_save[0], "%s", VPFZ_PICK(st, saves));
		t->n_modules_to_save = 1;
	}
	t->grad_ckpt = vpfz_draw(st, 2);
	t->activation_offload = vpfz_draw(st, 8) == 0;
	t->packed = vpfz_draw(st, 4) == 0;
	t->compile = vpfz_draw(st, 4) == 0;
	/* the optimizer step in backward (torchtune) does not combine with
	 * DeepSpeed ZeRO; the estimator accepts the pair but its breakdown is
	 * inconsistent (reported) */
	t->optimizer_in_backward = t->zero_stage == 0 && vpfz_draw(st, 8) == 0;
	/* FSDP instead of ZeRO (drawn last so the earlier choices of saved
	 * inputs stay as they were) */
	t->fsdp = t->zero_stage == 0 && vpfz_draw(st, 6) == 0;
	/* LoRA dropout on or off (drawn last for the same reason) */
	t->lora_dropout = vpfz_draw(st, 2) ? 0.05 : 0.0;
	/* The PyTorch era and expandable segments, from a copy of the state so that
	 * the plan's draws, and with them the saved reproducers, stay as they
	 * were */
	{
		uint64_t side = *st ^ UINT64_C(0x5DEECE66D);
		unsigned era = (unsigned)vpfz_draw(&side, 8);
		t->pytorch = era == 0 ? VP_PYTORCH_1 : era == 1 ? VP_PYTORCH_2_0 : VP_PYTORCH_CURRENT;
		t->expandable_segments = vpfz_draw(&side, 4) == 0;
		t->liger_loss = vpfz_draw(&side, 4) == 0;
		t->liger_swiglu = vpfz_draw(&side, 4) == 0;
		t->bnb = vpfz_draw(&side, 2) ? VP_BNB_BEFORE_0_43_2 : VP_BNB_CURRENT;
		t->graph_freed_between_steps = vpfz_draw(&side, 2) == 0;
		/* a forward the run calls itself builds the KV cache (off by
		 * default since HF Trainer builds none): without this draw
		 * the cache and the segments it splits were never reached;
		 * and autocast stated over 16-bit weights (the fp32 residual
		 * stream of a LayerNorm's output) */
		t->direct_forward = vpfz_draw(&side, 2) == 0;
		t->no_cache = vpfz_draw(&side, 8) == 0;
		t->autocast_stated = vpfz_draw(&side, 2) == 0;
		/* Liger's RMSNorm, drawn last so the draws above stay */
		t->liger_rms_norm = vpfz_draw(&side, 4) == 0;
	}
}

static void vpfz_estimate_check(const struct vp_estimate *e)
{
	uint64_t sum = 0;


	for (int c = 0; c < VP_COMP_COUNT; c++) {
		if (c == VP_COMP_TRANSIENT)
			;
		/* both are sums of doubles: allow their rounding (an ulp at 2^58 is 64) */
		else if ((double)e->peak_bytes[c] > (double)e->full_bytes[c] * (1.0 + 1e-12) + 1.0)
			vpfz_fail("component %s: peak %llu above its full size %llu", vp_component_name(c),
				  (unsigned long long)e->peak_bytes[c], (unsigned long long)e->full_bytes[c]);
		sum += e->peak_bytes[c];
	}
	if (sum != e->allocated_bytes)
		vpfz_fail("the components (%llu) do not add up to allocated (%llu)", (unsigned long long)sum,
			  (unsigned long long)e->allocated_bytes);
	if (e->reserved_bytes != e->allocated_bytes + e->allocator_bytes ||
	    e->device_bytes != e->reserved_bytes + e->context_bytes + e->paged_optimizer_bytes)
		vpfz_fail("allocated + allocator + context + paged states do not add up to device bytes");
	if (e->device_bytes > (UINT64_C(1) << 62))
		vpfz_fail("device estimate %llu beyond 2^62", (unsigned long long)e->device_bytes);
}

static uint64_t vpfz_ewc(const struct vp_plan_request *req, const struct vp_estimate *e)
{
	return req->ewc ? e->params_trainable * 8u : 0;
}

static void vpfz_plan(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, uint64_t *st)
{
	static const double utils[] = {0.8, 0.8, 0.5, 1.0, 0.05};
	static const uint64_t maxes[] = {64, 64, 8, 1, 4096};
	struct vp_plan_request req;
	struct vp_plan *plan = malloc(sizeof *plan);
	struct vp_error err = {0};

	if (plan == NULL)
		abort();
	vp_plan_request_defaults(&req);
	req.train = *t;
	req.train.batch = 1;
	req.util = VPFZ_PICK(st, utils);
	/* the run's allocator cap (set_per_process_memory_fraction), from a
	 * copy of the state so that the saved reproducers' draws stay as they
	 * were */
	{
		static const double fractions[] = {0.0, 0.0, 0.0, 0.5, 0.9, 0.02};
		uint64_t side = *st ^ UINT64_C(0x2545F4914F6CDD1D);

		req.train.memory_fraction = VPFZ_PICK(&side, fractions);
	}
	req.max_batch = VPFZ_PICK(st, maxes);
	if (req.max_batch == 4096 && t->seq_len > 512)
		req.max_batch = 64; /* keep one input fast */
	req.batch_multiple = vpfz_draw(st, 4) == 0 ? 3 : 0;
	req.effective_batch = vpfz_draw(st, 4) == 0 ? 1 + vpfz_draw(st, 100) : 0;
	if (req.effective_batch > 0 && req.effective_batch < t->gpus)
		req.effective_batch = t->gpus;
	if (vpfz_draw(st, 4) == 0) {
		req.eval.generate = true;
		req.eval.num_beams = 1 + vpfz_draw(st, 4);
		req.eval.max_new_tokens = 1 + vpfz_draw(st, 256);
	}
	req.host.host_ram_bytes = vpfz_draw(st, 2) ? UINT64_C(16) << 30 : 0;
	req.host.cpus = vpfz_draw(st, 2) ? 8 : 0;
	req.host.dataset_ram_bytes = vpfz_draw(st, 3) == 0 ? (uint64_t)vpfz_draw(st, 64) << 28 : 0;
	req.ewc = vpfz_draw(st, 8) == 0;
	{
		size_t used = strlen(vpfz_context);
		snprintf(vpfz_context + used, sizeof vpfz_context - used,
			 "; plan: util %g memory-fraction %g max-batch %llu multiple %llu effective %llu%s%s host %llu "
			 "cpus %llu dataset %llu",
			 req.util, req.train.memory_fraction, (unsigned long long)req.max_batch, (unsigned long long)req.batch_multiple,
			 (unsigned long long)req.effective_batch, req.ewc ? " ewc" : "",
			 req.eval.generate ? " generate" : "", (unsigned long long)req.host.host_ram_bytes,
			 (unsigned long long)req.host.cpus, (unsigned long long)req.host.dataset_ram_bytes);
	}

	if (vp_plan_search(m, g, &req, plan, &err) != 0) {
		vpfz_check_error(&err, "vp_plan_search");
		free(plan);
		return;
	}
	if (plan->budget_bytes > (uint64_t)floor(req.util * (double)g->memory_mib * 1048576.0) ||
	    (req.train.memory_fraction > 0.0 &&
	     plan->budget_bytes > (uint64_t)floor(req.train.memory_fraction * (double)g->memory_mib * 1048576.0) +
					  vp_context_bytes(g, &req.train)))
		vpfz_fail("the budget %llu is above util x memory or the allocator's cap",
			  (unsigned long long)plan->budget_bytes);
	if (plan->host.total_bytes < plan->host.load_total_bytes || plan->host.total_bytes < plan->host.train_total_bytes ||
	    (plan->host.fits && req.host.host_ram_bytes > 0 && plan->host.total_bytes > req.host.host_ram_bytes))
		vpfz_fail("host RAM: total %llu below a moment (load %llu, train %llu) or over the limit while fitting",
			  (unsigned long long)plan->host.total_bytes, (unsigned long long)plan->host.load_total_bytes,
			  (unsigned long long)plan->host.train_total_bytes);
	if (plan->fits) {
		uint64_t used = plan->train.device_bytes + vpfz_ewc(&req, &plan->train);
		if (plan->train_batch < 1 || plan->train_batch > req.max_batch)
			vpfz_fail("train batch %llu outside [1, %llu]", (unsigned long long)plan->train_batch,
				  (unsigned long long)req.max_batch);
		if (used > plan->budget_bytes)
			vpfz_fail("the plan (batch %llu, accumulation %llu, memory max %llu, limit %s, %llu bytes) "
				  "exceeds its budget %llu",
				  (unsigned long long)plan->train_batch, (unsigned long long)plan->grad_accum,
				  (unsigned long long)plan->memory_max_batch, vp_limit_name(plan->limit),
				  (unsigned long long)used, (unsigned long long)plan->budget_bytes);
		if (plan->limit == VP_LIMIT_MEMORY && plan->next_valid &&
		    plan->next.device_bytes + vpfz_ewc(&req, &plan->next) <= plan->budget_bytes)
			vpfz_fail("memory is the limit at batch %llu, but batch %llu fits too",
				  (unsigned long long)plan->memory_max_batch,
				  (unsigned long long)plan->memory_max_batch + 1);
		if (plan->eval_batch < 1)
			vpfz_fail("eval batch 0");
		if (plan->grad_accum < 1)
			vpfz_fail("gradient accumulation 0");
		vpfz_estimate_check(&plan->train);
	} else if (plan->memory_max_batch != 0) {
		vpfz_fail("nothing fits, but memory_max_batch is %llu", (unsigned long long)plan->memory_max_batch);
	}
	free(plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vp_model m;
	struct vp_train t;
	struct vp_estimate e1, e2;
	struct vp_error err = {0};
	uint64_t st = vpfz_hash(data, size);
	const struct vp_gpu *g;
	int r1, r2;

	if (vp_hfconfig_parse("config.json", (const char *)data, size, &m, &err) != 0)
		return 0;
	g = &vpfz_gpus[vpfz_draw(&st, sizeof vpfz_gpus / sizeof vpfz_gpus[0])];
	vpfz_estimate_options(&m, &st, &t);
	vpfz_estimate_describe(&m, g, &t);

	r1 = vp_estimate(&m, g, &t, &e1, &err);
	if (r1 != 0)
		vpfz_check_error(&err, "vp_estimate");
	else
		vpfz_estimate_check(&e1);
	r2 = vp_estimate(&m, g, &t, &e2, &err);
	if (r1 != r2 || (r1 == 0 && memcmp(&e1, &e2, sizeof e1) != 0))
		vpfz_fail("two estimates of the same input differ");

	{
		struct vp_eval_opts eo = {.generate = vpfz_draw(&st, 4) == 0, .num_beams = 1, .max_new_tokens = 32};
		struct vp_eval_estimate ev;
		if (vp_estimate_eval(&m, g, &t, &eo, &ev, &err) != 0)
			vpfz_check_error(&err, "vp_estimate_eval");
		else if (ev.reserved_bytes < ev.allocated_bytes || ev.device_bytes < ev.reserved_bytes)
			vpfz_fail("eval estimate: allocated <= reserved <= device broken");
	}

	vpfz_plan(&m, g, &t, &st);
	return 0;
}
