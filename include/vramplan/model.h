#ifndef VRAMPLAN_MODEL_H
#define VRAMPLAN_MODEL_H

/*
 * The architecture descriptor of a transformer: every number the estimator
 * needs, filled either from the YAML catalogue (catalog.c) or from a Hugging
 * Face config.json (hfconfig.c). Both readers start from
 * vp_model_init_family(), which sets the traits that a model_type implies
 * (norm kind, biases, module names), and then apply the file's numbers.
 *
 * The struct owns no heap memory: it can be copied with `=`.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vramplan/error.h"

#define VP_NAME_MAX 64
#define VP_TEXT_MAX 256
#define VP_MAX_ALIASES 12

enum vp_arch {
	VP_ARCH_ENCODER = 0, /* BERT, RoBERTa, XLM-R */
	VP_ARCH_DECODER,     /* Llama, Mistral, Qwen, GPT-NeoX, phi, GPT-2, BLOOM, Gemma, StarCoder2 */
	VP_ARCH_ENCDEC       /* T5, mT5, BART, mBART */
};

enum vp_norm {
	VP_NORM_LAYER = 0, /* LayerNorm: weight and (if norm_bias) bias */
	VP_NORM_RMS        /* RMSNorm (T5 LayerNorm is an RMSNorm): weight only */
};

enum vp_act {
	VP_ACT_GELU = 0, /* gelu, gelu_pytorch_tanh: one fused kernel */
	VP_ACT_RELU,
	VP_ACT_SILU,
	VP_ACT_GELU_NEW  /* gelu_new: the tanh formula in Python ops (T5 v1.1 gated-gelu, GPT-2, phi) */
};

/* The dtype the checkpoint is stored in (config.json `dtype`, formerly
 * `torch_dtype`). transformers >= 5 loads a model in it unless
 * from_pretrained is told otherwise (huggingface/transformers#42805,
 * dtype="auto" by default); before 5 the default was float32. It does not
 * change the estimate (the precision does); the plan says what it means. */
enum vp_dtype {
	VP_DTYPE_UNKNOWN = 0,
	VP_DTYPE_FP32,
	VP_DTYPE_FP16,
	VP_DTYPE_BF16
};

enum vp_posenc {
	VP_POS_LEARNED = 0, /* a position embedding table of max_positions rows */
	VP_POS_ROTARY,      /* rotary (RoPE) on rotary_fraction of each head */
	VP_POS_RELATIVE,    /* T5 relative attention bias: buckets x heads, first block */
	VP_POS_ALIBI,       /* BLOOM: a bias added to the scores, no parameters */
	/* DeBERTa-v2/v3: relative-position embeddings of 2 x rel_span rows,
	 * shared by the blocks, which project them with their own query and
	 * key projections (content-to-position, position-to-content); an
	 * absolute table of max_positions rows besides when that is not 0 */
	VP_POS_DISENTANGLED,
	/* Marian, M2M100/NLLB: a fixed sinusoidal table added to the
	 * embeddings, which nothing trains. Marian keeps it as a frozen
	 * parameter (MarianSinusoidalPositionalEmbedding, an nn.Embedding
	 * with requires_grad False) of max_positions rows per stack, which
	 * num_parameters() counts; M2M100 as a buffer (max_positions 0). */
	VP_POS_SINUSOIDAL
};

/*
 * Module naming scheme of a family, used to match LoRA targets
 * (q_proj, c_attn, query_key_value, wi_0, ...). See vp_model_linear_name().
 */
