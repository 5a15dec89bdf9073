/*
 * The linear layers of one block, by naming scheme (layers.h).
 *
 * Most schemes are a fixed list of linears: a table below, one row a
 * module, its sizes named by width (hidden, query, key/value...) and its
 * bias by which of the model's three bias switches governs it. The
 * module names and paths are the transformers modeling files' (and Qwen
 * v1's and InternLM2's remote code); each table cites its classes. The
 * schemes whose blocks depend on more than the naming stay code: T5 and
 * BART (the decoder's cross-attention, T5's gated or plain MLP), Llama's
 * mixtures of experts and Mixtral (one linear per expert).
 */
#include "vramplan/layers.h"

#include <stdio.h>
#include <string.h>

#include "vramplan/checked.h"

/* ---- naming schemes ----------------------------------------------------- */

int vp_naming_shape(enum vp_naming n, enum vp_arch *arch)
{
	switch (n) {
	case VP_NAMING_BERT:
	case VP_NAMING_DISTILBERT:
	case VP_NAMING_DEBERTA:
	case VP_NAMING_MPNET:
	case VP_NAMING_ALBERT:
		*arch = VP_ARCH_ENCODER;
		return 0;
	case VP_NAMING_MODERNBERT:
		*arch = VP_ARCH_ENCODER;
		return 2;
	case VP_NAMING_T5:
		*arch = VP_ARCH_ENCDEC;
		return 1;
	case VP_NAMING_BART:
		*arch = VP_ARCH_ENCDEC;
		return 0;
	case VP_NAMING_LLAMA:
	case VP_NAMING_PHI3:
	case VP_NAMING_QWEN:
	case VP_NAMING_MIXTRAL:
	case VP_NAMING_EXAONE:
	case VP_NAMING_INTERNLM2:
	case VP_NAMING_GLM:
	case VP_NAMING_DEEPSEEK:
		*arch = VP_ARCH_DECODER;
		return 2;
	case VP_NAMING_NEOX:
	case VP_NAMING_PHI:
	case VP_NAMING_GPTJ:
	case VP_NAMING_CODEGEN:
	case VP_NAMING_GPTNEO:
	case VP_NAMING_GPT2:
	case VP_NAMING_BLOOM:
	case VP_NAMING_MPT:
	case VP_NAMING_OPT:
	case VP_NAMING_STARCODER2:
		*arch = VP_ARCH_DECODER;
		return 0;
	}
	*arch = VP_ARCH_DECODER;
	return -1;
}

/* ---- building a block's list -------------------------------------------- */

struct lin_builder {
	struct vp_linear *out;
	size_t cap;
	size_t n;
	bool failed;
};

static void put(struct lin_builder *b, enum vp_linear_role role, const char *name,
		const char *path, uint64_t in, uint64_t out, bool bias)
{
	if (b->n >= b->cap) {
		b->failed = true;
		return;
	}
	b->out[b->n].role = role;
	b->out[b->n].name = name;
	b->out[b->n].path = path;
	b->out[b->n].in_features = in;
	b->out[b->n].out_features = out;
	b->out[b->n].bias = bias;
	b->out[b->n].copies = 1;
	b->out[b->n].param_only = false;
	b->n++;
}

/* One linear per expert: `copies` of it, for the tokens routed to each */
static void put_experts(struct lin_builder *b, enum vp_linear_role role, const char *name, const char *path,
			uint64_t in, uint64_t out, uint64_t experts)
{
	put(b, role, name, path, in, out, false);
	if (!b->failed)
		b->out[b->n - 1].copies = experts;
}

struct widths {
	uint64_t h;    /* hidden */
	uint64_t q;    /* heads * head_dim */
	uint64_t kv;   /* kv_heads * head_dim */
	uint64_t qkv;  /* q + 2 kv */
	uint64_t ff;   /* intermediate */
	uint64_t ff2;  /* 2 * intermediate (fused gate_up) */
};

static int compute_widths(const struct vp_model *m, struct widths *w)
{
	uint64_t two_kv;

	w->h = m->hidden_size;
	w->ff = m->intermediate_size;
	if (vp_mul_u64(m->num_heads, m->head_dim, &w->q) ||
	    vp_mul_u64(m->num_kv_heads, m->head_dim, &w->kv) ||
	    vp_mul_u64(w->kv, 2, &two_kv) ||
	    vp_add_u64(w->q, two_kv, &w->qkv) ||
	    vp_mul_u64(w->ff, 2, &w->ff2))
		return -1;
	return 0;
}

/* ---- fixed layouts ------------------------------------------------------ */

enum lin_width { W_H, W_Q, W_KV, W_QKV, W_FF, W_FF2 };
enum lin_bias { B_QKV, B_OUT, B_MLP }; /* qkv_bias, out_bias, mlp_bias */

struct lin_spec {
	enum vp_linear_role role;
	const char *name;
	const char *path;
	enum lin_width in, out;
	enum lin_bias bias;
};

/* The shapes each role has wherever it appears */
#define Q(n, p) {VP_LIN_Q, n, p, W_H, W_Q, B_QKV}
#define K(n, p) {VP_LIN_K, n, p, W_H, W_KV, B_QKV}
#define V(n, p) {VP_LIN_V, n, p, W_H, W_KV, B_QKV}
#define QKV(n, p) {VP_LIN_QKV, n, p, W_H, W_QKV, B_QKV}
#define O(n, p) {VP_LIN_O, n, p, W_Q, W_H, B_OUT}
#define GATE(n, p) {VP_LIN_GATE, n, p, W_H, W_FF, B_MLP}
#define UP(n, p) {VP_LIN_UP, n, p, W_H, W_FF, B_MLP}
#define GATE_UP(n, p) {VP_LIN_GATE_UP, n, p, W_H, W_FF2, B_MLP}
#define DOWN(n, p) {VP_LIN_DOWN, n, p, W_FF, W_H, B_MLP}
/* self_attn.{q,k,v}_proj, as Llama, phi, OPT, StarCoder2 and GLM name them */
#define SELF_ATTN_QKV Q("q_proj", "self_attn.q_proj"), K("k_proj", "self_attn.k_proj"), V("v_proj", "self_attn.v_proj")

/* BertLayer (models/bert/modeling_bert.py; RoBERTa, XLM-R, CamemBERT and
 * ELECTRA copy it) */
static const struct lin_spec bert_layout[] = {
	Q("query", "attention.self.query"), K("key", "attention.self.key"), V("value", "attention.self.value"),
	O("dense", "attention.output.dense"), UP("dense", "intermediate.dense"), DOWN("dense", "output.dense"),
};

/* MPNetLayer (models/mpnet/modeling_mpnet.py): attention.attn.q/k/v/o, then
 * intermediate.dense and output.dense */
static const struct lin_spec mpnet_layout[] = {
	Q("q", "attention.attn.q"), K("k", "attention.attn.k"), V("v", "attention.attn.v"),
	O("o", "attention.attn.o"), UP("dense", "intermediate.dense"), DOWN("dense", "output.dense"),
};

/* DebertaV2Layer (models/deberta_v2/modeling_deberta_v2.py): attention.self
 * query_proj/key_proj/value_proj and attention.output.dense, then
 * intermediate.dense and output.dense (share_att_key: the relative
 * embeddings go through query_proj and key_proj too, no
 * pos_key_proj/pos_query_proj) */
static const struct lin_spec deberta_layout[] = {
	Q("query_proj", "attention.self.query_proj"), K("key_proj", "attention.self.key_proj"),
	V("value_proj", "attention.self.value_proj"), O("dense", "attention.output.dense"),
	UP("dense", "intermediate.dense"), DOWN("dense", "output.dense"),
};

/* TransformerBlock (models/distilbert/modeling_distilbert.py): attention.
 * q_lin/k_lin/v_lin/out_lin, ffn.lin1/lin2 */
static const struct lin_spec distilbert_layout[] = {
	Q("q_lin", "attention.q_lin"), K("k_lin", "attention.k_lin"), V("v_lin", "attention.v_lin"),
	O("out_lin", "attention.out_lin"), UP("lin1", "ffn.lin1"), DOWN("lin2", "ffn.lin2"),
};

