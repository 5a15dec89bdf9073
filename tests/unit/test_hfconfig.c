/* opendir/readdir to walk tests/data/configs. */
#define _POSIX_C_SOURCE 200809L

/*
 * The config.json reader: every config in tests/data/configs loads and
 * validates, the per-family key mapping, and one diagnostic per bad file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "vramplan/heads.h"
#include "vramplan/hfconfig.h"
#include "vramplan/layers.h"
#include "vramplan/utf8.h"
#include "vramplan/model.h"
#include "vramplan/peft.h"

#define CONFIGS VP_TEST_DATA "/configs/"
#define BAD VP_TEST_DATA "/hfconfig/bad/"

static void load(const char *file, struct vp_model *m)
{
	struct vp_error err = {0};
	char path[512], buf[1200];

	snprintf(path, sizeof path, CONFIGS "%s", file);
	if (vp_hfconfig_load(path, m, &err) != 0) {
		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
	assert_string_equal(m->source, path);
}

static int parse(const char *text, struct vp_model *m, struct vp_error *err)
{
	return vp_hfconfig_parse("inline.json", text, strlen(text), m, err);
}

static void parse_ok(const char *text, struct vp_model *m)
{
	struct vp_error err = {0};

	if (parse(text, m, &err) != 0)
		fail_msg("%s", err.message);
}

/* Load every *.json under dir; returns how many. */
static int load_all(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		struct vp_model m;
		struct vp_error err = {0};
		char path[512], buf[1200];

		if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		snprintf(path, sizeof path, "%s%s", dir, e->d_name);
		if (vp_hfconfig_load(path, &m, &err) != 0) {
			vp_error_format(&err, buf, sizeof buf);
			closedir(d);
			fail_msg("%s", buf);
		}
		assert_int_equal(vp_model_validate(&m, NULL), 0);
		assert_true(vp_model_param_count(&m) > 0);
		assert_true(m.name[0] != '\0');
		n++;
	}
	closedir(d);
	return n;
}

/* DistilBertConfig's own keys, or the attribute_map names a config saved by
 * another tool may carry */
static void distilbert_keys(void **state)
{
	static const char own[] = "{\"model_type\": \"distilbert\", \"dim\": 768, \"hidden_dim\": 3072, "
				  "\"n_layers\": 6, \"n_heads\": 12, \"vocab_size\": 30522, \"dropout\": 0.2}";
	static const char mapped[] = "{\"model_type\": \"distilbert\", \"hidden_size\": 768, \"hidden_dim\": 3072, "
				     "\"num_hidden_layers\": 6, \"num_attention_heads\": 12, \"vocab_size\": 30522}";
	static const char odd[] = "{\"model_type\": \"distilbert\", \"dim\": 768, \"hidden_dim\": 3072, "
				  "\"n_layers\": 6, \"n_heads\": 7, \"vocab_size\": 30522}";
	struct vp_model a, b;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("own.json", own, sizeof own - 1, &a, &err), 0);
	assert_int_equal(vp_hfconfig_parse("mapped.json", mapped, sizeof mapped - 1, &b, &err), 0);
	assert_int_equal(a.hidden_size, 768);
	assert_int_equal(a.head_dim, 64);
	assert_int_equal(a.max_positions, 512);
	assert_true(a.hidden_dropout > 0.19 && a.hidden_dropout < 0.21);
	assert_int_equal(vp_model_param_count(&a), vp_model_param_count(&b));
	assert_int_equal(vp_model_param_count(&b), UINT64_C(66362880));
	assert_int_equal(vp_hfconfig_parse("odd.json", odd, sizeof odd - 1, &a, &err), -1);
	assert_non_null(strstr(err.message, "n_heads"));
}

/* Starcoder2Config: use_bias drops the linears' biases but not the
 * LayerNorms' (nn.LayerNorm(hidden_size, eps) always has one); absent
 * num_key_value_heads is the class default 2; residual and embedding dropout
 * share one descriptor value, the larger; a null sliding_window is none. */
static void starcoder2_keys(void **state)
{
	static const char cfg[] = "{\"model_type\": \"starcoder2\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
				  "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"vocab_size\": 1000, "
				  "\"use_bias\": false, \"residual_dropout\": 0.05, \"embedding_dropout\": 0.2, "
				  "\"attention_dropout\": 0.1, \"sliding_window\": null}";
	static const char odd[] = "{\"model_type\": \"starcoder2\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
				  "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"num_key_value_heads\": 3, "
				  "\"vocab_size\": 1000}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("sc2.json", cfg, sizeof cfg - 1, &m, &err), 0);
	assert_int_equal(m.num_kv_heads, 2);
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias);
	assert_true(m.norm_bias);
	assert_true(m.hidden_dropout > 0.19 && m.hidden_dropout < 0.21);
	assert_true(m.attn_dropout > 0.09 && m.attn_dropout < 0.11);
	assert_int_equal(m.sliding_window, 0);
	assert_true(m.tie_embeddings);
	/* 4 blocks of q, k, v, o (8 heads of 128, 2 kv heads) and c_fc, c_proj
	 * without biases, two LayerNorms of 2 x 1024 each; embeddings tied; the
	 * final norm */
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(1000 * 1024 + 4 * (2 * 1024 * 1024 + 2 * 1024 * 256 + 2 * 1024 * 4096 + 4 * 1024) +
				  2 * 1024));
	assert_int_equal(vp_hfconfig_parse("odd.json", odd, sizeof odd - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "num_key_value_heads"));
}

/* CohereConfig: attention_bias puts a bias on q, k, v and o (CohereAttention
 * builds all four with bias=config.attention_bias), never on the MLP;
 * absent num_key_value_heads is the heads; use_qk_norm (Command R+'s
 * per-head LayerNorms) is refused with the reason. */
static void cohere_keys(void **state)
{
	static const char biased[] = "{\"model_type\": \"cohere\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
				     "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"vocab_size\": 1000, "
				     "\"attention_bias\": true}";
	static const char qk[] = "{\"model_type\": \"cohere\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
				 "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"vocab_size\": 1000, "
				 "\"use_qk_norm\": true}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("biased.json", biased, sizeof biased - 1, &m, &err), 0);
	assert_int_equal(m.num_kv_heads, 8);
	assert_true(m.qkv_bias && m.out_bias);
	assert_false(m.mlp_bias || m.norm_bias);
	assert_true(m.tie_embeddings);
	/* 4 blocks of q, k, v, o with biases, a SwiGLU MLP, one norm; tied
	 * embeddings; the final norm */
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(1000 * 1024 + 4 * (4 * (1024 * 1024 + 1024) + 3 * 1024 * 4096 + 1024) + 1024));
	assert_int_equal(vp_hfconfig_parse("qk.json", qk, sizeof qk - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'use_qk_norm' is true"));

	/* Cohere2 (Command R7B): the same block and count, a sliding window
	 * (Cohere2Config: 4096 unless the config says) */
	parse_ok("{\"model_type\": \"cohere2\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
		 "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"vocab_size\": 1000, "
		 "\"attention_bias\": true}", &m);
	assert_true(m.parallel_block && m.qkv_bias && m.tie_embeddings && vp_model_norm_unfused(&m));
	assert_int_equal(m.sliding_window, 4096);
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(1000 * 1024 + 4 * (4 * (1024 * 1024 + 1024) + 3 * 1024 * 4096 + 1024) + 1024));
	parse_ok("{\"model_type\": \"cohere2\", \"hidden_size\": 1024, \"intermediate_size\": 4096, "
		 "\"num_hidden_layers\": 4, \"num_attention_heads\": 8, \"vocab_size\": 1000, "
		 "\"sliding_window\": 512}", &m);
	assert_int_equal(m.sliding_window, 512);
}

/* A sliding window past the catalogue's bound (2^40 - 1, as every size)
 * is refused at the key, so that what `import` writes always loads back
 * (fuzz/crashes/hfconfig/sliding-window-beyond-catalogue-bound.json). */
static void sliding_window_beyond_the_catalogue_bound_is_refused(void **state)
{
	static const char huge[] = "{\"model_type\": \"mistral\", \"hidden_size\": 64, \"intermediate_size\": 128, "
				   "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 4, "
				   "\"vocab_size\": 100, \"sliding_window\": 1099511627776}";
	static const char edge[] = "{\"model_type\": \"mistral\", \"hidden_size\": 64, \"intermediate_size\": 128, "
				   "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 4, "
				   "\"vocab_size\": 100, \"sliding_window\": 1099511627775}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("huge.json", huge, sizeof huge - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'sliding_window' is too large"));
	assert_int_equal(vp_hfconfig_parse("edge.json", edge, sizeof edge - 1, &m, &err), 0);
	assert_true(m.sliding_window == UINT64_C(1099511627775));
}

/* GraniteConfig (IBM Granite 3): Llama's keys plus four scalar
 * multipliers, none of which keeps a tensor, so modelled as its own type
 * (no Llama-clone warning) with Llama's block. Granite 3.1 2B's shape: by
 * hand, embeddings 49155 x 2048 = 100,669,440 (tied), per block q and o
 * 2048 x 2048, k and v 2048 x 512, a SwiGLU MLP of 3 x 2048 x 8192, two
 * norms: 60,821,504, 40 blocks and the final norm: 2,533,531,648. */
static void granite_is_read_as_its_own_llama_block(void **state)
{
	static const char granite[] = "{\"architectures\": [\"GraniteForCausalLM\"], \"model_type\": \"granite\", "
				      "\"hidden_size\": 2048, \"intermediate_size\": 8192, \"num_hidden_layers\": 40, "
				      "\"num_attention_heads\": 32, \"num_key_value_heads\": 8, \"vocab_size\": 49155, "
				      "\"rms_norm_eps\": 1e-05, \"hidden_act\": \"silu\", \"tie_word_embeddings\": true, "
				      "\"attention_bias\": false, \"mlp_bias\": true, \"embedding_multiplier\": 12.0, "
				      "\"residual_multiplier\": 0.22, \"attention_multiplier\": 0.015625, "
				      "\"logits_scaling\": 8.0}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("granite.json", granite, sizeof granite - 1, &m, &err), 0);
	assert_string_equal(m.model_type, "granite");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.naming, VP_NAMING_LLAMA);
	assert_false(m.qkv_bias || m.out_bias);
	/* mlp_bias as LlamaMLP reads it: three biases of the MLP a block */
	assert_true(m.mlp_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(2533531648) + 40 * (2 * 8192 + 2048));
}

/* InternLM2Config's bias (default True) puts a bias on wqkv and wo, never
 * on the feed-forward linears. */
static void internlm2_bias_is_the_attentions(void **state)
{
	static const char cfg[] = "{\"architectures\": [\"InternLM2ForCausalLM\"], \"model_type\": \"internlm2\", "
				  "\"hidden_size\": 1024, \"intermediate_size\": 4096, \"num_hidden_layers\": 2, "
				  "\"num_attention_heads\": 8, \"num_key_value_heads\": 2, \"vocab_size\": 1000, "
				  "\"rms_norm_eps\": 1e-05, \"hidden_act\": \"silu\"}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("internlm2.json", cfg, sizeof cfg - 1, &m, &err), 0);
	assert_true(m.qkv_bias && m.out_bias);
	assert_false(m.mlp_bias);
	assert_int_equal(m.naming, VP_NAMING_INTERNLM2);
}

/* ElectraConfig: BERT's keys plus embedding_size. KoELECTRA-Small-v3's
 * embeddings are 128 wide and embeddings_project widens them to 256: the
 * DistilKoBiLSTM README lists 14,056,192 parameters; by hand, embeddings
 * 35000 x 128 + 512 x 128 + 2 x 128 + LayerNorm 256 = 4,546,048, the
 * projection 128 x 256 + 256 = 33,024, twelve BERT layers of width 256
 * 9,477,120. With embedding_size equal to hidden_size the count is BERT's
 * without a pooler (KoELECTRA-Base-v3: 112,330,752, a Keras summary of
 * TFElectraModel). */
static void electra_embedding_size(void **state)
{
	static const char base[] = "{\"model_type\": \"electra\", \"embedding_size\": 768, \"hidden_size\": 768, "
				   "\"intermediate_size\": 3072, \"num_hidden_layers\": 12, "
				   "\"num_attention_heads\": 12, \"vocab_size\": 35000}";
	static const char no_key[] = "{\"model_type\": \"electra\", \"hidden_size\": 256, "
				     "\"intermediate_size\": 1024, \"num_hidden_layers\": 12, "
				     "\"num_attention_heads\": 4, \"vocab_size\": 35000}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "koelectra-small-v3.json", &m, &err), 0);
	assert_int_equal(m.embedding_size, 128);
	assert_int_equal(vp_model_embed_width(&m), 128);
	assert_false(m.pooler);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(14056192));
	/* ElectraConfig's default embedding_size is 128 */
	assert_int_equal(vp_hfconfig_parse("no-key.json", no_key, sizeof no_key - 1, &m, &err), 0);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(14056192));
	assert_int_equal(vp_hfconfig_parse("base.json", base, sizeof base - 1, &m, &err), 0);
	assert_int_equal(vp_model_embed_width(&m), 768);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(112330752));
}

/* GPTJConfig: n_inner null is 4 x n_embd; rotary_dim of the 256-wide head
 * is rotated (null: all of it). GPTJForCausalLM counts 6,050,882,784 for
 * gpt-j-6b: embeddings 50400 x 4096, 28 blocks of q/k/v/out without biases,
 * fc_in and fc_out with, ln_1, then ln_f and an untied lm_head with a bias. */
static void gptj_keys(void **state)
{
	static const char full_rotary[] = "{\"model_type\": \"gptj\", \"n_embd\": 256, \"n_layer\": 2, "
					  "\"n_head\": 4, \"vocab_size\": 1000, \"rotary_dim\": null}";
	static const char too_wide[] = "{\"model_type\": \"gptj\", \"n_embd\": 256, \"n_layer\": 2, "
				       "\"n_head\": 4, \"vocab_size\": 1000, \"rotary_dim\": 128}";
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "gpt-j-6b.json", &m, &err), 0);
	assert_int_equal(m.intermediate_size, 16384);
	assert_int_equal(m.head_dim, 256);
	assert_true(m.rotary_fraction > 0.2499 && m.rotary_fraction < 0.2501);
	assert_true(m.parallel_block && m.lm_head_bias && !m.tie_embeddings && !m.qkv_bias);
	assert_int_equal(m.act, VP_ACT_GELU_NEW);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(6050882784));
	assert_int_equal(vp_hfconfig_parse("full.json", full_rotary, sizeof full_rotary - 1, &m, &err), 0);
	assert_true(m.rotary_fraction == 1.0);
	assert_int_equal(m.intermediate_size, 1024);
	assert_int_equal(vp_hfconfig_parse("wide.json", too_wide, sizeof too_wide - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'rotary_dim' (128) is larger than the head (64)"));
	/* GPT-Neo: GPT-2's layout with q/k/v_proj and out_proj; 1,315,575,808
	 * for gpt-neo-1.3B as a public printout of GPTNeoForCausalLM gives it */
	assert_int_equal(vp_hfconfig_load(CONFIGS "gpt-neo-1.3b.json", &m, &err), 0);
	assert_int_equal(m.intermediate_size, 8192);
	assert_true(m.tie_embeddings && !m.qkv_bias && m.out_bias && !m.parallel_block);
	assert_int_equal(m.pos, VP_POS_LEARNED);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(1315575808));
}

/* The soft context of a model whose positions no table bounds: the
 * family's key (Llama's max_position_embeddings, CodeGen's n_positions,
 * Qwen v1's seq_length, MPT's max_seq_len), FalconConfig's 2048 where
 * Falcon-7B's file says nothing, Gemma3TextConfig's 131072 where a
 * text_config says nothing; rope_scaling noted. A learned table keeps its
 * hard max_positions and no soft limit; T5's relative buckets have none. */
static void the_context_of_rotary_and_alibi_models(void **state)
{
	static const char scaled_v5[] = "{\"model_type\": \"llama\", \"hidden_size\": 256, \"intermediate_size\": 512, "
					"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 1000, "
					"\"max_position_embeddings\": 8192, \"rope_parameters\": {\"rope_type\": \"yarn\", "
					"\"factor\": 4.0, \"rope_theta\": 10000.0}}";
	static const char plain_v5[] = "{\"model_type\": \"llama\", \"hidden_size\": 256, \"intermediate_size\": 512, "
				       "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 1000, "
				       "\"rope_parameters\": {\"rope_type\": \"default\", \"rope_theta\": 10000.0}}";
	static const char negative[] = "{\"model_type\": \"llama\", \"hidden_size\": 256, \"intermediate_size\": 512, "
				       "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 1000, "
				       "\"max_position_embeddings\": 0}";
	static const struct {
		const char *file;
		uint64_t context;
		bool scaled;
		const char *key;
	} cases[] = {
		{"llama-3.2-3b.json", 131072, true, "max_position_embeddings"}, /* llama3 from 8192 */
		{"mistral-7b-v0.1.json", 32768, false, "max_position_embeddings"},
		{"gemma-3-1b.json", 32768, false, "max_position_embeddings"}, /* rope_scaling null */
		{"gemma-3-4b-it.json", 131072, true, "max_position_embeddings"}, /* text_config: the default */
		{"phi-3-mini-4k-instruct.json", 4096, false, "max_position_embeddings"},
		{"polyglot-ko-12.8b.json", 2048, false, "max_position_embeddings"},
		{"codegen-350M-mono.json", 2048, false, "n_positions"},
		{"gpt-j-6b.json", 2048, false, "n_positions"},
		{"falcon-7b.json", 2048, false, "max_position_embeddings"}, /* FalconConfig's default */
		{"mpt-7b.json", 2048, false, "max_seq_len"},               /* ALiBi */
		{"modernbert-base.json", 8192, false, "max_position_embeddings"},
		{"bloom-3b.json", 0, false, "max_position_embeddings"},   /* ALiBi, no key */
	};
	struct vp_model m;
	struct vp_error err = {0};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		load(cases[i].file, &m);
		if (m.context_tokens != cases[i].context || vp_model_context_tokens(&m) != cases[i].context ||
		    m.rope_scaled != cases[i].scaled || strcmp(vp_model_context_key(&m), cases[i].key) != 0)
			fail_msg("%s: context %llu (%s), rope_scaled %d", cases[i].file,
				 (unsigned long long)m.context_tokens, vp_model_context_key(&m), (int)m.rope_scaled);
		assert_int_equal(vp_model_max_tokens(&m), 0);
	}
	/* Qwen v1: seq_length, the key its rotary and logn scaling read */
	assert_int_equal(vp_hfconfig_load(VP_TEST_DATA "/groundtruth/configs/qwen-1_8b.json", &m, &err), 0);
	assert_int_equal(m.context_tokens, 8192);
	assert_string_equal(vp_model_context_key(&m), "seq_length");
	/* transformers 5 writes rope_parameters, with rope_type default when
	 * nothing is scaled; a config without the key has no known context */
	parse_ok(scaled_v5, &m);
	assert_int_equal(m.context_tokens, 8192);
	assert_true(m.rope_scaled);
	parse_ok(plain_v5, &m);
	assert_int_equal(m.context_tokens, 0);
	assert_false(m.rope_scaled);
	assert_int_equal(parse(negative, &m, &err), -1);
	assert_non_null(strstr(err.message, "'max_position_embeddings' must be at least 1"));

	/* learned positions: the table is the (hard) limit, no soft one */
	load("bert-large-uncased.json", &m);
	assert_int_equal(m.max_positions, 512);
	assert_int_equal(m.context_tokens, 0);
	assert_int_equal(vp_model_max_tokens(&m), 512);
	assert_int_equal(vp_model_context_tokens(&m), 0);
	load("gpt2-large.json", &m);
	assert_int_equal(vp_model_max_tokens(&m), 1024);
	assert_int_equal(vp_model_context_tokens(&m), 0);
	/* T5: relative buckets, no context key (n_positions is unused) */
	load("t5-small.json", &m);
	assert_int_equal(m.context_tokens, 0);
	assert_int_equal(vp_model_context_tokens(&m), 0);
}

/* DebertaV2Config and the keys its modeling code reads with getattr.
 * deberta-v3-base: relative embeddings of 2 x 256 rows with a LayerNorm, no
 * absolute positions or token types: DebertaV2Model 183,831,552, the
 * 184,423,682 users print for the 2-label classifier less its pooler dense
 * (590,592) and classifier (1,538). */
