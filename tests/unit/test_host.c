/*
 * Host RAM (src/host.c): the trainer and its DataLoader workers on hand-
 * computed numbers, the worker count under the core and RAM limits, and
 * sizes a user can make huge saturating instead of wrapping.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vramplan/estimate.h"
#include "vramplan/host.h"
#include "vramplan/plan.h"

#define GIB ((uint64_t)1 << 30)

static struct vp_train batch_of(uint64_t batch, uint64_t seq, uint64_t tgt)
{
	struct vp_train t;

	vp_train_defaults(&t);
	t.batch = batch;
	t.seq_len = seq;
	t.tgt_len = tgt;
	return t;
}

static struct vp_host_plan planned(const struct vp_train *t, const struct vp_host_request *h, uint64_t ckpt)
{
	struct vp_model m;
	struct vp_host_plan p;

	memset(&m, 0, sizeof m);
	assert_int_equal(vp_host_plan(&m, t, h, ckpt, &p), 0);
	return p;
}

/* The defaults under a host of `cpus` cores and `limit` bytes (0: none). */
static struct vp_host_request host_of(uint64_t cpus, uint64_t limit)
{
	struct vp_host_request h;

	vp_host_request_defaults(&h);
	h.cpus = cpus;
	h.host_ram_bytes = limit;
	return h;
}

/* 8 x (512 + 128) tokens of int64 ids, mask and labels: 122,880 bytes a
 * batch. A worker: its 2 GiB plus two prefetched batches; the trainer: 3 GiB
 * and two pinned batches per worker; before them, loading: 3 GiB and the
 * checkpoint's host copy. Without --cpus, four workers. */
static void the_trainer_and_its_workers_add_up(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;
	const uint64_t batch = 8 * 640 * 24;

	(void)state;
	vp_host_request_defaults(&h);
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 4);
	assert_int_equal(p.worker_bytes, 2 * GIB + 2 * batch);
	assert_int_equal(p.trainer_bytes, 3 * GIB + 4 * 2 * batch);
	assert_int_equal(p.load_total_bytes, 3 * GIB + 2 * GIB);
	assert_int_equal(p.total_bytes, p.trainer_bytes + 4 * p.worker_bytes);
	assert_false(p.peak_in_load);
	assert_true(p.pin_memory && p.persistent_workers);
	assert_int_equal(p.prefetch_factor, 2);
	assert_true(p.fits);
	assert_false(p.limited_by_ram);
}

/* Seed 000: a third of the cores at most; a 60 GB container limits the
 * count further, and the chosen count fits it. */
static void workers_are_capped_by_cores_then_by_ram(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.cpus = 48;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 16);
	assert_false(p.limited_by_ram);

	h.host_ram_bytes = 20 * GIB;
	p = planned(&t, &h, 2 * GIB);
	assert_true(p.limited_by_ram);
	assert_int_equal(p.num_workers, 8); /* (20 - 3) GiB over 2 GiB and a bit each */
	assert_true(p.fits);
	assert_true(p.total_bytes <= h.host_ram_bytes);
}

/* When the room left is a whole number of workers exactly, the pinned
 * batches each worker adds to the trainer still count: the chosen count
 * must fit. */
static void a_ram_limited_count_fits_with_its_pinned_batches(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;
	const uint64_t batch = 8 * 640 * 24, worker = 2 * GIB + 2 * batch;

	(void)state;
	vp_host_request_defaults(&h);
	h.cpus = 48;
	h.host_ram_bytes = 3 * GIB + 4 * worker; /* no checkpoint: trainer 3 GiB */
	p = planned(&t, &h, 0);
	assert_true(p.limited_by_ram);
	assert_int_equal(p.num_workers, 3);
	assert_true(p.fits);
	assert_true(p.total_bytes <= h.host_ram_bytes);
}

/* A count forced by a checked config is kept even when it does not fit:
 * that is the finding (seed 000's 32 workers in 60 GB). */
static void a_forced_count_is_kept_and_reported(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.num_workers = 32;
	h.host_ram_bytes = 60 * GIB;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 32);
	assert_false(p.fits);
	assert_true(p.total_bytes > 64 * GIB);

	/* no workers: loading in the main process, nothing prefetched; the
	 * checkpoint's copy at load time is then the largest moment */
	h.num_workers = 0;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.prefetch_factor, 0);
	assert_false(p.persistent_workers);
	assert_int_equal(p.train_total_bytes, p.trainer_bytes);
	assert_true(p.peak_in_load);
	assert_int_equal(p.total_bytes, p.load_total_bytes);
	assert_true(p.fits);
}

