/*
 * Model families, validation and parameter counts (the linears of a block:
 * layers.c).
 *
 * Every trait below is read off the Hugging Face transformers modeling files
 * (src/transformers/models/<type>/modeling_<type>.py), or for Qwen v1 off the
 * remote code Qwen/Qwen-1_8B modeling_qwen.py; each family cites the classes
 * that show it. The catalogue (catalog.c) and the config.json reader
 * (hfconfig.c) both start from vp_model_init_family() and then apply numbers.
 */
#include "vramplan/model.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "vramplan/checked.h"
#include "vramplan/error.h"
#include "vramplan/layers.h"

const char *const vp_model_types[] = {
	"bert", "roberta", "xlm-roberta", "xlm-roberta-xl", "camembert", "distilbert", "electra", "deberta-v2", "mpnet",
	"modernbert", "albert",
	"t5", "mt5", "umt5",
	"bart", "mbart", "marian", "m2m_100", "pegasus",
	"llama", "mistral", "qwen2", "qwen3", "gemma", "gemma2", "gemma3_text", "phi3", "stablelm", "exaone", "exaone4", "olmo", "olmo2", "olmo3", "glm", "glm4", "cohere", "cohere2", "granite", "smollm3", "seed_oss", "hunyuan_v1_dense", "internlm2", "ernie4_5",
	"mixtral",
	"qwen2_moe",
	"qwen3_moe",
	"olmoe",
	"phimoe",
	"granitemoe",
	"granitemoeshared",
	"gpt_oss",
	"deepseek_v2", "deepseek_v3",
	"glm4_moe",
	"ernie4_5_moe",
	"qwen", "gpt_neox", "phi", "gptj", "codegen", "gpt_neo", "gpt2", "gpt_bigcode", "starcoder2", "bloom", "mpt", "falcon", "opt",
	NULL
};

const char *vp_dtype_name(enum vp_dtype d)
{
	switch (d) {
	case VP_DTYPE_FP32:
		return "float32";
	case VP_DTYPE_FP16:
		return "float16";
	case VP_DTYPE_BF16:
		return "bfloat16";
	case VP_DTYPE_UNKNOWN:
		break;
	}
	return NULL;
}

/* torch's dtype names and the aliases PretrainedConfig may have written
 * (torch.float is float32, torch.half float16). */
enum vp_dtype vp_dtype_from_torch_name(const char *s)
{
	static const struct {
		const char *name;
		enum vp_dtype d;
	} names[] = {
		{"float32", VP_DTYPE_FP32}, {"float", VP_DTYPE_FP32},
		{"float16", VP_DTYPE_FP16}, {"half", VP_DTYPE_FP16},
		{"bfloat16", VP_DTYPE_BF16},
	};
	size_t i;

	if (s == NULL)
		return VP_DTYPE_UNKNOWN;
	if (strncmp(s, "torch.", 6) == 0)
		s += 6;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].d;
	return VP_DTYPE_UNKNOWN;
}

/* Limits that keep every product in the estimator inside 64 bits (2^40 *
 * 2^20 layers still leaves room) while being far above any real model. */
#define VP_SIZE_LIMIT ((uint64_t)1 << 40)
#define VP_VOCAB_LIMIT ((uint64_t)1 << 32)
#define VP_COUNT_LIMIT ((uint64_t)1 << 20)

static bool is_type(const struct vp_model *m, const char *t)
{
	return strcmp(m->model_type, t) == 0;
}

static void copy_type(struct vp_model *m, const char *t)
{
	snprintf(m->model_type, sizeof m->model_type, "%s", t);
}

/* "bert, roberta, ..." for error messages. */
static void supported_list(char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; vp_model_types[i] != NULL; i++) {
		int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
				 vp_model_types[i]);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

/* BERT, RoBERTa and XLM-R share one layout: transformers
 * models/bert/modeling_bert.py BertSelfAttention (query/key/value, bias),
 * BertSelfOutput and BertOutput (dense + LayerNorm), BertIntermediate (dense),
 * BertEmbeddings (word, position, token_type, LayerNorm), BertPooler (dense).
 * roberta/modeling_roberta.py, xlm_roberta/modeling_xlm_roberta.py and
 * camembert/modeling_camembert.py ("Copied from
 * transformers.models.roberta") copy it.
 * BertConfig ties the MLM decoder to the word embeddings. */
static void family_bert(struct vp_model *m)
{
	m->arch = VP_ARCH_ENCODER;
	m->naming = VP_NAMING_BERT;
	m->norm = VP_NORM_LAYER;
	m->act = VP_ACT_GELU;
	m->pos = VP_POS_LEARNED;
	m->qkv_bias = m->out_bias = m->mlp_bias = m->norm_bias = true;
	m->pooler = true;
	m->embed_norm = true;
	m->tie_embeddings = true;
	m->hidden_dropout = 0.1;
	m->attn_dropout = 0.1;
}

/* transformers models/t5/modeling_t5.py: T5Attention q/k/v/o are
 * nn.Linear(..., bias=False); T5LayerNorm has a weight and no bias (an RMS
 * norm); T5DenseGatedActDense has wi_0, wi_1, wo; the first block of each
 * stack owns relative_attention_bias (buckets x heads); each stack ends with
 * final_layer_norm. dropout_rate is used after attention/MLP outputs, on the
 * attention probabilities and inside the MLP. T5Config defaults
 * tie_word_embeddings to True, MT5Config to False; UMT5Config's default is
 * True, but the released umT5 files all say false, which the family keeps
 * (hfconfig.c applies the class's True where a config.json has no key); umt5's
 * UMT5LayerSelfAttention passes has_relative_attention_bias=True in every
 * block (models/umt5/modeling_umt5.py). */
static void family_t5(struct vp_model *m, bool tie)
{
	m->arch = VP_ARCH_ENCDEC;
	m->naming = VP_NAMING_T5;
	m->norm = VP_NORM_RMS;
	m->act = VP_ACT_GELU;
	m->pos = VP_POS_RELATIVE;
	m->relative_buckets = 32;
	m->gated_mlp = true;
	m->final_norm = true;
	m->tie_embeddings = tie;
	m->hidden_dropout = 0.1;
	m->attn_dropout = 0.1;
	m->act_dropout = 0.1;
}

/* transformers models/bart/modeling_bart.py: BartAttention q/k/v/out_proj
 * with bias; BartEncoderLayer self_attn_layer_norm + fc1/fc2 +
 * final_layer_norm; the decoder layer adds encoder_attn and its norm; each
 * stack has embed_positions (BartLearnedPositionalEmbedding, offset 2) and
 * layernorm_embedding. BartEncoder/BartDecoder have no norm after the last
 * block; MBartEncoder/MBartDecoder (models/mbart/modeling_mbart.py) add
 * layer_norm. BartConfig: dropout 0.1, attention/activation dropout 0. */
static void family_bart(struct vp_model *m, bool final_norm)
{
	m->arch = VP_ARCH_ENCDEC;
	m->naming = VP_NAMING_BART;
	m->norm = VP_NORM_LAYER;
	m->act = VP_ACT_GELU;
	m->pos = VP_POS_LEARNED;
	m->qkv_bias = m->out_bias = m->mlp_bias = m->norm_bias = true;
	m->embed_norm = true;
	m->final_norm = final_norm;
	m->tie_embeddings = true;
	m->hidden_dropout = 0.1;
}

/* The Llama-like decoders: transformers models/llama/modeling_llama.py
 * (q/k/v/o_proj, gate/up/down_proj, input_layernorm and
 * post_attention_layernorm as RMS norms, a final norm, rotary on the whole
 * head) and its copies mistral, qwen2, qwen3, gemma, gemma2, phi3, stablelm.
 * The per-type differences are set by the caller. */
static void family_llama(struct vp_model *m)
{
	m->arch = VP_ARCH_DECODER;
	m->naming = VP_NAMING_LLAMA;
	m->norm = VP_NORM_RMS;
	m->act = VP_ACT_SILU;
	m->pos = VP_POS_ROTARY;
	m->rotary_fraction = 1.0;
	m->gated_mlp = true;
	m->final_norm = true;
}

/* Decoders with LayerNorm (weight and bias) and biases on every linear. */
static void family_biased_decoder(struct vp_model *m, enum vp_naming naming)
{
	m->arch = VP_ARCH_DECODER;
	m->naming = naming;
	m->norm = VP_NORM_LAYER;
	m->act = VP_ACT_GELU;
	m->qkv_bias = m->out_bias = m->mlp_bias = m->norm_bias = true;
	m->final_norm = true;
}

