/*
 * The planner (docs/planner.md): a binary search for the largest micro-batch
 * whose device-level peak stays under util x GPU memory, then rounding,
 * accumulation for an effective batch, the eval batch, DataLoader workers,
 * and, when not even batch 1 fits, the changes that would make it fit.
 */
#include "vramplan/plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/checked.h"
#include "vramplan/peft.h"

#define MIB ((uint64_t)1 << 20)

/* A failed probe at a large batch (overflow) means "does not fit". */
static void clear_err(struct vp_error *err)
{
	if (err != NULL)
		memset(err, 0, sizeof *err);
}

/* HF Trainer keeps every eval step's logits on the GPU until the end of
 * evaluation unless eval_accumulation_steps moves them to the host
 * (transformers Trainer.evaluation_loop), concatenating them step by step
 * (vp_estimate_eval). vramplan recommends it when fewer than this many
 * steps' predictions fit. */
#define VP_EVAL_STEPS_ON_GPU 100

void vp_plan_request_defaults(struct vp_plan_request *req)
{
	memset(req, 0, sizeof *req);
	vp_train_defaults(&req->train);
	req->util = VP_DEFAULT_UTIL;
	req->max_batch = VP_DEFAULT_MAX_BATCH;
	req->eval.num_beams = 1;
	vp_host_request_defaults(&req->host);
}

/*
 * torch.cuda.set_per_process_memory_fraction(F) sets the caching allocator's
 * allowed_memory_maximum to F x the device's total memory, and alloc_block()
 * refuses any segment that would take the reserved bytes past it
 * (c10/cuda/CUDACachingAllocator.cpp: setMemoryFraction, alloc_block's
 * "total_allocated_memory + size > allowed_memory_maximum"), after it has
 * freed its cached blocks and retried. So the cap bounds the reserved
 * level; the CUDA context and the libraries' workspaces outside the
 * allocator come on top of it at the device level.
 */
uint64_t vp_budget_cap_bytes(const struct vp_gpu *g, const struct vp_train *t)
{
	if (!(t->memory_fraction > 0.0 && t->memory_fraction < 1.0))
		return 0; /* unset, or 1: setMemoryFraction sets no maximum */
	return (uint64_t)floor(t->memory_fraction * (double)g->memory_mib * (double)MIB) + vp_context_bytes(g, t);
}

uint64_t vp_budget_bytes(const struct vp_gpu *g, double util, const struct vp_train *t)
{
	uint64_t budget = (uint64_t)floor(util * (double)g->memory_mib * (double)MIB);
	uint64_t cap = vp_budget_cap_bytes(g, t);

	return cap > 0 && cap < budget ? cap : budget;
}

void vp_plan_host_eval(struct vp_host_request *host, uint64_t eval_batch, const struct vp_eval_opts *opts,
		       uint64_t accumulation_steps, const struct vp_eval_estimate *ev)
{
	host->eval_batch = eval_batch;
	host->eval_samples = opts->eval_samples;
	host->eval_prediction_bytes = ev->predictions_bytes_per_sample;
	host->eval_prediction_cast_bytes = ev->predictions_cast_bytes_per_sample;
	host->eval_keep_batches = opts->keep_batches;
	/* a product past 2^64 is more than any set: one move, at the end */
	if (accumulation_steps == 0 || vp_mul_u64(eval_batch, accumulation_steps, &host->eval_samples_per_move) != 0)
		host->eval_samples_per_move = 0;
}

uint64_t vp_plan_auto_find_batch(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
				 uint64_t limit_bytes, uint64_t *retries)
{
	struct vp_train at = *t;
	struct vp_estimate e;
	struct vp_error ignored;
	struct vp_estimator *est;
	uint64_t b = t->batch;

	*retries = 0;
	/* up to ~210 retries from a batch of 2^32: the setup's parameter
	 * totals counted once (vp_estimator; afresh when out of memory) */
	if (vp_estimator_new(m, g, t, &est, &ignored) != 0)
		est = NULL;
	while (b > 0) {
		at.batch = b;
		if ((est != NULL ? vp_estimator_train(est, b, &e, &ignored) : vp_estimate(m, g, &at, &e, &ignored)) == 0 &&
		    e.device_bytes <= limit_bytes)
			break;
		/* accelerate/utils/memory.py find_executable_batch_size:
		 * reduce_batch_size_fn, batch_size = int(batch_size * 0.9) */
		b = b / 10 * 9 + b % 10 * 9 / 10;
		(*retries)++;
	}
	vp_estimator_free(est);
	return b;
}

/* The largest file of a sharded checkpoint, which from_pretrained reads
 * whole: transformers' save_pretrained(max_shard_size=...) default, "10GB"
 * before v4.35 (Llama 2's and Mistral 7B's 9.98 GB files) and "5GB" since;
 * the larger, the safe side. A checkpoint saved as one bigger file (GPT-J's
 * single pytorch_model.bin) is under-counted. */
#define VP_CHECKPOINT_SHARD_BYTES UINT64_C(10000000000)

uint64_t vp_plan_checkpoint_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e)
{
	uint64_t params = vp_model_param_count(m), whole;
	bool sixteen = t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16;

	/* a bitsandbytes base is read in 16 bit and quantized as it moves to
	 * the GPU; a GPTQ checkpoint is stored quantized (packed int4 qweight,
	 * fp16 scales, the unquantized parameters in fp16) and loaded as it
	 * is: the weights as the estimate holds them. Otherwise the weights in
	 * the dtype from_pretrained gives them, before DeepSpeed's engine
	 * casts anything (fp32 under autocast), with the adapters the
	 * estimate adds */
	if (t->quant == VP_QUANT_GPTQ_INT4)
		whole = e->full_bytes[VP_COMP_WEIGHTS];
	else if (t->quant != VP_QUANT_NONE || sixteen)
		whole = vp_mul_u64(params, 2, &whole) == 0 ? whole : UINT64_MAX;
	else
		whole = vp_mul_u64(params, 4, &whole) == 0 ? whole : UINT64_MAX;
	if (t->quant == VP_QUANT_NONE && e->full_bytes[VP_COMP_WEIGHTS] > whole && t->zero_stage < 3 && !t->fsdp)
		whole = e->full_bytes[VP_COMP_WEIGHTS];
	/* ZeRO-3's zero.Init builds each parameter partitioned on its GPU
	 * (no param offload), and from_pretrained reads the checkpoint one
	 * file at a time into each process to fill them
	 * (modeling_utils _load_state_dict_into_zero3_model): one file in host
	 * RAM. FSDP's loading keeps a whole copy on rank 0 at least
	 * (accelerate's cpu_ram_efficient_loading), on every rank without it:
	 * whole, the safe side. */
	if (t->zero_stage >= 3)
		return whole < VP_CHECKPOINT_SHARD_BYTES ? whole : VP_CHECKPOINT_SHARD_BYTES;
	return whole;
}

/*
 * The consolidated state dict of a ZeRO-3 save (deepspeed/runtime/engine.py
 * _zero3_consolidated_16bit_state_dict, which the HF Trainer's save_model
 * reaches through accelerate's get_state_dict when the key is true): each
 * parameter gathered whole and kept on rank 0 as param.detach().cpu(), so in
 * the dtype the engine holds it, 16 bit under its bf16 or fp16 (the name's
 * "16bit"; HF's bf16/fp16 keys turn them on), fp32 without either; tied
 * parameters once (by ds_id), as params_total counts them. A frozen base
 * and its adapters alike: accelerate's Accelerator.get_state_dict calls it
 * without exclude_frozen_parameters, so the whole model is gathered before
 * a PEFT model's save_pretrained keeps its adapters. A quantized base is
 * counted at 2 bytes a parameter, as it is read: over its packed weights.
 */
uint64_t vp_plan_zero3_save_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e)
{
	uint64_t params = e != NULL && e->params_total > 0 ? e->params_total : vp_model_param_count(m), bytes;
	/* DeepSpeed's 16-bit engine holds bf16 or fp16 weights for amp-* too
	 * (estimate.c as_deepspeed_runs); fp32 without either */
	bool sixteen = t->precision != VP_PREC_FP32 || t->quant != VP_QUANT_NONE;

	if (t->zero_stage != 3 || !t->zero_gather_save)
		return 0;
	return vp_mul_u64(params, sixteen ? 2 : 4, &bytes) == 0 ? bytes : UINT64_MAX;
}