enum vp_naming {
	VP_NAMING_BERT = 0, /* query key value attention.output.dense intermediate.dense output.dense */
	VP_NAMING_LLAMA,    /* q_proj k_proj v_proj o_proj gate_proj up_proj down_proj */
	VP_NAMING_T5,       /* q k v o wi_0 wi_1 (wi when not gated) wo */
	VP_NAMING_BART,     /* q_proj k_proj v_proj out_proj fc1 fc2 */
	VP_NAMING_NEOX,     /* query_key_value dense dense_h_to_4h dense_4h_to_h */
	VP_NAMING_PHI,      /* q_proj k_proj v_proj dense fc1 fc2 */
	VP_NAMING_PHI3,     /* qkv_proj o_proj gate_up_proj down_proj */
	VP_NAMING_GPT2,     /* c_attn c_proj c_fc c_proj (Conv1D) */
	VP_NAMING_QWEN,     /* c_attn c_proj w1 w2 c_proj (Qwen v1) */
	VP_NAMING_BLOOM,    /* query_key_value dense dense_h_to_4h dense_4h_to_h */
	VP_NAMING_OPT,      /* q_proj k_proj v_proj out_proj fc1 fc2 (decoder-only) */
	VP_NAMING_MIXTRAL,  /* Llama attention; block_sparse_moe.gate, experts w1 w3 w2 */
	VP_NAMING_DISTILBERT, /* q_lin k_lin v_lin out_lin ffn.lin1 ffn.lin2 */
	VP_NAMING_EXAONE,    /* attn.attention.{q,k,v,out}_proj, mlp.c_fc_0 c_fc_1 c_proj */
	VP_NAMING_GPTJ,      /* attn.q_proj k_proj v_proj out_proj, mlp.fc_in fc_out */
	VP_NAMING_GPTNEO,    /* attn.attention.q_proj k_proj v_proj out_proj, mlp.c_fc c_proj */
	VP_NAMING_DEBERTA,   /* query_proj key_proj value_proj attention.output.dense intermediate.dense output.dense */
	VP_NAMING_MPNET,     /* attention.attn.q k v o, intermediate.dense, output.dense */
	VP_NAMING_STARCODER2, /* self_attn.q_proj k_proj v_proj o_proj, mlp.c_fc c_proj */
	VP_NAMING_INTERNLM2, /* attention.wqkv wo, feed_forward.w1 w3 w2 (remote code) */
	VP_NAMING_MPT,       /* attn.Wqkv out_proj, ffn.up_proj down_proj */
	VP_NAMING_GLM,       /* self_attn.q_proj k_proj v_proj o_proj, mlp.gate_up_proj down_proj */
	VP_NAMING_CODEGEN,   /* attn.qkv_proj out_proj, mlp.fc_in fc_out */
	VP_NAMING_MODERNBERT, /* attn.Wqkv attn.Wo, mlp.Wi mlp.Wo */
	VP_NAMING_ALBERT,    /* attention.query key value dense, ffn, ffn_output */
	/* DeepSeek-V2/V3: self_attn.q_proj (or q_a_proj, q_b_proj),
	 * kv_a_proj_with_mqa, kv_b_proj, o_proj; mlp.gate (the router),
	 * mlp.experts.N.{gate,up,down}_proj, mlp.shared_experts.{gate,up,down}_proj;
	 * a dense layer's mlp.{gate,up,down}_proj. GLM-4.5 (glm4_moe) has
	 * the same MoE block and dense first layers under the same names,
	 * with self_attn.{q,k,v,o}_proj for the attention (kv_lora_rank 0) */
	VP_NAMING_DEEPSEEK
};

