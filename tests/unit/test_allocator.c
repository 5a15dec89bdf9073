/*
 * The caching allocator's rounding of one tensor (src/allocator.c,
 * vp_est_alloc_waste) on sizes from each of its three size classes, and the
 * CUDA context per GPU generation (vp_context_bytes), against the constants
 * of c10/cuda/CUDACachingAllocator.cpp and the measurements docs/memory-
 * model.md ("Allocator", "Device level") cites.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../../src/estimate_internal.h"

#define MIB (1024.0 * 1024.0)

static void small_requests_round_up_to_512_bytes(void **state)
{
	(void)state;
	/* kMinBlockSize 512: every request up to 1 MiB is a multiple of it */
	assert_true(vp_est_alloc_waste(0.0) == 0.0);
	assert_true(vp_est_alloc_waste(1.0) == 511.0);
	assert_true(vp_est_alloc_waste(100.0) == 412.0);
	assert_true(vp_est_alloc_waste(512.0) == 0.0);
	assert_true(vp_est_alloc_waste(513.0) == 511.0);
	assert_true(vp_est_alloc_waste(MIB) == 0.0);
}

static void mid_requests_share_a_20_mib_segment(void **state)
{
	(void)state;
	/* 1-10 MiB requests are carved from kLargeBuffer (20 MiB) segments:
	 * five 4 MiB blocks fill one exactly; six 3 MiB blocks leave 2 MiB,
	 * a third of a MiB for each */
	assert_true(vp_est_alloc_waste(4.0 * MIB) == 0.0);
	assert_true(vp_est_alloc_waste(5.0 * MIB) == 0.0);
	assert_float_equal(vp_est_alloc_waste(3.0 * MIB), MIB / 3.0, 1e-6);
	/* 6 MiB: three blocks (18 MiB) per segment, 2/3 MiB left each */
	assert_float_equal(vp_est_alloc_waste(6.0 * MIB), 2.0 * MIB / 3.0, 1e-6);
	/* a request's own rounding to 512 bytes adds to the segment's share */
	assert_float_equal(vp_est_alloc_waste(4.0 * MIB - 100.0), 100.0, 1e-6);
}

static void large_requests_round_up_to_2_mib(void **state)
{
	(void)state;
	/* from kMinLargeAlloc (10 MiB) up: kRoundLarge, a multiple of 2 MiB */
	assert_true(vp_est_alloc_waste(12.0 * MIB) == 0.0);
	assert_true(vp_est_alloc_waste(13.0 * MIB) == MIB);
	assert_true(vp_est_alloc_waste(1024.0 * MIB + 1.0) == 2.0 * MIB - 1.0);
	/* never more than 2 MiB, so a 1 GiB tensor wastes under 0.2% */
	assert_true(vp_est_alloc_waste(1000.0 * MIB + 512.0) < 2.0 * MIB);
}

static struct vp_gpu gpu_of(int cc)
{
	struct vp_gpu g;

	memset(&g, 0, sizeof g);
	g.memory_mib = 16384;
	g.compute_capability = cc;
	return g;
}

static void the_context_follows_the_gpu_generation(void **state)
{
	struct vp_gpu volta = gpu_of(70), turing = gpu_of(75), ampere = gpu_of(80), ada = gpu_of(89),
		      hopper = gpu_of(90);
	const uint64_t mib = 1024 * 1024;

	(void)state;
	/* lazy module loading (the current PyTorch): 400 + 160 + 120 on every
	 * generation but Hopper, measured at 770 */
	assert_int_equal(vp_context_bytes_idle(&volta, NULL), 400 * mib);
	assert_int_equal(vp_context_bytes(&volta, NULL), 680 * mib);
	assert_int_equal(vp_context_bytes(&turing, NULL), 680 * mib);
	assert_int_equal(vp_context_bytes_idle(&ampere, NULL), 400 * mib);
	assert_int_equal(vp_context_bytes(&ampere, NULL), 680 * mib);
	assert_int_equal(vp_context_bytes(&ada, NULL), 680 * mib);
	assert_int_equal(vp_context_bytes(&hopper, NULL), 770 * mib);
	assert_int_equal(vp_context_bytes(NULL, NULL), 0);
	assert_int_equal(vp_context_bytes_idle(NULL, NULL), 0);
}

