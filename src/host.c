/*
 * Host RAM: the trainer process and its DataLoader workers (docs/memory-model.md,
 * "Host RAM"). Seed 000 is the reference failure: 32 workers blew a 60 GB
 * container. Its "about 2 GB a worker, 84 GB in all" is the story's own
 * arithmetic (20 GB of model plus 32 x 2 GB), not a reading.
 */
#include "vramplan/host.h"

#include <string.h>

#define GIB ((uint64_t)1 << 30)

/*
 * Resident memory of the trainer before the model: the Python interpreter,
 * torch and transformers imported, and the CUDA runtime, cuBLAS and cuDNN
 * libraries mapped and initialised. Measured 1.53 GiB RSS (0.99 GiB
 * anonymous) after a 3-step Trainer run of GPT-2 on torch 2.11 + CUDA 13,
 * transformers 5.17 (bench/measured/host_ram.py, results-host.json). Kept at
 * 3 GiB for the stacks not measured: without CUDA's lazy module loading
 * (CUDA < 11.7, or CUDA_MODULE_LOADING=EAGER) every kernel image of the
 * libraries is loaded at initialisation, in host memory as on the device.
 */
#define VP_TRAINER_BASE_BYTES (3 * GIB)

/*
 * A DataLoader worker's private memory before it has read much of the
 * dataset: 13.6-13.7 MiB USS a quarter of an epoch into a 2,000-sample
 * set, 26 MiB at its end (bench/measured/host_ram.py), rounded up to 32 MiB.
 */
#define VP_WORKER_FORK_BYTES ((uint64_t)32 << 20)

/* Token ids, attention mask and labels as int64 tensors: 3 x 8 bytes a token. */
#define VP_BATCH_BYTES_PER_TOKEN 24u

/*
 * torch DataLoader: at most prefetch_factor x num_workers batches are in
 * flight in all (_MultiProcessingDataLoaderIter._try_put_index caps the
 * outstanding tasks; one is retired when the main thread receives it), each
 * either with its worker (collated, then in shared memory on the result
 * queue) or, taken by the pin-memory thread, as a pinned copy in the
 * trainer. Both places are counted full, prefetch_factor batches per worker
 * and as many pinned: an upper bound, twice the in-flight batches, where
 * accelerate's DataLoaderShard keeps one batch ahead in the trainer beside
 * them (a few MiB at 24 bytes a token; docs/memory-model.md "Host RAM").
 */

void vp_host_request_defaults(struct vp_host_request *req)
{
	memset(req, 0, sizeof *req);
	req->worker_ram_bytes = 0; /* seed 000's, or the fork and the dataset */
	req->num_workers = UINT64_MAX;
	req->pin_memory = true;
	req->persistent_workers = true;
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
 *
 * With `ranks` data-parallel processes each gathers every rank's step
 * (evaluation_loop's gather_function, accelerate's gather_for_metrics), so
 * each holds the whole set's predictions, and a move carries `ranks` times
 * a rank's own samples: the set takes 1/ranks the moves.
 *
 * bf16 predictions become fp32 on the way (nested_numpify: t =
 * tensors.cpu(), then t.to(torch.float32)): the move's bf16 host copy is
 * alive beside the fp32 one while it converts, with the arrays moved
 * before. Moved once, that is the peak, 1.5 x the set; with a list, the
 * set and one move's copy at most; a concatenation's 2 x the set is more
 * than any move's conversion (the arrays before it, the move's fp32 and
 * its bf16 copy: under the set and a move).
 */
