/*
 * PEFT's default LoRA targets: the table against PEFT's own mapping, and
 * every default against the model's real module names (each target must
 * name at least one linear of every catalogue model of that family, or
 * PEFT would raise "Target modules ... not found in the base model").
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vramplan/catalog.h"
#include "vramplan/layers.h"
#include "vramplan/model.h"
#include "vramplan/peft.h"
#include "vramplan/train.h"

static void family(struct vp_model *m, const char *type)
{
	struct vp_error err = {0};

	if (vp_model_init_family(m, type, &err) != 0)
		fail_msg("init_family(%s): %s", type, err.message);
}

/*
 * huggingface/peft src/peft/utils/constants.py (commit 00073fe85ca7),
 * TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING, the entries of the
 * model types vramplan reads.
 */
static void defaults_should_be_peft_mapping(void **state)
{
	static const struct {
		const char *type;
		const char *targets;
	} peft[] = {
		{"t5", "q,v"},
		{"mt5", "q,v"},
		{"bart", "q_proj,v_proj"},
		{"gpt2", "c_attn"},
		{"bloom", "query_key_value"},
		{"mpt", "Wqkv"},
		{"codegen", "qkv_proj"},
		{"gpt_neox", "query_key_value"},
		{"bert", "query,value"},
		{"roberta", "query,value"},
		{"xlm-roberta", "query,value"},
		{"gpt_bigcode", "c_attn"},
		{"llama", "q_proj,v_proj"},
		{"mistral", "q_proj,v_proj"},
		{"stablelm", "q_proj,v_proj"},
		{"phi", "q_proj,v_proj,fc1,fc2"},
		{"gemma", "q_proj,v_proj"},
		{"gemma2", "q_proj,v_proj"},
		{"gemma3_text", "q_proj,v_proj"},
		{"qwen2", "q_proj,v_proj"},
		{"qwen3", "q_proj,v_proj"},
	};
	struct vp_model m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof peft / sizeof peft[0]; i++) {
		family(&m, peft[i].type);
		assert_string_equal(vp_default_lora_targets(&m), peft[i].targets);
		assert_true(vp_peft_has_default_targets(&m));
	}
}

/* Not in PEFT's mapping: PEFT asks for target_modules; vramplan assumes
 * the query and value projections. */
static void types_without_peft_default_should_say_so(void **state)
{
	static const struct {
		const char *type;
		const char *targets;
	} fallback[] = {
		{"camembert", "query,value"},
		{"distilbert", "q_lin,v_lin"},
		{"umt5", "q,v"},
		{"mbart", "q_proj,v_proj"},
		{"marian", "q_proj,v_proj"},
		{"m2m_100", "q_proj,v_proj"},
		{"exaone4", "q_proj,v_proj"},
		{"starcoder2", "q_proj,v_proj"},
		{"cohere", "q_proj,v_proj"},
		{"granite", "q_proj,v_proj"},
		{"internlm2", "wqkv"},
		{"qwen", "c_attn"},
		{"phi3", "qkv_proj"},
		{"qwen2_moe", "q_proj,v_proj"},
		{"qwen3_moe", "q_proj,v_proj"},
	};
	struct vp_model m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof fallback / sizeof fallback[0]; i++) {
		family(&m, fallback[i].type);
		assert_string_equal(vp_default_lora_targets(&m), fallback[i].targets);
		assert_false(vp_peft_has_default_targets(&m));
	}
}

static void every_supported_type_should_have_an_entry(void **state)
{
	struct vp_model m;
	size_t i;

	(void)state;
	for (i = 0; vp_model_types[i] != NULL; i++) {
		family(&m, vp_model_types[i]);
		assert_non_null(vp_default_lora_targets(&m));
		/* the fallback for an unknown type is q_proj,v_proj; every known
		 * type must be in the table, which the two tests above pin */
		assert_true(vp_default_lora_targets(&m)[0] != '\0');
	}
}