static void pytorch_1_loads_every_kernel_at_init(void **state)
{
	struct vp_gpu volta = gpu_of(70), ampere = gpu_of(80), hopper = gpu_of(90);
	struct vp_train t;
	const uint64_t mib = 1024 * 1024;

	(void)state;
	vp_train_defaults(&t);
	t.pytorch = VP_PYTORCH_1;
	/* the HF single-GPU guide's V100 context (1343 MiB, torch 1.10) and
	 * cuBLAS (160), whatever the generation */
	assert_int_equal(vp_context_bytes_idle(&volta, &t), 1343 * mib);
	assert_int_equal(vp_context_bytes(&volta, &t), (1343 + 160) * mib);
	assert_int_equal(vp_context_bytes(&ampere, &t), (1343 + 160) * mib);
	assert_int_equal(vp_context_bytes(&hopper, &t), (1343 + 160) * mib);
	/* 2.0 and later: lazy, as the current one */
	t.pytorch = VP_PYTORCH_2_0;
	assert_int_equal(vp_context_bytes(&volta, &t), 680 * mib);
}

/* Mistral 7B, LoRA on every linear, batch 4 x 2048 tokens: down_proj's
 * input cast to the fp32 adapters, T x f x 4 = 8192 x 14336 x 4 bytes. */
static struct totals mistral_like(void)
{
	struct totals tt;

	memset(&tt, 0, sizeof tt);
	tt.n_dec = 32.0;
	tt.dec.input = 8192.0 * 4096.0 * 2.0;
	tt.dec.saved = 20.0 * tt.dec.input;
	tt.dec.recompute_largest = 8192.0 * 14336.0 * 4.0;
	tt.saved_all = tt.n_dec * tt.dec.saved;
	tt.inputs_all = tt.n_dec * tt.dec.input;
	return tt;
}

static void recomputation_leaves_seven_segments_of_its_largest_tensor(void **state)
{
	struct totals tt = mistral_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.grad_ckpt = true;
	/* 7 x 448 MiB: the count in MS-MISTRAL7B-lora-gc's allocator trace */
	assert_true(vp_est_recompute_fragmentation(&tt, &t) == 7.0 * 448.0 * 1024.0 * 1024.0);
}

static void no_recomputation_overhead_without_checkpointing_or_with_offload(void **state)
{
	struct totals tt = mistral_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	assert_true(vp_est_recompute_fragmentation(&tt, &t) == 0.0);
	t.grad_ckpt = true;
	t.activation_offload = true;
	assert_true(vp_est_recompute_fragmentation(&tt, &t) == 0.0);
}

static void recomputation_overhead_never_exceeds_what_checkpointing_drops(void **state)
{
	struct totals tt = mistral_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.grad_ckpt = true;
	/* a short input: each block saves 3 MiB beside its 1 MiB input, so
	 * the run without checkpointing holds 31 x 2 MiB more than with it */
	tt.dec.input = 1024.0 * 1024.0;
	tt.dec.saved = 3.0 * tt.dec.input;
	tt.saved_all = tt.n_dec * tt.dec.saved;
	tt.inputs_all = tt.n_dec * tt.dec.input;
	assert_true(vp_est_recompute_fragmentation(&tt, &t) == 31.0 * 2.0 * 1024.0 * 1024.0);
}

/* XLM-R large classified under autocast (MS-BGEM3-cls-fp16): a 977 MiB
 * fp32 embedding gradient, two states and one foreach temporary of it. */
static struct totals xlmr_like(void)
{
	struct totals tt;

	memset(&tt, 0, sizeof tt);
	tt.n_enc = 24.0;
	tt.vocab_block_bytes = 977.0 * MIB;
	tt.vocab_grad_bytes = 977.0 * MIB;
	tt.vocab_states_bytes = 2.0 * 977.0 * MIB;
	tt.vocab_temp_bytes = 977.0 * MIB;
	return tt;
}

static void the_vocabulary_gradient_and_temporary_stay_idle_through_the_forward(void **state)
{
	struct totals tt = xlmr_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	/* the gradient's and the temporary's segments, whatever the
	 * activations (MS-XLMRB-cls-amp ended with three such segments free) */
	assert_true(vp_est_vocab_fragmentation(&tt, &t, true) == 2.0 * 977.0 * MIB);
	/* accumulating: the gradient stays, only the temporary's segment frees */
	assert_true(vp_est_vocab_fragmentation(&tt, &t, false) == 977.0 * MIB);
}

