#ifndef VRAMPLAN_PLAN_H
#define VRAMPLAN_PLAN_H

/*
 * The planner: from a model, a GPU and a training setup, the settings a user
 * pastes into a trainer config: per-device train batch, gradient
 * accumulation, eval batch (and eval_accumulation_steps), DataLoader workers,
 * plus the estimates that justify them. Pure: no I/O. The search over the
 * batch is a binary search, because the estimate is monotone in the batch.
 */

#include <stdbool.h>
#include <stdint.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/gpu.h"
#include "vramplan/host.h"
#include "vramplan/model.h"
#include "vramplan/train.h"

#define VP_DEFAULT_UTIL 0.8          /* seed 000: "GPU 메모리의 70-80% 활용 목표" */
#define VP_DEFAULT_MAX_BATCH 4096
#define VP_MAX_SUGGESTIONS 10

enum vp_limit {
	VP_LIMIT_MEMORY = 0,   /* the next batch up does not fit under util x memory */
	VP_LIMIT_MULTIPLE,     /* rounded down to the batch multiple */
	VP_LIMIT_MAX_BATCH,    /* --max-batch */
	VP_LIMIT_EFFECTIVE     /* the largest divisor of the effective batch that fits */
};

/* The longest sequence --seq-len max searches (a stated --seq-len, as a
 * file's length, may reach train.h VP_MAX_COUNT), and the rounding of the
 * longest one that fits (vp_plan_longest_seq): 128 tokens, the block that
 * FlashAttention-2's and SDPA's memory-efficient kernels tile the sequence
 * by, and the granularity people set lengths in (docs/planner.md). */
#define VP_MAX_SEQ_LEN ((uint64_t)1 << 20)
#define VP_SEQ_MULTIPLE 128

/* What stopped the search for the longest sequence (vp_plan_longest_seq) */
enum vp_seq_bound {
	VP_SEQ_BOUND_MEMORY = 0,  /* one token more does not fit the budget */
	VP_SEQ_BOUND_POSITIONS,   /* the position table's rows: longer cannot run */
	VP_SEQ_BOUND_CONTEXT,     /* the context the model was trained for (vp_model_context_tokens) */
	VP_SEQ_BOUND_SEARCH       /* VP_MAX_SEQ_LEN, the longest vramplan tries */
};

struct vp_seq_search {
	uint64_t seq_len;   /* the longest that fits, rounded; 0 when not one token fits */
	uint64_t unrounded; /* before rounding down to VP_SEQ_MULTIPLE */
	uint64_t limit;     /* the most tried: the position table's rows, else the model's
			     * context, else VP_MAX_SEQ_LEN; 0: no search (the length was given) */
	uint64_t reserve;   /* positions left for generation (limit excludes them) */
	uint64_t batch;     /* at this batch */
	enum vp_seq_bound bound; /* what held the length there */
	const char *key;    /* VP_SEQ_BOUND_CONTEXT: the config key of the context (static) */
};

struct vp_plan_request {
	struct vp_train train;       /* batch and grad_accum are chosen by the planner */
	double util;                 /* fraction of GPU memory the peak may reach (0,1] */
	uint64_t max_batch;          /* upper bound on the micro-batch */
	uint64_t batch_multiple;     /* 0: as far as b x tokens is a multiple of 8 (vp_plan_token_multiple) */
	uint64_t effective_batch;    /* 0: none; else batch x accumulation x GPUs == this */
	struct vp_eval_opts eval;    /* predict_with_generate settings */
	struct vp_host_request host; /* host RAM and DataLoader settings */
	bool ewc;                    /* continual learning: EWC Fisher + anchor copy */
	bool no_suggestions;         /* when nothing fits, skip the list of changes (a sweep shows none) */
	/* The run evaluates nothing (--no-eval; the HF Trainer's default
	 * eval_strategy "no", axolotl's val_set_size 0.0): no eval batch is
	 * searched, the plan's eval_batch is 0 and eval_fits true, and host
	 * RAM counts no evaluation DataLoader or kept predictions. */
	bool no_eval;
	/* The train's no_autocast and autocast_stated that --precision bf16
	 * (fp16) would get from the printed keys (cli/resolve.c), for the
	 * 16-bit alternative a plan under amp-bf16 (amp-fp16) offers: its
	 * comment's batch and its suggestion are then what that option plans.
	 * Both false: autocast assumed (vp_train). */
	bool base16_no_autocast;
	bool base16_autocast_stated;
	/* --seq-len max: how train.seq_len was found (limit 0: it was given) */
	struct vp_seq_search seq_search;
};