/*
 * What one save holds whole in the saving process's host RAM, by how the
 * run writes it (t->save_writer; docs/memory-model.md "Host RAM", the file
 * a save writes).
 *
 * The HF Trainer's saves (every save_steps, and the scripts'
 * trainer.save_model() after train()) go through save_pretrained, which
 * writes files of at most max_shard_size with safetensors.torch.save_file
 * (transformers modeling_utils.py: each file's tensors popped into
 * shard_state_dict, then safe_save_file), and save_file builds the bytes
 * of every tensor of the file before its writer runs (safetensors torch.py
 * _flatten -> _tobytes: tensor.to("cpu") for a GPU tensor, then
 * data.tobytes()). max_shard_size defaults to "50GB" since transformers 5
 * (PR #42734), "5GB" from 4.35 to 4.57 and "10GB" before (PR #26942): on
 * 5 or an unknown version the largest, the safe side (a 7B model trained
 * under autocast writes its 28 GB of fp32 weights as one file); on 4.x,
 * which a config's save_safetensors key says, 10 GB. What is saved: a full
 * fine-tune's every parameter as the module holds it (fp32 under autocast;
 * 16 bit when trained in 16 bit or under DeepSpeed's bf16/fp16 engine,
 * which casts the module); a PEFT model's trained parameters alone
 * (adapter_model.safetensors), counted in fp32 as PEFT keeps its adapters.
 *
 * torch.save to a file (save_safetensors: false on 4.x; DeepSpeed's
 * save_checkpoint) copies one storage at a time to the host
 * (torch/serialization.py _save: storage.cpu() per storage, then
 * write_record), so no file is whole: 0, the largest storage left out.
 *
 * Lightning's ModelCheckpoint saves through _atomic_save
 * (lightning/fabric/utilities/cloud_io.py), which until PR #21824
 * (2026-07) ran torch.save into an io.BytesIO and wrote its bytes after:
 * the whole checkpoint in memory, dump_checkpoint's state_dict (the
 * module's every parameter as held, the frozen base too) and
 * optimizer_states (save_weights_only is false by default). Counted as
 * the estimate holds them on the GPU, weights and optimizer states,
 * without a cap (one file). Not under ZeRO, where Lightning's
 * DeepSpeedStrategy saves through the engine's save_checkpoint.
 *
 * Not counted anywhere: ZeRO-3, where without
 * stage3_gather_16bit_weights_on_model_save each rank saves its own
 * partitions (torch.save) and with it the gathered tensors are already on
 * the CPU (vp_plan_zero3_save_bytes), whether safetensors copies them once
 * more depending on its release; and FSDP, whose save depends on the
 * plugin's state_dict_type.
 */
#define VP_SAVE_FILE_MAX_BYTES UINT64_C(50000000000)
#define VP_SAVE_FILE_MAX_BYTES_4X UINT64_C(10000000000)

uint64_t vp_plan_save_file_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e)
{
	uint64_t params, bytes, cap = t->save_writer == VP_SAVE_SAFETENSORS_4X ? VP_SAVE_FILE_MAX_BYTES_4X
									       : VP_SAVE_FILE_MAX_BYTES;
	unsigned per = 4;

	if (t->zero_stage >= 3 || t->fsdp || t->method == VP_METHOD_FROZEN || t->save_writer == VP_SAVE_TORCH ||
	    t->save_writer == VP_SAVE_DEEPSPEED_LOOP)
		return 0;
	if (t->save_writer == VP_SAVE_TORCH_BUFFERED) {
		if (t->zero_stage > 0 || e == NULL)
			return 0;
		return vp_add_u64(e->full_bytes[VP_COMP_WEIGHTS], e->full_bytes[VP_COMP_OPTIMIZER], &bytes) == 0
			       ? bytes
			       : UINT64_MAX;
	}
	if (t->method == VP_METHOD_FULL) {
		params = e != NULL && e->params_total > 0 ? e->params_total : vp_model_param_count(m);
		if (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16 ||
		    (t->zero_stage > 0 && t->precision != VP_PREC_FP32))
			per = 2;
	} else {
		params = e != NULL ? e->params_trainable : 0;
	}
	if (vp_mul_u64(params, per, &bytes) != 0)
		bytes = UINT64_MAX;
	return bytes < cap ? bytes : cap;
}

/* What a save holds whole in host RAM under writer w, in words */
static const char *save_held(enum vp_save_writer w)
{
	switch (w) {
	case VP_SAVE_TORCH_BUFFERED:
		return "Lightning's checkpoint, weights and optimizer states, serialized whole into memory before "
		       "it is written, as Lightning's _atomic_save did until PR #21824 of 2026-07";
	case VP_SAVE_SAFETENSORS_4X:
		return "the file safetensors builds whole before writing it; transformers 4.x writes files of up "
		       "to 10 GB";
	case VP_SAVE_TORCH:
	case VP_SAVE_DEEPSPEED_LOOP:
		return "nothing whole: torch.save copies one tensor at a time";
	case VP_SAVE_SAFETENSORS:
		break;
	}
	return "the file safetensors builds whole before writing it; transformers 5 writes files of up to 50 GB";
}

const char *vp_plan_save_phrase(const struct vp_train *t, const struct vp_host_plan *h)
{
	if (h->save_in_checkpoint)
		return t->fsdp ? "FSDP's full optimizer state dict, gathered onto rank 0's CPU "
				 "(FullOptimStateDictConfig(offload_to_cpu=True, rank0_only=True)) before torch.save"
			       : "DeepSpeed's save_checkpoint clones each process's optimizer partition, fp32 master and "
				 "states, and first rank 0's module, to the CPU before writing them";
	if (h->save_clones)
		return "every process clones its module's state dict to the CPU, accelerate's get_state_dict under "
		       "ZeRO-1/2, and rank 0 builds the file it writes from its copy";
	if (t->fsdp)
		return "FSDP's full state dict, gathered onto rank 0's CPU (FULL_STATE_DICT, rank0_only), and the "
		       "file it builds from it";
	return save_held(t->save_writer);
}

const char *vp_limit_name(enum vp_limit l)
{
	switch (l) {
	case VP_LIMIT_MEMORY: return "memory";
	case VP_LIMIT_MULTIPLE: return "batch multiple";
	case VP_LIMIT_MAX_BATCH: return "max batch";
	case VP_LIMIT_EFFECTIVE: return "effective batch";
	}
	return "?";
}

const char *vp_seq_bound_name(enum vp_seq_bound b)
{
	switch (b) {
	case VP_SEQ_BOUND_MEMORY: return "memory";
	case VP_SEQ_BOUND_POSITIONS: return "positions";
	case VP_SEQ_BOUND_CONTEXT: return "context";
	case VP_SEQ_BOUND_SEARCH: return "search limit";
	}
	return "?";
}

/* EWC (Kirkpatrick et al. 2017): a Fisher diagonal and an anchor copy of
 * every trained parameter, kept in fp32 on the GPU for the penalty. */
uint64_t vp_plan_ewc_bytes(const struct vp_estimate *e)
{
	uint64_t bytes;

	/* saturates: a config can make the count huge (the 2^60-byte limit
	 * keeps today's estimates below it; nothing here relies on that) */
	return vp_mul_u64(e->params_trainable, 2u * 4u, &bytes) == 0 ? bytes : UINT64_MAX;
}

static uint64_t ewc_bytes(const struct vp_plan_request *req, const struct vp_estimate *e)
{
	return req->ewc ? vp_plan_ewc_bytes(e) : 0;
}

/* Device bytes of a training step at batch b; -1 on input error. */
static int train_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		    const struct vp_train *base, uint64_t b, struct vp_estimate *e, uint64_t *bytes,
		    struct vp_error *err)
{
	struct vp_train t = *base;

	t.batch = b;
	if (vp_estimate(m, g, &t, e, err) != 0)
		return -1;
	*bytes = e->device_bytes + ewc_bytes(req, e);
	return 0;
}

/* train_at for a search's probes: the same estimate, with the setup's
 * batch-independent part counted once (vp_estimator) */
static int probe_at(const struct vp_estimator *est, const struct vp_plan_request *req, uint64_t b,
		    struct vp_estimate *e, uint64_t *bytes, struct vp_error *err)
{
	if (vp_estimator_train(est, b, e, err) != 0)
		return -1;
	*bytes = e->device_bytes + ewc_bytes(req, e);
	return 0;
}

/* Largest b in [1, max] with bytes(b) <= budget, or 0 when batch 1 does not
 * fit. Exponential probe, then bisection: the estimate is monotone in b. */
static int search_batch(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
			const struct vp_train *base, uint64_t budget, uint64_t max, uint64_t *best,
			struct vp_error *err)
{
	struct vp_estimate e;
	struct vp_estimator *est;
	uint64_t lo = 0, hi, bytes;
	int rc = 0;

	*best = 0;
	if (vp_estimator_new(m, g, base, &est, err) != 0)
		return -1;
	for (hi = 1;; hi *= 2) {
		if (hi > max)
			hi = max;
		if (probe_at(est, req, hi, &e, &bytes, err) != 0) {
			/* an overflow at a large batch means "does not fit" */
			if (hi > 1) {
				clear_err(err);
				break;
			}
			rc = -1;
			goto done;
		}
		if (bytes > budget)
			break;
		lo = hi;
		if (hi == max)
			goto done;
	}
	/* invariant: lo fits (or is 0), hi does not */
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (probe_at(est, req, mid, &e, &bytes, err) != 0) {
			clear_err(err);
			hi = mid;
			continue;
		}
		if (bytes <= budget)
			lo = mid;
		else
			hi = mid;
	}