/* ModernBertEncoderLayer (models/modernbert/modular_modernbert.py):
 * attn.Wqkv (q, k and v in one projection) and attn.Wo; mlp.Wi (input and
 * gate in one: Wi(x).chunk(2) gives input, gate) and mlp.Wo. "Wo" names
 * both output projections, as PEFT's suffix match finds them. */
static const struct lin_spec modernbert_layout[] = {
	QKV("Wqkv", "attn.Wqkv"), O("Wo", "attn.Wo"),
	GATE_UP("Wi", "mlp.Wi"), DOWN("Wo", "mlp.Wo"),
};

/* AlbertLayer (models/albert/modeling_albert.py), the one block every
 * layer shares: attention.query/key/value/dense, then ffn and ffn_output */
static const struct lin_spec albert_layout[] = {
	Q("query", "attention.query"), K("key", "attention.key"), V("value", "attention.value"),
	O("dense", "attention.dense"), UP("ffn", "ffn"), DOWN("ffn_output", "ffn_output"),
};

/* LlamaDecoderLayer and its copies (Mistral, Qwen2/3, Gemma, StableLM,
 * OLMo, Cohere, Granite...): self_attn.{q,k,v,o}_proj, mlp.{gate,up,down}_proj */
static const struct lin_spec llama_layout[] = {
	SELF_ATTN_QKV, O("o_proj", "self_attn.o_proj"),
	GATE("gate_proj", "mlp.gate_proj"), UP("up_proj", "mlp.up_proj"), DOWN("down_proj", "mlp.down_proj"),
};

/* ExaoneBlock (LGAI-EXAONE modeling_exaone.py): attn.attention.
 * q/k/v/out_proj, ExaoneGatedMLP c_fc_0 (gate), c_fc_1 (up), c_proj (down) */
static const struct lin_spec exaone_layout[] = {
	Q("q_proj", "attn.attention.q_proj"), K("k_proj", "attn.attention.k_proj"),
	V("v_proj", "attn.attention.v_proj"), O("out_proj", "attn.attention.out_proj"),
	GATE("c_fc_0", "mlp.c_fc_0"), UP("c_fc_1", "mlp.c_fc_1"), DOWN("c_proj", "mlp.c_proj"),
};

/* GPTJBlock: attn.{q,k,v,out}_proj, mlp.fc_in and fc_out */
static const struct lin_spec gptj_layout[] = {
	Q("q_proj", "attn.q_proj"), K("k_proj", "attn.k_proj"), V("v_proj", "attn.v_proj"),
	O("out_proj", "attn.out_proj"), UP("fc_in", "mlp.fc_in"), DOWN("fc_out", "mlp.fc_out"),
};

/* CodeGenBlock: GPT-J's, with q, k and v from one attn.qkv_proj */
static const struct lin_spec codegen_layout[] = {
	QKV("qkv_proj", "attn.qkv_proj"), O("out_proj", "attn.out_proj"),
	UP("fc_in", "mlp.fc_in"), DOWN("fc_out", "mlp.fc_out"),
};

/* OPTDecoderLayer: self_attn.{q,k,v,out}_proj, then fc1 and fc2 on the
 * layer itself */
static const struct lin_spec opt_layout[] = {
	SELF_ATTN_QKV, O("out_proj", "self_attn.out_proj"), UP("fc1", "fc1"), DOWN("fc2", "fc2"),
};

/* GPT2Block: GPT2Attention.c_attn is Conv1D(3 * embed_dim, embed_dim), then
 * c_proj; GPT2MLP c_fc and c_proj (GPT-BigCode: the same names as
 * nn.Linear) */
static const struct lin_spec gpt2_layout[] = {
	QKV("c_attn", "attn.c_attn"), O("c_proj", "attn.c_proj"),
	UP("c_fc", "mlp.c_fc"), DOWN("c_proj", "mlp.c_proj"),
};

/* Phi3DecoderLayer: self_attn.qkv_proj and o_proj, mlp.gate_up_proj and
 * down_proj */
static const struct lin_spec phi3_layout[] = {
	QKV("qkv_proj", "self_attn.qkv_proj"), O("o_proj", "self_attn.o_proj"),
	GATE_UP("gate_up_proj", "mlp.gate_up_proj"), DOWN("down_proj", "mlp.down_proj"),
};

/* QWenBlock (remote code): attn.c_attn and c_proj; QWenMLP.forward is
 * w1(x) * silu(w2(x)), so w2 is the gate */
static const struct lin_spec qwen_layout[] = {
	QKV("c_attn", "attn.c_attn"), O("c_proj", "attn.c_proj"),
	UP("w1", "mlp.w1"), GATE("w2", "mlp.w2"), DOWN("c_proj", "mlp.c_proj"),
};

/* GPTNeoXLayer: attention.query_key_value and dense, mlp.dense_h_to_4h and
 * dense_4h_to_h (Falcon's linears have these names under self_attention.) */
static const struct lin_spec neox_layout[] = {
	QKV("query_key_value", "attention.query_key_value"), O("dense", "attention.dense"),
	UP("dense_h_to_4h", "mlp.dense_h_to_4h"), DOWN("dense_4h_to_h", "mlp.dense_4h_to_h"),
};

/* BloomBlock: self_attention.query_key_value and dense, the MLP as NeoX's */
static const struct lin_spec bloom_layout[] = {
	QKV("query_key_value", "self_attention.query_key_value"), O("dense", "self_attention.dense"),
	UP("dense_h_to_4h", "mlp.dense_h_to_4h"), DOWN("dense_4h_to_h", "mlp.dense_4h_to_h"),
};

/* GlmAttention's q/k/v/o_proj, GlmMLP's fused gate_up_proj (gate first:
 * chunk(2) gives gate, up) and down_proj (GLM and GLM-4) */
static const struct lin_spec glm_layout[] = {
	SELF_ATTN_QKV, O("o_proj", "self_attn.o_proj"),
	GATE_UP("gate_up_proj", "mlp.gate_up_proj"), DOWN("down_proj", "mlp.down_proj"),
};

/* MptBlock: MptAttention.Wqkv and out_proj, MptMLP up_proj and down_proj */
static const struct lin_spec mpt_layout[] = {
	QKV("Wqkv", "attn.Wqkv"), O("out_proj", "attn.out_proj"),
	UP("up_proj", "ffn.up_proj"), DOWN("down_proj", "ffn.down_proj"),
};

/* InternLM2Attention.wqkv and wo; InternLM2MLP: w2(act(w1(x)) * w3(x)), so
 * w1 is the gate and w3 the up projection */
static const struct lin_spec internlm2_layout[] = {
	QKV("wqkv", "attention.wqkv"), O("wo", "attention.wo"),
	GATE("w1", "feed_forward.w1"), UP("w3", "feed_forward.w3"), DOWN("w2", "feed_forward.w2"),
};

/* Starcoder2Attention's q/k/v/o_proj, Starcoder2MLP's c_fc and c_proj */
static const struct lin_spec starcoder2_layout[] = {
	SELF_ATTN_QKV, O("o_proj", "self_attn.o_proj"), UP("c_fc", "mlp.c_fc"), DOWN("c_proj", "mlp.c_proj"),
};

/* PhiDecoderLayer: self_attn.{q,k,v}_proj and dense, mlp.fc1 and fc2 */
static const struct lin_spec phi_layout[] = {
	SELF_ATTN_QKV, O("dense", "self_attn.dense"), UP("fc1", "mlp.fc1"), DOWN("fc2", "mlp.fc2"),
};

/* GPTNeoBlock: attn.attention.{q,k,v,out}_proj, mlp.c_fc and c_proj */
static const struct lin_spec gptneo_layout[] = {
	Q("q_proj", "attn.attention.q_proj"), K("k_proj", "attn.attention.k_proj"),
	V("v_proj", "attn.attention.v_proj"), O("out_proj", "attn.attention.out_proj"),
	UP("c_fc", "mlp.c_fc"), DOWN("c_proj", "mlp.c_proj"),
};

