/*
 * Model families, validation, parameter counts against published figures,
 * the per-block linears and PEFT target matching.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vramplan/hfconfig.h"
#include "vramplan/layers.h"
#include "vramplan/model.h"

#define CONFIGS VP_TEST_DATA "/configs/"

static void load(const char *file, struct vp_model *m)
{
	struct vp_error err = {0};
	char path[512], buf[1200];

	snprintf(path, sizeof path, CONFIGS "%s", file);
	if (vp_hfconfig_load(path, m, &err) != 0) {
		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
}

static void family(const char *type, struct vp_model *m)
{
	struct vp_error err = {0};

	if (vp_model_init_family(m, type, &err) != 0)
		fail_msg("%s: %s", type, err.message);
}

/* A valid Llama-3.2-3B-shaped descriptor built by hand. */
static void llama(struct vp_model *m)
{
	family("llama", m);
	snprintf(m->name, sizeof m->name, "test-llama");
	m->hidden_size = 3072;
	m->intermediate_size = 8192;
	m->vocab_size = 128256;
	m->num_layers = 28;
	m->num_heads = 24;
	m->num_kv_heads = 8;
	m->head_dim = 128;
	m->tie_embeddings = true;
}

/* ---- families ----------------------------------------------------------- */

static void every_listed_type_initializes(void **state)
{
	(void)state;
	for (size_t i = 0; vp_model_types[i] != NULL; i++) {
		struct vp_model m;

		family(vp_model_types[i], &m);
		assert_string_equal(m.model_type, vp_model_types[i]);
		assert_true(m.hidden_size == 0 && m.num_layers == 0);
		if (m.norm == VP_NORM_RMS)
			assert_false(m.norm_bias);
		if (m.pos == VP_POS_ROTARY)
			assert_true(m.rotary_fraction > 0.0 && m.rotary_fraction <= 1.0);
	}
}

static void encoder_family_traits(void **state)
{
	struct vp_model m;

	(void)state;
	family("xlm-roberta", &m);
	assert_int_equal(m.arch, VP_ARCH_ENCODER);
	assert_int_equal(m.naming, VP_NAMING_BERT);
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_true(m.norm_bias && m.qkv_bias && m.out_bias && m.mlp_bias);
	assert_true(m.pooler && m.embed_norm && m.tie_embeddings);
	assert_false(m.final_norm || m.gated_mlp);
	assert_int_equal(m.pos, VP_POS_LEARNED);
	assert_true(m.hidden_dropout == 0.1 && m.attn_dropout == 0.1);
}

static void t5_family_traits(void **state)
{
	struct vp_model m;

	(void)state;
	family("t5", &m);
	assert_int_equal(m.arch, VP_ARCH_ENCDEC);
	assert_int_equal(m.naming, VP_NAMING_T5);
	assert_int_equal(m.norm, VP_NORM_RMS);
	assert_int_equal(m.pos, VP_POS_RELATIVE);
	assert_int_equal(m.relative_buckets, 32);
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias || m.norm_bias);
	assert_true(m.gated_mlp && m.final_norm && m.tie_embeddings);
	assert_int_equal(m.act, VP_ACT_GELU);
	assert_true(m.act_dropout == 0.1);
	family("mt5", &m);
	assert_false(m.tie_embeddings);
	family("umt5", &m);
	assert_false(m.tie_embeddings);
}

static void bart_family_traits(void **state)
{
	struct vp_model m;

	(void)state;
	family("bart", &m);
	assert_int_equal(m.arch, VP_ARCH_ENCDEC);
	assert_int_equal(m.naming, VP_NAMING_BART);
	assert_true(m.embed_norm && m.tie_embeddings && m.norm_bias && m.qkv_bias);
	assert_false(m.final_norm);
	family("mbart", &m);
	assert_true(m.final_norm);
}

static void decoder_family_traits(void **state)
{
	struct vp_model m;

	(void)state;
	family("qwen2", &m);
	assert_true(m.qkv_bias);
	assert_false(m.out_bias || m.mlp_bias || m.tie_embeddings);
	assert_int_equal(m.act, VP_ACT_SILU);
	family("gemma", &m);
	assert_true(m.tie_embeddings && m.scale_embed_copy);
	assert_false(m.logit_softcap || m.attn_softcap);
	assert_int_equal(m.act, VP_ACT_GELU);
	family("gemma2", &m);
	assert_true(m.logit_softcap && m.attn_softcap && m.scale_embed_copy);
	family("phi3", &m);
	assert_int_equal(m.naming, VP_NAMING_PHI3);
	family("stablelm", &m);
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_true(m.norm_bias);
	assert_true(m.rotary_fraction == 0.25);
	family("qwen", &m);
	assert_int_equal(m.naming, VP_NAMING_QWEN);
	assert_true(m.qkv_bias && m.gated_mlp);
	family("gpt_neox", &m);
	assert_int_equal(m.naming, VP_NAMING_NEOX);
	assert_true(m.parallel_block && m.qkv_bias && m.mlp_bias);
	assert_true(m.rotary_fraction == 0.25);
	assert_false(m.tie_embeddings);
	family("phi", &m);
	assert_true(m.parallel_block && m.lm_head_bias);
	assert_true(m.rotary_fraction == 0.5);
	family("gpt2", &m);
	assert_int_equal(m.pos, VP_POS_LEARNED);
	assert_true(m.tie_embeddings && m.hidden_dropout == 0.1);
	family("bloom", &m);
	assert_int_equal(m.pos, VP_POS_ALIBI);
	assert_true(m.embed_norm && m.tie_embeddings);
	/* MPT: BLOOM's ALiBi without its embedding norm or any bias */
	family("mpt", &m);
	assert_int_equal(m.naming, VP_NAMING_MPT);
	assert_int_equal(m.pos, VP_POS_ALIBI);
	assert_true(m.tie_embeddings && m.final_norm);
	assert_false(m.embed_norm || m.qkv_bias || m.out_bias || m.mlp_bias || m.norm_bias);
	/* CamemBERT: RoBERTa's layout */
	family("camembert", &m);
	assert_int_equal(m.naming, VP_NAMING_BERT);
	assert_true(m.pooler && m.embed_norm);
}