/* The checkpoint's host copy is gone before Trainer.train forks the
 * workers (bench/measured/host_ram.py): it does not take their room, and a
 * checkpoint over the limit fails whatever the count. */
static void the_checkpoint_copy_is_a_moment_before_the_workers(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(48, 40 * GIB);
	struct vp_host_plan p = planned(&t, &h, 30 * GIB);

	(void)state;
	assert_int_equal(p.load_total_bytes, 33 * GIB);
	assert_int_equal(p.num_workers, 16); /* (40 - 3) GiB: room for all 16 */
	assert_true(p.fits);

	p = planned(&t, &h, 38 * GIB);
	assert_true(p.peak_in_load);
	assert_false(p.peak_in_eval);
	assert_int_equal(p.total_bytes, 41 * GIB);
	assert_false(p.fits);
}

/* A dataset of known size: the trainer holds it, and each persistent
 * worker comes to hold a copy of every page it reads (copy-on-access),
 * the whole set in the end; a worker forked for one epoch reads 1/W. An
 * explicit --worker-ram wins. */
static void a_known_dataset_is_held_by_the_trainer_and_copied_into_each_worker(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(0, 0);
	struct vp_host_plan a = planned(&t, &h, 2 * GIB), b;
	const uint64_t batch = 8 * 640 * 24, fork = (uint64_t)32 << 20;

	(void)state;
	h.dataset_ram_bytes = GIB;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.dataset_bytes, GIB);
	assert_int_equal(b.trainer_bytes - a.trainer_bytes, GIB);
	assert_int_equal(b.load_total_bytes - a.load_total_bytes, GIB);
	assert_int_equal(b.worker_bytes, fork + GIB + 2 * batch);

	h.num_workers = 4;
	h.persistent_workers = false;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.worker_bytes, fork + GIB / 4 + 2 * batch);

	h.worker_ram_bytes = 3 * GIB;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.worker_bytes, 3 * GIB + 2 * batch);
}

/* A dataset given as 0 (a memory-mapped set that adds nothing to the
 * trainer's RSS) is known: each worker holds the fork's own pages. Not
 * given, 0 is unknown: seed 000's 2 GiB a worker. The evaluation set's
 * alike. */
static void a_dataset_given_as_zero_is_known_not_unknown(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(0, 0);
	struct vp_host_plan b;
	const uint64_t batch = 8 * 640 * 24, fork = (uint64_t)32 << 20;

	(void)state;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.worker_bytes, VP_DEFAULT_WORKER_RAM + 2 * batch);
	h.dataset_ram_given = true;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.worker_bytes, fork + 2 * batch);
	assert_int_equal(b.dataset_bytes, 0);
	assert_true(vp_host_dataset_known(0, true));
	assert_false(vp_host_dataset_known(0, false));
	assert_true(vp_host_dataset_known(1, false));
}

/* --eval-dataset-ram: the trainer holds the evaluation set beside the
 * training set while it evaluates, and an eval worker copies what it reads
 * of the evaluation set, not of the training set (which bounds it when the
 * evaluation set's size is not given); forked for one evaluation, 1/W of
 * it. A run without evaluation holds none. */
static void an_eval_worker_copies_the_evaluation_set(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(0, 0);
	struct vp_host_plan a, b;
	const uint64_t eval_batch = 16 * 640 * 24, fork = (uint64_t)32 << 20, eval_set = 256u << 20;

	(void)state;
	h.num_workers = 4;
	h.eval_batch = 16;
	h.dataset_ram_bytes = 4 * GIB;
	a = planned(&t, &h, 2 * GIB);
	assert_int_equal(a.eval_dataset_bytes, 0);
	assert_int_equal(a.eval_worker_bytes, fork + 4 * GIB + 2 * eval_batch);

	h.eval_dataset_ram_bytes = eval_set;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.eval_dataset_bytes, eval_set);
	assert_int_equal(b.eval_worker_bytes, fork + eval_set + 2 * eval_batch);
	assert_int_equal(b.worker_bytes, a.worker_bytes);
	assert_int_equal(b.trainer_bytes - a.trainer_bytes, eval_set);
	assert_int_equal(b.load_total_bytes - a.load_total_bytes, eval_set);
	assert_true(b.eval_total_bytes < a.eval_total_bytes);

	h.persistent_workers = false;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.eval_worker_bytes, fork + eval_set / 4 + 2 * eval_batch);

	h.eval_batch = 0;
	b = planned(&t, &h, 2 * GIB);
	assert_int_equal(b.eval_dataset_bytes, 0);
	assert_int_equal(b.eval_worker_bytes, 0);
}