done:
	*best = rc == 0 ? lo : 0;
	vp_estimator_free(est);
	return rc;
}

/* Does a step of t at seq tokens fit, with EWC's copies beside it when
 * `ewc`? 1 yes, 0 no (an overflow at a long sequence is a no), -1 on an
 * input error that is not the length's. */
static int fits_at_seq(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, bool ewc,
		       uint64_t seq, uint64_t budget, struct vp_error *err)
{
	struct vp_train u = *t;
	struct vp_estimate e;
	uint64_t bytes;

	u.seq_len = seq;
	if (vp_estimate(m, g, &u, &e, err) != 0) {
		if (seq > 1) {
			clear_err(err);
			return 0;
		}
		return -1;
	}
	if (vp_add_u64(e.device_bytes, ewc ? vp_plan_ewc_bytes(&e) : 0, &bytes) != 0)
		return 0;
	return bytes <= budget;
}

int vp_plan_longest_seq(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, bool ewc,
			uint64_t budget_bytes, uint64_t reserve, struct vp_seq_search *out, struct vp_error *err)
{
	uint64_t lo = 0, hi, max = vp_model_max_tokens(m), context = vp_model_context_tokens(m);
	enum vp_seq_bound bound = VP_SEQ_BOUND_POSITIONS;
	int f;

	memset(out, 0, sizeof *out);
	out->batch = t->batch;
	/* past the position table the run fails; past the context it runs,
	 * but on positions the model never saw: the search asks for the
	 * longest the model takes, so it stops there too (an explicit
	 * --seq-len beyond it is the user's to choose, with a warning) */
	if (max == 0 && context > 0) {
		max = context;
		bound = VP_SEQ_BOUND_CONTEXT;
		out->key = vp_model_context_key(m);
	}
	out->limit = max > 0 && max < VP_MAX_SEQ_LEN ? max : VP_MAX_SEQ_LEN;
	if (max > 0 && reserve > 0) {
		out->reserve = reserve;
		if (reserve >= max)
			return vp_error_set(err, VP_ERR_INPUT,
					    bound == VP_SEQ_BOUND_CONTEXT
						    ? "generating %llu tokens leaves no room for a prompt in the %llu-token "
						      "context of model '%s'"
						    : "generating %llu tokens leaves no room for a prompt in the %llu positions of "
						      "model '%s'",
					    (unsigned long long)reserve, (unsigned long long)max, m->name);
		if (max - reserve < out->limit)
			out->limit = max - reserve;
	}
	out->bound = out->limit < VP_MAX_SEQ_LEN ? bound : VP_SEQ_BOUND_SEARCH;
	for (hi = 1;; hi *= 2) {
		if (hi > out->limit)
			hi = out->limit;
		f = fits_at_seq(m, g, t, ewc, hi, budget_bytes, err);
		if (f < 0)
			return -1;
		if (!f)
			break;
		lo = hi;
		if (hi == out->limit)
			break;
	}
	/* invariant: lo fits (or is 0), hi does not (unless lo reached the limit) */
	while (lo < out->limit && hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		f = fits_at_seq(m, g, t, ewc, mid, budget_bytes, err);
		if (f < 0)
			return -1;
		if (f)
			lo = mid;
		else
			hi = mid;
	}
	out->unrounded = lo;
	if (lo < out->limit)
		out->bound = VP_SEQ_BOUND_MEMORY;
	out->seq_len = lo >= VP_SEQ_MULTIPLE ? lo / VP_SEQ_MULTIPLE * VP_SEQ_MULTIPLE : lo;
	/* a few bytes of allocator rounding can dip where a tensor crosses a
	 * size class: step down until the rounded length really fits */
	while (out->seq_len >= VP_SEQ_MULTIPLE && fits_at_seq(m, g, t, ewc, out->seq_len, budget_bytes, err) != 1) {
		clear_err(err);
		out->seq_len -= VP_SEQ_MULTIPLE;
	}
	while (out->seq_len > 0 && out->seq_len < VP_SEQ_MULTIPLE &&
	       fits_at_seq(m, g, t, ewc, out->seq_len, budget_bytes, err) != 1) {
		clear_err(err);
		out->seq_len--;
	}
	return 0;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

/*
 * The default rounding (no --batch-multiple): tensor cores want a 16-bit
 * GEMM's dimensions in multiples of 8 elements (NVIDIA, Matrix
 * Multiplication Background User's Guide, "Tensor Core Requirements"),
 * and a transformer's linears take the batch's tokens, b x texts x s (and
 * b x t in a decoder with a target), as one dimension. So the batch needs
 * rounding only as far as that product needs it: not at all at 512 tokens.
 * Until 2026-11-29 the batch was rounded to a multiple of 8 (a power of two
 * below 8), which made no GEMM better aligned and left memory unused: mT5
 * on an RTX 3090 was planned at 4 where 7 fits, story 000's run at 8 where
 * its 12 fits.
 */
uint64_t vp_plan_token_multiple(const struct vp_train *t)
{
	uint64_t texts = t->texts_per_example > 0 ? t->texts_per_example : 1;
	uint64_t m = 8 / gcd_u64((t->seq_len % 8) * (texts % 8) % 8, 8);

	if (t->tgt_len > 0) {
		uint64_t mt = 8 / gcd_u64((t->tgt_len % 8) * (texts % 8) % 8, 8);
		m = m / gcd_u64(m, mt) * mt;
	}
	return m;
}

/* Down to --batch-multiple N (a power of two below N), or by default to
 * the token multiple (unchanged below it: nothing smaller aligns). */
static uint64_t round_batch(uint64_t b, const struct vp_plan_request *req)
{
	uint64_t p = 1, multiple = req->batch_multiple;

	if (multiple == 0) {
		multiple = vp_plan_token_multiple(&req->train);
		return multiple > 1 && b >= multiple ? b / multiple * multiple : b;
	}
	if (b >= multiple)
		return b / multiple * multiple;
	while (p * 2 <= b)
		p *= 2;
	return p;
}

/* The micro-batch of an effective batch: the largest divisor of per_gpu
 * not above `from`, and with --batch-multiple one that round_batch keeps
 * (a multiple of it, or a power of two below it), so the option holds
 * there too. 1 divides anything and is a power of two. */
static uint64_t effective_divisor(uint64_t per_gpu, uint64_t from, const struct vp_plan_request *req)
{
	uint64_t d;

	for (d = from < per_gpu ? from : per_gpu; d > 1; d--)
		if (per_gpu % d == 0 && (req->batch_multiple == 0 || round_batch(d, req) == d))
			return d;
	return 1;
}

/*
 * The samples each GPU takes of an effective batch: E / GPUs when it
 * divides. When it does not the plan cannot meet E anyway, so of the two
 * shares around it (floor and ceiling) the one with fewer accumulation
 * steps (the step time that accumulation costs: seed 003) is taken, then
 * the nearer to E, then the larger micro-batch: with 4 GPUs and memory
 * for 4, E = 30 gives 4 x 2 x 4 = 32, not 1 x 7 x 4 = 28; with memory for
 * 20, 8 x 1 x 4 = 32 (as near as 28); E = 29, 7 x 1 x 4 = 28.
 */
static uint64_t effective_share(const struct vp_plan_request *req, uint64_t gpus, uint64_t fits)
{
	uint64_t lo = req->effective_batch / gpus, hi = lo + 1, d_lo, d_hi, off_lo, off_hi;

	if (req->effective_batch % gpus == 0 || lo == 0)
		return lo;
	/* with --batch-multiple M, a share that M divides (the other has
	 * only powers of two below M) */
	if (req->batch_multiple > 0 && (lo % req->batch_multiple == 0) != (hi % req->batch_multiple == 0))
		return lo % req->batch_multiple == 0 ? lo : hi;
	d_lo = effective_divisor(lo, fits, req);
	d_hi = effective_divisor(hi, fits, req);
	if (lo / d_lo != hi / d_hi)
		return hi / d_hi < lo / d_lo ? hi : lo;
	off_lo = req->effective_batch - lo * gpus;
	off_hi = hi * gpus - req->effective_batch;
	if (off_lo != off_hi)
		return off_hi < off_lo ? hi : lo;
	return d_hi > d_lo ? hi : lo;
}

static int eval_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		   uint64_t budget, uint64_t batch, uint64_t steps, struct vp_plan *out, struct vp_error *err);

