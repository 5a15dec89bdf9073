/* vramplan [plan]: the settings that fit, as trainer keys. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/cli.h"
#include "vramplan/sizes.h"

/*
 * Each listed change planned again as the command line with its options
 * would plan it: vp_cli_setup applies the profile's and the method's rules
 * (what a QLoRA base loads in, the autocast the printed keys run), which the
 * planner's own variations of the failing setup do not, and the plan checks
 * the evaluation too. So a change is said to fit only where `vramplan` with
 * it prints a plan. Until 2026-11-30 an axolotl LoRA plan of Llama 3.1 8B at
 * 4,096 tokens on an L4 listed "--method qlora --quant nf4 --grad-ckpt:
 * 15.63 GiB (fits)", and the plan with those options needed 19.64 GiB; a
 * change the profile refuses (llamafactory's --precision fp16) was listed.
 * A change that then refuses to plan, or no longer lowers batch 1's peak, is
 * dropped. Under --seq-len max each is planned at the length the search
 * found, the failing plan's.
 */
static void replan_suggestions(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
			       const struct vp_plan_request *failed, struct vp_plan *plan)
{
	struct vp_plan *again;
	size_t i, kept = 0;

	if (plan->n_suggestions == 0)
		return;
	again = malloc(sizeof *again);
	if (again == NULL)
		return;
	for (i = 0; i < plan->n_suggestions; i++) {
		struct vp_suggestion s = plan->suggestions[i];
		struct vp_cli_opts with = *o;
		struct vp_plan_request req;

		/* --seq-len max: at the length its search found (one token
		 * where none fits), which the failing plan ran at */
		if (with.seq_max) {
			with.seq_max = false;
			with.train.seq_len = failed->train.seq_len;
		}
		struct vp_error err;
		char flags[sizeof s.flags];

		memset(&err, 0, sizeof err);
		snprintf(flags, sizeof flags, "%s", s.flags);
		if (flags[0] != '\0') {
			if (vp_cli_apply_flags(&with, flags) != VP_CLI_RUN ||
			    vp_cli_setup(&with, m, g, false, &req, &err) != 0)
				continue;
			/* batch 1's peak and verdict, as the list gives them */
			req.max_batch = 1;
			req.batch_multiple = 1;
			req.no_suggestions = true;
			if (vp_plan_search(m, g, &req, again, &err) != 0)
				continue;
			s.device_bytes = again->train.device_bytes + again->ewc_bytes;
			s.fits = again->fits && again->eval_fits;
			s.eval_does_not_fit = again->fits && !again->eval_fits;
			if (s.device_bytes >= plan->train.device_bytes + plan->ewc_bytes &&
			    again->budget_bytes <= plan->budget_bytes)
				continue;
		}
		plan->suggestions[kept++] = s;
	}
	plan->n_suggestions = kept;
	free(again);
}

/* Not even batch 1 fits: say by how much, and what would help (exit 1,
 * nothing on stdout). */
/*
 * The budget as the plan's "# budget:" line gives it (util x the card's
 * memory): a bare "of 8.00 GiB" read as the card's memory to a user of a
 * 10 GB RTX 3080 (seed 001's local card), whose mT5 step of 10.33 GiB
 * is over the card too; until 2026-12-01 (tests/cli/plan/nothing-fits-
 * budget-named.sh).
 */
static int nothing_fits(const struct vp_gpu *g, const struct vp_plan_request *req, const struct vp_plan *plan)
{
	char need[32], budget[256], dev[32];
	size_t i;

	vp_format_gib(plan->train.device_bytes + plan->ewc_bytes, need, sizeof need);
	vp_format_budget(g, req->util, &req->train, budget, sizeof budget);
	if (req->seq_search.limit > 0 && req->seq_search.seq_len == 0) /* --seq-len max found none */
		fprintf(stderr, "vramplan: nothing fits on GPU '%s' at any sequence length: batch 1 needs %s GiB at one "
				"token, over the budget of %s\n",
			g->name, need, budget);
	else if (req->seq_search.limit > 0)
		fprintf(stderr, "vramplan: nothing fits on GPU '%s' at --seq-len max's %" PRIu64 " tokens: batch 1 needs "
				"%s GiB, over the budget of %s\n",
			g->name, req->seq_search.seq_len, need, budget);
	else
		fprintf(stderr, "vramplan: nothing fits on GPU '%s': batch 1 needs %s GiB, over the budget of %s\n",
			g->name, need, budget);
	for (i = 0; i < plan->n_suggestions; i++) {
		const struct vp_suggestion *s = &plan->suggestions[i];

		vp_format_gib(s->device_bytes, dev, sizeof dev);
		fprintf(stderr, "vramplan:   %s: %s GiB (%s)\n", s->change, dev,
			s->fits		       ? "fits"
			: s->eval_does_not_fit ? "fits, but eval batch 1 does not"
					       : "does not fit");
	}
	return VP_EXIT_NOFIT;
}