static uint64_t eval_predictions_bytes(const struct vp_host_request *req, uint64_t ranks, uint64_t *samples)
{
	uint64_t kept, moves = 1, per_move;

	*samples = 0;
	if (req->eval_batch == 0 || req->eval_prediction_bytes == 0)
		return 0;
	per_move = sat_mul(req->eval_samples_per_move > 0 ? req->eval_samples_per_move : req->eval_batch, ranks);
	/* The set's size unknown: at least the first move is in host RAM
	 * before compute_metrics runs (a set is at least one move; without
	 * eval_accumulation_steps, at least one eval batch). */
	if (req->eval_samples == 0) {
		*samples = per_move;
		return sat_add(sat_mul(*samples, req->eval_prediction_bytes),
			       sat_mul(*samples, req->eval_prediction_cast_bytes));
	}
	*samples = req->eval_samples;
	kept = sat_mul(req->eval_samples, req->eval_prediction_bytes);
	if (req->eval_samples_per_move > 0)
		moves = req->eval_samples / per_move + (req->eval_samples % per_move != 0);
	/* eval_do_concat_batches false extends a list instead */
	if (moves >= 2 && !req->eval_keep_batches)
		return sat_mul(kept, 2);
	/* one move: the set; a list: a move's samples at most */
	return sat_add(kept, sat_mul(moves >= 2 ? per_move : req->eval_samples, req->eval_prediction_cast_bytes));
}

bool vp_host_dataset_known(uint64_t bytes, bool given)
{
	return bytes > 0 || given;
}

/*
 * What one DataLoader worker holds of its own. --worker-ram when given;
 * else, with the dataset's size known, the fork's own pages and the
 * dataset's pages the worker has read: fork() shares the trainer's pages,
 * and reading a Python object writes its reference count, which copies
 * the page that holds it into the worker (copy-on-access, pytorch/pytorch
 * #13246). Measured (bench/measured/host_ram.py, 20,000 samples of 512
 * tokens held as lists, 882 MiB in the trainer): each of 4 persistent
 * workers had 185, 306, 394, 458, 504 and 540 MiB of its own after epochs
 * 1 to 6, (1 - (1 - 1/W)^epochs) of 640 to 690 MiB; 8 workers, the same
 * curve; 60,000 samples, three times the memory at one epoch. Persistent
 * workers read a new share each epoch, so the whole set is the bound. A
 * worker forked for one epoch reads 1/W of it. A size given as 0 (a
 * memory-mapped Arrow set adds nothing to the trainer's RSS) leaves the
 * fork's own pages. Unknown size: seed 000's 2 GiB.
 */
static uint64_t worker_own_bytes(const struct vp_host_request *req, uint64_t dataset_bytes, bool given,
				 uint64_t workers)
{
	uint64_t share;

	if (req->worker_ram_bytes > 0)
		return req->worker_ram_bytes;
	if (!vp_host_dataset_known(dataset_bytes, given))
		return VP_DEFAULT_WORKER_RAM;
	share = dataset_bytes;
	if (!req->persistent_workers && workers > 1 && workers != UINT64_MAX)
		share = share / workers + (share % workers != 0);
	return sat_add(VP_WORKER_FORK_BYTES, share);
}

/* What vp_host_plan derives from the request alone, before the count. */
struct host_inputs {
	uint64_t processes;
	uint64_t batch_bytes, eval_batch_bytes;
	uint64_t prefetch; /* batches each worker loads ahead */
	bool evaluates;
};

/*
 * The training and evaluation moments with `workers` workers. A worker's
 * own bytes depend on the count when workers are forked each epoch (each
 * reads 1/W of the set), so they are computed here, per count.
 */
