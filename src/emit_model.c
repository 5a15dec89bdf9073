/*
 * A model descriptor as a catalogue entry (docs/catalogue.md), written with
 * libyaml's event emitter. The key order is fixed so that output is stable
 * for golden tests; each key is a struct vp_model field name.
 */
#include "vramplan/emit_model.h"

#include <float.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "vramplan/error.h"
#include "vramplan/model.h"
#include "vramplan/sizes.h"
#include "vramplan/yaml_out.h"

static void key_str(struct vp_yaml_out *e, const char *key, const char *value)
{
	vp_yaml_scalar(e, key, false);
	vp_yaml_scalar(e, value, vp_yaml_ambiguous(value));
}

static void key_plain(struct vp_yaml_out *e, const char *key, const char *value)
{
	vp_yaml_scalar(e, key, false);
	vp_yaml_scalar(e, value, false);
}

static void key_u64(struct vp_yaml_out *e, const char *key, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%" PRIu64, v);
	key_plain(e, key, buf);
}

static void key_bool(struct vp_yaml_out *e, const char *key, bool v)
{
	key_plain(e, key, v ? "true" : "false");
}

/* The shortest %g form that the catalogue's number parser
 * (vp_parse_double) reads back as the same double: 0.1 -> "0.1". The C
 * locale is assumed (nothing in vramplan calls setlocale). */
static void key_double(struct vp_yaml_out *e, const char *key, double v)
{
	char buf[40];
	double back;

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, v);
		if (vp_parse_double(buf, key, -DBL_MAX, DBL_MAX, &back, NULL) == 0 && back == v)
			break;
	}
	key_plain(e, key, buf);
}

static const char *act_name(enum vp_act a)
{
	switch (a) {
	case VP_ACT_GELU:
		return "gelu";
	case VP_ACT_RELU:
		return "relu";
	case VP_ACT_SILU:
		return "silu";
	case VP_ACT_GELU_NEW:
		return "gelu_new";
	}
	return "gelu";
}

static const char *norm_name(enum vp_norm n)
{
	return n == VP_NORM_RMS ? "rms" : "layer";
}

static const char *pos_name(enum vp_posenc p)
{
	switch (p) {
	case VP_POS_LEARNED:
		return "learned";
	case VP_POS_ROTARY:
		return "rotary";
	case VP_POS_RELATIVE:
		return "relative";
	case VP_POS_ALIBI:
		return "alibi";
	case VP_POS_DISENTANGLED:
		return "disentangled";
	case VP_POS_SINUSOIDAL:
		return "sinusoidal";
	}
	return "learned";
}