static void deberta_v2_keys(void **state)
{
#define DEBERTA_SHAPE "\"model_type\": \"deberta-v2\", \"hidden_size\": 768, \"intermediate_size\": 3072, " \
		      "\"num_hidden_layers\": 12, \"num_attention_heads\": 12, \"vocab_size\": 128100"
	static const char joined[] = "{" DEBERTA_SHAPE ", \"relative_attention\": true, \"position_buckets\": 256, "
				     "\"pos_att_type\": \"P2C|c2p\", \"share_att_key\": true, "
				     "\"position_biased_input\": false, \"norm_rel_ebd\": \"layer_norm\"}";
	static const char absolute[] = "{" DEBERTA_SHAPE "}";
	static const char span[] = "{" DEBERTA_SHAPE ", \"relative_attention\": true, \"max_relative_positions\": -1, "
				   "\"max_position_embeddings\": 256, \"pos_att_type\": [\"c2p\"], \"share_att_key\": true}";
	static const char conv[] = "{" DEBERTA_SHAPE ", \"relative_attention\": true, \"conv_kernel_size\": 3, "
				   "\"share_att_key\": true, \"pos_att_type\": \"p2c|c2p\"}";
	static const char unshared[] = "{" DEBERTA_SHAPE ", \"relative_attention\": true, \"pos_att_type\": \"c2p\"}";
	static const char bad_terms[] = "{" DEBERTA_SHAPE ", \"relative_attention\": true, \"pos_att_type\": 3}";
#undef DEBERTA_SHAPE
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "deberta-v3-base.json", &m, &err), 0);
	assert_int_equal(m.pos, VP_POS_DISENTANGLED);
	assert_int_equal(m.rel_span, 256);
	assert_true(m.rel_c2p && m.rel_p2c && m.rel_norm && !m.pooler);
	assert_int_equal(m.max_positions, 0);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(183831552));
	/* "p2c|c2p" as the hub file writes it, in any case */
	assert_int_equal(vp_hfconfig_parse("joined.json", joined, sizeof joined - 1, &m, &err), 0);
	assert_true(m.rel_c2p && m.rel_p2c);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(183831552));
	/* DebertaV2Config's defaults: no relative attention, a 512-row
	 * absolute table, no relative embeddings */
	assert_int_equal(vp_hfconfig_parse("absolute.json", absolute, sizeof absolute - 1, &m, &err), 0);
	assert_int_equal(m.pos, VP_POS_LEARNED);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(183831552) - 512 * 768 - 2 * 768 + 512 * 768);
	/* without buckets the span is max_relative_positions, itself
	 * max_position_embeddings when below 1; absolute positions kept */
	assert_int_equal(vp_hfconfig_parse("span.json", span, sizeof span - 1, &m, &err), 0);
	assert_int_equal(m.rel_span, 256);
	assert_true(m.rel_c2p && !m.rel_p2c && !m.rel_norm);
	assert_int_equal(m.max_positions, 256);
	assert_int_equal(vp_hfconfig_parse("conv.json", conv, sizeof conv - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'conv_kernel_size' 3"));
	assert_int_equal(vp_hfconfig_parse("unshared.json", unshared, sizeof unshared - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'share_att_key' false"));
	assert_int_equal(vp_hfconfig_parse("terms.json", bad_terms, sizeof bad_terms - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'pos_att_type' must be"));
}

/* MPNetConfig: BERT's keys without token types, 514 position rows, a
 * relative bias of 32 buckets per head: all-mpnet-base-v2 counts
 * 109,486,464 with its pooler, as public model tables list it. */
static void mpnet_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(CONFIGS "all-mpnet-base-v2.json", &m, &err), 0);
	assert_int_equal(m.type_vocab_size, 0);
	assert_int_equal(m.relative_buckets, 32);
	assert_int_equal(m.max_positions, 514);
	assert_true(m.pooler);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(109486464));
}

static void every_config_loads(void **state)
{
	(void)state;
	/* 10 shared configs + 45 per-family ones + one unmodelled model_type
	 * read as Llama (internlm-20b) + one stored in 4 bit, and the five of
	 * the hub-config audit (three more read as Llama: ernie4_5, minicpm,
	 * orion), and seed_oss and hunyuan_v1_dense (round 2 of the audit),
	 * and OPT-350m, and DeepSeek-V2-Lite-Chat, and Phi-3.5-MoE, Granite
	 * 3.0 1B-A400M and IBM's GraniteMoeShared test model, and
	 * Moonlight-16B-A3B-Instruct (deepseek_v3), and GLM-4.5-Air
	 * (glm4_moe), and KT's Mi:dm 2.0 Mini (llama), and
	 * Mistral-Small-3.1-24B-Instruct-2503 (mistral3), and
	 * ERNIE-4.5-21B-A3B (ernie4_5_moe), and a bitsandbytes checkpoint
	 * that leaves modules 16-bit (unsloth's llm_int8_skip_modules), and
	 * Qwen2.5-VL-7B-Instruct (qwen2_5_vl); 6 ground-truth configs */
	assert_int_equal(load_all(CONFIGS), 96);
	assert_int_equal(load_all(CONFIGS "groundtruth/"), 6);
}

/* ---- per-family mapping ------------------------------------------------- */

static void bert_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("xlm-roberta-large-bge-m3.json", &m);
	assert_string_equal(m.model_type, "xlm-roberta");
	assert_string_equal(m.name, "xlm-roberta-large-bge-m3");
	assert_string_equal(m.hf_id, "");
	assert_int_equal(m.arch, VP_ARCH_ENCODER);
	assert_int_equal(m.hidden_size, 1024);
	assert_int_equal(m.intermediate_size, 4096);
	assert_int_equal(m.num_layers, 24);
	assert_int_equal(m.num_heads, 16);
	assert_int_equal(m.num_kv_heads, 16);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.vocab_size, 250002);
	assert_int_equal(m.max_positions, 8194); /* RoBERTa's table: no offset added */
	assert_int_equal(m.type_vocab_size, 1);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.1);
	assert_string_equal(m.architecture, "XLMRobertaModel"); /* architectures[0] */
}

/* architectures[0] is kept only when it is a Python identifier: it picks a
 * default head, so anything else is left out as an absent key is */
static void the_checkpoint_class_is_kept_only_as_an_identifier(void **state)
{
#define TINY_BERT_WITH_ARCHITECTURES                                                          \
	"{\"model_type\": \"bert\", \"hidden_size\": 64, \"intermediate_size\": 256, "                \
	"\"num_hidden_layers\": 1, \"num_attention_heads\": 4, \"vocab_size\": 100, "                \
	"\"max_position_embeddings\": 16, \"type_vocab_size\": 2, \"architectures\": %s}"
	static const struct {
		const char *json, *kept;
	} rows[] = {
		{"[\"BertModel\", \"BertForMaskedLM\"]", "BertModel"},
		{"[\"../etc/passwd\"]", ""},
		{"[\"Bert Model\"]", ""},
		{"[]", ""},
		{"\"BertModel\"", ""},
		{"[42]", ""},
	};
	char text[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct vp_model m;
		snprintf(text, sizeof text, TINY_BERT_WITH_ARCHITECTURES, rows[i].json);
		parse_ok(text, &m);
		assert_string_equal(m.architecture, rows[i].kept);
	}
}

/* `dtype` (transformers >= 4.56) wins over `torch_dtype`; names other than
 * float32/float16/bfloat16 leave the dtype unknown; a non-string is an
 * error naming the key. */
static void the_stored_dtype_is_read_from_dtype_or_torch_dtype(void **state)
{
#define TINY_BERT_WITH(extra)                                                                    \
	"{\"model_type\": \"bert\", \"hidden_size\": 64, \"intermediate_size\": 256, "                \
	"\"num_hidden_layers\": 1, \"num_attention_heads\": 4, \"vocab_size\": 100, "                \
	"\"max_position_embeddings\": 16, \"type_vocab_size\": 2" extra "}"
	static const struct {
		const char *json;
		enum vp_dtype d;
	} rows[] = {
		{TINY_BERT_WITH(""), VP_DTYPE_UNKNOWN},
		{TINY_BERT_WITH(", \"torch_dtype\": \"bfloat16\""), VP_DTYPE_BF16},
		{TINY_BERT_WITH(", \"torch_dtype\": \"float16\""), VP_DTYPE_FP16},
		{TINY_BERT_WITH(", \"torch_dtype\": \"float32\""), VP_DTYPE_FP32},
		{TINY_BERT_WITH(", \"torch_dtype\": \"torch.float16\""), VP_DTYPE_FP16},
		{TINY_BERT_WITH(", \"dtype\": \"bfloat16\", \"torch_dtype\": \"float32\""), VP_DTYPE_BF16},
		{TINY_BERT_WITH(", \"dtype\": null, \"torch_dtype\": \"float16\""), VP_DTYPE_FP16},
		{TINY_BERT_WITH(", \"torch_dtype\": \"float8_e4m3fn\""), VP_DTYPE_UNKNOWN},
		{TINY_BERT_WITH(", \"torch_dtype\": \"auto\""), VP_DTYPE_UNKNOWN},
	};
	struct vp_error err = {0};
	struct vp_model m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		parse_ok(rows[i].json, &m);
		assert_int_equal(m.stored_dtype, rows[i].d);
	}
	assert_int_equal(parse(TINY_BERT_WITH(", \"dtype\": 16"), &m, &err), -1);
	assert_non_null(strstr(err.message, "'dtype' must be a string"));
	assert_string_equal(vp_dtype_name(VP_DTYPE_BF16), "bfloat16");
	assert_null(vp_dtype_name(VP_DTYPE_UNKNOWN));
}

static void t5_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("groundtruth/t0-3b.json", &m);
	assert_int_equal(m.hidden_size, 2048);
	assert_int_equal(m.intermediate_size, 5120);
	assert_int_equal(m.num_layers, 24);
	assert_int_equal(m.num_decoder_layers, 24);
	assert_int_equal(m.num_heads, 32);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.relative_buckets, 32);
	assert_true(m.gated_mlp);
	assert_int_equal(m.act, VP_ACT_GELU_NEW); /* T5Config: gated-gelu is gelu_new */
	assert_false(m.tie_embeddings); /* the file says so; T5Config's default is True */
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.1 && m.act_dropout == 0.1);

	load("t5-small.json", &m); /* v1.0: "relu", tied */
	assert_false(m.gated_mlp);
	assert_int_equal(m.act, VP_ACT_RELU);
	assert_true(m.tie_embeddings);
	assert_string_equal(m.name, "t5-small");
	assert_string_equal(m.hf_id, "t5-small");

	load("mt5-small.json", &m);
	assert_false(m.tie_embeddings);
	assert_true(m.gated_mlp);
}

static void t5_defaults_follow_the_config_class(void **state)
{
	struct vp_model m;
	static const char base[] =
		"{\"model_type\": \"%s\", \"d_model\": 512, \"d_ff\": 1024, \"num_layers\": 8,"
		" \"num_heads\": 6, \"vocab_size\": 1000%s}";
	char text[512];

	(void)state;
	/* T5Config: feed_forward_proj "relu", tie_word_embeddings True */
	snprintf(text, sizeof text, base, "t5", "");
	parse_ok(text, &m);
	assert_false(m.gated_mlp);
	assert_int_equal(m.act, VP_ACT_RELU);
	assert_true(m.tie_embeddings);
	assert_int_equal(m.num_decoder_layers, 8);
	assert_int_equal(m.head_dim, 64);
	/* MT5Config: "gated-gelu", untied */
	snprintf(text, sizeof text, base, "mt5", "");
	parse_ok(text, &m);
	assert_true(m.gated_mlp);
	assert_int_equal(m.act, VP_ACT_GELU_NEW);
	assert_false(m.tie_embeddings);
	snprintf(text, sizeof text, base, "umt5", ", \"feed_forward_proj\": \"gated-silu\"");
	parse_ok(text, &m);
	assert_true(m.gated_mlp);
	assert_int_equal(m.act, VP_ACT_SILU);
	snprintf(text, sizeof text, base, "t5", ", \"feed_forward_proj\": \"gelu\", \"d_kv\": 128,"
		 " \"num_decoder_layers\": 2");
	parse_ok(text, &m);
	assert_false(m.gated_mlp);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.num_decoder_layers, 2);
}

static void bart_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("kobart-base-v2.json", &m);
	assert_int_equal(m.arch, VP_ARCH_ENCDEC);
	assert_int_equal(m.hidden_size, 768);
	assert_int_equal(m.intermediate_size, 3072);
	assert_int_equal(m.num_layers, 6);
	assert_int_equal(m.num_decoder_layers, 6);
	assert_int_equal(m.num_heads, 16);
	assert_int_equal(m.head_dim, 48);
	assert_int_equal(m.max_positions, 1028); /* 1026 + BartLearnedPositionalEmbedding's 2 */
	assert_false(m.final_norm);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.0 && m.act_dropout == 0.0);

	load("bart-base-smiles.json", &m);
	assert_true(m.attn_dropout == 0.1 && m.act_dropout == 0.1);
	assert_string_equal(m.name, "bart-base");

	load("mbart-large-cc25.json", &m);
	assert_true(m.final_norm);
	assert_int_equal(m.max_positions, 1026);
}

/* MarianConfig and M2M100Config: BART's keys. opus-mt-ko-en counts its two
 * frozen 512 x 512 sinusoidal tables (75,949,568, the formula that gives
 * opus-mt-en-de's published 74,410,496) and trains all but them;
 * nllb-200-distilled-600M's tables are buffers: 615,073,792 as
 * num_parameters() prints it, m2m100_418M 483,905,536. */
static void translation_keys(void **state)
{
#define MARIAN_SHAPE "\"model_type\": \"marian\", \"d_model\": 512, \"encoder_ffn_dim\": 2048, " \
		     "\"encoder_layers\": 6, \"decoder_layers\": 6, \"encoder_attention_heads\": 8, " \
		     "\"decoder_ffn_dim\": 2048, \"decoder_attention_heads\": 8, " \
		     "\"vocab_size\": 58101, \"max_position_embeddings\": 512"
	static const char en_de[] = "{" MARIAN_SHAPE ", \"decoder_vocab_size\": 58101, "
				    "\"share_encoder_decoder_embeddings\": true}";
	static const char separate[] = "{" MARIAN_SHAPE ", \"share_encoder_decoder_embeddings\": false}";
	static const char other_vocab[] = "{" MARIAN_SHAPE ", \"decoder_vocab_size\": 32000}";
#undef MARIAN_SHAPE
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	load("opus-mt-ko-en.json", &m);
	assert_int_equal(m.pos, VP_POS_SINUSOIDAL);
	assert_int_equal(m.max_positions, 512);
	assert_int_equal(m.act, VP_ACT_SILU); /* "swish" */
	assert_true(!m.embed_norm && !m.final_norm && m.tie_embeddings);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.0);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(75949568));
	assert_int_equal(vp_model_frozen_param_count(&m, true), UINT64_C(524288));
	assert_int_equal(vp_model_frozen_param_count(&m, false), UINT64_C(262144));
	assert_int_equal(vp_hfconfig_parse("en-de.json", en_de, sizeof en_de - 1, &m, &err), 0);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(74410496));
	assert_int_equal(vp_hfconfig_parse("sep.json", separate, sizeof separate - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'share_encoder_decoder_embeddings' false"));
	assert_int_equal(vp_hfconfig_parse("vocab.json", other_vocab, sizeof other_vocab - 1, &m, &err), -1);
	assert_non_null(strstr(err.message, "'decoder_vocab_size' (32000) differs"));

	load("nllb-200-distilled-600M.json", &m);
	assert_int_equal(m.pos, VP_POS_SINUSOIDAL);
	assert_int_equal(m.max_positions, 0);
	assert_int_equal(m.act, VP_ACT_RELU);
	assert_true(!m.embed_norm && m.final_norm);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.1 && m.act_dropout == 0.0);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(615073792));
	assert_int_equal(vp_model_frozen_param_count(&m, true), 0);
	load("m2m100-418M.json", &m);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(483905536));
}

/* Exaone4Config: Llama's key names; every linear without bias (no
 * attention_bias key); head_dim given. EXAONE-4.0-1.2B ties its head and
 * counts 1,279,391,488 as a public load log prints it. */
static void exaone4_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("exaone-4.0-1.2b.json", &m);
	assert_string_equal(m.model_type, "exaone4");
	assert_int_equal(m.read_as[0], '\0');
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.num_kv_heads, 8);
	assert_true(m.tie_embeddings && !m.qkv_bias && !m.out_bias && !m.mlp_bias);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_PER_HEAD);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(1279391488));
}

/* GPTBigCodeConfig: GPT-2's keys plus multi_query (default true): one key
 * and value head, c_attn of n_embd + 2 x head_dim. gpt_bigcode-santacoder
 * counts V·E + P·E + L·(4E + (E + 2d)(E + 1) + E(E + 1) + I(E + 1) + E(I + 1))
 * + 2E = 1,124,886,528; with multi_query false c_attn is 3E wide. */
static void gpt_bigcode_keys(void **state)
{
	static const char mha[] = "{\"model_type\": \"gpt_bigcode\", \"n_embd\": 2048, \"n_head\": 16, "
				  "\"n_layer\": 24, \"n_positions\": 2048, \"vocab_size\": 49280, "
				  "\"multi_query\": false}";
	struct vp_model m;
	struct vp_error err = {0};
	const uint64_t E = 2048, d = 128, L = 24;

	(void)state;
	load("gpt_bigcode-santacoder.json", &m);
	assert_int_equal(m.num_kv_heads, 1);
	assert_int_equal(m.head_dim, d);
	assert_int_equal(m.intermediate_size, 8192);
	assert_int_equal(m.max_positions, 2048);
	assert_int_equal(m.act, VP_ACT_GELU); /* gelu_pytorch_tanh */
	assert_true(m.tie_embeddings && m.qkv_bias && m.mlp_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(1124886528));
	assert_int_equal(vp_hfconfig_parse("mha.json", mha, sizeof mha - 1, &m, &err), 0);
	assert_int_equal(m.num_kv_heads, 16);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(1124886528) + L * (2 * E - 2 * d) * (E + 1));
}

/* A classifier checkpoint's classes: num_labels, else id2label's entries;
 * only for a ...ForSequenceClassification or ...ForTokenClassification
 * class (a base model's config carries LABEL_0 and LABEL_1 anyway). */
static void classifier_labels(void **state)
{
#define BERT_SHAPE "\"model_type\": \"bert\", \"hidden_size\": 64, \"intermediate_size\": 128, " \
		   "\"num_hidden_layers\": 1, \"num_attention_heads\": 2, \"vocab_size\": 100"
	static const char ner[] = "{" BERT_SHAPE ", \"architectures\": [\"BertForTokenClassification\"], "
				  "\"id2label\": {\"0\": \"O\", \"1\": \"B-PER\", \"2\": \"I-PER\"}}";
	static const char keyed[] = "{" BERT_SHAPE ", \"architectures\": [\"BertForSequenceClassification\"], "
				    "\"num_labels\": 5, \"id2label\": {\"0\": \"a\"}}";
	static const char base[] = "{" BERT_SHAPE ", \"architectures\": [\"BertForMaskedLM\"], "
				   "\"id2label\": {\"0\": \"LABEL_0\", \"1\": \"LABEL_1\"}}";
	static const char huge[] = "{" BERT_SHAPE ", \"architectures\": [\"BertForSequenceClassification\"], "
				   "\"num_labels\": 10000001}";
#undef BERT_SHAPE
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_parse("ner.json", ner, sizeof ner - 1, &m, &err), 0);
	assert_int_equal(m.num_labels, 3);
	assert_int_equal(vp_hfconfig_parse("keyed.json", keyed, sizeof keyed - 1, &m, &err), 0);
	assert_int_equal(m.num_labels, 5);
	assert_int_equal(vp_hfconfig_parse("base.json", base, sizeof base - 1, &m, &err), 0);
	assert_int_equal(m.num_labels, 0);
	assert_int_equal(vp_hfconfig_parse("huge.json", huge, sizeof huge - 1, &m, &err), -1);
	assert_string_equal(err.message, "'num_labels' must be at most 1000000, got 10000001");
}