static void host_at(const struct vp_host_request *req, const struct host_inputs *in, uint64_t base_trainer,
		    uint64_t workers, struct vp_host_plan *out)
{
	uint64_t own = worker_own_bytes(req, req->dataset_ram_bytes, req->dataset_ram_given, workers);
	/* an eval worker reads the evaluation set: its own size when given,
	 * else the training set's as the bound (the copy-on-access of
	 * worker_own_bytes, the eval DataLoader being built with the same
	 * dataloader_persistent_workers: Trainer.get_eval_dataloader) */
	uint64_t eval_own = vp_host_dataset_known(req->eval_dataset_ram_bytes, req->eval_dataset_ram_given)
				    ? worker_own_bytes(req, req->eval_dataset_ram_bytes, true, workers)
				    : own;
	uint64_t eval_pinned = 0;

	out->num_workers = workers;
	out->prefetch_factor = workers > 0 ? in->prefetch : 0;
	out->worker_bytes = sat_add(own, sat_mul(in->batch_bytes, in->prefetch));
	/*
	 * Evaluation runs its own DataLoader with as many workers
	 * (Trainer.get_eval_dataloader, dataloader_num_workers) while the
	 * training's are alive: mid-epoch the training iterator still holds
	 * them, and with dataloader_persistent_workers both sets stay for the
	 * rest of the run (Trainer keeps the eval DataLoader in
	 * _eval_dataloaders). Each is a fork of the trainer like the others,
	 * costed alike, with eval batches prefetched.
	 */
	out->eval_worker_bytes =
		in->evaluates ? sat_add(eval_own, sat_mul(in->eval_batch_bytes, in->prefetch)) : 0;
	/* the pin-memory thread keeps a pinned copy of each prefetched batch */
	out->trainer_bytes = base_trainer;
	if (out->pin_memory) {
		uint64_t copies = workers > 0 ? sat_mul(workers, in->prefetch) : 1;
		out->trainer_bytes = sat_add(out->trainer_bytes, sat_mul(in->batch_bytes, copies));
		eval_pinned = sat_mul(in->eval_batch_bytes, copies);
	}
	out->train_total_bytes = sat_add(out->trainer_bytes, sat_mul(workers, out->worker_bytes));
	out->eval_total_bytes = 0;
	if (in->evaluates)
		out->eval_total_bytes = sat_add(sat_add(req->eval_beside_training ? out->train_total_bytes : out->trainer_bytes,
							sat_mul(workers, out->eval_worker_bytes)),
						sat_add(eval_pinned, out->eval_predictions_bytes));
	/* every process alike; each gathers the predictions of all
	 * (accelerate's gather_for_metrics returns them on every rank) */
	out->train_total_bytes = sat_mul(out->train_total_bytes, in->processes);
	out->eval_total_bytes = sat_mul(out->eval_total_bytes, in->processes);
	/*
	 * A save: rank 0 builds each file it writes whole in its host RAM
	 * (safetensors' save_file, vp_plan_save_file_bytes), and under ZeRO-3
	 * with stage3_gather_16bit_weights_on_model_save:
	 * the HF Trainer's save_model takes accelerate's get_state_dict,
	 * which calls the engine's _zero3_consolidated_16bit_state_dict
	 * (deepspeed/runtime/engine.py): every rank gathers one module's
	 * partitions at a time (GatheredParameters, modifier_rank=0), and
	 * only dist.get_rank() == 0 keeps each as param.detach().cpu() in an
	 * OrderedDict, tied parameters once (by ds_id), until the whole
	 * model's state dict is built and written. So one process, on the
	 * first host, holds the whole model's weights in host RAM beside the
	 * run's. The Trainer saves between steps, after the evaluation of
	 * the same step (_maybe_log_save_evaluate): the training's workers
	 * are alive, and the eval DataLoader's where workers persist (the
	 * Trainer keeps them in _eval_dataloaders), its predictions freed.
	 * Whether safetensors copies those gathered CPU tensors once more
	 * depends on its release: not counted (docs/memory-model.md "Host
	 * RAM", saving).
	 */
	/* rank 0's file, and beside it every process's clone of its module
	 * (accelerate's get_state_dict, which the HF Trainer's save_model
	 * calls on every rank under DeepSpeed) */
	out->save_bytes = sat_add(req->save_bytes, sat_mul(in->processes, req->save_clone_bytes));
	out->save_clones = req->save_clone_bytes > 0;
	out->save_in_checkpoint = false;
	/*
	 * The engine checkpoint that follows under DeepSpeed (plan.c
	 * vp_plan_save_request): TorchCheckpointEngine.save clones every
	 * tensor of the state dict it saves to the CPU before torch.save.
	 * The tag's validation (an all_reduce) starts it on every rank at
	 * once, after rank 0 has written its file; then each rank clones its
	 * optimizer partition, while rank 0 clones its module's state dict
	 * first and its partition after. The larger of that and rank 0's file
	 * is what the save adds.
	 */
	if (req->save_rank_bytes > 0 || req->save_rank0_bytes > 0) {
		uint64_t rank0 = req->save_rank0_bytes > req->save_rank_bytes ? req->save_rank0_bytes
									     : req->save_rank_bytes;
		uint64_t ckpt = sat_add(sat_mul(in->processes - 1, req->save_rank_bytes), rank0);

		if (ckpt > out->save_bytes) {
			out->save_bytes = ckpt;
			out->save_in_checkpoint = true;
			out->save_clones = false;
		}
	}
	out->save_total_bytes = 0;
	if (out->save_bytes > 0) {
		uint64_t kept_eval = in->evaluates && req->persistent_workers
					     ? sat_mul(sat_mul(workers, out->eval_worker_bytes), in->processes)
					     : 0;

		out->save_total_bytes = sat_add(sat_add(out->train_total_bytes, kept_eval), out->save_bytes);
	}
}