struct vp_suggestion {
	char change[96];             /* e.g. "--grad-ckpt", "--method qlora --quant nf4" */
	char flags[64];              /* the options alone that make it ("--precision bf16"); "" when none does */
	uint64_t device_bytes;       /* estimate at batch 1 with the change */
	bool fits;
	/* planned again by the command line with the options (cmd_plan.c):
	 * the training step fits but the evaluation at eval batch 1 does not */
	bool eval_does_not_fit;
};

struct vp_plan {
	bool fits;                   /* false: not even batch 1 fits (exit 1) */
	uint64_t budget_bytes;       /* vp_budget_bytes(): util x GPU memory, or the allocator's cap */

	uint64_t train_batch;
	uint64_t grad_accum;
	uint64_t effective_batch;    /* train_batch x grad_accum x gpus */
	bool effective_exact;        /* the requested effective batch was met exactly */
	uint64_t effective_per_gpu;  /* with an effective batch: the samples each GPU takes */
	enum vp_limit limit;
	uint64_t memory_max_batch;   /* largest batch that fits before rounding */

	struct vp_estimate train;    /* at train_batch */
	struct vp_estimate next;     /* at the next batch up (memory_max_batch + 1) */
	bool next_valid;

	uint64_t eval_batch;         /* 0: no evaluation planned (req->no_eval) */
	uint64_t eval_accumulation_steps; /* 0: not needed */
	/* true: steps 1 and the eval batch were chosen for host RAM (one move's
	 * predictions within --host-ram), not because two steps' predictions
	 * would not fit the GPU */
	bool eval_steps_for_host;
	struct vp_eval_estimate eval;
	/* false: the train batch fits, but not an evaluation of one sample
	 * (generation's beams and tokens, a long sequence's kept logits): the
	 * run would stop at its first evaluation (exit 1) */
	bool eval_fits;

	struct vp_host_plan host;
	/* With the dataset's size given and the workers limited by host RAM:
	 * how many fit when they are forked anew each epoch
	 * (dataloader_persistent_workers false, each reading 1/W of the set);
	 * 0 when that is no more */
	uint64_t host_workers_unpersistent;

	uint64_t ewc_bytes;          /* EWC Fisher diagonal + anchor copy (device) */

	/* The train batch the same plan would pick with
	 * PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, when that is
	 * larger; 0 otherwise (or when already asked for, or no suggestions). */
	uint64_t expandable_batch;
	/* For LoRA under autocast over an unquantized base (an fp32 frozen
	 * base), and for any unquantized run under autocast of a checkpoint
	 * stored in 16 bit
	 * (vp_plan_stored16_applies): the train batch with the weights loaded
	 * in 16 bit (--precision bf16 or fp16), when that is larger; 0
	 * otherwise. */
	uint64_t base16_batch;
	/* The train batch the same plan would pick without the run's
	 * allocator cap (train.memory_fraction), when the cap decides the
	 * budget and that batch is larger; 0 otherwise. What the cap costs. */
	uint64_t uncapped_batch;

	struct vp_suggestion suggestions[VP_MAX_SUGGESTIONS];
	size_t n_suggestions;
};

void vp_plan_request_defaults(struct vp_plan_request *req);

/* What a step may fill, at the device level: util x the card's memory, and,
 * where the run caps its allocator (t->memory_fraction), no more than that
 * cap plus the CUDA context, which lies outside the allocator
 * (docs/planner.md "A capped allocator"). */
uint64_t vp_budget_bytes(const struct vp_gpu *g, double util, const struct vp_train *t);

/* The allocator's cap at the device level (t->memory_fraction x the card's
 * memory, plus the CUDA context), or 0 when the run sets none. */
uint64_t vp_budget_cap_bytes(const struct vp_gpu *g, const struct vp_train *t);


