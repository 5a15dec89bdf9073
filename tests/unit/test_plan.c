/*
 * The planner: the chosen batch fits and the next one does not, the
 * effective batch is met with a divisor, suggestions when nothing fits, and
 * the host-RAM rule of seed 000.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vramplan/catalog.h"
#include "vramplan/emit.h"
#include "vramplan/host.h"
#include "vramplan/plan.h"

#include "catalog_fixture.h"

#define GIB ((uint64_t)1 << 30)

static void request(struct vp_plan_request *r, const struct vp_model *m)
{
	vp_plan_request_defaults(r);
	r->train.precision = VP_PREC_AMP_BF16;
	r->train.attn = VP_ATTN_SDPA;
	if (m->arch == VP_ARCH_ENCDEC) {
		r->train.head = VP_HEAD_SEQ2SEQ_LM;
		r->train.tgt_len = 128;
	}
}

static void plan(const char *model, const char *gpu, struct vp_plan_request *r, struct vp_plan *p, bool setup)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, model);
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, gpu);
	struct vp_error err = {0};

	assert_non_null(m);
	assert_non_null(g);
	if (setup)
		request(r, m);
	if (vp_plan_search(m, g, r, p, &err) != 0)
		fail_msg("%s on %s: %s", model, gpu, err.message);
}

static void chosen_batch_fits_and_the_next_one_does_not(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p;

	(void)state;
	plan("mt5", "rtx3090", &r, &p, true);
	assert_true(p.fits);
	assert_true(p.train_batch >= 1);
	assert_true(p.train.device_bytes <= p.budget_bytes);
	assert_true(p.next_valid);
	assert_true(p.next.device_bytes > p.budget_bytes);
	assert_true(p.train_batch <= p.memory_max_batch);
	/* 512 source and 128 target tokens: every batch keeps b x tokens a
	 * multiple of 8, so the largest that fits is the plan */
	assert_int_equal(p.train_batch, p.memory_max_batch);
	assert_true(p.eval_batch >= 1);
	assert_true(p.eval.device_bytes <= p.budget_bytes);
}

/* The default rounding makes every stack's tokens a multiple of 8 (tensor
 * cores) and goes no further: none at 512 tokens, 2 at 500 (4 x 125), 8 at
 * an odd length; a target length counts too, and so do the texts of an
 * example. */
static void the_default_rounding_aligns_the_tokens(void **state)
{
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	t.tgt_len = 0;
	t.seq_len = 512;
	assert_int_equal(vp_plan_token_multiple(&t), 1);
	t.seq_len = 500;
	assert_int_equal(vp_plan_token_multiple(&t), 2);
	t.seq_len = 77;
	assert_int_equal(vp_plan_token_multiple(&t), 8);
	t.texts_per_example = 4;
	assert_int_equal(vp_plan_token_multiple(&t), 2);
	t.texts_per_example = 1;
	t.seq_len = 512;
	t.tgt_len = 100;
	assert_int_equal(vp_plan_token_multiple(&t), 2);
	t.tgt_len = 129;
	assert_int_equal(vp_plan_token_multiple(&t), 8);
}

static uint64_t device_at_seq(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, uint64_t s)
{
	struct vp_train u = *t;
	struct vp_estimate e;
	struct vp_error err = {0};

	u.seq_len = s;
	if (vp_estimate(m, g, &u, &e, &err) != 0)
		fail_msg("%s at %llu tokens: %s", m->name, (unsigned long long)s, err.message);
	return e.device_bytes;
}

/* --seq-len max: the longest sequence that fits, found exactly (one token
 * more does not fit), then rounded down to a multiple of 128 that fits;
 * bounded by BERT's 512 positions; 0 where not one token fits */