uint64_t vp_model_default_sliding_window(const char *model_type)
{
	/* MistralConfig's sliding_window 4096 (Mistral-7B-v0.1; later
	 * releases write null; MixtralConfig's default is None),
	 * Gemma2Config 4096, for gemma3_text 512 (Gemma 3 1B's released
	 * value; the larger ones slide 1024, so 512 keeps their copies from
	 * 512 tokens on, the safe side; Gemma3TextConfig's own default, which
	 * a config.json without the key gets in transformers, is 4096),
	 * Exaone4Config 4096 (the 32B's local layers; the 1.2B
	 * writes null), Cohere2Config and Olmo3Config 4096 */
	static const struct { const char *type; uint64_t window; } defaults[] = {
		{"mistral", 4096}, {"gemma2", 4096}, {"gemma3_text", 512}, {"exaone4", 4096}, {"cohere2", 4096}, {"olmo3", 4096},
		{"gpt_oss", 128},
	};
	size_t i;

	if (model_type == NULL)
		return 0;
	for (i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
		if (strcmp(model_type, defaults[i].type) == 0)
			return defaults[i].window;
	return 0;
}

uint64_t vp_model_full_attn_layers(const struct vp_model *m)
{
	/* layer_types' defaults: "sliding_attention" if bool((i + 1) %
	 * pattern) else "full_attention" (configuration_gemma2.py: pattern
	 * 2; configuration_gemma3.py: sliding_window_pattern 6;
	 * configuration_cohere2.py, configuration_exaone4.py,
	 * configuration_olmo3.py: 4), so L / pattern layers are global */
	static const struct { const char *type; uint64_t every; } patterns[] = {
		{"gemma2", 2}, {"gemma3_text", 6}, {"cohere2", 4}, {"exaone4", 4}, {"olmo3", 4}, {"gpt_oss", 2},
	};

	if (m == NULL || m->sliding_window == 0)
		return 0;
	if (m->full_attn_layers > 0)
		return m->full_attn_layers;
	for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		if (strcmp(m->model_type, patterns[i].type) == 0)
			return m->num_layers / patterns[i].every;
	return 0;
}

bool vp_model_masks_always(const struct vp_model *m)
{
	/* Gemma 3's only: Mistral3Model hands MistralModel no token_type_ids,
	 * and MistralModel builds its causal mask as a text-only Mistral does
	 * (transformers models/mistral3/modeling_mistral3.py) */
	return m != NULL && m->vision_params > 0 && is_type(m, "gemma3_text");
}

bool vp_model_masks_window(const struct vp_model *m, uint64_t seq_len)
{
	return m != NULL && m->sliding_window > 0 && seq_len >= m->sliding_window;
}

int vp_model_init_family(struct vp_model *m, const char *model_type, struct vp_error *err)
{
	char list[768];

	if (m == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "no model to initialize");
	memset(m, 0, sizeof *m);
	if (model_type == NULL || model_type[0] == '\0')
		return vp_error_set(err, VP_ERR_INPUT, "missing 'model_type'");

	if (!strcmp(model_type, "bert") || !strcmp(model_type, "roberta") ||
	    !strcmp(model_type, "xlm-roberta") || !strcmp(model_type, "camembert")) {
		family_bert(m);
	} else if (!strcmp(model_type, "xlm-roberta-xl")) {
		/* models/xlm_roberta_xl/modular_xlm_roberta_xl.py (XLM-R XL
		 * and XXL): BERT's linears and names, pre-LN: the embeddings
		 * lose their LayerNorm, each attention normalizes its input
		 * (self_attn_layer_norm) and each MLP its own (LayerNorm), the
		 * encoder ends with a LayerNorm; the MLP's output
		 * (XLMRobertaXLOutput) has no dropout. The final norm is what
		 * tells the estimator the blocks are pre-LN, as for BART. */
		family_bert(m);
		m->embed_norm = false;
		m->final_norm = true;
	} else if (!strcmp(model_type, "distilbert")) {
		/* models/distilbert/modeling_distilbert.py: BERT's post-norm
		 * block under other names (MultiHeadSelfAttention q_lin, k_lin,
		 * v_lin, out_lin; FFN lin1, lin2; sa_layer_norm,
		 * output_layer_norm), Embeddings without token types, no pooler
		 * (DistilBertForSequenceClassification has a pre_classifier of
		 * the same size instead, see parameters.c), the MLM projector
		 * tied to the word embeddings. */
		family_bert(m);
		m->naming = VP_NAMING_DISTILBERT;
		m->pooler = false;
		m->type_vocab_size = 0;
	} else if (!strcmp(model_type, "electra")) {
		/* models/electra/modeling_electra.py: BERT's encoder under the
		 * same module names (ElectraSelfAttention query/key/value, ...);
		 * ElectraEmbeddings of embedding_size, widened by
		 * embeddings_project when it differs from hidden_size; no
		 * pooler (ElectraClassificationHead has a dense layer of its own,
		 * parameters.c); the generator's MLM head tied to the word
		 * embeddings. */
		family_bert(m);
		m->pooler = false;
	} else if (!strcmp(model_type, "mpnet")) {
		/* models/mpnet/modeling_mpnet.py: BERT's post-norm layer with
		 * MPNetSelfAttention q/k/v/o (biases), learned positions (the
		 * RoBERTa padding offset: 514 rows), no token types, a pooler,
		 * and one relative_attention_bias of 32 buckets x heads in the
		 * encoder (MPNetConfig relative_attention_num_buckets). */
		family_bert(m);
		m->naming = VP_NAMING_MPNET;
		m->type_vocab_size = 0;
		m->relative_buckets = 32;
	} else if (!strcmp(model_type, "modernbert")) {
		/* models/modernbert/modular_modernbert.py (transformers 5):
		 * a pre-LN encoder. ModernBertEmbeddings: tok_embeddings, a
		 * LayerNorm, dropout (embedding_dropout 0.0); no positions
		 * (rotary over the whole head, global layers theta 160000,
		 * local 10000) and no token types. ModernBertEncoderLayer:
		 * attn_norm (nn.Identity in layer 0), attn.Wqkv (one fused
		 * projection), attn.Wo, mlp_norm, mlp.Wi (hidden -> 2 x
		 * intermediate, chunked into input and gate: GELU(input) *
		 * gate), mlp.Wo; nothing has a bias (attention_bias, mlp_bias,
		 * norm_bias all False). final_norm after the last layer; no
		 * pooler (the task heads have a ModernBertPredictionHead of
		 * their own, parameters.c); the MLM decoder tied to
		 * tok_embeddings. Every global_attn_every_n_layers-th layer
		 * (3) attends globally, the others to local_attention (128)
		 * tokens around each one: config.sliding_window is
		 * local_attention // 2, which masking_utils compares with the
		 * sequence. Dropouts default to 0.0. */
		m->arch = VP_ARCH_ENCODER;
		m->naming = VP_NAMING_MODERNBERT;
		m->norm = VP_NORM_LAYER;
		m->act = VP_ACT_GELU;
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 1.0;
		m->gated_mlp = true;
		m->embed_norm = true;
		m->final_norm = true;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "albert")) {
		/* models/albert/modeling_albert.py: BERT's post-norm layer
		 * (AlbertAttention query/key/value/dense and LayerNorm;
		 * AlbertLayer ffn, ffn_output, full_layer_layer_norm) whose
		 * parameters every layer shares (AlbertTransformer runs
		 * albert_layer_groups[0] num_hidden_layers times), embeddings
		 * of embedding_size (128) widened to hidden_size by
		 * embedding_hidden_mapping_in, a pooler, the MLM decoder tied
		 * to the word embeddings. AlbertConfig: hidden_act "gelu_new",
		 * dropouts 0 (v2), type_vocab_size 2, 512 positions. */
		family_bert(m);
		m->naming = VP_NAMING_ALBERT;
		m->act = VP_ACT_GELU_NEW;
		m->embedding_size = 128;
		m->shared_layers = true;
		m->hidden_dropout = 0.0;
		m->attn_dropout = 0.0;
	} else if (!strcmp(model_type, "deberta-v2")) {
		/* models/deberta_v2/modeling_deberta_v2.py: BERT's post-norm
		 * block with query_proj/key_proj/value_proj, disentangled
		 * attention over relative-position embeddings (the encoder's
		 * rel_embeddings and their LayerNorm), no pooler in
		 * DebertaV2Model (DebertaV2ForSequenceClassification's
		 * ContextPooler is counted in parameters.c), the MLM decoder tied
		 * to the word embeddings. DebertaV2Config defaults:
		 * relative_attention False, position_biased_input True,
		 * type_vocab_size 0, dropouts 0.1; v3 checkpoints set
		 * position_buckets 256, pos_att_type p2c|c2p, norm_rel_ebd
		 * layer_norm, share_att_key true. */
		family_bert(m);
		m->naming = VP_NAMING_DEBERTA;
		m->pooler = false;
		m->type_vocab_size = 0;
	} else if (!strcmp(model_type, "t5")) {
		family_t5(m, true);
	} else if (!strcmp(model_type, "mt5") || !strcmp(model_type, "umt5")) {
		family_t5(m, false);
	} else if (!strcmp(model_type, "bart")) {
		family_bart(m, false);
	} else if (!strcmp(model_type, "mbart")) {
		family_bart(m, true);
	} else if (!strcmp(model_type, "marian")) {
		/* models/marian/modeling_marian.py: BART's post-LN layers
		 * (MarianEncoderLayer: residual add, then self_attn_layer_norm)
		 * without layernorm_embedding or a final norm; embed_positions
		 * is MarianSinusoidalPositionalEmbedding, a frozen
		 * nn.Embedding of max_position_embeddings rows per stack; the
		 * config keys normalize_before, normalize_embedding and
		 * static_position_embeddings are transformers-3 leftovers no
		 * modeling code reads. MarianConfig: activation "gelu" (the
		 * OPUS-MT configs say "swish"), max_position_embeddings 1024. */
		family_bart(m, false);
		m->embed_norm = false;
		m->pos = VP_POS_SINUSOIDAL;
	} else if (!strcmp(model_type, "m2m_100")) {
		/* models/m2m_100/modeling_m2m_100.py (M2M100 and the dense
		 * NLLB-200 checkpoints): pre-LN layers and a final layer_norm
		 * per stack as mBART, no layernorm_embedding, and
		 * M2M100SinusoidalPositionalEmbedding's table a non-persistent
		 * buffer (transformers#18259), not a parameter. M2M100Config:
		 * activation "relu", dropout and attention_dropout 0.1. */
		family_bart(m, true);
		m->embed_norm = false;
		m->pos = VP_POS_SINUSOIDAL;
		m->act = VP_ACT_RELU;
		m->attn_dropout = 0.1;
	} else if (!strcmp(model_type, "pegasus")) {
		/* models/pegasus/modeling_pegasus.py: mBART's pre-LN layers
		 * and a final layer_norm per stack, no layernorm_embedding,
		 * and embed_positions a PegasusSinusoidalPositionalEmbedding
		 * ("Copied from ... MarianSinusoidalPositionalEmbedding"): a
		 * frozen nn.Embedding of max_position_embeddings rows per
		 * stack, counted as Marian's. PegasusConfig: activation
		 * "gelu" (google/pegasus-large says "relu"), dropout 0.1. */
		family_bart(m, true);
		m->embed_norm = false;
		m->pos = VP_POS_SINUSOIDAL;
	} else if (!strcmp(model_type, "llama") || !strcmp(model_type, "mistral") ||
		   !strcmp(model_type, "qwen3") || !strcmp(model_type, "granite")) {
		/* llama: attention_bias/mlp_bias default False (LlamaConfig);
		 * mistral: MistralAttention linears have bias=False; qwen3:
		 * attention_bias default False, plus q_norm/k_norm (counted in
		 * vp_model_param_count); granite (models/granite/
		 * modular_granite.py, IBM Granite 3): Llama's block, whose
		 * embedding_multiplier, residual_multiplier and logits_scaling
		 * multiply by Python floats, which saves nothing for backward,
		 * and whose attention_multiplier is SDPA's scale. */
		family_llama(m);
	} else if (!strcmp(model_type, "smollm3")) {
		/* models/smollm3/modular_smollm3.py (SmolLM3-3B): Llama's block
		 * and names (q/k/v/o with bias=attention_bias, LlamaMLP with
		 * mlp_bias) whose every fourth layer skips rotary
		 * (no_rope_layers), which saves nothing (rotary's products keep
		 * cos and sin, not q or k); SmolLM3Config ties the LM head and
		 * leaves the sliding window off (use_sliding_window False). */
		family_llama(m);
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "seed_oss")) {
		/* models/seed_oss/modular_seed_oss.py (Seed-OSS-36B): Llama's
		 * decoder layer, model and names, with SeedOssAttention's
		 * q/k/v biases (attention_bias, True) and o_proj's own
		 * attention_out_bias (False), and residual_dropout applied to
		 * o_proj's output (SeedOssAttention.forward) and to down_proj's
		 * (SeedOssMLP.forward): the two sublayer-output masks
		 * hidden_dropout stands for; no embedding dropout in
		 * LlamaModel. SeedOssConfig: attention_dropout 0.1,
		 * residual_dropout 0.1, head_dim 128, untied LM head. */
		family_llama(m);
		m->qkv_bias = true;
		m->attn_dropout = 0.1;
		m->hidden_dropout = 0.1;
	} else if (!strcmp(model_type, "hunyuan_v1_dense")) {
		/* models/hunyuan_v1_dense/modular_hunyuan_v1_dense.py
		 * (Hunyuan-0.5B to 7B): LlamaAttention (q/k/v/o with
		 * bias=attention_bias, False) plus query_layernorm and
		 * key_layernorm, RMSNorms over head_dim applied to q and k
		 * after rotary whatever the config says (vp_model_qk_norm);
		 * HunYuanDenseV1MLP always without biases; LlamaModel and
		 * LlamaForCausalLM. HunYuanDenseV1Config: untied unless the
		 * config ties (the released ones do). */
		family_llama(m);
	} else if (!strcmp(model_type, "mixtral")) {
		/* models/mixtral/modeling_mixtral.py: Llama's attention (no
		 * biases), RMS norms, a sparse MoE block in every layer; the
		 * expert counts come from the config (num_local_experts,
		 * num_experts_per_tok: 8 and 2 in MixtralConfig). */
		family_llama(m);
		m->naming = VP_NAMING_MIXTRAL;
		m->num_experts = 8;
		m->experts_per_token = 2;
	} else if (!strcmp(model_type, "qwen2_moe")) {
		/* models/qwen2_moe/modeling_qwen2_moe.py: Qwen2's attention
		 * (q/k/v biases), Qwen2MoeSparseMoeBlock in every layer: 60
		 * experts, 4 per token, and a shared expert with its sigmoid gate
		 * (Qwen2MoeConfig defaults; sizes from the config) */
		family_llama(m);
		m->qkv_bias = true;
		m->num_experts = 60;
		m->experts_per_token = 4;
		m->shared_expert_size = 5632;
	} else if (!strcmp(model_type, "qwen3_moe")) {
		/* models/qwen3_moe/modeling_qwen3_moe.py: Qwen3's attention
		 * (q_norm, k_norm, head_dim 128), Qwen3MoeSparseMoeBlock in every
		 * layer (decoder_sparse_step 1, no mlp_only_layers): num_experts
		 * 128, num_experts_per_tok 8 in Qwen3MoeConfig. */
		family_llama(m);
		m->num_experts = 128;
		m->experts_per_token = 8;
	} else if (!strcmp(model_type, "olmoe")) {
		/* models/olmoe/modeling_olmoe.py (OLMoE-1B-7B-0924, -0125):
		 * OLMo 2's attention (q_norm and k_norm RMSNorms over the whole
		 * q and k projections, q/k/v/o with bias=attention_bias) in a
		 * pre-norm Llama block (input_layernorm before the attention,
		 * post_attention_layernorm before the MLP), and
		 * OlmoeSparseMoeBlock in every layer: mlp.gate (the router)
		 * and mlp.experts.N.{gate,up,down}_proj, Qwen-MoE's names and
		 * loop. OlmoeConfig: num_experts 64, num_experts_per_tok 8,
		 * the expert width is intermediate_size; the LM head is its
		 * own matrix. */
		family_llama(m);
		m->num_experts = 64;
		m->experts_per_token = 8;
	} else if (!strcmp(model_type, "phimoe")) {
		/* models/phimoe/modular_phimoe.py (Phi-3.5-MoE-instruct):
		 * MixtralDecoderLayer with LlamaAttention (q/k/v/o with
		 * bias=attention_bias, which the release sets), nn.LayerNorm
		 * with weight and bias for the two block norms and the final
		 * one (PhimoeDecoderLayer, PhimoeModel), Mixtral's experts and
		 * names (block_sparse_moe.gate, experts.N.w1 w3 w2 in the 4.x
		 * modeling file), sparsemixer routing, and an LM head with
		 * bias=lm_head_bias. PhimoeConfig: num_local_experts 16,
		 * num_experts_per_tok 2, num_key_value_heads 8, untied. */
		family_llama(m);
		m->naming = VP_NAMING_MIXTRAL;
		m->norm = VP_NORM_LAYER;
		m->norm_bias = true;
		m->num_experts = 16;
		m->experts_per_token = 2;
	} else if (!strcmp(model_type, "granitemoe") || !strcmp(model_type, "granitemoeshared")) {
		/* models/granitemoe/modular_granitemoe.py (Granite 3.0 and 3.1
		 * MoE, PowerMoE): GraniteMoeAttention (LlamaAttention, q/k/v/o
		 * with bias=attention_bias; attention_multiplier is its scale),
		 * RMS norms, and block_sparse_moe: router.layer, an nn.Linear
		 * hidden x experts without bias (JetMoeTopKGating), and the
		 * experts input_linear (E x 2 intermediate x hidden: gate and
		 * up, chunked) and output_linear (E x hidden x intermediate),
		 * 3-D parameters of GraniteMoeParallelExperts (JetMoe's), not
		 * nn.Linear. embedding_multiplier, residual_multiplier and
		 * logits_scaling are Python floats, as dense Granite's.
		 * GraniteMoeConfig: num_local_experts 8, num_experts_per_tok 2,
		 * untied unless the config ties (the releases do).
		 * models/granitemoeshared/modular_granitemoeshared.py adds
		 * shared_mlp beside the experts, a GraniteMoeSharedMLP of
		 * shared_intermediate_size (0 by default: none) whose
		 * input_linear (hidden x 2 shared_intermediate_size, gate and up)
		 * and output_linear are nn.Linear without biases; its output is
		 * added to the experts' (no gate). */
		family_llama(m);
		m->num_experts = 8;
		m->experts_per_token = 2;
	} else if (!strcmp(model_type, "deepseek_v2") || !strcmp(model_type, "deepseek_v3")) {
		/* models/deepseek_v2/modular_deepseek_v2.py and
		 * models/deepseek_v3/modular_deepseek_v3.py: Llama's decoder
		 * layer (input_layernorm, post_attention_layernorm, RMSNorms)
		 * with DeepseekV2Attention (multi-head latent attention:
		 * q_proj, or q_a_proj + q_a_layernorm + q_b_proj;
		 * kv_a_proj_with_mqa + kv_a_layernorm + kv_b_proj; o_proj;
		 * the down projections and o_proj with bias=attention_bias,
		 * False) and, from layer first_k_dense_replace on, an MoE
		 * block: mlp.gate (the router), mlp.experts, and
		 * mlp.shared_experts, one gated MLP n_shared_experts x
		 * moe_intermediate_size wide, added unscaled; before it a
		 * dense DeepseekV2MLP of intermediate_size. Rotary on the
		 * qk_rope_head_dim part of each q and k head only. The
		 * numbers are DeepSeek-V2-Lite's (DeepseekV2Config) and
		 * DeepSeek-V3's (DeepseekV3Config) defaults; hfconfig.c
		 * reads a config's. */
		bool v3 = !strcmp(model_type, "deepseek_v3");

		family_llama(m);
		m->naming = VP_NAMING_DEEPSEEK;
		m->num_experts = v3 ? 256 : 64;
		m->experts_per_token = v3 ? 8 : 6;
		m->intermediate_size = v3 ? 2048 : 1407;
		m->shared_expert_size = v3 ? 2048 : 2 * 1407;
		m->dense_layers = v3 ? 3 : 0;
		m->dense_intermediate_size = v3 ? 18432 : 0;
		m->q_lora_rank = 1536;
		m->kv_lora_rank = 512;
		m->rope_head_dim = 64;
		m->v_head_dim = 128;
		m->head_dim = 128 + 64;
		m->rotary_fraction = 64.0 / 192.0;
	} else if (!strcmp(model_type, "glm4_moe")) {
		/* models/glm4_moe/modeling_glm4_moe.py (GLM-4.5, GLM-4.5-Air,
		 * GLM-4.6): Glm4MoeAttention, Llama's q/k/v/o_proj with
		 * bias=attention_bias on q, k and v and none on o_proj,
		 * q_norm and k_norm over head_dim when use_qk_norm, rotary on
		 * the first partial_rotary_factor (0.5) of each head; from
		 * layer first_k_dense_replace on, Glm4MoeMoE: DeepSeek-V3's
		 * block (mlp.gate a Glm4MoeTopkRouter, a bare weight and the
		 * e_score_correction_bias buffer, sigmoid scores over fp32
		 * copies; mlp.experts; mlp.shared_experts of n_shared_experts
		 * x moe_intermediate_size, added unscaled), before it a dense
		 * Glm4MoeMLP of intermediate_size. Glm4MoeForCausalLM returns
		 * no router logits. The numbers are Glm4MoeConfig's defaults
		 * (configuration_glm4_moe.py: 128 routed experts of 1408, 8
		 * per token, one shared, first_k_dense_replace 1, intermediate
		 * 10944, head_dim 128, attention_bias False, use_qk_norm
		 * False); hfconfig.c reads a config's. */
		family_llama(m);
		m->naming = VP_NAMING_DEEPSEEK;
		m->num_experts = 128;
		m->experts_per_token = 8;
		m->intermediate_size = 1408;
		m->shared_expert_size = 1408;
		m->dense_layers = 1;
		m->dense_intermediate_size = 10944;
		m->head_dim = 128;
		m->rotary_fraction = 0.5;
	} else if (!strcmp(model_type, "ernie4_5_moe")) {
		/* models/ernie4_5_moe/modular_ernie4_5_moe.py (ERNIE-4.5-21B-A3B,
		 * -300B-A47B): Llama's attention with bias=use_bias on q, k, v
		 * and o_proj; where (layer_idx + 1) % moe_layer_interval == 0
		 * and moe_layer_start_index <= layer_idx <= moe_layer_end_index,
		 * Ernie4_5_MoeSparseMoeBlock: mlp.gate, an nn.Linear(hidden,
		 * moe_num_experts, bias=False, dtype=torch.float32) kept in fp32
		 * (_keep_in_fp32_modules_strict = ["gate", "moe_statics"]) and
		 * called on an fp32 copy of the input under autocast disabled;
		 * mlp.moe_statics.e_score_correction_bias, a (1, experts) fp32
		 * nn.Parameter with requires_grad=False; mlp.experts;
		 * mlp.shared_experts, one Ernie4_5_MoeMLP of
		 * moe_num_shared_experts x moe_intermediate_size, added
		 * unscaled. Elsewhere a dense Ernie4_5_MoeMLP of
		 * intermediate_size: DeepSeek's block and dense first layers
		 * (hfconfig.c reads only the layouts whose dense layers come
		 * first). The numbers are Ernie4_5_MoeConfig's defaults
		 * (configuration_ernie4_5_moe.py: 64 experts of 1536, 6 per
		 * token, two shared, moe_layer_start_index 1, intermediate
		 * 12288, head_dim hidden / heads = 128, tied). */
		family_llama(m);
		m->naming = VP_NAMING_DEEPSEEK;
		m->num_experts = 64;
		m->experts_per_token = 6;
		m->intermediate_size = 1536;
		m->shared_expert_size = 2 * 1536;
		m->dense_layers = 1;
		m->dense_intermediate_size = 12288;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "ernie4_5")) {
		/* models/ernie4_5/modular_ernie4_5.py (ERNIE-4.5-0.3B): Llama's
		 * decoder with bias=use_bias on q, k, v, o_proj and the MLP's
		 * three linears (Ernie4_5Config: False), the LM head without
		 * one; rotary over the whole head in GLM's interleaved layout,
		 * on fp32 copies of q and k (apply_rotary_pos_emb: q.float() *
		 * cos + rotate_half(q).float() * sin, cast back), whose products
		 * save cos and sin, not q or k. Ernie4_5Config: head_dim 128,
		 * tie_word_embeddings True. */
		family_llama(m);
		m->head_dim = 128;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "gpt_oss")) {
		/* models/gpt_oss/modular_gpt_oss.py (gpt-oss-20b, -120b):
		 * Qwen2's attention with bias=attention_bias (True) on q, k, v
		 * and o, a learned sink per head, rotary on the whole head;
		 * GptOssRMSNorm (its weight kept in fp32); GptOssMLP in every
		 * layer: mlp.router (a top-k router with a bias) and
		 * mlp.experts, whose gate_up_proj (hidden x 2 intermediate,
		 * gate and up interleaved) and down_proj are 3-D parameters
		 * with biases. GptOssConfig: num_local_experts 128,
		 * num_experts_per_tok 4, sliding_window 128 on every second
		 * layer from layer 0, an untied LM head. */
		family_llama(m);
		m->qkv_bias = m->out_bias = true;
		m->num_experts = 128;
		m->experts_per_token = 4;
	} else if (!strcmp(model_type, "qwen2")) {
		/* models/qwen2/modeling_qwen2.py: q/k/v_proj bias=True, o_proj
		 * bias=False. */
		family_llama(m);
		m->qkv_bias = true;
	} else if (!strcmp(model_type, "gemma") || !strcmp(model_type, "gemma2") ||
		   !strcmp(model_type, "gemma3_text")) {
		/* models/gemma/modeling_gemma.py: GemmaMLP uses
		 * gelu_pytorch_tanh, GemmaRMSNorm has a weight only, the
		 * embeddings are multiplied by sqrt(hidden_size) into a new
		 * tensor, GemmaConfig ties the LM head. Gemma2ForCausalLM
		 * soft-caps the logits (final_logit_softcapping), its eager
		 * attention the scores (attn_logit_softcapping), and
		 * Gemma2DecoderLayer has four norms. */
		family_llama(m);
		m->act = VP_ACT_GELU;
		m->tie_embeddings = true;
		m->scale_embed_copy = true;
		m->logit_softcap = !strcmp(model_type, "gemma2");
		m->attn_softcap = !strcmp(model_type, "gemma2");
		/* models/gemma3/modeling_gemma3.py Gemma3DecoderLayer: Gemma-2's
		 * four norms plus q_norm and k_norm over head_dim
		 * (vp_model_qk_norm); Gemma3TextConfig leaves both soft-caps
		 * None (the reader sets them where a config gives values); local
		 * sliding-window layers change no tensor's size under SDPA or
		 * FlashAttention-2. */
	} else if (!strcmp(model_type, "olmo")) {
		/* models/olmo/modular_olmo.py (OLMo-1B-hf, OLMo-7B-hf and the
		 * 0424/0724 releases): Llama's attention and SwiGLU MLP (OlmoMLP:
		 * no biases), and OlmoLayerNorm for both block norms and the
		 * final one: F.layer_norm over an fp32 copy of the input with
		 * no weight and no bias (vp_model_norm_parameters), cast back.
		 * OlmoConfig unties the LM head unless the config ties it
		 * (OLMo-1B does). */
		family_llama(m);
		m->norm = VP_NORM_LAYER;
	} else if (!strcmp(model_type, "glm") || !strcmp(model_type, "glm4")) {
		/* models/glm/modeling_glm.py (GLM-4-9B-chat-hf) and
		 * models/glm4/modeling_glm4.py (GLM-4-9B-0414, GLM-Z1): Llama's
		 * attention with q/k/v biases (attention_bias, True in GlmConfig
		 * and Glm4Config) and none on o_proj, rotary on the first
		 * partial_rotary_factor (0.5) of each head, Phi-3's fused MLP
		 * (gate_up_proj, chunked, then down_proj). GLM-4 adds
		 * post_self_attn_layernorm and post_mlp_layernorm on the
		 * sublayers' outputs (vp_model_sandwich_norms); both classes
		 * untie the LM head. */
		family_llama(m);
		m->naming = VP_NAMING_GLM;
		m->rotary_fraction = 0.5;
		m->qkv_bias = true;
	} else if (!strcmp(model_type, "olmo2") || !strcmp(model_type, "olmo3")) {
		/* models/olmo2/modeling_olmo2.py: Llama's linears, q_norm and
		 * k_norm over the whole q and k projections
		 * (vp_model_qk_norm), and the two block norms after the
		 * sublayers (post_attention_layernorm, post_feedforward_
		 * layernorm) instead of before them: the same count of norms
		 * and of their saved tensors. models/olmo3/modular_olmo3.py
		 * (OLMo 3) is OLMo 2's block with a sliding window (Olmo3Config:
		 * 4096) on three layers of four, counted on every layer (the
		 * safe side). */
		family_llama(m);
	} else if (!strcmp(model_type, "cohere") || !strcmp(model_type, "cohere2")) {
		/* models/cohere/modeling_cohere.py (Command-R, Aya 23, Aya
		 * Expanse): Llama's linears under Llama's names (q/k/v/o_proj
		 * with bias=attention_bias, the SwiGLU MLP without biases),
		 * rotary on the whole head, and one input_layernorm per block
		 * feeding both the attention and the MLP, whose outputs are
		 * added to the residual together (a parallel block).
		 * CohereLayerNorm has a weight and no bias and is written out
		 * in fp32 ops (vp_model_norm_unfused). CohereConfig ties the
		 * LM head; CohereForCausalLM multiplies the logits by
		 * logit_scale, a Python float, which saves nothing.
		 * models/cohere2/modular_cohere2.py (Command R7B, Aya Vision's
		 * text model) is the same block with sliding-window attention
		 * on three layers of four (Cohere2Config sliding_window 4096;
		 * the global layers skip rotary, which saves nothing less: the
		 * window is counted on every layer, the safe side). */
		family_llama(m);
		m->norm = VP_NORM_LAYER;
		m->parallel_block = true;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "internlm2")) {
		/* InternLM2/2.5 (remote code, modeling_internlm2.py): Llama's
		 * block under its own names, with q, k and v fused in one
		 * attention.wqkv ((heads + 2 kv heads) x head_dim, grouped per
		 * kv head) whose k and v the attention reads as views; wqkv
		 * and wo carry a bias when config.bias (InternLM2Config's
		 * default True, false in the released configs); the LM head
		 * (output) is its own matrix. */
		family_llama(m);
		m->naming = VP_NAMING_INTERNLM2;
	} else if (!strcmp(model_type, "exaone")) {
		/* LG AI's EXAONE 3.0 and 3.5 (remote code, modeling_exaone.py):
		 * a Llama decoder (ExaoneRMSNorm ln_1, ln_2, ln_f; rotary on the
		 * whole head; SwiGLU) under GPT-2-like module names;
		 * ExaoneConfig ties the LM head to wte unless told otherwise. */
		family_llama(m);
		m->naming = VP_NAMING_EXAONE;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "exaone4")) {
		/* models/exaone4/modeling_exaone4.py (EXAONE 4.0): Llama's
		 * linears under Llama's names, all without bias; OLMo 2's
		 * block norms after the sublayers (post_attention_layernorm,
		 * post_feedforward_layernorm); q_norm and k_norm over head_dim
		 * as Qwen3's (vp_model_qk_norm). Global layers skip rotary
		 * when a sliding window is set, and the sliding-window layers
		 * change no tensor's size under SDPA or FlashAttention-2
		 * below the window. Exaone4Config: tie_word_embeddings False. */
		family_llama(m);
	} else if (!strcmp(model_type, "phi3")) {
		/* models/phi3/modeling_phi3.py: Phi3Attention.qkv_proj and
		 * Phi3MLP.gate_up_proj are fused, no biases, RMS norms. */
		family_llama(m);
		m->naming = VP_NAMING_PHI3;
	} else if (!strcmp(model_type, "stablelm")) {
		/* models/stablelm/modeling_stablelm.py: nn.LayerNorm (with
		 * bias) instead of RMSNorm, q/k/v bias from use_qkv_bias,
		 * o_proj and MLP without bias, partial_rotary_factor 0.25. */
		family_llama(m);
		m->norm = VP_NORM_LAYER;
		m->norm_bias = true;
		m->rotary_fraction = 0.25;
	} else if (!strcmp(model_type, "qwen")) {
		/* Qwen/Qwen-1_8B modeling_qwen.py: QWenAttention.c_attn is
		 * nn.Linear(hidden, 3 * projection) with the default bias,
		 * c_proj and the QWenMLP w1/w2/c_proj have bias=not no_bias
		 * (no_bias is true in the released configs); RMSNorm ln_1,
		 * ln_2, ln_f; rotary on the whole head (rotary_pct 1.0). */
		family_llama(m);
		m->naming = VP_NAMING_QWEN;
		m->qkv_bias = true;
	} else if (!strcmp(model_type, "gpt_neox")) {
		/* models/gpt_neox/modeling_gpt_neox.py: query_key_value and
		 * dense carry biases (attention_bias default True), the MLP
		 * dense_h_to_4h/dense_4h_to_h too; input_layernorm and
		 * post_attention_layernorm, both kept when
		 * use_parallel_residual (default True); rotary_pct default 0.25;
		 * embed_out is a separate matrix. */
		family_biased_decoder(m, VP_NAMING_NEOX);
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 0.25;
		m->parallel_block = true;
	} else if (!strcmp(model_type, "falcon")) {
		/* models/falcon/modeling_falcon.py: query_key_value, dense,
		 * dense_h_to_4h and dense_4h_to_h (bias=config.bias, default
		 * False), nn.LayerNorm norms, attention and MLP in parallel
		 * (parallel_attn, default True), rotary on the whole head unless
		 * alibi, GELU, the LM head tied to word_embeddings. Multi-query
		 * attention (one k/v head) is set from the config. The linears
		 * are named as in GPT-NeoX; their module paths
		 * (self_attention.*) differ, which only full-path LoRA targets
		 * would see. */
		family_biased_decoder(m, VP_NAMING_NEOX);
		m->qkv_bias = m->out_bias = m->mlp_bias = false;
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 1.0;
		m->parallel_block = true;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "opt")) {
		/* models/opt/modeling_opt.py: q/k/v/out_proj and fc1/fc2 with
		 * bias (enable_bias), LayerNorms before attention and MLP
		 * (do_layer_norm_before) and a final one, ReLU, learned
		 * positions (OPTLearnedPositionalEmbedding: 2 more rows than
		 * max_position_embeddings), the LM head tied to embed_tokens,
		 * dropout 0.1 on the residual branches. OPT-350m's blocks are
		 * post-norm, without the final norm (hfconfig.c read_opt), and
		 * its embed_tokens and LM head are word_embed_proj_dim (512)
		 * wide (embedding_size), joined to the 1024-wide blocks by
		 * project_in and project_out (nn.Linear, bias=False). */
		family_biased_decoder(m, VP_NAMING_OPT);
		m->act = VP_ACT_RELU;
		m->pos = VP_POS_LEARNED;
		m->tie_embeddings = true;
		m->hidden_dropout = 0.1;
	} else if (!strcmp(model_type, "phi")) {
		/* models/phi/modeling_phi.py: q/k/v_proj and dense with bias,
		 * fc1/fc2 with bias, one input_layernorm feeding attention and
		 * MLP in parallel, final_layernorm, lm_head with bias=True,
		 * partial_rotary_factor default 0.5. */
		family_biased_decoder(m, VP_NAMING_PHI);
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 0.5;
		m->parallel_block = true;
		m->lm_head_bias = true;
	} else if (!strcmp(model_type, "gptj") || !strcmp(model_type, "codegen")) {
		/* models/gptj/modeling_gptj.py: GPTJAttention q/k/v/out_proj
		 * without biases, rotary on the first rotary_dim of each head,
		 * GPTJMLP fc_in/fc_out with biases and gelu_new, one ln_1
		 * feeding attention and MLP in parallel, ln_f, an untied
		 * lm_head with a bias; GPTJConfig's dropouts default to 0 and
		 * its rotary_dim to 64 of n_embd 4096 / n_head 16 = 256.
		 * models/codegen/modeling_codegen.py (Salesforce CodeGen) is
		 * GPT-J's block ("Copied from ... GPTJBlock") with q, k and v
		 * from one attn.qkv_proj without a bias, split into four groups
		 * (mp_num) and reshaped into copies; eager attention only, its
		 * q and k cast to fp32 and its logits too, as GPT-J's. */
		family_biased_decoder(m, !strcmp(model_type, "codegen") ? VP_NAMING_CODEGEN : VP_NAMING_GPTJ);
		m->qkv_bias = m->out_bias = false;
		m->act = VP_ACT_GELU_NEW;
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 0.25;
		m->parallel_block = true;
		m->lm_head_bias = true;
	} else if (!strcmp(model_type, "gpt_neo")) {
		/* models/gpt_neo/modeling_gpt_neo.py: GPT-2's layout (wte +
		 * wpe, ln_1/ln_2/ln_f, the LM head tied to wte, gelu_new)
		 * with GPTNeoSelfAttention's q/k/v_proj without biases and
		 * out_proj with one, GPTNeoMLP's c_fc/c_proj as nn.Linear;
		 * GPTNeoConfig's dropouts default to 0. Its local layers mask
		 * the same s x s scores the global ones compute. */
		family_biased_decoder(m, VP_NAMING_GPTNEO);
		m->qkv_bias = false;
		m->act = VP_ACT_GELU_NEW;
		m->pos = VP_POS_LEARNED;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "gpt2")) {
		/* models/gpt2/modeling_gpt2.py: Conv1D c_attn/c_proj/c_fc/c_proj
		 * always with bias, wte + wpe, ln_1/ln_2/ln_f, the LM head tied
		 * to wte, resid/embd/attn_pdrop 0.1. */
		family_biased_decoder(m, VP_NAMING_GPT2);
		m->act = VP_ACT_GELU_NEW; /* GPT2Config activation_function "gelu_new" */
		m->pos = VP_POS_LEARNED;
		m->tie_embeddings = true;
		m->hidden_dropout = 0.1;
		m->attn_dropout = 0.1;
	} else if (!strcmp(model_type, "starcoder2")) {
		/* models/starcoder2/modeling_starcoder2.py: nn.LayerNorm with
		 * bias (input_layernorm, post_attention_layernorm, norm), q/k/v/o
		 * and the MLP's c_fc/c_proj all with bias=use_bias, a plain
		 * MLP (c_fc, gelu_pytorch_tanh, c_proj), rotary on the whole
		 * head, grouped k/v heads, and dropout after the attention's
		 * o_proj and the MLP's c_proj (residual_dropout) and on the
		 * embeddings (embedding_dropout). Starcoder2Config ties the LM
		 * head (tie_word_embeddings True). */
		family_biased_decoder(m, VP_NAMING_STARCODER2);
		m->pos = VP_POS_ROTARY;
		m->rotary_fraction = 1.0;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "gpt_bigcode")) {
		/* models/gpt_bigcode/modeling_gpt_bigcode.py (StarCoder,
		 * SantaCoder, WizardCoder): GPT-2's layout and module names
		 * (attn.c_attn, attn.c_proj, mlp.c_fc, mlp.c_proj) as
		 * nn.Linear with bias, wte + wpe, ln_1/ln_2/ln_f, the LM head
		 * tied; c_attn gives the queries and one key and value head
		 * (multi_query, GPTBigCodeConfig's default: num_kv_heads 1).
		 * GPTBigCodeConfig: gelu_pytorch_tanh, resid/embd/attn_pdrop
		 * 0.1. */
		family_biased_decoder(m, VP_NAMING_GPT2);
		m->pos = VP_POS_LEARNED;
		m->tie_embeddings = true;
		m->hidden_dropout = 0.1;
		m->attn_dropout = 0.1;
	} else if (!strcmp(model_type, "bloom")) {
		/* models/bloom/modeling_bloom.py: word_embeddings_layernorm,
		 * query_key_value/dense and the MLP with bias, ALiBi (no
		 * position parameters), ln_f, lm_head tied. */
		family_biased_decoder(m, VP_NAMING_BLOOM);
		m->pos = VP_POS_ALIBI;
		m->embed_norm = true;
		m->tie_embeddings = true;
	} else if (!strcmp(model_type, "mpt")) {
		/* models/mpt/modeling_mpt.py (MPT-7B, MPT-30B): wte alone (no
		 * position table, no embedding norm), norm_1/norm_2/norm_f as
		 * LayerNorm with the bias removed, attn.Wqkv (3 x d_model) and
		 * attn.out_proj, ffn.up_proj (4 x d_model), exact GELU,
		 * ffn.down_proj, no biases; ALiBi added to eager scores; the LM
		 * head tied (MptForCausalLM _tied_weights_keys). Dropouts:
		 * attn_config.attn_pdrop, 0 in MosaicML's configs. */
		family_biased_decoder(m, VP_NAMING_MPT);
		m->qkv_bias = m->out_bias = m->mlp_bias = m->norm_bias = false;
		m->pos = VP_POS_ALIBI;
		m->tie_embeddings = true;
	} else {
		supported_list(list, sizeof list);
		return vp_error_set(err, VP_ERR_INPUT,
				    "unsupported model_type '%.64s' (supported: %s)",
				    model_type, list);
	}
	copy_type(m, model_type);
	m->sliding_window = vp_model_default_sliding_window(model_type);
	return 0;
}