int vp_plan_largest_eval_batch(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			       const struct vp_eval_opts *opts, uint64_t budget, uint64_t max, uint64_t *best,
			       struct vp_error *err)
{
	struct vp_eval_estimate ev;
	struct vp_estimator *est;
	uint64_t lo = 0, hi;

	*best = 0;
	if (max == 0)
		return 0;
	if (vp_estimator_new(m, g, t, &est, err) != 0)
		return -1;
	/* exponential probe, then bisection: the estimate grows with the
	 * batch; lo is always a batch probed to fit, so the result does */
	for (hi = 1;; hi *= 2) {
		if (hi > max)
			hi = max;
		if (vp_estimator_eval(est, hi, opts, &ev, err) != 0) {
			if (hi == 1) {
				vp_estimator_free(est);
				return -1;
			}
			/* an overflow at a large batch means "does not fit" */
			clear_err(err);
			break;
		}
		if (ev.device_bytes > budget)
			break;
		lo = hi;
		if (hi == max)
			break;
	}
	while (hi - lo > 1 && lo < max) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (vp_estimator_eval(est, mid, opts, &ev, err) != 0) {
			clear_err(err);
			hi = mid;
			continue;
		}
		if (ev.device_bytes <= budget)
			lo = mid;
		else
			hi = mid;
	}
	vp_estimator_free(est);
	*best = lo;
	return 0;
}

/*
 * A GPU's share of a known evaluation set: eval_samples over the
 * data-parallel GPUs, rounded up (0: unknown). The Trainer's eval
 * DataLoader is sequential (trainer.py _get_eval_sampler: SequentialSampler
 * on one process, the default sampler on several), and accelerate shards
 * it by whole batches (data_loader.py prepare_data_loader ->
 * BatchSamplerShard, split_batches False): batch i goes to rank
 * i % ranks, so a rank runs ceil(ceil(E / b) / N) = ceil(E / (b N)) steps,
 * one exactly when b >= ceil(E / N). `gpus` are the data-parallel ranks:
 * under tensor or context parallelism accelerate gives the ranks of one
 * group the same batches (prepare_data_loader divides process_index by
 * tp x cp and takes num_processes = dp_replicate x dp_shard), which
 * vramplan's GPU count (--gpus, vramplan.gpus, dp_shard_size) already is.
 */
uint64_t vp_plan_eval_share(uint64_t eval_samples, uint64_t gpus)
{
	if (gpus == 0)
		gpus = 1;
	return eval_samples / gpus + (eval_samples % gpus != 0);
}

/*
 * The eval batch that runs at a configured eval batch `batch`. On one GPU
 * no more than a known evaluation set (eval_samples > 0): the DataLoader's
 * one batch is the whole set. On several, `batch` whatever the set:
 * accelerate's BatchSamplerShard with even_batches (its default, and the
 * Trainer's: AcceleratorConfig even_batches=True) "will always yield a
 * number of batches that is a round multiple of num_processes and that
 * all have the same size" (data_loader.py), filling each rank's batch up
 * to the full size with samples from the start of the set, repeated
 * until there are enough ("For degenerate cases where the dataset has
 * less than num_process * batch_size samples", _iter_with_no_split);
 * gather_for_metrics drops the duplicates after the forward has run on
 * them. Until 2026-12-01 several GPUs were capped at a GPU's share too:
 * check said FITS at eval batch 5 for per_device_eval_batch_size 64 with
 * 10 eval samples on 2 GPUs, a run whose every rank forwards 64 rows
 * (tests/cli/check/eval-batch-set-share.sh). With even_batches false
 * (TrainingArguments' accelerator_config) BatchSamplerShard yields each
 * rank's batch as the DataLoader made it ("if not self.even_batches: if
 * len(batch_to_yield) > 0: yield batch_to_yield"): the DataLoader's batches
 * of the whole set go to the ranks in turn, so no rank's batch is more than
 * the set on several GPUs either (until 2026-12-01 the configured batch,
 * tests/cli/check/eval-uneven-batches.sh). check and estimate take it.
 */
uint64_t vp_plan_eval_batch_cap(uint64_t batch, uint64_t eval_samples, uint64_t gpus, bool even_batches)
{
	if (eval_samples == 0 || (gpus > 1 && even_batches))
		return batch;
	return eval_samples < batch ? eval_samples : batch;
}

/*
 * The largest eval batch worth planning: --max-batch, capped by a GPU's
 * share of a known evaluation set (vp_plan_eval_share): at the share every GPU
 * runs its part of the set in one step, and a larger batch on one GPU
 * never forms, on several only repeats samples (vp_plan_eval_batch_cap).
 * Until 2026-11-30 the plan searched up to --max-batch: 10 samples on an
 * H100 were planned at eval batch 70, "device peak 62.95 GiB", for a run
 * that evaluates one batch of 10 (found by scripts/invariants.py).
 */
uint64_t vp_plan_eval_batch_max(const struct vp_plan_request *req)
{
	uint64_t share = vp_plan_eval_share(req->eval.eval_samples, req->train.gpus);

	return req->eval.eval_samples > 0 && share < req->max_batch ? share : req->max_batch;
}

static int eval_search(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		       uint64_t budget, struct vp_plan *out, struct vp_error *err)
{
	struct vp_eval_opts one = req->eval;
	uint64_t lo, max = vp_plan_eval_batch_max(req);

	/* the batch first, each step's predictions moved at once
	 * (eval_accumulation_steps 1); then how many steps may stay */
	one.accumulation_steps = 1;
	if (vp_plan_largest_eval_batch(m, g, &req->train, &one, budget, max, &lo, err) != 0)
		return -1;
	/* A GPU's share of a known set that fits is kept as it is, not
	 * rounded down to the token multiple: rounded, every GPU runs one
	 * step more (20 samples at 1,001 tokens on 2 GPUs: eval batch 8, two
	 * steps of 8 a GPU, where 10 runs the set in one), and on one GPU the
	 * set's last batch is no multiple anyway (10 samples at batch 8: 8,
	 * then 2). An explicit --batch-multiple still holds. */
	if (lo > 0 && lo == max && req->batch_multiple == 0 && req->eval.eval_samples > 0 &&
	    lo == vp_plan_eval_share(req->eval.eval_samples, req->train.gpus))
		return eval_at(m, g, req, budget, lo, 0, out, err);
	return eval_at(m, g, req, budget, lo > 0 ? round_batch(lo, req) : 1, 0, out, err);
}

uint64_t vp_plan_save_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e)
{
	uint64_t file = vp_plan_save_file_bytes(m, t, e), sum;

	return vp_add_u64(vp_plan_zero3_save_bytes(m, t, e), file, &sum) == 0 ? sum : UINT64_MAX;
}

/*
 * The HF Trainer's saves under FSDP with FULL_STATE_DICT (FSDP1's default in
 * accelerate; docs/memory-model.md "Host RAM", saving): save_model takes
 * accelerate's get_state_dict, which under FSDP.state_dict_type(model,
 * FULL_STATE_DICT, FullStateDictConfig(offload_to_cpu=True,
 * rank0_only=True)) gathers every parameter onto rank 0's CPU, as the
 * sharded parameters hold them (fp32 under autocast's MixedPrecision,
 * 16 bit when trained in 16 bit; a PEFT model's frozen base too), and
 * rank 0 builds its file from that (the adapters alone for a PEFT model).
 * Then _save_optimizer_and_scheduler's save_fsdp_optimizer takes
 * FSDP.optim_state_dict under FullOptimStateDictConfig(offload_to_cpu=True,
 * rank0_only=True): the whole optimizer state on rank 0's CPU before
 * torch.save (the estimate's per-GPU states times the GPUs). The two
 * follow each other; rank 0 alone holds them.
 */
static void fsdp_full_save(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e,
			   struct vp_host_request *host)
{
	uint64_t params = e->params_total > 0 ? e->params_total : vp_model_param_count(m), full, file, states;
	unsigned per = t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16 ? 2 : 4;
	uint64_t cap = t->save_writer == VP_SAVE_SAFETENSORS_4X ? VP_SAVE_FILE_MAX_BYTES_4X : VP_SAVE_FILE_MAX_BYTES;

	if (vp_mul_u64(params, per, &full) != 0)
		full = UINT64_MAX;
	if (t->save_writer == VP_SAVE_TORCH)
		file = 0;
	else if (t->method == VP_METHOD_FULL)
		file = full < cap ? full : cap;
	else if (vp_mul_u64(e->params_trainable, 4, &file) != 0)
		file = UINT64_MAX;
	if (vp_add_u64(full, file, &host->save_bytes) != 0)
		host->save_bytes = UINT64_MAX;
	if (t->saves_model_only)
		return;
	if (vp_mul_u64(e->full_bytes[VP_COMP_OPTIMIZER], t->gpus > 0 ? t->gpus : 1, &states) != 0)
		states = UINT64_MAX;
	host->save_rank0_bytes = states;
}