static void longest_sequence_fits_and_one_more_token_does_not(void **state)
{
	const struct vp_model *llama = vp_catalog_find_model(&cat, "llama-3.2-3b");
	const struct vp_model *bert = vp_catalog_find_model(&cat, "bert-large-uncased");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx4090");
	const struct vp_gpu *big = vp_catalog_find_gpu(&cat, "a100-80gb");
	const struct vp_gpu *small = vp_catalog_find_gpu(&cat, "t4");
	struct vp_plan_request r;
	struct vp_seq_search s;
	struct vp_error err = {0};
	uint64_t budget;

	(void)state;
	assert_non_null(llama);
	assert_non_null(bert);
	assert_non_null(small);
	request(&r, llama);
	r.train.batch = 1;
	r.train.method = VP_METHOD_QLORA;
	r.train.quant = VP_QUANT_NF4;
	r.train.lora_r = 8;
	assert_int_equal(vp_train_set_lora_targets(&r.train, "q_proj,v_proj", &err), 0);
	r.train.grad_ckpt = true;
	budget = vp_budget_bytes(g, r.util, &r.train);
	if (vp_plan_longest_seq(llama, g, &r.train, false, budget, 0, &s, &err) != 0)
		fail_msg("%s", err.message);
	assert_true(s.unrounded > 1000);
	assert_true(device_at_seq(llama, g, &r.train, s.unrounded) <= budget);
	assert_true(device_at_seq(llama, g, &r.train, s.unrounded + 1) > budget);
	assert_int_equal(s.seq_len % VP_SEQ_MULTIPLE, 0);
	assert_true(s.seq_len <= s.unrounded && s.unrounded - s.seq_len < VP_SEQ_MULTIPLE);
	assert_true(device_at_seq(llama, g, &r.train, s.seq_len) <= budget);
	/* searched up to Llama 3.2's 131072-token context, held by memory */
	assert_int_equal(s.limit, 131072);
	assert_int_equal(s.bound, VP_SEQ_BOUND_MEMORY);
	assert_int_equal(s.batch, 1);

	request(&r, bert);
	r.train.batch = 1;
	r.train.head = VP_HEAD_SEQ_CLS;
	assert_int_equal(vp_plan_longest_seq(bert, big, &r.train, false, vp_budget_bytes(big, r.util, &r.train), 0, &s, &err),
			 0);
	assert_int_equal(s.limit, 512);
	assert_int_equal(s.unrounded, 512);
	assert_int_equal(s.seq_len, 512);
	assert_int_equal(s.bound, VP_SEQ_BOUND_POSITIONS);
	/* room for 100 generated tokens: 412, rounded down to 384 */
	assert_int_equal(vp_plan_longest_seq(bert, big, &r.train, false, vp_budget_bytes(big, r.util, &r.train), 100, &s, &err),
			 0);
	assert_int_equal(s.limit, 412);
	assert_int_equal(s.seq_len, 384);
	assert_int_equal(vp_plan_longest_seq(bert, big, &r.train, false, vp_budget_bytes(big, r.util, &r.train), 512, &s, &err),
			 -1);
	assert_non_null(strstr(err.message, "leaves no room for a prompt"));

	/* a full fine-tune of a 3B model in fp32 on a 16 GB card */
	request(&r, llama);
	r.train.batch = 1;
	r.train.precision = VP_PREC_FP32;
	if (vp_plan_longest_seq(llama, small, &r.train, false, vp_budget_bytes(small, r.util, &r.train), 0, &s, &err) != 0)
		fail_msg("%s", err.message);
	assert_int_equal(s.seq_len, 0);
	assert_int_equal(s.unrounded, 0);
}

/* --seq-len max on a rotary model stops at the context it was trained for
 * (TinyLlama: max_position_embeddings 2048), which an A100 80GB would
 * exceed 6-fold; less the tokens generated after the prompt; and says
 * which key held it */
static void longest_sequence_stops_at_the_context(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "tinyllama");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_plan_request r;
	struct vp_seq_search s;
	struct vp_error err = {0};
	uint64_t budget;

	(void)state;
	assert_non_null(m);
	assert_non_null(g);
	assert_int_equal(vp_model_max_tokens(m), 0);
	assert_int_equal(vp_model_context_tokens(m), 2048);
	request(&r, m);
	r.train.batch = 1;
	budget = vp_budget_bytes(g, r.util, &r.train);
	assert_true(device_at_seq(m, g, &r.train, 4096) <= budget);
	if (vp_plan_longest_seq(m, g, &r.train, false, budget, 0, &s, &err) != 0)
		fail_msg("%s", err.message);
	assert_int_equal(s.limit, 2048);
	assert_int_equal(s.seq_len, 2048);
	assert_int_equal(s.bound, VP_SEQ_BOUND_CONTEXT);
	assert_string_equal(s.key, "max_position_embeddings");
	assert_string_equal(vp_seq_bound_name(s.bound), "context");
	/* generation after the prompt: 2048 - 128 = 1920 */
	assert_int_equal(vp_plan_longest_seq(m, g, &r.train, false, budget, 128, &s, &err), 0);
	assert_int_equal(s.limit, 1920);
	assert_int_equal(s.seq_len, 1920);
	assert_int_equal(s.reserve, 128);
	assert_int_equal(s.bound, VP_SEQ_BOUND_CONTEXT);
	assert_int_equal(vp_plan_longest_seq(m, g, &r.train, false, budget, 2048, &s, &err), -1);
	assert_non_null(strstr(err.message, "2048-token context"));
}

/* auto_find_batch_size: accelerate retries at int(0.9 x batch) after each
 * out-of-memory error, so from 64 the tries are 64, 57, 51, 45, 40, ...;
 * it settles at the first of them that fits the limit, and the try before
 * it did not. */
