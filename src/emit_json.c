/*
 * A plan and a one-batch estimate as JSON (cJSON): the same settings and
 * numbers as the YAML output (src/emit_plan.c), as one object.
 */
#include "vramplan/emit.h"
#include "emit_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "vramplan/heads.h"

struct jb {
	bool failed;
};

static cJSON *jcheck(struct jb *j, cJSON *item)
{
	if (item == NULL)
		j->failed = true;
	return item;
}

static void jint(struct jb *j, cJSON *obj, const char *key, uint64_t v)
{
	char num[32];

	/* raw text: cJSON keeps numbers as doubles, exact only below 2^53 */
	snprintf(num, sizeof num, "%" PRIu64, v);
	jcheck(j, cJSON_AddRawToObject(obj, key, num));
}

static void jnum(struct jb *j, cJSON *obj, const char *key, double v)
{
	char num[32];

	vp_emit_shortest_double(v, num, sizeof num);
	jcheck(j, cJSON_AddRawToObject(obj, key, num));
}

static void jbool(struct jb *j, cJSON *obj, const char *key, bool v)
{
	jcheck(j, cJSON_AddBoolToObject(obj, key, v));
}

static void jstr(struct jb *j, cJSON *obj, const char *key, const char *v)
{
	jcheck(j, cJSON_AddStringToObject(obj, key, v));
}

static cJSON *jobj(struct jb *j, cJSON *obj, const char *key)
{
	return jcheck(j, cJSON_AddObjectToObject(obj, key));
}

static void jsettings(struct jb *j, cJSON *root, const struct vp_setting *s, size_t n)
{
	cJSON *stack[4];
	size_t depth = 0, i, k;

	stack[0] = root;
	for (i = 0; i < n; i++) {
		cJSON *cur = stack[depth];

		if (cur == NULL) {
			j->failed = true;
			return;
		}
		switch (s[i].type) {
		case VP_SETTING_INT:
			jint(j, cur, s[i].key, s[i].i);
			break;
		case VP_SETTING_BOOL:
			jbool(j, cur, s[i].key, s[i].b);
			break;
		case VP_SETTING_NUMBER:
			jnum(j, cur, s[i].key, s[i].d);
			break;
		case VP_SETTING_STRING:
			jstr(j, cur, s[i].key, s[i].s);
			break;
		case VP_SETTING_LIST: {
			cJSON *a;

			if (s[i].joined) {
				char buf[VP_MAX_TARGETS * 33];

				jstr(j, cur, s[i].key, vp_setting_joined(&s[i], buf, sizeof buf));
				break;
			}
			a = jcheck(j, cJSON_AddArrayToObject(cur, s[i].key));

			for (k = 0; a != NULL && k < s[i].n_list; k++) {
				cJSON *str = jcheck(j, cJSON_CreateString(vp_setting_item(&s[i], k)));

				if (str != NULL)
					cJSON_AddItemToArray(a, str);
			}
			break;
		}
		case VP_SETTING_BEGIN:
			if (depth + 1 >= sizeof stack / sizeof stack[0]) {
				j->failed = true;
				return;
			}
			stack[++depth] = jobj(j, cur, s[i].key);
			break;
		case VP_SETTING_END:
			if (depth > 0)
				depth--;
			break;
		}
	}
}

static void jmodel_gpu(struct jb *j, cJSON *root, const struct vp_model *m, const struct vp_gpu *g,
		       const struct vp_estimate *e)
{
	cJSON *o = jobj(j, root, "model");

	if (o != NULL) {
		jstr(j, o, "name", m->name);
		jstr(j, o, "hf_id", m->hf_id);
		jstr(j, o, "model_type", m->model_type);
		if (vp_dtype_name(m->stored_dtype) != NULL)
			jstr(j, o, "dtype", vp_dtype_name(m->stored_dtype));
		else
			jcheck(j, cJSON_AddNullToObject(o, "dtype"));
		jint(j, o, "params_total", e->params_total);
		jint(j, o, "params_trainable", e->params_trainable);
	}
	o = jobj(j, root, "gpu");
	if (o != NULL) {
		jstr(j, o, "name", g->name);
		jstr(j, o, "full_name", g->full_name);
		jint(j, o, "memory_mib", g->memory_mib);
		jbool(j, o, "bf16", g->bf16);
		jbool(j, o, "flash_attn", g->flash_attn);
	}
}