static void llama_like_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("groundtruth/llama-2-7b.json", &m);
	assert_string_equal(m.name, "llama-2-7b-hf"); /* from _name_or_path, made a catalogue name */
	assert_string_equal(m.hf_id, "meta-llama/Llama-2-7b-hf");
	assert_int_equal(m.num_kv_heads, 32);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.max_positions, 0); /* rotary: no position table */
	assert_false(m.tie_embeddings);

	load("llama-3.2-3b.json", &m);
	assert_int_equal(m.num_kv_heads, 8);
	assert_true(m.tie_embeddings);
	assert_int_equal(m.act, VP_ACT_SILU);

	load("qwen3-4b.json", &m);
	assert_int_equal(m.head_dim, 128);
	assert_false(m.qkv_bias);

	load("gemma-2-2b.json", &m);
	assert_true(m.logit_softcap && m.attn_softcap);
	assert_int_equal(m.head_dim, 256);
	assert_int_equal(m.act, VP_ACT_GELU);

	load("phi-3-mini-4k-instruct.json", &m);
	assert_int_equal(m.naming, VP_NAMING_PHI3);
	assert_true(m.rotary_fraction == 1.0);
	assert_int_equal(m.head_dim, 96);

	load("stablelm-2-1_6b.json", &m);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias || m.parallel_block);
	assert_true(m.rotary_fraction == 0.25);
	assert_int_equal(m.norm, VP_NORM_LAYER);
}

static void llama_like_optional_keys(void **state)
{
	struct vp_model m;

	(void)state;
	parse_ok("{\"model_type\": \"llama\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4,"
		 " \"num_key_value_heads\": null, \"vocab_size\": 100,"
		 " \"attention_bias\": true, \"mlp_bias\": true}", &m);
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(m.head_dim, 16);
	assert_true(m.qkv_bias && m.out_bias && m.mlp_bias);
	assert_string_equal(m.name, "inline");
	assert_string_equal(m.source, "inline.json");

	/* Gemma2Config's head_dim default is 256, not hidden / heads */
	parse_ok("{\"model_type\": \"gemma2\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"final_logit_softcapping\": null, \"attn_logit_softcapping\": null}", &m);
	assert_int_equal(m.head_dim, 256);
	assert_false(m.logit_softcap || m.attn_softcap);

	/* qwen2 always has q/k/v biases, whatever attention_bias says */
	parse_ok("{\"model_type\": \"qwen2\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 4,"
		 " \"vocab_size\": 100}", &m);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias);

	parse_ok("{\"model_type\": \"stablelm\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 4,"
		 " \"vocab_size\": 100,"
		 " \"use_parallel_residual\": true, \"partial_rotary_factor\": 0.5}", &m);
	assert_true(m.parallel_block);
	assert_true(m.rotary_fraction == 0.5);
}

/* A config.json without num_key_value_heads gets its configuration
 * class's default, not one kv head per query head: MistralConfig 8,
 * Qwen2Config 32, GemmaConfig 16 ... (read_kv_heads); LlamaConfig's is
 * None, the heads, as is a null in every class. 64 heads of 16 make every
 * default divide. */
static void absent_kv_heads_take_the_class_default(void **state)
{
	static const char shape[] = "{\"model_type\": \"%s\", \"hidden_size\": 1024, \"intermediate_size\": 128,"
				    " \"num_hidden_layers\": 2, \"num_attention_heads\": 64, \"vocab_size\": 100%s}";
	static const struct {
		const char *type;
		uint64_t kv;
	} cases[] = {
		{"mistral", 8}, {"mixtral", 8}, {"qwen2", 32}, {"qwen3", 32}, {"qwen2_moe", 16},
		{"qwen3_moe", 4}, {"gemma", 16}, {"gemma2", 4}, {"gemma3_text", 4}, {"stablelm", 32},
		{"exaone4", 32}, {"glm", 2}, {"glm4", 2}, {"smollm3", 4}, {"seed_oss", 8}, {"gpt_oss", 8},
		{"llama", 64}, {"phi3", 64}, {"olmo", 64}, {"olmo2", 64}, {"cohere", 64}, {"granite", 64},
	};
	char text[512];
	struct vp_model m, given;
	struct vp_error err = {0};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, shape, cases[i].type, "");
		parse_ok(text, &m);
		if (m.num_kv_heads != cases[i].kv)
			fail_msg("%s: %llu kv heads, want %llu", cases[i].type, (unsigned long long)m.num_kv_heads,
				 (unsigned long long)cases[i].kv);
		/* null is the heads, whatever the class default */
		snprintf(text, sizeof text, shape, cases[i].type, ", \"num_key_value_heads\": null");
		parse_ok(text, &m);
		assert_int_equal(m.num_kv_heads, 64);
	}

	/* the default counts as the number given: Qwen2's k_proj and v_proj
	 * are 32 heads wide, not 64 */
	snprintf(text, sizeof text, shape, "qwen2", "");
	parse_ok(text, &m);
	snprintf(text, sizeof text, shape, "qwen2", ", \"num_key_value_heads\": 32");
	parse_ok(text, &given);
	assert_true(vp_model_param_count(&m) == vp_model_param_count(&given));
	snprintf(text, sizeof text, shape, "qwen2", ", \"num_key_value_heads\": 64");
	parse_ok(text, &given);
	/* 2 layers x k and v x 32 heads x 16 x (1024 + 1 bias) */
	assert_true(vp_model_param_count(&given) - vp_model_param_count(&m) == 2 * 2 * 32 * 16 * 1025);

	/* a default that does not divide the heads (Qwen2-7B has 28) makes a
	 * model transformers cannot run: refused, the default named */
	assert_int_equal(parse("{\"model_type\": \"qwen2\", \"hidden_size\": 3584, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 28, \"vocab_size\": 100}",
			       &m, &err),
			 -1);
	assert_string_equal(err.message, "missing field 'num_key_value_heads': Qwen2Config's default, 32, does not "
					 "divide 'num_attention_heads' (28), so transformers would build a model that "
					 "cannot run; give the checkpoint's number");

	/* a model_type read as Llama has no class of its own: the heads */
	parse_ok("{\"model_type\": \"yi\", \"architectures\": [\"YiForCausalLM\"], \"hidden_size\": 1024,"
		 " \"intermediate_size\": 128, \"num_hidden_layers\": 2, \"num_attention_heads\": 64,"
		 " \"vocab_size\": 100, \"rms_norm_eps\": 1e-5, \"hidden_act\": \"silu\"}", &m);
	assert_string_equal(m.read_as, "llama");
	assert_int_equal(m.num_kv_heads, 64);
}

/* head_dim and the experts' width where the key is absent: GptOssConfig's
 * head_dim is 64, Qwen3MoeConfig has none (the attention's getattr falls
 * back to hidden / heads, unlike Qwen3Config's 128); moe_intermediate_size
 * Qwen2MoeConfig 1408, Qwen3MoeConfig 768. */
static void absent_head_dim_and_expert_width(void **state)
{
	struct vp_model m;

	(void)state;
	parse_ok("{\"model_type\": \"gpt_oss\", \"hidden_size\": 2880, \"intermediate_size\": 2880,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 64, \"vocab_size\": 100}", &m);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.num_kv_heads, 8);
	parse_ok("{\"model_type\": \"qwen3_moe\", \"hidden_size\": 2048, \"intermediate_size\": 6144,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 32, \"vocab_size\": 100}", &m);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.intermediate_size, 768);
	parse_ok("{\"model_type\": \"qwen3\", \"hidden_size\": 2048, \"intermediate_size\": 6144,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 32, \"vocab_size\": 100}", &m);
	assert_int_equal(m.head_dim, 128);
	parse_ok("{\"model_type\": \"qwen2_moe\", \"hidden_size\": 2048, \"intermediate_size\": 5632,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 16, \"vocab_size\": 100}", &m);
	assert_int_equal(m.intermediate_size, 1408);
	assert_int_equal(m.num_kv_heads, 16);
}

/* The other families' absent keys, each its class's default: PhiConfig
 * hidden_act "gelu_new"; GPTJConfig and CodeGenConfig rotary_dim 64 (null:
 * the whole head); QWenConfig kv_channels 128; BartConfig's
 * decoder_ffn_dim 4096 and decoder_attention_heads 16, not the encoder's;
 * UMT5Config ties the LM head, MT5Config does not; XLMRobertaXLConfig 514
 * positions and one token type. */
static void other_families_absent_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	parse_ok("{\"model_type\": \"phi\", \"hidden_size\": 256, \"intermediate_size\": 1024,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100}", &m);
	assert_int_equal(m.act, VP_ACT_GELU_NEW);

	/* 2 heads of 256: 64 of each rotated */
	parse_ok("{\"model_type\": \"gptj\", \"n_embd\": 512, \"n_layer\": 2, \"n_head\": 2, \"vocab_size\": 100}", &m);
	assert_true(m.rotary_fraction == 0.25);
	parse_ok("{\"model_type\": \"codegen\", \"n_embd\": 512, \"n_layer\": 2, \"n_head\": 2, \"vocab_size\": 100,"
		 " \"rotary_dim\": null}", &m);
	assert_true(m.rotary_fraction == 1.0);
	/* a head narrower than 64 is rotated whole */
	parse_ok("{\"model_type\": \"gptj\", \"n_embd\": 256, \"n_layer\": 2, \"n_head\": 8, \"vocab_size\": 100}", &m);
	assert_true(m.rotary_fraction == 1.0);

	parse_ok("{\"model_type\": \"qwen\", \"hidden_size\": 512, \"intermediate_size\": 1024,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100}", &m);
	assert_int_equal(m.head_dim, 128);

	parse_ok("{\"model_type\": \"bart\", \"d_model\": 1024, \"encoder_ffn_dim\": 4096, \"encoder_layers\": 2,"
		 " \"decoder_layers\": 2, \"encoder_attention_heads\": 16, \"vocab_size\": 100}", &m);
	assert_int_equal(m.intermediate_size, 4096);
	assert_int_equal(parse("{\"model_type\": \"bart\", \"d_model\": 768, \"encoder_ffn_dim\": 3072,"
			       " \"encoder_layers\": 2, \"decoder_layers\": 2, \"encoder_attention_heads\": 12,"
			       " \"vocab_size\": 100}", &m, &err),
			 -1);
	assert_string_equal(err.message, "unsupported: 'decoder_ffn_dim' (4096, the default where the key is "
					 "absent) differs from 'encoder_ffn_dim' (3072)");
	assert_int_equal(parse("{\"model_type\": \"marian\", \"d_model\": 512, \"encoder_ffn_dim\": 4096,"
			       " \"encoder_layers\": 2, \"decoder_layers\": 2, \"encoder_attention_heads\": 8,"
			       " \"vocab_size\": 100}", &m, &err),
			 -1);
	assert_string_equal(err.message, "unsupported: 'decoder_attention_heads' (16, the default where the key "
					 "is absent) differs from 'encoder_attention_heads' (8)");

	parse_ok("{\"model_type\": \"umt5\", \"d_model\": 64, \"d_ff\": 128, \"num_layers\": 2, \"num_heads\": 4,"
		 " \"vocab_size\": 100}", &m);
	assert_true(m.tie_embeddings);
	parse_ok("{\"model_type\": \"umt5\", \"d_model\": 64, \"d_ff\": 128, \"num_layers\": 2, \"num_heads\": 4,"
		 " \"vocab_size\": 100, \"tie_word_embeddings\": false}", &m);
	assert_false(m.tie_embeddings);
	parse_ok("{\"model_type\": \"mt5\", \"d_model\": 64, \"d_ff\": 128, \"num_layers\": 2, \"num_heads\": 4,"
		 " \"vocab_size\": 100}", &m);
	assert_false(m.tie_embeddings);

	/* XLMRobertaXLConfig: 514 positions, 1 token type; RobertaConfig 512, 2 */
	parse_ok("{\"model_type\": \"xlm-roberta-xl\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}", &m);
	assert_int_equal(m.max_positions, 514);
	assert_int_equal(m.type_vocab_size, 1);
	parse_ok("{\"model_type\": \"roberta\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}", &m);
	assert_int_equal(m.max_positions, 512);
	assert_int_equal(m.type_vocab_size, 2);
}

static void qwen_v1_halves_the_mlp(void **state)
{
	struct vp_model m;

	(void)state;
	load("groundtruth/qwen-1_8b.json", &m);
	assert_string_equal(m.name, "qwen-1_8b"); /* no _name_or_path: the file name */
	assert_int_equal(m.intermediate_size, 5504);
	assert_int_equal(m.head_dim, 128);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias || m.mlp_bias || m.tie_embeddings);
	assert_true(m.rotary_fraction == 1.0);
}

static void neox_phi_gpt2_bloom_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("polyglot-ko-12.8b.json", &m);
	assert_true(m.rotary_fraction == 0.5);
	assert_true(m.parallel_block && m.qkv_bias && m.out_bias);
	assert_int_equal(m.head_dim, 128);

	load("groundtruth/phi-1_5.json", &m);
	assert_int_equal(m.num_kv_heads, 32); /* null */
	assert_true(m.rotary_fraction == 0.5);
	assert_true(m.lm_head_bias && m.parallel_block);
	assert_true(m.hidden_dropout == 0.0);

	load("gpt2-large.json", &m);
	assert_int_equal(m.hidden_size, 1280);
	assert_int_equal(m.intermediate_size, 5120); /* n_inner absent: 4 * n_embd */
	assert_int_equal(m.num_layers, 36);
	assert_int_equal(m.num_heads, 20);
	assert_int_equal(m.max_positions, 1024);
	assert_true(m.tie_embeddings && m.hidden_dropout == 0.1 && m.attn_dropout == 0.1);

	load("bloom-3b.json", &m);
	assert_int_equal(m.hidden_size, 2560);
	assert_int_equal(m.intermediate_size, 10240);
	assert_int_equal(m.num_layers, 30);
	assert_int_equal(m.num_heads, 32);
	assert_string_equal(m.hf_id, "bigscience/bloom-3b");
	assert_string_equal(m.name, "bloom-3b");

	/* Falcon-7B: multi-query (one k/v head, whatever num_kv_heads says
	 * outside the new decoder architecture), no biases, one shared norm,
	 * the MLP 4x wide without ffn_hidden_size */
	load("falcon-7b.json", &m);
	assert_int_equal(m.num_kv_heads, 1);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(m.intermediate_size, 4 * 4544);
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias);
	assert_true(m.parallel_block && m.tie_embeddings && m.rotary_fraction == 1.0);
	assert_true(vp_model_single_block_norm(&m));

	parse_ok("{\"model_type\": \"falcon\", \"hidden_size\": 64, \"num_hidden_layers\": 2,"
		 " \"num_attention_heads\": 8, \"num_kv_heads\": 2, \"new_decoder_architecture\": true,"
		 " \"ffn_hidden_size\": 100, \"vocab_size\": 100}", &m);
	assert_int_equal(m.num_kv_heads, 2);
	assert_int_equal(m.intermediate_size, 100);
	assert_false(vp_model_single_block_norm(&m)); /* ln_attn and ln_mlp */

	/* the first remote-code configs: RefinedWebModel (7B) and RefinedWeb (40B) */
	parse_ok("{\"model_type\": \"RefinedWebModel\", \"hidden_size\": 64, \"n_layer\": 2,"
		 " \"n_head\": 8, \"multi_query\": true, \"vocab_size\": 100}", &m);
	assert_string_equal(m.model_type, "falcon");
	assert_int_equal(m.num_layers, 2);
	assert_int_equal(m.num_kv_heads, 1);
	parse_ok("{\"model_type\": \"RefinedWeb\", \"hidden_size\": 64, \"n_layer\": 2,"
		 " \"n_head\": 8, \"n_head_kv\": 2, \"vocab_size\": 100}", &m);
	assert_int_equal(m.num_kv_heads, 2);
	assert_false(vp_model_single_block_norm(&m));
	{
		struct vp_error err = {0};

		assert_int_not_equal(parse("{\"model_type\": \"falcon\", \"hidden_size\": 64,"
					   " \"num_hidden_layers\": 2, \"num_attention_heads\": 8,"
					   " \"vocab_size\": 100, \"alibi\": true}", &m, &err), 0);
		assert_non_null(strstr(err.message, "'alibi' is true"));
	}

	/* OPT-1.3B: ffn_dim, 2 extra position rows, ReLU, tied, biases */
	load("opt-1.3b.json", &m);
	assert_int_equal(m.intermediate_size, 8192);
	assert_int_equal(m.max_positions, 2050);
	assert_true(m.act == VP_ACT_RELU && m.tie_embeddings && m.qkv_bias && m.mlp_bias);
	assert_true(m.hidden_dropout == 0.1);
	{
		struct vp_error err = {0};

		/* a pre-norm OPT without its final norm would read as
		 * post-norm (_remove_final_layer_norm: checkpoints fine-tuned
		 * before transformers 4.20.1) */
		assert_int_not_equal(parse("{\"model_type\": \"opt\", \"hidden_size\": 64, \"ffn_dim\": 256,"
					   " \"num_hidden_layers\": 2, \"num_attention_heads\": 4,"
					   " \"vocab_size\": 100, \"_remove_final_layer_norm\": true}", &m, &err), 0);
		assert_non_null(strstr(err.message, "'_remove_final_layer_norm' is true"));
	}
	/* OPT-350m: post-norm blocks without a final norm (OPTDecoder builds
	 * final_layer_norm only with do_layer_norm_before), embed_tokens and
	 * the tied LM head 512 wide (word_embed_proj_dim), joined to the
	 * 1024-wide blocks by project_in and project_out */
	load("opt-350m.json", &m);
	assert_int_equal(m.hidden_size, 1024);
	assert_int_equal(m.embedding_size, 512);
	assert_int_equal(vp_model_embed_width(&m), 512);
	assert_int_equal(m.max_positions, 2050);
	assert_false(m.final_norm);
	assert_true(vp_model_post_norm(&m));
	assert_true(vp_model_layernorm_in_residual(&m));
	assert_int_equal(vp_model_param_count(&m), 331196416);
	/* OPT-1.3B's word_embed_proj_dim equals its hidden_size: no
	 * projections, pre-norm */
	load("opt-1.3b.json", &m);
	assert_int_equal(vp_model_embed_width(&m), 2048);
	assert_true(m.final_norm);
	assert_false(vp_model_post_norm(&m));

	/* older BLOOM files: n_embed and num_attention_heads */
	parse_ok("{\"model_type\": \"bloom\", \"n_embed\": 64, \"n_layer\": 2,"
		 " \"num_attention_heads\": 4, \"vocab_size\": 100}", &m);
	assert_int_equal(m.hidden_size, 64);
	assert_int_equal(m.num_heads, 4);
	assert_int_equal(m.intermediate_size, 256);

	parse_ok("{\"model_type\": \"gpt2\", \"n_embd\": 64, \"n_layer\": 2, \"n_head\": 4,"
		 " \"vocab_size\": 100, \"n_inner\": 100, \"n_positions\": 32}", &m);
	assert_int_equal(m.intermediate_size, 100);
	assert_int_equal(m.max_positions, 32);
}

/* MPT-7B's own config.json: MosaicML's key names, attn_config nested, and
 * what transformers' MptForCausalLM makes of them */