static void auto_find_batch_retries_at_nine_tenths_until_one_fits(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx3090");
	static const uint64_t tries[] = {64, 57, 51, 45, 40, 36, 32, 28, 25, 22, 19, 17, 15, 13, 11, 9, 8, 7, 6, 5, 4, 3, 2, 1};
	struct vp_plan_request r;
	struct vp_estimate e;
	struct vp_error err = {0};
	uint64_t limit, batch, retries;

	(void)state;
	request(&r, m);
	r.train.batch = 64;
	limit = vp_budget_bytes(g, 1.0, &r.train);
	batch = vp_plan_auto_find_batch(m, g, &r.train, limit, &retries);
	assert_true(batch > 0 && batch < 64);
	assert_true(retries < sizeof tries / sizeof tries[0]);
	assert_int_equal(batch, tries[retries]);
	r.train.batch = batch;
	assert_int_equal(vp_estimate(m, g, &r.train, &e, &err), 0);
	assert_true(e.device_bytes <= limit);
	r.train.batch = tries[retries - 1];
	assert_int_equal(vp_estimate(m, g, &r.train, &e, &err), 0);
	assert_true(e.device_bytes > limit);
	/* a batch that fits: no retry */
	r.train.batch = 1;
	assert_int_equal(vp_plan_auto_find_batch(m, g, &r.train, limit, &retries), 1);
	assert_int_equal(retries, 0);
	/* nothing fits: every try down to 1, then zero */
	r.train.batch = 64;
	assert_int_equal(vp_plan_auto_find_batch(m, g, &r.train, 1, &retries), 0);
	assert_int_equal(retries, sizeof tries / sizeof tries[0]);
}

/* torch.cuda.set_per_process_memory_fraction(F) caps the allocator's
 * reserved bytes at F x the card's memory (CUDACachingAllocator.cpp
 * alloc_block); the context lies outside it. A cap under util x memory
 * decides the budget, and the chosen batch's reserved level stays under it. */
static void a_memory_fraction_caps_the_reserved_level(void **state)
{
	struct vp_plan_request r;
	struct vp_plan free_run, capped, loose;
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx3090");
	uint64_t cap = (uint64_t)(0.5 * (double)(g->memory_mib << 20));
	struct vp_error err = {0};

	(void)state;
	plan("mt5", "rtx3090", &r, &free_run, true);
	request(&r, m);
	r.train.memory_fraction = 0.5;
	plan("mt5", "rtx3090", &r, &capped, false);
	assert_int_equal(capped.budget_bytes, cap + vp_context_bytes(g, &r.train));
	assert_true(capped.fits);
	assert_true(capped.train.reserved_bytes <= cap);
	assert_true(capped.next_valid);
	assert_true(capped.next.reserved_bytes > cap);
	assert_true(capped.train_batch < free_run.train_batch);
	assert_true(capped.eval.reserved_bytes <= cap);
	/* and the plan says what the cap costs: the uncapped batch */
	assert_int_equal(capped.uncapped_batch, free_run.train_batch);
	assert_int_equal(free_run.uncapped_batch, 0);
	/* a cap above util x memory, or a fraction of 1 (no maximum), changes
	 * nothing */
	r.train.memory_fraction = 0.95;
	plan("mt5", "rtx3090", &r, &loose, false);
	assert_int_equal(loose.budget_bytes, free_run.budget_bytes);
	assert_int_equal(loose.train_batch, free_run.train_batch);
	assert_int_equal(loose.uncapped_batch, 0);
	r.train.memory_fraction = 1.0;
	assert_int_equal(vp_budget_bytes(g, r.util, &r.train), free_run.budget_bytes);
	/* a cap under batch 1's reserved level: nothing fits, and the first
	 * change offered is the cap's own */
	r.train.memory_fraction = 0.3;
	plan("mt5", "rtx3090", &r, &loose, false);
	assert_false(loose.fits);
	assert_true(loose.n_suggestions > 0);
	assert_non_null(strstr(loose.suggestions[0].change, "--memory-fraction"));
	assert_true(loose.suggestions[0].fits);
	r.train.memory_fraction = 1.5;
	assert_int_equal(vp_plan_search(m, g, &r, &loose, &err), -1);
	assert_non_null(strstr(err.message, "--memory-fraction"));
}

static void effective_batch_is_met_exactly_with_a_divisor(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p;
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");

	(void)state;
	request(&r, m);
	r.effective_batch = 48;
	plan("mt5", "rtx3090", &r, &p, false);
	assert_true(p.fits);
	assert_true(p.effective_exact);
	assert_int_equal(p.train_batch * p.grad_accum, 48);
	assert_int_equal(48 % p.train_batch, 0);
	assert_int_equal(p.limit, VP_LIMIT_EFFECTIVE);
}

/* Accumulating keeps the gradients of earlier micro-batches through the
 * next forward, which a step without accumulation frees (PyTorch >= 2.0):
 * a plan that accumulates to reach an effective batch, or because
 * accumulation was given, is sized with them (fuzz finding F17). */