static void jsetup(struct jb *j, cJSON *root, const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
		   double util)
{
	cJSON *o = jobj(j, root, "setup");
	size_t i;

	if (o == NULL)
		return;
	jint(j, o, "seq_len", t->seq_len);
	if (vp_head_uses_target(m, t->head))
		jint(j, o, "target_len", t->tgt_len);
	else
		jcheck(j, cJSON_AddNullToObject(o, "target_len"));
	jstr(j, o, "precision", vp_precision_name(t->precision));
	jstr(j, o, "method", vp_method_name(t->method));
	if (vp_train_has_adapters(t)) {
		cJSON *l = jobj(j, o, "lora");
		cJSON *a;

		if (l != NULL) {
			jint(j, l, "r", t->lora_r);
			jnum(j, l, "dropout", t->lora_dropout);
			jbool(j, l, "dora", t->dora);
			a = jcheck(j, cJSON_AddArrayToObject(l, "targets"));
			for (i = 0; a != NULL && i < t->n_lora_targets; i++) {
				cJSON *str = jcheck(j, cJSON_CreateString(t->lora_targets[i]));

				if (str != NULL)
					cJSON_AddItemToArray(a, str);
			}
			jbool(j, l, "all_linear", t->lora_all_linear);
		}
	} else {
		jcheck(j, cJSON_AddNullToObject(o, "lora"));
	}
	jstr(j, o, "quant", vp_quant_name(t->quant));
	jstr(j, o, "optimizer", vp_optimizer_name(t->optimizer));
	/* on, off, or assumed by the loss alone (16-bit weights, unstated):
	 * precision bf16 says the weights, this what runs over them */
	jstr(j, o, "autocast", vp_autocast_name(t));
	/* the kernel the estimate counted, as the YAML setup line says it:
	 * a model without the asked-for path runs another (mT5: eager for
	 * sdpa); what was asked for stays beside it */
	jstr(j, o, "attention", vp_attn_name(vp_attn_that_runs(m, g, t->attn)));
	/* what the command line asked for, also where the planner replaced
	 * it (until 2026-12-01 this showed the replacement) */
	jstr(j, o, "attention_requested", vp_attn_name(vp_train_attn_asked(t)));
	jbool(j, o, "grad_ckpt", t->grad_ckpt);
	jstr(j, o, "head", vp_head_name(t->head));
	jint(j, o, "num_labels", t->num_labels);
	jint(j, o, "texts_per_example", t->texts_per_example > 0 ? t->texts_per_example : 1);
	jstr(j, o, "loss", vp_loss_name(t->loss));
	jnum(j, o, "label_smoothing", t->label_smoothing);
	jbool(j, o, "compile", t->compile);
	jbool(j, o, "liger_loss", t->liger_loss);
	jbool(j, o, "liger_swiglu", t->liger_swiglu);
	jbool(j, o, "liger_rms_norm", t->liger_rms_norm);
	jbool(j, o, "router_aux_loss",
	      vp_model_router_logits_out(m) && (t->router_aux_loss || m->output_router_logits));
	jbool(j, o, "expandable_segments", t->expandable_segments);
	jbool(j, o, "packed", t->packed);
	jstr(j, o, "torch_version", vp_pytorch_name(t->pytorch));
	jstr(j, o, "bnb_version", vp_bnb_name(t->bnb));
	jbool(j, o, "activation_offload", t->activation_offload);
	jbool(j, o, "optimizer_in_backward", t->optimizer_in_backward);
	jint(j, o, "zero_stage", t->zero_stage > 0 ? (uint64_t)t->zero_stage : 0);
	/* DeepSpeed ZeRO-Offload to the CPU (docs/memory-model.md "ZeRO-Offload") */
	jbool(j, o, "zero_offload_optimizer", t->zero_offload_optimizer);
	jbool(j, o, "zero_offload_param", t->zero_offload_param);
	jbool(j, o, "fsdp", t->fsdp);
	jint(j, o, "gpus", t->gpus);
	jcheck(j, cJSON_AddNumberToObject(o, "util", util));
	if (t->memory_fraction > 0.0)
		jcheck(j, cJSON_AddNumberToObject(o, "memory_fraction", t->memory_fraction));
	else
		jcheck(j, cJSON_AddNullToObject(o, "memory_fraction"));
}

static void jestimate(struct jb *j, cJSON *root, const char *key, const struct vp_estimate *e,
		      uint64_t batch, uint64_t budget, uint64_t ewc)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	size_t n = vp_estimate_settings(e, batch, budget, ewc, s, VP_SETTINGS_MAX);
	cJSON *o = jobj(j, root, key);

	if (o != NULL)
		jsettings(j, o, s, n < VP_SETTINGS_MAX ? n : VP_SETTINGS_MAX);
}