/* The longest sequence (the source, for an encoder-decoder) at which a
 * step of t->batch samples fits budget_bytes at the device level, rounded
 * down to a multiple of VP_SEQ_MULTIPLE once it is that long, and no longer
 * than the model's position table (vp_model_max_tokens), or where it has
 * none, the context it was trained for (vp_model_context_tokens), less
 * `reserve` positions (the tokens a decoder-only model generates after its
 * prompt), or VP_MAX_SEQ_LEN. out->bound says which held. With `ewc`,
 * EWC's Fisher and anchor copies (vp_plan_ewc_bytes) sit beside the step,
 * as the batch search counts them.
 * The estimate grows with the sequence (tests/unit/test_properties.c), so
 * an exponential probe and a bisection find it. 0 with *out filled, or -1
 * with err filled when the setup is invalid at any length. */
int vp_plan_longest_seq(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t, bool ewc,
			uint64_t budget_bytes, uint64_t reserve, struct vp_seq_search *out, struct vp_error *err);

/* Returns 0 with *out filled (out->fits says whether anything fits), or -1
 * with err filled for inconsistent input. */
int vp_plan_search(const struct vp_model *m, const struct vp_gpu *g, const struct vp_plan_request *req,
		   struct vp_plan *out, struct vp_error *err);

/* eval_accumulation_steps for an evaluation at t->batch: HF Trainer keeps
 * every eval step's predictions on the GPU, concatenated, until that many
 * steps have run. *steps = the most steps whose predictions fit the budget,
 * or 0 when all of them do (all the steps of opts->eval_samples; unknown,
 * 100), nothing is kept, or not even one step fits. */
int vp_plan_eval_accumulation(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			      const struct vp_eval_opts *opts, uint64_t budget, uint64_t *steps, struct vp_error *err);

/* The evaluation at eval batch `batch` as the plan gives it: t's setup at
 * that batch, with `steps` eval_accumulation_steps, or with steps 0 the most
 * whose kept predictions fit budget_bytes (vp_plan_eval_accumulation; 0:
 * unset, all kept), in *steps_out; an evaluation set whose kept predictions
 * pass 2^60 bytes is moved each step (1). The plan's eval batch and
 * `vramplan estimate --generate` (and the other evaluation options) both
 * come from it, so the two agree to the byte. EWC's copies are the
 * caller's: budget_bytes is what they leave, and out->device_bytes is
 * without them. */
int vp_plan_eval_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		    const struct vp_eval_opts *opts, uint64_t budget_bytes, uint64_t batch, uint64_t steps,
		    uint64_t *steps_out, struct vp_eval_estimate *out, struct vp_error *err);

/* A GPU's share of a known evaluation set: eval_samples over the
 * data-parallel GPUs, rounded up, the smallest eval batch that runs the set
 * in one step a GPU (0: eval_samples 0, unknown). */
uint64_t vp_plan_eval_share(uint64_t eval_samples, uint64_t gpus);

/* The largest eval batch a plan considers: --max-batch, or a known
 * evaluation set's share per GPU (vp_plan_eval_share) where that is
 * smaller: a larger batch runs the set no faster. */
uint64_t vp_plan_eval_batch_max(const struct vp_plan_request *req);

/* The eval batch that runs at a configured eval batch `batch`: on one GPU
 * no more than a known evaluation set (eval_samples; 0: unknown), the
 * DataLoader's one batch; on several `batch` itself, which accelerate's
 * even_batches fills with repeated samples, unless `even_batches` is false
 * (accelerator_config), when the cap is one GPU's. check's and estimate's
 * evaluation take it. */
uint64_t vp_plan_eval_batch_cap(uint64_t batch, uint64_t eval_samples, uint64_t gpus, bool even_batches);

/* The largest eval batch in [1, max] whose evaluation, as opts says it
 * (predictions kept, eval_accumulation_steps, generation) beside t's
 * resident training state, peaks at most budget_bytes at the device level:
 * *best, 0 when not even batch 1 fits (or max is 0). A batch past what the
 * estimator represents does not fit; an input error at batch 1 returns -1
 * with err filled. The planner's eval-batch search (with
 * eval_accumulation_steps 1) and check's hint for an eval batch over its
 * budget. */
int vp_plan_largest_eval_batch(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			       const struct vp_eval_opts *opts, uint64_t budget_bytes, uint64_t max, uint64_t *best,
			       struct vp_error *err);

