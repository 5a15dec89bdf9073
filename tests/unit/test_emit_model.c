/* opendir/readdir to walk tests/data/configs. */
#define _POSIX_C_SOURCE 200809L

/*
 * The catalogue-entry emitter: a fixed golden text, and a round trip
 * (emit -> vp_catalog_load_buffer -> identical struct) for every config in
 * tests/data/configs and for hand-made entries with awkward strings.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/catalog.h"
#include "vramplan/emit_model.h"
#include "vramplan/hfconfig.h"
#include "vramplan/model.h"

#define CONFIGS VP_TEST_DATA "/configs/"

/* Emit m into a tmpfile() and return the text (caller frees). */
static char *emit(const struct vp_model *m, size_t *len)
{
	struct vp_error err = {0};
	FILE *f = tmpfile();
	char *text;
	long size;

	assert_non_null(f);
	if (vp_emit_model_yaml(f, m, &err) != 0)
		fail_msg("emit: %s", err.message);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size > 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	text[size] = '\0';
	fclose(f);
	*len = (size_t)size;
	return text;
}

#define SAME_U64(f) assert_int_equal(a->f, b->f)
#define SAME_STR(f) assert_string_equal(a->f, b->f)
#define SAME_BOOL(f) assert_int_equal(a->f, b->f)
#define SAME_DBL(f) assert_true(a->f == b->f)

static void assert_same_model(const struct vp_model *a, const struct vp_model *b)
{
	SAME_STR(name);
	SAME_STR(hf_id);
	/* an unmodelled model_type keeps its name beside read_as
	 * (emit_model.c, catalog.c load_model) */
	SAME_STR(model_type);
	SAME_STR(read_as);
	SAME_STR(source);
	SAME_U64(n_aliases);
	for (size_t i = 0; i < a->n_aliases; i++)
		SAME_STR(aliases[i]);
	SAME_U64(params_published);
	SAME_STR(params_source);
	SAME_U64(arch);
	SAME_U64(naming);
	SAME_U64(norm);
	SAME_U64(act);
	SAME_U64(pos);
	SAME_U64(hidden_size);
	SAME_U64(intermediate_size);
	SAME_U64(vocab_size);
	SAME_U64(num_layers);
	SAME_U64(num_decoder_layers);
	SAME_U64(num_heads);
	SAME_U64(num_kv_heads);
	SAME_U64(head_dim);
	SAME_U64(max_positions);
	SAME_U64(type_vocab_size);
	SAME_U64(relative_buckets);
	SAME_U64(num_experts);
	SAME_U64(experts_per_token);
	SAME_U64(shared_expert_size);
	SAME_U64(vision_params);
	SAME_U64(vision_linear_params);
	SAME_U64(vision_hidden_size);
	SAME_U64(vision_intermediate_size);
	SAME_U64(vision_layers);
	SAME_U64(vision_merge_size);
	SAME_U64(vision_feature_layers);
	SAME_U64(vision_out_size);
	SAME_BOOL(gated_mlp);
	SAME_BOOL(qkv_bias);
	SAME_BOOL(out_bias);
	SAME_BOOL(mlp_bias);
	SAME_BOOL(norm_bias);
	SAME_BOOL(lm_head_bias);
	SAME_BOOL(tie_embeddings);
	SAME_BOOL(parallel_block);
	SAME_BOOL(pooler);
	SAME_BOOL(embed_norm);
	SAME_BOOL(final_norm);
	SAME_BOOL(logit_softcap);
	SAME_BOOL(attn_softcap);
	SAME_BOOL(scale_embed_copy);
	SAME_BOOL(clip_qkv);
	SAME_BOOL(output_router_logits);
	SAME_DBL(rotary_fraction);
	SAME_DBL(hidden_dropout);
	SAME_DBL(attn_dropout);
	SAME_DBL(act_dropout);
}

static void round_trip(const struct vp_model *m)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	const struct vp_model *back;
	size_t len;
	char *text = emit(m, &len);
	char buf[1200];

	if (vp_catalog_load_buffer(&cat, "emitted.yaml", text, len, &err) != 0) {
		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s\n%s", buf, text);
	}
	assert_int_equal(cat.n_models, 1);
	back = vp_catalog_find_model(&cat, m->name);
	assert_non_null(back);
	assert_same_model(m, back);
	vp_catalog_free(&cat);
	free(text);
}

static int round_trip_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		struct vp_model m;
		struct vp_error err = {0};
		char path[512];

		if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		snprintf(path, sizeof path, "%s%s", dir, e->d_name);
		if (vp_hfconfig_load(path, &m, &err) != 0) {
			closedir(d);
			fail_msg("%s: %s", path, err.message);
		}
		round_trip(&m);
		n++;
	}
	closedir(d);
	return n;
}

static void every_config_round_trips(void **state)
{
	(void)state;
	assert_true(round_trip_dir(CONFIGS) > 20);
	assert_int_equal(round_trip_dir(CONFIGS "groundtruth/"), 6);
}

/* Strings a YAML reader would resolve to something else are quoted;
 * aliases, published counts and odd doubles survive. */
