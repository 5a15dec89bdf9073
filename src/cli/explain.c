/*
 * --explain: the memory breakdown on stderr, one text bar per component
 * against the GPU's memory, at the chosen batch and the next one up; the
 * headroom; the uncertainty band of the estimate; and, near the limit, the
 * allocator setting the stories used.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "vramplan/accuracy_band.h"
#include "vramplan/cli.h"
#include "vramplan/sizes.h"

#define MIB ((uint64_t)1 << 20)
#define BAR_WIDTH 40

#define ANSI_GREEN "\033[32m"
#define ANSI_YELLOW "\033[33m"
#define ANSI_RED "\033[31m"
#define ANSI_RESET "\033[0m"

struct ex {
	FILE *f;
	bool colour;
	uint64_t capacity; /* the GPU's memory */
	uint64_t budget;
};

/* [#####.....]: bytes against the GPU's memory; `mark` puts '|' where the
 * budget is. */
static void bar(const struct ex *x, uint64_t bytes, const char *colour, bool mark)
{
	double frac = x->capacity > 0 ? (double)bytes / (double)x->capacity : 0.0;
	/* clamped in double: a component is up to 2^40 times a 1 MiB GPU's
	 * memory, whose bar count (lround's long) would not fit an int */
	int filled = frac >= 1.0 ? BAR_WIDTH : (int)lround(frac * BAR_WIDTH), budget_at = -1, i;

	if (mark && x->capacity > 0)
		budget_at = (int)lround((double)x->budget / (double)x->capacity * BAR_WIDTH) - 1;
	fputc('[', x->f);
	if (x->colour && filled > 0)
		fputs(colour, x->f);
	for (i = 0; i < BAR_WIDTH; i++) {
		if (x->colour && i == filled && filled > 0)
			fputs(ANSI_RESET, x->f);
		fputc(i == budget_at ? '|' : i < filled ? '#' : '.', x->f);
	}
	if (x->colour && filled == BAR_WIDTH)
		fputs(ANSI_RESET, x->f);
	fputs("]", x->f);
	if (bytes > x->capacity)
		fputs(" over the GPU's memory", x->f);
	fputc('\n', x->f);
}

static void row(const struct ex *x, const char *name, uint64_t bytes, const char *colour, bool mark)
{
	char gib[32], label[32];
	size_t i;

	snprintf(label, sizeof label, "%s", name);
	for (i = 0; label[i] != '\0'; i++)
		if (label[i] == '_')
			label[i] = ' ';
	vp_format_gib(bytes, gib, sizeof gib);
	fprintf(x->f, "  %-16s %7s GiB  ", label, gib);
	bar(x, bytes, colour, mark);
}

static const char *status_colour(const struct ex *x, uint64_t peak)
{
	if (peak > x->budget)
		return ANSI_RED;
	if (peak * 10 >= x->budget * 9)
		return ANSI_YELLOW;
	return ANSI_GREEN;
}

/* One batch: a heading, the components, the total. */
static void block(const struct ex *x, const char *title, const struct vp_estimate *e, uint64_t ewc,
		  const struct vp_train *t)
{
	uint64_t peak = e->device_bytes + ewc;
	const char *colour = status_colour(x, peak);
	char gib[32], diff[32];
	int c;

	vp_format_gib(peak, gib, sizeof gib);
	if (peak <= x->budget)
		vp_format_margin(x->budget - peak, diff, sizeof diff);
	else
		vp_format_margin(peak - x->budget, diff, sizeof diff);
	fprintf(x->f, "%s: device peak %s GiB in %s, %s %s the budget\n", title, gib,
		vp_phase_name(e->peak_phase), diff, peak <= x->budget ? "under" : "over");
	for (c = 0; c < VP_COMP_COUNT; c++) {
		row(x, vp_component_name((enum vp_component)c), e->peak_bytes[c], colour, false);
		/* the loss that the logits row counts, where it is not the
		 * model's own */
		if (c == VP_COMP_LOGITS && t->label_smoothing > 0.0) {
			fprintf(x->f, "    (the loss: the HF Trainer's LabelSmoother, label_smoothing_factor %g, on the "
				      "logits the model returns)\n", t->label_smoothing);
		}
	}
	if (ewc > 0)
		row(x, "ewc", ewc, colour, false);
	row(x, "allocator", e->allocator_bytes, colour, false);
	row(x, "cuda context", e->context_bytes, colour, false);
	if (e->paged_optimizer_bytes > 0)
		row(x, "paged optimizer", e->paged_optimizer_bytes, colour, false);
	row(x, "total", peak, colour, true);
}

/* DoRA's terms, which the rows above hold inside trainable parameters,
 * activations and the op in flight */