static void a_vocabulary_matrix_a_loss_block_holds_keeps_no_segment(void **state)
{
	struct totals tt = xlmr_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	tt.loss_block = 1954.0 * MIB; /* a loss's segment holds it */
	assert_true(vp_est_vocab_fragmentation(&tt, &t, true) == 0.0);
	tt.loss_block = 0.0;
	t.zero_stage = 2; /* flat buffers */
	assert_true(vp_est_vocab_fragmentation(&tt, &t, true) == 0.0);
}

/* Qwen2.5 3B, full, bf16, checkpointing, batch 4 x 1,024
 * (MS-QW25-3B-full-fixpad): three 2,374 MiB fp32 loss segments and the
 * 1,187 MiB logits' one, 5,886 MiB of gradients, the tied embedding's two
 * 594 MiB AdamW states among 11,772 MiB of states. */
static struct totals qw25_full_like(void)
{
	struct totals tt;

	memset(&tt, 0, sizeof tt);
	tt.loss_block = 2374.0 * MIB;
	tt.loss_set = 1187.0 * MIB + 3.0 * 2374.0 * MIB;
	tt.grads = 5886.0 * MIB;
	tt.optimizer = 11772.0 * MIB;
	tt.vocab_block_bytes = 594.0 * MIB;
	tt.vocab_states_bytes = 2.0 * 594.0 * MIB;
	return tt;
}

static void checkpointed_full_fine_tune_reserves_a_second_loss_set(void **state)
{
	struct totals tt = qw25_full_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.method = VP_METHOD_FULL;
	t.grad_ckpt = true;
	/* the states pin every segment of the first loss: the second loss
	 * reserves the whole set again, counted over the optimizer phase */
	assert_true(vp_est_second_loss_set(&tt, &t, true) == tt.loss_set);
	/* and the forward keeps only its idle segment, not a spill as well */
	assert_true(vp_est_loss_fragmentation(&tt, &t, 600.0 * MIB, true) == tt.loss_block);
}

static void no_second_loss_set_where_nothing_pins_the_first(void **state)
{
	struct totals tt = qw25_full_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.method = VP_METHOD_FULL;
	t.grad_ckpt = true;
	/* accumulating: the gradients stay in the loss's segments, the second
	 * micro-batch's loss takes a second set, the states the free one:
	 * neither a second set counted over the optimizer phase nor a spill */
	t.grad_accum = 4;
	assert_true(vp_est_second_loss_set(&tt, &t, false) == 0.0);
	assert_true(vp_est_loss_fragmentation(&tt, &t, 600.0 * MIB, false) == tt.loss_block);
	t.grad_accum = 1;
	/* gradients that fill the whole set leave no room for a state */
	tt.grads = tt.loss_set;
	assert_true(vp_est_second_loss_set(&tt, &t, true) == 0.0);
	tt = qw25_full_like();
	/* without checkpointing the gradients take the activations' blocks too */
	t.grad_ckpt = false;
	assert_true(vp_est_second_loss_set(&tt, &t, true) == 0.0);
	t.grad_ckpt = true;
	t.method = VP_METHOD_LORA;
	assert_true(vp_est_second_loss_set(&tt, &t, true) == 0.0);
	t.method = VP_METHOD_FULL;
	t.expandable_segments = true;
	assert_true(vp_est_second_loss_set(&tt, &t, true) == 0.0);
	t.expandable_segments = false;
	t.zero_stage = 2;
	assert_true(vp_est_second_loss_set(&tt, &t, true) == 0.0);
}

/* Llama 3.2 3B with LoRA training copies of its embedding and head
 * (MS-L32-3B-lora-emb, batch 4 x 1024): 2,004 MiB loss blocks, four
 * 752 MiB states of the copies, activations far larger than the states. */
static struct totals l32_lora_emb_like(void)
{
	struct totals tt;

	memset(&tt, 0, sizeof tt);
	tt.loss_block = 2004.0 * MIB;
	tt.loss_set = 1002.0 * MIB + 4.0 * 2004.0 * MIB;
	tt.vocab_block_bytes = 752.0 * MIB;
	tt.vocab_states_bytes = 4.0 * 752.0 * MIB;
	tt.optimizer = tt.vocab_states_bytes + 40.0 * MIB;
	return tt;
}