static void unknown_type_lists_the_supported_ones(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_model_init_family(&m, "foo", &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.message,
			    "unsupported model_type 'foo' (supported: bert, roberta, xlm-roberta, xlm-roberta-xl, camembert, "
			    "distilbert, electra, deberta-v2, mpnet, modernbert, albert, t5, mt5, umt5, bart, mbart, marian, m2m_100, pegasus, llama, mistral, qwen2, qwen3, gemma, gemma2, gemma3_text, "
			    "phi3, stablelm, exaone, exaone4, olmo, olmo2, olmo3, glm, glm4, cohere, cohere2, granite, smollm3, seed_oss, hunyuan_v1_dense, internlm2, ernie4_5, mixtral, qwen2_moe, qwen3_moe, olmoe, phimoe, granitemoe, granitemoeshared, gpt_oss, deepseek_v2, deepseek_v3, glm4_moe, ernie4_5_moe, qwen, gpt_neox, phi, gptj, codegen, gpt_neo, gpt2, gpt_bigcode, starcoder2, bloom, mpt, falcon, opt)");
	assert_int_equal(vp_model_init_family(&m, "", &err), -1);
	assert_string_equal(err.message, "missing 'model_type'");
	assert_int_equal(vp_model_init_family(&m, NULL, NULL), -1);
}

/* ---- validation --------------------------------------------------------- */