/* ---- validation --------------------------------------------------------- */

/* The name a message gives a descriptor field: the namer's (a reader that
 * knows which key of its file set it), else the field's own. */
struct namer {
	vp_field_namer fn;
	const void *ctx;
};

static const char *field_name(const struct namer *nm, const char *field, uint64_t v)
{
	const char *name = nm->fn != NULL ? nm->fn(field, v, nm->ctx) : NULL;

	return name != NULL ? name : field;
}

static int check_count(const struct namer *nm, const char *field, uint64_t v, uint64_t min, uint64_t limit,
		       struct vp_error *err)
{
	if (v < min)
		return vp_error_set(err, VP_ERR_INPUT, "'%s' must be at least %" PRIu64,
				    field_name(nm, field, v), min);
	if (v >= limit)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' is too large (%" PRIu64 "; it must be below %" PRIu64 ")",
				    field_name(nm, field, v), v, limit);
	return 0;
}

static int check_dropout(const char *field, double v, struct vp_error *err)
{
	/* Written so that NaN fails too. */
	if (!(v >= 0.0 && v < 1.0))
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' must be in [0, 1), got %g", field, v);
	return 0;
}

int vp_model_validate(const struct vp_model *m, struct vp_error *err)
{
	return vp_model_validate_named(m, NULL, NULL, err);
}