struct vp_model {
	char name[VP_NAME_MAX];           /* catalogue key, e.g. "mt5" */
	char hf_id[128];                  /* e.g. "csebuetnlp/mT5_multilingual_XLSum" */
	char model_type[32];              /* HF model_type, e.g. "mt5" */
	/* The family an unmodelled model_type was read as ("llama"), when its
	 * config has a Llama decoder's keys (hfconfig.c llama_clone); "" when
	 * vramplan models the model_type itself. */
	char read_as[32];
	char aliases[VP_MAX_ALIASES][VP_NAME_MAX];
	size_t n_aliases;
	char source[VP_TEXT_MAX];         /* where the architecture numbers came from */
	/* The class the checkpoint was saved as (config.json architectures[0],
	 * e.g. "XLMRobertaModel", "T5EncoderModel"); "" when unknown. It picks
	 * the head a fine-tune gets by default (heads.c). */
	char architecture[64];
	enum vp_dtype stored_dtype;       /* the checkpoint's dtype; VP_DTYPE_UNKNOWN when not said */
	/* The quantization the checkpoint is stored in (config.json's
	 * quantization_config, or the catalogue's stored_quant), as --quant
	 * spells it ("nf4", "nf4-dq", "int8", "gptq-int4"); "" for weights
	 * stored unquantized. Such weights load quantized and cannot train:
	 * the CLI plans LoRA over them. stored_quant_how says how the config
	 * put it, for the notes. */
	char stored_quant[16];
	char stored_quant_how[64];
	/* The block linears the checkpoint's quantization leaves 16-bit:
	 * bitsandbytes' llm_int8_skip_modules (unsloth's "dynamic 4-bit"
	 * checkpoints list whole layers' parts, "model.layers.0.mlp",
	 * "model.layers.1.self_attn.o_proj"), resolved by
	 * vp_model_quant_skip() as transformers matches module names. Bit j
	 * of quant_skip[i] is linear j of vp_model_block_linears() of
	 * decoder-only layer i (of its kind: VP_BLOCK_DECODER_DENSE below
	 * dense_layers); quant_skip_enc of every encoder block, quant_skip_dec
	 * of every decoder block of an encoder-decoder model; quant_skip_vision
	 * a multimodal Gemma 3's vision tower (vision_linear_params). All 0
	 * for a checkpoint without the list. quant_skip_list: the entries
	 * that leave a linear 16-bit, each ended by a newline, as `import`
	 * writes them (quant_skip_modules) and the catalogue reads them back. */
#define VP_QUANT_SKIP_LAYERS 256
	uint16_t quant_skip[VP_QUANT_SKIP_LAYERS]; /* a block has at most 16 linears (layers.h) */
	uint16_t quant_skip_enc;
	uint16_t quant_skip_dec;
	bool quant_skip_vision;
	char quant_skip_list[1024];
	/* The classes of a checkpoint saved as a classifier
	 * (...ForSequenceClassification, ...ForTokenClassification): config.json
	 * num_labels, else the entries of id2label; 0 = not said or not a
	 * classifier. The default --num-labels for such a checkpoint. */
	uint64_t num_labels;
#define VP_MAX_LABELS UINT64_C(1000000) /* the most classes a classifier may have */
	uint64_t params_published;        /* count from the model card/paper; 0 = unknown */
	char params_source[VP_TEXT_MAX];

	enum vp_arch arch;
	enum vp_naming naming;
	enum vp_norm norm;
	enum vp_act act;
	enum vp_posenc pos;