static void expect_invalid(const struct vp_model *m, const char *message)
{
	struct vp_error err = {0};

	assert_int_equal(vp_model_validate(m, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.message, message);
	assert_int_equal(vp_model_validate(m, NULL), -1);
}

static void validate_accepts_a_good_model(void **state)
{
	struct vp_model m;
	struct vp_error err = {0};

	(void)state;
	llama(&m);
	assert_int_equal(vp_model_validate(&m, &err), 0);
	assert_int_equal(err.code, VP_OK);
}

static void validate_names_the_field(void **state)
{
	struct vp_model m;

	(void)state;
	llama(&m);
	m.hidden_size = 0;
	expect_invalid(&m, "'hidden_size' must be at least 1");
	llama(&m);
	m.intermediate_size = 0;
	expect_invalid(&m, "'intermediate_size' must be at least 1");
	llama(&m);
	m.vocab_size = 0;
	expect_invalid(&m, "'vocab_size' must be at least 1");
	llama(&m);
	m.num_layers = 0;
	expect_invalid(&m, "'num_layers' must be at least 1");
	llama(&m);
	m.output_router_logits = true;
	expect_invalid(&m, "'output_router_logits' needs experts (num_experts)");
	llama(&m);
	m.num_heads = 0;
	expect_invalid(&m, "'num_heads' must be at least 1");
	llama(&m);
	m.num_kv_heads = 0;
	expect_invalid(&m, "'num_kv_heads' must be at least 1");
	llama(&m);
	m.num_kv_heads = 5;
	expect_invalid(&m, "'num_kv_heads' (5) must divide 'num_heads' (24)");
	llama(&m);
	m.num_kv_heads = 48;
	expect_invalid(&m, "'num_kv_heads' (48) must divide 'num_heads' (24)");
	llama(&m);
	m.head_dim = 0;
	expect_invalid(&m, "'head_dim' must be at least 1");
}

static void validate_rejects_overflow_prone_sizes(void **state)
{
	struct vp_model m;

	(void)state;
	llama(&m);
	m.hidden_size = (uint64_t)1 << 40;
	expect_invalid(&m, "'hidden_size' is too large (1099511627776; it must be below 1099511627776)");
	llama(&m);
	m.vocab_size = (uint64_t)1 << 32;
	expect_invalid(&m, "'vocab_size' is too large (4294967296; it must be below 4294967296)");
	llama(&m);
	m.num_layers = UINT64_MAX;
	expect_invalid(&m, "'num_layers' is too large (18446744073709551615; it must be below 1048576)");
	llama(&m);
	m.num_heads = 1 << 19;
	m.num_kv_heads = 1;
	m.head_dim = (uint64_t)1 << 30;
	expect_invalid(&m, "'num_heads' x 'head_dim' is too large (524288 x 1073741824)");
}

static void validate_checks_fractions(void **state)
{
	struct vp_model m;

	(void)state;
	llama(&m);
	m.rotary_fraction = 0.0;
	expect_invalid(&m, "'rotary_fraction' must be in (0, 1], got 0");
	m.rotary_fraction = 1.5;
	expect_invalid(&m, "'rotary_fraction' must be in (0, 1], got 1.5");
	m.rotary_fraction = NAN;
	expect_invalid(&m, "'rotary_fraction' must be in (0, 1], got nan");
	llama(&m);
	m.hidden_dropout = 1.0;
	expect_invalid(&m, "'hidden_dropout' must be in [0, 1), got 1");
	llama(&m);
	m.attn_dropout = -0.1;
	expect_invalid(&m, "'attn_dropout' must be in [0, 1), got -0.1");
	llama(&m);
	m.act_dropout = NAN;
	expect_invalid(&m, "'act_dropout' must be in [0, 1), got nan");
}

static void validate_checks_consistency(void **state)
{
	struct vp_model m;

	(void)state;
	llama(&m);
	m.norm_bias = true;
	expect_invalid(&m, "'norm_bias' cannot be set with an RMS norm");
	llama(&m);
	m.gated_mlp = false;
	expect_invalid(&m, "'gated_mlp' must be true for model_type 'llama'");
	llama(&m);
	m.num_decoder_layers = 2;
	expect_invalid(&m, "'num_decoder_layers' is only for encoder-decoder models (model_type 'llama')");
	llama(&m);
	m.arch = VP_ARCH_ENCDEC;
	m.num_decoder_layers = 2;
	expect_invalid(&m, "model_type 'llama' has no encoder-decoder form");
	llama(&m);
	m.act = (enum vp_act)7;
	expect_invalid(&m, "corrupt model descriptor (enum out of range)");

	load("t5-small.json", &m);
	m.num_decoder_layers = 0;
	expect_invalid(&m, "'num_decoder_layers' must be at least 1");
	load("t5-small.json", &m);
	m.relative_buckets = 0;
	expect_invalid(&m, "'relative_buckets' must be at least 1 for relative positions");
	load("roberta-base.json", &m);
	m.gated_mlp = true;
	expect_invalid(&m, "'gated_mlp' is not possible for model_type 'roberta'");
	load("roberta-base.json", &m);
	m.max_positions = 0;
	expect_invalid(&m, "'max_positions' must be at least 1 for learned positions");
	/* only ELECTRA's layout and OPT join their embeddings to the blocks
	 * with projections */
	llama(&m);
	m.embedding_size = 128;
	expect_invalid(&m, "'embedding_size' (128) differs from 'hidden_size' (3072), which only an encoder "
			   "with BERT's layout (ELECTRA's embeddings_project) or OPT (project_in, project_out) models");
	load("roberta-base.json", &m);
	m.embedding_size = 128;
	assert_int_equal(vp_model_validate(&m, NULL), 0);
	assert_int_equal(vp_model_param_count(&m),
			 UINT64_C(124645632) - (50265 + 514 + 1 + 2) * UINT64_C(640) + 128 * 768 + 768);
	/* a fixed sinusoidal table is the translation models' alone */
	load("kobart-base-v2.json", &m);
	m.pos = VP_POS_SINUSOIDAL;
	expect_invalid(&m, "'pos' sinusoidal is Marian's, M2M100's and Pegasus's (model_type marian, m2m_100, pegasus), "
			   "not 'bart''s");
	load("opus-mt-ko-en.json", &m);
	assert_int_equal(vp_model_validate(&m, NULL), 0);
	assert_int_equal(vp_model_validate(NULL, NULL), -1);
}

/* ---- parameter counts --------------------------------------------------- */

/*
 * Published counts (tests/data/configs/README.md gives where each was
 * found). `exact` marks the ones this accounting reproduces to the
 * parameter; every one must be within 1%.
 */
static const struct {
	const char *file;
	uint64_t published;
	bool exact;
} published[] = {
	{"bert-large-uncased.json", 335141888, true},
	{"groundtruth/bert-large-uncased.json", 335141888, true},
	{"llama-3.2-3b.json", 3212749824, true},
	{"groundtruth/llama-2-7b.json", 6738415616, true},
	{"groundtruth/phi-1_5.json", 1418270720, true},
	{"groundtruth/qwen-1_8b.json", 1836828672, true},
	{"groundtruth/t0-3b.json", 2849757184, true},
	{"mt5-base.json", 582401280, true},
	{"mt5-small.json", 300176768, true},
	{"polyglot-ko-12.8b.json", 12898631680, false}, /* ours: 12,893,603,840 */
	{"t5-small.json", 60506624, true},
	{"roberta-base.json", 124645632, true},
	{"gpt2-large.json", 774030080, true},
	{"bloom-3b.json", 3002557440, true},
	{"falcon-7b.json", 6920000000, false}, /* Hub "6.92B"; ours: 6,921,720,704 */
	{"opt-1.3b.json", 1315758080, true},
	/* embed_tokens 50272 x 512 (tied), embed_positions 2050 x 1024,
	 * project_in and project_out 2 x 512 x 1024 (no bias), 24 layers of
	 * q, k, v, out_proj 4 x (1024^2 + 1024), fc1 1024 x 4096 + 4096,
	 * fc2 4096 x 1024 + 1024 and two LayerNorms 2 x 2 x 1024; no final
	 * norm (post-norm): the fp16 checkpoint's 662,392,832 bytes / 2 */
	{"opt-350m.json", 331196416, true},
	{"qwen3-4b.json", 4022468096, true},
	{"mistral-7b-v0.1.json", 7241732096, true},
	{"gemma-2b.json", 2506172416, true},
	{"gemma-2-2b.json", 2614341888, true},
	{"phi-3-mini-4k-instruct.json", 3821079552, true},
	{"stablelm-2-1_6b.json", 1644515328, true},
	{"mixtral-8x7b-v0.1.json", 46700000000, false}, /* "46.7B"; ours: 46,702,792,704 */
	{"qwen3-30b-a3b.json", 30500000000, false},     /* "30.5B"; ours: 30,532,122,624 */
	{"qwen1.5-moe-a2.7b.json", 14300000000, false}, /* "14.3B"; ours: 14,315,784,192 */
	/* by hand from modeling_olmoe.py's shapes: embed_tokens and lm_head
	 * 2 x 50304 x 2048, per layer q/k/v/o 4 x 2048^2, q_norm and k_norm
	 * 2 x 2048, two block norms 2 x 2048, the router 2048 x 64 and 64
	 * experts of 3 x 2048 x 1024; 16 layers and the final norm (paper:
	 * "6.9B total") */
	{"olmoe-1b-7b-0924.json", 6919161856, true},
	/* the text model 3,880,263,168 and the SigLIP tower with the
	 * projector 419,816,304 (test_hfconfig.c), as Gemma3ForConditional
	 * Generation counts them */
	{"gemma-3-4b-it.json", 4300079472, true},
	/* Mistral Small 3.1: the text model 23,572,403,200 (mistral-small-24b's)
	 * and the Pixtral tower with the projector 438,958,080 (test_hfconfig.c);
	 * KerasHub's mistral_small_3.1_24b presets publish 24,011,361,280 */
	{"mistral-small-3.1-24b-instruct-2503.json", 24011361280, true},
	/* Qwen2.5-VL-7B-Instruct: the text model 7,615,616,512 (qwen2.5-7b's)
	 * and the visual tower with its merger 676,550,144 (test_hfconfig.c);
	 * the hub's safetensors total 8,292,166,656 */
	{"qwen2.5-vl-7b-instruct.json", 8292166656, true},
	{"smollm3-3b.json", 3080000000, false}, /* hub "3.08B"; ours: 3,075,098,624 */
	{"seed-oss-36b-instruct.json", 36000000000, false}, /* README "36B"; ours: 36,151,104,512 */
	{"hunyuan-7b-instruct.json", 7500000000, false}, /* card "7.5B"; ours: 7,504,568,320 */
	/* the embeddings 50368 x 768 and their norm (768), 22 layers of
	 * Wqkv 768 x 2304, Wo 768^2, Wi 768 x 2304, Wo 1152 x 768 and two
	 * norms, less layer 0's attn_norm, and the final norm: no biases */
	{"modernbert-base.json", 149014272, true},
	/* the embedding and the LM head 2 x 201088 x 2880; per layer q, k, v,
	 * o with biases (26,550,080) and 64 sinks, the router 2880 x 32 + 32,
	 * 32 experts of gate_up 2880 x 5760 + 5760 and down 2880 x 2880 +
	 * 2880, two norms; 24 layers and the final norm */
	{"gpt-oss-20b.json", 20914757184, true},
	/* PhimoeForCausalLM: embed_tokens 32064 x 4096; per layer q and o
	 * 4096^2 + 4096 each, k and v 4096 x 1024 + 1024 each (attention_bias),
	 * two LayerNorms 2 x 2 x 4096, the router 4096 x 16 and 16 experts of
	 * w1, w3 and w2 3 x 4096 x 6400 (1,300,326,400 a layer); 32 layers,
	 * the final LayerNorm 2 x 4096, lm_head 32064 x 4096 + 32064 (its
	 * bias). A public breakdown of microsoft/Phi-3.5-MoE-instruct gives
	 * 41,873,153,344 in all, of which the feed-forward (router and
	 * experts) 40,267,415,552 */
	{"phi-3.5-moe-instruct.json", 41873153344, true},
	/* GraniteMoeForCausalLM: embed_tokens 49155 x 1024 (tied); per layer
	 * q and o 1024^2 each, k and v 1024 x 512 each, two RMSNorms 2 x 1024,
	 * router.layer 1024 x 32, input_linear 32 x 1024 x 1024 and
	 * output_linear 32 x 1024 x 512 (53,512,192 a layer); 24 layers and
	 * the final norm. sum(p.numel() for p in model.parameters()) of
	 * ibm-granite/granite-3.0-1b-a400m-instruct loaded by transformers,
	 * as public test code asserts it */
	{"granite-3.0-1b-a400m-base.json", 1334628352, true},
	/* GraniteMoeSharedForCausalLM, by hand (no published exact total was
	 * found; the name's "7b"): embed_tokens 50257 x 1536 (tied); per layer
	 * q and o 1536^2 each, k and v 1536 x 512 each, two RMSNorms,
	 * router.layer 1536 x 62, the experts 62 x (1024 x 1536 + 1536 x 512),
	 * shared_mlp 1536 x 2048 + 1024 x 1536 (157,384,704 a layer); 40
	 * layers and the final norm */
	{"moe-7b-1b-active-shared-experts.json", 6372584448, true},
	/* DeepSeek-V2-Lite(-Chat): MLA without a q latent, layer 0 dense,
	 * 26 MoE layers (test_hfconfig.c deepseek_v2_keys gives the sum); the
	 * checkpoint's tensors add up to 15,706,484,224 */
	{"deepseek-v2-lite-chat.json", 15706484224, true},
	/* Moonlight-16B-A3B-Instruct (deepseek_v3): DeepSeek-V2-Lite's shape
	 * with a vocabulary of 163840 (embed_tokens and lm_head 2 x 61440 x
	 * 2048 more) and a dense layer of 11264 (3 x 320 x 2048 more): by
	 * hand 15,960,108,544. Its model card's 15.29B leaves out the two
	 * 163840 x 2048 tables: 15,289,019,904 (DeepSeek-V2-Lite's 15.29B
	 * in the same table likewise) */
	{"moonlight-16b-a3b-instruct.json", 15960108544, true},
	/* GLM-4.5-Air (glm4_moe): what Glm4MoeForCausalLM builds, 46 layers
	 * (test_hfconfig.c glm4_moe_keys gives the sum), 106,852,245,504.
	 * The Hub's safetensors total, 110,468,824,832, holds 3,616,579,328
	 * more: the multi-token-prediction layer model.layers.46, which
	 * Glm4MoeModel does not build (num_hidden_layers layers only;
	 * _keys_to_ignore_on_load_unexpected drops model.layers.46.*): an MoE
	 * layer (2,341,492,736), eh_proj 8192 x 4096 (33,554,432), enorm,
	 * hnorm and shared_head.norm (3 x 4096), its own embed_tokens and
	 * shared_head.head (2 x 151552 x 4096 = 1,241,513,984); and 46 (45 MoE
	 * layers' and the MTP layer's)
	 * e_score_correction_bias buffers of 128 (5,888), stored but no
	 * parameters. 2,341,492,736 + 33,554,432 + 12,288 + 1,241,513,984 +
	 * 5,888 = 3,616,579,328 */
	{"glm-4.5-air.json", 106852245504, true},
	/* embeddings 30000 x 128 + 512 x 128 + 2 x 128 and their LayerNorm,
	 * embedding_hidden_mapping_in 128 x 768 + 768, ONE shared layer
	 * (q, k, v, dense 4 x (768^2 + 768), ffn 768 x 3072 + 3072,
	 * ffn_output 3072 x 768 + 768, two LayerNorms), the pooler */
	{"albert-base-v2.json", 11683584, true},
	{"camembert-base.json", 110000000, false},      /* "110M"; ours: 110,621,952 */
	{"mpt-7b.json", 6700000000, false},              /* "6.7B"; ours: 6,649,286,656 */
	{"olmo-1b-hf.json", 1180000000, false},          /* hub "1.18B"; ours: 1,176,764,416 */
	{"glm-4-9b-0414.json", 9400000000, false},       /* hub "9.4B"; ours: 9,400,279,040 */
	{"xlm-roberta-xl.json", 3500000000, false},     /* paper "3.5B"; ours: 3,482,485,760 */
	{"pegasus-large.json", 568000000, false},        /* paper "568M"; ours: 570,797,056 with the two frozen
							  * sinusoidal tables (568,699,904 without) */
	/* Current models (the 2026-11-30 audit; README "Current models checked
	 * against published counts" gives where each file and figure came
	 * from): the safetensors totals the Hub lists, or the module shapes a
	 * public printout of the model gives, to the parameter */
	{"qwen3-8b.json", 8190735360, true},
	{"qwen3-14b.json", 14768307200, true},
	{"qwen2.5-7b.json", 7615616512, true},
	{"qwen2.5-14b.json", 14770033664, true},
	{"mistral-nemo-base-2407.json", 12247782400, true}, /* head_dim 128 x 32 heads < hidden 5120 */
	{"phi-4.json", 14659507200, true},
	{"phi-4-mini-instruct.json", 3836021760, true}, /* tied, fused qkv_proj of (24 + 2 x 8) x 128 */
	{"falcon3-7b-instruct.json", 7455550464, true}, /* LlamaForCausalLM, head_dim 256 x 12 heads */
	{"smollm2-1.7b-instruct.json", 1711376384, true},
	{"granite-3.3-8b-instruct.json", 8170864640, true},
	{"deepseek-r1-distill-qwen-1.5b.json", 1777088000, true},
	/* a ModernBertForSequenceClassification fine-tune of ModernBERT-large:
	 * the model's 394,781,696 ("395M", Warner et al. 2024); the estimate
	 * adds the head's dense 1024^2, norm 1024 and classifier 1024 x 2 + 2
	 * (395,833,346 in all) */
	{"modernbert-large-zeroshot-v2.0.json", 394781696, true},
	{"multilingual-e5-large.json", 559890432, true}, /* XLMRobertaModel with its pooler */
	/* Gemma3ForConditionalGeneration: the text model 11,766,034,176 (the
	 * vocabulary Gemma3TextConfig's default 262,208), the SigLIP tower and
	 * projector 421,290,864 */
	{"gemma-3-12b-it.json", 12187325040, true},
	{"gemma-3-270m.json", 268098176, true},
	/* ElectraModel: BERT-base's published 109,482,240 less its pooler
	 * (768^2 + 768), with 35,000 vocabulary rows for 30,522; the estimate
	 * adds the default head, a 2-label ElectraClassificationHead (dense
	 * 768^2 + 768, out_proj 768 x 2 + 2: 112,922,882 in all), not the
	 * checkpoint's discriminator head */
	{"koelectra-base-v3-discriminator.json", 112330752, true},
	/* what the config says (tied); the Trainer's log printed 619,570,176
	 * trainable: transformers 5.0 untied the head because the checkpoint
	 * held lm_head.weight too, which no config.json tells (README) */
	{"qwen1.5-0.5b-finetune-transformers5.json", 463987712, true},
	/* The hub-config audit of 2026-11-30 (README "Further configs
	 * checked"). ERNIE-4.5-0.3B (ernie4_5, read as Llama until
	 * 2026-12-01): tied, 18 layers of q 1024 x 2048, k and v 1024 x 256,
	 * o 2048 x 1024, MLP 3 x 1024 x 3072 and two norms (the "0.36B" of the
	 * model card). Read as Llama (model_type minicpm, orion): MiniCPM-2B tied, 40 layers of 4 x 2304^2 +
	 * 3 x 2304 x 5760 (its "2.4B non-embedding") and 122,753 x 2304
	 * embeddings; Orion-14B's norms are LayerNorms with a bias (81 x 5120
	 * more), which the Llama reading leaves out */
	{"ernie-4.5-0.3b-pt.json", 360748032, true},
	/* ERNIE-4.5-21B-A3B (ernie4_5_moe): the Hub API's safetensors total
	 * (test_hfconfig.c ernie4_5_moe_keys adds it up) */
	{"ernie-4.5-21b-a3b.json", 21825437888, true},
	{"minicpm-2b-sft-bf16.json", 2724880896, true},
	{"orion-14b-base.json", 14500000000, false}, /* "14.5B"; ours: 14,498,288,640 */
	/* StarCoder2-7B: tied, 32 layers of q/o 4608^2, k/v 4608 x 512, c_fc
	 * and c_proj 4608 x 18432, all with biases, two LayerNorms (the hub's
	 * "7.17B"); StableLM-3B-4E1T: untied, 32 layers of 4 x 2560^2 and
	 * 3 x 2560 x 6912, two LayerNorms with biases */
	{"starcoder2-7b.json", 7173923840, true},
	{"stablelm-3b-4e1t.json", 2795443200, true},
	/* Korean models released in 2025 (README "Korean models of 2025"):
	 * KT's Mi:dm 2.0 Mini, LlamaForCausalLM, tied, 48 layers of q and o
	 * 1792 x 4096 (32 heads of 128, wider than hidden), k and v
	 * 1792 x 1024, MLP 3 x 1792 x 4608 and two norms, 131,392 x 1792
	 * embeddings: the 2,305,517,312 a public write-up gives for
	 * K-intelligence/Midm-2.0-Mini-Instruct */
	{"midm-2.0-mini-instruct.json", 2305517312, true},
};

/* The longest sequence each position table holds: BERT's 512 rows, RoBERTa's
 * 514 from padding_idx + 1, BART's and OPT's max_position_embeddings (their
 * tables carry two offset rows more), GPT-2's n_positions, Marian's and
 * Pegasus's sinusoidal tables; nothing bounds rotary, relative, DeBERTa-v3's
 * relative-only or M2M100's growing positions. */
static void position_tables_bound_the_sequence(void **state)
{
	static const struct {
		const char *file;
		uint64_t tokens;
	} cases[] = {
		{"bert-large-uncased.json", 512}, {"roberta-base.json", 512}, {"bart-base-smiles.json", 1024},
		{"mbart-large-cc25.json", 1024},  {"opt-1.3b.json", 2048},    {"opt-350m.json", 2048}, {"gpt2-large.json", 1024},
		{"opus-mt-ko-en.json", 512},      {"pegasus-large.json", 1024}, {"kobart-base-v2.json", 1026},
		{"deberta-v3-base.json", 0},      {"m2m100-418M.json", 0},     {"llama-3.2-3b.json", 0},
		{"mt5-base.json", 0},             {"bloom-3b.json", 0},
	};
	struct vp_model m;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		load(cases[i].file, &m);
		if (vp_model_max_tokens(&m) != cases[i].tokens)
			fail_msg("%s: %llu tokens, expected %llu", cases[i].file,
				 (unsigned long long)vp_model_max_tokens(&m), (unsigned long long)cases[i].tokens);
	}
}