/* Choosing the count: persistent workers each cost the whole set, so an
 * 8 GiB set leaves room for one in 20 GiB; forked each epoch, W workers
 * cost the set once between them and all 16 a third of 48 cores allows fit. */
static void workers_forked_each_epoch_share_the_set(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(48, 20 * GIB);
	struct vp_host_plan p;

	(void)state;
	h.dataset_ram_bytes = 8 * GIB;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 1);
	assert_true(p.limited_by_ram && p.fits && p.persistent_workers);

	h.persistent_workers = false;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 16);
	assert_false(p.limited_by_ram);
	assert_false(p.persistent_workers);
	assert_true(p.fits);
	assert_true(p.total_bytes <= h.host_ram_bytes);
}

/* dataloader_prefetch_factor: each worker loads that many batches ahead,
 * and the pin-memory thread keeps a pinned copy of each. */
static void the_prefetch_factor_scales_the_batches_held(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h = host_of(0, 0);
	struct vp_host_plan p;
	const uint64_t batch = 8 * 640 * 24;

	(void)state;
	h.num_workers = 4;
	h.prefetch_factor = 8;
	p = planned(&t, &h, 0);
	assert_int_equal(p.prefetch_factor, 8);
	assert_int_equal(p.worker_bytes, 2 * GIB + 8 * batch);
	assert_int_equal(p.trainer_bytes, 3 * GIB + 4 * 8 * batch);
}

/* A replay buffer of whole samples lives in the trainer. */
static void a_replay_buffer_is_held_by_the_trainer(void **state)
{
	struct vp_train t = batch_of(4, 256, 0);
	struct vp_host_request h;
	struct vp_host_plan a, b;

	(void)state;
	vp_host_request_defaults(&h);
	a = planned(&t, &h, 0);
	h.replay_buffer = 1000;
	b = planned(&t, &h, 0);
	assert_int_equal(b.replay_bytes, 1000 * 256 * 24);
	assert_int_equal(b.trainer_bytes - a.trainer_bytes, b.replay_bytes);
}

/* Evaluation inside training: the eval DataLoader's workers beside the
 * training's (each its 2 GiB and two prefetched eval batches, pinned in the
 * trainer too), and the predictions kept for the metric. */
static void evaluation_adds_its_workers_and_the_kept_predictions(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;
	const uint64_t eval_batch = 32 * 640 * 24;

	(void)state;
	vp_host_request_defaults(&h);
	h.eval_batch = 32;
	h.eval_prediction_bytes = 1u << 20;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 4);
	assert_int_equal(p.eval_worker_bytes, 2 * GIB + 2 * eval_batch);
	assert_int_equal(p.train_total_bytes, p.trainer_bytes + 4 * p.worker_bytes);
	/* the set's size unknown: flagged, and the first move counted, the
	 * one eval batch that reaches the host before compute_metrics */
	assert_true(p.eval_predictions_unknown);
	assert_int_equal(p.eval_predictions_samples, 32);
	assert_int_equal(p.eval_predictions_bytes, 32u << 20);
	assert_int_equal(p.eval_total_bytes,
			 p.train_total_bytes + 4 * p.eval_worker_bytes + 4 * 2 * eval_batch + (32u << 20));
	assert_true(p.peak_in_eval);
	assert_int_equal(p.total_bytes, p.eval_total_bytes);

	/* 1000 samples moved once, at the end: the set alone */
	h.eval_samples = 1000;
	p = planned(&t, &h, 2 * GIB);
	assert_false(p.eval_predictions_unknown);
	assert_int_equal(p.eval_predictions_bytes, 1000u << 20);
	/* moved every 320 samples (eval_accumulation_steps 10): the last
	 * concatenation holds the old arrays, the new and the result */
	h.eval_samples_per_move = 320;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, 2000u << 20);
	/* one move holds them all: no concatenation */
	h.eval_samples_per_move = 1000;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, 1000u << 20);
	/* eval_do_concat_batches false: a list grows, nothing is copied */
	h.eval_samples_per_move = 320;
	h.eval_keep_batches = true;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, 1000u << 20);
}