static void dora_lines(const struct ex *x, const struct vp_estimate *e)
{
	char saved[32], tr[32];

	if (e->dora_params == 0)
		return;
	vp_format_gib(e->dora_saved_bytes, saved, sizeof saved);
	vp_format_gib(e->dora_transient_bytes, tr, sizeof tr);
	fprintf(x->f,
		"  DoRA: %" PRIu64 " magnitude parameters (in the weights, gradients and optimizer states); "
		"%s GiB saved beside LoRA's (in activations); %s GiB for the largest weight norm in flight\n",
		e->dora_params, saved, tr);
}

/* ZeRO-Offload: what left the GPU for host RAM (docs/memory-model.md
 * "ZeRO-Offload") */
static void offload_lines(const struct ex *x, const struct vp_train *t, const struct vp_estimate *e)
{
	char gib[32];

	if (e->offload_host_bytes == 0)
		return;
	vp_format_gib(e->offload_host_bytes, gib, sizeof gib);
	fprintf(x->f, "  ZeRO-Offload: %s GiB a process in host RAM, not on the GPU:", gib);
	if (t->zero_offload_optimizer)
		fputs(" the fp32 master, optimizer states and gradients of its partition (the step runs on "
		      "the CPU)", x->f);
	if (t->zero_offload_param)
		fprintf(x->f, "%s its 16-bit parameters (each module's gathered onto the GPU as it runs)",
			t->zero_offload_optimizer ? "; and" : "");
	fputc('\n', x->f);
}

static void header(const struct ex *x, const struct vp_model *m, const struct vp_gpu *g, double util,
		   const struct vp_train *t)
{
	char cap[32], bud[256];

	vp_format_gib(x->capacity, cap, sizeof cap);
	vp_format_budget(g, util, t, bud, sizeof bud);
	fprintf(x->f, "explain: %s on %s: %s GiB of memory, budget %s ('|' in the total bar)\n", m->name, g->name,
		cap, bud);
}

/* "from LO to HI GiB": the peak less and plus pct percent */
static void band(uint64_t peak, double pct, char *lo, char *hi, size_t size)
{
	double p = pct / 100.0;

	vp_format_gib((uint64_t)llround((double)peak * (1.0 - p)), lo, size);
	vp_format_gib((uint64_t)llround((double)peak * (1.0 + p)), hi, size);
}

/* `loop`: NULL for a run under HF Trainer (the hf, axolotl, LLaMA-Factory
 * and TRL profiles, in plan and estimate), else the profile whose
 * loop calls the model itself (lightning, deepspeed). `frozen`: estimate's
 * forward of a model that trains nothing, which no Trainer runs;
 * bench/measured measures such forwards too (measure.py frozen_forward) */
static void footer(const struct ex *x, uint64_t batch, uint64_t peak, const char *loop, bool frozen)
{
	char head_b[32], head_g[32], lo[32], hi[32], wlo[32], whi[32];

	if (peak <= x->budget) {
		vp_format_margin(x->budget - peak, head_b, sizeof head_b);
		vp_format_gib(x->capacity > peak ? x->capacity - peak : 0, head_g, sizeof head_g);
		fprintf(x->f, "headroom: %s under the budget, %s GiB under the GPU's memory\n", head_b, head_g);
	} else {
		vp_format_margin(peak - x->budget, head_b, sizeof head_b);
		fprintf(x->f, "headroom: none; %s over the budget\n", head_b);
	}
	/* Two bands, each a p90 of vramplan-accuracy: over the HF Trainer runs
	 * measured in bench/measured, what the plan's keys are for, and over
	 * the published runs of the ground-truth cases (../shared/groundtruth,
	 * copied to tests/data/groundtruth), other trainers' mostly */
	band(peak, VP_ACCURACY_MEASURED_P90_PCT, lo, hi, sizeof lo);
	band(peak, VP_ACCURACY_P90_PCT, wlo, whi, sizeof wlo);
	/* bench/measured measures HF Trainer runs alone: a run of another
	 * loop gets the other trainers' band first, the plan's batch in it */
	if (loop != NULL)
		fprintf(x->f,
			"uncertainty: \xc2\xb1%g%% for a %s run, whose loop is not HF Trainer's (p90 over the published"
			" runs of other trainers,\n"
			"  the ground-truth cases): batch %" PRIu64 " may peak from %s to %s GiB; \xc2\xb1%g%% (%s to %s GiB)"
			" for the HF Trainer\n"
			"  runs measured in bench/measured (their p90)\n",
			VP_ACCURACY_P90_PCT, loop, batch, wlo, whi, VP_ACCURACY_MEASURED_P90_PCT, lo, hi);
	else
		fprintf(x->f,
			"uncertainty: \xc2\xb1%g%% for %s (p90 of the runs measured in bench/measured):"
			" batch %" PRIu64 " may peak from %s to %s GiB;\n"
			"  \xc2\xb1%g%% (%s to %s GiB) over the published runs of other trainers (p90 of"
			" the ground-truth cases)\n",
			VP_ACCURACY_MEASURED_P90_PCT, frozen ? "a frozen forward" : "an HF Trainer run", batch, lo, hi,
			VP_ACCURACY_P90_PCT, wlo, whi);
	if (peak <= x->budget && peak * 10 >= x->budget * 9)
		fputs("advice: the peak is within 10% of the budget; fragmentation can tip it over, so run with\n"
		      "  PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n",
		      x->f);
}