static void param_counts_match_published_figures(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
		struct vp_model m;
		uint64_t n;
		double rel;

		load(published[i].file, &m);
		n = vp_model_param_count(&m);
		rel = fabs((double)n - (double)published[i].published) / (double)published[i].published;
		if (rel > 0.01 || (published[i].exact && n != published[i].published))
			fail_msg("%s: counted %" PRIu64 ", published %" PRIu64 " (%.3f%%)",
				 published[i].file, n, published[i].published, rel * 100);
	}
}

/* t5-base (v1.0: ReLU MLP, tied head) 222,903,552 and facebook/bart-base
 * 139,420,416, built by hand: these also pin the relative bias counted once
 * per stack, and BART's per-stack position table and embedding norm. */
static void param_counts_of_hand_built_encoder_decoders(void **state)
{
	struct vp_model m;

	(void)state;
	family("t5", &m);
	m.hidden_size = 768;
	m.intermediate_size = 3072;
	m.vocab_size = 32128;
	m.num_layers = m.num_decoder_layers = 12;
	m.num_heads = m.num_kv_heads = 12;
	m.head_dim = 64;
	m.gated_mlp = false;
	m.act = VP_ACT_RELU;
	assert_int_equal(vp_model_validate(&m, NULL), 0);
	assert_int_equal(vp_model_param_count(&m), 222903552);

	family("bart", &m);
	m.hidden_size = 768;
	m.intermediate_size = 3072;
	m.vocab_size = 50265;
	m.num_layers = m.num_decoder_layers = 6;
	m.num_heads = m.num_kv_heads = 12;
	m.head_dim = 64;
	m.max_positions = 1026;
	assert_int_equal(vp_model_validate(&m, NULL), 0);
	assert_int_equal(vp_model_param_count(&m), 139420416);
}