int vp_model_validate_named(const struct vp_model *m, vp_field_namer namer, const void *ctx,
			    struct vp_error *err)
{
	const struct namer nm = {namer, ctx};
	enum vp_arch want;
	int gate;
	uint64_t q_width;
	bool glm4_moe, no_latents;

	if (m == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "no model to validate");
	if ((unsigned)m->arch > VP_ARCH_ENCDEC || (unsigned)m->norm > VP_NORM_RMS ||
	    (unsigned)m->act > VP_ACT_GELU_NEW || (unsigned)m->pos > VP_POS_SINUSOIDAL ||
	    (unsigned)m->naming > VP_NAMING_DEEPSEEK)
		return vp_error_set(err, VP_ERR_INPUT, "corrupt model descriptor (enum out of range)");

	if (check_count(&nm, "hidden_size", m->hidden_size, 1, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "intermediate_size", m->intermediate_size, 1, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "vocab_size", m->vocab_size, 1, VP_VOCAB_LIMIT, err) ||
	    check_count(&nm, "num_layers", m->num_layers, 1, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "num_heads", m->num_heads, 1, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "num_kv_heads", m->num_kv_heads, 1, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "head_dim", m->head_dim, 1, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "max_positions", m->max_positions, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "context_tokens", m->context_tokens, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "type_vocab_size", m->type_vocab_size, 0, VP_VOCAB_LIMIT, err) ||
	    check_count(&nm, "relative_buckets", m->relative_buckets, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "embedding_size", m->embedding_size, 0, VP_SIZE_LIMIT, err) ||
	    /* the catalogue's bound too, so that an imported entry loads */
	    check_count(&nm, "sliding_window", m->sliding_window, 0, VP_SIZE_LIMIT, err))
		return -1;
	if (m->shared_layers && m->naming != VP_NAMING_ALBERT)
		return vp_error_set(err, VP_ERR_INPUT, "'shared_layers' is ALBERT's (model_type 'albert'), not '%s''s",
				    m->model_type);
	if (m->full_attn_layers > 0 && (m->sliding_window == 0 || m->full_attn_layers >= m->num_layers))
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' (%" PRIu64 ") counts the layers that attend globally beside sliding-window "
				    "ones: it needs a '%s' and must be below '%s' (%" PRIu64 ")",
				    field_name(&nm, "full_attn_layers", m->full_attn_layers), m->full_attn_layers,
				    field_name(&nm, "sliding_window", m->sliding_window),
				    field_name(&nm, "num_layers", m->num_layers), m->num_layers);
	if (vp_model_embed_width(m) != m->hidden_size && m->naming != VP_NAMING_OPT &&
	    !(m->arch == VP_ARCH_ENCODER && (m->naming == VP_NAMING_BERT || m->naming == VP_NAMING_ALBERT)))
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' (%" PRIu64 ") differs from '%s' (%" PRIu64 "), which only an "
				    "encoder with BERT's layout (ELECTRA's embeddings_project) or OPT "
				    "(project_in, project_out) models",
				    field_name(&nm, "embedding_size", m->embedding_size), m->embedding_size,
				    field_name(&nm, "hidden_size", m->hidden_size), m->hidden_size);
	if (m->num_heads % m->num_kv_heads != 0)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' (%" PRIu64 ") must divide '%s' (%" PRIu64 ")",
				    field_name(&nm, "num_kv_heads", m->num_kv_heads), m->num_kv_heads,
				    field_name(&nm, "num_heads", m->num_heads), m->num_heads);
	if (vp_mul_u64(m->num_heads, m->head_dim, &q_width) != 0 || q_width >= VP_SIZE_LIMIT)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' x '%s' is too large (%" PRIu64 " x %" PRIu64 ")",
				    field_name(&nm, "num_heads", m->num_heads), field_name(&nm, "head_dim", m->head_dim),
				    m->num_heads, m->head_dim);

	if (m->arch == VP_ARCH_ENCDEC) {
		if (check_count(&nm, "num_decoder_layers", m->num_decoder_layers, 1, VP_COUNT_LIMIT, err))
			return -1;
	} else if (m->num_decoder_layers != 0) {
		return vp_error_set(err, VP_ERR_INPUT,
				    "'num_decoder_layers' is only for encoder-decoder models (model_type '%s')",
				    m->model_type);
	}

	if (m->pos == VP_POS_LEARNED && m->max_positions == 0)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'max_positions' must be at least 1 for learned positions");
	if (m->pos == VP_POS_SINUSOIDAL && !is_type(m, "marian") && !is_type(m, "m2m_100") && !is_type(m, "pegasus"))
		return vp_error_set(err, VP_ERR_INPUT,
				    "'pos' sinusoidal is Marian's, M2M100's and Pegasus's (model_type marian, m2m_100, pegasus), not '%s''s",
				    m->model_type);
	if (m->pos == VP_POS_RELATIVE && m->relative_buckets == 0)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'relative_buckets' must be at least 1 for relative positions");
	if (m->pos == VP_POS_DISENTANGLED) {
		if (m->naming != VP_NAMING_DEBERTA)
			return vp_error_set(err, VP_ERR_INPUT,
					    "'pos' disentangled is DeBERTa's (model_type 'deberta-v2'), not '%s''s",
					    m->model_type);
		if (check_count(&nm, "rel_span", m->rel_span, 1, VP_SIZE_LIMIT, err))
			return -1;
	} else if (m->rel_span != 0 || m->rel_c2p || m->rel_p2c || m->rel_norm) {
		return vp_error_set(err, VP_ERR_INPUT,
				    "'rel_span', 'rel_c2p', 'rel_p2c' and 'rel_norm' are only for disentangled "
				    "positions (DeBERTa)");
	}
	if (m->pos == VP_POS_ROTARY) {
		if (!(m->rotary_fraction > 0.0 && m->rotary_fraction <= 1.0))
			return vp_error_set(err, VP_ERR_INPUT,
					    "'rotary_fraction' must be in (0, 1], got %g",
					    m->rotary_fraction);
	} else if (!(m->rotary_fraction >= 0.0 && m->rotary_fraction <= 1.0)) {
		return vp_error_set(err, VP_ERR_INPUT,
				    "'rotary_fraction' must be in [0, 1], got %g", m->rotary_fraction);
	}
	if (check_count(&nm, "num_experts", m->num_experts, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "experts_per_token", m->experts_per_token, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "shared_expert_size", m->shared_expert_size, 0, VP_SIZE_LIMIT, err))
		return -1;
	if (check_count(&nm, "vision_params", m->vision_params, 0, VP_SIZE_LIMIT, err))
		return -1;
	if (check_count(&nm, "vision_linear_params", m->vision_linear_params, 0, VP_SIZE_LIMIT, err))
		return -1;
	if (m->vision_linear_params > m->vision_params)
		return vp_error_set(err, VP_ERR_INPUT, "'vision_linear_params' (%" PRIu64 ") cannot exceed "
				    "'vision_params' (%" PRIu64 ")",
				    m->vision_linear_params, m->vision_params);
	/* the tower's shapes (for its LoRA adapters): all three or none, and
	 * the projector's only beside them */
	if (check_count(&nm, "vision_hidden_size", m->vision_hidden_size, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "vision_intermediate_size", m->vision_intermediate_size, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "vision_layers", m->vision_layers, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "vision_merge_size", m->vision_merge_size, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "vision_feature_layers", m->vision_feature_layers, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "vision_out_size", m->vision_out_size, 0, VP_SIZE_LIMIT, err))
		return -1;
	if ((m->vision_hidden_size > 0) != (m->vision_layers > 0) ||
	    (m->vision_intermediate_size > 0) != (m->vision_layers > 0))
		return vp_error_set(err, VP_ERR_INPUT, "'vision_hidden_size', 'vision_intermediate_size' and "
				    "'vision_layers' go together: all three, or none");
	if (m->vision_layers > 0 && m->vision_params == 0)
		return vp_error_set(err, VP_ERR_INPUT, "'vision_layers' needs 'vision_params' (the tower it shapes)");
	if (is_type(m, "qwen2") && (m->vision_layers > 0 || m->vision_merge_size > 0 || m->vision_out_size > 0)) {
		/* Qwen2-VL's and Qwen2.5-VL's tower: which one is the
		 * architecture's to say (fc1/fc2 or a gated MLP), and its
		 * merger's input is h x spatial_merge_size^2 (layers.c
		 * vp_model_vision_linears) */
		if (strncmp(m->architecture, "Qwen2VL", 7) != 0 && strncmp(m->architecture, "Qwen2_5_VL", 10) != 0)
			return vp_error_set(err, VP_ERR_INPUT, "the vision tower's shapes of a qwen2 model need "
					    "'architecture' Qwen2VLForConditionalGeneration or "
					    "Qwen2_5_VLForConditionalGeneration (which tower they shape)");
		if (m->vision_layers == 0 || m->vision_merge_size == 0 || m->vision_feature_layers > 0)
			return vp_error_set(err, VP_ERR_INPUT, "Qwen2-VL's and Qwen2.5-VL's tower takes "
					    "'vision_merge_size' (spatial_merge_size) beside 'vision_layers', and no "
					    "'vision_feature_layers' (Mistral 3's)");
	} else {
		if ((m->vision_merge_size > 0 || m->vision_feature_layers > 0) &&
		    !(m->vision_layers > 0 && m->vision_merge_size > 0 && m->vision_feature_layers > 0))
			return vp_error_set(err, VP_ERR_INPUT, "'vision_merge_size' and 'vision_feature_layers' "
					    "(Mistral 3's projector) go together, beside 'vision_layers'");
		if (m->vision_merge_size > 0 && !is_type(m, "mistral"))
			return vp_error_set(err, VP_ERR_INPUT, "'vision_merge_size' is Mistral 3's projector's (or "
					    "Qwen2-VL's merger's), not for model_type '%s'",
					    m->model_type);
		if (m->vision_out_size > 0)
			return vp_error_set(err, VP_ERR_INPUT, "'vision_out_size' is Qwen2-VL's and Qwen2.5-VL's "
					    "merger's, not for model_type '%s'",
					    m->model_type);
	}
	/* the text models of the multimodal checkpoints read: Gemma 3's
	 * (gemma3), Mistral Small 3.1/3.2's (mistral3), Qwen2-VL's and
	 * Qwen2.5-VL's (qwen2_vl, qwen2_5_vl: Qwen2's layers) */
	if (m->vision_params > 0 && !is_type(m, "gemma3_text") && !is_type(m, "mistral") && !is_type(m, "qwen2"))
		return vp_error_set(err, VP_ERR_INPUT,
				    "'vision_params' is modelled for the multimodal checkpoints of Gemma 3 (model_type "
				    "gemma3_text), Mistral Small 3.1/3.2 (model_type mistral) and Qwen2-VL/Qwen2.5-VL "
				    "(model_type qwen2), not for model_type '%s'",
				    m->model_type);
	if (m->vision_layers > 0) {
		/* The tower's shapes describe part of the tower that
		 * vision_params counts whole, so their linears' weights cannot
		 * exceed it: a merge size of 2^20 (h x 2^40 merger inputs) was
		 * taken, and the adapters it shaped counted 3.4e16 trainable
		 * parameters on a tower of 669M (a review, 2026-12-01). A shape
		 * too large for the arithmetic leaves its linear out
		 * (vp_model_vision_linears), so it is refused here as well. */
		struct vp_linear lin[VP_VISION_LINEARS_MAX];
		double count[VP_VISION_LINEARS_MAX], weights = 0.0;
		size_t n = vp_model_vision_linears(m, lin, count);
		/* the projector or merger, last in the list, is there when a
		 * merge size is given unless its shape was too large to hold */
		bool left_out = m->vision_merge_size > 0 &&
				(n == 0 || (strncmp(lin[n - 1].path, "merger.", 7) != 0 &&
					    strncmp(lin[n - 1].path, "multi_modal_projector.", 22) != 0));

		for (size_t i = 0; i < n; i++)
			weights += (double)lin[i].in_features * (double)lin[i].out_features * count[i];
		if (left_out)
			return vp_error_set(err, VP_ERR_INPUT,
					    "the vision tower's shapes ('vision_hidden_size', 'vision_merge_size') give its "
					    "projector more weights than can be counted, more than the whole tower's "
					    "'vision_params' (%" PRIu64 ")",
					    m->vision_params);
		if (weights > (double)m->vision_params)
			return vp_error_set(err, VP_ERR_INPUT,
					    "the vision tower's shapes ('vision_hidden_size', 'vision_intermediate_size', "
					    "'vision_layers', 'vision_merge_size') give its linears %.4g weights, more "
					    "than the whole tower's 'vision_params' (%" PRIu64 ")",
					    weights, m->vision_params);
	}
	if (m->output_router_logits && m->num_experts == 0)
		return vp_error_set(err, VP_ERR_INPUT, "'output_router_logits' needs experts (num_experts)");
	if (m->moe_input_jitter && m->num_experts == 0)
		return vp_error_set(err, VP_ERR_INPUT, "'moe_input_jitter' needs experts (num_experts)");
	if (m->shared_expert_size > 0 && m->num_experts == 0)
		return vp_error_set(err, VP_ERR_INPUT, "'%s' needs experts",
				    field_name(&nm, "shared_expert_size", m->shared_expert_size));
	if (check_count(&nm, "dense_layers", m->dense_layers, 0, VP_COUNT_LIMIT, err) ||
	    check_count(&nm, "dense_intermediate_size", m->dense_intermediate_size, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "q_lora_rank", m->q_lora_rank, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "kv_lora_rank", m->kv_lora_rank, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "rope_head_dim", m->rope_head_dim, 0, VP_SIZE_LIMIT, err) ||
	    check_count(&nm, "v_head_dim", m->v_head_dim, 0, VP_SIZE_LIMIT, err))
		return -1;
	/* GLM-4.5 (glm4_moe) and ERNIE 4.5's MoE (ernie4_5_moe) take
	 * DeepSeek's MoE block and dense first layers, not its latent
	 * attention */
	glm4_moe = is_type(m, "glm4_moe");
	no_latents = glm4_moe || is_type(m, "ernie4_5_moe");
	if ((m->kv_lora_rank > 0 || m->q_lora_rank > 0 || m->rope_head_dim > 0 || m->v_head_dim > 0) !=
		    (m->naming == VP_NAMING_DEEPSEEK && !no_latents) ||
	    (m->dense_layers > 0 && m->naming != VP_NAMING_DEEPSEEK))
		return vp_error_set(err, VP_ERR_INPUT,
				    "latent attention ('kv_lora_rank', 'q_lora_rank', 'rope_head_dim', 'v_head_dim') "
				    "is modelled for DeepSeek-V2/V3 (model_type deepseek_v2, deepseek_v3), and needed "
				    "there, and 'dense_layers' for them, GLM-4.5 and ERNIE 4.5's MoE (glm4_moe, "
				    "ernie4_5_moe); not for model_type '%s'",
				    m->model_type);
	if (m->qk_norm && !glm4_moe)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'qk_norm' is GLM-4.5's use_qk_norm (model_type glm4_moe); not for model_type '%s'",
				    m->model_type);
	if (m->naming == VP_NAMING_DEEPSEEK) {
		/* DeepseekV2Attention: kv_b_proj from kv_lora_rank, q and k
		 * heads of qk_nope_head_dim + qk_rope_head_dim, v heads of
		 * v_head_dim; the dense layers before the experts. GLM-4.5's
		 * attention has no latents. */
		if (!no_latents && (m->kv_lora_rank == 0 || m->v_head_dim == 0 || m->rope_head_dim == 0 ||
				  m->rope_head_dim >= m->head_dim))
			return vp_error_set(err, VP_ERR_INPUT,
					    "'%s' (%" PRIu64 ") must hold '%s' (%" PRIu64 ") and a part without rotary, "
					    "and 'kv_lora_rank' and 'v_head_dim' must be positive",
					    field_name(&nm, "head_dim", m->head_dim), m->head_dim,
					    field_name(&nm, "rope_head_dim", m->rope_head_dim), m->rope_head_dim);
		/* without experts every layer is dense, intermediate_size
		 * wide (first_k_dense_replace >= num_hidden_layers, hfconfig.c):
		 * no dense_layers then, which count the layers before experts */
		if ((m->num_experts == 0 && m->dense_layers > 0) ||
		    (m->num_experts > 0 && m->dense_layers >= m->num_layers) ||
		    (m->dense_layers > 0) != (m->dense_intermediate_size > 0))
			return vp_error_set(err, VP_ERR_INPUT,
					    "'%s' (%" PRIu64 ") must be below '%s' (%" PRIu64 "), with experts (0 "
					    "without: every layer dense), and dense layers need their '%s'",
					    field_name(&nm, "dense_layers", m->dense_layers), m->dense_layers,
					    field_name(&nm, "num_layers", m->num_layers), m->num_layers,
					    field_name(&nm, "dense_intermediate_size", m->dense_intermediate_size));
	} else if (m->dense_intermediate_size > 0) {
		return vp_error_set(err, VP_ERR_INPUT, "'dense_intermediate_size' needs 'dense_layers'");
	}
	if ((m->num_experts == 0) != (m->experts_per_token == 0) || m->experts_per_token > m->num_experts)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' (%" PRIu64 ") must be from 1 to '%s' (%" PRIu64 "), or both 0 for a dense MLP",
				    field_name(&nm, "experts_per_token", m->experts_per_token), m->experts_per_token,
				    field_name(&nm, "num_experts", m->num_experts), m->num_experts);
	if (m->num_experts > 0 && (m->arch != VP_ARCH_DECODER || !m->gated_mlp ||
				   (m->naming != VP_NAMING_LLAMA && m->naming != VP_NAMING_MIXTRAL &&
				    m->naming != VP_NAMING_DEEPSEEK)))
		return vp_error_set(err, VP_ERR_INPUT,
				    "experts are modelled for a Llama-style decoder with a gated MLP (Mixtral, "
				    "Qwen-MoE, OLMoE, PhiMoE, GraniteMoE, DeepSeek), not for model_type '%s'",
				    m->model_type);
	if (check_dropout("hidden_dropout", m->hidden_dropout, err) ||
	    check_dropout("attn_dropout", m->attn_dropout, err) ||
	    check_dropout("act_dropout", m->act_dropout, err))
		return -1;

	if (m->norm == VP_NORM_RMS && m->norm_bias)
		return vp_error_set(err, VP_ERR_INPUT, "'norm_bias' cannot be set with an RMS norm");

	gate = vp_naming_shape(m->naming, &want);
	if (m->arch != want)
		return vp_error_set(err, VP_ERR_INPUT,
				    "model_type '%s' has no %s form", m->model_type,
				    m->arch == VP_ARCH_ENCODER ? "encoder-only" :
				    m->arch == VP_ARCH_DECODER ? "decoder-only" : "encoder-decoder");
	if (gate == 0 && m->gated_mlp)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'gated_mlp' is not possible for model_type '%s'", m->model_type);
	if (gate == 2 && !m->gated_mlp)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'gated_mlp' must be true for model_type '%s'", m->model_type);
	return 0;
}