static void accumulating_plans_are_sized_with_the_kept_gradients(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p, single;
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	uint64_t budget;

	(void)state;
	request(&r, m);
	plan("mt5", "rtx3090", &r, &single, false);
	budget = single.budget_bytes;

	request(&r, m);
	r.effective_batch = 512;
	plan("mt5", "rtx3090", &r, &p, false);
	assert_true(p.fits);
	assert_true(p.grad_accum > 1);
	assert_true(p.train.device_bytes <= budget);
	assert_true(p.train.peak_bytes[VP_COMP_GRADIENTS] > 0 || p.train.peak_phase != VP_PHASE_FORWARD);
	assert_true(p.train_batch <= single.train_batch);

	request(&r, m);
	r.train.grad_accum = 4;
	plan("mt5", "rtx3090", &r, &p, false);
	assert_true(p.fits);
	assert_int_equal(p.grad_accum, 4);
	assert_true(p.train.device_bytes <= budget);
}

/* An effective batch that needs accumulation keeps the gradients of the
 * earlier micro-batches through the next forward. When batch 1 does not fit
 * even without them, the failing setup and each suggestion are still
 * estimated with them (docs/planner.md "When nothing fits"), so a change
 * said to fit plans when given back: here the 8-bit optimizer, which fits
 * without the kept gradients (18.8 of 19.2 GiB) and not with them. */
static void nothing_fits_under_accumulation_suggests_what_plans(void **state)
{
	struct vp_plan_request r;
	struct vp_plan *p = test_malloc(sizeof *p), *again = test_malloc(sizeof *again);
	const struct vp_model *m = vp_catalog_find_model(&cat, "llama-3.2-1b");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx3090");
	struct vp_train kept;
	struct vp_estimate e;
	struct vp_error err = {0};
	size_t i, tried = 0;

	(void)state;
	assert_non_null(m);
	request(&r, m);
	r.train.seq_len = 2048;
	r.effective_batch = 64;
	plan("llama-3.2-1b", "rtx3090", &r, p, false);
	assert_false(p->fits);
	/* the failing step is batch 1 with the gradients kept */
	kept = r.train;
	kept.batch = 1;
	kept.grad_accum = 2;
	assert_int_equal(vp_estimate(m, g, &kept, &e, &err), 0);
	assert_int_equal(p->train.device_bytes, e.device_bytes);
	for (i = 0; i < p->n_suggestions; i++) {
		if (strcmp(p->suggestions[i].change, "--optimizer adamw-8bit") != 0)
			continue;
		tried++;
		request(&r, m);
		r.train.seq_len = 2048;
		r.effective_batch = 64;
		r.train.optimizer = VP_OPT_ADAMW_8BIT;
		plan("llama-3.2-1b", "rtx3090", &r, again, false);
		assert_int_equal(p->suggestions[i].fits, again->fits);
	}
	assert_int_equal(tried, 1);
	test_free(p);
	test_free(again);
}

static void max_batch_caps_the_search(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p;
	const struct vp_model *m = vp_catalog_find_model(&cat, "bert-base-uncased");

	(void)state;
	request(&r, m);
	r.train.head = VP_HEAD_SEQ_CLS;
	r.train.seq_len = 128;
	r.max_batch = 16;
	plan("bert-base-uncased", "h100", &r, &p, false);
	assert_int_equal(p.train_batch, 16);
	assert_int_equal(p.limit, VP_LIMIT_MAX_BATCH);
}

static void nothing_fits_gives_cheapest_first_suggestions(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p;
	const struct vp_model *m = vp_catalog_find_model(&cat, "llama-2-7b");
	size_t i;
	bool any_fits = false;

	(void)state;
	request(&r, m);
	r.train.precision = VP_PREC_FP32;
	plan("llama-2-7b", "t4", &r, &p, false);
	assert_false(p.fits);
	assert_true(p.n_suggestions >= 3);
	assert_string_equal(p.suggestions[0].change, "--expandable-segments");
	for (i = 0; i < p.n_suggestions; i++) {
		/* the fp32 peak is AdamW's step, where checkpointing frees
		 * nothing: not offered; every change listed lowers batch 1's peak */
		assert_string_not_equal(p.suggestions[i].change, "--grad-ckpt");
		assert_true(p.suggestions[i].device_bytes < p.train.device_bytes);
		any_fits = any_fits || p.suggestions[i].fits;
		/* the options alone, for the command line to plan again
		 * (cmd_plan.c): the change itself, or its leading options
		 * where words follow that say why */
		assert_int_equal(strncmp(p.suggestions[i].change, p.suggestions[i].flags,
					 strlen(p.suggestions[i].flags)), 0);
		assert_true(p.suggestions[i].flags[0] == '-');
	}
	assert_true(any_fits); /* QLoRA puts a 7B model on a 16 GB card */

	/* a sweep asks for the verdict only: the same plan, no suggestions */
	r.no_suggestions = true;
	plan("llama-2-7b", "t4", &r, &p, false);
	assert_false(p.fits);
	assert_int_equal(p.n_suggestions, 0);
}