	uint64_t hidden_size;        /* d_model */
	/* ELECTRA: the width of the embeddings, which ElectraModel's
	 * embeddings_project (a Linear) widens to hidden_size when the two
	 * differ (ELECTRA-small: 128 -> 256); 0 = hidden_size */
	uint64_t embedding_size;
	uint64_t intermediate_size;  /* width of the MLP's hidden layer (d_ff) */
	uint64_t vocab_size;
	uint64_t num_layers;         /* blocks; for encoder-decoder the encoder's */
	uint64_t num_decoder_layers; /* encoder-decoder only, else 0 */
	uint64_t num_heads;
	uint64_t num_kv_heads;       /* GQA/MQA; equals num_heads without it */
	uint64_t head_dim;           /* per-head width (T5 d_kv); often hidden/heads */
	uint64_t max_positions;      /* rows of a learned position table (0 = none) */
	/* The context the model was trained for where no position table
	 * bounds the length (rotary, ALiBi): config.json's
	 * max_position_embeddings, or its family's key for it
	 * (vp_model_context_key); 0 = unknown, or bounded by max_positions.
	 * A longer sequence runs, but past what the model learned: a soft
	 * limit (vp_model_context_tokens), which the CLI warns about. */
	uint64_t context_tokens;
	/* config.json has a rope_scaling (or a non-default
	 * rope_parameters): the context above is the scaled one, as the
	 * release states it (Llama 3.1's 131072 from 8192 trained) */
	bool rope_scaled;
	uint64_t type_vocab_size;    /* BERT token-type rows (0 = none) */
	uint64_t relative_buckets;   /* T5 (and MPNet) relative-attention buckets (0 = none) */
	/* DeBERTa (VP_POS_DISENTANGLED): the attention span P (position_buckets,
	 * else max_relative_positions), which attention terms run
	 * (pos_att_type c2p, p2c), and whether a LayerNorm normalizes the
	 * relative embeddings (norm_rel_ebd "layer_norm") */
	uint64_t rel_span;
	/* The span a sliding-window layer attends to (config.json
	 * sliding_window; 0 = every layer attends to the whole sequence).
	 * Below it transformers builds no mask (vp_model_masks_window). */
	uint64_t sliding_window;
	/* Of num_layers, the layers that attend to the whole sequence when
	 * sliding_window is set (ModernBERT's global layers, every
	 * global_attn_every_n_layers-th): SDPA gets no mask there unless
	 * the batch is padded. 0 = every layer slides, or (where a family
	 * mixes them) the estimate counts a mask in every layer, the safe
	 * side. */
	uint64_t full_attn_layers;
	bool rel_c2p;
	bool rel_p2c;
	bool rel_norm;
	/* A mixture of experts in every block (Mixtral, Qwen3-MoE): the MLP is
	 * num_experts gated MLPs of intermediate_size, a router picks
	 * experts_per_token of them for each token. 0 and 0 for a dense MLP. */
	uint64_t num_experts;
	uint64_t experts_per_token;
	/* Gemma 3's multimodal checkpoints (Gemma3ForConditionalGeneration,
	 * model_type gemma3 with a gemma3_text text_config) and Mistral Small
	 * 3.1/3.2's (Mistral3ForConditionalGeneration, model_type mistral3
	 * with a mistral text_config): the parameters of the vision tower
	 * (SigLIP, Pixtral) and the multimodal projector loaded beside the
	 * text model. A text-only batch never runs them: counted
	 * in the weights, never in gradients, optimizer states or
	 * activations (0 for a text model). */
	uint64_t vision_params;
	/* ... of which the weights of the nn.Linear layers (q, k, v,
	 * out_proj, fc1, fc2 of every SigLIP layer; q, k, v, o_proj, gate,
	 * up, down_proj of every Pixtral layer and Mistral 3's projector's
	 * merging_layer, linear_1 and linear_2), which bitsandbytes quantizes
	 * with the text model's; biases, the patch convolution, the position
	 * table, norms and Gemma 3's projector matrix (an nn.Parameter) stay
	 * in the unquantized parts' dtype */
	uint64_t vision_linear_params;
	/* The tower's shapes, for the LoRA adapters PEFT puts on its linears
	 * where all-linear or a target name reaches them (parameters.c
	 * tower_adapters): its width, MLP width and layers (vision_config
	 * hidden_size, intermediate_size, num_hidden_layers; SigLIP's q, k,
	 * v, out_proj of h x h and fc1, fc2 of h x f, Pixtral's q, k, v,
	 * o_proj of h x h and gate, up, down_proj of h x f), and Mistral 3's
	 * projector's spatial_merge_size and vision_feature_layer count
	 * (merging_layer h x merge^2 -> h, linear_1 h x features -> the text
	 * width, linear_2 text width squared; 0 and 0 for Gemma 3, whose
	 * projector holds no nn.Linear). vision_layers 0: not known (a
	 * catalogue entry without them), and no tower adapter is counted.
	 * Qwen2-VL's and Qwen2.5-VL's (a qwen2 text model; the architecture,
	 * Qwen2VL... or Qwen2_5_VL..., says which tower): vision_config
	 * embed_dim or hidden_size, embed_dim x mlp_ratio or
	 * intermediate_size, depth; attn.qkv h -> 3h, attn.proj h x h and
	 * fc1, fc2 (Qwen2-VL) or gate, up, down_proj (Qwen2.5-VL) of h x f;
	 * vision_merge_size is their spatial_merge_size (the merger's mlp.0,
	 * h merge^2 squared) and vision_out_size the merger's output width
	 * (mlp.2, h merge^2 -> out: Qwen2.5-VL's out_hidden_size, Qwen2-VL's
	 * vision_config.hidden_size; 0 = the text width, as in every
	 * published checkpoint). No feature layers. */
	uint64_t vision_hidden_size;
	uint64_t vision_intermediate_size;
	uint64_t vision_layers;
	uint64_t vision_merge_size;
	uint64_t vision_feature_layers;
	uint64_t vision_out_size;
	/* Qwen2-MoE: a shared expert, a gated MLP this wide that every token
	 * runs through beside the routed ones, scaled by a sigmoid gate (0 =
	 * none); GraniteMoeShared's shared_mlp (shared_intermediate_size),
	 * added to the experts' output without a gate */
	uint64_t shared_expert_size;
	/* DeepSeek-V2/V3's first layers (first_k_dense_replace) have a dense
	 * gated MLP of dense_intermediate_size (config.json
	 * intermediate_size) where the others have the experts
	 * (intermediate_size is then the experts' width,
	 * moe_intermediate_size). 0 and 0 where every layer is alike. */
	uint64_t dense_layers;
	uint64_t dense_intermediate_size;
	/* Multi-head latent attention (DeepSeek-V2/V3's DeepseekV2Attention):
	 * kv_a_proj_with_mqa projects to kv_lora_rank + rope_head_dim, an
	 * RMSNorm over the kv_lora_rank part, kv_b_proj back up to heads x
	 * (head_dim - rope_head_dim + v_head_dim); q through q_a_proj,
	 * an RMSNorm and q_b_proj when q_lora_rank is set, else q_proj.
	 * head_dim is q's and k's (qk_nope_head_dim + qk_rope_head_dim),
	 * v_head_dim v's. kv_lora_rank 0: no latent attention (the other
	 * three are then 0). */
	uint64_t q_lora_rank;
	uint64_t kv_lora_rank;
	uint64_t rope_head_dim;
	uint64_t v_head_dim;

