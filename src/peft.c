#include "vramplan/peft.h"

#include <stddef.h>
#include <string.h>

/*
 * PEFT's TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING, for the
 * model types vramplan reads (huggingface/peft, src/peft/utils/constants.py,
 * as of commit 00073fe85ca7):
 *
 *     "t5": ["q", "v"],                 "mt5": ["q", "v"],
 *     "bart": ["q_proj", "v_proj"],     "gpt2": ["c_attn"],
 *     "gpt_bigcode": ["c_attn"],
 *     "bloom": ["query_key_value"],     "gpt_neox": ["query_key_value"],
 *     "mpt": ["Wqkv"],
 *     "falcon": ["query_key_value"],    "opt": ["q_proj", "v_proj"],
 *     "bert": ["query", "value"],       "roberta": ["query", "value"],
 *     "xlm-roberta": ["query", "value"],
 *     "electra": ["query", "value"], "gptj": ["q_proj", "v_proj"],
 *     "gpt_neo": ["q_proj", "v_proj"], "codegen": ["qkv_proj"],
 *     "deberta-v2": ["query_proj", "value_proj"],
 *     "llama": ["q_proj", "v_proj"],    "mistral": ["q_proj", "v_proj"],
 *     "stablelm": ["q_proj", "v_proj"], "phi": ["q_proj", "v_proj", "fc1", "fc2"],
 *     "gemma": ["q_proj", "v_proj"],    "gemma2": ["q_proj", "v_proj"],
 *     "gemma3_text": ["q_proj", "v_proj"],
 *     "qwen2": ["q_proj", "v_proj"],    "qwen3": ["q_proj", "v_proj"],
 *     "mixtral": ["q_proj", "v_proj"]
 *     (a public summary of constants.py adds qwen2_moe and qwen3_moe, and
 *     phi3; the source at that commit, which also has llama4 and the OSF
 *     and WaveFT mappings of late 2025, has none of them, so they keep the
 *     fallback with its warning, as phi3 does: until 2026-12-01 the two
 *     MoE types were called PEFT's default),
 *
 * Note phi: PEFT's default adds the MLP's fc1 and fc2.
 *
 * camembert, xlm-roberta-xl, distilbert, umt5, mbart, marian, m2m_100,
 * pegasus, qwen (v1), phi3, exaone (remote code), exaone4, mpnet,
 * starcoder2, cohere, cohere2, granite, glm, glm4, olmoe, smollm3, seed_oss, hunyuan_v1_dense,
 * modernbert, gpt_oss, qwen2_moe, qwen3_moe, phimoe, granitemoe, granitemoeshared, albert, internlm2 (remote code), deepseek_v2, deepseek_v3 and glm4_moe are not in the mapping; PEFT refuses a LoraConfig without
 * target_modules for them ("Please specify `target_modules` in
 * `peft_config`"). The fallbacks below are the query and value projections
 * under each family's module names (CamemBERT's and XLM-R XL's
 * query/value, RoBERTa's names, and ALBERT's AlbertAttention query/value; DistilBERT's q_lin/v_lin, which LoRA runs
 * on it name; UMT5Attention.q/.v; MBartAttention, MarianAttention,
 * M2M100Attention, PegasusAttention, Starcoder2Attention, CohereAttention,
 * GraniteAttention, GlmAttention, OlmoeAttention, SmolLM3Attention,
 * SeedOssAttention, HunYuanDenseV1Attention, GptOssAttention, PhimoeAttention and
 * GraniteMoeAttention q_proj/v_proj; Qwen v1's fused
 * attn.c_attn, InternLM2's fused attention.wqkv, Phi-3's fused
 * self_attn.qkv_proj, MPNetSelfAttention.q/.v, which SetFit-style LoRA runs
 * target; ModernBertAttention's fused attn.Wqkv, as MPT's Wqkv; DeepSeek's
 * multi-head latent attention has no v_proj: its query projection, q_proj
 * or, with a q latent, q_b_proj, and kv_b_proj, which makes k's
 * non-rotary part and v from the latent). A later summary of constants.py lists phi3 with qkv_proj,
 * o_proj, gate_up_proj and down_proj; unverified in the source, so Phi-3
 * keeps the fallback and its note.
 */