bool vp_model_sandwich_norms(const struct vp_model *m)
{
	/* Glm4DecoderLayer: input_layernorm, post_self_attn_layernorm,
	 * post_attention_layernorm, post_mlp_layernorm */
	return m != NULL && (is_type(m, "gemma2") || is_type(m, "gemma3_text") || is_type(m, "glm4"));
}

bool vp_model_norm_scales_in_fp32(const struct vp_model *m)
{
	/* models/gemma/modeling_gemma.py GemmaRMSNorm.forward, and Gemma 2's
	 * and Gemma 3's copies of it; GptOssRMSNorm: (self.weight *
	 * hidden_states).to(input_dtype), its weight fp32
	 * (_keep_in_fp32_modules); Olmo2RMSNorm: (self.weight *
	 * hidden_states).to(input_dtype) on the fp32 hidden states, so the
	 * multiply keeps them in fp32 whatever the weight's dtype
	 * (models/olmo2/modular_olmo2.py) */
	return m != NULL && (is_type(m, "gemma") || is_type(m, "gemma2") || is_type(m, "gemma3_text") ||
			     is_type(m, "gpt_oss") || is_type(m, "olmo2") || is_type(m, "olmo3"));
}

const char *vp_model_lm_head_name(const struct vp_model *m)
{
	/* GPTNeoXForCausalLM.embed_out; InternLM2ForCausalLM.output (remote
	 * code, modeling_internlm2.py); everyone else's lm_head */
	if (m != NULL && is_type(m, "gpt_neox"))
		return "embed_out";
	if (m != NULL && is_type(m, "internlm2"))
		return "output";
	return "lm_head";
}