#define LAYOUT(naming, table) {naming, table, sizeof table / sizeof table[0]}

static const struct {
	enum vp_naming naming;
	const struct lin_spec *spec;
	size_t n;
} layouts[] = {
	LAYOUT(VP_NAMING_BERT, bert_layout),
	LAYOUT(VP_NAMING_MPNET, mpnet_layout),
	LAYOUT(VP_NAMING_DEBERTA, deberta_layout),
	LAYOUT(VP_NAMING_DISTILBERT, distilbert_layout),
	LAYOUT(VP_NAMING_LLAMA, llama_layout),
	LAYOUT(VP_NAMING_EXAONE, exaone_layout),
	LAYOUT(VP_NAMING_GPTJ, gptj_layout),
	LAYOUT(VP_NAMING_CODEGEN, codegen_layout),
	LAYOUT(VP_NAMING_OPT, opt_layout),
	LAYOUT(VP_NAMING_GPT2, gpt2_layout),
	LAYOUT(VP_NAMING_PHI3, phi3_layout),
	LAYOUT(VP_NAMING_QWEN, qwen_layout),
	LAYOUT(VP_NAMING_NEOX, neox_layout),
	LAYOUT(VP_NAMING_BLOOM, bloom_layout),
	LAYOUT(VP_NAMING_GLM, glm_layout),
	LAYOUT(VP_NAMING_MPT, mpt_layout),
	LAYOUT(VP_NAMING_INTERNLM2, internlm2_layout),
	LAYOUT(VP_NAMING_STARCODER2, starcoder2_layout),
	LAYOUT(VP_NAMING_PHI, phi_layout),
	LAYOUT(VP_NAMING_GPTNEO, gptneo_layout),
	LAYOUT(VP_NAMING_MODERNBERT, modernbert_layout),
	LAYOUT(VP_NAMING_ALBERT, albert_layout),
};

static uint64_t width_of(const struct widths *w, enum lin_width x)
{
	switch (x) {
	case W_H:
		return w->h;
	case W_Q:
		return w->q;
	case W_KV:
		return w->kv;
	case W_QKV:
		return w->qkv;
	case W_FF:
		return w->ff;
	case W_FF2:
		return w->ff2;
	}
	return 0;
}

static bool bias_of(const struct vp_model *m, enum lin_bias x)
{
	return x == B_QKV ? m->qkv_bias : x == B_OUT ? m->out_bias : m->mlp_bias;
}

/* The fixed layout of m's naming, if it has one: put its rows. */
static bool put_layout(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
		if (layouts[i].naming != m->naming)
			continue;
		for (size_t j = 0; j < layouts[i].n; j++) {
			const struct lin_spec *s = &layouts[i].spec[j];
			put(b, s->role, s->name, s->path, width_of(w, s->in), width_of(w, s->out), bias_of(m, s->bias));
		}
		return true;
	}
	return false;
}

/* ---- layouts that depend on more than the naming ------------------------ */

/* T5Block: layer[0] is T5LayerSelfAttention, then (decoder only)
 * T5LayerCrossAttention, then T5LayerFF holding DenseReluDense. */
static void t5_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w,
		     bool decoder)
{
	bool bi = m->qkv_bias, bo = m->out_bias, bm = m->mlp_bias;

	put(b, VP_LIN_Q, "q", "layer.0.SelfAttention.q", w->h, w->q, bi);
	put(b, VP_LIN_K, "k", "layer.0.SelfAttention.k", w->h, w->kv, bi);
	put(b, VP_LIN_V, "v", "layer.0.SelfAttention.v", w->h, w->kv, bi);
	put(b, VP_LIN_O, "o", "layer.0.SelfAttention.o", w->q, w->h, bo);
	if (decoder) {
		put(b, VP_LIN_CROSS_Q, "q", "layer.1.EncDecAttention.q", w->h, w->q, bi);
		put(b, VP_LIN_CROSS_K, "k", "layer.1.EncDecAttention.k", w->h, w->kv, bi);
		put(b, VP_LIN_CROSS_V, "v", "layer.1.EncDecAttention.v", w->h, w->kv, bi);
		put(b, VP_LIN_CROSS_O, "o", "layer.1.EncDecAttention.o", w->q, w->h, bo);
	}
	if (m->gated_mlp) {
		put(b, VP_LIN_GATE, "wi_0",
		    decoder ? "layer.2.DenseReluDense.wi_0" : "layer.1.DenseReluDense.wi_0",
		    w->h, w->ff, bm);
		put(b, VP_LIN_UP, "wi_1",
		    decoder ? "layer.2.DenseReluDense.wi_1" : "layer.1.DenseReluDense.wi_1",
		    w->h, w->ff, bm);
	} else {
		put(b, VP_LIN_UP, "wi",
		    decoder ? "layer.2.DenseReluDense.wi" : "layer.1.DenseReluDense.wi",
		    w->h, w->ff, bm);
	}
	put(b, VP_LIN_DOWN, "wo",
	    decoder ? "layer.2.DenseReluDense.wo" : "layer.1.DenseReluDense.wo",
	    w->ff, w->h, bm);
}

/* BartEncoderLayer / BartDecoderLayer (mBART, Marian, M2M100 and Pegasus
 * are the same). */
static void bart_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w,
		       bool decoder)
{
	bool bi = m->qkv_bias, bo = m->out_bias, bm = m->mlp_bias;

	put(b, VP_LIN_Q, "q_proj", "self_attn.q_proj", w->h, w->q, bi);
	put(b, VP_LIN_K, "k_proj", "self_attn.k_proj", w->h, w->kv, bi);
	put(b, VP_LIN_V, "v_proj", "self_attn.v_proj", w->h, w->kv, bi);
	put(b, VP_LIN_O, "out_proj", "self_attn.out_proj", w->q, w->h, bo);
	if (decoder) {
		put(b, VP_LIN_CROSS_Q, "q_proj", "encoder_attn.q_proj", w->h, w->q, bi);
		put(b, VP_LIN_CROSS_K, "k_proj", "encoder_attn.k_proj", w->h, w->kv, bi);
		put(b, VP_LIN_CROSS_V, "v_proj", "encoder_attn.v_proj", w->h, w->kv, bi);
		put(b, VP_LIN_CROSS_O, "out_proj", "encoder_attn.out_proj", w->q, w->h, bo);
	}
	put(b, VP_LIN_UP, "fc1", "fc1", w->h, w->ff, bm);
	put(b, VP_LIN_DOWN, "fc2", "fc2", w->ff, w->h, bm);
}

/* self_attn.{q,k,v,o}_proj of a mixture of experts' block */
static void put_moe_attention(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	put(b, VP_LIN_Q, "q_proj", "self_attn.q_proj", w->h, w->q, m->qkv_bias);
	put(b, VP_LIN_K, "k_proj", "self_attn.k_proj", w->h, w->kv, m->qkv_bias);
	put(b, VP_LIN_V, "v_proj", "self_attn.v_proj", w->h, w->kv, m->qkv_bias);
	put(b, VP_LIN_O, "o_proj", "self_attn.o_proj", w->q, w->h, m->out_bias);
}

/* Qwen3MoeSparseMoeBlock: mlp.gate (the router), then
 * mlp.experts.N.{gate,up,down}_proj without biases; Qwen2MoeSparseMoeBlock
 * adds mlp.shared_expert (a Qwen2MoeMLP) and mlp.shared_expert_gate */
static void qwen_moe_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	put_moe_attention(b, m, w);
	put(b, VP_LIN_ROUTER, "gate", "mlp.gate", w->h, m->num_experts, false);
	put_experts(b, VP_LIN_GATE, "gate_proj", "mlp.experts.gate_proj", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_UP, "up_proj", "mlp.experts.up_proj", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_DOWN, "down_proj", "mlp.experts.down_proj", w->ff, w->h, m->num_experts);
	if (m->shared_expert_size > 0) {
		uint64_t fs = m->shared_expert_size;

		put(b, VP_LIN_SHARED_GATE, "gate_proj", "mlp.shared_expert.gate_proj", w->h, fs, false);
		put(b, VP_LIN_SHARED_UP, "up_proj", "mlp.shared_expert.up_proj", w->h, fs, false);
		put(b, VP_LIN_SHARED_DOWN, "down_proj", "mlp.shared_expert.down_proj", fs, w->h, false);
		put(b, VP_LIN_SHARED_ROUTER, "shared_expert_gate", "mlp.shared_expert_gate", w->h, 1, false);
	}
}