static const struct {
	const char *model_type;
	const char *targets;
	bool peft_default;
} lora_defaults[] = {
	{"t5", "q,v", true},
	{"mt5", "q,v", true},
	{"bart", "q_proj,v_proj", true},
	{"gpt2", "c_attn", true},
	{"gpt_bigcode", "c_attn", true},
	{"bloom", "query_key_value", true},
	{"mpt", "Wqkv", true},
	{"gpt_neox", "query_key_value", true},
	{"falcon", "query_key_value", true},
	{"opt", "q_proj,v_proj", true},
	{"bert", "query,value", true},
	{"roberta", "query,value", true},
	{"xlm-roberta", "query,value", true},
	{"electra", "query,value", true},
	{"gptj", "q_proj,v_proj", true},
	{"codegen", "qkv_proj", true},
	{"gpt_neo", "q_proj,v_proj", true},
	{"deberta-v2", "query_proj,value_proj", true},
	{"llama", "q_proj,v_proj", true},
	{"mistral", "q_proj,v_proj", true},
	{"stablelm", "q_proj,v_proj", true},
	{"phi", "q_proj,v_proj,fc1,fc2", true},
	{"gemma", "q_proj,v_proj", true},
	{"gemma2", "q_proj,v_proj", true},
	{"gemma3_text", "q_proj,v_proj", true},
	{"qwen2", "q_proj,v_proj", true},
	{"qwen3", "q_proj,v_proj", true},
	{"mixtral", "q_proj,v_proj", true},
	/* not in PEFT's mapping */
	{"camembert", "query,value", false},
	{"xlm-roberta-xl", "query,value", false},
	{"distilbert", "q_lin,v_lin", false},
	{"umt5", "q,v", false},
	{"mbart", "q_proj,v_proj", false},
	{"qwen", "c_attn", false},
	{"phi3", "qkv_proj", false},
	{"exaone", "q_proj,v_proj", false},
	{"exaone4", "q_proj,v_proj", false},
	{"mpnet", "q,v", false},
	{"marian", "q_proj,v_proj", false},
	{"m2m_100", "q_proj,v_proj", false},
	{"pegasus", "q_proj,v_proj", false},
	{"starcoder2", "q_proj,v_proj", false},
	{"cohere", "q_proj,v_proj", false},
	{"cohere2", "q_proj,v_proj", false},
	{"granite", "q_proj,v_proj", false},
	{"internlm2", "wqkv", false},
	{"glm", "q_proj,v_proj", false},
	{"glm4", "q_proj,v_proj", false},
	{"olmoe", "q_proj,v_proj", false},
	{"qwen2_moe", "q_proj,v_proj", false},
	{"qwen3_moe", "q_proj,v_proj", false},
	{"smollm3", "q_proj,v_proj", false},
	{"seed_oss", "q_proj,v_proj", false},
	{"hunyuan_v1_dense", "q_proj,v_proj", false},
	{"modernbert", "Wqkv", false},
	{"gpt_oss", "q_proj,v_proj", false},
	{"phimoe", "q_proj,v_proj", false},
	{"granitemoe", "q_proj,v_proj", false},
	{"granitemoeshared", "q_proj,v_proj", false},
	{"albert", "query,value", false},
};

#define N_DEFAULTS (sizeof lora_defaults / sizeof lora_defaults[0])

/* The most common names, for a model type this table does not know. */
#define FALLBACK_TARGETS "q_proj,v_proj"

static int find(const struct vp_model *m)
{
	size_t i;

	if (m == NULL)
		return -1;
	for (i = 0; i < N_DEFAULTS; i++) {
		if (strcmp(m->model_type, lora_defaults[i].model_type) == 0)
			return (int)i;
	}
	return -1;
}

const char *vp_default_lora_targets(const struct vp_model *m)
{
	int i = find(m);

	/* (GLM-4.5's attention has no latents: q_proj and v_proj, the
	 * fallback) */
	if (m != NULL && m->naming == VP_NAMING_DEEPSEEK && vp_model_is_mla(m))
		return m->q_lora_rank > 0 ? "q_b_proj,kv_b_proj" : "q_proj,kv_b_proj";
	return i >= 0 ? lora_defaults[i].targets : FALLBACK_TARGETS;
}

/*
 * PEFT looks its defaults up under model.config.model_type
 * (LoraModel._prepare_adapter_config), which for a multimodal checkpoint is
 * the composite's: gemma3 (Gemma3ForConditionalGeneration), mistral3,
 * qwen2_vl or qwen2_5_vl, not the text model's gemma3_text, mistral or
 * qwen2 that vramplan estimates, and the mapping has none of them (src/peft/utils/constants.py), so PEFT raises "Please
 * specify `target_modules` in `peft_config`". Until 2026-12-01 the plan
 * called q_proj,v_proj PEFT's default for these checkpoints.
 */
const char *vp_peft_model_type(const struct vp_model *m)
{
	if (m == NULL)
		return "";
	if (m->vision_params > 0 && strcmp(m->model_type, "gemma3_text") == 0)
		return "gemma3";
	if (m->vision_params > 0 && strcmp(m->model_type, "mistral") == 0)
		return "mistral3";
	/* Qwen2-VL's and Qwen2.5-VL's text model is read as qwen2; the
	 * architecture names which (Qwen2VLForConditionalGeneration,
	 * Qwen2_5_VLForConditionalGeneration) */
	if (m->vision_params > 0 && strncmp(m->architecture, "Qwen2_5_VL", 10) == 0)
		return "qwen2_5_vl";
	if (m->vision_params > 0 && strncmp(m->architecture, "Qwen2VL", 7) == 0)
		return "qwen2_vl";
	return m->model_type;
}

bool vp_peft_has_default_targets(const struct vp_model *m)
{
	int i = find(m);

	return i >= 0 && lora_defaults[i].peft_default && (m == NULL || m->vision_params == 0);
}