static void awkward_values_round_trip(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "groundtruth/qwen-1_8b.json", &m, &err), 0);
	snprintf(m.name, sizeof m.name, "yes");
	snprintf(m.hf_id, sizeof m.hf_id, "null");
	snprintf(m.source, sizeof m.source, "1.5: see \"model card\" # not a comment");
	snprintf(m.aliases[0], sizeof m.aliases[0], "1.3b");
	snprintf(m.aliases[1], sizeof m.aliases[1], "no");
	snprintf(m.aliases[2], sizeof m.aliases[2], "qwen-chat");
	m.n_aliases = 3;
	m.params_published = 1836828672;
	snprintf(m.params_source, sizeof m.params_source, "~");
	m.hidden_dropout = 0.1;
	m.attn_dropout = 1.0 / 3.0;
	m.act_dropout = 1e-5;
	m.rotary_fraction = 0.3;
	round_trip(&m);

	/* clip_qkv and output_router_logits are written only where set */
	assert_int_equal(vp_hfconfig_load(CONFIGS "olmo-1b-hf.json", &m, &err), 0);
	m.clip_qkv = true;
	round_trip(&m);
	assert_int_equal(vp_hfconfig_load(CONFIGS "olmoe-1b-7b-0924.json", &m, &err), 0);
	m.output_router_logits = true;
	round_trip(&m);
	/* and a multimodal Gemma 3's vision tower */
	assert_int_equal(vp_hfconfig_load(CONFIGS "gemma-3-4b-it.json", &m, &err), 0);
	round_trip(&m);
	/* and Mistral 3's, whose projector's shapes are written too (the
	 * tower's shapes size the LoRA adapters PEFT puts on it) */
	assert_int_equal(vp_hfconfig_load(CONFIGS "mistral-small-3.1-24b-instruct-2503.json", &m, &err), 0);
	assert_int_equal(m.vision_merge_size, 2);
	round_trip(&m);
	/* and Qwen2.5-VL's, whose merger's output width is written too */
	assert_int_equal(vp_hfconfig_load(CONFIGS "qwen2.5-vl-7b-instruct.json", &m, &err), 0);
	assert_int_equal(m.vision_out_size, 3584);
	round_trip(&m);
}

static const char golden[] =
	"models:\n"
	"- name: llama-3.2-3b\n"
	"  model_type: llama\n"
	"  architecture: LlamaForCausalLM\n"
	"  dtype: bfloat16\n"
	"  source: " CONFIGS "llama-3.2-3b.json\n"
	"  hidden_size: 3072\n"
	"  intermediate_size: 8192\n"
	"  vocab_size: 128256\n"
	"  num_layers: 28\n"
	"  num_heads: 24\n"
	"  num_kv_heads: 8\n"
	"  head_dim: 128\n"
	"  max_positions: 0\n"
	"  context_tokens: 131072\n"
	"  rope_scaled: true\n"
	"  type_vocab_size: 0\n"
	"  relative_buckets: 0\n"
	"  norm: rms\n"
	"  act: silu\n"
	"  pos: rotary\n"
	"  gated_mlp: true\n"
	"  tie_embeddings: true\n"
	"  rotary_fraction: 1\n"
	"  hidden_dropout: 0\n"
	"  attn_dropout: 0\n"
	"  act_dropout: 0\n"
	"  qkv_bias: false\n"
	"  out_bias: false\n"
	"  mlp_bias: false\n"
	"  norm_bias: false\n"
	"  lm_head_bias: false\n"
	"  parallel_block: false\n"
	"  pooler: false\n"
	"  embed_norm: false\n"
	"  final_norm: true\n"
	"  logit_softcap: false\n"
	"  attn_softcap: false\n"
	"  scale_embed_copy: false\n";

static void output_is_stable(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	size_t len;
	char *text;

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "llama-3.2-3b.json", &m, &err), 0);
	text = emit(&m, &len);
	assert_string_equal(text, golden);
	free(text);
}

static void doubles_are_short(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	size_t len;
	char *text;

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "mt5-base.json", &m, &err), 0);
	text = emit(&m, &len);
	assert_non_null(strstr(text, "\n  hidden_dropout: 0.1\n"));
	assert_non_null(strstr(text, "\n  num_decoder_layers: 12\n"));
	assert_null(strstr(text, "rotary_fraction")); /* not rotary: left to the family */
	free(text);
}

static void errors_are_reported(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	FILE *full;

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "llama-3.2-3b.json", &m, &err), 0);
	m.num_kv_heads = 5;
	assert_int_equal(vp_emit_model_yaml(stdout, &m, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.message,
			    "model 'llama-3.2-3b': 'num_kv_heads' (5) must divide 'num_heads' (24)");
	assert_int_equal(vp_emit_model_yaml(NULL, &m, &err), -1);
	assert_int_equal(vp_emit_model_yaml(stdout, NULL, NULL), -1);

	/* a full disk: the write fails and is an I/O error */
	full = fopen("/dev/full", "w");
	if (full == NULL)
		skip();
	m.num_kv_heads = 8;
	assert_int_equal(vp_emit_model_yaml(full, &m, &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	fclose(full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_config_round_trips),
		cmocka_unit_test(awkward_values_round_trip),
		cmocka_unit_test(output_is_stable),
		cmocka_unit_test(doubles_are_short),
		cmocka_unit_test(errors_are_reported),
	};

	return cmocka_run_group_tests_name("emit_model", tests, NULL, NULL);
}