/* MixtralDecoderLayer: self_attn as Llama's, block_sparse_moe with gate
 * (the router) and experts.N.w1 (gate), w3 (up), w2 (down), all without
 * biases (MixtralBlockSparseTop2MLP) */
static void mixtral_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	put_moe_attention(b, m, w);
	put(b, VP_LIN_ROUTER, "gate", "block_sparse_moe.gate", w->h, m->num_experts, false);
	put_experts(b, VP_LIN_GATE, "w1", "block_sparse_moe.experts.w1", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_UP, "w3", "block_sparse_moe.experts.w3", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_DOWN, "w2", "block_sparse_moe.experts.w2", w->ff, w->h, m->num_experts);
}

/* GptOssDecoderLayer: self_attn.{q,k,v,o}_proj with biases; GptOssMLP's
 * router (GptOssTopKRouter: a weight and a bias) and experts
 * (GptOssExperts: gate_up_proj E x hidden x 2 intermediate with its bias,
 * down_proj E x intermediate x hidden with its bias), parameters rather
 * than nn.Linear modules */
static void gptoss_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	size_t first;

	put_moe_attention(b, m, w);
	first = b->n;
	put(b, VP_LIN_ROUTER, "router", "mlp.router", w->h, m->num_experts, true);
	put_experts(b, VP_LIN_GATE_UP, "gate_up_proj", "mlp.experts.gate_up_proj", w->h, w->ff2, m->num_experts);
	put_experts(b, VP_LIN_DOWN, "down_proj", "mlp.experts.down_proj", w->ff, w->h, m->num_experts);
	for (size_t i = first; !b->failed && i < b->n; i++) {
		b->out[i].param_only = true;
		b->out[i].bias = true;
	}
}

/* GraniteMoeDecoderLayer (and GraniteMoeSharedDecoderLayer, with its
 * shared_mlp): self_attn.{q,k,v,o}_proj (LlamaAttention's,
 * bias=attention_bias); block_sparse_moe.router.layer, an nn.Linear
 * hidden x experts without bias (JetMoeTopKGating); the experts'
 * input_linear (E x 2 intermediate x hidden, gate and up chunked from one
 * product) and output_linear (E x hidden x intermediate), 3-D parameters
 * of GraniteMoeParallelExperts without biases, not nn.Linear modules */
static void granitemoe_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	size_t first;

	put_moe_attention(b, m, w);
	put(b, VP_LIN_ROUTER, "layer", "block_sparse_moe.router.layer", w->h, m->num_experts, false);
	first = b->n;
	put_experts(b, VP_LIN_GATE_UP, "input_linear", "block_sparse_moe.input_linear", w->h, w->ff2,
		    m->num_experts);
	put_experts(b, VP_LIN_DOWN, "output_linear", "block_sparse_moe.output_linear", w->ff, w->h, m->num_experts);
	for (size_t i = first; !b->failed && i < b->n; i++)
		b->out[i].param_only = true;
	if (m->shared_expert_size > 0) {
		/* GraniteMoeSharedMLP: nn.Linear input_linear (hidden x 2
		 * shared_intermediate_size, chunked into gate and up) and
		 * output_linear, without biases */
		uint64_t fs = m->shared_expert_size, fs2;

		if (vp_mul_u64(fs, 2, &fs2)) {
			b->failed = true;
			return;
		}
		put(b, VP_LIN_SHARED_UP, "input_linear", "shared_mlp.input_linear", w->h, fs2, false);
		put(b, VP_LIN_SHARED_DOWN, "output_linear", "shared_mlp.output_linear", fs, w->h, false);
	}
}

/* DeepseekV2Attention (models/deepseek_v2/modular_deepseek_v2.py; V3's
 * is the same): q_proj hidden x heads x qk_head_dim without a bias when
 * q_lora_rank is None, else q_a_proj hidden x q_lora_rank
 * (bias=attention_bias) and q_b_proj q_lora_rank x heads x qk_head_dim;
 * kv_a_proj_with_mqa hidden x (kv_lora_rank + qk_rope_head_dim)
 * (bias=attention_bias); kv_b_proj kv_lora_rank x heads x
 * (qk_nope_head_dim + v_head_dim), no bias; o_proj heads x v_head_dim x
 * hidden (bias=attention_bias). qkv_bias stands for attention_bias. */
static void mla_attention(struct lin_builder *b, const struct vp_model *m, const struct widths *w)
{
	uint64_t kv_a, kv_b, o_in;

	if (vp_add_u64(m->kv_lora_rank, m->rope_head_dim, &kv_a) ||
	    vp_mul_u64(m->num_heads, m->head_dim - m->rope_head_dim + m->v_head_dim, &kv_b) ||
	    vp_mul_u64(m->num_heads, m->v_head_dim, &o_in)) {
		b->failed = true;
		return;
	}
	if (m->q_lora_rank == 0) {
		put(b, VP_LIN_Q, "q_proj", "self_attn.q_proj", w->h, w->q, false);
	} else {
		put(b, VP_LIN_Q, "q_a_proj", "self_attn.q_a_proj", w->h, m->q_lora_rank, m->qkv_bias);
		put(b, VP_LIN_Q_B, "q_b_proj", "self_attn.q_b_proj", m->q_lora_rank, w->q, false);
	}
	put(b, VP_LIN_K, "kv_a_proj_with_mqa", "self_attn.kv_a_proj_with_mqa", w->h, kv_a, m->qkv_bias);
	put(b, VP_LIN_KV_B, "kv_b_proj", "self_attn.kv_b_proj", m->kv_lora_rank, kv_b, false);
	put(b, VP_LIN_O, "o_proj", "self_attn.o_proj", o_in, w->h, m->qkv_bias);
}

/* DeepseekV2DecoderLayer / DeepseekV3DecoderLayer: the attention, then
 * (from layer first_k_dense_replace on) DeepseekV2Moe: mlp.gate, an
 * nn.Linear(hidden, n_routed_experts, bias=False) in V2 and
 * DeepseekV3TopkRouter in V3 (a weight parameter and the
 * e_score_correction_bias buffer, no nn.Linear: PEFT does not reach it);
 * mlp.experts (transformers 5 stores them as Qwen2MoeExperts' and
 * MixtralExperts' 3-D gate_up_proj and down_proj, the 4.x remote code
 * and vLLM as experts.N.{gate,up,down}_proj, which vramplan models as
 * for Qwen2-MoE); mlp.shared_experts.{gate,up,down}_proj, a
 * DeepseekV2MLP of n_shared_experts x moe_intermediate_size. A dense
 * layer has mlp.{gate,up,down}_proj of intermediate_size. */
/* DeepSeek-V3's router, and GLM-4.5's (Glm4MoeTopkRouter, from
 * DeepseekV3TopkRouter in modular_glm4_moe.py): a bare weight. ERNIE
 * 4.5's (ernie4_5_moe) is V2's nn.Linear, in fp32 under a 16-bit load
 * (not under bitsandbytes: vp_linear_kept_in_fp32), its
 * e_score_correction_bias a parameter counted in model.c's block_params */
static bool is_v3(const struct vp_model *m)
{
	return strcmp(m->model_type, "deepseek_v3") == 0 || strcmp(m->model_type, "glm4_moe") == 0;
}