/* What 'vramplan check' makes of the config with the printed no-evaluation
 * keys (vp_settings_no_eval_keys): training alone for the HF Trainer, TRL,
 * axolotl and LLaMA-Factory (tc_settle.c); no LightningCLI config is read
 * (tc_foreign.c), and a DeepSpeed config has no key that says whether the
 * script evaluates, so check evaluates it at its micro-batch
 * (tests/cli/profiles/deepspeed-eval-batch-note.sh). Until the review of
 * 2026-12-01 the hint promised a training-only check for all six. */
static const char *no_eval_check(enum vp_profile profile)
{
	switch (profile) {
	case VP_PROFILE_LIGHTNING: return "but 'vramplan check' reads no LightningCLI config";
	case VP_PROFILE_DEEPSPEED:
		return "but 'vramplan check' of a DeepSpeed config evaluates at its micro-batch, which no key of it "
		       "turns off";
	case VP_PROFILE_HF:
	case VP_PROFILE_TRL:
	case VP_PROFILE_AXOLOTL:
	case VP_PROFILE_LLAMAFACTORY:
	case VP_PROFILE_COUNT: break;
	}
	return "which 'vramplan check' reads as training alone";
}

/* The train batch fits, an evaluation of one sample does not: the run
 * would stop at its first evaluation (exit 1, nothing on stdout). The
 * hint names only the options that would lower this peak: until
 * 2026-12-01 it always named --num-beams, --max-new-tokens and
 * --eval-predictions, also where the peak is the loss's forward, which
 * neither changes (--profile axolotl keeps no predictions; Llama 3.1 8B
 * QLoRA on a T4 needs 12.64 GiB with --eval-predictions none too), and
 * not that a run without evaluation needs none of it, which is what
 * axolotl runs without val_set_size and what check then passes
 * (tests/cli/plan/eval-not-fit-exit.sh), or, under Lightning and
 * DeepSpeed, that check cannot pass it (no_eval_check). */
static int eval_does_not_fit(const struct vp_gpu *g, const struct vp_plan_request *req, const struct vp_plan *plan,
			     enum vp_profile profile)
{
	char need[32], budget[256], hints[160] = "";

	vp_format_gib(plan->eval.device_bytes, need, sizeof need);
	vp_format_budget(g, req->util, &req->train, budget, sizeof budget);
	fprintf(stderr,
		"vramplan: the evaluation does not fit on GPU '%s': eval batch 1 needs %s GiB, over the budget of %s "
		"(train batch %" PRIu64 " fits)\n",
		g->name, need, budget, plan->train_batch);
	/* what the peak's moment holds: the KV cache of generation, or the
	 * kept predictions; at the loss moment neither option moves it */
	if (plan->eval.peak_moment == VP_EVAL_GENERATE)
		snprintf(hints, sizeof hints, "fewer --num-beams or --max-new-tokens, or ");
	else if (plan->eval.peak_moment == VP_EVAL_PREDICTIONS && req->eval.predictions == VP_PREDS_LOGITS)
		snprintf(hints, sizeof hints, "--eval-predictions argmax or none, or ");
	else if (plan->eval.peak_moment == VP_EVAL_PREDICTIONS && req->eval.predictions == VP_PREDS_ARGMAX)
		snprintf(hints, sizeof hints, "--eval-predictions none, or ");
	/* --no-eval plans that run, with the profile's key for it, where
	 * until 2026-12-01 the hint named the key alone and no plan printed
	 * it (tests/cli/plan/eval-not-fit-exit.sh) */
	fprintf(stderr,
		"vramplan:   %sa shorter --seq-len would help; a run without evaluation needs none: --no-eval plans "
		"it, with the key that says so (%s), %s\n",
		hints, vp_settings_no_eval_keys(profile), no_eval_check(profile));
	return VP_EXIT_NOFIT;
}