enum vp_qk_norm vp_model_qk_norm(const struct vp_model *m)
{
	if (m == NULL)
		return VP_QK_NORM_NONE;
	if (is_type(m, "qwen3") || is_type(m, "qwen3_moe") || is_type(m, "gemma3_text") ||
	    is_type(m, "exaone4") || is_type(m, "hunyuan_v1_dense"))
		return VP_QK_NORM_PER_HEAD;
	/* Glm4MoeAttention: Glm4MoeRMSNorm(head_dim) q_norm and k_norm
	 * when use_qk_norm, before the transpose and rotary */
	if (is_type(m, "glm4_moe") && m->qk_norm)
		return VP_QK_NORM_PER_HEAD;
	if (is_type(m, "olmo2") || is_type(m, "olmo3") || is_type(m, "olmoe"))
		return VP_QK_NORM_FULL;
	return VP_QK_NORM_NONE;
}

bool vp_model_mlp_output_dropout(const struct vp_model *m)
{
	return m != NULL && !is_type(m, "xlm-roberta-xl");
}

bool vp_model_is_gpt_oss(const struct vp_model *m)
{
	return m != NULL && is_type(m, "gpt_oss");
}

bool vp_model_is_granitemoe(const struct vp_model *m)
{
	return m != NULL && (is_type(m, "granitemoe") || is_type(m, "granitemoeshared"));
}