/* bf16 predictions (a pure-bf16 run: nothing under autocast turns them to
 * fp32 on the GPU) are fp32 on the host: nested_numpify copies each tensor
 * to the host in bf16 (tensors.cpu()) and converts that copy
 * (t.to(torch.float32)), so while a move is converted its bf16 copy sits
 * beside the fp32 arrays, half their bytes again. Moved once, that is the
 * set's peak: 1.5 x what it keeps. */
static void a_bf16_move_holds_its_copy_while_it_converts(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.eval_batch = 32;
	h.eval_prediction_bytes = 1u << 20;     /* fp32 on the host */
	h.eval_prediction_cast_bytes = 1u << 19; /* the bf16 copy of it */
	/* the set's size unknown: the first move, converted */
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, (32u << 20) + (32u << 19));
	/* 1000 samples moved once, at the end */
	h.eval_samples = 1000;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, (1000u << 20) + (1000u << 19));
	/* moved every 320: the last concatenation, 2 x the set, is larger
	 * than any move's conversion beside the arrays before it */
	h.eval_samples_per_move = 320;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, 2000u << 20);
	/* a list (eval_do_concat_batches false): the set and one move's copy */
	h.eval_keep_batches = true;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, (1000u << 20) + (320u << 19));
}

/* On G GPUs each trainer process gathers every rank's predictions
 * (evaluation_loop's gather_for_metrics) before they move to the host:
 * a move carries G x a rank's samples, and the set, each rank a 1/G
 * share of it, is whole in every process. */
static void each_process_keeps_every_gpus_predictions(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	t.gpus = 8;
	vp_host_request_defaults(&h);
	h.eval_batch = 32;
	h.eval_prediction_bytes = 1u << 20;
	/* the set's size unknown: the first move, 8 ranks x 32 samples */
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.processes, 8);
	assert_true(p.eval_predictions_unknown);
	assert_int_equal(p.eval_predictions_samples, 8 * 32);
	assert_int_equal(p.eval_predictions_bytes, (uint64_t)8 * 32 << 20);
	/* and every process holds them */
	assert_int_equal(p.eval_total_bytes,
			 8 * (p.trainer_bytes + 4 * p.worker_bytes + 4 * p.eval_worker_bytes +
			      4 * 2 * (32 * 640 * 24) + ((uint64_t)8 * 32 << 20)));
	/* 1000 samples, each rank moving 320 of its own (eval_accumulation_
	 * steps 10): 2,560 a move, one move for the set, so no concatenation
	 * on the host (on one GPU it took four: 2000 MiB) */
	h.eval_samples = 1000;
	h.eval_samples_per_move = 320;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_samples, 1000);
	assert_int_equal(p.eval_predictions_bytes, 1000u << 20);
	/* 40 a rank's move: 320 gathered, four moves, concatenated */
	h.eval_samples_per_move = 40;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.eval_predictions_bytes, 2000u << 20);
}

/* Under --host-ram the chosen count must fit during evaluation too: one
 * more worker is one more of each DataLoader, after the predictions. */
static void the_worker_count_fits_the_evaluation(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.cpus = 48;
	h.host_ram_bytes = 60 * GIB;
	h.eval_batch = 8;
	p = planned(&t, &h, 2 * GIB);
	/* (60 - 3) GiB over two workers of a bit more than 2 GiB each */
	assert_int_equal(p.num_workers, 14);
	assert_true(p.limited_by_ram);
	assert_true(p.fits);
	assert_true(p.total_bytes <= h.host_ram_bytes);

	h.eval_samples = 10000;
	h.eval_prediction_bytes = 2u << 20; /* 19.5 GiB kept */
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 9); /* (60 - 3 - 19.5) GiB over two workers */
	assert_true(p.fits);

	/* predictions beyond the limit: no count fits */
	h.eval_prediction_bytes = 8u << 20;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.num_workers, 0);
	assert_false(p.fits);
	assert_true(p.peak_in_eval);
}

/* Evaluation at an epoch's end without persistent workers, or after
 * training: the training's workers have exited, the eval workers take
 * their place. */