static void deepseek_block(struct lin_builder *b, const struct vp_model *m, const struct widths *w, bool dense)
{
	/* a model whose every layer is dense (first_k_dense_replace >=
	 * num_hidden_layers; hfconfig.c) has no experts: its MLP is
	 * intermediate_size wide in every block */
	uint64_t fs = m->shared_expert_size, fd = dense ? m->dense_intermediate_size : w->ff;

	/* Glm4MoeAttention (GLM-4.5): q/k/v_proj with bias=attention_bias,
	 * o_proj with bias=False (out_bias false) */
	if (vp_model_is_mla(m))
		mla_attention(b, m, w);
	else
		put_moe_attention(b, m, w);
	if (dense || m->num_experts == 0) {
		put(b, VP_LIN_GATE, "gate_proj", "mlp.gate_proj", w->h, fd, false);
		put(b, VP_LIN_UP, "up_proj", "mlp.up_proj", w->h, fd, false);
		put(b, VP_LIN_DOWN, "down_proj", "mlp.down_proj", fd, w->h, false);
		return;
	}
	put(b, VP_LIN_ROUTER, "gate", "mlp.gate", w->h, m->num_experts, false);
	if (!b->failed && is_v3(m))
		b->out[b->n - 1].param_only = true;
	put_experts(b, VP_LIN_GATE, "gate_proj", "mlp.experts.gate_proj", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_UP, "up_proj", "mlp.experts.up_proj", w->h, w->ff, m->num_experts);
	put_experts(b, VP_LIN_DOWN, "down_proj", "mlp.experts.down_proj", w->ff, w->h, m->num_experts);
	if (fs > 0) {
		put(b, VP_LIN_SHARED_GATE, "gate_proj", "mlp.shared_experts.gate_proj", w->h, fs, false);
		put(b, VP_LIN_SHARED_UP, "up_proj", "mlp.shared_experts.up_proj", w->h, fs, false);
		put(b, VP_LIN_SHARED_DOWN, "down_proj", "mlp.shared_experts.down_proj", fs, w->h, false);
	}
}

/* ---- public ------------------------------------------------------------- */

size_t vp_model_block_linears(const struct vp_model *m, enum vp_block_kind kind,
			      struct vp_linear *out, size_t cap)
{
	struct lin_builder b = { out, cap, 0, false };
	struct widths w;
	enum vp_arch want;
	int gate;

	if (m == NULL || out == NULL || compute_widths(m, &w) != 0)
		return 0;
	gate = vp_naming_shape(m->naming, &want);
	if (gate < 0 || want != m->arch || (gate == 0 && m->gated_mlp) ||
	    (gate == 2 && !m->gated_mlp))
		return 0;
	/* an encoder-only model has encoder blocks, a decoder-only one
	 * decoder blocks (and DeepSeek's dense ones), an encoder-decoder
	 * both */
	if (kind == VP_BLOCK_DECODER_DENSE) {
		if (m->naming != VP_NAMING_DEEPSEEK || m->dense_layers == 0)
			return 0;
		deepseek_block(&b, m, &w, true);
		return b.failed ? 0 : b.n;
	}
	if ((m->arch == VP_ARCH_ENCODER && kind != VP_BLOCK_ENCODER) ||
	    (m->arch == VP_ARCH_DECODER && kind != VP_BLOCK_DECODER))
		return 0;

	if (m->naming == VP_NAMING_DEEPSEEK)
		deepseek_block(&b, m, &w, false);
	else if (m->naming == VP_NAMING_T5)
		t5_block(&b, m, &w, kind == VP_BLOCK_DECODER);
	else if (m->naming == VP_NAMING_BART)
		bart_block(&b, m, &w, kind == VP_BLOCK_DECODER);
	else if (m->naming == VP_NAMING_MIXTRAL)
		mixtral_block(&b, m, &w);
	else if (m->naming == VP_NAMING_LLAMA && m->num_experts > 0 && vp_model_is_gpt_oss(m))
		gptoss_block(&b, m, &w);
	else if (m->naming == VP_NAMING_LLAMA && m->num_experts > 0 && vp_model_is_granitemoe(m))
		granitemoe_block(&b, m, &w);
	else if (m->naming == VP_NAMING_LLAMA && m->num_experts > 0)
		qwen_moe_block(&b, m, &w);
	else if (!put_layout(&b, m, &w))
		b.failed = true;
	return b.failed ? 0 : b.n;
}

/* T5's wo (_keep_in_fp32_modules). Not ERNIE 4.5's router: it is listed
 * in _keep_in_fp32_modules_strict alone (modular_ernie4_5_moe.py), which
 * sets the dtype a 16-bit load gives it, while the bitsandbytes quantizers
 * extend modules_to_not_convert with model._keep_in_fp32_modules only
 * (transformers 4.56 modeling_utils.py from_pretrained:
 * preprocess_model(keep_in_fp32_modules=model._keep_in_fp32_modules);
 * transformers 5 quantizer_bnb_8bit.py and _4bit.py read
 * model._keep_in_fp32_modules), so replace_with_bnb_linear quantizes
 * mlp.gate as any nn.Linear */
bool vp_linear_kept_in_fp32(const struct vp_model *m, const struct vp_linear *l)
{
	return m->naming == VP_NAMING_T5 && l->role == VP_LIN_DOWN && strcmp(l->name, "wo") == 0;
}

bool vp_linear_matches(const struct vp_linear *l, const char *target)
{
	size_t plen, tlen;

	if (l == NULL || target == NULL || target[0] == '\0' || l->param_only)
		return false;
	if (l->name != NULL && strcmp(l->name, target) == 0)
		return true;
	if (l->path == NULL)
		return false;
	plen = strlen(l->path);
	tlen = strlen(target);
	if (tlen > plen)
		return false;
	if (tlen == plen)
		return strcmp(l->path, target) == 0;
	return l->path[plen - tlen - 1] == '.' && strcmp(l->path + plen - tlen, target) == 0;
}

/* Room for every linear of a model: three block kinds and the two
 * outside the blocks that vp_model_embed_linears gives at most */
#define MODEL_LINEARS_MAX (3 * VP_BLOCK_LINEARS_MAX + 2)

/* Every linear of the model: its encoder, decoder and dense decoder
 * blocks' (one block of each), then those outside the blocks */
static size_t model_linears(const struct vp_model *m, struct vp_linear out[MODEL_LINEARS_MAX])
{
	static const enum vp_block_kind kinds[] = {VP_BLOCK_ENCODER, VP_BLOCK_DECODER, VP_BLOCK_DECODER_DENSE};
	size_t n = 0;

	for (size_t k = 0; k < 3; k++)
		n += vp_model_block_linears(m, kinds[k], out + n, VP_BLOCK_LINEARS_MAX);
	return n + vp_model_embed_linears(m, out + n, MODEL_LINEARS_MAX - n);
}

bool vp_model_has_linear(const struct vp_model *m, const char *target)
{
	struct vp_linear ls[MODEL_LINEARS_MAX];
	size_t n = model_linears(m, ls);

	for (size_t i = 0; i < n; i++)
		if (vp_linear_matches(&ls[i], target))
			return true;
	return false;
}

/* A parameter-only entry that is a module of its own in the model:
 * the routers (gpt-oss's GptOssTopKRouter mlp.router, DeepSeek-V3's
 * DeepseekV3TopkRouter mlp.gate) and GraniteMoE's experts
 * (GraniteMoeParallelExperts block_sparse_moe.input_linear and
 * output_linear). gpt-oss's gate_up_proj and down_proj are parameters of
 * its mlp.experts, not modules, and no module name reaches them. */
static bool foreign_module(const struct vp_model *m, const struct vp_linear *l)
{
	return l->param_only && (l->role == VP_LIN_ROUTER || vp_model_is_granitemoe(m));
}

const char *vp_model_unwrappable_target(const struct vp_model *m, const char *target)
{
	struct vp_linear ls[MODEL_LINEARS_MAX], probe;
	size_t n;

	if (m == NULL || target == NULL)
		return NULL;
	n = model_linears(m, ls);
	for (size_t i = 0; i < n; i++) {
		if (!foreign_module(m, &ls[i]))
			continue;
		/* matched as PEFT matches a module's key */
		probe = ls[i];
		probe.param_only = false;
		if (vp_linear_matches(&probe, target))
			return ls[i].path;
	}
	return NULL;
}

/* Does `target` name a module that holds the linear at `path` (one of the
 * dotted prefixes of the path), as PEFT matches a module's key
 * (check_target_module_exists: the key equals the target or ends with
 * "." target)? */
