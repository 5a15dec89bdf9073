/* vramplan sweep: the plan on every GPU for one model, or every model on
 * one GPU, as a table ("which card do I need?"). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "vramplan/cli.h"

#define MIB ((uint64_t)1 << 20)

struct cell {
	bool ok;                 /* planned (fits or not); false: an input error */
	/* a T5-family model planned in fp16 (vp_model_overflows_fp16): its
	 * loss turns to nan there, as plan warns (vp_cli_warn_fp16); the row
	 * says so, with plan's advice for the GPU and profile (bf16 where the
	 * GPU has it; fp32, which LLaMA-Factory's LoRA cannot load, where it
	 * has not: a full fine-tune). Until 2026-12-01 the row said "train in
	 * fp32" for a LLaMA-Factory LoRA, which plan warns it cannot do. */
	bool fp16_overflow;
	enum vp_fp16_fix fp16_fix;
	const char *fp16_fix_option; /* the JSON row's fp16_overflow_fix */
	/* the precision the row is planned in; fp32 where it chose it
	 * because the model overflows fp16 on a GPU without bf16 (resolve.c,
	 * whose warning a sweep leaves to the row: one a GPU would be a
	 * screenful) */
	enum vp_precision precision;
	bool fp32_for_overflow;
	/* the kernel the row is planned with, and whether --attn asked for
	 * another (flash2 for a model transformers gives no FlashAttention-2
	 * path, T5, BLOOM, DeBERTa..., or on a GPU without it; sdpa for GPT-J):
	 * resolve.c warns of it with a row's other warnings, which a sweep
	 * --gpu prints for its first model alone (a model's warnings once a
	 * model would be dozens of lines), so the row itself says it. Until
	 * 2026-12-01 sweep --gpu --attn flash2 warned for mT5 alone and
	 * planned T5, DeBERTa and MPNet rows with eager without a word. */
	enum vp_attn attn;
	bool attn_substituted;
	struct vp_plan plan;
	struct vp_error err;
};

static void plan_cell(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g, bool warn,
		      bool context_warn, struct cell *c)
{
	struct vp_plan_request req;

	memset(c, 0, sizeof *c);
	c->ok = vp_cli_setup(o, m, g, warn, &req, &c->err) == 0;
	c->fp16_fix = c->ok ? vp_cli_fp16_fix(o, m, g, &req.train) : VP_FP16_FIX_NONE;
	c->fp16_overflow = c->fp16_fix != VP_FP16_FIX_NONE;
	c->fp16_fix_option = vp_cli_fp16_fix_option(o, &req.train, c->fp16_fix);
	c->precision = req.train.precision;
	c->fp32_for_overflow = c->ok && !o->has_precision && !g->bf16 && vp_model_overflows_fp16(m) &&
			       req.train.precision == VP_PREC_FP32;
	if (c->ok) {
		c->attn = vp_attn_that_runs(m, g, req.train.attn);
		c->attn_substituted = o->has_attn && c->attn != o->train.attn;
	}
	/* the model's, once for each model (with its first GPU) */
	if (c->ok && context_warn)
		vp_cli_warn_context(o, m, &req);
	req.no_suggestions = true; /* the table shows a status, not the changes that would fit */
	c->ok = c->ok && vp_plan_search(m, g, &req, &c->plan, &c->err) == 0;
}

static const char *status_text(const struct vp_cli_opts *o, const struct cell *c, char *buf, size_t size)
{
	const char *verdict;
	char attn[64] = "";

	if (!c->ok) {
		snprintf(buf, size, "error: %s", c->err.message);
		return buf;
	}
	if (!c->plan.fits)
		verdict = "does not fit";
	else if (!c->plan.eval_fits)
		verdict = "evaluation does not fit";
	else if (!c->plan.host.fits)
		verdict = "host RAM over --host-ram";
	else
		verdict = "fits";
	if (c->attn_substituted)
		snprintf(attn, sizeof attn, " (%s attention, not %s)", vp_attn_name(c->attn),
			 vp_attn_name(o->train.attn));
	snprintf(buf, size, "%s%s%s", verdict,
		 c->fp32_for_overflow ? " (fp32: fp16 overflows)"
		 : c->fp16_fix == VP_FP16_FIX_BF16	? " (fp16 overflows: train in bf16)"
		 : c->fp16_fix == VP_FP16_FIX_FP32	? " (fp16 overflows: train in fp32)"
		 : c->fp16_fix == VP_FP16_FIX_FULL_FP32 ? " (fp16 overflows: train in fp32 with --method full)"
							: "",
		 attn);
	return buf;
}