/*
 * DeepSpeed's engine checkpoint (docs/memory-model.md "Host RAM", saving).
 * Under ZeRO every checkpoint save writes one: the HF Trainer's
 * _save_optimizer_and_scheduler calls the engine's save_checkpoint after
 * save_model (unless save_only_model, or save_strategy "no", where only
 * the final save_model runs), as do a DeepSpeed job's loop and Lightning's
 * DeepSpeedStrategy. Its TorchCheckpointEngine.save clones every tensor of
 * the state dict to the CPU (clone_tensors_for_torch_save, device "cpu",
 * a clone for a tensor already there) before torch.save: each rank its
 * optimizer state (_save_zero_checkpoint: the fp32 master partition and
 * the states of it, vp_estimate.zero_partition_bytes, offloaded or not),
 * and global rank 0 first the module's state dict (_save_checkpoint:
 * every parameter as held at stages 1 and 2, the HF Trainer passing
 * exclude_frozen_parameters for a PEFT model; at stage 3 placeholders).
 */
void vp_plan_save_request(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e,
			  struct vp_host_request *host)
{
	/* the HF Trainer's saves, whatever writes its file */
	bool hf = t->save_writer == VP_SAVE_SAFETENSORS || t->save_writer == VP_SAVE_SAFETENSORS_4X ||
		  t->save_writer == VP_SAVE_TORCH;

	host->save_bytes = vp_plan_save_bytes(m, t, e);
	host->save_rank_bytes = 0;
	host->save_rank0_bytes = 0;
	host->save_clone_bytes = 0;
	if (e != NULL && t->fsdp && hf && !t->fsdp_sharded_save && t->method != VP_METHOD_FROZEN) {
		fsdp_full_save(m, t, e, host);
		return;
	}
	if (e == NULL || t->zero_stage == 0 || t->fsdp || t->method == VP_METHOD_FROZEN)
		return;
	/* the HF Trainer's save_model under ZeRO-1/2 takes accelerate's
	 * get_state_dict on every rank, which returns
	 * clone_tensors_for_torch_save(model.state_dict()): each process's
	 * whole module copied to the CPU, a PEFT model's frozen base too, while
	 * rank 0 writes its file from its copy (its final save_model too) */
	if (hf && t->zero_stage <= 2)
		host->save_clone_bytes = e->full_bytes[VP_COMP_WEIGHTS];
	if (t->saves_model_only)
		return;
	host->save_rank_bytes = e->zero_partition_bytes;
	if (t->zero_stage >= 3)
		return;
	if (hf && t->method != VP_METHOD_FULL) {
		if (vp_mul_u64(e->params_trainable, 4, &host->save_rank0_bytes) != 0)
			host->save_rank0_bytes = UINT64_MAX;
	} else {
		host->save_rank0_bytes = e->full_bytes[VP_COMP_WEIGHTS];
	}
}

/* The host's plan at the plan's batches: the workers that fit, with the
 * eval batch's kept predictions (vp_plan_host_eval). */
static int host_at(const struct vp_model *m, const struct vp_plan_request *req, const struct vp_train *base,
		   struct vp_plan *out, struct vp_error *err)
{
	struct vp_host_request host = req->host;

	vp_plan_host_eval(&host, out->eval_batch, &req->eval, out->eval_accumulation_steps, &out->eval);
	host.offload_bytes = out->train.offload_host_bytes;
	vp_plan_save_request(m, base, &out->train, &host);
	if (vp_host_plan(m, base, &host, vp_plan_checkpoint_bytes(m, base, &out->train), &out->host) != 0)
		return vp_error_set(err, VP_ERR_INPUT, "host RAM estimate failed");
	return 0;
}

/*
 * The eval batch's predictions reach host RAM before compute_metrics runs
 * (one move at least, host.c eval_predictions_bytes). Where they alone take
 * the host past --host-ram with no worker left to drop, a smaller eval
 * batch keeps less: the largest eval batch below the GPU's whose evaluation
 * fits the host, by bisection. Each step's predictions move at once while
 * it searches (eval_accumulation_steps 1): the GPU's choice of steps grows
 * as the batch shrinks and would keep a move's samples about the same, so
 * the host total would not fall with the batch.
 */
static int fit_eval_to_host(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
			    const struct vp_train *base, uint64_t budget, struct vp_plan *out, struct vp_error *err)
{
	uint64_t lo = 0, hi = out->eval_batch;
	/* the GPU's choice, kept for when no smaller batch fits (below) */
	uint64_t gpu_batch = out->eval_batch, gpu_steps = out->eval_accumulation_steps;
	struct vp_eval_estimate gpu_eval;
	struct vp_host_plan gpu_host;

	if (out->host.fits || !out->host.peak_in_eval || out->host.eval_predictions_bytes == 0 || hi <= 1)
		return 0;
	gpu_eval = out->eval;
	gpu_host = out->host;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (eval_at(m, g, req, budget, mid, 1, out, err) != 0 || host_at(m, req, base, out, err) != 0)
			return -1;
		if (out->host.fits)
			lo = mid;
		else
			hi = mid;
	}
	/* at the largest that fits (rounded as the GPU's was), or at 1, which
	 * then reports the overflow; the output gives the host as the reason */
	out->eval_steps_for_host = true;
	if (eval_at(m, g, req, budget, lo > 0 ? round_batch(lo, req) : 1, 1, out, err) != 0 ||
	    host_at(m, req, base, out, err) != 0)
		return -1;
	/* Nothing smaller fits either: report the evaluation that needs the
	 * least. Moving each step at once splits a known set into several
	 * moves, and the last concatenation then holds it twice
	 * (host.c eval_predictions_bytes), where the GPU's choice may keep
	 * the whole set for one move. Until 2026-11-30 the failure was
	 * reported at eval batch 1: Qwen3 0.6B on an H100 with 10 eval
	 * samples "needs 8.80 GiB" of --host-ram 5.5GiB, where the plan with
	 * 6GiB fits at 5.90 GiB (tests/cli/plan/eval-host-overflow-least.sh). */
	if (!out->host.fits && out->host.total_bytes > gpu_host.total_bytes) {
		out->eval_batch = gpu_batch;
		out->eval_accumulation_steps = gpu_steps;
		out->eval = gpu_eval;
		out->host = gpu_host;
		out->eval_steps_for_host = false;
	}
	return 0;
}

int vp_plan_eval_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		    const struct vp_eval_opts *opts, uint64_t budget, uint64_t batch, uint64_t steps,
		    uint64_t *steps_out, struct vp_eval_estimate *out, struct vp_error *err)
{
	struct vp_train at = *t;
	struct vp_eval_opts one;

	at.batch = batch;
	if (steps > 0)
		*steps_out = steps;
	else if (vp_plan_eval_accumulation(m, g, &at, opts, budget, steps_out, err) != 0)
		return -1;
	one = *opts;
	if (*steps_out > 0)
		one.accumulation_steps = *steps_out;
	if (vp_estimate_eval(m, g, &at, &one, out, err) != 0) {
		/* a whole evaluation set past 2^60 bytes kept: move each step */
		if (one.accumulation_steps > 0)
			return -1;
		clear_err(err);
		one.accumulation_steps = *steps_out = 1;
		if (vp_estimate_eval(m, g, &at, &one, out, err) != 0)
			return -1;
	}
	return 0;
}

/* The evaluation at eval batch `batch`: its accumulation steps (`steps`,
 * or 0: the most that fit the GPU) and its estimate (vp_plan_eval_at). */
static int eval_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		   uint64_t budget, uint64_t batch, uint64_t steps, struct vp_plan *out, struct vp_error *err)
{
	out->eval_batch = batch;
	return vp_plan_eval_at(m, g, &req->train, &req->eval, budget, batch, steps, &out->eval_accumulation_steps,
			       &out->eval, err);
}

/* Does an evaluation with `steps` kept steps fit? An estimate past 2^60
 * bytes (a huge evaluation set) does not; other errors are real. */
static int eval_fits_with(const struct vp_estimator *est, uint64_t batch, const struct vp_eval_opts *opts,
			  uint64_t steps, uint64_t budget, bool *fits, uint64_t *kept_bytes, struct vp_error *err)
{
	struct vp_eval_opts o = *opts;
	struct vp_eval_estimate ev;

	o.accumulation_steps = steps;
	if (vp_estimator_eval(est, batch, &o, &ev, err) != 0) {
		if (steps == 1)
			return -1;
		clear_err(err);
		*fits = false;
		return 0;
	}
	*fits = ev.device_bytes <= budget;
	if (kept_bytes != NULL)
		*kept_bytes = ev.predictions_bytes_per_step;
	return 0;
}