	bool gated_mlp;       /* SwiGLU / gated-GELU: gate, up and down matrices */
	bool qkv_bias;        /* q/k/v projections carry a bias */
	bool out_bias;        /* attention output projection carries a bias */
	bool mlp_bias;        /* MLP linears carry biases */
	bool norm_bias;       /* LayerNorm has a bias (never for RMS) */
	bool lm_head_bias;    /* phi */
	bool tie_embeddings;  /* LM head shares the input embedding matrix */
	bool parallel_block;  /* GPT-NeoX/phi: attention and MLP read the same input */
	bool pooler;          /* BERT-style pooler (dense hidden x hidden) */
	bool embed_norm;      /* a norm right after the embeddings (BERT, BART, BLOOM) */
	bool final_norm;      /* a norm after the last block (pre-LN models, T5) */
	bool logit_softcap;   /* Gemma-2: logits divided, tanh, multiplied */
	bool attn_softcap;    /* Gemma-2: eager attention's scores divided, tanh, multiplied */
	bool scale_embed_copy; /* Gemma: embeddings multiplied by sqrt(hidden) in a new tensor */
	bool clip_qkv;        /* OLMo, MPT: q/k/v clamped to +-clip_qkv after their projection */
	/* A mixture of experts whose config asks for the routers' logits
	 * (output_router_logits: true): the causal LM then adds the
	 * load-balancing loss over every layer's (vp_train.router_aux_loss) */
	bool output_router_logits;
	/* PhiMoE's input_jitter_noise above 0 (Phi-3.5-MoE: 0.01): in
	 * training the sparse MoE block multiplies its input in place by a
	 * uniform noise tensor (hidden_states *= torch.empty_like(...)
	 * .uniform_(...)), which the in-place product keeps for backward */
	bool moe_input_jitter;
	/* GLM-4.5's use_qk_norm (Glm4MoeAttention: q_norm and k_norm,
	 * RMSNorms over head_dim, when the config sets it; GLM-4.5 and
	 * GLM-4.6 do, GLM-4.5-Air does not). Other families' q/k norms
	 * follow from their model_type (vp_model_qk_norm); only glm4_moe
	 * reads this. */
	bool qk_norm;
	/* ALBERT: every layer runs the same block's parameters (one group of
	 * one layer, AlbertTransformer's albert_layer_groups[0]): the
	 * parameters, their gradient and their optimizer states are one
	 * block's, the activations num_layers blocks' */
	bool shared_layers;
	/* config.json's use_cache: false. Left true (PretrainedConfig's
	 * default for every language model), a forward outside training and
	 * checkpointing builds a KV cache (vp_estimate_eval) */
	bool no_cache;
	double rotary_fraction; /* share of head_dim that is rotated (phi, NeoX 0.5) */
	double hidden_dropout;  /* dropout after attention/MLP outputs and embeddings */
	double attn_dropout;    /* dropout on attention probabilities */
	double act_dropout;     /* dropout inside the MLP after the activation (BART, T5) */
};

/* Zero *m and set the traits implied by an HF model_type. Returns 0, or -1
 * (with err filled, mentioning the supported list) for an unknown type. */