static void eval_workers_replace_the_training_s_when_those_have_exited(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan beside, alone;

	(void)state;
	vp_host_request_defaults(&h);
	h.eval_batch = 8;
	beside = planned(&t, &h, 2 * GIB);
	h.eval_beside_training = false;
	alone = planned(&t, &h, 2 * GIB);
	assert_int_equal(beside.eval_total_bytes - alone.eval_total_bytes, 4 * beside.worker_bytes);
	assert_int_equal(alone.train_total_bytes, beside.train_total_bytes);
	/* under a limit, the count that fits is the training's again */
	h.cpus = 48;
	h.host_ram_bytes = 60 * GIB;
	alone = planned(&t, &h, 2 * GIB);
	assert_int_equal(alone.num_workers, 16);
	assert_true(alone.fits);
}

/* Sizes from user input that overflow 64 bits saturate: the plan says it
 * does not fit rather than wrapping to a small number. */
static void huge_inputs_saturate(void **state)
{
	struct vp_train t = batch_of(UINT64_MAX / 2, UINT64_MAX / 4, 0);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.host_ram_bytes = 64 * GIB;
	h.num_workers = UINT64_MAX - 1;
	p = planned(&t, &h, UINT64_MAX);
	assert_int_equal(p.total_bytes, UINT64_MAX);
	assert_false(p.fits);
}

/* A saturated sum is at least 2^64 bytes: not even the largest limit holds it. */
static void a_saturated_sum_fits_no_limit(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p;

	(void)state;
	vp_host_request_defaults(&h);
	h.host_ram_bytes = UINT64_MAX;
	h.num_workers = 2;
	h.eval_batch = 8;
	h.eval_samples = (uint64_t)1 << 40;
	h.eval_prediction_bytes = (uint64_t)1 << 30;
	p = planned(&t, &h, 0);
	assert_int_equal(p.eval_total_bytes, UINT64_MAX);
	assert_true(p.peak_in_eval);
	assert_false(p.fits);
	assert_false(vp_host_within(UINT64_MAX, UINT64_MAX));
	assert_true(vp_host_within(UINT64_MAX - 1, UINT64_MAX));
}

/*
 * ZeRO-3 with stage3_gather_16bit_weights_on_model_save: a save gathers
 * the whole model into global rank 0's host RAM (deepspeed/runtime/engine.py
 * _zero3_consolidated_16bit_state_dict: param.detach().cpu() on
 * dist.get_rank() == 0 alone), once on the host, not once a process, beside
 * the training's processes and workers and the eval workers that persist.
 * 4 processes of 2 workers each, 10 GiB gathered.
 */
static void a_zero3_save_gathers_the_weights_once_on_rank_0(void **state)
{
	struct vp_train t = batch_of(8, 512, 128);
	struct vp_host_request h;
	struct vp_host_plan p, none, forked, fitted;

	(void)state;
	t.gpus = 4;
	vp_host_request_defaults(&h);
	h.num_workers = 2;
	h.eval_batch = 8;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.save_bytes, 0);
	assert_int_equal(p.save_total_bytes, 0);
	assert_false(p.peak_in_save);
	none = p;
	h.save_bytes = 10 * GIB;
	p = planned(&t, &h, 2 * GIB);
	assert_int_equal(p.save_bytes, 10 * GIB);
	/* the training's totals are those without the save */
	assert_int_equal(p.train_total_bytes, none.train_total_bytes);
	assert_int_equal(p.eval_total_bytes, none.eval_total_bytes);
	/* 4 processes x 2 persistent eval workers, and the weights once */
	assert_int_equal(p.save_total_bytes, p.train_total_bytes + 4 * 2 * p.eval_worker_bytes + 10 * GIB);
	/* the evaluation's pinned batches are under 10 GiB: the save is the peak */
	assert_true(p.peak_in_save);
	assert_false(p.peak_in_eval || p.peak_in_load);
	assert_int_equal(p.total_bytes, p.save_total_bytes);
	/* workers forked each epoch: the eval DataLoader's have exited */
	h.persistent_workers = false;
	forked = planned(&t, &h, 2 * GIB);
	assert_int_equal(forked.save_total_bytes, forked.train_total_bytes + 10 * GIB);
	/* the worker count fits the save too: 2 a process (24 cores / 3 / 4)
	 * do not fit a byte under their save, 1 does */
	h.persistent_workers = true;
	h.num_workers = UINT64_MAX;
	h.cpus = 24;
	h.host_ram_bytes = p.save_total_bytes - 1;
	fitted = planned(&t, &h, 2 * GIB);
	assert_int_equal(fitted.num_workers, 1);
	assert_true(fitted.limited_by_ram && fitted.fits);
}