/* umt5 keeps a relative bias in every block: 32 x 6 per block, 16 blocks,
 * instead of 32 x 6 per stack. */
static void umt5_counts_a_relative_bias_per_block(void **state)
{
	struct vp_model u, t;

	(void)state;
	load("umt5-small.json", &u);
	t = u;
	snprintf(t.model_type, sizeof t.model_type, "mt5");
	assert_int_equal(vp_model_param_count(&u) - vp_model_param_count(&t),
			 32 * 6 * 16 - 32 * 6 * 2);
}

static void param_count_overflow_gives_zero(void **state)
{
	struct vp_model m;

	(void)state;
	llama(&m);
	m.vocab_size = (uint64_t)1 << 40;
	m.hidden_size = (uint64_t)1 << 30; /* 2^70: not validated, must not wrap */
	assert_int_equal(vp_model_param_count(&m), 0);
	llama(&m);
	m.num_layers = UINT64_MAX;
	assert_int_equal(vp_model_param_count(&m), 0);
	assert_int_equal(vp_model_param_count(NULL), 0);
}

/* The blocks' linears are what the count sums: for Llama everything but
 * the embedding, the final norm and two norms per block. */
static void block_linears_add_up_to_the_param_count(void **state)
{
	struct vp_model m;
	struct vp_linear lin[VP_BLOCK_LINEARS_MAX];
	size_t n;
	uint64_t sum = 0;

	(void)state;
	load("groundtruth/llama-2-7b.json", &m);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, lin, VP_BLOCK_LINEARS_MAX);
	assert_int_equal(n, 7);
	for (size_t i = 0; i < n; i++)
		sum += lin[i].in_features * lin[i].out_features + (lin[i].bias ? lin[i].out_features : 0);
	assert_int_equal(vp_model_param_count(&m),
			 2 * 32000 * 4096 + 4096 + 32 * (sum + 2 * 4096));
}