int vp_model_init_family(struct vp_model *m, const char *model_type, struct vp_error *err);

/* The sliding window a model_type's family has when its config does not
 * say (the windowed releases: Mistral-7B-v0.1, Gemma 2, Gemma 3's local
 * layers, EXAONE 4.0 32B), else 0. */
uint64_t vp_model_default_sliding_window(const char *model_type);

/* Does the model build its attention masks as 4-D tensors in training
 * whatever the batch (a multimodal Gemma 3, not Mistral 3: Gemma3Model passes
 * token_type_ids to create_causal_mask_mapping, whose bidirectional
 * or_mask_function masking_utils can only materialize), so that SDPA gets
 * a mask even for packed samples? */
bool vp_model_masks_always(const struct vp_model *m);

/* Of num_layers, the layers that attend to the whole sequence beside
 * sliding-window ones: the descriptor's full_attn_layers, else the
 * family's layer pattern where transformers alternates them
 * (Gemma2Config's every second layer, Gemma3TextConfig's every sixth,
 * sliding_window_pattern; Cohere2Config's, Exaone4Config's and
 * Olmo3Config's every fourth), else 0. 0 without a sliding window. */
uint64_t vp_model_full_attn_layers(const struct vp_model *m);

/* Does a sequence of this many tokens make the model build a
 * sliding-window mask? transformers skips the mask below the window
 * (masking_utils _ignore_causal_mask_sdpa: kv_length <
 * local_attention_size). */
bool vp_model_masks_window(const struct vp_model *m, uint64_t seq_len);

/* The model_type strings vp_model_init_family() accepts, NULL-terminated. */
extern const char *const vp_model_types[];

/* torch's name of a stored dtype ("float32", "float16", "bfloat16"), or
 * NULL for VP_DTYPE_UNKNOWN. */
const char *vp_dtype_name(enum vp_dtype d);

/* The dtype a torch dtype name stands for, as config.json writes it
 * ("bfloat16", also with a "torch." prefix); any other name (float8
 * variants, "auto") is VP_DTYPE_UNKNOWN. */
enum vp_dtype vp_dtype_from_torch_name(const char *s);

/* Check that the numbers are present and consistent (heads divide, kv heads
 * divide heads, ...). Fills err naming the field; returns 0 or -1. */
int vp_model_validate(const struct vp_model *m, struct vp_error *err);

/* The same, with messages naming a field as the reader's file does: namer
 * gets the descriptor's field name ("num_layers") and value and returns the
 * file's key ("num_hidden_layers"), or NULL for the field's own name. */
typedef const char *(*vp_field_namer)(const char *field, uint64_t value, const void *ctx);
int vp_model_validate_named(const struct vp_model *m, vp_field_namer namer, const void *ctx,
			    struct vp_error *err);

/* Does one norm feed both branches of a parallel block (phi, StableLM with
 * use_parallel_residual, Falcon's multi-query models), rather than one norm
 * per branch (GPT-NeoX, Falcon's new_decoder_architecture ln_attn/ln_mlp,
 * told apart here by their grouped k/v heads)? */
bool vp_model_single_block_norm(const struct vp_model *m);

/* Does the attention normalize q and k after their projections, and over
 * what: each head (an RMSNorm over head_dim: Qwen3, Qwen3-MoE, Gemma 3) or
 * the whole projection (an RMSNorm over heads x head_dim: OLMo 2)? */
enum vp_qk_norm {
	VP_QK_NORM_NONE = 0,
	VP_QK_NORM_PER_HEAD,
	VP_QK_NORM_FULL
};
enum vp_qk_norm vp_model_qk_norm(const struct vp_model *m);

/* Does each sublayer's output pass through a norm of its own before the
 * residual add (Gemma-2's post_attention_layernorm and
 * post_feedforward_layernorm, beside the pre-norms)? */
bool vp_model_sandwich_norms(const struct vp_model *m);

/* Does the RMSNorm scale in fp32 (GemmaRMSNorm: _norm(x.float()) * (1.0 +
 * weight.float()), then cast), so that a trained weight keeps the fp32
 * normalized input for its gradient rather than a 16-bit one (Llama's
 * weight * x.to(input_dtype))? */