static void table_row(const struct vp_cli_opts *o, struct vp_table *t, const struct vp_model *m,
		      const struct vp_gpu *g, const struct cell *c)
{
	char mem[32], train[32], accum[32], eval[32], peak[40], status[sizeof c->err.message + 16];
	const char *row[8];

	vp_format_gib(g->memory_mib * MIB, mem, sizeof mem);
	strcat(mem, " GiB");
	strcpy(train, "-");
	strcpy(accum, "-");
	strcpy(eval, "-");
	strcpy(peak, "-");
	if (c->ok) {
		vp_format_gib(c->plan.train.device_bytes + c->plan.ewc_bytes, peak, sizeof peak - 4);
		strcat(peak, " GiB");
		if (c->plan.fits) {
			snprintf(train, sizeof train, "%" PRIu64, c->plan.train_batch);
			snprintf(accum, sizeof accum, "%" PRIu64, c->plan.grad_accum);
			/* --no-eval: the row plans no evaluation, and says so */
			if (o->no_eval)
				snprintf(eval, sizeof eval, "none");
			else
				snprintf(eval, sizeof eval, "%" PRIu64, c->plan.eval_batch);
		}
	}
	row[0] = m->name;
	row[1] = g->name;
	row[2] = mem;
	row[3] = train;
	row[4] = accum;
	row[5] = eval;
	row[6] = peak;
	row[7] = status_text(o, c, status, sizeof status);
	vp_table_add(t, row);
}

