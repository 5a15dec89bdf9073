/*
 * Invariants of the estimator and the planner over the whole built-in
 * catalogue x every GPU x a grid of training options (issue "Robustness").
 *
 *  plan_fits_its_budget        a plan that fits has device estimate <= budget,
 *                              budget = floor(util x memory), eval batch >= 1
 *                              and its evaluation fits (with and without an
 *                              evaluation set's size)
 *  next_batch_does_not_fit     when memory is the limit, memory_max_batch + 1
 *                              is over the budget (and plan->next is that estimate)
 *  estimate_monotone_in_batch  device bytes never fall as the batch grows
 *  estimate_monotone_in_seq    ... nor as the sequence grows
 *  removing_an_optimization    grad_ckpt on -> off, flash2/sdpa -> eager,
 *                              qlora -> lora -> full, adamw-8bit -> adamw:
 *                              device bytes never fall
 *  same_inputs_same_results    two calls give byte-identical structs
 *
 * The full grid (5 precisions x 3 methods x 2 checkpointing x 3 attention x
 * 3 optimizers x 3 sequence lengths = 810 setups per model and GPU) is too
 * slow for every pair, so each (model, GPU) pair takes a deterministic
 * stride through it: every setup is visited by many pairs and every pair by
 * several setups. VP_PROPERTY_SAMPLES overrides the number per pair (810
 * runs the whole product); under valgrind the default is smaller.
 *
 * Each property counts its violations over the whole grid and prints the
 * first few with the model, GPU, options and numbers, so that a failure is
 * a ready reproducer.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/valgrind.h>

#include "vramplan/catalog.h"
#include "vramplan/estimate.h"
#include "vramplan/heads.h"
#include "vramplan/peft.h"
#include "vramplan/plan.h"
#include "vramplan/train.h"

#define MIB ((uint64_t)1 << 20)

/* built with -fsanitize=address (gcc defines __SANITIZE_ADDRESS__, clang
 * answers __has_feature) */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#ifndef UNDER_SANITIZER
#define UNDER_SANITIZER 0
#endif

static struct vp_catalog cat;

static const enum vp_precision precisions[] = {VP_PREC_FP32, VP_PREC_AMP_FP16, VP_PREC_AMP_BF16,
					       VP_PREC_BF16, VP_PREC_FP16};
static const enum vp_method methods[] = {VP_METHOD_FULL, VP_METHOD_LORA, VP_METHOD_QLORA};
static const enum vp_attn attns[] = {VP_ATTN_EAGER, VP_ATTN_SDPA, VP_ATTN_FLASH2};
static const enum vp_optimizer optimizers[] = {VP_OPT_ADAMW, VP_OPT_ADAMW_8BIT, VP_OPT_ADAFACTOR};
static const uint64_t seqs[] = {128, 512, 2048};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define N_SETUPS (COUNT(precisions) * COUNT(methods) * 2 * COUNT(attns) * COUNT(optimizers) * COUNT(seqs))

struct setup {
	enum vp_precision precision;
	enum vp_method method;
	bool grad_ckpt;
	enum vp_attn attn;
	enum vp_optimizer optimizer;
	uint64_t seq;
	bool packed; /* unpadded samples: no attention mask, SDPA's grouped heads */
	/* the HF Trainer's label_smoothing_factor 0.1: the LabelSmoother's
	 * loss, whose causal-LM shift copies the logits only from batch 2 on */
	bool label_smoothing;
	/* PEFT's DoRA (use_dora) on the adapters of a LoRA or Q-LoRA setup:
	 * saved base and LoRA results per adapted linear and the weight
	 * norm's op in flight (docs/memory-model.md "DoRA") */
	bool dora;
};

static struct setup setup_of(size_t k)
{
	struct setup s;

	/* half the setups packed, chosen by a hash of the index so that the
	 * choice does not follow any one dimension of the product */
	s.packed = ((k * 2654435761u) >> 11) & 1u;
	s.label_smoothing = ((k * 2246822519u) >> 13) & 1u;
	s.dora = ((k * 3266489917u) >> 17) & 1u;
	s.seq = seqs[k % COUNT(seqs)];
	k /= COUNT(seqs);
	s.optimizer = optimizers[k % COUNT(optimizers)];
	k /= COUNT(optimizers);
	s.attn = attns[k % COUNT(attns)];
	k /= COUNT(attns);
	s.grad_ckpt = k % 2;
	k /= 2;
	s.method = methods[k % COUNT(methods)];
	k /= COUNT(methods);
	s.precision = precisions[k % COUNT(precisions)];
	return s;
}