/* With checkpointing on already, "--method lora --grad-ckpt" is "--method
 * lora" again; every suggestion lowers the peak. Under ZeRO-3 the 8-bit
 * optimizer still does: DeepSpeed's wrapped optimizer keeps bitsandbytes'
 * 8-bit states of the fp32 partition, 2 + 8/256 bytes a parameter instead
 * of Adam's 8 (docs "ZeRO"). */
static void nothing_fits_lists_no_change_that_changes_nothing(void **state)
{
	struct vp_plan_request r;
	struct vp_plan p;
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5-xl");
	bool eight_bit;
	size_t i;

	(void)state;
	request(&r, m);
	r.train.grad_ckpt = true;
	plan("mt5-xl", "rtx3060", &r, &p, false);
	assert_false(p.fits);
	assert_true(p.n_suggestions >= 2);
	for (i = 0; i < p.n_suggestions; i++) {
		assert_string_not_equal(p.suggestions[i].change, "--method lora --grad-ckpt");
		assert_string_not_equal(p.suggestions[i].change, "--grad-ckpt");
		assert_true(p.suggestions[i].device_bytes < p.train.device_bytes);
	}

	request(&r, m);
	r.train.zero_stage = 3;
	r.train.gpus = 2;
	r.train.optimizer = VP_OPT_ADAMW_FUSED;
	plan("mt5-xl", "rtx3060", &r, &p, false);
	assert_false(p.fits);
	eight_bit = false;
	for (i = 0; i < p.n_suggestions; i++) {
		eight_bit = eight_bit || strcmp(p.suggestions[i].change, "--optimizer adamw-8bit") == 0;
		assert_true(p.suggestions[i].device_bytes < p.train.device_bytes);
	}
	assert_true(eight_bit);
}

static void seed_000_thirty_two_workers_overflow_a_60_gb_container(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	struct vp_host_request h;
	struct vp_host_plan hp;
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	t.batch = 20;
	t.seq_len = 512;
	t.tgt_len = 128;
	vp_host_request_defaults(&h);
	h.host_ram_bytes = 60 * GIB;
	h.cpus = 48;
	h.num_workers = 32;
	assert_int_equal(vp_host_plan(m, &t, &h, 2 * GIB, &hp), 0);
	assert_false(hp.fits); /* 32 x ~2 GiB + the trainer > 60 GiB */
	h.num_workers = UINT64_MAX;
	assert_int_equal(vp_host_plan(m, &t, &h, 2 * GIB, &hp), 0);
	assert_int_equal(hp.num_workers, 16); /* a third of 48 cores */
	assert_true(hp.fits);
	h.host_ram_bytes = 20 * GIB;
	assert_int_equal(vp_host_plan(m, &t, &h, 2 * GIB, &hp), 0);
	assert_true(hp.limited_by_ram);
	assert_true(hp.num_workers < 16);
	assert_true(hp.total_bytes <= h.host_ram_bytes);
}

static void same_request_gives_the_same_plan(void **state)
{
	struct vp_plan_request r;
	struct vp_plan a, b;

	(void)state;
	plan("qwen2.5-1.5b", "rtx4090", &r, &a, true);
	plan("qwen2.5-1.5b", "rtx4090", &r, &b, false);
	assert_memory_equal(&a, &b, sizeof a);
}

static void an_overflowing_probe_means_does_not_fit(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "bert-base-uncased");
	struct vp_gpu huge;
	struct vp_plan_request r;
	struct vp_plan p;
	struct vp_error err = {0};

	(void)state;
	/* a GPU so large that the batch search runs into the estimator's
	 * 2^60-byte limit before the budget: the failed probes count as
	 * "does not fit" and the search still ends */
	memset(&huge, 0, sizeof huge);
	snprintf(huge.name, sizeof huge.name, "huge");
	huge.memory_mib = UINT64_C(1) << 44;
	huge.compute_capability = 90;
	request(&r, m);
	r.train.head = VP_HEAD_SEQ_CLS;
	r.max_batch = UINT64_C(1) << 62;
	assert_int_equal(vp_plan_search(m, &huge, &r, &p, &err), 0);
	assert_true(p.fits);
	assert_true(p.train_batch > 1000);
	assert_int_equal(err.code, VP_OK);
}