bool vp_model_experts_are_parameters(const struct vp_model *m)
{
	return vp_model_is_gpt_oss(m) || vp_model_is_granitemoe(m);
}

bool vp_model_is_mla(const struct vp_model *m)
{
	return m != NULL && m->kv_lora_rank > 0;
}

bool vp_model_router_logits_out(const struct vp_model *m)
{
	return m != NULL && m->num_experts > 0 && (m->naming != VP_NAMING_DEEPSEEK || is_type(m, "ernie4_5_moe"));
}

bool vp_model_router_fp32(const struct vp_model *m)
{
	return m != NULL && is_type(m, "ernie4_5_moe");
}

uint64_t vp_model_moe_layers(const struct vp_model *m)
{
	if (m == NULL || m->num_experts == 0 || m->dense_layers >= m->num_layers)
		return 0;
	return m->num_layers - m->dense_layers;
}

/*
 * T5's weights were pretrained with bfloat16 activations (the T5 authors,
 * google-research/text-to-text-transfer-transformer#539), and in fp16 its
 * feed-forward outputs overflow 65504: training loss turns to nan for
 * mT5 (transformers#11735), T5 v1.1 (#14189), t5-large and Flan-T5-XL
 * (#23918), clamps in the modeling file notwithstanding.
 */
bool vp_model_overflows_fp16(const struct vp_model *m)
{
	return m != NULL && (is_type(m, "t5") || is_type(m, "mt5") || is_type(m, "umt5"));
}

bool vp_model_first_block_unnormed(const struct vp_model *m)
{
	return m != NULL && m->naming == VP_NAMING_MODERNBERT;
}

bool vp_model_norm_parameters(const struct vp_model *m)
{
	/* OlmoLayerNorm: "LayerNorm but with no learnable weight or bias" */
	return m == NULL || !is_type(m, "olmo");
}

bool vp_model_norm_input_fp32(const struct vp_model *m)
{
	/* OlmoLayerNorm.forward: F.layer_norm(hidden_states.to(torch.float32),
	 * ...).to(orig_dtype) */
	return m != NULL && is_type(m, "olmo");
}

bool vp_model_norm_unfused(const struct vp_model *m)
{
	return m != NULL && (is_type(m, "cohere") || is_type(m, "cohere2"));
}

bool vp_model_post_norm(const struct vp_model *m)
{
	return m != NULL && ((m->naming == VP_NAMING_BERT && !m->final_norm) || m->naming == VP_NAMING_ALBERT ||
			     m->naming == VP_NAMING_DISTILBERT || m->naming == VP_NAMING_DEBERTA ||
			     m->naming == VP_NAMING_MPNET || (m->naming == VP_NAMING_BART && !m->final_norm) ||
			     /* OPTDecoderLayer with do_layer_norm_before False
			      * (OPT-350m), whose OPTDecoder has no final norm */
			     (m->naming == VP_NAMING_OPT && !m->final_norm));
}

bool vp_model_layernorm_in_residual(const struct vp_model *m)
{
	/* OlmoLayerNorm: F.layer_norm(x.to(float32)).to(orig_dtype);
	 * CohereLayerNorm: hidden_states.to(input_dtype) */
	return m != NULL && m->norm == VP_NORM_LAYER && !vp_model_norm_input_fp32(m) && !vp_model_norm_unfused(m) &&
	       (m->embed_norm || vp_model_post_norm(m));
}

bool vp_model_eager_qk_fp32(const struct vp_model *m)
{
	return m != NULL && (m->naming == VP_NAMING_GPTJ || m->naming == VP_NAMING_GPTNEO ||
			     m->naming == VP_NAMING_CODEGEN);
}

bool vp_model_logits_fp32(const struct vp_model *m)
{
	/* GPTJForCausalLM and CodeGenForCausalLM: lm_head(...).to(torch.float32) */
	return m != NULL && (m->naming == VP_NAMING_GPTJ || m->naming == VP_NAMING_CODEGEN);
}

bool vp_model_single_block_norm(const struct vp_model *m)
{
	if (m == NULL || !m->parallel_block)
		return false;
	if (is_type(m, "falcon"))
		return m->num_kv_heads == 1;
	return m->naming != VP_NAMING_NEOX;
}

/* ---- parameter count ---------------------------------------------------- */

struct acc {
	uint64_t v;
	bool overflow;
};

static uint64_t mul(struct acc *a, uint64_t x, uint64_t y)
{
	uint64_t r;

	if (vp_mul_u64(x, y, &r) != 0) {
		a->overflow = true;
		return 0;
	}
	return r;
}

static void add(struct acc *a, uint64_t x)
{
	if (vp_add_u64(a->v, x, &a->v) != 0)
		a->overflow = true;
}

/* One norm: a weight of hidden_size, plus a bias of the same size; none
 * for a norm without parameters. */
static uint64_t norm_size(const struct vp_model *m, struct acc *a)
{
	if (!vp_model_norm_parameters(m))
		return 0;
	return mul(a, m->hidden_size, m->norm_bias ? 2 : 1);
}

uint64_t vp_model_param_blocks(const struct vp_model *m)
{
	return m->shared_layers ? 1 : m->num_layers;
}

uint64_t vp_model_embed_width(const struct vp_model *m)
{
	return m->embedding_size != 0 ? m->embedding_size : m->hidden_size;
}

uint64_t vp_model_mlm_transform_params(const struct vp_model *m)
{
	struct acc a = { 0, false };
	uint64_t width;

	if (m == NULL)
		return 0;
	if (m->naming == VP_NAMING_MODERNBERT) {
		/* ModernBertPredictionHead: dense (classifier_bias False),
		 * the activation, norm; the decoder's bias (decoder_bias True) */
		add(&a, mul(&a, m->hidden_size, m->hidden_size));
		add(&a, norm_size(m, &a));
		add(&a, m->vocab_size);
		return a.overflow ? 0 : a.v;
	}
	/* BertPredictionHeadTransform (ELECTRA's generator_predictions
	 * narrow to embedding_size): dense with its bias, a LayerNorm with
	 * its bias; the decoder's bias */
	width = vp_model_embed_width(m);
	add(&a, mul(&a, m->hidden_size, width));
	add(&a, mul(&a, 3, width));
	add(&a, m->vocab_size);
	return a.overflow ? 0 : a.v;
}