/* ---- block linears ------------------------------------------------------ */

static void expect_linear(const struct vp_linear *l, enum vp_linear_role role, const char *name,
			  const char *path, uint64_t in, uint64_t out, bool bias)
{
	assert_int_equal(l->role, role);
	assert_string_equal(l->name, name);
	assert_string_equal(l->path, path);
	assert_int_equal(l->in_features, in);
	assert_int_equal(l->out_features, out);
	assert_int_equal(l->bias, bias);
}

static void llama_block_has_seven_linears(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("llama-3.2-3b.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 7);
	expect_linear(&l[0], VP_LIN_Q, "q_proj", "self_attn.q_proj", 3072, 3072, false);
	expect_linear(&l[1], VP_LIN_K, "k_proj", "self_attn.k_proj", 3072, 1024, false);
	expect_linear(&l[2], VP_LIN_V, "v_proj", "self_attn.v_proj", 3072, 1024, false);
	expect_linear(&l[3], VP_LIN_O, "o_proj", "self_attn.o_proj", 3072, 3072, false);
	expect_linear(&l[4], VP_LIN_GATE, "gate_proj", "mlp.gate_proj", 3072, 8192, false);
	expect_linear(&l[5], VP_LIN_UP, "up_proj", "mlp.up_proj", 3072, 8192, false);
	expect_linear(&l[6], VP_LIN_DOWN, "down_proj", "mlp.down_proj", 8192, 3072, false);
	/* a decoder-only model has no encoder block; too small a buffer fails */
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 0);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 6), 0);
	assert_int_equal(vp_model_block_linears(NULL, VP_BLOCK_DECODER, l, 16), 0);
}

static void qwen2_biases_only_on_qkv(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("qwen2.5-3b.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 7);
	assert_true(l[0].bias && l[1].bias && l[2].bias);
	assert_false(l[3].bias || l[4].bias || l[5].bias || l[6].bias);
	assert_int_equal(l[1].out_features, 256); /* 2 kv heads x 128 */
}

static void t5_blocks_with_and_without_cross_attention(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("mt5-base.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 7);
	expect_linear(&l[0], VP_LIN_Q, "q", "layer.0.SelfAttention.q", 768, 768, false);
	expect_linear(&l[4], VP_LIN_GATE, "wi_0", "layer.1.DenseReluDense.wi_0", 768, 2048, false);
	expect_linear(&l[5], VP_LIN_UP, "wi_1", "layer.1.DenseReluDense.wi_1", 768, 2048, false);
	expect_linear(&l[6], VP_LIN_DOWN, "wo", "layer.1.DenseReluDense.wo", 2048, 768, false);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 11);
	expect_linear(&l[4], VP_LIN_CROSS_Q, "q", "layer.1.EncDecAttention.q", 768, 768, false);
	expect_linear(&l[7], VP_LIN_CROSS_O, "o", "layer.1.EncDecAttention.o", 768, 768, false);
	expect_linear(&l[10], VP_LIN_DOWN, "wo", "layer.2.DenseReluDense.wo", 2048, 768, false);

	load("t5-small.json", &m); /* v1.0: one wi */
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 6);
	expect_linear(&l[4], VP_LIN_UP, "wi", "layer.1.DenseReluDense.wi", 512, 2048, false);
}

static void bart_decoder_has_encoder_attn(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("kobart-base-v2.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 6);
	expect_linear(&l[3], VP_LIN_O, "out_proj", "self_attn.out_proj", 768, 768, true);
	expect_linear(&l[4], VP_LIN_UP, "fc1", "fc1", 768, 3072, true);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 10);
	expect_linear(&l[5], VP_LIN_CROSS_K, "k_proj", "encoder_attn.k_proj", 768, 768, true);
	expect_linear(&l[9], VP_LIN_DOWN, "fc2", "fc2", 3072, 768, true);
}

static void bert_block_names(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("bert-large-uncased.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 6);
	expect_linear(&l[0], VP_LIN_Q, "query", "attention.self.query", 1024, 1024, true);
	expect_linear(&l[3], VP_LIN_O, "dense", "attention.output.dense", 1024, 1024, true);
	expect_linear(&l[4], VP_LIN_UP, "dense", "intermediate.dense", 1024, 4096, true);
	expect_linear(&l[5], VP_LIN_DOWN, "dense", "output.dense", 4096, 1024, true);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 0);
}

/* DistilBERT: BERT's block under its own names, no token types and no
 * pooler (DistilBertModel 66,362,880 parameters). */
static void distilbert_block_names_and_count(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("distilbert-base-uncased.json", &m);
	assert_int_equal(m.arch, VP_ARCH_ENCODER);
	assert_int_equal(m.naming, VP_NAMING_DISTILBERT);
	assert_false(m.pooler);
	assert_int_equal(m.type_vocab_size, 0);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16), 6);
	expect_linear(&l[0], VP_LIN_Q, "q_lin", "attention.q_lin", 768, 768, true);
	expect_linear(&l[2], VP_LIN_V, "v_lin", "attention.v_lin", 768, 768, true);
	expect_linear(&l[3], VP_LIN_O, "out_lin", "attention.out_lin", 768, 768, true);
	expect_linear(&l[4], VP_LIN_UP, "lin1", "ffn.lin1", 768, 3072, true);
	expect_linear(&l[5], VP_LIN_DOWN, "lin2", "ffn.lin2", 3072, 768, true);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(66362880));
}

/* Gemma 3 (gemma3_text): Gemma-2's four norms a block plus q_norm and
 * k_norm, no soft-capping where the config writes null: 999,885,952
 * parameters for gemma-3-1b. */
static void gemma3_text_traits_and_count(void **state)
{
	struct vp_model m;

	(void)state;
	load("gemma-3-1b.json", &m);
	assert_int_equal(m.arch, VP_ARCH_DECODER);
	assert_true(m.gated_mlp && m.tie_embeddings && m.scale_embed_copy);
	assert_false(m.logit_softcap);
	assert_false(m.attn_softcap);
	assert_true(vp_model_sandwich_norms(&m));
	assert_true(vp_model_qk_norm(&m));
	assert_int_equal(m.head_dim, 256);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(999885952));
}