/* The bytes gathered: every parameter the estimate counts, in the
 * engine's dtype (16 bit under bf16 or fp16, amp-* included, which
 * DeepSpeed runs in its 16-bit engine; fp32 without); nothing at another
 * stage or without the key. */
static void a_zero3_save_holds_every_parameter_in_the_engine_dtype(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_estimate e;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	e.params_total = 1000;
	t.zero_stage = 3;
	t.precision = VP_PREC_AMP_BF16;
	assert_int_equal(vp_plan_zero3_save_bytes(&m, &t, &e), 0);
	t.zero_gather_save = true;
	assert_int_equal(vp_plan_zero3_save_bytes(&m, &t, &e), 2000);
	t.precision = VP_PREC_BF16;
	assert_int_equal(vp_plan_zero3_save_bytes(&m, &t, &e), 2000);
	t.precision = VP_PREC_FP32;
	assert_int_equal(vp_plan_zero3_save_bytes(&m, &t, &e), 4000);
	t.zero_stage = 2;
	assert_int_equal(vp_plan_zero3_save_bytes(&m, &t, &e), 0);
}

/* The file a save builds whole in host RAM (safetensors' save_file): a full
 * fine-tune's parameters as the module holds them (4 bytes under autocast,
 * 2 in bf16 or under ZeRO-1/2's 16-bit engine), a PEFT model's trained
 * ones in fp32, at most transformers 5's 50 GB files; nothing under ZeRO-3
 * or FSDP, or for a frozen model. */
static void a_save_file_holds_what_save_pretrained_writes_up_to_one_file(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_estimate e;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	e.params_total = 1000;
	e.params_trainable = 10;
	t.method = VP_METHOD_FULL;
	t.precision = VP_PREC_AMP_BF16;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 4000);
	t.precision = VP_PREC_BF16;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 2000);
	t.precision = VP_PREC_AMP_BF16;
	t.zero_stage = 2;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 2000);
	t.precision = VP_PREC_FP32;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 4000);
	t.zero_stage = 3;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	t.zero_stage = 0;
	t.fsdp = true;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	t.fsdp = false;
	t.method = VP_METHOD_LORA;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 40);
	t.method = VP_METHOD_FROZEN;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	/* 70B under autocast: 280 GB of fp32 weights, written in 50 GB files */
	t.method = VP_METHOD_FULL;
	t.precision = VP_PREC_AMP_BF16;
	e.params_total = UINT64_C(70000000000);
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), UINT64_C(50000000000));
}

/* How the run writes its saves decides what one holds whole: transformers
 * 4.x (a config's save_safetensors) writes files of up to 10 GB; torch.save
 * to a file copies one storage at a time, nothing whole; Lightning's
 * _atomic_save before its PR #21824 serialized the whole checkpoint, the
 * module's weights and the optimizer's states as held, into memory first
 * (no file cap), except under ZeRO, where DeepSpeed's engine saves. */
static void a_save_holds_what_its_writer_builds_whole(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_estimate e;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	e.params_total = UINT64_C(7000000000);
	e.params_trainable = e.params_total;
	e.full_bytes[VP_COMP_WEIGHTS] = UINT64_C(28000000000);
	e.full_bytes[VP_COMP_OPTIMIZER] = UINT64_C(56000000000);
	t.method = VP_METHOD_FULL;
	t.precision = VP_PREC_AMP_BF16;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), UINT64_C(28000000000));
	t.save_writer = VP_SAVE_SAFETENSORS_4X;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), UINT64_C(10000000000));
	t.save_writer = VP_SAVE_TORCH;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	t.save_writer = VP_SAVE_TORCH_BUFFERED;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), UINT64_C(84000000000));
	t.zero_stage = 2;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	t.zero_stage = 0;
	t.method = VP_METHOD_FROZEN;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), 0);
	/* a saturated sum, not a wrapped one */
	t.method = VP_METHOD_LORA;
	e.full_bytes[VP_COMP_OPTIMIZER] = UINT64_MAX;
	assert_int_equal(vp_plan_save_file_bytes(&m, &t, &e), UINT64_MAX);
}