static bool names_container(const char *path, const char *target)
{
	size_t tlen = strlen(target);

	if (path == NULL || tlen == 0)
		return false;
	for (const char *dot = strchr(path, '.'); dot != NULL; dot = strchr(dot + 1, '.')) {
		size_t plen = (size_t)(dot - path);

		if (tlen <= plen && memcmp(dot - tlen, target, tlen) == 0 && (tlen == plen || path[plen - tlen - 1] == '.'))
			return true;
	}
	return false;
}

const char *vp_model_container_target(const struct vp_model *m, const char *target)
{
	struct vp_linear ls[MODEL_LINEARS_MAX];
	size_t n;

	if (m == NULL || target == NULL)
		return NULL;
	n = model_linears(m, ls);
	for (size_t i = 0; i < n; i++)
		if (names_container(ls[i].path, target))
			return ls[i].path;
	return NULL;
}

size_t vp_model_embed_linears(const struct vp_model *m, struct vp_linear *out, size_t cap)
{
	uint64_t e, h;
	size_t n = 0;

	if (m == NULL || out == NULL || cap < 2)
		return 0;
	e = vp_model_embed_width(m);
	h = m->hidden_size;
	/* a model as wide as its embeddings has none: OPTDecoder sets
	 * project_in and project_out to None when word_embed_proj_dim ==
	 * hidden_size (opt-125m, opt-1.3b), ElectraModel builds
	 * embeddings_project only when embedding_size != hidden_size;
	 * AlbertTransformer builds embedding_hidden_mapping_in always */
	if (e == 0 || (e == h && m->naming != VP_NAMING_ALBERT))
		return 0;
	if (m->naming == VP_NAMING_OPT && m->arch == VP_ARCH_DECODER) {
		/* models/opt/modeling_opt.py OPTDecoder: project_in
		 * (word_embed_proj_dim -> hidden_size) before the first layer,
		 * project_out (back) after the last, both bias=False; under
		 * OPTForCausalLM their keys are model.decoder.project_in/out */
		out[n++] = (struct vp_linear){VP_LIN_UP, "project_in", "decoder.project_in", e, h, false, 1, false};
		out[n++] = (struct vp_linear){VP_LIN_DOWN, "project_out", "decoder.project_out", h, e, false, 1, false};
	} else if (m->arch == VP_ARCH_ENCODER && m->naming == VP_NAMING_ALBERT) {
		/* models/albert/modeling_albert.py AlbertTransformer:
		 * embedding_hidden_mapping_in = nn.Linear(embedding_size,
		 * hidden_size), key albert.encoder.embedding_hidden_mapping_in */
		out[n++] = (struct vp_linear){VP_LIN_UP, "embedding_hidden_mapping_in",
					      "encoder.embedding_hidden_mapping_in", e, h, true, 1, false};
	} else if (m->arch == VP_ARCH_ENCODER && m->naming == VP_NAMING_BERT) {
		/* models/electra/modeling_electra.py ElectraModel:
		 * embeddings_project = nn.Linear(embedding_size, hidden_size),
		 * key electra.embeddings_project under a task class */
		out[n++] = (struct vp_linear){VP_LIN_UP, "embeddings_project", "embeddings_project", e, h, true, 1, false};
	}
	return n;
}

bool vp_target_unmodelled(const char *target)
{
	const char *seg;

	if (target == NULL)
		return false;
	/* no module name holds these; a regex does */
	if (strpbrk(target, "*+?[](){}|^$\\") != NULL)
		return true;
	/* an all-digit path segment with a module after it indexes a
	 * ModuleList (layers.0.self_attn.q_proj); a bare "5" or a path that
	 * ends at a block (layers.0) names no linear */
	for (seg = target; *seg != '\0';) {
		size_t len = strcspn(seg, ".");
		size_t digits = strspn(seg, "0123456789");

		if (len > 0 && digits == len && seg[len] == '.' && seg[len + 1] != '\0')
			return true;
		seg += len;
		if (*seg == '.')
			seg++;
	}
	return false;
}

void vp_model_linear_names(const struct vp_model *m, char *buf, size_t size)
{
	struct vp_linear ls[MODEL_LINEARS_MAX];
	size_t n, len = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	n = model_linears(m, ls);
	for (size_t i = 0; i < n && len + 1 < size; i++) {
		size_t j;
		if (ls[i].param_only)
			continue;
		/* against the names listed so far: GraniteMoeShared's
		 * shared_mlp.input_linear shares its name with the experts'
		 * parameters before it, which are not listed */
		for (j = 0; j < i && (ls[j].param_only || strcmp(ls[j].name, ls[i].name) != 0); j++)
			;
		if (j < i)
			continue;
		snprintf(buf + len, size - len, "%s%s", len > 0 ? ", " : "", ls[i].name);
		len = strlen(buf);
	}
}

/* ---- bitsandbytes' llm_int8_skip_modules ---------------------------------- */

/* The path of the decoder-only blocks' ModuleList in the causal LM, as
 * named_modules() names it (modeling_gpt2.py GPT2LMHeadModel.transformer.h,
 * modeling_opt.py OPTForCausalLM.model.decoder.layers, ...). */
static const char *decoder_stack(const struct vp_model *m)
{
	static const char *const h[] = {"gpt2", "gpt_bigcode", "bloom", "gptj", "gpt_neo", "codegen",
					 "falcon", "qwen", "exaone", NULL};

	for (size_t i = 0; h[i] != NULL; i++)
		if (strcmp(m->model_type, h[i]) == 0)
			return "transformer.h";
	if (strcmp(m->model_type, "mpt") == 0)
		return "transformer.blocks";
	if (strcmp(m->model_type, "gpt_neox") == 0)
		return "gpt_neox.layers";
	if (strcmp(m->model_type, "opt") == 0)
		return "model.decoder.layers";
	return "model.layers";
}

/* Does transformers leave the module `full` (own name `own`) unquantized
 * for the entry `key`? The union of its two rules, so that a linear either
 * version keeps 16-bit is counted 16-bit (the safe side):
 * transformers 4 (integrations/bitsandbytes.py _replace_with_bnb_linear):
 * `name not in modules_to_not_convert` and not any(`key + "." in
 * current_key_name_str` or `key == current_key_name_str`);
 * transformers 5 (quantizers/quantizers_utils.py should_convert_module):
 * re.match(f"{key}\\.", full_name) or re.match(f"{key}", full_name) or
 * full_name.endswith(key), a key a regular expression matched at the
 * start of the name (only '.' is met here: vp_model_quant_skip refuses
 * the other metacharacters, where '.' matches any character). */
static bool skip_matches(const char *key, const char *full, const char *own)
{
	size_t kl = strlen(key), fl = strlen(full), i;
	char dotted[128];

	if (strcmp(own, key) == 0 || strcmp(full, key) == 0)
		return true;
	if ((size_t)snprintf(dotted, sizeof dotted, "%s.", key) < sizeof dotted && strstr(full, dotted) != NULL)
		return true;
	if (kl <= fl && strcmp(full + fl - kl, key) == 0)
		return true;
	if (kl > fl)
		return false;
	for (i = 0; i < kl; i++)
		if (key[i] != '.' && key[i] != full[i])
			return false;
	return true;
}

/* The bits of one block's linears that `key` leaves 16-bit, each named
 * `stack`.`layer`.`path` */
/* quant_skip's bits (model.h) hold one block's linears */
_Static_assert(VP_BLOCK_LINEARS_MAX <= 16, "model.h quant_skip has 16 bits a block");

static uint16_t skip_bits(const struct vp_model *m, enum vp_block_kind kind, const char *stack, uint64_t layer,
			  const char *key)
{
	struct vp_linear ls[VP_BLOCK_LINEARS_MAX];
	size_t n = vp_model_block_linears(m, kind, ls, VP_BLOCK_LINEARS_MAX);
	uint16_t bits = 0;
	char full[256];

	for (size_t j = 0; j < n; j++) {
		/* bare parameters (gpt-oss's experts) bitsandbytes never quantizes */
		if (ls[j].param_only)
			continue;
		if ((size_t)snprintf(full, sizeof full, "%s.%llu.%s", stack, (unsigned long long)layer, ls[j].path) >=
		    sizeof full)
			continue;
		if (skip_matches(key, full, ls[j].name))
			bits = (uint16_t)(bits | 1u << j);
	}
	return bits;
}