/* EXAONE 3.5 (remote code): a Llama decoder under its own module names,
 * 7,818,448,896 parameters for the 7.8B. */
static void exaone_block_names_and_count(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("exaone-3.5-7.8b.json", &m);
	assert_int_equal(m.naming, VP_NAMING_EXAONE);
	assert_false(m.tie_embeddings);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 7);
	expect_linear(&l[0], VP_LIN_Q, "q_proj", "attn.attention.q_proj", 4096, 4096, false);
	expect_linear(&l[3], VP_LIN_O, "out_proj", "attn.attention.out_proj", 4096, 4096, false);
	expect_linear(&l[4], VP_LIN_GATE, "c_fc_0", "mlp.c_fc_0", 4096, 14336, false);
	expect_linear(&l[5], VP_LIN_UP, "c_fc_1", "mlp.c_fc_1", 4096, 14336, false);
	expect_linear(&l[6], VP_LIN_DOWN, "c_proj", "mlp.c_proj", 14336, 4096, false);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(7818448896));
}

/* StarCoder2 (modeling_starcoder2.py): separate q/k/v/o_proj and a plain
 * c_fc/c_proj MLP, every linear with a bias (use_bias), LayerNorms with
 * bias, the LM head tied. For starcoder2-3b, by hand: embeddings 49152 x
 * 3072 = 150,994,944; per block q and o 3072 x 3072 + 3072 = 9,440,256
 * each, k and v 3072 x 256 + 256 = 786,688 each (2 kv heads of 128), c_fc
 * 3072 x 12288 + 12288 = 37,761,024, c_proj 12288 x 3072 + 3072 =
 * 37,751,808, two LayerNorms 2 x 6,144: 95,979,008 a block, 30 blocks
 * 2,879,370,240; the final norm 6,144: 3,030,371,328 (the hub's "3.03B"). */
static void starcoder2_block_names_and_count(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("starcoder2-3b.json", &m);
	assert_int_equal(m.naming, VP_NAMING_STARCODER2);
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_true(m.norm_bias);
	assert_false(m.gated_mlp);
	assert_true(m.tie_embeddings);
	assert_int_equal(m.num_kv_heads, 2);
	assert_int_equal(m.head_dim, 128);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 6);
	expect_linear(&l[0], VP_LIN_Q, "q_proj", "self_attn.q_proj", 3072, 3072, true);
	expect_linear(&l[1], VP_LIN_K, "k_proj", "self_attn.k_proj", 3072, 256, true);
	expect_linear(&l[3], VP_LIN_O, "o_proj", "self_attn.o_proj", 3072, 3072, true);
	expect_linear(&l[4], VP_LIN_UP, "c_fc", "mlp.c_fc", 3072, 12288, true);
	expect_linear(&l[5], VP_LIN_DOWN, "c_proj", "mlp.c_proj", 12288, 3072, true);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(3030371328));
}

/* Cohere (Aya Expanse 8B): Llama's linears and names, one LayerNorm
 * without bias per block feeding both branches of a parallel block, the LM
 * head tied. By hand: embeddings 256000 x 4096 = 1,048,576,000; per block
 * q and o 4096 x 4096 = 16,777,216 each, k and v 4096 x 1024 = 4,194,304
 * each, gate, up and down 4096 x 14336 = 58,720,256 each, one norm 4,096:
 * 218,107,904 a block, 32 blocks 6,979,452,928; the final norm 4,096:
 * 8,028,033,024 (the hub's 8.03B). */
static void cohere_parallel_block_and_count(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("aya-expanse-8b.json", &m);
	assert_int_equal(m.naming, VP_NAMING_LLAMA);
	assert_int_equal(m.norm, VP_NORM_LAYER);
	assert_false(m.norm_bias);
	assert_true(m.parallel_block);
	assert_true(vp_model_single_block_norm(&m));
	assert_true(vp_model_norm_unfused(&m));
	assert_true(m.tie_embeddings);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 7);
	expect_linear(&l[1], VP_LIN_K, "k_proj", "self_attn.k_proj", 4096, 1024, false);
	expect_linear(&l[4], VP_LIN_GATE, "gate_proj", "mlp.gate_proj", 4096, 14336, false);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(8028033024));
}

/* InternLM2 (remote code): Llama's block with q, k and v fused in
 * attention.wqkv and the MLP as feed_forward.w1 (gate), w3 (up), w2 (down).
 * By hand for InternLM2-7B: embeddings and the untied output 92544 x 4096 =
 * 379,060,224 each; per block wqkv 4096 x (32 + 2 x 8) x 128 = 25,165,824,
 * wo 16,777,216, the MLP 3 x 4096 x 14336 = 176,160,768, two norms 8,192:
 * 218,112,000, 32 blocks and the final norm: 7,737,708,544 (7.74B). */
static void internlm2_fused_qkv_and_count(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("internlm2-7b.json", &m);
	assert_int_equal(m.naming, VP_NAMING_INTERNLM2);
	assert_string_equal(m.read_as, "");
	assert_false(m.qkv_bias || m.out_bias || m.mlp_bias);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 5);
	expect_linear(&l[0], VP_LIN_QKV, "wqkv", "attention.wqkv", 4096, 6144, false);
	expect_linear(&l[1], VP_LIN_O, "wo", "attention.wo", 4096, 4096, false);
	expect_linear(&l[2], VP_LIN_GATE, "w1", "feed_forward.w1", 4096, 14336, false);
	expect_linear(&l[3], VP_LIN_UP, "w3", "feed_forward.w3", 4096, 14336, false);
	expect_linear(&l[4], VP_LIN_DOWN, "w2", "feed_forward.w2", 14336, 4096, false);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(7737708544));
}

/* OLMo 2: Llama's linears with q_norm and k_norm over the whole
 * projections; 7,298,617,344 parameters for OLMo-2-1124-7B. */
static void olmo2_full_width_qk_norms_and_count(void **state)
{
	struct vp_model m;

	(void)state;
	load("olmo-2-1124-7b.json", &m);
	assert_int_equal(m.naming, VP_NAMING_LLAMA);
	assert_int_equal(vp_model_qk_norm(&m), VP_QK_NORM_FULL);
	assert_int_equal(vp_model_param_count(&m), UINT64_C(7298617344));
}