/* DeepSpeed's engine checkpoint: every process of the host clones its
 * optimizer partition to the CPU at once, rank 0 its module first, so the
 * host adds (L - 1) x partition + max(module, partition) for L processes;
 * where that is more than rank 0's file, it is what the save adds. */
static void a_deepspeed_checkpoint_clones_every_process_partition_at_once(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_host_request req;
	struct vp_host_plan p;

	(void)state;
	memset(&m, 0, sizeof m);
	vp_host_request_defaults(&req);
	t.gpus = 8;
	t.zero_stage = 2;
	req.num_workers = 0;
	req.save_bytes = 16000;      /* rank 0's file */
	req.save_rank0_bytes = 16000; /* its module */
	req.save_rank_bytes = 12000; /* each process's partition */
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &p), 0);
	assert_int_equal(p.processes, 8);
	assert_true(p.save_in_checkpoint);
	assert_int_equal(p.save_bytes, 7 * 12000 + 16000);
	assert_int_equal(p.save_total_bytes, p.train_total_bytes + p.save_bytes);
	/* one process: the larger of its module and its partition, against
	 * the file */
	t.gpus = 1;
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &p), 0);
	assert_true(!p.save_in_checkpoint);
	assert_int_equal(p.save_bytes, 16000);
	req.save_rank_bytes = 40000;
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &p), 0);
	assert_true(p.save_in_checkpoint);
	assert_int_equal(p.save_bytes, 40000);
	/* every process's clone of its module beside rank 0's file: 8 x
	 * 16000 + 16000 against the checkpoint's 7 x 12000 + 16000 */
	t.gpus = 8;
	req.save_rank_bytes = 12000;
	req.save_clone_bytes = 16000;
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &p), 0);
	assert_true(p.save_clones && !p.save_in_checkpoint);
	assert_int_equal(p.save_bytes, 8 * 16000 + 16000);
}

/* What the save request holds under ZeRO: each rank's partition (the
 * estimate's zero_partition_bytes) and rank 0's module, the whole module at
 * stages 1 and 2 (the HF Trainer's PEFT model: the adapters in fp32), none
 * at stage 3; nothing where the saves hold the model alone. */
static void a_save_request_counts_the_engine_checkpoint_under_zero(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_estimate e;
	struct vp_host_request req;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	vp_host_request_defaults(&req);
	e.params_total = 1000;
	e.params_trainable = 1000;
	e.full_bytes[VP_COMP_WEIGHTS] = 2000;
	e.zero_partition_bytes = 1500;
	t.method = VP_METHOD_FULL;
	t.precision = VP_PREC_AMP_BF16;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank_bytes, 0);
	assert_int_equal(req.save_rank0_bytes, 0);
	t.zero_stage = 2;
	t.gpus = 8;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_bytes, 2000);
	assert_int_equal(req.save_rank_bytes, 1500);
	assert_int_equal(req.save_rank0_bytes, 2000);
	/* and accelerate's get_state_dict clones each process's module */
	assert_int_equal(req.save_clone_bytes, 2000);
	t.method = VP_METHOD_LORA;
	e.params_trainable = 10;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank0_bytes, 40);
	/* ... a PEFT model's whole module too, frozen base included */
	assert_int_equal(req.save_clone_bytes, 2000);
	t.save_writer = VP_SAVE_DEEPSPEED_LOOP;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank0_bytes, 2000);
	assert_int_equal(req.save_clone_bytes, 0);
	t.zero_stage = 3;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank_bytes, 1500);
	assert_int_equal(req.save_rank0_bytes, 0);
	t.saves_model_only = true;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank_bytes, 0);
	/* the model alone at stage 2 still takes the clones, not the
	 * engine checkpoint */
	t.zero_stage = 2;
	t.save_writer = VP_SAVE_SAFETENSORS;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank_bytes, 0);
	assert_int_equal(req.save_clone_bytes, 2000);
}

/* The HF Trainer under FSDP with FULL_STATE_DICT: rank 0 gathers every
 * parameter as the shards hold it (4 bytes under autocast, 2 in bf16) and
 * builds its file from that copy, then gathers the whole optimizer state
 * (the per-GPU states times the GPUs); sharded saves gather nothing. */