/* The length of key's first all-digit component's start (a layer index),
 * or 0 where it has none */
static size_t layer_component(const char *key)
{
	const char *p = key;

	while (*p != '\0') {
		const char *e = strchr(p, '.');
		size_t len = e != NULL ? (size_t)(e - p) : strlen(p), i;

		for (i = 0; i < len && p[i] >= '0' && p[i] <= '9'; i++)
			;
		if (len > 0 && i == len && p != key)
			return (size_t)(p - key);
		if (e == NULL)
			break;
		p = e + 1;
	}
	return 0;
}

static bool starts_component(const char *key, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(key, prefix, n) == 0 && (key[n] == '\0' || key[n] == '.');
}

/* Modules of a multimodal checkpoint outside its text model */
static bool outside_text_model(const char *key)
{
	static const char *const roots[] = {"vision_tower", "visual", "vision_model", "multi_modal_projector",
					    "audio_tower", "embed_vision", "embed_audio", NULL};

	for (size_t i = 0; roots[i] != NULL; i++) {
		char under[64];

		snprintf(under, sizeof under, "model.%s", roots[i]);
		if (starts_component(key, roots[i]) || starts_component(key, under))
			return true;
	}
	return false;
}

/* Keep the entry that left a linear 16-bit in m->quant_skip_list */
static int note_entry(struct vp_model *m, const char *entry, char *why, size_t size)
{
	size_t used = strlen(m->quant_skip_list), len = strlen(entry);

	if (len + 1 >= sizeof m->quant_skip_list - used) {
		snprintf(why, size, "is past the %zu bytes of entries vramplan keeps", sizeof m->quant_skip_list - 1);
		return -1;
	}
	memcpy(m->quant_skip_list + used, entry, len);
	m->quant_skip_list[used + len] = '\n';
	m->quant_skip_list[used + len + 1] = '\0';
	return 0;
}

int vp_model_quant_skip(struct vp_model *m, const char *entry, char *why, size_t size)
{
	const char *stack, *key = entry;
	size_t at;
	char canon[160];

	if (key[0] == '\0')
		return 0;
	if (strpbrk(key, "*+?[](){}|^$\\") != NULL) {
		snprintf(why, size, "is a regular expression, which vramplan does not match against module names");
		return -1;
	}
	if (strlen(key) > 100) {
		snprintf(why, size, "is longer than the module names vramplan matches");
		return -1;
	}
	if (outside_text_model(key)) {
		/* the tower's linears are counted together (vision_linear_params),
		 * with Mistral 3's projector's (merging_layer, linear_1, linear_2;
		 * unsloth's lists name "multi_modal_projector" beside the tower):
		 * an entry naming part of them keeps all of them 16-bit, the safe
		 * side. Gemma 3's projector holds no nn.Linear (its
		 * mm_input_projection_weight is an nn.Parameter, transformers
		 * models/gemma3/modeling_gemma3.py Gemma3MultiModalProjector):
		 * naming it leaves the tower quantized */
		bool projector_linears = strcmp(m->model_type, "gemma3_text") != 0;

		/* Qwen2-VL's and Qwen2.5-VL's tower, merger included, is
		 * "visual" (model.visual in transformers 4.52 and later,
		 * modeling_qwen2_5_vl.py Qwen2_5_VLModel); no module of Gemma
		 * 3's or Mistral 3's holds the name */
		if (m->vision_linear_params > 0 &&
		    (strstr(key, "vision_tower") != NULL || strstr(key, "visual") != NULL ||
		     (projector_linears && strstr(key, "multi_modal_projector") != NULL))) {
			/* one entry says it all: the others are not kept, so
			 * that a list naming the tower layer by layer does
			 * not fill quant_skip_list */
			if (m->quant_skip_vision)
				return 0;
			m->quant_skip_vision = true;
			return note_entry(m, entry, why, size);
		}
		return 0;
	}
	at = layer_component(key);
	if (at > 0) {
		/* one layer's modules: of a decoder-only model's text stack */
		static const char *const texts[] = {"model.layers", "model.language_model.layers",
						    "language_model.model.layers", NULL};
		const char *digits = key + at, *rest;
		bool text = false;
		size_t i;

		stack = m->arch == VP_ARCH_DECODER ? decoder_stack(m) : NULL;
		for (i = 0; stack != NULL && texts[i] != NULL && !text; i++)
			text = strlen(texts[i]) == at - 1 && strncmp(key, texts[i], at - 1) == 0;
		if (stack != NULL && !text)
			text = strlen(stack) == at - 1 && strncmp(key, stack, at - 1) == 0;
		if (!text) {
			snprintf(why, size, "names one layer's modules under '%.*s', which vramplan does not read as %s",
				 (int)(at - 1), key,
				 stack != NULL ? "the text model's layers" : "this model's blocks (only a decoder-only "
									      "model's layers are read)");
			return -1;
		}
		i = strspn(digits, "0123456789");
		rest = digits + i;
		if (layer_component(rest) > 0 || (*rest != '\0' && rest[1] >= '0' && rest[1] <= '9')) {
			snprintf(why, size, "names a module inside a layer by a second index (one expert of a "
					    "mixture), which vramplan does not count apart");
			return -1;
		}
		/* transformers 5 matches the entry as a prefix of the names
		 * (re.match): "model.layers.3" names layers 30 to 39 too; the
		 * loop below judges every layer */
		snprintf(canon, sizeof canon, "%s.%s", stack, digits);
		key = canon;
	}
	/* every block's linears the entry names */
	if (m->arch == VP_ARCH_DECODER) {
		unsigned any = 0;

		/* a multimodal class's text stack, as transformers 4.52 and
		 * later (Gemma3Model, Mistral3Model: model.language_model) and
		 * earlier releases (language_model.model) name it: an entry
		 * naming the text model whole ("language_model") leaves its
		 * linears 16-bit there, which the causal LM's name alone does
		 * not show */
		static const char *const mm[] = {"model.language_model.layers", "language_model.model.layers"};

		stack = decoder_stack(m);
		for (uint64_t i = 0; i < m->num_layers && i < VP_QUANT_SKIP_LAYERS; i++) {
			enum vp_block_kind kind = i < m->dense_layers ? VP_BLOCK_DECODER_DENSE : VP_BLOCK_DECODER;
			uint16_t bits = skip_bits(m, kind, stack, i, key);

			for (size_t k = 0; m->vision_params > 0 && k < sizeof mm / sizeof mm[0]; k++)
				bits = (uint16_t)(bits | skip_bits(m, kind, mm[k], i, key));

			m->quant_skip[i] = (uint16_t)(m->quant_skip[i] | bits);
			any |= bits;
		}
		if (any != 0 && m->num_layers > VP_QUANT_SKIP_LAYERS) {
			snprintf(why, size, "names modules of a model of %llu layers; vramplan reads the list for "
					    "models of at most %d layers",
				 (unsigned long long)m->num_layers, VP_QUANT_SKIP_LAYERS);
			return -1;
		}
		return any != 0 ? note_entry(m, entry, why, size) : 0;
	}
	{
		/* T5's stacks are encoder.block and decoder.block, BART's
		 * model.encoder.layers, an encoder's (bert.)encoder.layer */
		const char *enc = m->naming == VP_NAMING_T5 ? "encoder.block"
				  : m->arch == VP_ARCH_ENCDEC ? "model.encoder.layers"
							       : "encoder.layer";
		const char *dec = m->naming == VP_NAMING_T5 ? "decoder.block" : "model.decoder.layers";
		uint16_t e = skip_bits(m, VP_BLOCK_ENCODER, enc, 0, key);
		uint16_t d = m->arch == VP_ARCH_ENCDEC ? skip_bits(m, VP_BLOCK_DECODER, dec, 0, key) : 0;

		m->quant_skip_enc = (uint16_t)(m->quant_skip_enc | e);
		m->quant_skip_dec = (uint16_t)(m->quant_skip_dec | d);
		if ((e | d) != 0)
			return note_entry(m, entry, why, size);
	}
	return 0;
}

