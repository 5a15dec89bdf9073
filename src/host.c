/*
 * Host RAM: the trainer process and its DataLoader workers (docs/memory-model.md,
 * "Host RAM"). Seed 000 is the reference failure: 32 workers at about 2 GB
 * each pushed a 60 GB container to about 84 GB.
 */
#include "vramplan/host.h"

#include <string.h>

#define GIB ((uint64_t)1 << 30)

/*
 * Resident memory of the trainer before the model: the Python interpreter,
 * torch and transformers imported, and the CUDA runtime, cuBLAS and cuDNN
 * libraries mapped and initialised. About 3 GiB RSS for torch 2.x with
 * CUDA 12 wheels (the CUDA libraries alone are over 2 GB on disk and are
 * mapped on first use). A documented assumption, applied to every model.
 */
#define VP_TRAINER_BASE_BYTES (3 * GIB)

/* Token ids, attention mask and labels as int64 tensors: 3 x 8 bytes a token. */
#define VP_BATCH_BYTES_PER_TOKEN 24u

/* torch DataLoader: a worker holds prefetch_factor batches; the pin-memory
 * thread of the trainer keeps as many pinned copies. */

void vp_host_request_defaults(struct vp_host_request *req)
{
	memset(req, 0, sizeof *req);
	req->worker_ram_bytes = VP_DEFAULT_WORKER_RAM;
	req->num_workers = UINT64_MAX;
	req->pin_memory = true;
	req->eval_beside_training = true;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

/*
 * The predictions evaluation_loop keeps for the metric, in host RAM
 * (transformers Trainer.evaluation_loop, EvalLoopContainer.to_cpu_and_numpy):
 * every eval_accumulation_steps steps (or once, at the end, when it is
 * unset) the kept tensors are copied to numpy and concatenated with what
 * was moved before (nested_concat -> numpy_pad_and_concatenate), all of
 * them kept until compute_metrics runs. The last concatenation holds the
 * old arrays, the new ones and their concatenation at once: 2 x the whole
 * set when there was more than one move, the set alone when there was one.
 * Reported: huggingface/transformers#8476, #25313 (host memory exhausted
 * with eval_accumulation_steps).
 */
static uint64_t eval_predictions_bytes(const struct vp_host_request *req)
{
	uint64_t kept, moves = 1;

	if (req->eval_batch == 0 || req->eval_samples == 0 || req->eval_prediction_bytes == 0)
		return 0;
	kept = sat_mul(req->eval_samples, req->eval_prediction_bytes);
	if (req->eval_samples_per_move > 0)
		moves = req->eval_samples / req->eval_samples_per_move +
			(req->eval_samples % req->eval_samples_per_move != 0);
	/* eval_do_concat_batches false extends a list instead */
	return moves >= 2 && !req->eval_keep_batches ? sat_mul(kept, 2) : kept;
}

static uint64_t room_for(uint64_t limit, uint64_t used, uint64_t per_worker)
{
	uint64_t room = limit > used ? limit - used : 0;

	return room / (per_worker > 0 ? per_worker : 1);
}

int vp_host_plan(const struct vp_model *m, const struct vp_train *t, const struct vp_host_request *req,
		 uint64_t model_checkpoint_bytes, struct vp_host_plan *out)
{
	uint64_t tokens = sat_mul(t->batch, t->seq_len + t->tgt_len);
	uint64_t batch_bytes = sat_mul(tokens, VP_BATCH_BYTES_PER_TOKEN);
	uint64_t eval_batch_bytes = sat_mul(sat_mul(req->eval_batch, t->seq_len + t->tgt_len), VP_BATCH_BYTES_PER_TOKEN);
	uint64_t worker_ram = req->worker_ram_bytes > 0 ? req->worker_ram_bytes : VP_DEFAULT_WORKER_RAM;
	uint64_t cap, workers, eval_pinned;
	bool evaluates = req->eval_batch > 0;

	(void)m;
	memset(out, 0, sizeof *out);
	out->prefetch_factor = VP_DEFAULT_PREFETCH_FACTOR;
	out->pin_memory = req->pin_memory;
	/* A continual-learning replay buffer keeps whole tokenized samples in
	 * host RAM (seed 004's MER buffer). */
	out->replay_bytes = sat_mul(sat_mul(req->replay_buffer, t->seq_len + t->tgt_len), VP_BATCH_BYTES_PER_TOKEN);
	/* from_pretrained materializes the state dict on the host before it is
	 * moved to the GPU: one copy of the checkpoint at load time. */
	out->trainer_bytes = sat_add(sat_add(VP_TRAINER_BASE_BYTES, model_checkpoint_bytes), out->replay_bytes);
	out->worker_bytes = sat_add(worker_ram, sat_mul(batch_bytes, out->prefetch_factor));
	/*
	 * Evaluation runs its own DataLoader with as many workers
	 * (Trainer.get_eval_dataloader, dataloader_num_workers) while the
	 * training's are alive: mid-epoch the training iterator still holds
	 * them, and with dataloader_persistent_workers both sets stay for the
	 * rest of the run (Trainer keeps the eval DataLoader in
	 * _eval_dataloaders). Each is a fork of the trainer like the others,
	 * costed alike, with eval batches prefetched.
	 */
	if (evaluates)
		out->eval_worker_bytes = sat_add(worker_ram, sat_mul(eval_batch_bytes, out->prefetch_factor));
	out->eval_predictions_bytes = eval_predictions_bytes(req);
	out->eval_predictions_unknown = evaluates && req->eval_prediction_bytes > 0 && req->eval_samples == 0;

	/* Seed 000's rule: at most a third of the cores for workers. Without
	 * --cpus, four workers, a common default that few machines lack. */
	cap = req->cpus > 0 ? req->cpus / 3 : 4;
	if (req->num_workers != UINT64_MAX) {
		workers = req->num_workers;
	} else {
		workers = cap;
		if (req->host_ram_bytes > 0) {
			/* each worker also adds its prefetched batches to the
			 * trainer's pinned copies (below), so that is part of
			 * what one more worker costs; during evaluation, one more
			 * worker is one more of each DataLoader */
			uint64_t pinned = out->pin_memory ? sat_mul(batch_bytes, VP_DEFAULT_PREFETCH_FACTOR) : 0;
			uint64_t per_worker = sat_add(out->worker_bytes, pinned);
			uint64_t fit = room_for(req->host_ram_bytes, out->trainer_bytes, per_worker);

			if (evaluates) {
				uint64_t eval_pin = out->pin_memory ? sat_mul(eval_batch_bytes, VP_DEFAULT_PREFETCH_FACTOR) : 0;
				uint64_t both = sat_add(req->eval_beside_training ? per_worker : 0,
							sat_add(out->eval_worker_bytes, eval_pin));
				uint64_t fit_eval = room_for(req->host_ram_bytes,
							     sat_add(out->trainer_bytes, out->eval_predictions_bytes), both);
				if (fit_eval < fit)
					fit = fit_eval;
			}
			if (fit < workers) {
				workers = fit;
				out->limited_by_ram = true;
			}
		}
	}
	out->num_workers = workers;
	out->persistent_workers = workers > 0;
	if (workers == 0)
		out->prefetch_factor = 0;
	eval_pinned = 0;
	if (out->pin_memory) {
		uint64_t copies = workers > 0 ? sat_mul(workers, VP_DEFAULT_PREFETCH_FACTOR) : 1;
		out->trainer_bytes = sat_add(out->trainer_bytes, sat_mul(batch_bytes, copies));
		eval_pinned = sat_mul(eval_batch_bytes, copies);
	}
	out->train_total_bytes = sat_add(out->trainer_bytes, sat_mul(workers, out->worker_bytes));
	if (evaluates)
		out->eval_total_bytes = sat_add(sat_add(req->eval_beside_training ? out->train_total_bytes : out->trainer_bytes,
							sat_mul(workers, out->eval_worker_bytes)),
						sat_add(eval_pinned, out->eval_predictions_bytes));
	out->peak_in_eval = out->eval_total_bytes > out->train_total_bytes;
	out->total_bytes = out->peak_in_eval ? out->eval_total_bytes : out->train_total_bytes;
	out->fits = req->host_ram_bytes == 0 || out->total_bytes <= req->host_ram_bytes;
	return 0;
}