/* The vp_train a user gets from `vramplan --model M --gpu G` plus the setup. */
static void train_of(const struct vp_model *m, const struct setup *s, struct vp_train *t)
{
	struct vp_error err;

	vp_train_defaults(t);
	t->head = vp_model_default_head(m);
	t->seq_len = s->seq;
	/* no longer than the model's position table allows (BERT's 512) */
	if (vp_model_max_tokens(m) > 0 && t->seq_len > vp_model_max_tokens(m))
		t->seq_len = vp_model_max_tokens(m);
	t->tgt_len = m->arch == VP_ARCH_ENCDEC ? 128 : 0;
	t->precision = s->precision;
	t->method = s->method;
	t->quant = s->method == VP_METHOD_QLORA ? VP_QUANT_NF4 : VP_QUANT_NONE;
	/* gpt-oss and GraniteMoE take no quantized base (bitsandbytes leaves
	 * their experts, parameters, unquantized): the estimator refuses it,
	 * by design */
	if ((vp_model_is_gpt_oss(m) || vp_model_is_granitemoe(m)) && t->method == VP_METHOD_QLORA) {
		t->method = VP_METHOD_LORA;
		t->quant = VP_QUANT_NONE;
	}
	t->grad_ckpt = s->grad_ckpt;
	t->attn = s->attn;
	t->optimizer = s->optimizer;
	t->packed = s->packed;
	t->padding_mask = !s->packed; /* as the CLI reads --packed */
	t->label_smoothing = s->label_smoothing ? 0.1 : 0.0;
	t->dora = s->dora && s->method != VP_METHOD_FULL; /* as the CLI drops --dora without adapters */
	t->n_lora_targets = 0;
	if (s->method != VP_METHOD_FULL &&
	    vp_train_set_lora_targets(t, vp_default_lora_targets(m), &err) != 0)
		fail_msg("default LoRA targets of %s rejected: %s", m->name, err.message);
}

static void describe(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		     char *buf, size_t size)
{
	snprintf(buf, size, "model %s, gpu %s, seq %llu%s, %s, %s%s, %s, %s attention%s%s%s", m->name, g->name,
		 (unsigned long long)t->seq_len, m->arch == VP_ARCH_ENCDEC ? " (target 128)" : "",
		 vp_precision_name(t->precision), vp_method_name(t->method), t->dora ? " + DoRA" : "",
		 vp_optimizer_name(t->optimizer),
		 vp_attn_name(t->attn), t->grad_ckpt ? ", grad-ckpt" : "", t->packed ? ", packed" : "",
		 t->label_smoothing > 0.0 ? ", label smoothing" : "");
}

/* Violations of one property: counted, the first few printed. */
struct tally {
	const char *property;
	unsigned long checked, failed;
};