/*
 * The nn.Linears of a multimodal model's vision tower and projector
 * (model.h vision_layers), one layer's with count[] the layers, then the
 * projector's with count 1. PixtralAttention and PixtralMLP
 * (models/pixtral/modeling_pixtral.py) and Mistral3MultiModalProjector
 * (models/mistral3/modeling_mistral3.py) for Mistral 3; SiglipAttention and
 * SiglipMLP (models/siglip/modeling_siglip.py) for Gemma 3, whose projector
 * holds no nn.Linear; the visual blocks' and the merger's for Qwen2-VL and
 * Qwen2.5-VL (below). The names and paths PEFT matches a target against
 * (vp_linear_matches); parameters.c tower_adapters counts their adapters,
 * and resolve.c and trainconfig.c name them when a target reaches only
 * them. None when the shapes are not known (vision_layers 0).
 */
size_t vp_model_vision_linears(const struct vp_model *m, struct vp_linear out[VP_VISION_LINEARS_MAX],
			       double count[VP_VISION_LINEARS_MAX])
{
	uint64_t h = m->vision_hidden_size, f = m->vision_intermediate_size, th = m->hidden_size, merged, wide;
	double layers = (double)m->vision_layers;
	size_t k = 0;

	if (m->vision_layers == 0)
		return 0;
	if (strcmp(m->model_type, "qwen2") == 0) {
		/* Qwen2-VL's and Qwen2.5-VL's visual (transformers
		 * models/qwen2_vl/modeling_qwen2_vl.py VisionAttention, VisionMlp,
		 * PatchMerger; models/qwen2_5_vl/modeling_qwen2_5_vl.py
		 * Qwen2_5_VLVisionAttention, Qwen2_5_VLMLP(config, bias=True),
		 * Qwen2_5_VLPatchMerger): every block's attn.qkv (h -> 3h) and
		 * attn.proj, then fc1/fc2 or the gated MLP, every one with a
		 * bias; the merger's mlp, nn.Sequential(Linear(hm, hm), GELU,
		 * Linear(hm, out)) with hm = h x spatial_merge_size^2, whose
		 * modules are named "0" and "2". patch_embed is an nn.Conv3d,
		 * which all-linear does not take. qkv is no VP_LIN_QKV: PEFT's
		 * q_proj does not reach it, and it is adapted whole or not at
		 * all (parameters.c vp_est_lora_adapter_params' slices are
		 * litgpt's, of a text model's fused projection) */
		bool v25 = strncmp(m->architecture, "Qwen2_5_VL", 10) == 0;
		uint64_t width = m->vision_out_size > 0 ? m->vision_out_size : th;

		out[k] = (struct vp_linear){VP_LIN_Q, "qkv", "attn.qkv", h, 3 * h, true, 1, false};
		count[k++] = layers;
		out[k] = (struct vp_linear){VP_LIN_O, "proj", "attn.proj", h, h, true, 1, false};
		count[k++] = layers;
		if (v25) {
			out[k] = (struct vp_linear){VP_LIN_GATE, "gate_proj", "mlp.gate_proj", h, f, true, 1, false};
			count[k++] = layers;
			out[k] = (struct vp_linear){VP_LIN_UP, "up_proj", "mlp.up_proj", h, f, true, 1, false};
			count[k++] = layers;
			out[k] = (struct vp_linear){VP_LIN_DOWN, "down_proj", "mlp.down_proj", f, h, true, 1, false};
			count[k++] = layers;
		} else {
			out[k] = (struct vp_linear){VP_LIN_UP, "fc1", "mlp.fc1", h, f, true, 1, false};
			count[k++] = layers;
			out[k] = (struct vp_linear){VP_LIN_DOWN, "fc2", "mlp.fc2", f, h, true, 1, false};
			count[k++] = layers;
		}
		/* a shape too large to hold leaves the merger out */
		if (m->vision_merge_size > (UINT64_C(1) << 20) ||
		    vp_mul_u64(h, m->vision_merge_size * m->vision_merge_size, &merged))
			merged = 0;
		if (merged > 0) {
			out[k] = (struct vp_linear){VP_LIN_UP, "0", "merger.mlp.0", merged, merged, true, 1, false};
			count[k++] = 1.0;
			out[k] = (struct vp_linear){VP_LIN_DOWN, "2", "merger.mlp.2", merged, width, true, 1, false};
			count[k++] = 1.0;
		}
		return k;
	}
	if (strcmp(m->model_type, "mistral") == 0) {
		static const struct {
			enum vp_linear_role role;
			const char *name, *path;
			bool wide;
		} pix[] = {
			{VP_LIN_Q, "q_proj", "attention.q_proj", false},
			{VP_LIN_K, "k_proj", "attention.k_proj", false},
			{VP_LIN_V, "v_proj", "attention.v_proj", false},
			{VP_LIN_O, "o_proj", "attention.o_proj", false},
			{VP_LIN_GATE, "gate_proj", "feed_forward.gate_proj", true},
			{VP_LIN_UP, "up_proj", "feed_forward.up_proj", true},
		};

		for (size_t i = 0; i < sizeof pix / sizeof pix[0]; i++, k++) {
			out[k] = (struct vp_linear){pix[i].role, pix[i].name, pix[i].path, h, pix[i].wide ? f : h, false, 1,
						    false};
			count[k] = layers;
		}
		out[k] = (struct vp_linear){VP_LIN_DOWN, "down_proj", "feed_forward.down_proj", f, h, false, 1, false};
		count[k++] = layers;
		/* a shape too large to hold leaves the projector out */
		if (m->vision_merge_size > (UINT64_C(1) << 20) ||
		    vp_mul_u64(h, m->vision_merge_size * m->vision_merge_size, &merged) ||
		    vp_mul_u64(h, m->vision_feature_layers, &wide))
			merged = wide = 0;
		if (merged > 0 && wide > 0) {
			out[k] = (struct vp_linear){VP_LIN_UP, "merging_layer",
						    "multi_modal_projector.patch_merger.merging_layer", merged, h, false, 1,
						    false};
			count[k++] = 1.0;
			out[k] = (struct vp_linear){VP_LIN_UP, "linear_1", "multi_modal_projector.linear_1", wide, th, false,
						    1, false};
			count[k++] = 1.0;
			out[k] = (struct vp_linear){VP_LIN_DOWN, "linear_2", "multi_modal_projector.linear_2", th, th, false,
						    1, false};
			count[k++] = 1.0;
		}
		return k;
	}
	static const struct {
		enum vp_linear_role role;
		const char *name, *path;
	} sig[] = {
		{VP_LIN_Q, "q_proj", "self_attn.q_proj"},
		{VP_LIN_K, "k_proj", "self_attn.k_proj"},
		{VP_LIN_V, "v_proj", "self_attn.v_proj"},
		{VP_LIN_O, "out_proj", "self_attn.out_proj"},
	};

	for (size_t i = 0; i < sizeof sig / sizeof sig[0]; i++, k++) {
		out[k] = (struct vp_linear){sig[i].role, sig[i].name, sig[i].path, h, h, true, 1, false};
		count[k] = layers;
	}
	out[k] = (struct vp_linear){VP_LIN_UP, "fc1", "mlp.fc1", h, f, true, 1, false};
	count[k++] = layers;
	out[k] = (struct vp_linear){VP_LIN_DOWN, "fc2", "mlp.fc2", f, h, true, 1, false};
	count[k++] = layers;
	return k;
}

const char *vp_model_vision_target(const struct vp_model *m, const char *target)
{
	struct vp_linear ls[VP_VISION_LINEARS_MAX];
	double count[VP_VISION_LINEARS_MAX];
	size_t n = vp_model_vision_linears(m, ls, count);

	for (size_t i = 0; i < n; i++)
		if (vp_linear_matches(&ls[i], target))
			return ls[i].path;
	return NULL;
}