static void mpt_keys_and_what_transformers_cannot_load(void **state)
{
	static const char *const refused[][2] = {
		{"\"expansion_ratio\": 8", "'expansion_ratio' is 8"},
		{"\"no_bias\": false", "'no_bias' is false"},
		{"\"attn_config\": {\"attn_type\": \"grouped_query_attention\", \"kv_n_heads\": 8}",
		 "'attn_config.attn_type'"},
		{"\"attn_config\": {\"qk_ln\": true}", "'attn_config.qk_ln' is true"},
		{"\"attn_config\": {\"qk_ln\": 1}", "'attn_config.qk_ln' must be true or false"},
		{"\"attn_config\": {\"clip_qkv\": -6}", "'attn_config.clip_qkv' must be a positive number"},
		{"\"attn_config\": {\"attn_pdrop\": 1.5}", "'attn_config.attn_pdrop' must be a number in [0, 1)"},
		{"\"attn_config\": {\"attn_pdrop\": \"0.1\"}", "'attn_config.attn_pdrop' must be a number in [0, 1)"},
		{"\"attn_config\": []", "'attn_config' must be an object"},
	};
	struct vp_model m;

	(void)state;
	load("mpt-7b.json", &m);
	assert_string_equal(m.model_type, "mpt");
	assert_string_equal(m.name, "mpt-7b");
	assert_int_equal(m.hidden_size, 4096);
	assert_int_equal(m.intermediate_size, 4 * 4096);
	assert_int_equal(m.num_layers, 32);
	assert_int_equal(m.num_heads, 32);
	assert_int_equal(m.num_kv_heads, 32);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.vocab_size, 50432);
	assert_int_equal(m.max_positions, 2048);
	assert_int_equal(m.stored_dtype, VP_DTYPE_BF16);
	assert_true(m.tie_embeddings && m.attn_dropout == 0.0 && m.hidden_dropout == 0.0);
	assert_false(m.clip_qkv);

	/* attn_pdrop is the dropout of the probabilities and of both residual
	 * branches; resid_pdrop and emb_pdrop are not transformers' */
	parse_ok("{\"model_type\": \"mpt\", \"d_model\": 64, \"n_heads\": 4, \"n_layers\": 2,"
		 " \"vocab_size\": 100, \"resid_pdrop\": 0.3, \"attn_config\": {\"attn_pdrop\": 0.1,"
		 " \"clip_qkv\": null, \"attn_type\": \"multihead_attention\", \"qk_ln\": false}}", &m);
	assert_true(m.attn_dropout == 0.1 && m.hidden_dropout == 0.1);
	assert_int_equal(m.intermediate_size, 256);
	parse_ok("{\"model_type\": \"mpt\", \"d_model\": 64, \"n_heads\": 4, \"n_layers\": 2,"
		 " \"vocab_size\": 100, \"attn_config\": {\"clip_qkv\": 6}}", &m);
	assert_true(m.clip_qkv);

	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		struct vp_error err = {0};
		char text[512];

		snprintf(text, sizeof text,
			 "{\"model_type\": \"mpt\", \"d_model\": 64, \"n_heads\": 4, \"n_layers\": 2,"
			 " \"vocab_size\": 100, %s}", refused[i][0]);
		assert_int_equal(parse(text, &m, &err), -1);
		if (strstr(err.message, refused[i][1]) == NULL)
			fail_msg("%s: got '%s'", refused[i][0], err.message);
	}
}

/* OLMo (v1, transformers' OlmoForCausalLM): Llama's keys without
 * rms_norm_eps, non-parametric LayerNorms, clip_qkv from the 0424
 * release on */
static void olmo_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	load("olmo-1b-hf.json", &m);
	assert_string_equal(m.model_type, "olmo");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_false(m.norm_bias || m.qkv_bias || m.clip_qkv);
	assert_true(m.tie_embeddings && m.gated_mlp);
	assert_false(vp_model_norm_parameters(&m));
	assert_true(vp_model_norm_input_fp32(&m));
	assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), -1); /* OlmoForCausalLM only */
	parse_ok("{\"model_type\": \"olmo\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"clip_qkv\": 8.0}", &m);
	assert_true(m.clip_qkv);
	assert_false(m.tie_embeddings); /* OlmoConfig's default */
	assert_int_equal(parse("{\"model_type\": \"olmo\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"clip_qkv\": \"8\"}", &m, &err), -1);
	assert_non_null(strstr(err.message, "'clip_qkv' must be a positive number or null"));
}

/* OLMoE (OlmoeForCausalLM): a mixture of experts under Qwen-MoE's module
 * names, with OLMo 2's q/k norms over the whole projections, the experts
 * as wide as intermediate_size, clip_qkv as OLMo's, no classifier */
static void olmoe_keys(void **state)
{
	struct vp_model m;
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	struct vp_error err = {0};
	size_t n;

	(void)state;
	load("olmoe-1b-7b-0924.json", &m);
	assert_string_equal(m.model_type, "olmoe");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.num_experts, 64);
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(m.intermediate_size, 1024);
	assert_int_equal(m.shared_expert_size, 0);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_FULL);
	assert_false(m.tie_embeddings || m.qkv_bias || m.out_bias || m.clip_qkv);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 8); /* q k v o, the router, three expert linears */
	assert_string_equal(ls[4].path, "mlp.gate");
	assert_int_equal(ls[4].out_features, 64);
	assert_string_equal(ls[5].path, "mlp.experts.gate_proj");
	assert_int_equal(ls[5].copies, 64);
	assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), -1); /* OlmoeForCausalLM only */
	parse_ok("{\"model_type\": \"olmoe\", \"hidden_size\": 64, \"intermediate_size\": 32,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"clip_qkv\": 8.0, \"attention_bias\": true}", &m);
	assert_true(m.clip_qkv && m.qkv_bias && m.out_bias);
	assert_false(m.output_router_logits); /* OlmoeConfig's default */
	assert_int_equal(m.num_experts, 64); /* OlmoeConfig's defaults */
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(parse("{\"model_type\": \"olmoe\", \"hidden_size\": 64, \"intermediate_size\": 32,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"num_experts\": 4, \"num_experts_per_tok\": 5}", &m, &err), -1);
}

/* DeepSeek-V2-Lite-Chat (deepseek_v2, transformers 5's resaved config:
 * tests/data/configs/README.md): multi-head latent attention without a q
 * latent, 64 routed experts of 1408 with 2 shared, the first layer dense.
 * The config's head_dim (64, DeepseekV2Config's qk_rope_head_dim for the
 * rotary embedding) is not the heads' 192. By hand from
 * modular_deepseek_v2.py's shapes (a public module printout and tensor
 * list of this checkpoint agrees, "参数总量: 15,706,484,224"):
 *   embed_tokens and lm_head     2 x 102400 x 2048      =    419,430,400
 *   final norm                   2048                    =          2,048
 *   attention, every layer: q_proj 2048 x 16 x 192 (6,291,456),
 *     kv_a_proj_with_mqa 2048 x (512 + 64) (1,179,648), kv_a_layernorm
 *     512, kv_b_proj 512 x 16 x (128 + 128) (2,097,152), o_proj
 *     16 x 128 x 2048 (4,194,304); two norms 2 x 2048: 13,767,168
 *   layer 0: + the dense MLP 3 x 2048 x 10944 (67,239,936) = 81,007,104
 *   layers 1-26: + mlp.gate 2048 x 64 (131,072), 64 experts of
 *     3 x 2048 x 1408 (553,648,128), shared_experts 3 x 2048 x 2816
 *     (17,301,504) = 584,847,872; x 26 = 15,206,044,672
 *   total 419,430,400 + 2,048 + 81,007,104 + 15,206,044,672
 *       = 15,706,484,224 (the model card's "15.7B") */
static void deepseek_v2_keys(void **state)
{
	struct vp_model m;
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	struct vp_error err = {0};
	size_t n;

	(void)state;
	load("deepseek-v2-lite-chat.json", &m);
	assert_string_equal(m.model_type, "deepseek_v2");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.num_experts, 64);
	assert_int_equal(m.experts_per_token, 6);
	assert_int_equal(m.intermediate_size, 1408);
	assert_int_equal(m.shared_expert_size, 2816);
	assert_int_equal(m.dense_layers, 1);
	assert_int_equal(m.dense_intermediate_size, 10944);
	assert_int_equal(m.head_dim, 192);
	assert_int_equal(m.num_kv_heads, 16);
	assert_int_equal(m.q_lora_rank, 0);
	assert_int_equal(m.kv_lora_rank, 512);
	assert_int_equal(m.v_head_dim, 128);
	assert_false(m.tie_embeddings || m.qkv_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(15706484224));
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 11); /* q, kv_a, kv_b, o, the router, three expert and three shared linears */
	assert_string_equal(ls[0].path, "self_attn.q_proj");
	assert_int_equal(ls[0].out_features, 3072);
	assert_string_equal(ls[1].name, "kv_a_proj_with_mqa");
	assert_int_equal(ls[1].out_features, 576);
	assert_int_equal(ls[2].in_features, 512);
	assert_int_equal(ls[2].out_features, 4096);
	assert_int_equal(ls[3].in_features, 2048);
	assert_string_equal(ls[4].path, "mlp.gate");
	assert_false(ls[4].param_only); /* DeepseekV2Moe.gate is an nn.Linear */
	assert_int_equal(ls[5].copies, 64);
	assert_string_equal(ls[8].path, "mlp.shared_experts.gate_proj");
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER_DENSE, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7);
	assert_string_equal(ls[4].path, "mlp.gate_proj");
	assert_int_equal(ls[4].out_features, 10944);
	assert_true(vp_model_has_linear(&m, "kv_b_proj"));
	assert_false(vp_model_has_linear(&m, "v_proj"));
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,kv_b_proj");

	/* DeepseekV3Config's defaults under a small shape: a q latent
	 * (q_a_proj, q_a_layernorm, q_b_proj), three dense layers, one shared
	 * expert, and the router a parameter (DeepseekV3TopkRouter), which
	 * PEFT does not reach */
	parse_ok("{\"model_type\": \"deepseek_v3\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"n_routed_experts\": 8, \"moe_intermediate_size\": 16, \"q_lora_rank\": 32,"
		 " \"kv_lora_rank\": 16, \"qk_nope_head_dim\": 8, \"qk_rope_head_dim\": 4, \"v_head_dim\": 8}", &m);
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(m.dense_layers, 3);
	assert_int_equal(m.shared_expert_size, 16);
	assert_int_equal(m.head_dim, 12);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 12);
	assert_string_equal(ls[0].name, "q_a_proj");
	assert_string_equal(ls[1].name, "q_b_proj");
	assert_int_equal(ls[1].out_features, 48);
	assert_true(ls[5].param_only);
	assert_string_equal(vp_default_lora_targets(&m), "q_b_proj,kv_b_proj");
	/* 3 dense layers: attention 64 x 32 + 32 + 32 x 48 + 64 x 20 + 16 +
	 * 16 x 64 + 32 x 64 = 7,984, norms 128, MLP 3 x 64 x 96 = 18,432;
	 * 1 MoE layer: attention and norms 8,112, router 8 x 64, experts
	 * 8 x 3 x 64 x 16, shared 3 x 64 x 16 = 28,160; embeddings and head
	 * 2 x 100 x 64, final norm 64 */
	assert_int_equal(vp_model_param_count(&m), UINT64_C(3 * (7984 + 128 + 18432) + 8112 + 28160 + 12800 + 64));

	/* refused: skipped MoE layers (the remote code's moe_layer_freq), no
	 * shared experts (DeepseekV2Moe.forward adds them), V2 without a
	 * top-k (DeepseekV2Config's None) */
	assert_int_equal(parse("{\"model_type\": \"deepseek_v2\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"num_experts_per_tok\": 2, \"moe_layer_freq\": 2}", &m, &err), -1);
	assert_non_null(strstr(err.message, "'moe_layer_freq' 2"));
	assert_int_equal(parse("{\"model_type\": \"deepseek_v2\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"num_experts_per_tok\": 2, \"n_shared_experts\": null}", &m, &err), -1);
	assert_non_null(strstr(err.message, "'n_shared_experts' is null"));
	assert_int_equal(parse("{\"model_type\": \"deepseek_v2\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100}", &m, &err), -1);
	assert_non_null(strstr(err.message, "'num_experts_per_tok' is missing"));
	/* every layer dense (first_k_dense_replace >= num_hidden_layers):
	 * DeepseekV2DecoderLayer builds DeepseekV2MLP(config) in each
	 * (modular_deepseek_v2.py), so no router and no experts, the MLP
	 * intermediate_size wide, and the keys of experts it never builds,
	 * V2's missing top-k included, shape nothing. Until 2026-12-01
	 * refused as "must be below 'num_hidden_layers'". Per block: q 64 x
	 * 48, kv_a 64 x 20, its norm 16, kv_b 16 x 64, o 32 x 64, norms 128,
	 * MLP 3 x 64 x 96 = 26,000; embeddings and head 2 x 100 x 64, final
	 * norm 64 */
	parse_ok("{\"model_type\": \"deepseek_v2\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"first_k_dense_replace\": 6, \"moe_intermediate_size\": 16, \"kv_lora_rank\": 16,"
		 " \"qk_nope_head_dim\": 8, \"qk_rope_head_dim\": 4, \"v_head_dim\": 8, \"q_lora_rank\": null}", &m);
	assert_int_equal(m.num_experts, 0);
	assert_int_equal(m.experts_per_token, 0);
	assert_int_equal(m.shared_expert_size, 0);
	assert_int_equal(m.dense_layers, 0);
	assert_int_equal(m.intermediate_size, 96);
	assert_int_equal(vp_model_moe_layers(&m), 0);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7); /* q, kv_a, kv_b, o, gate, up, down: no router */
	assert_string_equal(ls[4].path, "mlp.gate_proj");
	assert_int_equal(ls[4].out_features, 96);
	assert_int_equal(ls[4].copies, 1);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(4 * 26000 + 12800 + 64));
	/* DeepseekV3Config's default first_k_dense_replace, 3, over 3 layers */
	parse_ok("{\"model_type\": \"deepseek_v3\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"n_routed_experts\": 8, \"moe_intermediate_size\": 16, \"q_lora_rank\": 32,"
		 " \"kv_lora_rank\": 16, \"qk_nope_head_dim\": 8, \"qk_rope_head_dim\": 4, \"v_head_dim\": 8}", &m);
	assert_int_equal(m.num_experts, 0);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER_DENSE, ls, VP_BLOCK_LINEARS_MAX), 0);
}

/* GLM-4.5-Air (glm4_moe; tests/data/configs/README.md): DeepSeek-V3's MoE
 * block and dense first layer under Glm4MoeAttention, GQA with q/k/v
 * biases (attention_bias true), o_proj without, head_dim 128, rotary on
 * half of each head, no q/k norms (use_qk_norm false). By hand from
 * modeling_glm4_moe.py's shapes:
 *   embed_tokens and lm_head     2 x 151552 x 4096      =  1,241,513,984
 *   final norm                   4096                    =          4,096
 *   attention, every layer: q_proj 4096 x 96 x 128 + 12,288
 *     (50,343,936), k_proj and v_proj 4096 x 8 x 128 + 1,024 (2 x
 *     4,195,328), o_proj 12,288 x 4096 (50,331,648); two norms
 *     2 x 4096: 109,074,432
 *   layer 0: + the dense MLP 3 x 4096 x 10944 (134,479,872)
 *     = 243,554,304
 *   layers 1-45: + mlp.gate 128 x 4096 (524,288), 128 experts of
 *     3 x 4096 x 1408 (2,214,592,512), shared_experts 3 x 4096 x 1408
 *     (17,301,504) = 2,341,492,736; x 45 = 105,367,173,120
 *   total 1,241,513,984 + 4,096 + 243,554,304 + 105,367,173,120
 *       = 106,852,245,504
 * (num_nextn_predict_layers' MTP layer is in the checkpoint, not in the
 * model transformers builds: test_model.c says what it adds.) */
static void glm4_moe_keys(void **state)
{
	struct vp_model m, other;
	struct vp_error err = {0};
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n;

	(void)state;
	load("glm-4.5-air.json", &m);
	assert_string_equal(m.model_type, "glm4_moe");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.num_experts, 128);
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(m.intermediate_size, 1408);
	assert_int_equal(m.shared_expert_size, 1408);
	assert_int_equal(m.dense_layers, 1);
	assert_int_equal(m.dense_intermediate_size, 10944);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.num_kv_heads, 8);
	assert_int_equal(m.kv_lora_rank, 0);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias || m.tie_embeddings || m.qk_norm);
	assert_true(m.rotary_fraction == 0.5);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_NONE);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(106852245504));
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 11); /* q, k, v, o, the router, three expert and three shared linears */
	assert_string_equal(ls[0].path, "self_attn.q_proj");
	assert_true(ls[0].bias);
	assert_int_equal(ls[1].out_features, 1024);
	assert_string_equal(ls[3].path, "self_attn.o_proj");
	assert_false(ls[3].bias);
	assert_string_equal(ls[4].path, "mlp.gate");
	assert_true(ls[4].param_only); /* Glm4MoeTopkRouter: a bare weight */
	assert_int_equal(ls[5].copies, 128);
	assert_string_equal(ls[8].path, "mlp.shared_experts.gate_proj");
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER_DENSE, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7);
	assert_string_equal(ls[4].path, "mlp.gate_proj");
	assert_int_equal(ls[4].out_features, 10944);
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,v_proj");
	/* the descriptor holds together: no latents for glm4_moe, latents
	 * for DeepSeek, qk_norm for glm4_moe alone */
	assert_int_equal(vp_model_validate(&m, &err), 0);
	other = m;
	other.kv_lora_rank = 512;
	assert_int_equal(vp_model_validate(&other, &err), -1);
	other = m;
	snprintf(other.model_type, sizeof other.model_type, "deepseek_v3");
	assert_int_equal(vp_model_validate(&other, &err), -1);
	other = m;
	other.qk_norm = true;
	assert_int_equal(vp_model_validate(&other, &err), 0);
	parse_ok("{\"model_type\": \"llama\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}", &other);
	other.qk_norm = true;
	assert_int_equal(vp_model_validate(&other, &err), -1);
	assert_non_null(strstr(err.message, "'qk_norm'"));

	/* Glm4MoeConfig's defaults under a small shape (attention_bias
	 * False, one shared expert, the first layer dense), and GLM-4.5's
	 * use_qk_norm: q_norm and k_norm, 2 x head_dim each layer. 2 layers
	 * of attention 64 x 64 x 2 + 64 x 32 x 2 = 12,288 and norms 128,
	 * q/k norms 2 x 16; layer 0's MLP 3 x 64 x 96; layer 1's router
	 * 8 x 64, experts 8 x 3 x 64 x 16, shared 3 x 64 x 16; embeddings
	 * and head 2 x 100 x 64, final norm 64 */
	parse_ok("{\"model_type\": \"glm4_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
		 " \"head_dim\": 16, \"vocab_size\": 100, \"n_routed_experts\": 8,"
		 " \"moe_intermediate_size\": 16, \"use_qk_norm\": true}", &m);
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(m.dense_layers, 1);
	assert_int_equal(m.shared_expert_size, 16);
	assert_false(m.qkv_bias);
	assert_true(m.qk_norm);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_PER_HEAD);
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(2 * (12288 + 128 + 32) + 3 * 64 * 96 + 512 + 24576 + 3072 + 12800 + 64));

	/* GLM-4.5's (and GLM-4.7's) shape, as a public survey of the Hub's
	 * config.json files gives GLM-4.7's (code index id 70102877713: 92
	 * layers + 1 MTP, hidden 5120, 96 heads over 8 kv heads of 128,
	 * attention_bias and use_qk_norm true, 160 experts of 1536, 8 per
	 * token, 1 shared, 3 dense layers; intermediate 12288 as NVIDIA's
	 * Megatron-Bridge page gives GLM-4.5's): 352,797,814,784 built. The
	 * survey's Hub total, 358,337,791,296, is that and the MTP layer (an
	 * MoE layer with its q/k norms, 3,935,625,472, eh_proj 10240 x 5120,
	 * three norms of 5120, its own embed_tokens and shared_head.head
	 * 2 x 151552 x 5120) and 90 e_score_correction_bias buffers of 160
	 * (the 89 MoE layers' and the MTP layer's): the q/k norms counted
	 * right, to the parameter */
	parse_ok("{\"model_type\": \"glm4_moe\", \"hidden_size\": 5120, \"intermediate_size\": 12288,"
		 " \"num_hidden_layers\": 92, \"num_attention_heads\": 96, \"num_key_value_heads\": 8,"
		 " \"head_dim\": 128, \"vocab_size\": 151552, \"n_routed_experts\": 160,"
		 " \"num_experts_per_tok\": 8, \"n_shared_experts\": 1, \"first_k_dense_replace\": 3,"
		 " \"moe_intermediate_size\": 1536, \"attention_bias\": true, \"use_qk_norm\": true,"
		 " \"num_nextn_predict_layers\": 1}", &m);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(352797814784));
	assert_int_equal(vp_model_param_count(&m) + UINT64_C(3935625472) + UINT64_C(10240) * 5120 + 3 * 5120 +
				 UINT64_C(2) * 151552 * 5120 + 90 * 160,
			 UINT64_C(358337791296));
}