static void entry(struct vp_yaml_out *e, const struct vp_model *m)
{
	vp_yaml_send(e, yaml_mapping_start_event_initialize(&e->ev, NULL, NULL, 1,
						    YAML_BLOCK_MAPPING_STYLE));
	key_str(e, "name", m->name);
	if (m->n_aliases > 0) {
		vp_yaml_scalar(e, "aliases", false);
		vp_yaml_send(e, yaml_sequence_start_event_initialize(&e->ev, NULL, NULL, 1,
							     YAML_BLOCK_SEQUENCE_STYLE));
		for (size_t i = 0; i < m->n_aliases && i < VP_MAX_ALIASES; i++)
			vp_yaml_scalar(e, m->aliases[i], vp_yaml_ambiguous(m->aliases[i]));
		vp_yaml_send(e, yaml_sequence_end_event_initialize(&e->ev));
	}
	if (m->hf_id[0] != '\0')
		key_str(e, "hf_id", m->hf_id);
	/* a model_type read as another family keeps its name, beside the
	 * family it is read as: PEFT's default targets, Liger's patches and
	 * the CLI's warning go by the model_type (catalog.c load_model) */
	key_str(e, "model_type", m->model_type);
	if (m->read_as[0] != '\0')
		key_str(e, "read_as", m->read_as);
	if (m->architecture[0] != '\0')
		key_str(e, "architecture", m->architecture);
	if (m->num_labels > 0)
		key_u64(e, "num_labels", m->num_labels);
	if (vp_dtype_name(m->stored_dtype) != NULL)
		key_str(e, "dtype", vp_dtype_name(m->stored_dtype));
	if (m->stored_quant[0] != '\0')
		key_str(e, "stored_quant", m->stored_quant);
	/* the llm_int8_skip_modules entries that leave linears 16-bit: the
	 * catalogue resolves them as the config does (catalog.c resolve_skips) */
	if (m->quant_skip_list[0] != '\0') {
		const char *p = m->quant_skip_list, *nl;
		char one[sizeof m->quant_skip_list];

		vp_yaml_scalar(e, "quant_skip_modules", false);
		vp_yaml_send(e, yaml_sequence_start_event_initialize(&e->ev, NULL, NULL, 1,
								     YAML_BLOCK_SEQUENCE_STYLE));
		while ((nl = strchr(p, '\n')) != NULL) {
			snprintf(one, sizeof one, "%.*s", (int)(nl - p), p);
			vp_yaml_scalar(e, one, vp_yaml_ambiguous(one));
			p = nl + 1;
		}
		vp_yaml_send(e, yaml_sequence_end_event_initialize(&e->ev));
	}
	if (m->source[0] != '\0')
		key_str(e, "source", m->source);
	if (m->params_published != 0)
		key_u64(e, "params_published", m->params_published);
	if (m->params_source[0] != '\0')
		key_str(e, "params_source", m->params_source);

	key_u64(e, "hidden_size", m->hidden_size);
	/* ALBERT's family default is 128: a config as wide as its hidden
	 * size says so, or it reads back at 128 */
	if (vp_model_embed_width(m) != m->hidden_size || m->naming == VP_NAMING_ALBERT)
		key_u64(e, "embedding_size", vp_model_embed_width(m));
	key_u64(e, "intermediate_size", m->intermediate_size);
	key_u64(e, "vocab_size", m->vocab_size);
	key_u64(e, "num_layers", m->num_layers);
	if (m->arch == VP_ARCH_ENCDEC)
		key_u64(e, "num_decoder_layers", m->num_decoder_layers);
	key_u64(e, "num_heads", m->num_heads);
	key_u64(e, "num_kv_heads", m->num_kv_heads);
	key_u64(e, "head_dim", m->head_dim);
	key_u64(e, "max_positions", m->max_positions);
	/* the soft limit where one is known: most files are learned-position
	 * or relative models without it */
	if (m->context_tokens > 0)
		key_u64(e, "context_tokens", m->context_tokens);
	if (m->rope_scaled)
		key_bool(e, "rope_scaled", true);
	key_u64(e, "type_vocab_size", m->type_vocab_size);
	key_u64(e, "relative_buckets", m->relative_buckets);
	if (m->pos == VP_POS_DISENTANGLED) {
		key_u64(e, "rel_span", m->rel_span);
		key_bool(e, "rel_c2p", m->rel_c2p);
		key_bool(e, "rel_p2c", m->rel_p2c);
		key_bool(e, "rel_norm", m->rel_norm);
	}
	/* written where it differs from nothing or from the family's own,
	 * so that the catalogue entry reads back the same */
	if (m->sliding_window > 0 || vp_model_default_sliding_window(m->model_type) > 0)
		key_u64(e, "sliding_window", m->sliding_window);
	if (m->full_attn_layers > 0)
		key_u64(e, "full_attn_layers", m->full_attn_layers);
	/* and DeepSeek's and GLM-4.5's 0, a config whose dense layers
	 * cover all of them (first_k_dense_replace >= num_hidden_layers,
	 * hfconfig.c), which the family's defaults (64, 256, 128 experts)
	 * would otherwise replace: until 2026-12-01 such an import read
	 * back as 117,452,103,168 parameters for DeepSeek-V2-Lite's
	 * 2,606,624,256 (tests/cli/import/dense-deepseek.sh) */
	if (m->num_experts > 0 || m->naming == VP_NAMING_DEEPSEEK) {
		key_u64(e, "num_experts", m->num_experts);
		key_u64(e, "experts_per_token", m->experts_per_token);
		if (m->shared_expert_size > 0 || m->naming == VP_NAMING_DEEPSEEK)
			key_u64(e, "shared_expert_size", m->shared_expert_size);
	}
	/* DeepSeek's: every one, as the family's defaults (V3's) need not be
	 * the config's */
	if (m->naming == VP_NAMING_DEEPSEEK) {
		key_u64(e, "dense_layers", m->dense_layers);
		key_u64(e, "dense_intermediate_size", m->dense_intermediate_size);
		key_u64(e, "q_lora_rank", m->q_lora_rank);
		key_u64(e, "kv_lora_rank", m->kv_lora_rank);
		key_u64(e, "rope_head_dim", m->rope_head_dim);
		key_u64(e, "v_head_dim", m->v_head_dim);
	}
	/* GLM-4.5's use_qk_norm, which only the config says */
	if (!strcmp(m->model_type, "glm4_moe"))
		key_bool(e, "qk_norm", m->qk_norm);

	key_plain(e, "norm", norm_name(m->norm));
	key_plain(e, "act", act_name(m->act));
	key_plain(e, "pos", pos_name(m->pos));
	key_bool(e, "gated_mlp", m->gated_mlp);
	key_bool(e, "tie_embeddings", m->tie_embeddings);
	/* The catalogue takes a rotary share in (0, 1]; 0 (no rotary) is what
	 * the family already gives. */
	if (m->rotary_fraction != 0.0)
		key_double(e, "rotary_fraction", m->rotary_fraction);
	key_double(e, "hidden_dropout", m->hidden_dropout);
	key_double(e, "attn_dropout", m->attn_dropout);
	key_double(e, "act_dropout", m->act_dropout);
	key_bool(e, "qkv_bias", m->qkv_bias);
	key_bool(e, "out_bias", m->out_bias);
	key_bool(e, "mlp_bias", m->mlp_bias);
	key_bool(e, "norm_bias", m->norm_bias);
	key_bool(e, "lm_head_bias", m->lm_head_bias);
	key_bool(e, "parallel_block", m->parallel_block);
	key_bool(e, "pooler", m->pooler);
	key_bool(e, "embed_norm", m->embed_norm);
	key_bool(e, "final_norm", m->final_norm);
	key_bool(e, "logit_softcap", m->logit_softcap);
	key_bool(e, "attn_softcap", m->attn_softcap);
	key_bool(e, "scale_embed_copy", m->scale_embed_copy);
	/* written only where set: a key of two families */
	if (m->clip_qkv)
		key_bool(e, "clip_qkv", true);
	if (m->output_router_logits)
		key_bool(e, "output_router_logits", true);
	if (m->moe_input_jitter)
		key_bool(e, "moe_input_jitter", true);
	if (m->shared_layers)
		key_bool(e, "shared_layers", true);
	if (m->vision_params > 0)
		key_u64(e, "vision_params", m->vision_params);
	if (m->vision_linear_params > 0)
		key_u64(e, "vision_linear_params", m->vision_linear_params);
	if (m->vision_layers > 0) {
		key_u64(e, "vision_hidden_size", m->vision_hidden_size);
		key_u64(e, "vision_intermediate_size", m->vision_intermediate_size);
		key_u64(e, "vision_layers", m->vision_layers);
	}
	if (m->vision_merge_size > 0)
		key_u64(e, "vision_merge_size", m->vision_merge_size);
	if (m->vision_feature_layers > 0)
		key_u64(e, "vision_feature_layers", m->vision_feature_layers);
	if (m->vision_out_size > 0)
		key_u64(e, "vision_out_size", m->vision_out_size);
	vp_yaml_send(e, yaml_mapping_end_event_initialize(&e->ev));
}