int vp_plan_eval_accumulation(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			      const struct vp_eval_opts *opts, uint64_t budget, uint64_t *steps, struct vp_error *err)
{
	uint64_t lo = 1, hi = VP_EVAL_STEPS_ON_GPU, all = VP_EVAL_STEPS_ON_GPU, per_step = 1;
	struct vp_estimator *est;
	bool fits;

	*steps = 0;
	/* the evaluation set's size known: unset keeps all of its steps, and
	 * that is what must fit; unknown, 100 steps stand for "all". On
	 * several GPUs each runs its share of the set, in eval batches (the
	 * steps eval_accumulation_steps counts are a rank's). */
	if (opts->eval_samples > 0 && t->batch > 0) {
		uint64_t step_samples = t->batch;

		if (t->gpus > 1 && vp_mul_u64(t->batch, t->gpus, &step_samples) != 0)
			step_samples = UINT64_MAX;
		hi = opts->eval_samples / step_samples + (opts->eval_samples % step_samples != 0);
		all = 0;
	}
	if (hi <= 1)
		return 0;
	if (vp_estimator_new(m, g, t, &est, err) != 0)
		return -1;
	if (eval_fits_with(est, t->batch, opts, all, budget, &fits, &per_step, err) != 0)
		goto fail;
	if (fits)
		goto done;
	/* nothing kept (a bare encoder, no metric): nothing to limit */
	if (eval_fits_with(est, t->batch, opts, 1, budget, &fits, &per_step, err) != 0)
		goto fail;
	/* one step (moved to the host at once) keeps nothing beyond the
	 * forward's peak: it fits whenever the evaluation does */
	if (per_step == 0 || !fits)
		goto done;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (eval_fits_with(est, t->batch, opts, mid, budget, &fits, NULL, err) != 0)
			goto fail;
		if (fits)
			lo = mid;
		else
			hi = mid;
	}
	*steps = lo;
done:
	vp_estimator_free(est);
	return 0;
fail:
	vp_estimator_free(est);
	return -1;
}

/* An adapter run under autocast: its frozen base is fp32 and could be
 * loaded in 16 bit instead. Not over a quantized base: PEFT's
 * prepare_model_for_kbit_training casts the parameters a bitsandbytes base
 * leaves unquantized to fp32 however they were loaded, and a GPTQ base's
 * are fp16 already (docs/memory-model.md "Weights"). */
static bool base16_applies(const struct vp_train *t)
{
	return t->method != VP_METHOD_FULL && t->quant == VP_QUANT_NONE &&
	       (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16);
}

/* A run planned with fp32 weights under autocast, of a checkpoint stored in
 * 16 bit: transformers >= 5 loads it in that dtype unless from_pretrained
 * gets dtype=torch.float32 (huggingface/transformers#42805), and the
 * Trainer then keeps the weights, their gradients and AdamW's states in it.
 * That is --precision bf16 (fp16) only where the stored dtype is the
 * autocast's: a bfloat16 checkpoint under fp16 autocast (a T4 or V100,
 * which lack bf16) or a float16 one under bf16 autocast is cast at every
 * op, and autograd keeps those casts for backward (the weight copies
 * of docs/memory-model.md "Weights"), which the pure 16-bit plan lacks. */
bool vp_plan_stored16_applies(const struct vp_model *m, const struct vp_train *t)
{
	return t->quant == VP_QUANT_NONE &&
	       ((t->precision == VP_PREC_AMP_BF16 && m->stored_dtype == VP_DTYPE_BF16) ||
		(t->precision == VP_PREC_AMP_FP16 && m->stored_dtype == VP_DTYPE_FP16));
}

static enum vp_precision base16_precision(enum vp_precision p)
{
	return p == VP_PREC_AMP_BF16 ? VP_PREC_BF16 : VP_PREC_FP16;
}

/* The run the 16-bit alternative names (--precision bf16 or fp16): the
 * precision, and the autocast that option's printed keys run, which
 * decides the loss's dtype and PEFT's cast of the adapters' input
 * (docs/memory-model.md "Logits and loss", "LoRA"). Until 2026-11-30 the
 * alternative kept autocast assumed, while the option under the hf
 * profile plans bf16: false, no autocast: Llama 3.1 8B LoRA at 2,048 tokens
 * on an A100 40GB listed "--precision bf16: 31.00 GiB (fits)", and the plan
 * with it needed 32.04 GiB (tests/cli/plan/base16-as-option-plans.sh). */
static void as_base16(const struct vp_plan_request *req, struct vp_train *t)
{
	t->precision = base16_precision(t->precision);
	t->no_autocast = req->base16_no_autocast;
	t->autocast_stated = req->base16_autocast_stated;
}

/* `flags`: the options alone that make the change, for the command line to
 * plan again (NULL: `change` is just that; "": no option makes it) */
static void add_suggestion(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
			   const struct vp_train *t, const char *change, const char *flags, uint64_t budget,
			   struct vp_plan *out)
{
	struct vp_estimate e;
	struct vp_error err;
	uint64_t bytes;
	struct vp_suggestion *s;

	if (out->n_suggestions >= VP_MAX_SUGGESTIONS)
		return;
	if (train_at(m, g, req, t, 1, &e, &bytes, &err) != 0)
		return;
	/* a change that neither lowers batch 1's peak (out->train, the
	 * failing setup's) nor raises the budget changes nothing: the peak
	 * may not be where checkpointing or a shorter sequence act */
	if (bytes >= out->train.device_bytes + ewc_bytes(req, &out->train) && budget <= out->budget_bytes)
		return;
	s = &out->suggestions[out->n_suggestions++];
	snprintf(s->change, sizeof s->change, "%s", change);
	snprintf(s->flags, sizeof s->flags, "%s", flags != NULL ? flags : change);
	s->device_bytes = bytes;
	s->fits = bytes <= budget;
}

/* When batch 1 does not fit: each change alone, cheapest first, then the
 * cheap ones together with the adapters, each on `base`, the setup the
 * failing search tried (its accumulation included: an effective batch
 * that needs accumulation keeps the gradients through the next forward). */