static void a_checkpoint_stored_in_16_bit_gives_the_batch_it_would_train(void **state)
{
	const struct vp_model *stored = vp_catalog_find_model(&cat, "llama-3.2-3b");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_model fp32;
	struct vp_plan_request r;
	struct vp_plan p, pure;
	struct vp_error err = {0};

	(void)state;
	assert_non_null(stored);
	assert_int_equal(stored->stored_dtype, VP_DTYPE_BF16);
	/* planned with fp32 weights under autocast: the batch a bf16 load
	 * (transformers >= 5's default for it) would train is the plan of
	 * --precision bf16 */
	plan("llama-3.2-3b", "a100-80gb", &r, &p, true);
	assert_true(vp_plan_stored16_applies(stored, &r.train));
	/* fp16 autocast (a GPU without bf16) over the bfloat16 load casts
	 * every weight and keeps the casts for backward: not --precision fp16 */
	r.train.precision = VP_PREC_AMP_FP16;
	assert_false(vp_plan_stored16_applies(stored, &r.train));
	r.train.precision = VP_PREC_BF16;
	assert_false(vp_plan_stored16_applies(stored, &r.train));
	assert_int_equal(vp_plan_search(stored, g, &r, &pure, &err), 0);
	assert_true(p.base16_batch > p.train_batch);
	assert_int_equal(p.base16_batch, pure.train_batch);
	assert_int_equal(pure.base16_batch, 0);

	/* the same model stored in float32: full fine-tuning gets no such batch */
	fp32 = *stored;
	fp32.stored_dtype = VP_DTYPE_FP32;
	request(&r, &fp32);
	assert_false(vp_plan_stored16_applies(&fp32, &r.train));
	assert_int_equal(vp_plan_search(&fp32, g, &r, &p, &err), 0);
	assert_int_equal(p.base16_batch, 0);
}

static void eval_accumulation_is_the_most_kept_steps_that_fit(void **state)
{
	/* mT5 on an A100 40GB at eval batch 8: the chosen N fits with its
	 * kept predictions, N + 1 does not */
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-40gb");
	struct vp_plan_request r;
	struct vp_eval_opts o;
	struct vp_eval_estimate ev;
	struct vp_error err = {0};
	uint64_t budget, steps;

	(void)state;
	request(&r, m);
	r.train.batch = 8;
	budget = vp_budget_bytes(g, r.util, &r.train);
	assert_int_equal(vp_plan_eval_accumulation(m, g, &r.train, &r.eval, budget, &steps, &err), 0);
	assert_true(steps >= 2 && steps < 100);
	o = r.eval;
	o.accumulation_steps = steps;
	assert_int_equal(vp_estimate_eval(m, g, &r.train, &o, &ev, &err), 0);
	assert_true(ev.device_bytes <= budget);
	o.accumulation_steps = steps + 1;
	assert_int_equal(vp_estimate_eval(m, g, &r.train, &o, &ev, &err), 0);
	assert_true(ev.device_bytes > budget);
	/* a classification head keeps a few bytes a step: no limit needed */
	m = vp_catalog_find_model(&cat, "bert-large");
	request(&r, m);
	r.train.head = VP_HEAD_SEQ_CLS;
	r.train.batch = 8;
	assert_int_equal(vp_plan_eval_accumulation(m, g, &r.train, &r.eval, budget, &steps, &err), 0);
	assert_int_equal(steps, 0);
}

static void largest_eval_batch_fits_and_the_next_one_does_not(void **state)
{
	/* mT5 on an RTX 3090, each step's predictions moved at once: the
	 * batch found fits, one more does not; a cap below it is the answer;
	 * a budget below batch 1's peak gives 0, and a cap of 0 searches
	 * nothing */
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx3090");
	struct vp_plan_request r;
	struct vp_train t;
	struct vp_eval_opts o;
	struct vp_eval_estimate ev;
	struct vp_error err = {0};
	uint64_t budget, best, capped;

	(void)state;
	request(&r, m);
	o = r.eval;
	o.accumulation_steps = 1;
	budget = vp_budget_bytes(g, r.util, &r.train);
	assert_int_equal(vp_plan_largest_eval_batch(m, g, &r.train, &o, budget, 4096, &best, &err), 0);
	assert_true(best > 1 && best < 4096);
	t = r.train;
	t.batch = best;
	assert_int_equal(vp_estimate_eval(m, g, &t, &o, &ev, &err), 0);
	assert_true(ev.device_bytes <= budget);
	t.batch = best + 1;
	assert_int_equal(vp_estimate_eval(m, g, &t, &o, &ev, &err), 0);
	assert_true(ev.device_bytes > budget);
	assert_int_equal(vp_plan_largest_eval_batch(m, g, &r.train, &o, budget, best - 1, &capped, &err), 0);
	assert_int_equal(capped, best - 1);
	t.batch = 1;
	assert_int_equal(vp_estimate_eval(m, g, &t, &o, &ev, &err), 0);
	assert_int_equal(vp_plan_largest_eval_batch(m, g, &r.train, &o, ev.device_bytes - 1, 4096, &best, &err), 0);
	assert_int_equal(best, 0);
	best = 7;
	assert_int_equal(vp_plan_largest_eval_batch(m, g, &r.train, &o, budget, 0, &best, &err), 0);
	assert_int_equal(best, 0);
}