bool vp_model_norm_scales_in_fp32(const struct vp_model *m);

/* The LM head module's name, as a LoRA target names it (lm_head, GPT-NeoX's
 * embed_out, InternLM2's output). */
const char *vp_model_lm_head_name(const struct vp_model *m);

/* Is the LayerNorm written out in fp32 ops rather than F.layer_norm
 * (CohereLayerNorm: x.float(), mean, (x - mean).pow(2).mean(), (x - mean) *
 * rsqrt(var + eps), weight.float() * that), so that autograd keeps the
 * two fp32 (x - mean) tensors instead of the input with its mean and rstd? */
bool vp_model_norm_unfused(const struct vp_model *m);

/* Does the MLP's output pass through the hidden dropout before the
 * residual add? Not XLM-R XL's (XLMRobertaXLOutput: dense, then the add). */
bool vp_model_mlp_output_dropout(const struct vp_model *m);

/* Is the first block's attention norm absent (ModernBertEncoderLayer:
 * attn_norm is nn.Identity in layer 0, whose input is the embeddings'
 * LayerNorm output already)? */
bool vp_model_first_block_unnormed(const struct vp_model *m);

/* The parameters an encoder's LM head adds to the base model before its
 * tied decoder: the transform's dense and LayerNorm, and the decoder's
 * bias (BertPredictionHeadTransform; ModernBertPredictionHead's dense
 * without a bias, its norm without one where norm_bias is off). */
uint64_t vp_model_mlm_transform_params(const struct vp_model *m);

/* Is the model gpt-oss's (models/gpt_oss/modular_gpt_oss.py): its experts
 * 3-D parameters of GptOssExperts and its router GptOssTopKRouter's
 * weight and bias, not nn.Linear modules (PEFT's target_modules and
 * all-linear do not reach them, bitsandbytes does not quantize them); the
 * experts' clamped GLU (gate and up interleaved in one projection); a
 * learned sink logit per head in the attention, whose eager softmax runs
 * in the scores' dtype; no SDPA path (_supports_sdpa False)? */
bool vp_model_is_gpt_oss(const struct vp_model *m);
/* Is the model GraniteMoE's (models/granitemoe/modular_granitemoe.py;
 * GraniteMoeShared's, models/granitemoeshared/, adds shared_mlp):
 * its experts input_linear and output_linear 3-D parameters of
 * GraniteMoeParallelExperts (PEFT's target_modules and all-linear do not
 * reach them, bitsandbytes does not quantize them), its router
 * block_sparse_moe.router.layer an nn.Linear? */
bool vp_model_is_granitemoe(const struct vp_model *m);
/* Are the experts parameters a module multiplies with itself rather than
 * nn.Linear modules (gpt-oss, GraniteMoE), so that bitsandbytes leaves
 * them unquantized? */
bool vp_model_experts_are_parameters(const struct vp_model *m);
/* Does the attention project through latents (kv_lora_rank > 0,
 * DeepSeek-V2/V3's multi-head latent attention)? */
bool vp_model_is_mla(const struct vp_model *m);

/* The decoder layers whose MLP is a mixture of experts: num_layers less
 * the dense ones (dense_layers); 0 without experts. */
uint64_t vp_model_moe_layers(const struct vp_model *m);
/* Does the causal LM return its routers' logits, and add the
 * load-balancing loss when output_router_logits asks (Mixtral's,
 * Qwen-MoE's, OLMoE's, ERNIE 4.5's: Ernie4_5_MoeForCausalLM is
 * MixtralForCausalLM's), rather than drop them (DeepSeek's and GLM-4.5's
 * are LlamaForCausalLM's)? */
bool vp_model_router_logits_out(const struct vp_model *m);
/* Are the router's logits fp32 whatever the compute dtype (ERNIE 4.5:
 * self.gate(hidden_states.float()) under autocast disabled)? */
bool vp_model_router_fp32(const struct vp_model *m);

/* T5-family weights overflow fp16 activations (model.c): training in fp16
 * turns the loss to nan. */
bool vp_model_overflows_fp16(const struct vp_model *m);

/* Do the norms have parameters? Not OLMo's (OlmoLayerNorm: no weight, no
 * bias), which neither count nor train. */
bool vp_model_norm_parameters(const struct vp_model *m);