uint64_t vp_model_max_tokens(const struct vp_model *m)
{
	/* RobertaEmbeddings (and XLM-R's, CamemBERT's, XLM-R XL's, MPNet's)
	 * number positions from padding_idx + 1 (create_position_ids_from_
	 * input_ids; pad_token_id 1): 514 rows hold 512 tokens */
	static const char *const from_two[] = {"roberta", "xlm-roberta", "camembert", "xlm-roberta-xl", "mpnet"};
	uint64_t skip = 0;

	if (m == NULL || m->max_positions == 0 ||
	    (m->pos != VP_POS_LEARNED && m->pos != VP_POS_DISENTANGLED && m->pos != VP_POS_SINUSOIDAL))
		return 0;
	/* BartLearnedPositionalEmbedding and OPTLearnedPositionalEmbedding
	 * add an offset of 2 to the positions; their tables (max_positions
	 * here) have those two rows more than the config's
	 * max_position_embeddings */
	if (m->pos == VP_POS_LEARNED && (m->naming == VP_NAMING_BART || m->naming == VP_NAMING_OPT))
		skip = 2;
	for (size_t i = 0; i < sizeof from_two / sizeof from_two[0]; i++)
		if (is_type(m, from_two[i]))
			skip = 2;
	return m->max_positions > skip ? m->max_positions - skip : 0;
}

uint64_t vp_model_context_tokens(const struct vp_model *m)
{
	if (m == NULL || vp_model_max_tokens(m) > 0)
		return 0;
	return m->context_tokens;
}

const char *vp_model_context_key(const struct vp_model *m)
{
	/* GPTJConfig and CodeGenConfig map max_position_embeddings onto
	 * n_positions (attribute_map); QWenConfig's rotary and logn scaling
	 * read seq_length (Qwen/Qwen-1_8B modeling_qwen.py); MptConfig has
	 * max_seq_len, the length its ALiBi bias is built for */
	if (m != NULL && (is_type(m, "gptj") || is_type(m, "codegen")))
		return "n_positions";
	if (m != NULL && is_type(m, "qwen"))
		return "seq_length";
	if (m != NULL && is_type(m, "mpt"))
		return "max_seq_len";
	return "max_position_embeddings";
}

/* Parameters of one block of `kind`: its linears, its norms and what else
 * sits inside it (umt5's relative bias, qwen3's q_norm/k_norm). */
static uint64_t block_params(const struct vp_model *m, enum vp_block_kind kind, struct acc *a)
{
	struct vp_linear lin[VP_BLOCK_LINEARS_MAX];
	size_t n = vp_model_block_linears(m, kind, lin, VP_BLOCK_LINEARS_MAX);
	struct acc blk = { 0, false };
	uint64_t norms;
	enum vp_qk_norm qk;

	if (n == 0) {
		a->overflow = true;
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t one = mul(&blk, lin[i].in_features, lin[i].out_features);
		if (lin[i].bias && vp_add_u64(one, lin[i].out_features, &one) != 0)
			blk.overflow = true;
		add(&blk, mul(&blk, one, lin[i].copies));
	}

	if (m->arch == VP_ARCH_ENCDEC)
		norms = kind == VP_BLOCK_DECODER ? 3 : 2; /* + cross-attention norm */
	else if (vp_model_sandwich_norms(m))
		norms = 4; /* Gemma2DecoderLayer: input, post_attention,
			    * pre_feedforward, post_feedforward layernorms */
	else if (vp_model_single_block_norm(m))
		norms = 1;
	else
		norms = 2; /* GPT-NeoX keeps both norms even when parallel */
	add(&blk, mul(&blk, norms, norm_size(m, &blk)));

	qk = vp_model_qk_norm(m);
	if (qk == VP_QK_NORM_PER_HEAD) /* Qwen3(Moe)Attention.q_norm, k_norm: RMS over head_dim */
		add(&blk, mul(&blk, 2, m->head_dim));
	else if (qk == VP_QK_NORM_FULL) /* Olmo2Attention: over all heads of q, of k */
		add(&blk, mul(&blk, m->num_heads + m->num_kv_heads, m->head_dim));
	if (is_type(m, "umt5") && m->pos == VP_POS_RELATIVE)
		add(&blk, mul(&blk, m->relative_buckets, m->num_heads));
	if (vp_model_is_gpt_oss(m)) /* GptOssAttention.sinks: one per head */
		add(&blk, m->num_heads);
	/* DeepseekV2Attention's kv_a_layernorm and q_a_layernorm: RMSNorms
	 * over the latents */
	if (vp_model_is_mla(m))
		add(&blk, m->kv_lora_rank + m->q_lora_rank);
	/* Ernie4_5_MoeStatics.e_score_correction_bias: (1, moe_num_experts)
	 * in each MoE block, an fp32 nn.Parameter that does not train
	 * (vp_model_frozen_param_count) */
	if (kind == VP_BLOCK_DECODER && is_type(m, "ernie4_5_moe"))
		add(&blk, m->num_experts);

	if (blk.overflow)
		a->overflow = true;
	return blk.v;
}

uint64_t vp_model_frozen_param_count(const struct vp_model *m, bool with_decoder)
{
	struct acc a = { 0, false };
	uint64_t stacks;

	if (m == NULL)
		return 0;
	add(&a, m->vision_params);
	/* ERNIE 4.5's e_score_correction_bias (requires_grad=False), one
	 * per expert in each MoE layer (block_params) */
	if (is_type(m, "ernie4_5_moe"))
		add(&a, mul(&a, vp_model_moe_layers(m), m->num_experts));
	if (m->pos == VP_POS_SINUSOIDAL) {
		stacks = m->arch == VP_ARCH_ENCDEC && with_decoder ? 2 : 1;
		add(&a, mul(&a, stacks, mul(&a, m->max_positions, m->hidden_size)));
	}
	return a.overflow ? 0 : a.v;
}

/*
 * Counted: the token embedding; a learned position table (or Marian's
 * frozen sinusoidal one) and the embedding norm once per stack (BART and
 * mBART give the encoder and the decoder their own embed_positions and
 * layernorm_embedding); token types; T5/mT5's
 * relative bias once per stack (umt5: per block, in block_params); every
 * block; the final norm (per stack for encoder-decoder); the pooler; an
 * untied LM head and its bias.
 *
 * Not counted: BERT's MLM head transform (BertPredictionHeadTransform dense +
 * LayerNorm and the decoder bias; parameters.c adds it, less the pooler, for
 * an LM head), so an encoder's count is BertModel's (the figure model cards
 * publish), and buffers such as BART's final_logits_bias
 * and M2M100's sinusoidal position table.
 */
uint64_t vp_model_param_count(const struct vp_model *m)
{
	return vp_model_param_count_parts(m, true, true);
}

uint64_t vp_model_param_count_parts(const struct vp_model *m, bool with_decoder, bool with_lm_head)
{
	struct acc a = { 0, false };
	uint64_t stacks, blocks, width;
	bool decoder;

	if (m == NULL)
		return 0;
	/* an encoder-decoder model repeats its positions, embedding norm,
	 * relative bias and final norm in the decoder stack */
	decoder = m->arch == VP_ARCH_ENCDEC && with_decoder;
	stacks = decoder ? 2 : 1;

	width = vp_model_embed_width(m);
	add(&a, mul(&a, m->vocab_size, width));
	/* OPTDecoder.embed_positions is hidden_size wide whatever
	 * word_embed_proj_dim (added after project_in) */
	if (m->pos == VP_POS_LEARNED || m->pos == VP_POS_DISENTANGLED || m->pos == VP_POS_SINUSOIDAL)
		add(&a, mul(&a, stacks, mul(&a, m->max_positions, m->naming == VP_NAMING_OPT ? m->hidden_size : width)));
	/* DebertaV2Encoder.rel_embeddings (2 x span rows) and its LayerNorm */
	if (m->pos == VP_POS_DISENTANGLED) {
		add(&a, mul(&a, mul(&a, 2, m->rel_span), m->hidden_size));
		if (m->rel_norm)
			add(&a, norm_size(m, &a));
	}
	add(&a, mul(&a, m->type_vocab_size, width));
	if (m->embed_norm)
		add(&a, mul(&a, stacks, mul(&a, width, m->norm_bias ? 2 : 1)));
	if (width != m->hidden_size && m->naming == VP_NAMING_OPT) {
		/* OPTDecoder.project_in and project_out, bias=False */
		add(&a, mul(&a, 2, mul(&a, width, m->hidden_size)));
	} else if (width != m->hidden_size || m->naming == VP_NAMING_ALBERT) {
		/* ElectraModel.embeddings_project, built only where the widths
		 * differ; AlbertTransformer builds embedding_hidden_mapping_in
		 * whatever they are (models/albert/modeling_albert.py: no
		 * condition), so a config with embedding_size == hidden_size
		 * has it too (until 2026-12-01 left out: h x h + h parameters,
		 * tests/cli/estimate/albert-square-mapping.sh) */
		add(&a, mul(&a, width, m->hidden_size));
		add(&a, m->hidden_size);
	}
	if ((m->pos == VP_POS_RELATIVE && !is_type(m, "umt5")) || m->naming == VP_NAMING_MPNET)
		add(&a, mul(&a, stacks, mul(&a, m->relative_buckets, m->num_heads)));

	if (m->arch == VP_ARCH_ENCODER) {
		blocks = block_params(m, VP_BLOCK_ENCODER, &a);
		add(&a, mul(&a, vp_model_param_blocks(m), blocks));
		/* ModernBERT's layer 0 has no attn_norm; the sum holds at
		 * least that block's norms */
		if (vp_model_first_block_unnormed(m) && !a.overflow)
			a.v -= norm_size(m, &a);
	} else if (m->arch == VP_ARCH_DECODER) {
		blocks = block_params(m, VP_BLOCK_DECODER, &a);
		add(&a, mul(&a, m->dense_layers < m->num_layers ? m->num_layers - m->dense_layers : 0, blocks));
		/* DeepSeek's first layers, a dense MLP for the experts */
		if (m->dense_layers > 0) {
			blocks = block_params(m, VP_BLOCK_DECODER_DENSE, &a);
			add(&a, mul(&a, m->dense_layers, blocks));
		}
	} else {
		blocks = block_params(m, VP_BLOCK_ENCODER, &a);
		add(&a, mul(&a, m->num_layers, blocks));
		if (decoder) {
			blocks = block_params(m, VP_BLOCK_DECODER, &a);
			add(&a, mul(&a, m->num_decoder_layers, blocks));
		}
	}

	if (m->final_norm)
		add(&a, mul(&a, stacks, norm_size(m, &a)));
	if (m->pooler) { /* BertPooler.dense: hidden x hidden + bias */
		add(&a, mul(&a, m->hidden_size, m->hidden_size));
		add(&a, m->hidden_size);
	}
	if (with_lm_head && !m->tie_embeddings)
		add(&a, mul(&a, m->vocab_size, width));
	if (with_lm_head && m->lm_head_bias)
		add(&a, m->vocab_size);
	add(&a, m->vision_params);

	return a.overflow ? 0 : a.v;
}
