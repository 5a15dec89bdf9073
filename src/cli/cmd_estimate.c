/* vramplan estimate: the memory breakdown of one batch size. */
#include <inttypes.h>
#include <string.h>

#include "vramplan/cli.h"

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
	if (o->grad_accum > 0)
		req.train.grad_accum = o->grad_accum;
	vp_cli_warn_gpu_namesake(o, &cat, o->gpu, g);
	vp_cli_warn_context(o, &m, &req);
	vp_cli_warn_fp16(o, &m, g, &req.train);
	if (o->seq_max) {
		/* the longest sequence at this batch; not one token: the
		 * estimate at one, which says by how much it does not fit */
		if (vp_plan_longest_seq(&m, g, &req.train, req.ewc, vp_budget_bytes(g, req.util, &req.train), 0,
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
		vp_cli_warn(o, "batch %" PRIu64 " does not fit on GPU '%s': %s GiB of %s GiB", o->batch, g->name,
			    need, have);
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
		vp_cli_explain_estimate(o, &m, g, &req.train, req.util, &e, &ne, next_ok);
	}

	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if ((o->format == VP_OUT_JSON
		     ? vp_emit_estimate_json(out, &m, g, &req.train, req.util, &e, ewc, &req.seq_search, &err)
		     : vp_emit_estimate_yaml(out, &m, g, &req.train, req.util, &e, ewc, &req.seq_search, &err)) != 0)
		rc = vp_cli_report(&err);
	rc = vp_cli_close_output(o, out, rc);
done:
	vp_catalog_free(&cat);
	return rc;
}