static void an_fsdp_full_state_dict_save_gathers_onto_rank_0(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_estimate e;
	struct vp_host_request req;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	vp_host_request_defaults(&req);
	e.params_total = 1000;
	e.params_trainable = 1000;
	e.full_bytes[VP_COMP_OPTIMIZER] = 1000; /* 8 bytes a parameter over 8 GPUs */
	t.method = VP_METHOD_FULL;
	t.precision = VP_PREC_AMP_BF16;
	t.fsdp = true;
	t.gpus = 8;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_bytes, 4000 + 4000);
	assert_int_equal(req.save_rank0_bytes, 8000);
	assert_int_equal(req.save_rank_bytes, 0);
	t.precision = VP_PREC_BF16;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_bytes, 2000 + 2000);
	/* a PEFT model: the whole model gathered, its adapters' file */
	t.method = VP_METHOD_LORA;
	e.params_trainable = 10;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_bytes, 2000 + 40);
	t.saves_model_only = true;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_rank0_bytes, 0);
	t.fsdp_sharded_save = true;
	vp_plan_save_request(&m, &t, &e, &req);
	assert_int_equal(req.save_bytes, 0);
}

/* The save is a moment of its own: the training's host RAM and the file,
 * the peak where it is the largest, and the worker count chosen to fit it */
static void a_save_file_can_be_the_peak_and_limit_the_workers(void **state)
{
	struct vp_model m;
	struct vp_train t = batch_of(1, 512, 0);
	struct vp_host_request req;
	struct vp_host_plan without, with;

	(void)state;
	memset(&m, 0, sizeof m);
	vp_host_request_defaults(&req);
	req.host_ram_bytes = UINT64_C(16) << 30;
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &without), 0);
	req.save_bytes = UINT64_C(8) << 30;
	assert_int_equal(vp_host_plan(&m, &t, &req, 0, &with), 0);
	assert_true(with.peak_in_save);
	assert_int_equal(with.save_total_bytes, with.train_total_bytes + with.save_bytes);
	assert_true(with.save_total_bytes <= req.host_ram_bytes);
	assert_true(with.num_workers < without.num_workers);
	assert_true(with.limited_by_ram);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_trainer_and_its_workers_add_up),
		cmocka_unit_test(workers_are_capped_by_cores_then_by_ram),
		cmocka_unit_test(a_ram_limited_count_fits_with_its_pinned_batches),
		cmocka_unit_test(a_forced_count_is_kept_and_reported),
		cmocka_unit_test(a_replay_buffer_is_held_by_the_trainer),
		cmocka_unit_test(the_checkpoint_copy_is_a_moment_before_the_workers),
		cmocka_unit_test(a_known_dataset_is_held_by_the_trainer_and_copied_into_each_worker),
		cmocka_unit_test(workers_forked_each_epoch_share_the_set),
		cmocka_unit_test(the_prefetch_factor_scales_the_batches_held),
		cmocka_unit_test(evaluation_adds_its_workers_and_the_kept_predictions),
		cmocka_unit_test(a_bf16_move_holds_its_copy_while_it_converts),
		cmocka_unit_test(each_process_keeps_every_gpus_predictions),
		cmocka_unit_test(the_worker_count_fits_the_evaluation),
		cmocka_unit_test(eval_workers_replace_the_training_s_when_those_have_exited),
		cmocka_unit_test(huge_inputs_saturate),
		cmocka_unit_test(a_saturated_sum_fits_no_limit),
		cmocka_unit_test(an_eval_worker_copies_the_evaluation_set),
		cmocka_unit_test(a_dataset_given_as_zero_is_known_not_unknown),
		cmocka_unit_test(a_zero3_save_gathers_the_weights_once_on_rank_0),
		cmocka_unit_test(a_zero3_save_holds_every_parameter_in_the_engine_dtype),
		cmocka_unit_test(a_save_file_holds_what_save_pretrained_writes_up_to_one_file),
		cmocka_unit_test(a_save_holds_what_its_writer_builds_whole),
		cmocka_unit_test(a_deepspeed_checkpoint_clones_every_process_partition_at_once),
		cmocka_unit_test(a_save_request_counts_the_engine_checkpoint_under_zero),
		cmocka_unit_test(an_fsdp_full_state_dict_save_gathers_onto_rank_0),
		cmocka_unit_test(a_save_file_can_be_the_peak_and_limit_the_workers),
	};

	return cmocka_run_group_tests_name("host", tests, NULL, NULL);
}