int vp_host_plan(const struct vp_model *m, const struct vp_train *t, const struct vp_host_request *req,
		 uint64_t model_checkpoint_bytes, struct vp_host_plan *out)
{
	struct host_inputs in;
	uint64_t cap, workers, base_trainer;

	(void)m;
	memset(out, 0, sizeof *out);
	/* one process a GPU, the same number on every node (torchrun
	 * --nnodes and --nproc_per_node, accelerate's num_machines; the CLI
	 * refuses a count the nodes do not divide), rounded up all the same */
	out->nodes = req->nodes > 1 ? req->nodes : 1;
	in.processes = t->gpus > 1 ? t->gpus / out->nodes + (t->gpus % out->nodes != 0) : 1;
	if (in.processes == 0)
		in.processes = 1;
	out->processes = in.processes;
	in.batch_bytes = sat_mul(sat_mul(t->batch, t->seq_len + t->tgt_len), VP_BATCH_BYTES_PER_TOKEN);
	in.eval_batch_bytes = sat_mul(sat_mul(req->eval_batch, t->seq_len + t->tgt_len), VP_BATCH_BYTES_PER_TOKEN);
	in.evaluates = req->eval_batch > 0;
	in.prefetch = req->prefetch_factor > 0 ? req->prefetch_factor : VP_DEFAULT_PREFETCH_FACTOR;
	out->pin_memory = req->pin_memory;
	/* A continual-learning replay buffer keeps whole tokenized samples in
	 * host RAM (seed 004's MER buffer). */
	out->replay_bytes = sat_mul(sat_mul(req->replay_buffer, t->seq_len + t->tgt_len), VP_BATCH_BYTES_PER_TOKEN);
	/*
	 * The trainer holds the training set. Loading the checkpoint puts one
	 * host copy of it in the trainer's resident set, until the model is on
	 * the GPU: measured, from_pretrained of a 6.4 GB bf16 safetensors
	 * checkpoint maps the file and .to("cuda") (or device_map="cuda")
	 * touches it, 6.5 GB of file pages at the peak, back to the base
	 * after (bench/measured/host_ram.py). That is before Trainer.train
	 * forks the workers, so the copy is a moment of its own.
	 */
	out->dataset_bytes = req->dataset_ram_bytes;
	/* the evaluation set, loaded with the training set, stays in the
	 * trainer for every evaluation (Trainer.eval_dataset); a run that
	 * evaluates nothing is taken not to hold it (run_summarization.py
	 * tokenizes the validation split only with do_eval) */
	out->eval_dataset_bytes = in.evaluates ? req->eval_dataset_ram_bytes : 0;
	out->load_total_bytes = sat_mul(sat_add(sat_add(sat_add(VP_TRAINER_BASE_BYTES, model_checkpoint_bytes),
							out->dataset_bytes),
						out->eval_dataset_bytes),
					in.processes);
	base_trainer = sat_add(sat_add(sat_add(VP_TRAINER_BASE_BYTES, out->dataset_bytes), out->eval_dataset_bytes),
			       out->replay_bytes);
	/* ZeRO-Offload: each process's partitions of the master, the states
	 * and the gradients (and with offload_param of the 16-bit weights)
	 * live in its host memory from deepspeed.initialize on, through
	 * training and evaluation (docs/memory-model.md "ZeRO-Offload"); the
	 * checkpoint's load comes before them */
	out->offload_bytes = req->offload_bytes;
	base_trainer = sat_add(base_trainer, out->offload_bytes);
	out->eval_predictions_bytes =
		eval_predictions_bytes(req, t->gpus > 1 ? t->gpus : 1, &out->eval_predictions_samples);
	out->eval_predictions_unknown = in.evaluates && req->eval_prediction_bytes > 0 && req->eval_samples == 0;

	/* Seed 000's rule: at most a third of the cores for workers, shared
	 * by the processes. Without --cpus, four workers a process, a common
	 * default that few machines lack. */
	cap = req->cpus > 0 ? req->cpus / 3 / in.processes : 4;
	if (req->num_workers != UINT64_MAX) {
		workers = req->num_workers;
		host_at(req, &in, base_trainer, workers, out);
	} else {
		/* the most workers whose training and evaluation both fit: one
		 * more worker is its own bytes, its pinned batches in the
		 * trainer and, during evaluation, one more of each DataLoader;
		 * the totals grow with the count, so the first that fits from
		 * the top is the most */
		for (workers = cap;; workers--) {
			host_at(req, &in, base_trainer, workers, out);
			if (req->host_ram_bytes == 0 || workers == 0 ||
			    (vp_host_within(out->train_total_bytes, req->host_ram_bytes) &&
			     vp_host_within(out->eval_total_bytes, req->host_ram_bytes) &&
			     vp_host_within(out->save_total_bytes, req->host_ram_bytes)))
				break;
		}
		out->limited_by_ram = workers < cap;
	}
	out->persistent_workers = workers > 0 && req->persistent_workers;
	out->peak_in_eval = out->eval_total_bytes > out->train_total_bytes;
	out->total_bytes = out->peak_in_eval ? out->eval_total_bytes : out->train_total_bytes;
	if (out->load_total_bytes > out->total_bytes) {
		out->peak_in_load = true;
		out->peak_in_eval = false;
		out->total_bytes = out->load_total_bytes;
	}
	/* after loading, so that a save that only equals it (the trainer
	 * and the weights' file, no worker) leaves loading the peak */
	if (out->save_total_bytes > out->total_bytes) {
		out->peak_in_save = true;
		out->peak_in_eval = out->peak_in_load = false;
		out->total_bytes = out->save_total_bytes;
	}
	out->fits = req->host_ram_bytes == 0 || vp_host_within(out->total_bytes, req->host_ram_bytes);
	return 0;
}

bool vp_host_plan_unpersistent(const struct vp_model *m, const struct vp_train *t, const struct vp_host_request *req,
			       uint64_t model_checkpoint_bytes, struct vp_host_plan *alt)
{
	struct vp_host_request forked = *req;

	if ((req->dataset_ram_bytes == 0 && req->eval_dataset_ram_bytes == 0) || req->worker_ram_bytes > 0 ||
	    !req->persistent_workers)
		return false;
	forked.persistent_workers = false;
	return vp_host_plan(m, t, &forked, model_checkpoint_bytes, alt) == 0;
}