/*
 * TrainingArguments.auto_find_batch_size: the HF Trainer runs its training
 * loop under accelerate's find_executable_batch_size, which catches an
 * out-of-memory error and retries at int(0.9 x the batch) until a batch
 * runs. The batch it settles on, starting from t->batch, against the GPU's
 * whole memory (`limit_bytes`: the allocator's cap where the run sets one),
 * not the planner's budget; *retries out-of-memory errors on the way.
 * 0 when not even batch 1 fits (the Trainer then raises "No executable
 * batch size found, reached zero").
 */
uint64_t vp_plan_auto_find_batch(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
				 uint64_t limit_bytes, uint64_t *retries);

/* The evaluation's part of a host request: its batch, the evaluation set,
 * the predictions kept per sample and how many samples move to the host at
 * a time (eval batch x eval_accumulation_steps; 0 steps: once, at the end). */
void vp_plan_host_eval(struct vp_host_request *host, uint64_t eval_batch, const struct vp_eval_opts *opts,
		       uint64_t accumulation_steps, const struct vp_eval_estimate *ev);

const char *vp_limit_name(enum vp_limit l);

/* "memory", "positions", "context", "search limit" */
const char *vp_seq_bound_name(enum vp_seq_bound b);

/* Is the run planned with fp32 weights under autocast while the checkpoint
 * is stored in 16 bit, which transformers >= 5 loads as it is stored? */
bool vp_plan_stored16_applies(const struct vp_model *m, const struct vp_train *t);

/* The host's copy of the checkpoint while from_pretrained loads it in one
 * trainer process: 16-bit for a quantized base, which is quantized as it
 * moves to the GPU, else the weights as loaded (fp32 under autocast); under
 * ZeRO-3 one checkpoint file (its partitions are built on the GPU), under
 * FSDP whole. */
uint64_t vp_plan_checkpoint_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e);

/* What a save gathers into rank 0's host RAM under ZeRO-3 with
 * stage3_gather_16bit_weights_on_model_save (t->zero_gather_save): every
 * parameter e counts, in the engine's dtype; 0 at another stage or
 * without the key (host.h vp_host_request.save_bytes) */
uint64_t vp_plan_zero3_save_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e);

/* What one save's file holds whole in the saving process's host RAM, by
 * t->save_writer (plan.c): through safetensors the largest file, a full
 * fine-tune's parameters as held or a PEFT model's trained ones in fp32,
 * at most 50 GB (10 GB on transformers 4.x); through torch.save to a file,
 * or in a DeepSpeed job's loop, nothing; through Lightning's buffered save
 * the weights and optimizer states; 0 under ZeRO-3 and FSDP and for a
 * frozen model (host.h vp_host_request.save_bytes) */
uint64_t vp_plan_save_file_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e);

/* What a save holds whole in host RAM at its largest moment (h, from
 * vp_host_plan), in words for a plan's comment or a diagnostic: the file,
 * every process's copy of its module, or the optimizer's checkpoint */
const char *vp_plan_save_phrase(const struct vp_train *t, const struct vp_host_plan *h);

/* What each save adds to rank 0's host RAM: ZeRO-3's gathered weights and
 * what the save holds whole (vp_plan_save_file_bytes), saturated (host.h
 * vp_host_request.save_bytes) */
uint64_t vp_plan_save_bytes(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e);

/* Fills host's save_bytes (vp_plan_save_bytes); under the HF Trainer at
 * ZeRO-1/2 save_clone_bytes, what each process copies of its module for
 * save_model; and, where a save writes DeepSpeed's engine checkpoint,
 * save_rank_bytes and save_rank0_bytes, what each process and global
 * rank 0 clone to the CPU for it (plan.c) */
void vp_plan_save_request(const struct vp_model *m, const struct vp_train *t, const struct vp_estimate *e,
			  struct vp_host_request *host);

/* The default batch rounding: the smallest multiple that makes every
 * stack's tokens (b x texts x length) a multiple of 8, for tensor cores. */
uint64_t vp_plan_token_multiple(const struct vp_train *t);

/* EWC's Fisher diagonal and anchor copy of the trained parameters, fp32
 * on the GPU (plan.c), beside a step's estimate. */
uint64_t vp_plan_ewc_bytes(const struct vp_estimate *e);

#endif