/* Does the LayerNorm run over an fp32 copy of its input, whatever the
 * residual stream's dtype (OlmoLayerNorm: F.layer_norm(x.to(float32))),
 * so that the input it keeps for backward is 4 bytes an element? */
bool vp_model_norm_input_fp32(const struct vp_model *m);

/* Are the blocks post-norm (BERT, ALBERT, DistilBERT, DeBERTa-v2, MPNet,
 * BART without a final norm): each sublayer's LayerNorm taking the
 * residual sum, its output the next sublayer's input and residual? A
 * final norm marks pre-LN blocks among BERT's (XLM-R XL) and BART's
 * (mBART) names. */
bool vp_model_post_norm(const struct vp_model *m);

/* Does a torch LayerNorm's output enter the residual stream: an embedding
 * LayerNorm (BERT's, BART's layernorm_embedding, BLOOM's
 * word_embeddings_layernorm, ModernBERT's embeddings.norm) or post-norm
 * blocks? Under autocast F.layer_norm returns fp32, and fp32 + 16-bit
 * residual adds stay fp32, so the stream is fp32 over 16-bit weights.
 * Not a norm that casts its output back to the input's dtype (OLMo's
 * LayerNorm, CohereLayerNorm) nor an RMSNorm. */
bool vp_model_layernorm_in_residual(const struct vp_model *m);

/* The blocks whose parameters a stack of num_layers holds: 1 where every
 * layer shares one (shared_layers, ALBERT), else num_layers. */
uint64_t vp_model_param_blocks(const struct vp_model *m);

/* The width of the token, position and token-type embeddings: the
 * embedding_size of an ELECTRA model, else hidden_size. */
uint64_t vp_model_embed_width(const struct vp_model *m);

/* The most tokens one sequence can have: the rows of a position table
 * that transformers indexes without growing it (learned positions,
 * Marian's and Pegasus's sinusoidal tables, DeBERTa's absolute one), less
 * the rows its position ids skip; 0 where nothing bounds the length
 * (rotary, relative, ALiBi, M2M100's table that grows). */
uint64_t vp_model_max_tokens(const struct vp_model *m);

/* The soft context limit: the tokens the model was trained to attend
 * over (context_tokens), where nothing harder bounds a sequence; 0 where
 * the position table does (vp_model_max_tokens) or the context is not
 * known (T5's relative buckets, a config without the key). */
uint64_t vp_model_context_tokens(const struct vp_model *m);

/* The config.json key that holds a model_type's context:
 * "max_position_embeddings", GPT-J's and CodeGen's "n_positions", Qwen
 * v1's "seq_length", MPT's "max_seq_len". */
const char *vp_model_context_key(const struct vp_model *m);

/* Does eager attention compute q.k^T in fp32 from fp32 copies of q and k,
 * whatever the model's dtype (GPTJAttention._attn and
 * GPTNeoSelfAttention._attn cast query and key with .to(torch.float32))? */
bool vp_model_eager_qk_fp32(const struct vp_model *m);

/* Does the causal-LM head cast its logits to fp32 in the model's forward
 * (GPTJForCausalLM: lm_head(hidden_states).to(torch.float32)), so that the
 * logits the step keeps are fp32? */
bool vp_model_logits_fp32(const struct vp_model *m);

/* The parameters of a model that no training updates: Marian's frozen
 * sinusoidal position tables (with_decoder: both stacks'), and a
 * multimodal Gemma 3's or Mistral 3's vision tower and projector (vision_params), which
 * text-only batches never reach. They are in vp_model_param_count_parts();
 * 0 for every other model. */
uint64_t vp_model_frozen_param_count(const struct vp_model *m, bool with_decoder);

/* Parameter count of the whole model (embeddings, blocks, heads), from the
 * architecture alone. Uses checked arithmetic; returns 0 on overflow. */
uint64_t vp_model_param_count(const struct vp_model *m);

/* The parameters a task loads: without the decoder stack (the encoder-only
 * class of an encoder-decoder model, T5EncoderModel) and without an untied LM
 * head (a classifier or a bare encoder has none). Same arithmetic; 0 on
 * overflow. */
uint64_t vp_model_param_count_parts(const struct vp_model *m, bool with_decoder, bool with_lm_head);

#endif
