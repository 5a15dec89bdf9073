/* vramplan estimate: the memory breakdown of one batch size. */
#include <inttypes.h>
#include <string.h>

#include "vramplan/cli.h"

/*
 * The evaluation options (--generate, --num-beams, --max-new-tokens,
 * --eval-predictions, --eval-samples, --use-cache) ask for the evaluation
 * step too: at --batch N as the eval batch, the plan's evaluation at eval
 * batch N (vp_plan_eval_at: the same function, the same
 * eval_accumulation_steps chosen against the same budget, EWC's copies
 * beside it), so that `estimate --batch N --generate` gives the plan's "eval
 * batch N" numbers to the byte. Under --method frozen it is a forward of the
 * model alone, an inference batch (seed 001: mT5's generation on a V100).
 * Without them the estimate is the training step's alone, as before.
 */
static bool evaluates(const struct vp_cli_opts *o)
{
	return o->generate || o->num_beams > 0 || o->max_new_tokens > 0 || o->has_eval_predictions ||
	       o->eval_samples > 0 || o->train.trainer_use_cache;
}

int vp_cmd_estimate(const struct vp_cli_opts *o)
{
	struct vp_catalog cat;
	struct vp_model m;
	const struct vp_gpu *g = NULL;
	struct vp_plan_request req;
	struct vp_estimate e;
	struct vp_error err;
	FILE *out;
	uint64_t budget, ewc;
	struct vp_emit_eval eval;
	bool with_eval = evaluates(o);
	int rc = VP_EXIT_OK;

	memset(&err, 0, sizeof err);
	if (vp_cli_load_catalog_for(o, &cat, &err) != 0 || vp_cli_resolve_model(&cat, o->model, &m, &err) != 0 ||
	    vp_cli_resolve_gpu(&cat, o->gpu, &g, &err) != 0 || vp_cli_setup(o, &m, g, true, &req, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
	req.train.batch = o->batch;
	/* a plan's accumulation keeps the earlier micro-batches' gradients
	 * through the next forward ("Phases of a step"): --grad-accum makes
	 * the estimate at a plan's batch that plan's peak */
	if (o->grad_accum > 0 && req.train.method == VP_METHOD_FROZEN)
		/* no gradients to keep between micro-batches: named and
		 * dropped, as resolve.c (vp_cli_setup) drops --optimizer and
		 * the other training options, so the JSON's grad_accum says
		 * what was estimated */
		vp_cli_warn(o, "--grad-accum has no effect with --method frozen (no gradients to accumulate)");
	else if (o->grad_accum > 0)
		req.train.grad_accum = o->grad_accum;
	vp_cli_warn_gpu_namesake(o, &cat, o->gpu, g);
	vp_cli_warn_context(o, &m, &req);
	vp_cli_warn_fp16(o, &m, g, &req.train);
	if (o->seq_max) {
		/* the longest sequence at this batch; not one token: the
		 * estimate at one, which says by how much it does not fit */
		/* a decoder-only model generates after its prompt: leave it
		 * the room, as plan's search does (cmd_plan.c longest_seq) */
		uint64_t reserve =
			with_eval && req.eval.generate && m.arch != VP_ARCH_ENCDEC ? req.eval.max_new_tokens : 0;

		if (vp_plan_longest_seq(&m, g, &req.train, req.ewc, vp_budget_bytes(g, req.util, &req.train), reserve,
					&req.seq_search, &err) != 0) {
			rc = vp_cli_report(&err);
			goto done;
		}
		req.train.seq_len = req.seq_search.seq_len > 0 ? req.seq_search.seq_len : 1;
	}
	if (vp_estimate(&m, g, &req.train, &e, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
	budget = vp_budget_bytes(g, req.util, &req.train);
	ewc = req.ewc ? vp_plan_ewc_bytes(&e) : 0;
	if (e.device_bytes + ewc > budget) {
		char need[32], have[32];

		vp_format_gib(e.device_bytes + ewc, need, sizeof need);
		vp_format_gib(budget, have, sizeof have);
		/* a frozen model that generates: the batch's forward with
		 * labels, not the inference, which the eval lines give */
		if (with_eval && req.train.method == VP_METHOD_FROZEN && req.eval.generate)
			vp_cli_warn(o, "batch %" PRIu64 "'s forward with labels does not fit on GPU '%s': %s GiB of %s "
				    "GiB (generation alone: the eval batch's lines)",
				    o->batch, g->name, need, have);
		else
			vp_cli_warn(o, "batch %" PRIu64 " does not fit on GPU '%s': %s GiB of %s GiB", o->batch,
				    g->name, need, have);
	}
	if (with_eval) {
		/* EWC's Fisher and anchor copies stay through evaluation: the
		 * evaluation gets what they leave, as the plan's (plan.c) */
		memset(&eval, 0, sizeof eval);
		/* nothing trains: an inference loop's model.generate() on the
		 * inputs, without labels, so without the loss forward that
		 * Seq2SeqTrainer.prediction_step runs after generating (the
		 * frozen forward above is that one); the eval estimate's
		 * generate_only, as bench/measured's eval_loss: false runs */
		if (req.train.method == VP_METHOD_FROZEN && req.eval.generate)
			req.eval.generate_only = true;
		eval.opts = &req.eval;
		/* the eval batch that runs, as check takes a config's
		 * (vp_plan_eval_batch_cap): on one GPU no more than a known
		 * evaluation set, the DataLoader's one batch; the train batch
		 * stays --batch, as the set bounds no training step. Said,
		 * not refused: `--batch` is both batches, and the training
		 * step's estimate at it is what was asked. On several GPUs
		 * the batch runs whole, filled with repeated samples: said
		 * too, as a GPU's share runs the same set in one step.
		 * Until 2026-12-01 --batch 64 with 10 eval samples on one
		 * H100 was estimated at eval batch 64 (58.29 GiB) for an
		 * evaluation whose one batch is 10 (16.34 GiB). */
		eval.config_batch = o->batch;
		eval.batch = vp_plan_eval_batch_cap(o->batch, req.eval.eval_samples, req.train.gpus, true);
		if (eval.batch < o->batch) {
			vp_cli_warn(o,
				    "eval batch %" PRIu64 " (--batch) is more than the %" PRIu64 " eval samples "
				    "(--eval-samples): the evaluation's one batch is %" PRIu64 ", estimated at that; "
				    "the train batch stays %" PRIu64,
				    o->batch, req.eval.eval_samples, eval.batch, o->batch);
		} else if (req.eval.eval_samples > 0 &&
			   vp_plan_eval_share(req.eval.eval_samples, req.train.gpus) < o->batch) {
			uint64_t share = vp_plan_eval_share(req.eval.eval_samples, req.train.gpus);

			vp_cli_warn(o,
				    "eval batch %" PRIu64 " is more than a GPU's share of the %" PRIu64 " eval samples "
				    "(%" PRIu64 " on %" PRIu64 " GPUs): accelerate fills each GPU's batch to %" PRIu64
				    " with repeated samples (even_batches), so it is estimated at %" PRIu64
				    "; an eval batch of %" PRIu64 " runs the set in one step",
				    o->batch, req.eval.eval_samples, share, req.train.gpus, o->batch, o->batch, share);
		}
		if (vp_plan_eval_at(&m, g, &req.train, &req.eval, budget > ewc ? budget - ewc : 0, eval.batch, 0,
				    &eval.accumulation_steps, &eval.ev, &err) != 0) {
			rc = vp_cli_report(&err);
			goto done;
		}
		/* at every level, as the training step's (settings.c
		 * vp_estimate_settings): they are tensors the allocator holds */
		eval.ev.allocated_bytes += ewc;
		eval.ev.reserved_bytes += ewc;
		eval.ev.device_bytes += ewc;
		if (eval.ev.device_bytes > budget) {
			char need[32], have[32];

			vp_format_gib(eval.ev.device_bytes, need, sizeof need);
			vp_format_gib(budget, have, sizeof have);
			vp_cli_warn(o, "eval batch %" PRIu64 " does not fit on GPU '%s': %s GiB of %s GiB", eval.batch,
				    g->name, need, have);
		}
	}
	if (o->explain) {
		struct vp_train next = req.train;
		struct vp_estimate ne;
		struct vp_error nerr;
		bool next_ok;

		/* the next batch up, shown only where it estimates (ne is
		 * read only then) */
		next.batch = req.train.batch + 1;
		next_ok = vp_estimate(&m, g, &next, &ne, &nerr) == 0;
		vp_cli_explain_estimate(o, &m, g, &req.train, req.util, &e, &ne, next_ok, with_eval ? &eval : NULL,
					ewc);
	}

	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if ((o->format == VP_OUT_JSON
		     ? vp_emit_estimate_json(out, &m, g, &req.train, req.util, &e, ewc, &req.seq_search,
					     with_eval ? &eval : NULL, &err)
		     : vp_emit_estimate_yaml(out, &m, g, &req.train, req.util, &e, ewc, &req.seq_search,
					     with_eval ? &eval : NULL, &err)) != 0)
		rc = vp_cli_report(&err);
	rc = vp_cli_close_output(o, out, rc);
done:
	vp_catalog_free(&cat);
	return rc;
}