static void a_known_evaluation_set_leaves_accumulation_unset_when_it_all_fits(void **state)
{
	/* the whole set's steps on the GPU fit: nothing to set; a set too
	 * large for that: the most steps that fit, even beyond 100 */
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-40gb");
	struct vp_plan_request r;
	struct vp_eval_opts o;
	struct vp_eval_estimate ev;
	struct vp_error err = {0};
	uint64_t budget, steps;

	(void)state;
	request(&r, m);
	r.train.batch = 8;
	budget = vp_budget_bytes(g, r.util, &r.train);
	r.eval.eval_samples = 16; /* two steps */
	assert_int_equal(vp_plan_eval_accumulation(m, g, &r.train, &r.eval, budget, &steps, &err), 0);
	assert_int_equal(steps, 0);
	r.eval.eval_samples = 8000;
	assert_int_equal(vp_plan_eval_accumulation(m, g, &r.train, &r.eval, budget, &steps, &err), 0);
	assert_true(steps >= 2);
	o = r.eval;
	o.accumulation_steps = steps;
	assert_int_equal(vp_estimate_eval(m, g, &r.train, &o, &ev, &err), 0);
	assert_true(ev.device_bytes <= budget);
	/* token ids instead of logits: 1000 steps of them fit */
	r.eval.predictions = VP_PREDS_ARGMAX;
	assert_int_equal(vp_plan_eval_accumulation(m, g, &r.train, &r.eval, budget, &steps, &err), 0);
	assert_int_equal(steps, 0);
}

/* A known evaluation set and the eval batch: a GPU's share of it, rounded
 * up, is the most a plan takes (every GPU runs its part in one step); the
 * batch that runs is capped at the set on one GPU, where the DataLoader's
 * one batch is the set, and not on several, where accelerate's
 * even_batches fills every rank's batch with repeated samples. */
static void an_evaluation_set_caps_the_eval_batch_on_one_gpu_only(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	struct vp_plan_request r;

	(void)state;
	assert_int_equal(vp_plan_eval_share(10, 2), 5);
	assert_int_equal(vp_plan_eval_share(11, 2), 6);
	assert_int_equal(vp_plan_eval_share(10, 4), 3);
	assert_int_equal(vp_plan_eval_share(3, 8), 1);
	assert_int_equal(vp_plan_eval_share(10, 0), 10);
	assert_int_equal(vp_plan_eval_share(0, 2), 0);
	assert_int_equal(vp_plan_eval_batch_cap(64, 10, 1, true), 10);
	assert_int_equal(vp_plan_eval_batch_cap(64, 10, 0, true), 10);
	assert_int_equal(vp_plan_eval_batch_cap(8, 10, 1, true), 8);
	assert_int_equal(vp_plan_eval_batch_cap(64, 0, 1, true), 64);
	assert_int_equal(vp_plan_eval_batch_cap(64, 10, 2, true), 64);
	/* even_batches: false (accelerator_config): the last batch stays
	 * short on every rank, as on one GPU */
	assert_int_equal(vp_plan_eval_batch_cap(64, 10, 2, false), 10);
	assert_int_equal(vp_plan_eval_batch_cap(8, 10, 2, false), 8);
	assert_int_equal(vp_plan_eval_batch_cap(UINT64_MAX, UINT64_MAX - 1, 1, true), UINT64_MAX - 1);
	request(&r, m);
	r.max_batch = 4096;
	r.eval.eval_samples = 11;
	r.train.gpus = 2;
	assert_int_equal(vp_plan_eval_batch_max(&r), 6);
	r.eval.eval_samples = 0;
	assert_int_equal(vp_plan_eval_batch_max(&r), 4096);
	r.eval.eval_samples = UINT64_MAX;
	assert_int_equal(vp_plan_eval_batch_max(&r), 4096);
}

/* The planner's host RAM counts the evaluation set's predictions: over a
 * container's limit, the plan does not fit it (the CLI says so, exit 1). */
static void kept_predictions_of_a_large_evaluation_set_overflow_the_host(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "rtx3090");
	struct vp_plan_request r;
	struct vp_plan p;
	struct vp_error err = {0};

	(void)state;
	request(&r, m);
	r.host.host_ram_bytes = (uint64_t)60 << 30;
	r.host.cpus = 48;
	r.eval.eval_samples = 4500;
	assert_int_equal(vp_plan_search(m, g, &r, &p, &err), 0);
	assert_true(p.fits);
	assert_false(p.host.fits);
	assert_true(p.host.peak_in_eval);
	/* 4500 x 128 fp32 logits over mT5's vocabulary, twice */
	assert_true(p.host.eval_predictions_bytes > (uint64_t)2 * 4500 * 128 * 250000 * 4);
	r.eval.predictions = VP_PREDS_ARGMAX;
	assert_int_equal(vp_plan_search(m, g, &r, &p, &err), 0);
	assert_true(p.host.fits);
	assert_int_equal(p.eval_accumulation_steps, 0);
}

/* A known dataset limits persistent workers (each copies it); the plan
 * then says how many would fit forked anew each epoch, and keeps the
 * persistent count it chose. */