static void fused_projections(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];

	(void)state;
	load("polyglot-ko-12.8b.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 4);
	expect_linear(&l[0], VP_LIN_QKV, "query_key_value", "attention.query_key_value",
		      5120, 15360, true);
	expect_linear(&l[1], VP_LIN_O, "dense", "attention.dense", 5120, 5120, true);
	expect_linear(&l[2], VP_LIN_UP, "dense_h_to_4h", "mlp.dense_h_to_4h", 5120, 20480, true);

	load("bloom-3b.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 4);
	expect_linear(&l[0], VP_LIN_QKV, "query_key_value", "self_attention.query_key_value",
		      2560, 7680, true);

	load("gpt2-large.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 4);
	expect_linear(&l[0], VP_LIN_QKV, "c_attn", "attn.c_attn", 1280, 3840, true);
	expect_linear(&l[1], VP_LIN_O, "c_proj", "attn.c_proj", 1280, 1280, true);
	expect_linear(&l[2], VP_LIN_UP, "c_fc", "mlp.c_fc", 1280, 5120, true);
	expect_linear(&l[3], VP_LIN_DOWN, "c_proj", "mlp.c_proj", 5120, 1280, true);

	load("phi-3-mini-4k-instruct.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 4);
	expect_linear(&l[0], VP_LIN_QKV, "qkv_proj", "self_attn.qkv_proj", 3072, 9216, false);
	expect_linear(&l[2], VP_LIN_GATE_UP, "gate_up_proj", "mlp.gate_up_proj", 3072, 16384, false);
	expect_linear(&l[3], VP_LIN_DOWN, "down_proj", "mlp.down_proj", 8192, 3072, false);

	/* Qwen v1: c_attn keeps its bias under no_bias; w2 is the gate */
	load("groundtruth/qwen-1_8b.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 5);
	expect_linear(&l[0], VP_LIN_QKV, "c_attn", "attn.c_attn", 2048, 6144, true);
	expect_linear(&l[1], VP_LIN_O, "c_proj", "attn.c_proj", 2048, 2048, false);
	expect_linear(&l[2], VP_LIN_UP, "w1", "mlp.w1", 2048, 5504, false);
	expect_linear(&l[3], VP_LIN_GATE, "w2", "mlp.w2", 2048, 5504, false);
	expect_linear(&l[4], VP_LIN_DOWN, "c_proj", "mlp.c_proj", 5504, 2048, false);

	load("groundtruth/phi-1_5.json", &m);
	assert_int_equal(vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16), 6);
	expect_linear(&l[3], VP_LIN_O, "dense", "self_attn.dense", 2048, 2048, true);
	expect_linear(&l[4], VP_LIN_UP, "fc1", "mlp.fc1", 2048, 8192, true);
}

/* ---- PEFT target matching ----------------------------------------------- */

static size_t count_matches(const struct vp_linear *l, size_t n, const char *target)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += vp_linear_matches(&l[i], target);
	return k;
}

static void lora_targets_match_like_peft(void **state)
{
	struct vp_model m;
	struct vp_linear l[VP_BLOCK_LINEARS_MAX];
	size_t n;

	(void)state;
	load("mt5-base.json", &m);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16);
	assert_int_equal(count_matches(l, n, "q"), 2);  /* SelfAttention.q and EncDecAttention.q */
	assert_int_equal(count_matches(l, n, "v"), 2);
	assert_int_equal(count_matches(l, n, "EncDecAttention.q"), 1);
	assert_int_equal(count_matches(l, n, "layer.1.EncDecAttention.q"), 1);
	assert_int_equal(count_matches(l, n, "wi_0"), 1);
	assert_int_equal(count_matches(l, n, "Attention.q"), 0); /* not a whole component */

	load("groundtruth/qwen-1_8b.json", &m);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16);
	assert_int_equal(count_matches(l, n, "c_proj"), 2);
	assert_int_equal(count_matches(l, n, "attn.c_proj"), 1);
	assert_int_equal(count_matches(l, n, "c_attn"), 1);

	load("bert-large-uncased.json", &m);
	n = vp_model_block_linears(&m, VP_BLOCK_ENCODER, l, 16);
	assert_int_equal(count_matches(l, n, "dense"), 3);
	assert_int_equal(count_matches(l, n, "output.dense"), 2);
	assert_int_equal(count_matches(l, n, "attention.output.dense"), 1);
	assert_int_equal(count_matches(l, n, "query"), 1);

	load("llama-3.2-3b.json", &m);
	n = vp_model_block_linears(&m, VP_BLOCK_DECODER, l, 16);
	assert_int_equal(count_matches(l, n, "q_proj"), 1);
	assert_int_equal(count_matches(l, n, "self_attn.q_proj"), 1);
	assert_int_equal(count_matches(l, n, "proj"), 0);
	assert_int_equal(count_matches(l, n, "model.layers.0.self_attn.q_proj"), 0);
	assert_int_equal(count_matches(l, n, ""), 0);
	assert_false(vp_linear_matches(&l[0], NULL));
	assert_false(vp_linear_matches(NULL, "q_proj"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_listed_type_initializes),
		cmocka_unit_test(encoder_family_traits),
		cmocka_unit_test(distilbert_block_names_and_count),
		cmocka_unit_test(gemma3_text_traits_and_count),
		cmocka_unit_test(exaone_block_names_and_count),
		cmocka_unit_test(olmo2_full_width_qk_norms_and_count),
		cmocka_unit_test(starcoder2_block_names_and_count),
		cmocka_unit_test(cohere_parallel_block_and_count),
		cmocka_unit_test(internlm2_fused_qkv_and_count),
		cmocka_unit_test(t5_family_traits),
		cmocka_unit_test(bart_family_traits),
		cmocka_unit_test(decoder_family_traits),
		cmocka_unit_test(unknown_type_lists_the_supported_ones),
		cmocka_unit_test(validate_accepts_a_good_model),
		cmocka_unit_test(validate_names_the_field),
		cmocka_unit_test(validate_rejects_overflow_prone_sizes),
		cmocka_unit_test(validate_checks_fractions),
		cmocka_unit_test(validate_checks_consistency),
		cmocka_unit_test(param_counts_match_published_figures),
		cmocka_unit_test(position_tables_bound_the_sequence),
		cmocka_unit_test(param_counts_of_hand_built_encoder_decoders),
		cmocka_unit_test(umt5_counts_a_relative_bias_per_block),
		cmocka_unit_test(param_count_overflow_gives_zero),
		cmocka_unit_test(block_linears_add_up_to_the_param_count),
		cmocka_unit_test(llama_block_has_seven_linears),
		cmocka_unit_test(qwen2_biases_only_on_qkv),
		cmocka_unit_test(t5_blocks_with_and_without_cross_attention),
		cmocka_unit_test(bart_decoder_has_encoder_attn),
		cmocka_unit_test(bert_block_names),
		cmocka_unit_test(fused_projections),
		cmocka_unit_test(lora_targets_match_like_peft),
	};

	return cmocka_run_group_tests_name("model", tests, NULL, NULL);
}