/* --seq-len max: the length found, before and after rounding, and the
 * most that was tried */
static void jseq_search(struct jb *j, cJSON *root, const struct vp_seq_search *s)
{
	cJSON *o;

	if (s == NULL || s->limit == 0) /* not searched */
		return;
	o = jobj(j, root, "seq_len_search");
	if (o == NULL)
		return;
	jint(j, o, "seq_len", s->seq_len);
	jint(j, o, "unrounded", s->unrounded);
	jint(j, o, "multiple", VP_SEQ_MULTIPLE);
	jint(j, o, "batch", s->batch);
	jint(j, o, "limit", s->limit);
	jint(j, o, "reserve", s->reserve);
	jstr(j, o, "limited_by", vp_seq_bound_name(s->bound));
	if (s->bound == VP_SEQ_BOUND_CONTEXT)
		jstr(j, o, "context_key", s->key);
}

static int jprint(FILE *out, cJSON *root, struct jb *j, struct vp_error *err)
{
	char *text;
	int rc = 0;

	if (j->failed) {
		cJSON_Delete(root);
		return vp_error_set(err, VP_ERR_IO, "out of memory building the JSON output");
	}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (text == NULL)
		return vp_error_set(err, VP_ERR_IO, "out of memory printing the JSON output");
	errno = 0;
	if (fputs(text, out) == EOF || fputc('\n', out) == EOF)
		rc = vp_error_set(err, VP_ERR_IO, "cannot write the output: %s",
				  errno != 0 ? strerror(errno) : "write error");
	cJSON_free(text);
	if (rc == 0)
		rc = vp_emit_stream_status(out, err);
	return rc;
}

/* An evaluation's keys: the plan's "eval" object, and estimate's with
 * --generate and the other evaluation options (the same function gives
 * both, so that they are the same keys for the same evaluation) */
static void jeval(struct jb *j, cJSON *o, const struct vp_eval_opts *opts, uint64_t batch,
		  const struct vp_eval_estimate *ev)
{
	jint(j, o, "batch", batch);
	jbool(j, o, "generate", opts->generate);
	jint(j, o, "num_beams", opts->generate ? opts->num_beams : 0);
	jint(j, o, "max_new_tokens", opts->generate ? opts->max_new_tokens : 0);
	jint(j, o, "resident_bytes", ev->resident_bytes);
	jint(j, o, "weight_copies_bytes", ev->weight_copies_bytes);
	jint(j, o, "working_bytes", ev->working_bytes);
	jint(j, o, "logits_bytes", ev->logits_bytes);
	jint(j, o, "loss_bytes", ev->loss_bytes);
	jint(j, o, "kv_cache_bytes", ev->kv_cache_bytes);
	jint(j, o, "forward_kv_cache_bytes", ev->forward_kv_cache_bytes);
	jint(j, o, "generate_bytes", ev->generate_bytes);
	jint(j, o, "predictions_peak_bytes", ev->predictions_peak_bytes);
	jstr(j, o, "peak_moment", vp_eval_moment_name(ev->peak_moment));
	jint(j, o, "allocated_bytes", ev->allocated_bytes);
	jint(j, o, "reserved_bytes", ev->reserved_bytes);
	jint(j, o, "device_bytes", ev->device_bytes);
	jint(j, o, "predictions_bytes_per_step", ev->predictions_bytes_per_step);
	jint(j, o, "predictions_bytes_per_sample", ev->predictions_bytes_per_sample);
	jstr(j, o, "predictions", vp_eval_preds_name(opts->predictions));
	if (opts->eval_samples > 0)
		jint(j, o, "samples", opts->eval_samples);
	else
		jcheck(j, cJSON_AddNullToObject(o, "samples"));
}

int vp_emit_plan_json(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_plan_request *req, const struct vp_plan *plan,
		      enum vp_profile profile, struct vp_error *err)
{
	struct vp_setting s[VP_SETTINGS_MAX];
	struct jb j = {false};
	cJSON *root, *o;
	size_t n = 0;

	/* A plan that does not fit (exit 1) prints no settings: never keys
	 * for a run the estimate says will not fit. Its document says what
	 * does not fit, the estimate at batch 1 and the changes that would
	 * help, as the text on stderr does. */
	bool ok = plan->fits && plan->eval_fits && plan->host.fits;