/* ERNIE 4.5, dense (ernie4_5; models/ernie4_5/modular_ernie4_5.py): its
 * own type, no longer read as Llama. Ernie4_5Config's head_dim 128 (not
 * hidden / heads), 2 kv heads and tied head by default; use_bias puts a
 * bias on q/k/v/o_proj and the MLP's three linears. A small shape with
 * use_bias true: per layer q 64 x 512 + 512, k and v 64 x 256 + 256, o
 * 512 x 64 + 64, MLP 3 x 64 x 96 + 2 x 96 + 64, two norms of 64: 118,208;
 * two layers, the tied 100 x 64 embedding and the final norm: 242,880.
 * ERNIE-4.5-0.3B-PT's config: 360,748,032 (use_bias false), as before. */
static void ernie4_5_keys(void **state)
{
	struct vp_model m;

	(void)state;
	parse_ok("{\"architectures\": [\"Ernie4_5ForCausalLM\"], \"model_type\": \"ernie4_5\","
		 " \"hidden_size\": 64, \"intermediate_size\": 96, \"num_hidden_layers\": 2,"
		 " \"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05,"
		 " \"hidden_act\": \"silu\", \"use_bias\": true}", &m);
	assert_string_equal(m.model_type, "ernie4_5");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.num_kv_heads, 2);
	assert_true(m.qkv_bias && m.out_bias && m.mlp_bias && m.tie_embeddings);
	assert_false(m.lm_head_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(242880));
	/* a null head_dim is hidden / heads (__post_init__) */
	parse_ok("{\"model_type\": \"ernie4_5\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"head_dim\": null}", &m);
	assert_int_equal(m.head_dim, 16);
	load("ernie-4.5-0.3b-pt.json", &m);
	assert_string_equal(m.read_as, "");
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(360748032));
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,v_proj");
}

/* ERNIE 4.5's MoE (ernie4_5_moe; models/ernie4_5_moe/
 * modular_ernie4_5_moe.py): DeepSeek's block and dense first layers
 * (moe_layer_start_index) under Llama's attention. ERNIE-4.5-21B-A3B
 * (tests/data/configs/README.md) by hand:
 *   embed_tokens (tied)          103424 x 2560          =    264,765,440
 *   final norm                                           =          2,560
 *   attention, every layer: q and o 2560 x 2560, k and v 2560 x 512,
 *     two norms 2 x 2560: 15,733,760
 *   layer 0: + the dense MLP 3 x 2560 x 12288 (94,371,840) = 110,105,600
 *   layers 1-27: + mlp.gate 2560 x 64 (163,840, fp32), moe_statics'
 *     e_score_correction_bias 64 (fp32), 64 experts of 3 x 2560 x 1536
 *     (754,974,720), shared_experts 3 x 2560 x 3072 (23,592,960)
 *     = 794,465,344; x 27 = 21,450,564,288
 *   total 21,825,437,888, the Hub's safetensors total (F32 4,425,408 =
 *   27 x (163,840 + 64)) */
static void ernie4_5_moe_keys(void **state)
{
	struct vp_model m, other;
	struct vp_error err = {0};
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n;

	(void)state;
	load("ernie-4.5-21b-a3b.json", &m);
	assert_string_equal(m.model_type, "ernie4_5_moe");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.num_experts, 64);
	assert_int_equal(m.experts_per_token, 6);
	assert_int_equal(m.intermediate_size, 1536);
	assert_int_equal(m.shared_expert_size, 3072);
	assert_int_equal(m.dense_layers, 1);
	assert_int_equal(m.dense_intermediate_size, 12288);
	assert_int_equal(m.head_dim, 128);
	assert_true(m.tie_embeddings);
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(21825437888));
	assert_int_equal(vp_model_frozen_param_count(&m, false), 27 * 64);
	assert_int_equal(vp_model_validate(&m, &err), 0);
	assert_true(vp_model_router_logits_out(&m));
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 11);
	assert_string_equal(ls[4].path, "mlp.gate");
	assert_false(ls[4].param_only); /* an nn.Linear: PEFT reaches it */
	/* fp32 under a 16-bit load, but quantized by bitsandbytes (only the
	 * strict list names it): test_estimate.c
	 * ernie_router_is_quantized_by_bitsandbytes */
	assert_false(vp_linear_kept_in_fp32(&m, &ls[4]));
	assert_false(vp_linear_kept_in_fp32(&m, &ls[0]));
	assert_string_equal(ls[8].path, "mlp.shared_experts.gate_proj");
	assert_int_equal(ls[8].out_features, 3072);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER_DENSE, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7);
	assert_int_equal(ls[4].out_features, 12288);
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,v_proj");
	other = m;
	other.kv_lora_rank = 512;
	assert_int_equal(vp_model_validate(&other, &err), -1);

	/* Ernie4_5_MoeConfig's defaults under a small shape (moe_k 6 over 8
	 * experts, 2 shared, moe_layer_start_index 1, end -1, interval 1):
	 * 3 layers of attention 12,288 and norms 128; layer 0's MLP
	 * 3 x 64 x 96; layers 1 and 2: router 64 x 8, statics 8, experts
	 * 8 x 3 x 64 x 16, shared 3 x 64 x 32; the tied 100 x 64 embedding,
	 * the final norm */
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
		 " \"vocab_size\": 100, \"moe_num_experts\": 8, \"moe_intermediate_size\": 16,"
		 " \"moe_layer_end_index\": -1}", &m);
	assert_int_equal(m.experts_per_token, 6);
	assert_int_equal(m.shared_expert_size, 32);
	assert_int_equal(m.dense_layers, 1);
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(3 * (12288 + 128) + 3 * 64 * 96 + 2 * (512 + 8 + 24576 + 6144) + 6400 + 64));
	/* the first experts at layer 2, up to the last: two dense layers */
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"moe_num_experts\": 8, \"moe_intermediate_size\": 16, \"moe_layer_start_index\": 2,"
		 " \"moe_layer_end_index\": 2, \"moe_num_shared_experts\": 0}", &m);
	assert_int_equal(m.dense_layers, 2);
	assert_int_equal(m.shared_expert_size, 0);
	/* no layer in the range: every layer dense, intermediate_size wide */
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"moe_layer_start_index\": 3}", &m);
	assert_int_equal(m.num_experts, 0);
	assert_int_equal(m.intermediate_size, 96);
	assert_int_equal(vp_model_validate(&m, &err), 0);
	/* an end before the start, or an interval past the last layer,
	 * leaves no layer in the rule's range either: all dense, as
	 * Ernie4_5_MoeDecoderLayer builds them (they were refused as dense
	 * layers after the experts, who had none) */
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"moe_layer_start_index\": 2, \"moe_layer_end_index\": 1}", &m);
	assert_int_equal(m.num_experts, 0);
	assert_int_equal(m.intermediate_size, 96);
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"moe_layer_interval\": 4}", &m);
	assert_int_equal(m.num_experts, 0);
	/* an interval whose only expert layer is the last: (2 + 1) % 3 == 0,
	 * layers 0 and 1 dense */
	parse_ok("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"moe_num_experts\": 8, \"moe_intermediate_size\": 16, \"moe_layer_interval\": 3}", &m);
	assert_int_equal(m.num_experts, 8);
	assert_int_equal(m.dense_layers, 2);
	assert_int_equal(vp_model_validate(&m, &err), 0);
	/* dense layers between or after the experts' are refused, and so are
	 * the experts' biases */
	assert_int_equal(parse("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"moe_layer_interval\": 2}", &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "'moe_layer_interval' 2"));
	assert_int_equal(parse("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"moe_layer_end_index\": 2}", &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "'moe_layer_end_index' 2 of 4 layers"));
	assert_int_equal(parse("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"use_bias\": true}", &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "'use_bias'"));
	/* the descriptor's checks name the config's keys */
	assert_int_equal(parse("{\"model_type\": \"ernie4_5_moe\", \"hidden_size\": 64, \"intermediate_size\": 96,"
			       " \"num_hidden_layers\": 3, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"moe_num_experts\": 8, \"moe_k\": 9}", &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "'moe_k' (9) must be from 1 to 'moe_num_experts' (8)"));
}

/* SmolLM3: Llama's keys and block under its own type (not "read as llama"),
 * the LM head tied by SmolLM3Config's default, the window off where
 * use_sliding_window is false, and the same estimate as that Llama */
static void smollm3_keys(void **state)
{
	struct vp_model m, llama;
	struct vp_error err = {0};

	(void)state;
	load("smollm3-3b.json", &m);
	assert_string_equal(m.model_type, "smollm3");
	assert_string_equal(m.read_as, "");
	assert_true(m.tie_embeddings);
	assert_int_equal(m.sliding_window, 0);
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), 0);
	llama = m;
	snprintf(llama.model_type, sizeof llama.model_type, "llama");
	assert_int_equal(vp_model_param_count(&m), vp_model_param_count(&llama));
}

/* Seed-OSS (models/seed_oss/modular_seed_oss.py): its own type, not a
 * warned-about Llama clone, because the Llama reading took attention_bias
 * for o_proj too and left out residual_dropout, the dropout SeedOssAttention
 * and SeedOssMLP apply to their outputs (two masks a layer in training).
 * The count is Llama's less o_proj's bias: 36,151,104,512, the "36B" of
 * ByteDance-Seed/seed-oss's README. A config silent on the dropouts and
 * biases gets SeedOssConfig's defaults (0.1, 0.1; q/k/v biased, o_proj not). */
static void seed_oss_keys(void **state)
{
	struct vp_model m, llama;
	struct vp_error err = {0};

	(void)state;
	load("seed-oss-36b-instruct.json", &m);
	assert_string_equal(m.model_type, "seed_oss");
	assert_string_equal(m.read_as, "");
	assert_true(m.qkv_bias);
	assert_false(m.out_bias);
	assert_false(m.mlp_bias);
	assert_false(m.tie_embeddings);
	assert_true(m.hidden_dropout == 0.1);
	assert_true(m.attn_dropout == 0.1);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.num_kv_heads, 8);
	assert_true(vp_model_param_count(&m) == 36151104512ULL);
	/* the Llama twin with o_proj biased: 64 layers x 5120 more */
	llama = m;
	snprintf(llama.model_type, sizeof llama.model_type, "llama");
	llama.out_bias = true;
	assert_true(vp_model_param_count(&llama) - vp_model_param_count(&m) == 64ULL * 5120ULL);

	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"architectures\": [\"SeedOssForCausalLM\"],"
			       " \"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2,"
			       " \"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"vocab_size\": 100}",
			       &m, &err),
			 0);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias);
	assert_true(m.hidden_dropout == 0.1);
	assert_true(m.attn_dropout == 0.1);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100,"
			       " \"residual_dropout\": 0.0, \"attention_out_bias\": true, \"attention_bias\": false}",
			       &m, &err),
			 0);
	assert_true(m.hidden_dropout == 0.0);
	assert_false(m.qkv_bias);
	assert_true(m.out_bias);
	/* head_dim null is hidden / heads (SeedOssConfig.__post_init__), not
	 * the class's 128, which only an absent key gets */
	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100,"
			       " \"head_dim\": null}",
			       &m, &err),
			 0);
	assert_int_equal(m.head_dim, 8);
	/* an absent num_key_value_heads is SeedOssConfig's 8, not the heads
	 * (80 / 8 Seed-OSS-36B's shape without the key); null is the heads */
	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"hidden_size\": 80, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 80, \"vocab_size\": 100}",
			       &m, &err),
			 0);
	assert_int_equal(m.num_kv_heads, 8);
	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"hidden_size\": 80, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 80, \"vocab_size\": 100,"
			       " \"num_key_value_heads\": null}",
			       &m, &err),
			 0);
	assert_int_equal(m.num_kv_heads, 80);
	assert_int_equal(parse("{\"model_type\": \"seed_oss\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100,"
			       " \"residual_dropout\": 1.5}",
			       &m, &err),
			 -1);
}

/* Hunyuan dense (models/hunyuan_v1_dense/modular_hunyuan_v1_dense.py): its
 * own type, not a warned-about Llama clone, because HunYuanDenseV1Attention
 * normalizes q and k per head after rotary (query_layernorm, key_layernorm,
 * whatever use_qk_norm says), which the Llama reading left out: 2 x 128
 * weights a layer, and the norms' saved inputs in training. The MLP has no
 * bias whatever mlp_bias says. Hunyuan-7B-Instruct: 7,504,568,320, the
 * card's "7.5B". */
static void hunyuan_dense_keys(void **state)
{
	struct vp_model m, llama;
	struct vp_error err = {0};

	(void)state;
	load("hunyuan-7b-instruct.json", &m);
	assert_string_equal(m.model_type, "hunyuan_v1_dense");
	assert_string_equal(m.read_as, "");
	assert_true(m.tie_embeddings);
	assert_false(m.qkv_bias);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_PER_HEAD);
	assert_true(vp_model_param_count(&m) == 7504568320ULL);
	llama = m;
	snprintf(llama.model_type, sizeof llama.model_type, "llama");
	assert_true(vp_model_param_count(&m) - vp_model_param_count(&llama) == 32ULL * 2 * 128);

	assert_int_equal(parse("{\"model_type\": \"hunyuan_v1_dense\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
			       " \"mlp_bias\": true, \"attention_bias\": true}",
			       &m, &err),
			 0);
	assert_false(m.mlp_bias);
	assert_true(m.qkv_bias);
	assert_true(m.out_bias);
	assert_false(m.tie_embeddings);
}

/* ModernBERT: BERT's shape keys, no biases and no norm bias, a gated GELU
 * MLP, rotary positions; half of local_attention is the window masking_utils
 * compares, every third layer from 0 is global (8 of 22) unless layer_types
 * says otherwise; all global layers mean no window at all. A layer_types
 * list of the wrong length is refused as transformers refuses it. */
static void modernbert_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	char text[1024];

	(void)state;
	load("modernbert-base.json", &m);
	assert_string_equal(m.model_type, "modernbert");
	assert_int_equal(m.arch, VP_ARCH_ENCODER);
	assert_true(m.gated_mlp);
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias || m.norm_bias || m.pooler);
	assert_int_equal(m.pos, VP_POS_ROTARY);
	assert_int_equal(m.sliding_window, 64);
	assert_int_equal(m.full_attn_layers, 8);
	assert_int_equal(m.head_dim, 64);
	assert_int_equal(vp_model_max_tokens(&m), 0);
	assert_int_equal(vp_head_check(&m, VP_HEAD_MASKED_LM, &err), 0);
	assert_int_equal(vp_head_check(&m, VP_HEAD_CAUSAL_LM, &err), -1);
	assert_string_equal(vp_default_lora_targets(&m), "Wqkv");
	assert_false(vp_peft_has_default_targets(&m));

	snprintf(text, sizeof text,
		 "{\"model_type\": \"modernbert\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"local_attention\": 32, \"layer_types\": [\"full_attention\", \"sliding_attention\","
		 " \"full_attention\", \"sliding_attention\"]}");
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), 0);
	assert_int_equal(m.sliding_window, 16);
	assert_int_equal(m.full_attn_layers, 2);

	snprintf(text, sizeof text,
		 "{\"model_type\": \"modernbert\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"global_attn_every_n_layers\": 1}");
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), 0);
	assert_int_equal(m.sliding_window, 0);
	assert_int_equal(m.full_attn_layers, 0);

	snprintf(text, sizeof text,
		 "{\"model_type\": \"modernbert\", \"hidden_size\": 64, \"intermediate_size\": 96,"
		 " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"layer_types\": [\"full_attention\"]}");
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), -1);
	assert_non_null(strstr(err.message, "'layer_types' has 1 entries for 4 layers"));
}

/* gpt-oss: experts and router as parameters (no LoRA target names them,
 * all-linear leaves them out, the linear names list only the attention's),
 * biases on q, k, v and o, a window of 128 on every second layer, no
 * quantized base. */
static void gpt_oss_keys(void **state)
{
	struct vp_model m;
	char names[256];

	(void)state;
	load("gpt-oss-20b.json", &m);
	assert_string_equal(m.model_type, "gpt_oss");
	assert_int_equal(m.num_experts, 32);
	assert_int_equal(m.experts_per_token, 4);
	assert_true(m.qkv_bias && m.out_bias);
	assert_false(m.tie_embeddings);
	assert_int_equal(m.sliding_window, 128);
	assert_int_equal(m.full_attn_layers, 12);
	assert_true(vp_model_has_linear(&m, "q_proj"));
	assert_false(vp_model_has_linear(&m, "gate_up_proj"));
	assert_false(vp_model_has_linear(&m, "router"));
	vp_model_linear_names(&m, names, sizeof names);
	assert_string_equal(names, "q_proj, k_proj, v_proj, o_proj");
}

/* PhiMoE (Phi-3.5-MoE-instruct): Mixtral's experts and names under
 * LayerNorms with biases, biases on q, k, v and o (attention_bias) and on
 * the LM head (lm_head_bias); PhimoeConfig's defaults where keys are
 * absent (16 experts, 2 per token, 8 kv heads, no biases) */
static void phimoe_keys(void **state)
{
	struct vp_model m;
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n;

	(void)state;
	load("phi-3.5-moe-instruct.json", &m);
	assert_string_equal(m.model_type, "phimoe");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.num_experts, 16);
	assert_int_equal(m.experts_per_token, 2);
	assert_int_equal(m.num_kv_heads, 8);
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_true(m.norm_bias && m.qkv_bias && m.out_bias && m.lm_head_bias);
	assert_false(m.tie_embeddings || m.output_router_logits);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 8); /* q k v o, the router, w1 w3 w2 */
	assert_string_equal(ls[4].path, "block_sparse_moe.gate");
	assert_string_equal(ls[5].path, "block_sparse_moe.experts.w1");
	assert_int_equal(ls[5].copies, 16);
	assert_true(vp_model_has_linear(&m, "w2"));
	parse_ok("{\"model_type\": \"phimoe\", \"hidden_size\": 64, \"intermediate_size\": 32,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100}", &m);
	assert_int_equal(m.num_experts, 16);
	assert_int_equal(m.experts_per_token, 2);
	assert_int_equal(m.num_kv_heads, 8);
	assert_false(m.qkv_bias || m.out_bias || m.lm_head_bias);
}

/* GraniteMoE (Granite 3.0 1B-A400M): the experts input_linear and
 * output_linear are parameters (no LoRA target reaches them, all-linear
 * leaves them out), the router block_sparse_moe.router.layer an
 * nn.Linear; tied, RMS norms, no biases */
static void granitemoe_keys(void **state)
{
	struct vp_model m;
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	char names[256];
	size_t n;

	(void)state;
	load("granite-3.0-1b-a400m-base.json", &m);
	assert_string_equal(m.model_type, "granitemoe");
	assert_int_equal(m.num_experts, 32);
	assert_int_equal(m.experts_per_token, 8);
	assert_int_equal(m.num_kv_heads, 8);
	assert_int_equal(m.intermediate_size, 512);
	assert_int_equal(m.norm, VP_NORM_RMS);
	assert_true(m.tie_embeddings);
	assert_false(m.qkv_bias || m.out_bias || m.lm_head_bias);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7); /* q k v o, the router, input_linear, output_linear */
	assert_string_equal(ls[4].path, "block_sparse_moe.router.layer");
	assert_false(ls[4].param_only);
	assert_int_equal(ls[5].role, VP_LIN_GATE_UP);
	assert_int_equal(ls[5].out_features, 1024);
	assert_int_equal(ls[5].copies, 32);
	assert_true(ls[5].param_only && ls[6].param_only);
	assert_false(vp_model_has_linear(&m, "input_linear"));
	vp_model_linear_names(&m, names, sizeof names);
	assert_string_equal(names, "q_proj, k_proj, v_proj, o_proj, layer");
	/* GraniteMoeConfig: kv heads None (the heads), 8 experts, 2 a token */
	parse_ok("{\"model_type\": \"granitemoe\", \"hidden_size\": 64, \"intermediate_size\": 32,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}", &m);
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(m.num_experts, 8);
	assert_int_equal(m.experts_per_token, 2);
	assert_false(m.tie_embeddings);
	assert_int_equal(m.shared_expert_size, 0); /* granitemoe has no shared_mlp */
}

/* GraniteMoeShared (ibm-research/moe-7b-1b-active-shared-experts):
 * GraniteMoE's block with shared_mlp, whose input_linear (2 x
 * shared_intermediate_size) and output_linear are nn.Linear; no sequence
 * classifier; shared_intermediate_size 0 (the class's default) is none */
