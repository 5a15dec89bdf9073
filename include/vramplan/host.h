#ifndef VRAMPLAN_HOST_H
#define VRAMPLAN_HOST_H

/*
 * Host RAM of a training run: the trainer process and its DataLoader
 * workers, and the choice of dataloader_num_workers under a container limit.
 * Pure: no I/O. The model is in docs/memory-model.md, "Host RAM".
 */

#include <stdbool.h>
#include <stdint.h>

#include "vramplan/model.h"
#include "vramplan/train.h"

/* Seed 000's own figure for mT5 XLSum, 1.5-2 GB per DataLoader worker, taken
 * at its upper end. It is the story's failure analysis, not a reading (its
 * table's columns are "expected"; its final tally counts 16 GB for 16
 * workers, 1 GB each); docs/memory-model.md "Host RAM". */
#define VP_DEFAULT_WORKER_RAM ((uint64_t)2 << 30)
#define VP_DEFAULT_PREFETCH_FACTOR 2 /* torch.utils.data.DataLoader default */

struct vp_host_request {
	uint64_t host_ram_bytes;    /* container / machine limit; 0 = unknown */
	/* Hosts the data-parallel GPUs are spread over (--nodes); 0 or 1: all
	 * on one. --host-ram and --cpus are one host's. */
	uint64_t nodes;
	uint64_t cpus;              /* cores; 0 = unknown */
	uint64_t worker_ram_bytes;  /* per DataLoader worker; 0 = default */
	/* The training set's resident bytes in the trainer (what loading it
	 * added to the trainer's RSS); 0 = unknown. Known, it is held by the
	 * trainer and copied page by page into each worker that reads it. */
	uint64_t dataset_ram_bytes;
	/* The evaluation set's, alike (--eval-dataset-ram); 0 = unknown: an
	 * eval worker is then costed as a training worker, the bound for an
	 * evaluation set no larger than the training set. Known, the trainer
	 * holds it while it evaluates and each eval worker copies what it
	 * reads of it. */
	uint64_t eval_dataset_ram_bytes;
	/* The sizes above were given (vp_host_dataset_known): a given 0 is a
	 * set that adds nothing to the trainer's RSS (a memory-mapped Arrow
	 * dataset), told apart from 0 = unknown; a size above 0 is known
	 * whatever these say. */
	bool dataset_ram_given, eval_dataset_ram_given;
	bool persistent_workers;    /* dataloader_persistent_workers (check); the planner sets it */
	uint64_t prefetch_factor;   /* dataloader_prefetch_factor (check); 0 = the DataLoader's 2 */
	uint64_t num_workers;       /* forced worker count (check); UINT64_MAX = choose */
	uint64_t replay_buffer;     /* continual learning replay samples in host RAM */
	bool pin_memory;            /* requested pin_memory (check) */
	/* Evaluation inside training (0 = none): the eval batch, for the eval
	 * DataLoader's workers and their prefetched batches */
	uint64_t eval_batch;
	uint64_t eval_samples;               /* the evaluation set; 0 = unknown */
	uint64_t eval_prediction_bytes;      /* kept per eval sample (vp_eval_estimate) */
	/* of them, per sample, the bf16 copy that nested_numpify holds while it
	 * converts a move to fp32 (vp_eval_estimate); 0: nothing is converted */
	uint64_t eval_prediction_cast_bytes;
	/* a rank's eval batch x eval_accumulation_steps; 0 = moved once, at
	 * the end (each process moves every rank's, gathered: x the GPUs) */
	uint64_t eval_samples_per_move;
	bool eval_keep_batches;              /* eval_do_concat_batches false: lists, never concatenated */
	/* the training's workers are alive while evaluation runs (mid-epoch,
	 * or kept by persistent workers); false: evaluation at an epoch's end
	 * without persistent workers, or after training */
	bool eval_beside_training;
	/* DeepSpeed ZeRO-Offload: what one process keeps in host RAM, its
	 * partitions (vp_estimate.offload_host_bytes); 0 = no offload */
	uint64_t offload_bytes;
	/* What each save adds to global rank 0's host RAM: the file
	 * safetensors builds before writing it (vp_plan_save_file_bytes)
	 * and, under ZeRO-3 with stage3_gather_16bit_weights_on_model_save,
	 * the whole model's gathered weights (vp_plan_zero3_save_bytes);
	 * 0 = none */
	uint64_t save_bytes;
	/* DeepSpeed's engine checkpoint at the same save (plan.c
	 * vp_plan_save_request), after the above: every process of the host
	 * clones its optimizer partition to the CPU (save_rank_bytes) and
	 * global rank 0 its module's state dict first (save_rank0_bytes);
	 * 0 = none */
	uint64_t save_rank_bytes;
	uint64_t save_rank0_bytes;
	/* Beside rank 0's file, what every process of the host clones to the
	 * CPU for it at once (accelerate's get_state_dict under ZeRO-1/2,
	 * plan.c vp_plan_save_request); 0 = none */
	uint64_t save_clone_bytes;
};