static void suggest(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		    const struct vp_train *base, uint64_t budget, struct vp_plan *out)
{
	struct vp_train t;
	struct vp_error err;

	/* the run's own allocator cap, where it decided the budget: the same
	 * step against util alone */
	if (vp_budget_cap_bytes(g, base) > 0) {
		uint64_t uncapped;

		t = *base;
		t.memory_fraction = 0.0;
		uncapped = vp_budget_bytes(g, req->util, &t);
		if (uncapped > budget)
			add_suggestion(m, g, req, &t, "without --memory-fraction (the run's allocator cap), under --util alone",
				       "", uncapped, out);
	}
	/* expandable segments are new in PyTorch 2.1 */
	if (!base->expandable_segments && vp_pytorch_2_1_or_later(base->pytorch)) {
		t = *base;
		t.expandable_segments = true;
		add_suggestion(m, g, req, &t, "--expandable-segments", NULL, budget, out);
	}
	if (!base->grad_ckpt) {
		t = *base;
		t.grad_ckpt = true;
		add_suggestion(m, g, req, &t, "--grad-ckpt", NULL, budget, out);
	}
	/* Several GPUs that do not shard the weights yet: ZeRO stage 3
	 * partitions the 16-bit weights as well as the gradients and the
	 * optimizer states over them (DeepSpeed's ZeRO paper, Rajbhandari et
	 * al. 2020, section 5), and trains the same numbers, so it comes
	 * before the changes that alter the run (8-bit states, adapters).
	 * Without it a --gpus 8 --zero 2 run that stage 3 fits was told only
	 * to change the optimizer or train adapters. */
	if (base->gpus > 1 && base->zero_stage < 3 && !base->fsdp) {
		t = *base;
		t.zero_stage = 3;
		add_suggestion(m, g, req, &t, "--zero 3", NULL, budget, out);
	}
	/* DeepSpeed's ZeRO-Offload trains the same numbers too, with the
	 * master, the states and the gradients' partitions in host RAM and
	 * the step on the CPU (docs/memory-model.md "ZeRO-Offload"); offered
	 * for a full fine-tune, whose states are what it moves, and said to
	 * cost host RAM, which the plan's host line then counts; at stage 1
	 * too since it is modelled there (until 2026-11-30 a one-GPU --zero 1
	 * run that offload fits was offered only adapters and 8-bit states) */
	if (base->zero_stage >= 1 && !base->zero_offload_optimizer && base->method == VP_METHOD_FULL) {
		t = *base;
		t.zero_offload_optimizer = true;
		add_suggestion(m, g, req, &t, "--offload-optimizer cpu (the optimizer in host RAM)", "--offload-optimizer cpu",
			       budget, out);
	}
	if (base->zero_stage == 3 && !base->zero_offload_param && base->method == VP_METHOD_FULL) {
		t = *base;
		t.zero_offload_optimizer = t.zero_offload_param = true;
		add_suggestion(m, g, req, &t, "--offload-optimizer cpu --offload-param cpu (and the parameters)",
			       "--offload-optimizer cpu --offload-param cpu", budget, out);
	}
	/* A causal LM whose logits Liger fuses away (its fused linear
	 * cross-entropy keeps no [batch, seq, vocab] tensor: docs/memory-
	 * model.md "Logits"), the same loss: where a 128k vocabulary's logits
	 * are the margin (Llama 3.1 8B QLoRA at 2048 tokens on 16 GB), the
	 * plan said only to shorten the sequence */
	if (!base->liger_loss && base->head == VP_HEAD_CAUSAL_LM && vp_liger_patches(m)) {
		t = *base;
		t.liger_loss = t.liger_swiglu = t.liger_rms_norm = true;
		add_suggestion(m, g, req, &t, "--liger", NULL, budget, out);
	}
	/* Adapters leave the base frozen, and a frozen base needs no fp32
	 * master copy: loaded in 16 bit (from_pretrained(torch_dtype=
	 * torch.bfloat16), what LoRA recipes do) it takes half the bytes and
	 * autocast makes no 16-bit copies of it. Full fine-tuning in pure 16
	 * bit changes the numerics, so it is offered only for a checkpoint
	 * stored in 16 bit, which transformers >= 5 loads so by default. */
	if (base16_applies(base) || vp_plan_stored16_applies(m, base)) {
		char change[96];

		t = *base;
		as_base16(req, &t);
		const char *flags = t.precision == VP_PREC_BF16 ? "--precision bf16" : "--precision fp16";

		snprintf(change, sizeof change, "%s", flags);
		/* pure 16-bit full fine-tuning: say why it is offered */
		if (base->method == VP_METHOD_FULL)
			snprintf(change + strlen(change), sizeof change - strlen(change),
				 " (the checkpoint's %s, as transformers >= 5 loads it)", vp_dtype_name(m->stored_dtype));
		add_suggestion(m, g, req, &t, change, flags, budget, out);
	}
	if (base->attn == VP_ATTN_EAGER) {
		/* the T5 family has no FlashAttention path; its SDPA needs
		 * huggingface/transformers#47014 */
		bool fa2 = g->flash_attn && m->naming != VP_NAMING_T5;

		t = *base;
		t.attn = fa2 ? VP_ATTN_FLASH2 : VP_ATTN_SDPA;
		t.attn_replaced = false;
		add_suggestion(m, g, req, &t,
			       fa2				 ? "--attn flash2"
			       : m->naming == VP_NAMING_T5 ? "--attn sdpa (transformers after PR #47014)"
							   : "--attn sdpa",
			       fa2 ? "--attn flash2" : "--attn sdpa", budget, out);
	}
	if (base->method == VP_METHOD_FULL && (base->optimizer == VP_OPT_ADAMW || base->optimizer == VP_OPT_ADAMW_FUSED)) {
		t = *base;
		t.optimizer = VP_OPT_ADAMW_8BIT;
		add_suggestion(m, g, req, &t, "--optimizer adamw-8bit", NULL, budget, out);
	}
	if (base->method == VP_METHOD_FULL) {
		t = *base;
		t.method = VP_METHOD_LORA;
		t.n_lora_targets = 0;
		if (vp_train_set_lora_targets(&t, vp_default_lora_targets(m), &err) == 0) {
			add_suggestion(m, g, req, &t, "--method lora", NULL, budget, out);
			/* with checkpointing on already, the same setup again */
			if (!base->grad_ckpt) {
				t.grad_ckpt = true;
				add_suggestion(m, g, req, &t, "--method lora --grad-ckpt", NULL, budget, out);
			}
		}
	}
	if (base->method != VP_METHOD_QLORA) {
		t = *base;
		t.method = VP_METHOD_QLORA;
		t.quant = VP_QUANT_NF4;
		t.grad_ckpt = true;
		if (t.n_lora_targets == 0 && !t.lora_all_linear)
			(void)vp_train_set_lora_targets(&t, vp_default_lora_targets(m), &err);
		/* a run that checkpoints already is not told to again */
		add_suggestion(m, g, req, &t,
			       base->grad_ckpt ? "--method qlora --quant nf4" : "--method qlora --quant nf4 --grad-ckpt",
			       NULL, budget, out);
	}
	if (base->seq_len > 64) {
		char change[96];
		t = *base;
		while (t.seq_len > 64) {
			struct vp_estimate e;
			uint64_t bytes;
			t.seq_len /= 2;
			if (train_at(m, g, req, &t, 1, &e, &bytes, &err) == 0 && bytes <= budget)
				break;
		}
		snprintf(change, sizeof change, "--seq-len %llu", (unsigned long long)t.seq_len);
		add_suggestion(m, g, req, &t, change, NULL, budget, out);
	}
}

/* The train batch the same search picks with setup t instead of the
 * request's, when that fits and is larger than batch; 0 otherwise. A hint
 * only: when it cannot be had, the plan stands without it. */
static uint64_t larger_batch_with(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
				  const struct vp_train *t, uint64_t batch, struct vp_error *err)
{
	struct vp_plan_request xs = *req;
	struct vp_plan *alt = malloc(sizeof *alt);
	uint64_t larger = 0;

	if (alt == NULL)
		return 0;
	xs.train = *t;
	xs.no_suggestions = true;
	if (vp_plan_search(m, g, &xs, alt, err) == 0 && alt->fits && alt->train_batch > batch)
		larger = alt->train_batch;
	clear_err(err);
	free(alt);
	return larger;
}