static void granitemoeshared_keys(void **state)
{
	struct vp_model m;
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	struct vp_error err = {0};
	char names[256];
	size_t n;

	(void)state;
	load("moe-7b-1b-active-shared-experts.json", &m);
	assert_string_equal(m.model_type, "granitemoeshared");
	assert_int_equal(m.num_experts, 62);
	assert_int_equal(m.experts_per_token, 6);
	assert_int_equal(m.shared_expert_size, 1024);
	assert_true(m.tie_embeddings);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 9); /* q k v o, the router, the experts' two, shared_mlp's two */
	assert_string_equal(ls[7].path, "shared_mlp.input_linear");
	assert_int_equal(ls[7].out_features, 2048);
	assert_false(ls[7].param_only);
	assert_string_equal(ls[8].path, "shared_mlp.output_linear");
	vp_model_linear_names(&m, names, sizeof names);
	assert_string_equal(names, "q_proj, k_proj, v_proj, o_proj, layer, input_linear, output_linear");
	assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), -1);
	parse_ok("{\"model_type\": \"granitemoeshared\", \"hidden_size\": 64, \"intermediate_size\": 32,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}", &m);
	assert_int_equal(m.shared_expert_size, 0);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, ls, VP_BLOCK_LINEARS_MAX), 7);
}

/* The global layers among sliding ones: Gemma 3 1B's sliding_window_pattern
 * 6 over 26 layers (layers 5, 11, 17, 23), EXAONE 4.0's string form
 * ("LLLG" over 6 layers: one G), a layer_types list, and a list with no
 * sliding layer, which is no window at all. */
static void layer_patterns_count_the_global_layers(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	char text[1024];
	const char *shape = "\"hidden_size\": 64, \"intermediate_size\": 96, \"num_hidden_layers\": 6,"
			    " \"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"vocab_size\": 100,"
			    " \"sliding_window\": 32";

	(void)state;
	load("gemma-3-1b.json", &m);
	assert_int_equal(m.full_attn_layers, 4);
	assert_int_equal(vp_model_full_attn_layers(&m), 4);

	snprintf(text, sizeof text, "{\"model_type\": \"exaone4\", %s, \"sliding_window_pattern\": \"LLLG\"}", shape);
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), 0);
	assert_int_equal(m.sliding_window, 32);
	assert_int_equal(m.full_attn_layers, 1);

	snprintf(text, sizeof text,
		 "{\"model_type\": \"olmo3\", %s, \"layer_types\": [\"sliding_attention\", \"full_attention\","
		 " \"sliding_attention\", \"full_attention\", \"sliding_attention\", \"full_attention\"]}", shape);
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), 0);
	assert_int_equal(m.full_attn_layers, 3);

	snprintf(text, sizeof text, "{\"model_type\": \"cohere2\", %s, \"sliding_window_pattern\": 1}", shape);
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), 0);
	assert_int_equal(m.sliding_window, 0);
	assert_int_equal(vp_model_full_attn_layers(&m), 0);

	snprintf(text, sizeof text, "{\"model_type\": \"exaone4\", %s, \"sliding_window_pattern\": \"LLX\"}", shape);
	assert_int_equal(vp_hfconfig_parse("m.json", text, strlen(text), &m, &err), -1);
	assert_non_null(strstr(err.message, "'sliding_window_pattern' must be a number or a string of L and G"));
}

/* Gemma 3's multimodal checkpoints: the text model from text_config, its
 * silent keys Gemma3TextConfig's defaults (the 4B's heads, kv heads and
 * vocabulary), and the SigLIP tower with the projector as vision_params:
 * 27 x (4 x (1152^2 + 1152) + 2 x 1152 x 4304 + 4304 + 1152 + 4 x 1152)
 * + 3 x 14^2 x 1152 + 1152 + 64^2 x 1152 + 2 x 1152 (the tower) + 1152 x
 * 2560 + 1152 (the projector) = 419,816,304. Errors name the nested
 * object. */
static void gemma3_multimodal_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	load("gemma-3-4b-it.json", &m);
	assert_string_equal(m.model_type, "gemma3_text");
	assert_string_equal(m.architecture, "Gemma3ForConditionalGeneration");
	assert_int_equal(m.hidden_size, 2560);
	assert_int_equal(m.num_layers, 34);
	assert_int_equal(m.num_heads, 8);
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(m.head_dim, 256);
	assert_int_equal(m.vocab_size, 262208);
	assert_int_equal(m.sliding_window, 1024);
	assert_int_equal(m.vision_params, UINT64_C(419816304));
	assert_int_equal(m.vision_linear_params, UINT64_C(27) * (4 * 1152 * 1152 + 2 * 1152 * 4304));
	/* the shapes the LoRA adapters on the tower's linears take */
	assert_int_equal(m.vision_hidden_size, 1152);
	assert_int_equal(m.vision_intermediate_size, 4304);
	assert_int_equal(m.vision_layers, 27);
	assert_int_equal(m.vision_merge_size, 0);
	assert_true(vp_model_masks_always(&m));
	assert_int_equal(vp_model_frozen_param_count(&m, false), UINT64_C(419816304));
	assert_int_equal(parse("{\"model_type\": \"gemma3\", \"vision_config\": {}}", &m, &err), -1);
	assert_non_null(strstr(err.message, "needs a 'text_config' object"));
	assert_int_equal(parse("{\"model_type\": \"gemma3\", \"text_config\": {\"hidden_size\": \"2560\"}, "
			       "\"vision_config\": {}}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "in 'text_config': 'hidden_size' must be a number"));
	assert_int_equal(parse("{\"model_type\": \"gemma3\", \"text_config\": {}, "
			       "\"vision_config\": {\"vision_use_head\": true}}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "in 'vision_config': unsupported: 'vision_use_head' is true"));
	assert_int_equal(parse("{\"model_type\": \"gemma3\", \"text_config\": {\"model_type\": \"llama\"}, "
			       "\"vision_config\": {}}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "'text_config.model_type' must be \"gemma3_text\""));
	/* a bare config: both Gemma3TextConfig's and SiglipVisionConfig's
	 * defaults */
	parse_ok("{\"model_type\": \"gemma3\", \"text_config\": {}, \"vision_config\": {}}", &m);
	assert_int_equal(m.hidden_size, 2304);
	assert_int_equal(m.vision_params, UINT64_C(12) * (4 * (768 * 768 + 768) + 2 * 768 * 3072 + 3072 + 768 + 4 * 768) +
						 3 * 16 * 16 * 768 + 768 + 14 * 14 * 768 + 2 * 768 + 768 * 2304 + 768);
}

/* Mistral Small 3.1 (Mistral3ForConditionalGeneration): the text model
 * from text_config (model_type mistral), and the Pixtral tower with the
 * projector as vision_params: 24 x (4 x 1024^2 + 3 x 1024 x 4096 + 2 x
 * 1024) + 3 x 14^2 x 1024 + 1024 (the tower, 403,305,472) + 1024 + 4096 x
 * 1024 + 1024 x 5120 + 5120^2 (the projector: norm, merging_layer,
 * linear_1, linear_2; 35,652,608) = 438,958,080; every weight but the norms'
 * and patch_conv's is an nn.Linear's. Until 2026-12-01 refused ("give a
 * config.json of that alone"). */
static void mistral3_multimodal_keys(void **state)
{
	static const char shape[] = "\"text_config\": {\"hidden_size\": 64, \"intermediate_size\": 128, "
				    "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 2, "
				    "\"vocab_size\": 100}";
	struct vp_model m;
	struct vp_error err = {0};
	char text[1024];
	uint64_t tower;

	(void)state;
	load("mistral-small-3.1-24b-instruct-2503.json", &m);
	assert_string_equal(m.model_type, "mistral");
	assert_string_equal(m.architecture, "Mistral3ForConditionalGeneration");
	assert_int_equal(m.hidden_size, 5120);
	assert_int_equal(m.num_layers, 40);
	assert_int_equal(m.num_heads, 32);
	assert_int_equal(m.num_kv_heads, 8);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(m.vocab_size, 131072);
	assert_int_equal(m.sliding_window, 0);
	assert_false(m.tie_embeddings);
	assert_int_equal(m.vision_params, UINT64_C(438958080));
	assert_int_equal(m.vision_linear_params,
			 UINT64_C(24) * (4 * 1024 * 1024 + 3 * 1024 * 4096) + 4096 * 1024 + 1024 * 5120 + 5120 * 5120);
	assert_int_equal(m.vision_hidden_size, 1024);
	assert_int_equal(m.vision_intermediate_size, 4096);
	assert_int_equal(m.vision_layers, 24);
	assert_int_equal(m.vision_merge_size, 2);
	assert_int_equal(m.vision_feature_layers, 1);
	assert_false(vp_model_masks_always(&m));
	assert_int_equal(vp_model_frozen_param_count(&m, false), UINT64_C(438958080));

	/* PixtralVisionConfig's defaults (patch 16) and Mistral3Config's
	 * (spatial_merge_size 2, one feature layer, no projector biases) */
	snprintf(text, sizeof text, "{\"model_type\": \"mistral3\", %s, \"vision_config\": {}}", shape);
	parse_ok(text, &m);
	tower = UINT64_C(24) * (4 * 1024 * 1024 + 3 * 1024 * 4096 + 2 * 1024) + 3 * 16 * 16 * 1024 + 1024;
	assert_int_equal(m.vision_params, tower + 1024 + 4096 * 1024 + 1024 * 64 + 64 * 64);
	/* two feature layers widen linear_1; biases add linear_1's and linear_2's */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"mistral3\", %s, \"vision_config\": {}, \"vision_feature_layer\": [-1, -2], "
		 "\"multimodal_projector_bias\": true, \"spatial_merge_size\": 1}",
		 shape);
	parse_ok(text, &m);
	assert_int_equal(m.vision_params, tower + 1024 + 1024 * 1024 + 2048 * 64 + 64 * 64 + 2 * 64);
	assert_int_equal(m.vision_linear_params, m.vision_params - (24 * 2 * 1024 + 3 * 16 * 16 * 1024 + 2 * 1024 + 2 * 64));
	assert_int_equal(m.vision_feature_layers, 2);
	assert_int_equal(m.vision_merge_size, 1);

	/* Ministral 3's text model (ministral3) is not Mistral's */
	snprintf(text, sizeof text, "{\"model_type\": \"mistral3\", \"text_config\": {\"model_type\": \"ministral3\"}, "
		 "\"vision_config\": {}}");
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'text_config.model_type' must be \"mistral\""));
	assert_int_equal(parse("{\"model_type\": \"mistral3\", \"vision_config\": {}}", &m, &err), -1);
	assert_non_null(strstr(err.message, "needs a 'text_config' object"));
	snprintf(text, sizeof text, "{\"model_type\": \"mistral3\", %s, \"vision_config\": {\"model_type\": \"siglip\"}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'vision_config.model_type' must be \"pixtral\""));
	snprintf(text, sizeof text, "{\"model_type\": \"mistral3\", %s, \"vision_config\": {\"hidden_size\": 0}}", shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "in 'vision_config': 'hidden_size' must be at least 1"));
	snprintf(text, sizeof text, "{\"model_type\": \"mistral3\", %s, \"vision_config\": {}, \"vision_feature_layer\": []}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'vision_feature_layer' must not be an empty list"));
	/* sizes past what 64 bits count */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"mistral3\", %s, \"vision_config\": {\"num_hidden_layers\": 9007199254740992}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "the vision tower is too large to count"));
}

/* Qwen2-VL and Qwen2.5-VL: Qwen2's decoder (its keys at the top level, as
 * the hub's files keep them, or in a text_config, as transformers 4.53 and
 * later re-save them) beside the visual tower and merger, counted as
 * vision_params; the totals are the published ones (docs/memory-model.md
 * "Qwen2-VL and Qwen2.5-VL") */
static void qwen2_vl_multimodal_keys(void **state)
{
	/* Qwen2.5-VL-3B-Instruct's and Qwen2-VL-7B-Instruct's config.json
	 * shapes (tie, widths, vision_config) */
	static const char vl3b[] =
		"{\"architectures\": [\"Qwen2_5_VLForConditionalGeneration\"], \"model_type\": \"qwen2_5_vl\", "
		"\"hidden_size\": 2048, \"intermediate_size\": 11008, \"num_hidden_layers\": 36, "
		"\"num_attention_heads\": 16, \"num_key_value_heads\": 2, \"vocab_size\": 151936, "
		"\"rms_norm_eps\": 1e-06, \"hidden_act\": \"silu\", \"tie_word_embeddings\": true, "
		"\"rope_scaling\": {\"type\": \"mrope\", \"mrope_section\": [16, 24, 24]}, "
		"\"vision_config\": {\"depth\": 32, \"hidden_act\": \"silu\", \"hidden_size\": 1280, "
		"\"intermediate_size\": 3420, \"num_heads\": 16, \"in_chans\": 3, \"out_hidden_size\": 2048, "
		"\"patch_size\": 14, \"spatial_merge_size\": 2, \"temporal_patch_size\": 2}}";
	static const char vl7b_2[] =
		"{\"architectures\": [\"Qwen2VLForConditionalGeneration\"], \"model_type\": \"qwen2_vl\", "
		"\"hidden_size\": 3584, \"intermediate_size\": 18944, \"num_hidden_layers\": 28, "
		"\"num_attention_heads\": 28, \"num_key_value_heads\": 4, \"vocab_size\": 152064, "
		"\"rms_norm_eps\": 1e-06, \"hidden_act\": \"silu\", \"tie_word_embeddings\": false, "
		"\"vision_config\": {\"depth\": 32, \"embed_dim\": 1280, \"mlp_ratio\": 4, \"num_heads\": 16, "
		"\"in_chans\": 3, \"hidden_size\": 3584, \"patch_size\": 14, \"spatial_merge_size\": 2, "
		"\"temporal_patch_size\": 2}}";
	static const char shape[] = "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
				    "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"vocab_size\": 100";
	struct vp_model m;
	struct vp_error err = {0};
	char text[1024];

	(void)state;
	load("qwen2.5-vl-7b-instruct.json", &m);
	assert_string_equal(m.model_type, "qwen2");
	assert_string_equal(m.architecture, "Qwen2_5_VLForConditionalGeneration");
	assert_int_equal(m.hidden_size, 3584);
	assert_int_equal(m.num_layers, 28);
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(m.head_dim, 128);
	assert_true(m.qkv_bias);
	assert_false(m.tie_embeddings);
	assert_false(m.rope_scaled); /* mrope scales nothing */
	assert_int_equal(m.sliding_window, 0);
	/* tower 631,975,680 (patch_embed 3 x 2 x 14^2 x 1280, 32 blocks) and
	 * merger 44,574,464; the text model is Qwen2.5-7B's 7,615,616,512 */
	assert_int_equal(m.vision_params, UINT64_C(676550144));
	assert_int_equal(m.vision_linear_params,
			 UINT64_C(32) * (4 * 1280 * 1280 + 3 * 1280 * 3420) + 5120 * 5120 + 5120 * 3584);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(8292166656));
	assert_false(vp_model_masks_always(&m));
	/* the tower's shapes, for the LoRA adapters PEFT puts on its linears
	 * (layers.c vp_model_vision_linears) */
	assert_int_equal(m.vision_hidden_size, 1280);
	assert_int_equal(m.vision_intermediate_size, 3420);
	assert_int_equal(m.vision_layers, 32);
	assert_int_equal(m.vision_merge_size, 2);
	assert_int_equal(m.vision_out_size, 3584);

	/* Qwen2.5-VL-3B ties its embeddings (3,085,938,688 text) */
	parse_ok(vl3b, &m);
	assert_true(m.tie_embeddings);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(3754622976));
	/* Qwen2-VL-7B: LayerNorms, fc1/fc2 of 4 x 1280; "in_chans" is no key
	 * of Qwen2VLVisionConfig (in_channels, default 3) */
	parse_ok(vl7b_2, &m);
	assert_int_equal(m.vision_params, UINT64_C(675759104));
	assert_int_equal(vp_model_param_count(&m), UINT64_C(8291375616));
	/* embed_dim, embed_dim x mlp_ratio; the merger's output is
	 * vision_config.hidden_size */
	assert_int_equal(m.vision_hidden_size, 1280);
	assert_int_equal(m.vision_intermediate_size, 5120);
	assert_int_equal(m.vision_layers, 32);
	assert_int_equal(m.vision_merge_size, 2);
	assert_int_equal(m.vision_out_size, 3584);

	/* re-saved by transformers 4.53: the text keys in a text_config of
	 * the text model's own type, the tie at the top level too */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_5_vl\", \"tie_word_embeddings\": true, \"text_config\": "
		 "{\"model_type\": \"qwen2_5_vl_text\", %s}, \"vision_config\": {\"hidden_size\": 1280, "
		 "\"out_hidden_size\": 64}}",
		 shape);
	parse_ok(text, &m);
	assert_int_equal(m.hidden_size, 64);
	assert_true(m.tie_embeddings);
	assert_int_equal(m.vision_params, UINT64_C(676550144) - 5120 * (3584 - 64) - (3584 - 64));
	/* Qwen2VLVisionConfig's defaults: Qwen2-VL-7B's tower; without
	 * architectures, the composite's class says which tower it is */
	snprintf(text, sizeof text, "{\"model_type\": \"qwen2_vl\", %s, \"vision_config\": {}}", shape);
	parse_ok(text, &m);
	assert_int_equal(m.vision_params, UINT64_C(675759104));
	assert_string_equal(m.architecture, "Qwen2VLForConditionalGeneration");
	assert_int_equal(m.vision_out_size, 3584);

	/* mlp_ratio is a float in Qwen2VLVisionConfig and the MLP's width
	 * int(embed_dim * mlp_ratio): 1280 x 2.671875 = 3420 exactly, and
	 * 100 x 2.5 truncates nothing while 3 x 2.5 = 7.5 becomes 7 */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_vl\", %s, \"vision_config\": {\"mlp_ratio\": 2.671875}}", shape);
	parse_ok(text, &m);
	assert_int_equal(m.vision_intermediate_size, 3420);
	assert_int_equal(m.vision_params, UINT64_C(675759104) - UINT64_C(32) * (2 * 1280 + 1) * (5120 - 3420));
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_vl\", %s, \"vision_config\": {\"embed_dim\": 3, \"mlp_ratio\": 2.5}}",
		 shape);
	parse_ok(text, &m);
	assert_int_equal(m.vision_intermediate_size, 7);
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_vl\", %s, \"vision_config\": {\"embed_dim\": 3, \"mlp_ratio\": 0.25}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'mlp_ratio' 0.25 gives the MLP no width"));
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_vl\", %s, \"vision_config\": {\"mlp_ratio\": -4}}", shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'mlp_ratio' must be a positive number"));

	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_vl\", \"text_config\": {\"model_type\": \"qwen2_5_vl_text\", %s}, "
		 "\"vision_config\": {}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "'text_config.model_type' must be \"qwen2_vl_text\""));
	snprintf(text, sizeof text, "{\"model_type\": \"qwen2_5_vl\", %s}", shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "needs a 'vision_config' object"));
	snprintf(text, sizeof text, "{\"model_type\": \"qwen2_5_vl\", %s, \"vision_config\": {\"depth\": 0}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "in 'vision_config': 'depth' must be at least 1"));
	/* sizes past what 64 bits count */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"qwen2_5_vl\", %s, \"vision_config\": {\"hidden_size\": 9007199254740992}}",
		 shape);
	assert_int_equal(parse(text, &m, &err), -1);
	assert_non_null(strstr(err.message, "the vision tower is too large to count"));
}

/* output_router_logits (MixtralConfig, Qwen2MoeConfig, Qwen3MoeConfig,
 * OlmoeConfig; default False) is read for a mixture of experts, where the
 * causal LM then adds the load-balancing loss; a dense model has no router
 * whose logits it could output, and the key is left alone there */