struct vp_host_plan {
	/* Trainer processes on the host: one per GPU (torchrun, accelerate,
	 * deepspeed launch one process per device), each with its own
	 * framework, dataset, checkpoint copy and DataLoader workers. The
	 * counts and bytes below are one process's; the *_total_bytes are
	 * all of them, what --host-ram holds. */
	uint64_t processes;
	uint64_t nodes;             /* the hosts of the run, each holding `processes` (1: one) */
	uint64_t num_workers;       /* per process */
	bool pin_memory;
	bool persistent_workers;
	uint64_t prefetch_factor;
	uint64_t trainer_bytes;     /* framework, CUDA libraries, the dataset, replay, pinned buffers, offload */
	uint64_t offload_bytes;     /* of trainer_bytes: ZeRO-Offload's partitions, one process's */
	uint64_t dataset_bytes;     /* the training set held by the trainer (0: unknown) */
	uint64_t eval_dataset_bytes; /* the evaluation set held by it (0: unknown or no evaluation) */
	/* Loading the checkpoint, before any worker exists: the trainer's
	 * framework, the dataset and one host copy of the checkpoint */
	uint64_t load_total_bytes;
	uint64_t worker_bytes;      /* per worker */
	uint64_t replay_bytes;
	uint64_t train_total_bytes;  /* trainer + the training's workers */
	/* During evaluation: the eval DataLoader's workers beside the
	 * training's, and the predictions kept for the metric */
	uint64_t eval_worker_bytes;  /* per eval worker */
	/* one process's: 0 when nothing is kept; the first move's (every
	 * rank's step, gathered) when the set's size is unknown */
	uint64_t eval_predictions_bytes;
	uint64_t eval_predictions_samples; /* the samples they are of */
	bool eval_predictions_unknown;   /* kept, but --eval-samples not given: a lower bound */
	uint64_t eval_total_bytes;
	/* Saving (vp_host_request.save_bytes): the training's processes and
	 * workers, the eval workers that persistent workers keep, and what
	 * the save adds in rank 0, on the first host alone (0: no save
	 * counted) */
	uint64_t save_bytes;
	uint64_t save_total_bytes;
	/* the save's largest part is DeepSpeed's engine checkpoint on the
	 * whole first host, not rank 0's file */
	bool save_in_checkpoint;
	/* the file's moment counts every process's clone of its module
	 * (vp_host_request.save_clone_bytes) */
	bool save_clones;
	uint64_t total_bytes;        /* the largest of loading, training, evaluation and saving */
	bool peak_in_eval;
	bool peak_in_load;           /* loading the checkpoint is the largest moment */
	bool peak_in_save;           /* a save is (the file, and ZeRO-3's gather) */
	bool limited_by_ram;        /* fewer workers than a third of the cores */
	bool fits;                  /* total <= host_ram (true when unknown) */
};

/*
 * Host sums saturate at UINT64_MAX rather than wrap (a 2^40-sample eval
 * set's predictions are past 2^64 bytes): a saturated sum means "at least
 * 2^64 bytes", which no limit holds, not even a --host-ram of 2^64 - 1.
 */
static inline bool vp_host_within(uint64_t bytes, uint64_t limit)
{
	return bytes < UINT64_MAX && bytes <= limit;
}

void vp_host_request_defaults(struct vp_host_request *req);

/* Is a dataset size known: above 0, or given as 0 (dataset_ram_given)? */
bool vp_host_dataset_known(uint64_t bytes, bool given);

/* Host RAM for `num_workers` workers (or the chosen count when
 * req->num_workers is UINT64_MAX), with batch and sequence from t. */
int vp_host_plan(const struct vp_model *m, const struct vp_train *t, const struct vp_host_request *req,
		 uint64_t model_checkpoint_bytes, struct vp_host_plan *out);

/* The same plan with the workers forked anew each epoch instead of
 * persistent, each reading 1/W of a known dataset (docs/memory-model.md
 * "Host RAM"). False, and *alt untouched, when that changes nothing: the
 * dataset's size unknown, --worker-ram given, or the workers not
 * persistent already. */
bool vp_host_plan_unpersistent(const struct vp_model *m, const struct vp_train *t, const struct vp_host_request *req,
			       uint64_t model_checkpoint_bytes, struct vp_host_plan *alt);

#endif