int vp_plan_search(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		   struct vp_plan *out, struct vp_error *err)
{
	struct vp_train base = req->train;
	uint64_t best, batch, gpus = req->train.gpus > 0 ? req->train.gpus : 1, bytes, eval_budget, per_gpu = 0;

	memset(out, 0, sizeof *out);
	/* nothing requires grad: the loss has no grad_fn, so a trainer's
	 * first backward raises; there is no training batch to plan */
	if (req->train.method == VP_METHOD_FROZEN)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--method frozen trains nothing, so there is no training batch to plan (a trainer's "
				    "loss.backward() raises: the loss has no grad_fn); use `vramplan estimate --method "
				    "frozen` for a forward pass's memory");
	/* a trainer always steps an optimizer (TrainingArguments.optim has
	 * no "none"): a plan without one would print no optim key and run
	 * the trainer's default AdamW, whose states it never counted */
	if (req->train.optimizer == VP_OPT_NONE)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--optimizer none trains without an optimizer, which no trainer runs (the HF Trainer "
				    "builds TrainingArguments.optim, AdamW by default): plan with the run's optimizer, or "
				    "use `vramplan estimate --optimizer none` for a step without one");
	if (!(req->util > 0.0 && req->util <= 1.0))
		return vp_error_set(err, VP_ERR_INPUT, "--util must be in (0, 1], got %g", req->util);
	if (req->max_batch == 0)
		return vp_error_set(err, VP_ERR_INPUT, "--max-batch must be at least 1");
	if (req->effective_batch > 0 && req->effective_batch < gpus)
		return vp_error_set(err, VP_ERR_INPUT, "--effective-batch %llu is smaller than the %llu GPUs",
				    (unsigned long long)req->effective_batch, (unsigned long long)gpus);
	/* a multiple of N divides the per-GPU share only when N does: no
	 * batch could honour both, and dropping either silently misleads */
	if (req->effective_batch > 0 && req->batch_multiple > 0 && (req->effective_batch / gpus) % req->batch_multiple != 0 &&
	    (req->effective_batch % gpus == 0 || (req->effective_batch / gpus + 1) % req->batch_multiple != 0))
		return vp_error_set(err, VP_ERR_INPUT,
				    "--batch-multiple %llu and --effective-batch %llu conflict: no multiple of %llu "
				    "divides the %llu samples per GPU (make the effective batch per GPU a multiple of "
				    "%llu, or drop --batch-multiple)",
				    (unsigned long long)req->batch_multiple, (unsigned long long)req->effective_batch,
				    (unsigned long long)req->batch_multiple,
				    (unsigned long long)(req->effective_batch / gpus),
				    (unsigned long long)req->batch_multiple);
	if (!(req->train.memory_fraction >= 0.0 && req->train.memory_fraction <= 1.0))
		return vp_error_set(err, VP_ERR_INPUT, "--memory-fraction must be in (0, 1], got %g",
				    req->train.memory_fraction);
	/* The evaluation's input errors (generation without a head that
	 * generates, vp_estimate_eval) are the setup's whether or not a
	 * training batch fits: found here, before the search, they are exit 2
	 * either way. Found only at the eval batch, a setup too large for the
	 * GPU said "nothing fits" instead, and every change that would fit,
	 * planned again, met the error and was dropped from the advice. At
	 * batch 1, each step's predictions moved at once, as eval_search
	 * probes first: what fails there fails the plan whatever fits. */
	if (!req->no_eval) {
		struct vp_train one = req->train;
		struct vp_eval_opts moved = req->eval;
		struct vp_eval_estimate ev;

		one.batch = 1;
		moved.accumulation_steps = 1;
		if (vp_estimate_eval(m, g, &one, &moved, &ev, err) != 0)
			return -1;
	}
	out->budget_bytes = vp_budget_bytes(g, req->util, &req->train);
	/* Accumulation changes the memory: the gradients of earlier
	 * micro-batches stay through the next forward (estimate.c, "Phases").
	 * Search with the accumulation the plan will have; an effective batch
	 * decides it only once the batch is known (below). */
	base.grad_accum = req->effective_batch == 0 && req->train.grad_accum > 1 ? req->train.grad_accum : 1;

	if (search_batch(m, g, req, &base, out->budget_bytes, req->max_batch, &best, err) != 0)
		return -1;
	if (req->effective_batch > 0 && req->effective_batch / gpus > (best > 0 ? best : 1)) {
		/* the effective batch needs accumulation: search again with it.
		 * Where not even batch 1 fits without it, it is needed all the
		 * same (more than one sample a GPU): the failing step and the
		 * suggestions are estimated with it, as cmd_plan's --seq-len max
		 * search is, so a change said to fit plans when given back.
		 * Until 2026-11-29 they were estimated without it: on an RTX 3090
		 * --effective-batch 64 listed the 8-bit optimizer for Llama 3.2
		 * 1B at 2,048 tokens as fitting (18.81 GiB), and the plan with it
		 * failed (23.42 GiB). */
		base.grad_accum = 2;
		if (best > 0 && search_batch(m, g, req, &base, out->budget_bytes, best, &best, err) != 0)
			return -1;
	}
	/* The device level is not strictly monotone in the batch: the
	 * allocator's rounding of a tensor can shrink when it crosses a size
	 * class (a 10 MiB request wastes less than a 9.9 MiB one). The search
	 * assumes monotonicity; step down until the batch really fits, so a
	 * printed plan never exceeds its budget. */
	while (best > 0) {
		struct vp_estimate e;
		if (train_at(m, g, req, &base, best, &e, &bytes, err) != 0)
			return -1;
		if (bytes <= out->budget_bytes)
			break;
		best--;
	}
	out->memory_max_batch = best;
	if (best == 0) {
		out->fits = false;
		if (train_at(m, g, req, &base, 1, &out->train, &bytes, err) != 0)
			return -1;
		out->ewc_bytes = ewc_bytes(req, &out->train);
		out->train_batch = 1;
		if (!req->no_suggestions)
			suggest(m, g, req, &base, out->budget_bytes, out);
		return 0;
	}
	out->fits = true;

	if (req->effective_batch > 0) {
		per_gpu = effective_share(req, gpus, best);
		batch = effective_divisor(per_gpu, best, req);
		out->grad_accum = per_gpu / batch;
		out->effective_exact = req->effective_batch % gpus == 0;
		out->effective_per_gpu = per_gpu;
		out->limit = VP_LIMIT_EFFECTIVE;
	} else {
		batch = round_batch(best, req);
		out->grad_accum = req->train.grad_accum > 0 ? req->train.grad_accum : 1;
		out->limit = best == req->max_batch ? VP_LIMIT_MAX_BATCH
			     : batch < best	     ? VP_LIMIT_MULTIPLE
						     : VP_LIMIT_MEMORY;
		out->effective_exact = true;
	}
	base.grad_accum = out->grad_accum;
	if (train_at(m, g, req, &base, batch, &out->train, &bytes, err) != 0)
		return -1;
	/* Rounding down can land in a dip of the (nearly monotone) estimate
	 * that still exceeds the budget: keep stepping down until it fits. */
	while (bytes > out->budget_bytes && batch > 1) {
		uint64_t smaller = batch - 1;
		if (req->effective_batch > 0) {
			smaller = effective_divisor(per_gpu, smaller, req);
			out->grad_accum = per_gpu / smaller;
			base.grad_accum = out->grad_accum;
		} else {
			smaller = round_batch(smaller, req);
		}
		batch = smaller;
		if (train_at(m, g, req, &base, batch, &out->train, &bytes, err) != 0)
			return -1;
	}
	if (bytes > out->budget_bytes) {
		/* batch 1 with this accumulation is over the budget: never print a
		 * plan that the estimate says does not fit */
		out->fits = false;
		out->memory_max_batch = 0;
		out->train_batch = 1;
		out->ewc_bytes = ewc_bytes(req, &out->train);
		if (!req->no_suggestions)
			suggest(m, g, req, &base, out->budget_bytes, out);
		return 0;
	}
	out->train_batch = batch;
	out->effective_batch = batch * out->grad_accum * gpus;
	out->ewc_bytes = ewc_bytes(req, &out->train);
	if (best < UINT64_MAX && train_at(m, g, req, &base, best + 1, &out->next, &bytes, err) == 0)
		out->next_valid = true;
	else
		clear_err(err);

	/* EWC's Fisher and anchor copies stay on the GPU through evaluation
	 * too: the eval batch gets what they leave (as check counts it) */
	eval_budget = out->budget_bytes > out->ewc_bytes ? out->budget_bytes - out->ewc_bytes : 0;
	/* A run that evaluates nothing (--no-eval) has no eval batch to fit:
	 * eval_batch 0, which host RAM reads as no evaluation DataLoader and
	 * no kept predictions (host.c `evaluates`), and nothing to stop the
	 * plan. Until 2026-12-01 every plan searched one, and exited 1 where
	 * eval batch 1 did not fit a run that never evaluates (Qwen3-8B LoRA
	 * under axolotl on two RTX 4090s, tests/cli/plan/eval-not-fit-exit.sh). */
	if (!req->no_eval && eval_search(m, g, req, eval_budget, out, err) != 0)
		return -1;

	base.batch = batch;
	if (host_at(m, req, &base, out, err) != 0 ||
	    (!req->no_eval && fit_eval_to_host(m, g, req, &base, eval_budget, out, err) != 0))
		return -1;
	if (!req->no_eval) {
		/* at every level, as the training step's (settings.c
		 * vp_estimate_settings): they are tensors the allocator holds */
		out->eval.allocated_bytes += out->ewc_bytes;
		out->eval.reserved_bytes += out->ewc_bytes;
		out->eval.device_bytes += out->ewc_bytes;
	}
	out->eval_fits = req->no_eval || out->eval.device_bytes <= out->budget_bytes;
	{
		struct vp_host_request host = req->host;
		vp_plan_host_eval(&host, out->eval_batch, &req->eval, out->eval_accumulation_steps, &out->eval);
		host.offload_bytes = out->train.offload_host_bytes;
		vp_plan_save_request(m, &base, &out->train, &host);
		/* persistent workers each come to copy the whole set; forked
		 * each epoch, a 1/W share */
		if (out->host.limited_by_ram) {
			struct vp_host_plan alt;

			if (vp_host_plan_unpersistent(m, &base, &host, vp_plan_checkpoint_bytes(m, &base, &out->train),
						      &alt) &&
			    alt.fits && alt.num_workers > out->host.num_workers)
				out->host_workers_unpersistent = alt.num_workers;
		}
	}

	/* Would PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (an
	 * environment variable, no trainer key) allow a larger batch? The
	 * same search without most of the allocator's fragmentation
	 * (docs/memory-model.md "Allocator"). */
	if (!req->no_suggestions && !req->train.expandable_segments && vp_pytorch_2_1_or_later(req->train.pytorch) &&
	    req->effective_batch == 0) {
		struct vp_train t = req->train;
		t.expandable_segments = true;
		out->expandable_batch = larger_batch_with(m, g, req, &t, out->train_batch, err);
	}
	/* An adapter run under autocast keeps its frozen base in fp32; LoRA
	 * recipes load it in 16 bit (torch_dtype=torch.bfloat16), which
	 * halves it and leaves autocast nothing to copy. A checkpoint stored
	 * in 16 bit is loaded so by default since transformers 5, full
	 * fine-tuning included. */
	if (!req->no_suggestions && req->effective_batch == 0 &&
	    (base16_applies(&req->train) || vp_plan_stored16_applies(m, &req->train))) {
		struct vp_train t = req->train;
		as_base16(req, &t);
		out->base16_batch = larger_batch_with(m, g, req, &t, out->train_batch, err);
	}
	/* What the run's allocator cap costs: the batch under util alone. */
	if (!req->no_suggestions && req->effective_batch == 0 && vp_budget_cap_bytes(g, &req->train) > 0) {
		struct vp_train t = req->train;
		t.memory_fraction = 0.0;
		out->uncapped_batch = larger_batch_with(m, g, req, &t, out->train_batch, err);
	}
	return 0;
}