static cJSON *json_row(const struct vp_cli_opts *opt, const struct vp_model *m, const struct vp_gpu *g,
		       const struct cell *c)
{
	cJSON *o = cJSON_CreateObject();
	char num[32];
	bool bad = o == NULL;

#define RAW(key, v)                                                          \
	do {                                                                 \
		snprintf(num, sizeof num, "%" PRIu64, (uint64_t)(v));        \
		bad = bad || cJSON_AddRawToObject(o, key, num) == NULL;      \
	} while (0)

	bad = bad || cJSON_AddStringToObject(o, "model", m->name) == NULL;
	bad = bad || cJSON_AddStringToObject(o, "gpu", g->name) == NULL;
	if (!bad)
		RAW("memory_mib", g->memory_mib);
	if (!bad && !c->ok) {
		bad = cJSON_AddStringToObject(o, "error", c->err.message) == NULL;
	} else if (!bad) {
		/* the table's status, each part of it: a training batch that
		 * fits can still stop at the first evaluation (generation's
		 * beams, kept logits); no training batch, no evaluation */
		bad = cJSON_AddBoolToObject(o, "fits", c->plan.fits) == NULL ||
		      cJSON_AddBoolToObject(o, "eval_fits", c->plan.fits && c->plan.eval_fits) == NULL ||
		      /* false with --no-eval: eval_batch 0, none planned */
		      cJSON_AddBoolToObject(o, "eval_planned", !opt->no_eval) == NULL ||
		      cJSON_AddBoolToObject(o, "host_fits", c->plan.host.fits) == NULL ||
		      cJSON_AddBoolToObject(o, "fp16_overflow", c->fp16_overflow) == NULL ||
		      (c->fp16_overflow &&
		       cJSON_AddStringToObject(o, "fp16_overflow_fix", c->fp16_fix_option) == NULL) ||
		      cJSON_AddStringToObject(o, "precision", vp_precision_name(c->precision)) == NULL ||
		      cJSON_AddStringToObject(o, "attn", vp_attn_name(c->attn)) == NULL;
		RAW("train_batch", c->plan.fits ? c->plan.train_batch : 0);
		RAW("grad_accum", c->plan.fits ? c->plan.grad_accum : 0);
		RAW("eval_batch", c->plan.fits ? c->plan.eval_batch : 0);
		RAW("device_bytes", c->plan.train.device_bytes + c->plan.ewc_bytes);
		RAW("budget_bytes", c->plan.budget_bytes);
	}
#undef RAW
	if (bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

int vp_cmd_sweep(const struct vp_cli_opts *given)
{
	static const char *const head[] = {"MODEL", "GPU", "MEMORY", "TRAIN", "ACCUM", "EVAL", "PEAK", "STATUS"};
	struct vp_catalog cat;
	struct vp_model one_model;
	const struct vp_gpu *one_gpu = NULL;
	struct vp_error err;
	struct vp_table t;
	struct cell *c = NULL;
	cJSON *json = NULL;
	FILE *out;
	size_t i, n, planned = 0;
	struct vp_error first = {0}; /* the first row's input error */
	int rc = VP_EXIT_OK;
	/* a model's warnings (an option it ignores, a config read as
	 * another model_type) are the same on each GPU that --model sweeps
	 * it on: each distinct one once, not once per row */
	struct vp_cli_seen *seen = calloc(1, sizeof *seen);
	struct vp_cli_opts opts = *given;
	const struct vp_cli_opts *o = &opts;

	opts.seen = seen;
	memset(&err, 0, sizeof err);
	vp_table_init(&t, 8, (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5) | (1u << 6));
	if (vp_cli_load_catalog(o, &cat, &err) != 0 ||
	    (o->model != NULL && vp_cli_resolve_model(&cat, o->model, &one_model, &err) != 0) ||
	    (o->gpu != NULL && vp_cli_resolve_gpu(&cat, o->gpu, &one_gpu, &err) != 0)) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if (one_gpu != NULL)
		vp_cli_warn_gpu_namesake(o, &cat, o->gpu, one_gpu);
	/* --model: every GPU; --gpu: every model; neither: every model on
	 * every GPU (the whole catalogue, model-major) */
	if (o->model == NULL && o->gpu == NULL)
		n = cat.n_models * cat.n_gpus;
	else
		n = o->model == NULL ? cat.n_models : o->gpu == NULL ? cat.n_gpus : 1;
	c = malloc(sizeof *c);
	if (o->format == VP_OUT_JSON)
		json = cJSON_CreateArray();
	if (c == NULL || (o->format == VP_OUT_JSON && json == NULL)) {
		vp_error_set(&err, VP_ERR_IO, "out of memory");
		rc = vp_cli_report(&err);
		goto done;
	}
	vp_table_add(&t, head);
	for (i = 0; i < n; i++) {
		bool all = o->model == NULL && o->gpu == NULL;
		const struct vp_model *m = o->model != NULL ? &one_model : &cat.models[all ? i / cat.n_gpus : i];
		const struct vp_gpu *g = one_gpu != NULL ? one_gpu : &cat.gpus[all ? i % cat.n_gpus : i];
		/* one GPU for every model: its warnings once; the whole
		 * catalogue: each GPU's warnings with the first model */
		bool warn = all ? i < cat.n_gpus : o->model != NULL || i == 0;

		plan_cell(o, m, g, warn, all ? i % cat.n_gpus == 0 : o->model == NULL || i == 0, c);
		if (c->ok)
			planned++;
		else if (first.message[0] == '\0')
			first = c->err;
		if (json != NULL) {
			cJSON *row = json_row(o, m, g, c);

			if (row == NULL) {
				vp_error_set(&err, VP_ERR_IO, "out of memory building the JSON output");
				rc = vp_cli_report(&err);
				goto done;
			}
			cJSON_AddItemToArray(json, row);
		} else {
			table_row(o, &t, m, g, c);
		}
	}

	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if (json != NULL) {
		char *text = cJSON_Print(json);

		if (text == NULL) {
			vp_error_set(&err, VP_ERR_IO, "out of memory printing the JSON output");
			rc = vp_cli_report(&err);
		} else {
			fputs(text, out);
			fputc('\n', out);
			cJSON_free(text);
		}
	} else if (vp_table_print(&t, out) != 0) {
		vp_error_set(&err, VP_ERR_IO, "out of memory building the table");
		rc = vp_cli_report(&err);
	}
	rc = vp_cli_close_output(o, out, rc);
	/* every row an input error (the setup itself is wrong, as --method
	 * full over a quantized checkpoint): the rows say it, and so does the
	 * status, as plan's would */
	if (rc == VP_EXIT_OK && n > 0 && planned == 0)
		rc = vp_cli_report(&first);
done:
	cJSON_Delete(json);
	free(c);
	free(seen);
	vp_table_free(&t);
	vp_catalog_free(&cat);
	return rc;
}