static void ex_init(struct ex *x, const struct vp_gpu *g, uint64_t budget)
{
	x->f = stderr;
	x->colour = vp_cli_stderr_colour();
	x->capacity = g->memory_mib * MIB;
	x->budget = budget;
}

/* Host RAM in both phases, against --host-ram when given. */
static void host_lines(struct ex *x, const struct vp_plan_request *req, const struct vp_plan *plan)
{
	const struct vp_host_plan *h = &plan->host;
	char load[32], train[32], eval[32], preds[32], limit[32];

	vp_format_gib(h->load_total_bytes, load, sizeof load);
	vp_format_gib(h->train_total_bytes, train, sizeof train);
	/* the totals are over every trainer process of a host; the workers
	 * and the kept predictions are each process's own */
	if (h->processes > 1)
		fprintf(x->f, "host RAM, %" PRIu64 " trainer processes%s: %s GiB loading the checkpoint, %s GiB in "
			      "training (%" PRIu64 " DataLoader worker%s each)",
			h->processes, h->nodes > 1 ? " on each host" : "", load, train, h->num_workers,
			h->num_workers == 1 ? "" : "s");
	else
		fprintf(x->f, "host RAM: %s GiB loading the checkpoint, %s GiB in training (%" PRIu64 " DataLoader worker%s)",
			load, train, h->num_workers, h->num_workers == 1 ? "" : "s");
	if (h->eval_total_bytes > 0) {
		vp_format_gib(h->eval_total_bytes, eval, sizeof eval);
		fprintf(x->f, ", %s GiB during evaluation (as many eval workers beside them", eval);
		if (h->eval_predictions_bytes > 0) {
			vp_format_bytes(h->eval_predictions_bytes, preds, sizeof preds);
			fprintf(x->f, ", %s of kept predictions%s%s", preds,
				h->processes > 1 ? " in each, gathered from every GPU" : "",
				h->eval_predictions_unknown ? ", one move's: --eval-samples counts the set" : "");
		}
		fputc(')', x->f);
	}
	if (h->peak_in_save) {
		vp_format_gib(h->save_total_bytes, eval, sizeof eval);
		fprintf(x->f, ", %s GiB at each save (%s)", eval,
			h->save_in_checkpoint ? "DeepSpeed's checkpoint cloned to the CPU"
			: h->save_clones      ? "every process's module copied to the CPU, and rank 0's file"
			: req->train.save_writer == VP_SAVE_TORCH_BUFFERED ? "the checkpoint rank 0 serializes in memory"
									   : "the file rank 0 builds");
	}
	if (req->host.host_ram_bytes > 0) {
		vp_format_gib(req->host.host_ram_bytes, limit, sizeof limit);
		fprintf(x->f, "; limit %s GiB", limit);
	}
	fputc('\n', x->f);
}

void vp_cli_explain_plan(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
			 const struct vp_plan_request *req, const struct vp_plan *plan)
{
	struct ex x;
	char gib[32], title[96];
	const char *loop;

	ex_init(&x, g, plan->budget_bytes);
	header(&x, m, g, req->util, &req->train);
	snprintf(title, sizeof title, "train batch %" PRIu64, plan->train_batch);
	block(&x, title, &plan->train, plan->ewc_bytes, &req->train);
	dora_lines(&x, &plan->train);
	offload_lines(&x, &req->train, &plan->train);
	if (plan->next_valid) {
		bool over = plan->next.device_bytes + plan->ewc_bytes > plan->budget_bytes;

		snprintf(title, sizeof title, "batch %" PRIu64 " (%s)", plan->memory_max_batch + 1,
			 over ? "the first that does not fit" : "the next one up");
		block(&x, title, &plan->next, plan->ewc_bytes, &req->train);
	}
	vp_format_gib(plan->eval.device_bytes, gib, sizeof gib);
	if (req->no_eval)
		fputs("evaluation: not planned (--no-eval)\n", x.f);
	else
		fprintf(x.f, "eval batch %" PRIu64 ": device peak %s GiB (forward only), at the %s\n", plan->eval_batch,
			gib, vp_eval_moment_name(plan->eval.peak_moment));
	host_lines(&x, req, plan);
	/* Lightning's and DeepSpeed's jobs run loops of their own (resolve.c) */
	loop = o->profile == VP_PROFILE_LIGHTNING || o->profile == VP_PROFILE_DEEPSPEED ? vp_profile_name(o->profile)
										      : NULL;
	footer(&x, plan->train_batch, plan->train.device_bytes + plan->ewc_bytes, loop, false);
}