static void lora_copies_states_carve_up_to_one_loss_block(void **state)
{
	struct totals tt = l32_lora_emb_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.method = VP_METHOD_LORA;
	/* however large the activations: the copies' states fit nothing else */
	assert_true(vp_est_loss_fragmentation(&tt, &t, 20000.0 * MIB, true) == 2.0 * 2004.0 * MIB);
	/* states smaller than a loss block: all of them */
	tt.loss_block = 4008.0 * MIB;
	assert_true(vp_est_loss_fragmentation(&tt, &t, 20000.0 * MIB, true) == 4008.0 * MIB + 3008.0 * MIB);
}

static void lora_copies_no_loss_block_holds_or_a_full_fine_tune_carve_nothing_extra(void **state)
{
	struct totals tt = l32_lora_emb_like();
	struct vp_train t;

	(void)state;
	memset(&t, 0, sizeof t);
	t.method = VP_METHOD_LORA;
	tt.loss_block = 700.0 * MIB; /* smaller than a state: segments of their own */
	assert_true(vp_est_loss_fragmentation(&tt, &t, 20000.0 * MIB, true) == 700.0 * MIB);
	tt.loss_block = 2004.0 * MIB;
	t.method = VP_METHOD_FULL; /* only the states beyond the activations */
	assert_true(vp_est_loss_fragmentation(&tt, &t, 20000.0 * MIB, true) == 2004.0 * MIB);
}

/* A KV cache carved layer by layer from the segments of the MLP's T x f
 * tensor keeps what of each no later cache block fits in (traced:
 * MS-L2-7B-frozen-bf16-usecache, two 128 MiB blocks a layer in 344 MiB
 * segments, 88 MiB idle each, bench/measured/traces/2026-11-30-third.txt). */
static void a_kv_cache_leaves_the_rest_of_each_segment_it_splits(void **state)
{
	(void)state;
	/* Llama 2 7B, 8 x 2,048 tokens: 32 layers x (344 - 2 x 128) MiB */
	assert_true(vp_est_cache_fragmentation(128.0 * MIB, 344.0 * MIB, 32.0) == 32.0 * 88.0 * MIB);
	/* a request is reserved in a segment rounded up to 2 MiB */
	assert_true(vp_est_cache_fragmentation(128.0 * MIB, 343.5 * MIB, 32.0) == 32.0 * 88.0 * MIB);
	/* grouped heads: the blocks divide the segment (Llama 3.2 3B, f / kv = 8) */
	assert_true(vp_est_cache_fragmentation(32.0 * MIB, 256.0 * MIB, 28.0) == 0.0);
	/* three blocks to a segment: 2L / 3 segments */
	assert_true(vp_est_cache_fragmentation(100.0 * MIB, 310.0 * MIB, 3.0) == 2.0 * 10.0 * MIB);
	/* a block larger than the working set's largest tensor: its own segment */
	assert_true(vp_est_cache_fragmentation(400.0 * MIB, 344.0 * MIB, 32.0) == 0.0);
	assert_true(vp_est_cache_fragmentation(0.0, 344.0 * MIB, 32.0) == 0.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_requests_round_up_to_512_bytes),
		cmocka_unit_test(mid_requests_share_a_20_mib_segment),
		cmocka_unit_test(large_requests_round_up_to_2_mib),
		cmocka_unit_test(the_context_follows_the_gpu_generation),
		cmocka_unit_test(pytorch_1_loads_every_kernel_at_init),
		cmocka_unit_test(recomputation_leaves_seven_segments_of_its_largest_tensor),
		cmocka_unit_test(no_recomputation_overhead_without_checkpointing_or_with_offload),
		cmocka_unit_test(recomputation_overhead_never_exceeds_what_checkpointing_drops),
		cmocka_unit_test(the_vocabulary_gradient_and_temporary_stay_idle_through_the_forward),
		cmocka_unit_test(a_vocabulary_matrix_a_loss_block_holds_keeps_no_segment),
		cmocka_unit_test(checkpointed_full_fine_tune_reserves_a_second_loss_set),
		cmocka_unit_test(no_second_loss_set_where_nothing_pins_the_first),
		cmocka_unit_test(lora_copies_states_carve_up_to_one_loss_block),
		cmocka_unit_test(lora_copies_no_loss_block_holds_or_a_full_fine_tune_carve_nothing_extra),
		cmocka_unit_test(a_kv_cache_leaves_the_rest_of_each_segment_it_splits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