static int host_does_not_fit(const struct vp_plan_request *req, const struct vp_plan *plan)
{
	char need[32], limit[32];
	/* training alone over the limit: say so, whatever evaluation adds */
	bool in_eval = plan->host.peak_in_eval && vp_host_within(plan->host.train_total_bytes, req->host.host_ram_bytes);
	char who[96] = "the trainer needs";

	if (plan->host.processes > 1 && plan->host.nodes > 1)
		snprintf(who, sizeof who, "%" PRIu64 " trainer processes on a host (one per GPU) need", plan->host.processes);
	else if (plan->host.processes > 1)
		snprintf(who, sizeof who, "%" PRIu64 " trainer processes (one per GPU) need", plan->host.processes);

	if (!vp_host_within(plan->host.load_total_bytes, req->host.host_ram_bytes)) {
		/* no worker count helps: the checkpoint's copy comes first */
		char dataset[64] = "";

		vp_format_gib(plan->host.load_total_bytes, need, sizeof need);
		vp_format_gib(req->host.host_ram_bytes, limit, sizeof limit);
		if (plan->host.dataset_bytes > 0) {
			char gib[32];

			vp_format_gib(plan->host.dataset_bytes, gib, sizeof gib);
			snprintf(dataset, sizeof dataset, ", beside the dataset's %s GiB", gib);
		}
		fprintf(stderr,
			"vramplan: host RAM: %s %s GiB while loading the checkpoint (%s%s, before any DataLoader "
			"worker), over --host-ram %s GiB\n",
			who, need, plan->host.processes > 1 ? "a host copy of it each" : "one host copy of it", dataset,
			limit);
		return VP_EXIT_NOFIT;
	}
	/* training and evaluation fit, a save does not: the file it builds
	 * in rank 0 (plan.c save_bytes) */
	if (plan->host.peak_in_save && vp_host_within(plan->host.train_total_bytes, req->host.host_ram_bytes) &&
	    vp_host_within(plan->host.eval_total_bytes, req->host.host_ram_bytes)) {
		char file[32];

		vp_format_gib(plan->host.save_total_bytes, need, sizeof need);
		vp_format_bytes(plan->host.save_bytes, file, sizeof file);
		vp_format_gib(req->host.host_ram_bytes, limit, sizeof limit);
		fprintf(stderr,
			"vramplan: host RAM: %s GiB at each save with %" PRIu64 " DataLoader workers%s, over --host-ram "
			"%s GiB: %s %s of it at once (%s)\n",
			need, plan->host.num_workers, plan->host.processes > 1 ? " each" : "", limit,
			(plan->host.save_in_checkpoint || plan->host.save_clones) && plan->host.processes > 1
				? "the host's processes hold"
				: "rank 0 holds",
			file,
			vp_plan_save_phrase(&req->train, &plan->host));
		/* the HF Trainer writes that checkpoint for the optimizer,
		 * which save_only_model leaves out (tc_keys.c
		 * k_save_only_model) */
		if (plan->host.save_in_checkpoint && (req->train.save_writer == VP_SAVE_SAFETENSORS ||
						      req->train.save_writer == VP_SAVE_SAFETENSORS_4X ||
						      req->train.save_writer == VP_SAVE_TORCH))
			fputs("vramplan:   save_only_model: true in TrainingArguments saves the model alone, without "
			      "that checkpoint (a run then cannot resume its optimizer)\n",
			      stderr);
		return VP_EXIT_NOFIT;
	}
	vp_format_gib(in_eval ? plan->host.total_bytes : plan->host.train_total_bytes, need, sizeof need);
	vp_format_gib(req->host.host_ram_bytes, limit, sizeof limit);
	fprintf(stderr, "vramplan: host RAM: %s %s GiB %s with %" PRIu64
		" DataLoader workers%s, over --host-ram %s GiB\n",
		who, need, in_eval ? "during evaluation" : "in training", plan->host.num_workers,
		plan->host.processes > 1 ? " each" : "", limit);
	if (in_eval && plan->host.eval_predictions_bytes > 0 &&
	    req->eval.predictions == VP_PREDS_LOGITS && !req->eval.generate) {
		char preds[32], from[48] = "";

		vp_format_gib(plan->host.eval_predictions_bytes, preds, sizeof preds);
		/* each process gathers every rank's (gather_for_metrics) */
		if (req->train.gpus > 1)
			snprintf(from, sizeof from, " (gathered from %" PRIu64 " GPUs)", req->train.gpus);
		fprintf(stderr,
			"vramplan:   %s GiB of it are the %" PRIu64 " eval samples' predictions%s kept for compute_metrics; "
			"--eval-predictions argmax (preprocess_logits_for_metrics) keeps token ids instead\n",
			preds, plan->host.eval_predictions_samples, from);
	}
	return VP_EXIT_NOFIT;
}

/* --seq-len max: the longest sequence at which batch 1 fits becomes the
 * plan's; where not one token fits, the plan at one says what would help */
static int longest_seq(const struct vp_model *m, const struct vp_gpu *g, struct vp_plan_request *req,
		       struct vp_error *err)
{
	struct vp_train one = req->train;
	/* a decoder-only model generates after the prompt: leave it the room */
	uint64_t reserve = req->eval.generate && m->arch != VP_ARCH_ENCDEC ? req->eval.max_new_tokens : 0;
	uint64_t gpus = req->train.gpus > 0 ? req->train.gpus : 1;