static void unknown_or_null_model_should_get_a_usable_list(void **state)
{
	struct vp_model m;
	struct vp_train t;
	struct vp_error err = {0};

	(void)state;
	memset(&m, 0, sizeof m);
	strcpy(m.model_type, "not-a-family");
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,v_proj");
	assert_false(vp_peft_has_default_targets(&m));
	assert_string_equal(vp_default_lora_targets(NULL), "q_proj,v_proj");
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, vp_default_lora_targets(NULL), &err), 0);
}

/* PEFT reads the checkpoint's model.config.model_type: a multimodal Gemma 3
 * or Mistral 3 (vision_params, estimated as its text model gemma3_text or
 * mistral) is gemma3 or mistral3, which PEFT's mapping lacks, so it asks
 * for target_modules; a text-only Gemma 3 1B (gemma3_text) has the
 * default. */
static void a_multimodal_checkpoint_should_have_no_peft_default(void **state)
{
	struct vp_model m;

	(void)state;
	family(&m, "gemma3_text");
	assert_true(vp_peft_has_default_targets(&m));
	assert_string_equal(vp_peft_model_type(&m), "gemma3_text");
	m.vision_params = 1000;
	assert_false(vp_peft_has_default_targets(&m));
	assert_string_equal(vp_peft_model_type(&m), "gemma3");
	assert_string_equal(vp_default_lora_targets(&m), "q_proj,v_proj");
	family(&m, "mistral");
	m.vision_params = 1000;
	assert_false(vp_peft_has_default_targets(&m));
	assert_string_equal(vp_peft_model_type(&m), "mistral3");
	family(&m, "qwen2");
	assert_true(vp_peft_has_default_targets(&m));
	m.vision_params = 1000;
	snprintf(m.architecture, sizeof m.architecture, "Qwen2_5_VLForConditionalGeneration");
	assert_false(vp_peft_has_default_targets(&m));
	assert_string_equal(vp_peft_model_type(&m), "qwen2_5_vl");
	snprintf(m.architecture, sizeof m.architecture, "Qwen2VLForConditionalGeneration");
	assert_string_equal(vp_peft_model_type(&m), "qwen2_vl");
}

static bool target_matches(const struct vp_model *m, const char *target)
{
	static const enum vp_block_kind kinds[] = {VP_BLOCK_ENCODER, VP_BLOCK_DECODER};
	struct vp_linear lin[VP_BLOCK_LINEARS_MAX];
	size_t k, i, n;

	for (k = 0; k < 2; k++) {
		n = vp_model_block_linears(m, kinds[k], lin, VP_BLOCK_LINEARS_MAX);
		for (i = 0; i < n; i++)
			if (vp_linear_matches(&lin[i], target))
				return true;
	}
	return false;
}

static void defaults_should_name_real_modules(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	size_t i, j;

	(void)state;
	if (vp_catalog_load_builtin(&cat, &err) != 0)
		fail_msg("catalogue: %s", err.message);
	assert_true(cat.n_models > 0);
	for (i = 0; i < cat.n_models; i++) {
		const struct vp_model *m = &cat.models[i];
		struct vp_train t;

		vp_train_defaults(&t);
		if (vp_train_set_lora_targets(&t, vp_default_lora_targets(m), &err) != 0)
			fail_msg("%s: %s", m->name, err.message);
		assert_true(t.n_lora_targets > 0);
		for (j = 0; j < t.n_lora_targets; j++) {
			if (!target_matches(m, t.lora_targets[j]))
				fail_msg("%s (%s): default target '%s' names no linear", m->name, m->model_type,
					 t.lora_targets[j]);
		}
	}
	vp_catalog_free(&cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_should_be_peft_mapping),
		cmocka_unit_test(types_without_peft_default_should_say_so),
		cmocka_unit_test(every_supported_type_should_have_an_entry),
		cmocka_unit_test(unknown_or_null_model_should_get_a_usable_list),
		cmocka_unit_test(a_multimodal_checkpoint_should_have_no_peft_default),
		cmocka_unit_test(defaults_should_name_real_modules),
	};

	return cmocka_run_group_tests_name("peft", tests, NULL, NULL);
}