int vp_emit_model_yaml(FILE *out, const struct vp_model *m, struct vp_error *err)
{
	struct vp_yaml_out e;
	struct vp_error verr;
	int rc = 0;

	if (out == NULL || m == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "nothing to emit");
	memset(&verr, 0, sizeof verr);
	if (vp_model_validate(m, &verr) != 0)
		return vp_error_set(err, VP_ERR_INPUT, "model '%s': %s", m->name, verr.message);

	memset(&e, 0, sizeof e);
	if (!yaml_emitter_initialize(&e.em))
		return vp_error_set(err, VP_ERR_IO, "cannot initialize the YAML emitter");
	yaml_emitter_set_output_file(&e.em, out);
	yaml_emitter_set_unicode(&e.em, 1);
	yaml_emitter_set_width(&e.em, -1); /* never fold long strings */

	vp_yaml_send(&e, yaml_stream_start_event_initialize(&e.ev, YAML_UTF8_ENCODING));
	vp_yaml_send(&e, yaml_document_start_event_initialize(&e.ev, NULL, NULL, NULL, 1));
	vp_yaml_send(&e, yaml_mapping_start_event_initialize(&e.ev, NULL, NULL, 1,
						     YAML_BLOCK_MAPPING_STYLE));
	vp_yaml_scalar(&e, "models", false);
	vp_yaml_send(&e, yaml_sequence_start_event_initialize(&e.ev, NULL, NULL, 1,
						      YAML_BLOCK_SEQUENCE_STYLE));
	entry(&e, m);
	vp_yaml_send(&e, yaml_sequence_end_event_initialize(&e.ev));
	vp_yaml_send(&e, yaml_mapping_end_event_initialize(&e.ev));
	vp_yaml_send(&e, yaml_document_end_event_initialize(&e.ev, 1));
	vp_yaml_send(&e, yaml_stream_end_event_initialize(&e.ev));

	if (e.failed) {
		rc = vp_error_set(err, VP_ERR_IO, "cannot write the model entry: %s",
				  e.em.problem != NULL ? e.em.problem : "YAML emitter error");
	} else if (fflush(out) != 0 || ferror(out)) {
		rc = vp_error_set(err, VP_ERR_IO, "cannot write the model entry: write error");
	}
	yaml_emitter_delete(&e.em);
	return rc;
}