	one.batch = 1;
	/* at batch 1 an effective batch is all accumulation, which keeps the
	 * gradients through the next forward: search as vp_plan_search will
	 * (it searches with 2 steps where it needs any) */
	if (req->effective_batch > 0)
		one.grad_accum = req->effective_batch / gpus > 1 ? 2 : 1;
	if (vp_plan_longest_seq(m, g, &one, req->ewc, vp_budget_bytes(g, req->util, &one), reserve, &req->seq_search,
				err) != 0)
		return -1;
	req->train.seq_len = req->seq_search.seq_len > 0 ? req->seq_search.seq_len : 1;
	return 0;
}

int vp_cmd_plan(const struct vp_cli_opts *o)
{
	struct vp_catalog cat;
	struct vp_model m;
	const struct vp_gpu *g = NULL;
	struct vp_plan_request req;
	struct vp_plan plan;
	struct vp_error err;
	FILE *out;
	int rc = VP_EXIT_OK;

	memset(&err, 0, sizeof err);
	if (vp_cli_load_catalog_for(o, &cat, &err) != 0 || vp_cli_resolve_model(&cat, o->model, &m, &err) != 0 ||
	    vp_cli_resolve_gpu(&cat, o->gpu, &g, &err) != 0 || vp_cli_setup(o, &m, g, true, &req, &err) != 0 ||
	    (o->seq_max && longest_seq(&m, g, &req, &err) != 0) || vp_plan_search(&m, g, &req, &plan, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
	vp_cli_warn_gpu_namesake(o, &cat, o->gpu, g);
	vp_cli_warn_context(o, &m, &req);
	vp_cli_warn_fp16(o, &m, g, &req.train);
	/* what does not fit is said on stderr; with --format json stdout
	 * gets the same as a document without settings (emit_json.c) */
	if (!plan.fits)
		replan_suggestions(o, &m, g, &req, &plan);
	if (!plan.fits || !plan.eval_fits || !plan.host.fits) {
		rc = !plan.fits	       ? nothing_fits(g, &req, &plan)
		     : !plan.eval_fits ? eval_does_not_fit(g, &req, &plan, o->profile)
				       : host_does_not_fit(&req, &plan);
		if (o->format == VP_OUT_JSON) {
			out = vp_cli_open_output(o, &err);
			if (out == NULL) {
				rc = vp_cli_report(&err);
				goto done;
			}
			if (vp_emit_plan_json(out, &m, g, &req, &plan, o->profile, &err) != 0)
				rc = vp_cli_report(&err);
			rc = vp_cli_close_output(o, out, rc);
		}
		goto done;
	}
	if (plan.host.limited_by_ram) {
		char limit[32];

		vp_format_gib(req.host.host_ram_bytes, limit, sizeof limit);
		/* the cores' cap is shared by a host's trainer processes
		 * (host.c), and the count is each one's */
		if (req.host.cpus > 0 && plan.host.processes > 1)
			vp_cli_warn(o, "host RAM limits the DataLoader to %" PRIu64 " worker%s a process (--host-ram %s "
				    "GiB; a third of %" PRIu64 " cores over %" PRIu64 " processes would be %" PRIu64 ")",
				    plan.host.num_workers, plan.host.num_workers == 1 ? "" : "s", limit, req.host.cpus,
				    plan.host.processes, req.host.cpus / 3 / plan.host.processes);
		else if (req.host.cpus > 0)
			vp_cli_warn(o, "host RAM limits the DataLoader to %" PRIu64 " worker%s (--host-ram %s GiB; "
				    "a third of %" PRIu64 " cores would be %" PRIu64 ")",
				    plan.host.num_workers, plan.host.num_workers == 1 ? "" : "s", limit, req.host.cpus,
				    req.host.cpus / 3);
		else
			vp_cli_warn(o, "host RAM limits the DataLoader to %" PRIu64 " worker%s (--host-ram %s GiB)",
				    plan.host.num_workers, plan.host.num_workers == 1 ? "" : "s", limit);
	}
	if (req.effective_batch > 0 && !plan.effective_exact)
		vp_cli_warn(o, "--effective-batch %" PRIu64 " is not a multiple of %" PRIu64
			    " GPUs; planned %" PRIu64 " instead",
			    req.effective_batch, req.train.gpus, plan.effective_batch);
	if (o->explain)
		vp_cli_explain_plan(o, &m, g, &req, &plan);

	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if ((o->format == VP_OUT_JSON ? vp_emit_plan_json(out, &m, g, &req, &plan, o->profile, &err)
				      : vp_emit_plan_yaml(out, &m, g, &req, &plan, o->profile, &err)) != 0)
		rc = vp_cli_report(&err);
	rc = vp_cli_close_output(o, out, rc);
done:
	vp_catalog_free(&cat);
	return rc;
}