/* The evaluation step beside estimate's training step (estimate
 * --generate, ...): its peak and moment, then what it holds, each against
 * the GPU's memory. The moments' rows are alternatives (the peak takes the
 * largest), so they do not add up to the total. */
static void eval_block(const struct ex *x, const struct vp_train *t, const struct vp_emit_eval *ev, uint64_t ewc)
{
	const struct vp_eval_estimate *e = &ev->ev;
	const char *colour = status_colour(x, e->device_bytes);
	uint64_t outside = e->device_bytes - e->reserved_bytes;
	char gib[32], diff[32];

	vp_format_gib(e->device_bytes, gib, sizeof gib);
	vp_format_margin(e->device_bytes <= x->budget ? x->budget - e->device_bytes : e->device_bytes - x->budget, diff,
			 sizeof diff);
	fprintf(x->f, "eval batch %" PRIu64 ": device peak %s GiB at its %s moment (%s), %s %s the budget\n",
		ev->batch, gib, vp_eval_moment_name(e->peak_moment),
		t->method != VP_METHOD_FROZEN ? "forward only, optimizer states resident"
		: ev->opts->generate	      ? "inference: model.generate() alone, nothing trains"
					      : "a forward alone, nothing trains",
		diff, e->device_bytes <= x->budget ? "under" : "over");
	row(x, "resident", e->resident_bytes, colour, false);
	row(x, "weight copies", e->weight_copies_bytes, colour, false);
	if (!(ev->opts->generate && ev->opts->generate_only))
		row(x, "loss forward", e->loss_bytes, colour, false);
	if (ev->opts->generate) {
		row(x, "generation", e->generate_bytes, colour, false);
		row(x, "  kv cache", e->kv_cache_bytes, colour, false);
	}
	row(x, "kept predictions", e->predictions_peak_bytes, colour, false);
	/* EWC's copies are in each level (cmd_estimate.c): the context is
	 * what lies between reserved and device */
	if (ewc > 0)
		row(x, "ewc", ewc, colour, false);
	row(x, "allocator", e->reserved_bytes - e->allocated_bytes, colour, false);
	row(x, "cuda context", outside, colour, false);
	row(x, "total", e->device_bytes, colour, true);
}

void vp_cli_explain_estimate(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
			     const struct vp_train *t, double util, const struct vp_estimate *e,
			     const struct vp_estimate *next, bool next_valid, const struct vp_emit_eval *eval,
			     uint64_t ewc_bytes)
{
	struct ex x;
	char title[96];
	const char *loop;

	ex_init(&x, g, vp_budget_bytes(g, util, t));
	header(&x, m, g, util, t);
	snprintf(title, sizeof title, "batch %" PRIu64, t->batch);
	/* EWC's copies beside the step, as the YAML comment and the JSON
	 * count them (vp_emit_estimate_yaml) and plan's --explain does:
	 * until 2026-11-30 left out here (tests/cli/estimate/ewc-explain.sh) */
	block(&x, title, e, ewc_bytes, t);
	dora_lines(&x, e);
	offload_lines(&x, t, e);
	if (next_valid) {
		snprintf(title, sizeof title, "batch %" PRIu64 " (the next one up)", t->batch + 1);
		block(&x, title, next, ewc_bytes, t);
	}
	if (eval != NULL)
		eval_block(&x, t, eval, ewc_bytes);
	/* estimate takes --profile too (resolve.c): a Lightning or DeepSpeed
	 * run's loop is its own, as plan's footer says (a frozen forward runs
	 * no loop: its band stays). Until 2026-11-30 the estimate's footer
	 * gave every profile the HF Trainer's band */
	loop = t->method != VP_METHOD_FROZEN &&
			       (o->profile == VP_PROFILE_LIGHTNING || o->profile == VP_PROFILE_DEEPSPEED)
		       ? vp_profile_name(o->profile)
		       : NULL;
	/* a frozen model that generates is an inference batch: its headroom
	 * and band are the generation's, the answer to the question asked */
	footer(&x, t->batch,
	       eval != NULL && t->method == VP_METHOD_FROZEN && eval->opts->generate ? eval->ev.device_bytes
										      : e->device_bytes + ewc_bytes,
	       loop, t->method == VP_METHOD_FROZEN);
}