static void output_router_logits_is_read_for_mixtures_of_experts(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	parse_ok("{\"model_type\": \"qwen3_moe\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"moe_intermediate_size\": 32, \"num_hidden_layers\": 2, \"num_attention_heads\": 4,"
		 " \"vocab_size\": 100, \"output_router_logits\": true}", &m);
	assert_true(m.output_router_logits);
	parse_ok("{\"model_type\": \"mixtral\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100,"
		 " \"output_router_logits\": true}", &m);
	assert_true(m.output_router_logits);
	parse_ok("{\"model_type\": \"llama\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100,"
		 " \"output_router_logits\": true}", &m);
	assert_false(m.output_router_logits);
	assert_int_equal(parse("{\"model_type\": \"mixtral\", \"hidden_size\": 64, \"intermediate_size\": 128,"
			       " \"num_hidden_layers\": 2, \"num_attention_heads\": 8, \"vocab_size\": 100,"
			       " \"output_router_logits\": \"yes\"}", &m, &err), -1);
	assert_non_null(strstr(err.message, "output_router_logits"));
}

/* Pegasus: mBART's pre-LN blocks and final norms, Marian's frozen
 * sinusoidal table of max_position_embeddings rows, no classifier */
static void pegasus_keys(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	load("pegasus-large.json", &m);
	assert_string_equal(m.model_type, "pegasus");
	assert_int_equal(m.arch, VP_ARCH_ENCDEC);
	assert_int_equal(m.pos, VP_POS_SINUSOIDAL);
	assert_int_equal(m.max_positions, 1024);
	assert_int_equal(m.num_layers, 16);
	assert_int_equal(m.num_decoder_layers, 16);
	assert_int_equal(m.vocab_size, 96103);
	assert_int_equal(m.act, VP_ACT_RELU);
	assert_true(m.final_norm && !m.embed_norm);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.1 && m.act_dropout == 0.1);
	assert_int_equal(vp_model_frozen_param_count(&m, true), 2 * 1024 * 1024);
	assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), -1);
	assert_non_null(strstr(err.message, "seq2seq-lm or encoder"));
}

/* GLM-4: q/k/v biases and none on o_proj, half-rotary heads, Phi-3's
 * fused gate_up_proj, four norms per block; "glm" (GLM-4-9B-chat-hf) the
 * same with two. transformers 5 may write partial_rotary_factor inside
 * rope_parameters. */
static void glm_keys(void **state)
{
	static const char base[] = "{\"model_type\": \"glm\", \"hidden_size\": 64, \"intermediate_size\": 128,"
				   " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 2,"
				   " \"vocab_size\": 100, \"rms_norm_eps\": 1e-5";
	struct vp_model m;
	char text[512];

	(void)state;
	load("glm-4-9b-0414.json", &m);
	assert_string_equal(m.model_type, "glm4");
	assert_string_equal(m.read_as, "");
	assert_int_equal(m.naming, VP_NAMING_GLM);
	assert_int_equal(m.num_kv_heads, 2);
	assert_int_equal(m.head_dim, 128);
	assert_true(m.qkv_bias && !m.out_bias && !m.mlp_bias && !m.tie_embeddings);
	assert_true(m.rotary_fraction == 0.5);
	assert_true(vp_model_sandwich_norms(&m));

	snprintf(text, sizeof text, "%s}", base);
	parse_ok(text, &m);
	assert_false(vp_model_sandwich_norms(&m));
	assert_true(m.qkv_bias && m.rotary_fraction == 0.5);
	snprintf(text, sizeof text, "%s, \"attention_bias\": false,"
		 " \"rope_parameters\": {\"rope_theta\": 10000.0, \"partial_rotary_factor\": 0.25}}", base);
	parse_ok(text, &m);
	assert_false(m.qkv_bias);
	assert_true(m.rotary_fraction == 0.25);
}

/* CodeGen: GPTJConfig's keys; codegen-350M-mono's 20 blocks of ln_1,
 * qkv_proj (1024 x 3072, no bias), out_proj (no bias), fc_in and fc_out
 * with biases, wte 51200 x 1024, ln_f and a biased lm_head */
static void codegen_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("codegen-350M-mono.json", &m);
	assert_string_equal(m.model_type, "codegen");
	assert_int_equal(m.naming, VP_NAMING_CODEGEN);
	assert_int_equal(m.intermediate_size, 4096);
	assert_true(m.rotary_fraction == 0.5); /* rotary_dim 32 of 64 */
	assert_true(m.parallel_block && m.lm_head_bias && !m.tie_embeddings && !m.qkv_bias);
	assert_int_equal(m.act, VP_ACT_GELU_NEW);
	assert_int_equal(vp_model_param_count(&m),
			 (uint64_t)51200 * 1024 +
				 20 * ((uint64_t)2 * 1024 + 1024 * 3072 + 1024 * 1024 + (1024 * 4096 + 4096) +
				       (4096 * 1024 + 1024)) +
				 2 * 1024 + (1024 * 51200 + 51200));
	assert_int_equal(vp_model_param_count(&m), 356712448);
	{
		struct vp_error err = {0};

		assert_int_equal(vp_head_check(&m, VP_HEAD_SEQ_CLS, &err), -1);
		assert_non_null(strstr(err.message, "(its heads: causal-lm or encoder)"));
		assert_int_equal(vp_head_check(&m, VP_HEAD_CAUSAL_LM, &err), 0);
	}
}

/* XLM-R XL: BERT's keys and names, pre-LN (no embedding norm, a final
 * one): 250880 x 2560 embeddings, 514 positions, one token type, 36
 * blocks of two LayerNorms, q/k/v/o, intermediate and output with biases,
 * the final LayerNorm and BertModel's pooler */
static void xlm_roberta_xl_keys(void **state)
{
	struct vp_model m;

	(void)state;
	load("xlm-roberta-xl.json", &m);
	assert_string_equal(m.model_type, "xlm-roberta-xl");
	assert_int_equal(m.naming, VP_NAMING_BERT);
	assert_true(m.final_norm && !m.embed_norm && m.pooler);
	assert_int_equal(vp_model_param_count(&m),
			 (uint64_t)250880 * 2560 + 514 * 2560 + 2560 +
				 36 * ((uint64_t)2 * 5120 + 4 * (2560 * 2560 + 2560) + (2560 * 10240 + 10240) +
				       (10240 * 2560 + 2560)) +
				 5120 + (2560 * 2560 + 2560));
}

/* OLMo 3: OLMo 2's block (q/k norms over the whole projections, the
 * block norms after the sublayers) with Olmo3Config's 4096-token window
 * unless the config gives its own */
static void olmo3_is_olmo2_with_a_window(void **state)
{
	static const char base[] = "{\"model_type\": \"olmo3\", \"hidden_size\": 64, \"intermediate_size\": 128,"
				   " \"num_hidden_layers\": 4, \"num_attention_heads\": 4, \"vocab_size\": 100,"
				   " \"rms_norm_eps\": 1e-6";
	struct vp_model m, olmo2;
	char text[512];

	(void)state;
	snprintf(text, sizeof text, "%s}", base);
	parse_ok(text, &m);
	assert_string_equal(m.read_as, "");
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_FULL);
	assert_int_equal(m.sliding_window, 4096);
	snprintf(text, sizeof text, "%s, \"sliding_window\": 1024}", base);
	parse_ok(text, &m);
	assert_int_equal(m.sliding_window, 1024);
	olmo2 = m;
	snprintf(olmo2.model_type, sizeof olmo2.model_type, "olmo2");
	assert_int_equal(vp_model_param_count(&m), vp_model_param_count(&olmo2));
}

/* CamemBERT is transformers' copy of RoBERTa: the same reading */
static void camembert_reads_as_roberta(void **state)
{
	struct vp_model m;

	(void)state;
	load("camembert-base.json", &m);
	assert_string_equal(m.model_type, "camembert");
	assert_string_equal(m.hf_id, "almanach/camembert-base");
	assert_int_equal(m.naming, VP_NAMING_BERT);
	assert_int_equal(m.vocab_size, 32005);
	assert_int_equal(m.max_positions, 514);
	assert_int_equal(m.type_vocab_size, 1);
	assert_true(m.pooler && m.embed_norm && m.hidden_dropout == 0.1);
}

/* A long _name_or_path (a local path, say) is cut to fit hf_id, before the
 * character that does not fit, so the entry stays valid UTF-8 and import
 * can print it (docs/robustness.md F15). */
static void a_long_name_or_path_is_cut_between_characters(void **state)
{
	struct vp_model m;
	char text[600], path[300];
	size_t i, n = 0;

	(void)state;
	for (i = 0; i < 125; i++)
		path[n++] = 'a';
	memcpy(path + n, "\xF0\x9F\x98\x80\xF0\x9F\x98\x80", 8); /* two 4-byte characters across byte 127 */
	n += 8;
	path[n] = '\0';
	snprintf(text, sizeof text,
		 "{\"_name_or_path\": \"%s\", \"model_type\": \"llama\", \"hidden_size\": 64,"
		 " \"intermediate_size\": 128, \"num_hidden_layers\": 2, \"num_attention_heads\": 4,"
		 " \"vocab_size\": 100}", path);
	parse_ok(text, &m);
	assert_int_equal(strlen(m.hf_id), 125);
	assert_true(vp_utf8_valid(m.hf_id));

	/* the helper itself: whole characters only, ASCII cut anywhere */
	{
		char small[6];
		vp_utf8_copy(small, sizeof small, "ab\xC3\xA9\xC3\xA9");
		assert_string_equal(small, "ab\xC3\xA9");
		vp_utf8_copy(small, sizeof small, "abcdefgh");
		assert_string_equal(small, "abcde");
		vp_utf8_copy(small, sizeof small, "a\xE2\x82\xAC\xE2\x82\xAC");
		assert_string_equal(small, "a\xE2\x82\xAC");
	}
}

static void names_become_catalogue_names(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	static const char text[] =
		"{\"model_type\": \"llama\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		" \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}";

	(void)state;
	assert_int_equal(vp_hfconfig_parse("/some/dir/My Model+v2.json", text, strlen(text), &m,
					   &err), 0);
	assert_string_equal(m.name, "my-model-v2");
	assert_string_equal(m.source, "/some/dir/My Model+v2.json");
	assert_int_equal(vp_hfconfig_parse(NULL, text, strlen(text), &m, &err), 0);
	assert_string_equal(m.name, "config");
}

/* ---- bad inputs --------------------------------------------------------- */

static void expect_bad(const char *file, unsigned long line, unsigned long col,
		       const char *message)
{
	struct vp_model m;
	struct vp_error err = {0};
	char path[512];

	snprintf(path, sizeof path, BAD "%s", file);
	memset(&m, 0x5a, sizeof m);
	assert_int_equal(vp_hfconfig_load(path, &m, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.file, path);
	if (err.line != line || err.column != col)
		fail_msg("%s: at %lu:%lu, expected %lu:%lu", file, err.line, err.column, line, col);
	assert_string_equal(err.message, message);
	/* house style: lower-case first word (or a quote), no final period */
	assert_true(err.message[0] == '\'' || (err.message[0] >= 'a' && err.message[0] <= 'z'));
	assert_true(err.message[strlen(err.message) - 1] != '.');
	/* the output is untouched on failure */
	assert_int_equal(((unsigned char *)&m)[0], 0x5a);
}

static void syntax_errors_carry_line_and_column(void **state)
{
	(void)state;
	/* cJSON stops one past the second comma (it reads the byte it
	 * expected to be a '"') */
	expect_bad("syntax-error.json", 3, 24, "invalid JSON");
	expect_bad("truncated.json", 3, 22, "invalid JSON");
	expect_bad("trailing.json", 2, 1, "unexpected text after the JSON object");
	expect_bad("not-object.json", 0, 0, "expected a JSON object at the top level");
	expect_bad("empty.json", 0, 0, "empty file, expected a JSON object");
	expect_bad("blank.json", 0, 0, "empty file, expected a JSON object");
}

/* A model_type vramplan does not model, whose config has LlamaConfig's keys,
 * RMSNorm and SiLU (Yi-6B's shapes), is read as Llama and says so; it counts
 * the parameters the same config counts as model_type llama. */
static void an_unmodelled_llama_clone_is_read_as_llama(void **state)
{
	static const char *const clone =
		"{\"architectures\": [\"YiForCausalLM\"], \"model_type\": \"Yi\", \"hidden_size\": 4096, "
		"\"intermediate_size\": 11008, \"num_hidden_layers\": 32, \"num_attention_heads\": 32, "
		"\"num_key_value_heads\": 4, \"vocab_size\": 64000, \"rms_norm_eps\": 1e-05, "
		"\"hidden_act\": \"silu\", \"tie_word_embeddings\": false}";
	static const char *const llama =
		"{\"architectures\": [\"LlamaForCausalLM\"], \"model_type\": \"llama\", \"hidden_size\": 4096, "
		"\"intermediate_size\": 11008, \"num_hidden_layers\": 32, \"num_attention_heads\": 32, "
		"\"num_key_value_heads\": 4, \"vocab_size\": 64000, \"rms_norm_eps\": 1e-05, "
		"\"hidden_act\": \"silu\", \"tie_word_embeddings\": false}";
	struct vp_model m, l;

	(void)state;
	parse_ok(clone, &m);
	parse_ok(llama, &l);
	assert_string_equal(m.model_type, "Yi");
	assert_string_equal(m.read_as, "llama");
	assert_string_equal(l.read_as, "");
	assert_int_equal(m.num_kv_heads, 4);
	assert_int_equal(vp_model_param_count(&m), vp_model_param_count(&l));
	assert_int_equal(vp_model_param_count(&m), 6061035520); /* Yi-6B: "6.06B" on its model card */
}

/* config.json's quantization_config: what the checkpoint is stored as, in
 * --quant's names; a method vramplan does not model is refused, and
 * gpt-oss's MXFP4 experts (dequantized for training) are not a stored
 * quantization. */
#define LLAMA_SHAPE                                                                                      \
	"\"architectures\": [\"LlamaForCausalLM\"], \"hidden_size\": 64, \"intermediate_size\": 128, "       \
	"\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, " \
	"\"hidden_act\": \"silu\""

static void quantization_config_names_the_stored_base(void **state)
{
	static const struct {
		const char *config, *quant;
	} cases[] = {
		{"{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true, \"bnb_4bit_quant_type\": \"nf4\"}", "nf4"},
		{"{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true, \"bnb_4bit_use_double_quant\": true}",
		 "nf4-dq"},
		{"{\"load_in_8bit\": true}", "int8"},
		{"{\"quant_method\": \"gptq\", \"bits\": 4, \"group_size\": 128}", "gptq-int4"},
		{"{\"quant_method\": \"awq\", \"bits\": 4, \"group_size\": 128, \"version\": \"gemm\"}", "gptq-int4"},
	};
	static const struct {
		const char *config, *message;
	} refused[] = {
		{"{\"quant_method\": \"gptq\", \"bits\": 8}", "gptq with 8 bits is not modelled"},
		{"{\"quant_method\": \"fp8\", \"activation_scheme\": \"dynamic\"}", "quant_method 'fp8' is not modelled"},
		{"{\"quant_method\": \"bitsandbytes\"}", "neither load_in_4bit nor load_in_8bit"},
		{"\"nf4\"", "'quantization_config' must be an object"},
		/* the modules a checkpoint leaves unquantized, where they
		 * cannot be counted exactly */
		{"{\"load_in_4bit\": true, \"llm_int8_skip_modules\": [\"model.layers.*.mlp\"]}",
		 "entry 'model.layers.*.mlp' is a regular expression"},
		{"{\"load_in_4bit\": true, \"llm_int8_skip_modules\": \"lm_head\"}",
		 "'quantization_config.llm_int8_skip_modules' must be a list"},
		{"{\"quant_method\": \"awq\", \"bits\": 4, \"modules_to_not_convert\": [\"gate\"]}",
		 "'quantization_config.modules_to_not_convert' (awq) is not modelled"},
		{"{\"quant_method\": \"gptq\", \"bits\": 4, \"modules_in_block_to_quantize\": [[\"self_attn.q_proj\"]]}",
		 "'quantization_config.modules_in_block_to_quantize' (gptq) is not modelled"},
	};
	char text[1024];
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\": \"llama\", %s, \"quantization_config\": %s}", LLAMA_SHAPE,
			 cases[i].config);
		parse_ok(text, &m);
		assert_string_equal(m.stored_quant, cases[i].quant);
	}
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\": \"llama\", %s, \"quantization_config\": %s}", LLAMA_SHAPE,
			 refused[i].config);
		assert_int_equal(parse(text, &m, &err), -1);
		assert_non_null(strstr(err.message, refused[i].message));
	}
	snprintf(text, sizeof text, "{\"model_type\": \"llama\", %s}", LLAMA_SHAPE);
	parse_ok(text, &m);
	assert_string_equal(m.stored_quant, "");
	load("gpt-oss-20b.json", &m);
	assert_string_equal(m.stored_quant, "");
	load("llama-3-8b-instruct-bnb-4bit.json", &m);
	assert_string_equal(m.stored_quant, "nf4-dq");
	assert_string_equal(m.quant_skip_list, "");
	/* a null list, AWQ's too, leaves every linear 4-bit */
	snprintf(text, sizeof text,
		 "{\"model_type\": \"llama\", %s, \"quantization_config\": {\"quant_method\": \"awq\", \"bits\": 4, "
		 "\"modules_to_not_convert\": null}}",
		 LLAMA_SHAPE);
	parse_ok(text, &m);
	/* unsloth's list: its layers' modules 16-bit, lm_head and the
	 * multimodal names none of this text model's */
	load("qwen2.5-3b-unsloth-bnb-4bit.json", &m);
	assert_string_equal(m.stored_quant, "nf4-dq");
	assert_int_equal(m.quant_skip[0], 0x70);
	assert_int_equal(m.quant_skip[1], 0x08);
	assert_int_equal(m.quant_skip[2], 0x70);
	assert_int_equal(m.quant_skip[3], 0);
	assert_int_equal(m.quant_skip[35], 0x70);
	assert_string_equal(m.quant_skip_list,
			    "model.layers.0.mlp\nmodel.layers.1.self_attn.o_proj\nmodel.layers.2.mlp\nmodel.layers.35.mlp\n");
}

/* The entry's name and hub id from _name_or_path: a hub id as given; a
 * training checkpoint's step directory named with the one above it; a local
 * path is no hub id. */
static void name_or_path_names_the_entry(void **state)
{
	static const struct {
		const char *nop, *name, *hf_id;
	} rows[] = {
		{"HuggingFaceTB/SmolLM-1.7B", "smollm-1.7b", "HuggingFaceTB/SmolLM-1.7B"},
		{"gpt2", "gpt2", "gpt2"},
		{"/fsx/loubna/checkpoints/cosmo2_1T/500000", "cosmo2_1t-500000", ""},
		{"./out/checkpoint-1500", "out-checkpoint-1500", ""},
		{"500000", "500000", "500000"},
	};
	char text[1024];
	struct vp_model m;

	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		snprintf(text, sizeof text, "{\"model_type\": \"llama\", %s, \"_name_or_path\": \"%s\"}", LLAMA_SHAPE,
			 rows[i].nop);
		parse_ok(text, &m);
		assert_string_equal(m.name, rows[i].name);
		assert_string_equal(m.hf_id, rows[i].hf_id);
	}
}

/* What the Llama reading does not cover is refused: experts (of a type not
 * modelled as one), another norm or activation, a multimodal config, a model
 * that is not a causal LM. */