	if (out == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	if (ok && vp_emit_plan_settings(m, g, req, plan, profile, s, &n, err) != 0)
		return -1;
	root = cJSON_CreateObject();
	if (root == NULL)
		return vp_error_set(err, VP_ERR_IO, "out of memory building the JSON output");

	jstr(&j, root, "vramplan", VRAMPLAN_VERSION);
	jstr(&j, root, "profile", vp_profile_name(profile));
	jmodel_gpu(&j, root, m, g, &plan->train);
	jsetup(&j, root, m, g, &req->train, req->util);
	jseq_search(&j, root, &req->seq_search);
	if (ok) {
		o = jobj(&j, root, "settings");
		if (o != NULL)
			jsettings(&j, o, s, n);
	} else {
		jcheck(&j, cJSON_AddNullToObject(root, "settings"));
	}

	o = jobj(&j, root, "plan");
	if (o != NULL) {
		jbool(&j, o, "fits", plan->fits);
		jint(&j, o, "train_batch", plan->train_batch);
		jint(&j, o, "grad_accum", plan->grad_accum);
		jint(&j, o, "effective_batch", plan->effective_batch);
		jbool(&j, o, "effective_exact", plan->effective_exact);
		jstr(&j, o, "limit", vp_limit_name(plan->limit));
		jint(&j, o, "memory_max_batch", plan->memory_max_batch);
		jint(&j, o, "eval_batch", plan->eval_batch);
		jbool(&j, o, "eval_fits", plan->eval_fits);
		/* false with --no-eval: eval_batch 0, "eval" null, and
		 * eval_fits true, nothing to fit */
		jbool(&j, o, "eval_planned", !req->no_eval);
		jint(&j, o, "eval_accumulation_steps", plan->eval_accumulation_steps);
		jint(&j, o, "expandable_segments_batch", plan->expandable_batch);
		jint(&j, o, "base16_batch", plan->base16_batch);
		jint(&j, o, "uncapped_batch", plan->uncapped_batch);
		if (!ok)
			jstr(&j, o, "does_not_fit", !plan->fits ? "train" : !plan->eval_fits ? "eval" : "host");
	}
	jestimate(&j, root, "estimate", &plan->train, plan->train_batch, plan->budget_bytes, plan->ewc_bytes);
	if (plan->next_valid)
		jestimate(&j, root, "next_batch", &plan->next, plan->memory_max_batch + 1, plan->budget_bytes,
			  plan->ewc_bytes);
	else
		jcheck(&j, cJSON_AddNullToObject(root, "next_batch"));

	/* nothing was planned past a train step that does not fit, nor
	 * for a run without evaluation */
	o = NULL;
	if (plan->fits && !req->no_eval)
		o = jobj(&j, root, "eval");
	else
		jcheck(&j, cJSON_AddNullToObject(root, "eval"));
	if (o != NULL) {
		jeval(&j, o, &req->eval, plan->eval_batch, &plan->eval);
	}

	o = NULL;
	if (plan->fits)
		o = jobj(&j, root, "host");
	else
		jcheck(&j, cJSON_AddNullToObject(root, "host"));
	if (o != NULL) {
		jint(&j, o, "processes", plan->host.processes);
		jint(&j, o, "nodes", plan->host.nodes);
		jint(&j, o, "num_workers", plan->host.num_workers);
		jbool(&j, o, "pin_memory", plan->host.pin_memory);
		jbool(&j, o, "persistent_workers", plan->host.num_workers > 0 && plan->host.persistent_workers);
		jint(&j, o, "prefetch_factor", plan->host.num_workers > 0 ? plan->host.prefetch_factor : 0);
		jint(&j, o, "trainer_bytes", plan->host.trainer_bytes);
		jint(&j, o, "dataset_bytes", plan->host.dataset_bytes);
		jint(&j, o, "eval_dataset_bytes", plan->host.eval_dataset_bytes);
		jint(&j, o, "load_total_bytes", plan->host.load_total_bytes);
		jint(&j, o, "worker_bytes", plan->host.worker_bytes);
		jint(&j, o, "replay_bytes", plan->host.replay_bytes);
		if (plan->host.offload_bytes > 0)
			jint(&j, o, "offload_bytes", plan->host.offload_bytes);
		jint(&j, o, "train_total_bytes", plan->host.train_total_bytes);
		jint(&j, o, "eval_worker_bytes", plan->host.eval_worker_bytes);
		if (plan->host_workers_unpersistent > 0)
			jint(&j, o, "workers_if_not_persistent", plan->host_workers_unpersistent);
		else
			jcheck(&j, cJSON_AddNullToObject(o, "workers_if_not_persistent"));
		jint(&j, o, "eval_predictions_bytes", plan->host.eval_predictions_bytes);
		jcheck(&j, cJSON_AddBoolToObject(o, "eval_predictions_lower_bound", plan->host.eval_predictions_unknown || plan->host.eval_predictions_bytes == UINT64_MAX));
		jint(&j, o, "eval_total_bytes", plan->host.eval_total_bytes);
		/* what each save adds on rank 0 (plan.c save_bytes) */
		if (plan->host.save_bytes > 0) {
			jint(&j, o, "save_bytes", plan->host.save_bytes);
			jint(&j, o, "save_total_bytes", plan->host.save_total_bytes);
			/* the save's largest part is DeepSpeed's engine
			 * checkpoint over the host's processes (host.c) */
			jbool(&j, o, "save_in_checkpoint", plan->host.save_in_checkpoint);
			/* or every process's copy of its module beside
			 * rank 0's file */
			jbool(&j, o, "save_clones", plan->host.save_clones);
		}
		jint(&j, o, "total_bytes", plan->host.total_bytes);
		jstr(&j, o, "peak_phase", plan->host.peak_in_eval   ? "evaluation"
					  : plan->host.peak_in_load ? "loading"
					  : plan->host.peak_in_save ? "saving"
								    : "training");
		if (req->host.host_ram_bytes > 0)
			jint(&j, o, "host_ram_bytes", req->host.host_ram_bytes);
		else
			jcheck(&j, cJSON_AddNullToObject(o, "host_ram_bytes"));
		jint(&j, o, "cpus", req->host.cpus);
		jbool(&j, o, "limited_by_ram", plan->host.limited_by_ram);
		jbool(&j, o, "fits", plan->host.fits);
	}
	if (!plan->fits) {
		cJSON *a = jcheck(&j, cJSON_AddArrayToObject(root, "suggestions"));

		for (size_t i = 0; a != NULL && i < plan->n_suggestions; i++) {
			cJSON *item = jcheck(&j, cJSON_CreateObject());

			if (item == NULL)
				break;
			cJSON_AddItemToArray(a, item);
			jstr(&j, item, "change", plan->suggestions[i].change);
			jint(&j, item, "device_bytes", plan->suggestions[i].device_bytes);
			jbool(&j, item, "fits", plan->suggestions[i].fits);
			/* the training step fits, whatever the evaluation
			 * needs ("fits, but eval batch 1 does not") */
			jbool(&j, item, "training_fits",
			      plan->suggestions[i].fits || plan->suggestions[i].eval_does_not_fit);
		}
	}
	return jprint(out, root, &j, err);
}

int vp_emit_estimate_json(FILE *out, const struct vp_model *m, const struct vp_gpu *g,
			  const struct vp_train *t, double util, const struct vp_estimate *e, uint64_t ewc,
			  const struct vp_seq_search *seq, const struct vp_emit_eval *eval, struct vp_error *err)
{
	struct jb j = {false};
	cJSON *root;

	if (out == NULL || m == NULL || g == NULL || t == NULL || e == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	root = cJSON_CreateObject();
	if (root == NULL)
		return vp_error_set(err, VP_ERR_IO, "out of memory building the JSON output");
	jstr(&j, root, "vramplan", VRAMPLAN_VERSION);
	jmodel_gpu(&j, root, m, g, e);
	jsetup(&j, root, m, g, t, util);
	jseq_search(&j, root, seq);
	jestimate(&j, root, "estimate", e, t->batch, vp_budget_bytes(g, util, t), ewc);
	jint(&j, cJSON_GetObjectItemCaseSensitive(root, "estimate"), "grad_accum", t->grad_accum);
	/* the evaluation step, as the plan's "eval" object gives it, with its
	 * eval_accumulation_steps and whether it fits; only when asked for */
	if (eval != NULL) {
		cJSON *o = jobj(&j, root, "eval");

		if (o != NULL) {
			jeval(&j, o, eval->opts, eval->batch, &eval->ev);
			jint(&j, o, "accumulation_steps", eval->accumulation_steps);
			/* generation alone, no loss forward (--method frozen) */
			jbool(&j, o, "generate_only", eval->opts->generate && eval->opts->generate_only);
			jbool(&j, o, "fits", eval->ev.device_bytes <= vp_budget_bytes(g, util, t));
			/* the eval batch asked for (--batch), as check's
			 * eval.config_batch: more than "batch" where a known
			 * evaluation set caps it (cmd_estimate.c) */
			jint(&j, o, "config_batch", eval->config_batch);
		}
	}
	return jprint(out, root, &j, err);
}