static void a_dataset_limiting_persistent_workers_gets_the_unpersistent_count(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "mt5");
	struct vp_plan_request r;
	struct vp_plan p;
	struct vp_error err = {0};

	(void)state;
	request(&r, m);
	r.host.dataset_ram_bytes = (uint64_t)6 << 30;
	r.host.host_ram_bytes = (uint64_t)60 << 30;
	r.host.cpus = 48;
	assert_int_equal(vp_plan_search(m, vp_catalog_find_gpu(&cat, "rtx3090"), &r, &p, &err), 0);
	assert_true(p.host.fits && p.host.limited_by_ram && p.host.persistent_workers);
	assert_true(p.host.num_workers < 16);
	assert_int_equal(p.host_workers_unpersistent, 16);

	/* no dataset size: no such count */
	r.host.dataset_ram_bytes = 0;
	assert_int_equal(vp_plan_search(m, vp_catalog_find_gpu(&cat, "rtx3090"), &r, &p, &err), 0);
	assert_int_equal(p.host_workers_unpersistent, 0);
}

/* The host's copy of the checkpoint while each trainer process loads it:
 * the weights as loaded (fp32 under autocast, 16-bit for a bitsandbytes base
 * or pure 16-bit training, a GPTQ base as stored, quantized); under ZeRO-3 one 10 GB checkpoint file (the
 * partitions are built on the GPUs); FSDP and DDP whole */
static void checkpoint_copies_follow_how_each_process_loads(void **state)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, "llama-3.2-3b");
	struct vp_train t;
	struct vp_estimate e;
	uint64_t n;

	(void)state;
	assert_non_null(m);
	n = vp_model_param_count(m);
	vp_train_defaults(&t);
	memset(&e, 0, sizeof e);
	t.precision = VP_PREC_AMP_BF16;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), n * 4);
	t.precision = VP_PREC_BF16;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), n * 2);
	t.precision = VP_PREC_AMP_BF16;
	t.quant = VP_QUANT_NF4;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), n * 2);
	/* a GPTQ checkpoint is stored quantized: what the GPU holds of it */
	t.quant = VP_QUANT_GPTQ_INT4;
	e.full_bytes[VP_COMP_WEIGHTS] = n / 3;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), n / 3);
	e.full_bytes[VP_COMP_WEIGHTS] = 0;
	t.quant = VP_QUANT_NONE;
	t.gpus = 4;
	t.fsdp = true;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), n * 4);
	t.fsdp = false;
	t.zero_stage = 3;
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), UINT64_C(10000000000));
	/* a checkpoint smaller than a file: whole */
	m = vp_catalog_find_model(&cat, "tinyllama");
	assert_non_null(m);
	assert_int_equal(vp_plan_checkpoint_bytes(m, &t, &e), vp_model_param_count(m) * 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chosen_batch_fits_and_the_next_one_does_not),
		cmocka_unit_test(the_default_rounding_aligns_the_tokens),
		cmocka_unit_test(longest_sequence_fits_and_one_more_token_does_not),
		cmocka_unit_test(longest_sequence_stops_at_the_context),
		cmocka_unit_test(auto_find_batch_retries_at_nine_tenths_until_one_fits),
		cmocka_unit_test(a_dataset_limiting_persistent_workers_gets_the_unpersistent_count),
		cmocka_unit_test(a_memory_fraction_caps_the_reserved_level),
		cmocka_unit_test(effective_batch_is_met_exactly_with_a_divisor),
		cmocka_unit_test(accumulating_plans_are_sized_with_the_kept_gradients),
		cmocka_unit_test(nothing_fits_under_accumulation_suggests_what_plans),
		cmocka_unit_test(max_batch_caps_the_search),
		cmocka_unit_test(nothing_fits_gives_cheapest_first_suggestions),
		cmocka_unit_test(nothing_fits_lists_no_change_that_changes_nothing),
		cmocka_unit_test(seed_000_thirty_two_workers_overflow_a_60_gb_container),
		cmocka_unit_test(same_request_gives_the_same_plan),
		cmocka_unit_test(an_overflowing_probe_means_does_not_fit),
		cmocka_unit_test(a_checkpoint_stored_in_16_bit_gives_the_batch_it_would_train),
		cmocka_unit_test(eval_accumulation_is_the_most_kept_steps_that_fit),
		cmocka_unit_test(largest_eval_batch_fits_and_the_next_one_does_not),
		cmocka_unit_test(a_known_evaluation_set_leaves_accumulation_unset_when_it_all_fits),
		cmocka_unit_test(an_evaluation_set_caps_the_eval_batch_on_one_gpu_only),
		cmocka_unit_test(kept_predictions_of_a_large_evaluation_set_overflow_the_host),
		cmocka_unit_test(checkpoint_copies_follow_how_each_process_loads),
	};
	return cmocka_run_group_tests_name("plan", tests, load_catalog, free_catalog);
}