/* How many violations of each property to print: VP_PROPERTY_SHOW, else 5 */
static unsigned long shown_per_property(void)
{
	const char *env = getenv("VP_PROPERTY_SHOW");
	char *end;
	unsigned long n;

	if (env == NULL || *env == '\0')
		return 5;
	n = strtoul(env, &end, 10);
	return *end == '\0' ? n : 5;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void violation(struct tally *ty, const char *fmt, ...)
{
	va_list ap;

	if (ty->failed++ >= shown_per_property())
		return;
	fprintf(stderr, "property '%s' broken: ", ty->property);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void report(const struct tally *ty)
{
	fprintf(stderr, "# %-28s %8lu checked, %lu broken\n", ty->property, ty->checked, ty->failed);
}

static size_t samples_per_pair(void)
{
	const char *env = getenv("VP_PROPERTY_SAMPLES");

	if (env != NULL && atoi(env) > 0)
		return (size_t)atoi(env) > N_SETUPS ? N_SETUPS : (size_t)atoi(env);
	if (RUNNING_ON_VALGRIND)
		return 1;
	/* Under ASan+UBSan the sanitizers look for memory errors and undefined
	 * behaviour, which the same code paths show on fewer setups; all six
	 * made this test the 3.7 minutes that set the sanitizer stage's length
	 * in .ci/run (2026-11-29). The plain run checks all six. */
	return UNDER_SANITIZER ? 2 : 6;
}

/* Under valgrind, the (model, gpu) pairs taken: each fourth. Memcheck
 * looks for memory errors, which the same code paths show on fewer pairs;
 * with 57 GPUs every pair took about four minutes of .ci/run's fifteen on
 * one core, and three pairs in four still most of three at 130 models and
 * 80 GPUs, when .ci/run took 13.7 of its 15 minutes (2026-12-01). The
 * plain and sanitizer runs take every pair. */
static bool pair_sampled(size_t pair)
{
	return !RUNNING_ON_VALGRIND || pair % 4 == 0;
}

/* Call fn on each sampled (model, gpu, setup). 211 is prime to 810, so the
 * stride reaches every setup. */
static void for_each_sample(void (*fn)(const struct vp_model *, const struct vp_gpu *, const struct vp_train *,
				       void *),
			    void *ctx)
{
	size_t per = samples_per_pair(), pair = 0;

	for (size_t mi = 0; mi < cat.n_models; mi++)
		for (size_t gi = 0; gi < cat.n_gpus; gi++, pair++)
			for (size_t j = 0; j < per && pair_sampled(pair); j++) {
				size_t k = per == N_SETUPS ? j : (pair * 211 + j * (N_SETUPS / per + 1)) % N_SETUPS;
				struct setup s = setup_of(k);
				struct vp_train t;
				train_of(&cat.models[mi], &s, &t);
				fn(&cat.models[mi], &cat.gpus[gi], &t, ctx);
			}
}

static int estimate_level(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, bool allocated,
			  uint64_t *bytes)
{
	struct vp_estimate e;
	struct vp_error err = {0};

	if (vp_estimate(m, g, t, &e, &err) != 0)
		return -1;
	*bytes = allocated ? e.allocated_bytes : e.device_bytes;
	return 0;
}

static int estimate(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, uint64_t *bytes)
{
	return estimate_level(m, g, t, false, bytes);
}

/* ------------------------------------------------------------------ plans */

struct plan_tallies {
	struct tally runs, budget, next, eval, same;
};

static void check_plan(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, void *ctx)
{
	struct plan_tallies *pt = ctx;
	struct vp_plan_request req;
	static struct vp_plan p1, p2;
	struct vp_error err = {0};
	char what[256];
	uint64_t budget;

	describe(m, g, t, what, sizeof what);
	vp_plan_request_defaults(&req);
	req.train = *t;
	budget = (uint64_t)floor(req.util * (double)g->memory_mib * (double)MIB);

	pt->runs.checked++;
	if (vp_plan_search(m, g, &req, &p1, &err) != 0) {
		violation(&pt->runs, "%s: vp_plan_search failed: %s", what, err.message);
		return;
	}
	pt->same.checked++;
	if (vp_plan_search(m, g, &req, &p2, &err) != 0 || memcmp(&p1, &p2, sizeof p1) != 0)
		violation(&pt->same, "%s: a second vp_plan_search gave a different plan", what);

	pt->budget.checked++;
	if (p1.budget_bytes != budget)
		violation(&pt->budget, "%s: budget %llu, expected floor(%.2f x %llu MiB) = %llu", what,
			  (unsigned long long)p1.budget_bytes, req.util, (unsigned long long)g->memory_mib,
			  (unsigned long long)budget);
	if (!p1.fits) {
		if (p1.memory_max_batch != 0)
			violation(&pt->budget, "%s: nothing fits but memory_max_batch is %llu", what,
				  (unsigned long long)p1.memory_max_batch);
		return;
	}
	if (p1.train.device_bytes > p1.budget_bytes || p1.train_batch < 1 || p1.train_batch > p1.memory_max_batch)
		violation(&pt->budget, "%s: batch %llu (memory max %llu) needs %llu bytes, budget %llu", what,
			  (unsigned long long)p1.train_batch, (unsigned long long)p1.memory_max_batch,
			  (unsigned long long)p1.train.device_bytes, (unsigned long long)p1.budget_bytes);
	/* the printed estimate is the estimate of the printed batch */
	{
		struct vp_train tb = req.train;
		uint64_t bytes = 0;
		tb.batch = p1.train_batch;
		tb.grad_accum = p1.grad_accum;
		if (estimate(m, g, &tb, &bytes) != 0 || bytes != p1.train.device_bytes)
			violation(&pt->budget, "%s: the plan's estimate %llu is not vp_estimate at batch %llu (%llu)",
				  what, (unsigned long long)p1.train.device_bytes, (unsigned long long)p1.train_batch,
				  (unsigned long long)bytes);
	}

	pt->eval.checked++;
	if (p1.eval_batch < 1)
		violation(&pt->eval, "%s: eval batch %llu", what, (unsigned long long)p1.eval_batch);
	/* the printed evaluation, with its eval_accumulation_steps, fits;
	 * one that does not, even at batch 1, is said (eval_fits) */
	if (!p1.eval_fits && (p1.eval_batch != 1 || p1.eval.device_bytes <= p1.budget_bytes))
		violation(&pt->eval, "%s: evaluation said not to fit at eval batch %llu, %llu bytes of %llu", what,
			  (unsigned long long)p1.eval_batch, (unsigned long long)p1.eval.device_bytes,
			  (unsigned long long)p1.budget_bytes);
	if (p1.eval_fits && p1.eval.device_bytes > p1.budget_bytes)
		violation(&pt->eval, "%s: eval batch %llu (accumulation %llu) needs %llu bytes, budget %llu", what,
			  (unsigned long long)p1.eval_batch, (unsigned long long)p1.eval_accumulation_steps,
			  (unsigned long long)p1.eval.device_bytes, (unsigned long long)p1.budget_bytes);
	/* the same with an evaluation set of 1000 samples: all of its steps
	 * kept, or the most that fit */
	{
		struct vp_plan_request rs = req;
		static struct vp_plan ps;

		rs.eval.eval_samples = 1000;
		if (vp_plan_search(m, g, &rs, &ps, &err) != 0)
			violation(&pt->eval, "%s: vp_plan_search with 1000 eval samples failed: %s", what, err.message);
		else if (ps.fits && ps.eval_fits && ps.eval.device_bytes > ps.budget_bytes)
			violation(&pt->eval, "%s: 1000 eval samples at batch %llu (accumulation %llu) need %llu bytes, "
				  "budget %llu", what, (unsigned long long)ps.eval_batch,
				  (unsigned long long)ps.eval_accumulation_steps, (unsigned long long)ps.eval.device_bytes,
				  (unsigned long long)ps.budget_bytes);
	}

	if (p1.limit == VP_LIMIT_MEMORY || p1.limit == VP_LIMIT_MULTIPLE) {
		struct vp_train tn = req.train;
		uint64_t bytes = 0;

		pt->next.checked++;
		tn.batch = p1.memory_max_batch + 1;
		if (estimate(m, g, &tn, &bytes) == 0 && bytes <= p1.budget_bytes)
			violation(&pt->next, "%s: memory max batch %llu, but batch %llu needs %llu <= budget %llu", what,
				  (unsigned long long)p1.memory_max_batch, (unsigned long long)tn.batch,
				  (unsigned long long)bytes, (unsigned long long)p1.budget_bytes);
		if (!p1.next_valid || p1.next.device_bytes <= p1.budget_bytes)
			violation(&pt->next, "%s: plan->next (valid %d, %llu bytes) is not over the budget %llu", what,
				  p1.next_valid, (unsigned long long)p1.next.device_bytes,
				  (unsigned long long)p1.budget_bytes);
	}
}

static void plans_should_respect_their_budget(void **state)
{
	struct plan_tallies pt = {
		{"plan search succeeds", 0, 0},
		{"plan fits its budget", 0, 0},
		{"next batch up does not fit", 0, 0},
		{"eval batch at least 1, its evaluation fits", 0, 0},
		{"same inputs, same plan", 0, 0},
	};

	(void)state;
	for_each_sample(check_plan, &pt);
	report(&pt.runs);
	report(&pt.budget);
	report(&pt.next);
	report(&pt.eval);
	report(&pt.same);
	assert_true(pt.budget.checked > 1000 / (RUNNING_ON_VALGRIND ? 10 : 1));
	assert_int_equal(pt.runs.failed + pt.budget.failed + pt.next.failed + pt.eval.failed + pt.same.failed, 0);
}

/* ------------------------------------------------------------- estimates */

struct mono_tallies {
	struct tally batch, seq, seq1, ckpt, attn, method, optim, xs, same, dora;
};

/*
 * Known estimator bug, reported (docs/robustness.md, "Findings"): with
 * gradient checkpointing, the allocator rounding of the checkpointed block
 * inputs is charged as n_blocks x waste(max(encoder input, decoder input)),
 * so in an encoder-decoder model a longer source (or a larger batch) lowers
 * the decoder blocks' rounding although their inputs did not grow as much
 * (mt5-large, rtx3080-12gb, seq 128 -> 129, target 128, amp-bf16, lora,
 * sdpa, grad-ckpt, batch 31: 21174174925 -> 21172003784 bytes). The planner
 * can then print a batch over its budget (fuzz/crashes/estimate/
 * encdec-ckpt-nonmonotone-plan-over-budget.json). While this is 1, such
 * drops are counted as known instead of failing; set it to 0 once fixed.
 */
#ifndef KNOWN_ENCDEC_CKPT_WASTE
#define KNOWN_ENCDEC_CKPT_WASTE 0
#endif

static unsigned long known_drops;

/*
 * Not a bug: what the step itself does. Below a model's sliding window a
 * packed batch needs no mask, so transformers hands SDPA the grouped k/v
 * heads (enable_gqa), which in fp32 only the math kernel takes: b x heads x
 * s x s fp32 scores (bench/measured/probes/sdpa_saved.txt). From the window
 * on it builds the sliding mask, copies k and v to every head, and the
 * memory-efficient kernel keeps no scores. Where the scores were larger than
 * what the doubled sequence adds, the longer sequence needs less
 * (starcoder2-3b, fp32, full, grad-ckpt, packed: 2048 -> 4096 tokens,
 * -376 MB at batch 1). docs/memory-model.md, "StarCoder2". Counted, and
 * reported, instead of failing.
 */
static unsigned long window_drops;

static bool crosses_window_from_fp32_grouped_heads(const struct vp_model *m, const struct vp_train *less,
						   const struct vp_train *more)
{
	return less->precision == VP_PREC_FP32 && less->attn == VP_ATTN_SDPA && less->packed &&
	       m->num_kv_heads < m->num_heads && !vp_model_masks_window(m, less->seq_len) &&
	       vp_model_masks_window(m, more->seq_len);
}

/* more(t) must need at least as much as less(t) */
static void at_least_level(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g,
			   const struct vp_train *less, const struct vp_train *more, const char *change, bool allocated)
{
	uint64_t a = 0, b = 0;
	char what[256];

	if (estimate_level(m, g, less, allocated, &a) != 0 || estimate_level(m, g, more, allocated, &b) != 0)
		return; /* an input error (overflow) is not a memory figure */
	ty->checked++;
	if (b < a && KNOWN_ENCDEC_CKPT_WASTE && m->arch == VP_ARCH_ENCDEC && less->grad_ckpt &&
	    more->grad_ckpt && (less->seq_len != more->seq_len || less->batch != more->batch)) {
		known_drops++;
		return;
	}
	if (b < a && crosses_window_from_fp32_grouped_heads(m, less, more)) {
		window_drops++;
		return;
	}
	if (b < a) {
		describe(m, g, less, what, sizeof what);
		violation(ty, "%s, batch %llu: %s lowers %s bytes from %llu to %llu (-%llu)", what,
			  (unsigned long long)less->batch, change, allocated ? "allocated" : "device",
			  (unsigned long long)a, (unsigned long long)b, (unsigned long long)(a - b));
	}
}

static void at_least(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *less,
		     const struct vp_train *more, const char *change)
{
	at_least_level(ty, m, g, less, more, change, false);
}

/*
 * LoRA (without dropout) over full fine-tuning with Adafactor: its states are
 * tiny, so full fine-tuning's gradients appear in backward about as fast as
 * its activations go and its peak can be the forward's, which LoRA's is too,
 * plus the adapters. So LoRA may need more, by at most the adapters' own
 * bytes (weights, gradients and Adafactor's states, at most 12 a
 * parameter in fp32): counted and reported as physical; more fails
 * (docs/robustness.md, phi-1.5 in fp32 with FlashAttention-2).
 */
static unsigned long adafactor_drops;

static void lora_at_most_full(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g,
			      const struct vp_train *lora, const struct vp_train *full)
{
	struct vp_estimate a, b;
	struct vp_error err = {0};
	char what[256];

	if (vp_estimate(m, g, lora, &a, &err) != 0 || vp_estimate(m, g, full, &b, &err) != 0)
		return;
	ty->checked++;
	if (b.device_bytes >= a.device_bytes)
		return;
	if (lora->optimizer == VP_OPT_ADAFACTOR && a.device_bytes - b.device_bytes <= a.params_trainable * 12) {
		adafactor_drops++;
		return;
	}
	describe(m, g, lora, what, sizeof what);
	violation(ty, "%s, batch %llu: lora -> full lowers device bytes from %llu to %llu (-%llu)", what,
		  (unsigned long long)lora->batch, (unsigned long long)a.device_bytes,
		  (unsigned long long)b.device_bytes, (unsigned long long)(a.device_bytes - b.device_bytes));
}

/* at_least, but more(t) may need up to slack bytes less (device level) */
static void at_least_slack(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g,
			   const struct vp_train *less, const struct vp_train *more, const char *change, uint64_t slack)
{
	uint64_t a = 0, b = 0;
	char what[256];

	if (estimate_level(m, g, less, false, &a) != 0 || estimate_level(m, g, more, false, &b) != 0)
		return;
	ty->checked++;
	if (b + slack < a) {
		describe(m, g, less, what, sizeof what);
		violation(ty, "%s, batch %llu: %s lowers device bytes from %llu to %llu (-%llu, more than %llu)",
			  what, (unsigned long long)less->batch, change, (unsigned long long)a,
			  (unsigned long long)b, (unsigned long long)(a - b), (unsigned long long)slack);
	}
}

/*
 * Checkpointing a full fine-tune may reserve more than the same step without
 * it, never allocate more: with few activation blocks the first backward's
 * gradients take the loss's freed segments, the states fill what is left of
 * them, and the second loss reserves its whole set anew (docs/memory-model.md,
 * "Allocator", the second loss's set; traced on MS-QW25-3B-full-fixpad).
 * Without checkpointing the gradients also take the activations' blocks. A
 * drop at the device level is counted and reported as physical when the
 * allocated level does not drop and the drop is no larger than such a set
 * (the loss's 16-bit or fp32 logits and its 12 bytes a logit of fp32
 * tensors: at most 16 bytes for each of b x s x V); anything else fails.
 * Any method: checkpointing's recomputed blocks split the loss's segments
 * between steps, so the segment left idle at the loss is an fp32 one, not
 * the kept logits' (logits.c loss_block, traced on GPT-2, EXAONE 4.0 and
 * BGE-M3): a reserved-only drop of at most 4 bytes for each of b x s x V
 * without it. A LoRA step whose activations are small beside its logits
 * shows it (mT5-small under T5's SDPA, whose blocks keep no scores).
 */
static unsigned long ckpt_set_drops;

static void ckpt_at_least(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *on, const struct vp_train *off)
{
	uint64_t a = 0, b = 0, a_alloc = 0, b_alloc = 0;
	char what[256];

	if (estimate_level(m, g, on, false, &a) != 0 || estimate_level(m, g, off, false, &b) != 0 ||
	    estimate_level(m, g, on, true, &a_alloc) != 0 || estimate_level(m, g, off, true, &b_alloc) != 0)
		return;
	ty->checked++;
	if (b < a && b_alloc >= a_alloc &&
	    (double)(a - b) <= (double)on->batch * (double)(on->tgt_len > on->seq_len ? on->tgt_len : on->seq_len) *
					(double)m->vocab_size * (on->method == VP_METHOD_FULL ? 16.0 : 4.0)) {
		ckpt_set_drops++;
		return;
	}
	if (b < a || b_alloc < a_alloc) {
		describe(m, g, on, what, sizeof what);
		violation(ty, "%s, batch %llu: grad_ckpt off lowers device bytes from %llu to %llu, allocated from %llu to %llu",
			  what, (unsigned long long)on->batch, (unsigned long long)a, (unsigned long long)b,
			  (unsigned long long)a_alloc, (unsigned long long)b_alloc);
	}
}

static void weights_at_least(struct tally *ty, const struct vp_model *m, const struct vp_gpu *g,
			     const struct vp_train *less, const struct vp_train *more, const char *change)
{
	struct vp_estimate a, b;
	struct vp_error err = {0};
	char what[256];

	if (vp_estimate(m, g, less, &a, &err) != 0 || vp_estimate(m, g, more, &b, &err) != 0)
		return;
	ty->checked++;
	if (b.full_bytes[VP_COMP_WEIGHTS] < a.full_bytes[VP_COMP_WEIGHTS]) {
		describe(m, g, less, what, sizeof what);
		violation(ty, "%s: %s lowers the weights from %llu to %llu bytes", what, change,
			  (unsigned long long)a.full_bytes[VP_COMP_WEIGHTS],
			  (unsigned long long)b.full_bytes[VP_COMP_WEIGHTS]);
	}
}

static void check_monotone(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t0, void *ctx)
{
	static const uint64_t batches[] = {1, 2, 3, 7, 8, 31};
	struct mono_tallies *mt = ctx;
	struct vp_train t = *t0, u;

	for (size_t i = 0; i < COUNT(batches); i++) {
		t.batch = batches[i];

		/* strict: the planner's binary search relies on it */
		u = t;
		u.batch = t.batch + 1;
		at_least(&mt->batch, m, g, &t, &u, "batch + 1");

		/* within the position table (a longer sequence is an input
		 * error) */
		u = t;
		u.seq_len = t.seq_len * 2;
		if (vp_model_max_tokens(m) == 0 || u.seq_len <= vp_model_max_tokens(m))
			at_least(&mt->seq, m, g, &t, &u, "sequence x 2");
		u = t;
		u.seq_len = t.seq_len + 1;
		if (vp_model_max_tokens(m) == 0 || u.seq_len <= vp_model_max_tokens(m))
			at_least(&mt->seq1, m, g, &t, &u, "sequence + 1");

		if (t.grad_ckpt) {
			u = t;
			u.grad_ckpt = false;
			/* A tensor that every checkpointed layer takes as input
			 * stays saved through the whole backward, where without
			 * checkpointing it was freed after the forward: MPNet's
			 * expanded fp32 position bias (b x heads x s x s). At the
			 * bottom block's backward checkpointing then genuinely
			 * holds that much more; the property allows it and
			 * nothing else (twice its size for the rounding). */
			if (m->naming == VP_NAMING_MPNET)
				at_least_slack(&mt->ckpt, m, g, &t, &u, "grad_ckpt off",
					       2 * t.batch * m->num_heads * t.seq_len * t.seq_len * 4);
			else
				ckpt_at_least(&mt->ckpt, m, g, &t, &u);
		}
		/*
		 * Eager attention keeps the probabilities (heads x s x s per
		 * sample); SDPA and FA2 keep the output and its logsumexp
		 * (heads x s x head_dim + heads x s). Below s = head_dim eager
		 * genuinely keeps less, so the property holds from 2 x head_dim.
		 * T5, BLOOM, GPT-J, GPT-Neo, DeBERTa and MPNet run eager
		 * attention whatever is asked; for them asking for eager changes
		 * only the PyTorch the estimate assumes (an older one with its
		 * own allocator overhead), which is not this property. Falcon's
		 * multi-query SDPA runs the math kernel in fp32, which keeps
		 * more than its eager path's 16-bit probabilities (measured,
		 * MS-FALCON7B-lora-gc).
		 */
		if (t.attn != VP_ATTN_EAGER && t.seq_len >= 2 * m->head_dim &&
		    vp_attn_that_runs(m, NULL, VP_ATTN_SDPA) == VP_ATTN_SDPA && !vp_sdpa_runs_math(m) &&
		    (m->arch != VP_ARCH_ENCDEC || 128 >= 2 * m->head_dim)) {
			u = t;
			u.attn = VP_ATTN_EAGER;
			at_least(&mt->attn, m, g, &t, &u, "eager attention");
		}
		/*
		 * A quantized base always stores less. The whole step need not:
		 * bitsandbytes keeps every quantized linear's input for backward
		 * (docs/memory-model.md "Quantized bases"), which LoRA on a
		 * 16-bit base does not, so with long sequences and no
		 * checkpointing QLoRA can peak higher; the property is on the
		 * weights.
		 */
		if (t.method == VP_METHOD_QLORA) {
			u = t;
			u.method = VP_METHOD_LORA;
			u.quant = VP_QUANT_NONE;
			weights_at_least(&mt->method, m, g, &t, &u, "qlora -> lora");
		}
		/*
		 * LoRA saves a subset of what full fine-tuning saves only without
		 * LoRA dropout: with it each adapter keeps its own dropped copy of
		 * its input and a mask, which can outweigh the trained state at
		 * long sequences. Compared at dropout 0, and over a base that
		 * is not 16-bit: PEFT casts a 16-bit input to its fp32
		 * adapters' dtype, so there each adapter keeps its own copy even
		 * without dropout (docs/memory-model.md "LoRA adapters").
		 */
		/* Nor for ALBERT under autocast: full fine-tuning casts its
		 * shared weights once (autocast caches a trained leaf's cast)
		 * where LoRA's frozen ones are cast, and saved, at every layer
		 * that runs them, which can outweigh the trained state of so
		 * small a model (docs/memory-model.md "ALBERT"). */
		bool albert_amp = m->shared_layers &&
				  (t.precision == VP_PREC_AMP_BF16 || t.precision == VP_PREC_AMP_FP16);

		if (t.method == VP_METHOD_LORA && t.precision != VP_PREC_BF16 && t.precision != VP_PREC_FP16 &&
		    !albert_amp) {
			struct vp_train t_nodrop = t;

			t_nodrop.lora_dropout = 0.0;
			/* nor with DoRA, which keeps each adapted linear's
			 * output and LoRA result (T x out twice) where full
			 * fine-tuning keeps neither (docs/memory-model.md
			 * "DoRA") */
			t_nodrop.dora = false;
			u = t_nodrop;
			u.method = VP_METHOD_FULL;
			u.n_lora_targets = 0;
			u.lora_all_linear = false;
			/* With checkpointing, compared at the allocated level:
			 * the segments a recomputation leaves reserved scale
			 * with its largest tensor, and PEFT's fp32 cast of
			 * down_proj's input is twice full fine-tuning's 16-bit
			 * one (docs/memory-model.md "Allocator"). */
			if (t.grad_ckpt)
				at_least_level(&mt->method, m, g, &t_nodrop, &u, "lora -> full", true);
			else
				lora_at_most_full(&mt->method, m, g, &t_nodrop, &u);
		}
		if (t.optimizer == VP_OPT_ADAMW_8BIT) {
			/* bitsandbytes keeps a tensor under min_8bit_size in
			 * fp32 states (8 bytes an element), where AdamW over
			 * 16-bit parameters keeps 4: over 16-bit weights
			 * (and adapters) adamw-8bit may need up to 4 bytes a
			 * trained parameter more (DoRA's magnitudes, small
			 * adapters). Over fp32 ones it never needs more. */
			u = t;
			u.optimizer = VP_OPT_ADAMW;
			if (t.precision == VP_PREC_BF16 || t.precision == VP_PREC_FP16) {
				struct vp_estimate e8;
				struct vp_error err = {0};

				if (vp_estimate(m, g, &t, &e8, &err) == 0)
					at_least_slack(&mt->optim, m, g, &t, &u, "adamw-8bit -> adamw",
						       4 * e8.params_trainable);
			} else {
				at_least(&mt->optim, m, g, &t, &u, "adamw-8bit -> adamw");
			}
		}
	}

	/* expandable segments grow a range where the caching allocator maps
	 * a new segment: never more reserved (every measured pair) */
	if (!t.expandable_segments && vp_pytorch_2_1_or_later(t.pytorch)) {
		struct vp_train xs;

		for (size_t i = 0; i < COUNT(batches); i++) {
			t.batch = batches[i];
			xs = t;
			xs.expandable_segments = true;
			at_least(&mt->xs, m, g, &xs, &t, "expandable segments off");
		}
	}

	/* determinism of the estimator itself */
	{
		struct vp_estimate e1, e2;
		struct vp_error err = {0};
		int r1, r2;
		char what[256];

		t.batch = 4;
		r1 = vp_estimate(m, g, &t, &e1, &err);
		r2 = vp_estimate(m, g, &t, &e2, &err);
		mt->same.checked++;
		if (r1 == 0 && t.dora && e1.dora_params > 0)
			mt->dora.checked++;
		if (r1 != r2 || (r1 == 0 && memcmp(&e1, &e2, sizeof e1) != 0)) {
			describe(m, g, &t, what, sizeof what);
			violation(&mt->same, "%s: two estimates differ", what);
		}
	}
}

/* Every batch from 1 to 96, for every encoder-decoder model with a short
 * target (where the rounding of the two stacks' inputs differs most), on
 * two GPUs: the planner's binary search assumes this. */
static void encdec_estimates_should_grow_with_every_batch(void **state)
{
	struct tally ty = {"monotone in batch 1..96", 0, 0};
	const char *gpus[] = {"rtx3090", "a100-80gb"};
	unsigned long before = known_drops;

	(void)state;
	for (size_t mi = 0; mi < cat.n_models; mi++) {
		const struct vp_model *m = &cat.models[mi];
		if (m->arch != VP_ARCH_ENCDEC)
			continue;
		for (size_t gi = 0; gi < COUNT(gpus); gi++) {
			const struct vp_gpu *g = vp_catalog_find_gpu(&cat, gpus[gi]);
			struct setup s = {VP_PREC_AMP_BF16, VP_METHOD_FULL, true, VP_ATTN_SDPA, VP_OPT_ADAMW, 512, false, false, false};
			struct vp_train t, u;

			assert_non_null(g);
			for (int ck = 0; ck < 2; ck++) {
				s.grad_ckpt = ck;
				train_of(m, &s, &t);
				t.tgt_len = 8;
				for (uint64_t b = 1; b < 96; b++) {
					t.batch = b;
					u = t;
					u.batch = b + 1;
					at_least(&ty, m, g, &t, &u, "batch + 1");
				}
			}
		}
	}
	report(&ty);
	if (known_drops > before)
		fprintf(stderr, "# known (encoder-decoder, grad-ckpt rounding): %lu drops with a larger batch\n",
			known_drops - before);
	assert_true(ty.checked > 0);
	assert_int_equal(ty.failed, 0);
}

static void estimates_should_be_monotone(void **state)
{
	struct mono_tallies mt = {
		{"monotone in batch", 0, 0},
		{"monotone in sequence (x 2)", 0, 0},
		{"monotone in sequence (+ 1)", 0, 0},
		{"grad_ckpt off costs more", 0, 0},
		{"eager attention costs more", 0, 0},
		{"qlora weights <= lora <= full", 0, 0},
		{"adamw-8bit <= adamw", 0, 0},
		{"expandable segments <= the caching allocator", 0, 0},
		{"same inputs, same estimate", 0, 0},
		{"DoRA setups estimated", 0, 0},
	};

	(void)state;
	for_each_sample(check_monotone, &mt);
	report(&mt.batch);
	report(&mt.seq);
	report(&mt.seq1);
	report(&mt.ckpt);
	report(&mt.attn);
	report(&mt.method);
	report(&mt.optim);
	report(&mt.xs);
	report(&mt.same);
	report(&mt.dora);
	if (known_drops > 0)
		fprintf(stderr, "# known (encoder-decoder, grad-ckpt rounding): %lu drops with a longer sequence\n",
			known_drops);
	if (window_drops > 0)
		fprintf(stderr, "# physical (fp32 grouped heads below a sliding window, SDPA's math kernel): %lu drops "
				"with a longer sequence\n",
			window_drops);
	if (ckpt_set_drops > 0)
		fprintf(stderr, "# physical (checkpointing's fp32 idle loss segment, a full fine-tune's second loss set): "
				"%lu reserved-only drops with grad_ckpt off\n",
			ckpt_set_drops);
	if (adafactor_drops > 0)
		fprintf(stderr, "# physical (LoRA over full fine-tuning with Adafactor: the adapters' own bytes): %lu "
				"drops from lora to full\n",
			adafactor_drops);
	assert_true(mt.batch.checked > 0 && mt.ckpt.checked > 0 && mt.attn.checked > 0 && mt.method.checked > 0 &&
		    mt.optim.checked > 0 && mt.xs.checked > 0 && mt.dora.checked > 0);
	assert_int_equal(mt.batch.failed + mt.seq.failed + mt.seq1.failed + mt.ckpt.failed + mt.attn.failed + mt.method.failed +
				 mt.optim.failed + mt.xs.failed + mt.same.failed,
			 0);
}

static int setup_catalogue(void **state)
{
	struct vp_error err = {0};

	(void)state;
	if (vp_catalog_load_builtin(&cat, &err) != 0) {
		fprintf(stderr, "built-in catalogue: %s\n", err.message);
		return -1;
	}
	return 0;
}

static int free_catalogue(void **state)
{
	(void)state;
	vp_catalog_free(&cat);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plans_should_respect_their_budget),
		cmocka_unit_test(estimates_should_be_monotone),
		cmocka_unit_test(encdec_estimates_should_grow_with_every_batch),
	};

	return cmocka_run_group_tests_name("properties", tests, setup_catalogue, free_catalogue);
}