static void an_unmodelled_type_unlike_llama_is_refused(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	/* dots.llm1's keys (Dots1Config: n_routed_experts,
	 * num_experts_per_tok, moe_intermediate_size), a Llama-shaped MoE of
	 * a type vramplan does not model (ERNIE 4.5's stood here until
	 * ernie4_5_moe was modelled) */
	assert_int_equal(parse("{\"architectures\": [\"Dots1ForCausalLM\"], \"model_type\": \"dots1\", "
			       "\"hidden_size\": 4096, \"intermediate_size\": 10944, \"num_hidden_layers\": 62, "
			       "\"num_attention_heads\": 32, \"vocab_size\": 152064, \"rms_norm_eps\": 1e-05, "
			       "\"hidden_act\": \"silu\", \"n_routed_experts\": 128, \"num_experts_per_tok\": 6, "
			       "\"moe_intermediate_size\": 1408}",
			       &m, &err),
			 -1);
	assert_string_equal(err.message, "model_type 'dots1' is a mixture of experts whose layers vramplan does "
					 "not know (the ones it models: mixtral, qwen2_moe, qwen3_moe, olmoe, phimoe, granitemoe, "
					 "granitemoeshared, gpt_oss, deepseek_v2, deepseek_v3, glm4_moe, ernie4_5_moe)");
	/* a hybrid with experts (Jamba) is refused for its Mamba layers */
	assert_int_equal(parse("{\"architectures\": [\"JambaForCausalLM\"], \"model_type\": \"jamba\", "
			       "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
			       "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-06, "
			       "\"hidden_act\": \"silu\", \"num_experts\": 16, \"mamba_d_state\": 16}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "has layers other than attention"));
	/* Llama's keys beside Mamba's (Falcon-H1, Bamba), linear attention's
	 * (Qwen3-Next) or a layer list with convolutions (LFM2): every layer
	 * read as attention would be a wrong answer */
	{
		static const char *const hybrids[] = {
			"\"mamba_d_ssm\": 3072, \"mamba_n_heads\": 48",
			"\"attn_layer_indices\": [9, 18, 27]",
			"\"linear_num_value_heads\": 32",
			"\"layer_types\": [\"conv\", \"full_attention\"]",
		};
		char text[512];

		for (size_t i = 0; i < sizeof hybrids / sizeof hybrids[0]; i++) {
			snprintf(text, sizeof text,
				 "{\"architectures\": [\"HybridForCausalLM\"], \"model_type\": \"hybrid\", "
				 "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
				 "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, "
				 "\"hidden_act\": \"silu\", %s}",
				 hybrids[i]);
			assert_int_equal(parse(text, &m, &err), -1);
			assert_string_equal(err.message, "model_type 'hybrid' has layers other than attention "
							 "(state-space, linear-attention or convolution mixers), "
							 "which vramplan does not model");
		}
		/* attention layers of two kinds are a Llama clone's */
		parse_ok("{\"architectures\": [\"FooForCausalLM\"], \"model_type\": \"foo\", "
			 "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
			 "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, "
			 "\"hidden_act\": \"silu\", \"layer_types\": [\"sliding_attention\", \"full_attention\"]}",
			 &m);
		assert_string_equal(m.read_as, "llama");
	}
	/* LayerNorm and a squared ReLU (Persimmon's keys): not the Llama decoder */
	assert_int_equal(parse("{\"architectures\": [\"PersimmonForCausalLM\"], \"model_type\": \"persimmon\", "
			       "\"hidden_size\": 4096, \"intermediate_size\": 16384, \"num_hidden_layers\": 36, "
			       "\"num_attention_heads\": 64, \"vocab_size\": 262144, \"layer_norm_eps\": 1e-05, "
			       "\"hidden_act\": \"relu2\"}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "unsupported model_type 'persimmon'"));
	/* Llama's keys, but a vision-language model: refused as multimodal */
	assert_int_equal(parse("{\"architectures\": [\"FooForCausalLM\"], \"model_type\": \"foo_vl\", "
			       "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
			       "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, "
			       "\"hidden_act\": \"silu\", \"vision_config\": {}}",
			       &m, &err),
			 -1);
	assert_string_equal(err.message, "model_type 'foo_vl' is multimodal (a vision tower beside its text model), "
					 "which vramplan does not model (of multimodal checkpoints it reads Gemma 3's, "
					 "model_type gemma3, Mistral Small 3.1/3.2's, mistral3, and Qwen2-VL's and "
					 "Qwen2.5-VL's, qwen2_vl and qwen2_5_vl)");
	/* Qwen3-VL's text_config (qwen3_vl_text) names no family: the
	 * message names the family of its layers (Qwen2-VL's and
	 * Qwen2.5-VL's are read since 2026-12-01: qwen2_vl_multimodal_keys) */
	assert_int_equal(parse("{\"model_type\": \"qwen3_vl\", \"text_config\": {\"model_type\": "
			       "\"qwen3_vl_text\"}, \"vision_config\": {}}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "its text model has qwen3's layers"));
	/* THUDM's remote code: pointed at transformers' conversion */
	assert_int_equal(parse("{\"architectures\": [\"ChatGLMModel\"], \"model_type\": \"chatglm\", "
			       "\"hidden_size\": 4096, \"ffn_hidden_size\": 13696, \"num_layers\": 40, "
			       "\"num_attention_heads\": 32, \"padded_vocab_size\": 151552}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "onto model_type 'glm' (THUDM/glm-4-9b-chat-hf)"));
	/* Llama's keys under a model_type no library spells so (a space) */
	assert_int_equal(parse("{\"architectures\": [\"FooForCausalLM\"], \"model_type\": \"foo bar\", "
			       "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
			       "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, "
			       "\"hidden_act\": \"silu\"}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "unsupported model_type 'foo bar'"));
	/* Llama's keys, but a sequence classifier */
	assert_int_equal(parse("{\"architectures\": [\"FooForSequenceClassification\"], \"model_type\": \"foo\", "
			       "\"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2, "
			       "\"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-05, "
			       "\"hidden_act\": \"silu\"}",
			       &m, &err),
			 -1);
	assert_non_null(strstr(err.message, "unsupported model_type 'foo'"));
}

static void missing_and_unsupported(void **state)
{
	(void)state;
	expect_bad("missing-field.json", 0, 0, "missing field 'hidden_size' (model_type 'llama')");
	expect_bad("unsupported-type.json", 0, 0,
		   "unsupported model_type 'foo' (supported: bert, roberta, xlm-roberta, xlm-roberta-xl, camembert, distilbert, electra, deberta-v2, mpnet, modernbert, albert, t5, mt5, "
		   "umt5, bart, mbart, marian, m2m_100, pegasus, llama, mistral, qwen2, qwen3, gemma, gemma2, gemma3_text, phi3, stablelm, "
		   "exaone, exaone4, olmo, olmo2, olmo3, glm, glm4, cohere, cohere2, granite, smollm3, seed_oss, hunyuan_v1_dense, internlm2, ernie4_5, mixtral, qwen2_moe, qwen3_moe, olmoe, phimoe, granitemoe, granitemoeshared, gpt_oss, deepseek_v2, deepseek_v3, glm4_moe, ernie4_5_moe, qwen, gpt_neox, phi, gptj, codegen, gpt_neo, gpt2, gpt_bigcode, starcoder2, bloom, mpt, falcon, opt)");
	expect_bad("no-model-type.json", 0, 0,
		   "missing field 'model_type' (is this a Hugging Face config.json?)");
	expect_bad("model-type-number.json", 2, 3, "'model_type' must be a string");
	expect_bad("bad-activation.json", 0, 0,
		   "unsupported activation 'tanh' in 'hidden_act' (supported: gelu, gelu_new, "
		   "gelu_fast, gelu_pytorch_tanh, quick_gelu, relu, silu, swish)");
	expect_bad("bart-decoder-differs.json", 5, 3,
		   "unsupported: 'decoder_ffn_dim' (4096) differs from 'encoder_ffn_dim' (3072)");
	expect_bad("mixtral-more-experts-per-token-than-experts.json", 0, 0,
		   "'num_experts_per_tok' (6) must be from 1 to 'num_local_experts' (4), or both 0 for a dense MLP");
	expect_bad("t5-bad-ffp.json", 8, 3,
		   "'feed_forward_proj' must be ACT or gated-ACT, got 'gelu-new'");
}

static void bad_numbers_name_the_field(void **state)
{
	(void)state;
	expect_bad("negative.json", 8, 3, "'num_key_value_heads' must not be negative, got -8");
	expect_bad("fractional.json", 8, 3, "'num_key_value_heads' must be an integer, got 8.5");
	expect_bad("huge.json", 8, 3,
		   "'num_key_value_heads' is too large (1e+20; the limit is 2^53)");
	expect_bad("infinite.json", 8, 3, "'num_key_value_heads' must be a finite number");
	expect_bad("string-number.json", 8, 3, "'num_key_value_heads' must be a number");
	expect_bad("zero.json", 8, 3, "'num_key_value_heads' must be at least 1");
	expect_bad("bool-string.json", 8, 3, "'tie_word_embeddings' must be true or false");
	expect_bad("dropout-range.json", 8, 3, "'attention_dropout' must be in [0, 1), got 1.5");
	expect_bad("kv-heads.json", 8, 3,
		   "'num_key_value_heads' (5) must divide 'num_attention_heads' (32)");
	expect_bad("heads-not-dividing.json", 3, 3,
		   "'hidden_size' (100) is not a multiple of 'num_attention_heads' (3)");
	expect_bad("hidden-zero.json", 3, 3, "'hidden_size' must be at least 1");
	expect_bad("vocab-too-large.json", 0, 0,
		   "'vocab_size' is too large (4294967296; it must be below 4294967296)");
	{
		/* no prediction layer (0) is the Llama reading as before */
		struct vp_model z;
		struct vp_error e = {0};

		assert_int_equal(parse("{\"model_type\": \"mimo\", \"architectures\": [\"MiMoForCausalLM\"],"
				       " \"hidden_size\": 64, \"intermediate_size\": 128, \"num_hidden_layers\": 2,"
				       " \"num_attention_heads\": 4, \"vocab_size\": 100, \"rms_norm_eps\": 1e-5,"
				       " \"hidden_act\": \"silu\", \"num_nextn_predict_layers\": 0}",
				       &z, &e),
				 0);
		assert_string_equal(z.read_as, "llama");
		/* the refusal is for a model_type vramplan does not model: a type
		 * it does (here qwen2, whose Qwen2Model builds no MTP layer) is
		 * read by its class, the key ignored as transformers ignores it
		 * (so is GLM-4.5's, glm4_moe: glm4_moe_keys); Qwen3-Next is
		 * refused for its linear-attention layers, before */
		assert_int_equal(parse("{\"model_type\": \"qwen2\", \"hidden_size\": 64, \"intermediate_size\": 128,"
				       " \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 4,"
				       " \"vocab_size\": 100,"
				       " \"num_nextn_predict_layers\": 1}",
				       &z, &e),
				 0);
		assert_string_equal(z.model_type, "qwen2");
		assert_string_equal(z.read_as, "");
	}
	expect_bad("mimo-7b-rl.json", 23, 3,
		   "'num_nextn_predict_layers': model_type 'mimo' has multi-token-prediction layers beside its decoder "
		   "(MiMo's mtp_layers), which vramplan does not model");
	/* the file's key, not the descriptor's num_layers */
	expect_bad("layers-too-many.json", 0, 0,
		   "'num_hidden_layers' is too large (2000000; it must be below 1048576)");
}

static void unreadable_file_is_an_io_error(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_hfconfig_load(BAD "does-not-exist.json", &m, &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	assert_int_equal(vp_hfconfig_load(BAD "does-not-exist.json", &m, NULL), -1);
	assert_int_equal(vp_hfconfig_load(NULL, &m, &err), -1);
	assert_int_equal(vp_hfconfig_parse("x.json", NULL, 0, &m, &err), -1);
	assert_int_equal(vp_hfconfig_parse("x.json", "{}", 2, NULL, &err), -1);
}

/* The buffer need not be NUL-terminated: only len bytes are read. */
static void parse_respects_the_length(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};
	static const char text[] =
		"{\"model_type\": \"phi\", \"hidden_size\": 64, \"intermediate_size\": 128,"
		" \"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"vocab_size\": 100}"
		"GARBAGE";

	(void)state;
	assert_int_equal(vp_hfconfig_parse("x.json", text, strlen(text) - 7, &m, &err), 0);
	assert_int_equal(vp_hfconfig_parse("x.json", text, strlen(text), &m, &err), -1);
	assert_string_equal(err.message, "unexpected text after the JSON object");
	assert_int_equal(err.line, 1);
}

/* sliding_window: a number is the window, null or use_sliding_window false
 * is none, absent is the family's (Mistral-7B-v0.1's 4096); a string is an
 * error naming the key. */
static void sliding_window_keys(void **state)
{
#define BASE "\"hidden_size\": 256, \"intermediate_size\": 512, \"num_hidden_layers\": 2, " \
	     "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, \"vocab_size\": 1000"
	static const char windowed[] = "{\"model_type\": \"mistral\", " BASE ", \"sliding_window\": 2048}";
	static const char none[] = "{\"model_type\": \"mistral\", " BASE ", \"sliding_window\": null}";
	static const char absent[] = "{\"model_type\": \"mistral\", " BASE "}";
	static const char unused[] = "{\"model_type\": \"qwen2\", " BASE ", \"sliding_window\": 32768, "
				     "\"use_sliding_window\": false}";
	static const char llama[] = "{\"model_type\": \"llama\", " BASE "}";
	static const char bad[] = "{\"model_type\": \"mistral\", " BASE ", \"sliding_window\": \"4k\"}";
#undef BASE
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	parse_ok(windowed, &m);
	assert_int_equal(m.sliding_window, 2048);
	assert_false(vp_model_masks_window(&m, 2047));
	assert_true(vp_model_masks_window(&m, 2048));
	parse_ok(none, &m);
	assert_int_equal(m.sliding_window, 0);
	assert_false(vp_model_masks_window(&m, 1u << 20));
	parse_ok(absent, &m);
	assert_int_equal(m.sliding_window, 4096);
	parse_ok(unused, &m);
	assert_int_equal(m.sliding_window, 0);
	parse_ok(llama, &m);
	assert_int_equal(m.sliding_window, 0);
	assert_int_equal(parse(bad, &m, &err), -1);
	assert_non_null(strstr(err.message, "sliding_window"));
}

/* Qwen2Config, Qwen3Config, Qwen2MoeConfig, Qwen3MoeConfig and SmolLM3Config
 * default use_sliding_window to False and then drop the window
 * ("self.sliding_window = self.sliding_window if self.use_sliding_window
 * else None"): a config with a sliding_window and no use_sliding_window has
 * no window there, while Mistral's class (no such key) keeps it. */
static void absent_use_sliding_window_is_false_where_the_class_has_it(void **state)
{
#define BASE "\"hidden_size\": 256, \"intermediate_size\": 512, \"moe_intermediate_size\": 128, " \
	     "\"num_hidden_layers\": 2, \"num_attention_heads\": 4, \"num_key_value_heads\": 2, " \
	     "\"vocab_size\": 1000, \"sliding_window\": 2048"
	static const char *const off[] = {
		"{\"model_type\": \"qwen2\", " BASE "}",
		"{\"model_type\": \"qwen3\", " BASE "}",
		"{\"model_type\": \"qwen2_moe\", " BASE "}",
		"{\"model_type\": \"qwen3_moe\", " BASE "}",
		"{\"model_type\": \"smollm3\", " BASE "}",
	};
	static const char used[] = "{\"model_type\": \"qwen2\", " BASE ", \"use_sliding_window\": true}";
	static const char mistral[] = "{\"model_type\": \"mistral\", " BASE "}";
#undef BASE
	struct vp_model m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof off / sizeof off[0]; i++) {
		parse_ok(off[i], &m);
		assert_int_equal(m.sliding_window, 0);
	}
	parse_ok(used, &m);
	assert_int_equal(m.sliding_window, 2048);
	parse_ok(mistral, &m);
	assert_int_equal(m.sliding_window, 2048);
}

/* GlmConfig and Glm4Config default head_dim to 128 and GlmAttention reads
 * config.head_dim, so a config without the key has 128-wide heads even
 * where hidden/heads is another width (here 1024/16 = 64). */
static void glm_head_dim_defaults_to_the_class_128(void **state)
{
#define BASE "\"hidden_size\": 1024, \"intermediate_size\": 2816, \"num_hidden_layers\": 2, " \
	     "\"num_attention_heads\": 16, \"num_key_value_heads\": 2, \"vocab_size\": 1000"
	static const char glm[] = "{\"model_type\": \"glm\", " BASE "}";
	static const char glm4[] = "{\"model_type\": \"glm4\", " BASE "}";
	static const char stated[] = "{\"model_type\": \"glm4\", " BASE ", \"head_dim\": 64}";
	static const char llama[] = "{\"model_type\": \"llama\", " BASE "}";
#undef BASE
	struct vp_model m;

	(void)state;
	parse_ok(glm, &m);
	assert_int_equal(m.head_dim, 128);
	parse_ok(glm4, &m);
	assert_int_equal(m.head_dim, 128);
	parse_ok(stated, &m);
	assert_int_equal(m.head_dim, 64);
	parse_ok(llama, &m);
	assert_int_equal(m.head_dim, 64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_config_loads),
		cmocka_unit_test(distilbert_keys),
		cmocka_unit_test(starcoder2_keys),
		cmocka_unit_test(cohere_keys),
		cmocka_unit_test(granite_is_read_as_its_own_llama_block),
		cmocka_unit_test(internlm2_bias_is_the_attentions),
		cmocka_unit_test(sliding_window_beyond_the_catalogue_bound_is_refused),
		cmocka_unit_test(bert_keys),
		cmocka_unit_test(the_checkpoint_class_is_kept_only_as_an_identifier),
		cmocka_unit_test(the_stored_dtype_is_read_from_dtype_or_torch_dtype),
		cmocka_unit_test(t5_keys),
		cmocka_unit_test(t5_defaults_follow_the_config_class),
		cmocka_unit_test(bart_keys),
		cmocka_unit_test(translation_keys),
		cmocka_unit_test(exaone4_keys),
		cmocka_unit_test(gpt_bigcode_keys),
		cmocka_unit_test(classifier_labels),
		cmocka_unit_test(llama_like_keys),
		cmocka_unit_test(llama_like_optional_keys),
		cmocka_unit_test(absent_kv_heads_take_the_class_default),
		cmocka_unit_test(absent_head_dim_and_expert_width),
		cmocka_unit_test(other_families_absent_keys),
		cmocka_unit_test(qwen_v1_halves_the_mlp),
		cmocka_unit_test(neox_phi_gpt2_bloom_keys),
		cmocka_unit_test(mpt_keys_and_what_transformers_cannot_load),
		cmocka_unit_test(camembert_reads_as_roberta),
		cmocka_unit_test(olmo_keys),
		cmocka_unit_test(olmoe_keys),
		cmocka_unit_test(deepseek_v2_keys),
		cmocka_unit_test(glm4_moe_keys),
		cmocka_unit_test(ernie4_5_keys),
		cmocka_unit_test(ernie4_5_moe_keys),
		cmocka_unit_test(gemma3_multimodal_keys),
		cmocka_unit_test(mistral3_multimodal_keys),
		cmocka_unit_test(qwen2_vl_multimodal_keys),
		cmocka_unit_test(smollm3_keys),
		cmocka_unit_test(seed_oss_keys),
		cmocka_unit_test(hunyuan_dense_keys),
		cmocka_unit_test(modernbert_keys),
		cmocka_unit_test(layer_patterns_count_the_global_layers),
		cmocka_unit_test(gpt_oss_keys),
		cmocka_unit_test(phimoe_keys),
		cmocka_unit_test(granitemoe_keys),
		cmocka_unit_test(granitemoeshared_keys),
		cmocka_unit_test(output_router_logits_is_read_for_mixtures_of_experts),
		cmocka_unit_test(pegasus_keys),
		cmocka_unit_test(glm_keys),
		cmocka_unit_test(codegen_keys),
		cmocka_unit_test(xlm_roberta_xl_keys),
		cmocka_unit_test(olmo3_is_olmo2_with_a_window),
		cmocka_unit_test(a_long_name_or_path_is_cut_between_characters),
		cmocka_unit_test(names_become_catalogue_names),
		cmocka_unit_test(syntax_errors_carry_line_and_column),
		cmocka_unit_test(missing_and_unsupported),
		cmocka_unit_test(electra_embedding_size),
		cmocka_unit_test(gptj_keys),
		cmocka_unit_test(the_context_of_rotary_and_alibi_models),
		cmocka_unit_test(deberta_v2_keys),
		cmocka_unit_test(mpnet_keys),
		cmocka_unit_test(an_unmodelled_llama_clone_is_read_as_llama),
		cmocka_unit_test(an_unmodelled_type_unlike_llama_is_refused),
		cmocka_unit_test(quantization_config_names_the_stored_base),
		cmocka_unit_test(name_or_path_names_the_entry),
		cmocka_unit_test(bad_numbers_name_the_field),
		cmocka_unit_test(unreadable_file_is_an_io_error),
		cmocka_unit_test(parse_respects_the_length),
		cmocka_unit_test(sliding_window_keys),
		cmocka_unit_test(absent_use_sliding_window_is_false_where_the_class_has_it),
		cmocka_unit_test(glm_head_dim_defaults_to_the_class_128),
	};

	return cmocka_run_group_tests_name("hfconfig", tests, NULL, NULL);
}
