/* Training configs for `vramplan check`: each flavour, positions, ignored
 * keys, defaults, and one bad file per diagnostic. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/catalog.h"
#include "vramplan/estimate.h"
#include "vramplan/train.h"
#include "vramplan/trainconfig.h"

#include "catalog_fixture.h"

#define GOOD VP_TEST_DATA "/trainconfig/good/"
#define BAD VP_TEST_DATA "/trainconfig/bad/"
#define EXAMPLES VP_SOURCE_DIR "/examples/configs/"

static void load_ok(struct vp_trainconfig *tc, const char *path)
{
	struct vp_error err = {0};

	if (vp_trainconfig_load(tc, path, &err) != 0) {
		char buf[1200];

		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
}

static void resolve_ok(struct vp_trainconfig *tc, const char *model)
{
	struct vp_error err = {0};
	const struct vp_model *m = vp_catalog_find_model(&cat, model);

	assert_non_null(m);
	if (vp_trainconfig_resolve(tc, m, &err) != 0)
		fail_msg("resolve: %s", err.message);
}

static const struct vp_tc_note *find_note(const struct vp_tc_note *notes, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(notes[i].key, key) == 0)
			return &notes[i];
	return NULL;
}

static bool has_default(const struct vp_trainconfig *tc, const char *needle)
{
	size_t i;

	for (i = 0; i < tc->n_defaults; i++)
		if (strstr(tc->defaults[i].text, needle) != NULL)
			return true;
	return false;
}

static void assert_at(const struct vp_trainconfig *tc, enum vp_tc_setting s, const char *key, unsigned long line,
		      unsigned long column)
{
	if (strcmp(tc->at[s].key, key) != 0 || tc->at[s].line != line || tc->at[s].column != column)
		fail_msg("setting %d at '%s' %lu:%lu, expected '%s' %lu:%lu", (int)s, tc->at[s].key, tc->at[s].line,
			 tc->at[s].column, key, line, column);
}

/* ---- hf ---- */

/* LLaMA-Factory's use_dora where LoRA trains: DoRA is estimated now
 * (docs/memory-model.md "DoRA"), no longer refused */
static void llamafactory_use_dora_sets_dora(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "lf-dora.yaml");
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_true(tc.train.dora);
	/* read and applied, so a remark at the key, not an ignored key: the
	 * estimate is from PEFT's source and a CPU probe */
	assert_int_equal(tc.n_remarks, 1);
	assert_string_equal(tc.remarks[0].key, "use_dora");
	assert_int_equal(tc.remarks[0].line, 3);
	assert_non_null(strstr(tc.remarks[0].text, "not a GPU measurement"));
	for (size_t i = 0; i < tc.n_ignored; i++)
		assert_string_not_equal(tc.ignored[i].key, "use_dora");
	vp_trainconfig_free(&tc);
}

/* Each note of a key that check does not model carries its direction
 * where it says one (vp_tc_bound): context parallelism above 1 and a tiled
 * MLP would lower the peak, QAT would raise it; a degree of 1, a kernel
 * that is off and FP8 (no direction) bound nothing */
static void unmodelled_keys_carry_their_bound(void **state)
{
	static const char text[] = "base_model: meta-llama/Llama-3.2-3B\n"
				   "micro_batch_size: 1\n"
				   "sequence_len: 2048\n"
				   "sequence_parallel_degree: 4\n"
				   "tensor_parallel_size: 1\n"
				   "tiled_mlp: true\n"
				   "unsloth_rope: false\n"
				   "fp8: true\n"
				   "qat: {weight_dtype: int8, group_size: 32}\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	const struct vp_tc_note *n[4];

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "axolotl.yaml", text, sizeof text - 1, &err), 0);
	assert_int_equal(vp_trainconfig_bound_keys(&tc, VP_TC_BOUND_OVER, n, 4), 2);
	assert_string_equal(n[0]->key, "sequence_parallel_degree");
	assert_int_equal(n[0]->line, 4);
	assert_string_equal(n[1]->key, "tiled_mlp");
	assert_int_equal(vp_trainconfig_bound_keys(&tc, VP_TC_BOUND_OVER, n, 1), 1);
	assert_string_equal(n[0]->key, "sequence_parallel_degree");
	assert_int_equal(vp_trainconfig_bound_keys(&tc, VP_TC_BOUND_UNDER, n, 4), 1);
	assert_string_equal(n[0]->key, "qat");
	assert_int_equal(n[0]->line, 9);
	vp_trainconfig_free(&tc);
}

static void seed000_stage3_is_read_with_positions(void **state)
{
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	load_ok(&tc, EXAMPLES "seed000-stage3.yaml");
	assert_int_equal(tc.flavour, VP_TC_HF);
	assert_false(tc.json);
	assert_string_equal(tc.model, "csebuetnlp/mT5_multilingual_XLSum");
	assert_int_equal(tc.train.batch, 12);
	assert_int_equal(tc.eval_batch, 16);
	assert_int_equal(tc.train.grad_accum, 2);
	assert_int_equal(tc.num_workers, 16);
	assert_true(tc.pin_memory);
	assert_true(tc.persistent_workers);
	assert_int_equal(tc.train.precision, VP_PREC_AMP_BF16);
	assert_int_equal(tc.train.method, VP_METHOD_QLORA);
	assert_int_equal(tc.train.quant, VP_QUANT_NF4);
	assert_int_equal(tc.train.lora_r, 16);
	assert_false(tc.train.grad_ckpt);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW);
	assert_at(&tc, VP_TC_MODEL, "model_name_or_path", 6, 1);
	assert_at(&tc, VP_TC_BATCH, "per_device_train_batch_size", 10, 1);
	assert_at(&tc, VP_TC_EVAL_BATCH, "per_device_eval_batch_size", 11, 1);
	assert_at(&tc, VP_TC_WORKERS, "dataloader_num_workers", 15, 1);
	assert_at(&tc, VP_TC_PRECISION, "bf16", 28, 1);

	/* the vramplan block */
	assert_int_equal(tc.n_gpus, 1);
	assert_string_equal(tc.gpus[0], "rtx3090");
	assert_int_equal(tc.gpu_at[0].line, 47);
	assert_int_equal(tc.host_ram_bytes, 60000000000ULL);
	assert_int_equal(tc.cpus, 48);
	assert_true(tc.train.expandable_segments);

	/* nothing dropped silently */
	n = find_note(tc.ignored, tc.n_ignored, "output_dir");
	assert_non_null(n);
	assert_int_equal(n->line, 7);
	assert_int_equal(n->column, 1);
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "learning_rate"));
	assert_null(find_note(tc.ignored, tc.n_ignored, "vramplan"));
	assert_null(find_note(tc.ignored, tc.n_ignored, "per_device_train_batch_size"));
	assert_true(has_default(&tc, "optim: adamw_torch (TrainingArguments default before torch 2.8; set adamw_torch_fused if that is what runs, it needs less)"));
	assert_true(has_default(&tc, "gradient_checkpointing: false (TrainingArguments default; TRL's SFTConfig >= 0.20 turns it on"));
	assert_true(has_default(&tc, "lora_r: 16 (TRL ModelConfig default)"));

	/* the model decides the lengths, the head and PEFT's targets */
	resolve_ok(&tc, "mt5");
	assert_int_equal(tc.train.head, VP_HEAD_SEQ2SEQ_LM);
	assert_int_equal(tc.train.seq_len, 512);
	assert_int_equal(tc.train.tgt_len, 128);
	assert_at(&tc, VP_TC_SEQ_LEN, "max_source_length", 35, 1);
	assert_at(&tc, VP_TC_TGT_LEN, "max_target_length", 36, 1);
	assert_int_equal(tc.train.n_lora_targets, 2);
	assert_string_equal(tc.train.lora_targets[0], "q");
	assert_string_equal(tc.train.lora_targets[1], "v");
	assert_true(has_default(&tc, "lora_target_modules: q,v (PEFT default for mt5)"));
	assert_true(has_default(&tc, "predict_with_generate: false"));
	vp_trainconfig_free(&tc);
	vp_trainconfig_free(&tc); /* a no-op on a zeroed config */
}

static void seed000_stage1_has_32_workers(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, EXAMPLES "seed000-stage1.yaml");
	assert_int_equal(tc.train.batch, 20);
	assert_int_equal(tc.eval_batch, 48);
	assert_int_equal(tc.num_workers, 32);
	vp_trainconfig_free(&tc);
}

static void hf_defaults_are_stated(void **state)
{
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	load_ok(&tc, GOOD "hf-defaults.yaml");
	assert_int_equal(tc.flavour, VP_TC_HF);
	assert_int_equal(tc.train.batch, 8);
	assert_int_equal(tc.eval_batch, 8);
	assert_int_equal(tc.train.grad_accum, 1);
	assert_int_equal(tc.train.precision, VP_PREC_FP32);
	assert_int_equal(tc.train.method, VP_METHOD_FULL);
	assert_int_equal(tc.train.attn, VP_ATTN_SDPA);
	assert_int_equal(tc.num_workers, 0);
	assert_true(tc.pin_memory);
	assert_int_equal(tc.at[VP_TC_BATCH].line, 0);
	assert_true(has_default(&tc, "per_device_train_batch_size: 8 (TrainingArguments default)"));
	assert_true(has_default(&tc, "per_device_eval_batch_size: 8 (TrainingArguments default)"));
	assert_true(has_default(&tc, "gradient_accumulation_steps: 1 (TrainingArguments default)"));
	assert_true(has_default(&tc, "fp16: false, bf16: false, so fp32 training"));
	assert_true(has_default(&tc, "full fine-tuning (no use_peft: the Trainer trains every parameter"));
	assert_true(has_default(&tc, "dataloader_num_workers: 0"));
	assert_true(has_default(&tc, "dataloader_pin_memory: true"));

	/* a typo'd memory key is ignored, but with a hint */
	n = find_note(tc.ignored, tc.n_ignored, "per_device_train_batchsize");
	assert_non_null(n);
	assert_int_equal(n->line, 5);
	assert_string_equal(n->text, "did you mean 'per_device_train_batch_size'?");
	n = find_note(tc.ignored, tc.n_ignored, "learning_rate");
	assert_non_null(n);
	assert_string_equal(n->text, "");

	/* a batch key that is absent points at the model key */
	{
		unsigned long line, col;
		vp_trainconfig_where(&tc, VP_TC_BATCH, &line, &col);
		assert_int_equal(line, 2);
		assert_int_equal(col, 1);
	}

	resolve_ok(&tc, "mt5-small");
	assert_int_equal(tc.train.seq_len, 1024);
	assert_int_equal(tc.train.tgt_len, 128);
	assert_true(has_default(&tc, "max_source_length: 1024 (run_summarization.py default)"));
	assert_true(has_default(&tc, "max_target_length: 128 (run_summarization.py default)"));
	/* no key of TRL's: no default note speaks of it (until 2026-12-01
	 * "use_peft: false (TRL ModelConfig default)" and SFTConfig's bf16
	 * and gradient_checkpointing were said of every hf config) */
	assert_false(has_default(&tc, "TRL"));
	vp_trainconfig_free(&tc);
}

/* A key only TRL's parser reads (SFTConfig's dataset_text_field, none of
 * the keys that mark an SFT run's loss) makes the file TRL's: its
 * defaults' notes name TRL's where it differs, and a decoder's length is
 * SFTConfig's max_length; without it, run_clm.py's block_size. */
static void hf_trl_defaults_only_for_trl_files(void **state)
{
	static const char trl[] = "model_name_or_path: gpt2\ndataset_text_field: text\n";
	static const char plain[] = "model_name_or_path: gpt2\noutput_dir: out\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "sft.yaml", trl, sizeof trl - 1, &err), 0);
	assert_true(tc.trl);
	assert_true(has_default(&tc, "use_peft: false, so full fine-tuning (TRL ModelConfig default)"));
	assert_true(has_default(&tc, "TRL's SFTConfig >= 0.20 turns bf16 on"));
	assert_true(has_default(&tc, "TRL's SFTConfig >= 0.20 turns it on"));
	resolve_ok(&tc, "gpt2");
	assert_true(has_default(&tc, "max_length: 1024 (TRL SFTConfig default)"));
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_parse(&tc, "train.yaml", plain, sizeof plain - 1, &err), 0);
	assert_false(tc.trl);
	resolve_ok(&tc, "gpt2");
	assert_int_equal(tc.train.seq_len, 1024);
	assert_true(has_default(&tc, "block_size: 1024 (run_clm.py default"));
	assert_false(has_default(&tc, "TRL's SFTConfig >= 0.20"));
	assert_false(has_default(&tc, "TRL ModelConfig"));
	vp_trainconfig_free(&tc);
}

static void hf_json_positions_survive_escapes_and_nesting(void **state)
{
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	load_ok(&tc, GOOD "hf-full.json");
	assert_true(tc.json);
	assert_int_equal(tc.flavour, VP_TC_HF);
	assert_at(&tc, VP_TC_MODEL, "model_name_or_path", 2, 3);
	assert_at(&tc, VP_TC_BATCH, "per_device_train_batch_size", 4, 3);
	assert_at(&tc, VP_TC_WORKERS, "dataloader_num_workers", 14, 3);
	assert_int_equal(tc.train.batch, 4);
	assert_int_equal(tc.eval_batch, 2);
	assert_int_equal(tc.train.grad_accum, 8);
	assert_int_equal(tc.train.precision, VP_PREC_AMP_FP16);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW_8BIT);
	assert_true(tc.train.grad_ckpt);
	assert_int_equal(tc.train.attn, VP_ATTN_FLASH2);
	assert_int_equal(tc.num_workers, 4);
	assert_false(tc.pin_memory);
	/* read, not ignored: use_reentrant: false, at its nested value */
	assert_null(find_note(tc.ignored, tc.n_ignored, "gradient_checkpointing_kwargs"));
	assert_true(tc.ckpt_nonreentrant);
	assert_string_equal(tc.nonreentrant_at.key, "gradient_checkpointing_kwargs.use_reentrant");
	assert_int_equal(tc.nonreentrant_at.line, 11);
	assert_int_equal(tc.nonreentrant_at.column, 54);
	n = find_note(tc.ignored, tc.n_ignored, "report_to");
	assert_non_null(n);
	assert_int_equal(n->line, 7);

	resolve_ok(&tc, "llama-3.2-1b");
	assert_int_equal(tc.train.seq_len, 2048);
	assert_int_equal(tc.train.tgt_len, 0);
	assert_int_equal(tc.train.head, VP_HEAD_CAUSAL_LM);
	vp_trainconfig_free(&tc);
}

/* use_reentrant: false changes the estimate only where a bitsandbytes base
 * keeps its inputs under adapters and checkpointing: a remark there, at
 * the value, and none for this full fine-tune or bitsandbytes >= 0.43.2 */
static void nonreentrant_checkpointing_remarked_over_a_base_keeping_inputs(void **state)
{
	struct vp_trainconfig tc;
	struct vp_error err;

	(void)state;
	load_ok(&tc, GOOD "hf-full.json");
	resolve_ok(&tc, "llama-3.2-1b");
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_trainconfig_note_reentrant(&tc, &err), 0);
	assert_int_equal(tc.n_remarks, 0);
	tc.train.method = VP_METHOD_QLORA;
	tc.train.quant = VP_QUANT_NF4;
	tc.train.bnb = VP_BNB_CURRENT;
	assert_int_equal(vp_trainconfig_note_reentrant(&tc, &err), 0);
	assert_int_equal(tc.n_remarks, 0);
	tc.train.bnb = VP_BNB_BEFORE_0_43_2;
	assert_int_equal(vp_trainconfig_note_reentrant(&tc, &err), 0);
	assert_int_equal(tc.n_remarks, 1);
	assert_int_equal(tc.remarks[0].line, 11);
	assert_int_equal(tc.remarks[0].column, 54);
	tc.train.grad_ckpt = false;
	assert_int_equal(vp_trainconfig_note_reentrant(&tc, &err), 0);
	assert_int_equal(tc.n_remarks, 1);
	vp_trainconfig_free(&tc);
}

static void vramplan_block_wins_over_trainer_keys(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "hf-vramplan.yaml");
	assert_string_equal(tc.model, "roberta-base");
	assert_at(&tc, VP_TC_MODEL, "vramplan.model", 6, 3);
	assert_int_equal(tc.n_gpus, 2);
	assert_string_equal(tc.gpus[1], "l4");
	assert_int_equal(tc.gpu_at[1].line, 7);
	assert_true(tc.util > 0.749 && tc.util < 0.751);
	assert_int_equal(tc.host_ram_bytes, 64ULL << 30);
	assert_int_equal(tc.worker_ram_bytes, 1ULL << 30);
	assert_int_equal(tc.dataset_ram_bytes, 3ULL << 30);
	assert_int_equal(tc.cpus, 16);
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_int_equal(tc.train.lora_r, 4);
	assert_int_equal(tc.train.n_lora_targets, 2);
	assert_string_equal(tc.train.lora_targets[0], "query");
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAFACTOR);
	assert_true(tc.train.grad_ckpt);
	assert_int_equal(tc.train.precision, VP_PREC_AMP_BF16);
	assert_at(&tc, VP_TC_METHOD, "vramplan.method", 12, 3);
	/* vramplan.lora_dropout 0.1 over the top-level (TRL) lora_dropout 0.0 */
	assert_true(tc.train.lora_dropout == 0.1);
	/* set_per_process_memory_fraction is code, not a trainer key: only
	 * the vramplan: block says it */
	assert_true(tc.train.memory_fraction == 0.7);

	resolve_ok(&tc, "roberta-base");
	assert_int_equal(tc.train.head, VP_HEAD_MASKED_LM);
	assert_int_equal(tc.train.seq_len, 128); /* vramplan.seq_len over max_seq_length */
	assert_at(&tc, VP_TC_SEQ_LEN, "vramplan.seq_len", 16, 3);
	assert_false(has_default(&tc, "lora_target_modules"));
	vp_trainconfig_free(&tc);
}

/* The block's allocator settings hold whatever the method: they were once
 * applied beside the adapters' settings, which a full fine-tune skips, so
 * a full fine-tune's expandable_segments was read and then dropped. */
static void vramplan_allocator_settings_hold_for_a_full_fine_tune(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "hf-full-allocator.yaml");
	assert_int_equal(tc.train.method, VP_METHOD_FULL);
	assert_true(tc.train.expandable_segments);
	assert_true(tc.train.memory_fraction == 0.7);
	vp_trainconfig_free(&tc);
}

/* dataloader_num_workers, _pin_memory, _persistent_workers and
 * _prefetch_factor, each where the config says, for the host-RAM check */
static void the_dataloader_keys_are_read(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "hf-dataloader.yaml");
	assert_int_equal(tc.num_workers, 6);
	assert_false(tc.pin_memory);
	assert_true(tc.persistent_workers);
	assert_int_equal(tc.prefetch_factor, 4);
	assert_at(&tc, VP_TC_PREFETCH, "dataloader_prefetch_factor", 7, 1);
	vp_trainconfig_free(&tc);
}

static void causal_lm_adds_source_and_target(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "hf-causal-lengths.yaml");
	assert_int_equal(tc.train.method, VP_METHOD_QLORA);
	assert_int_equal(tc.train.quant, VP_QUANT_INT8);
	assert_true(tc.eval.generate);
	assert_int_equal(tc.eval.num_beams, 4);
	resolve_ok(&tc, "llama-3.2-3b");
	assert_int_equal(tc.train.seq_len, 512);
	assert_int_equal(tc.eval.max_new_tokens, 64);
	assert_at(&tc, VP_TC_GEN_LEN, "generation_max_length", 7, 1);
	assert_true(has_default(&tc, "max_source_length + max_target_length = 512"));
	assert_true(has_default(&tc, "lora_target_modules: q_proj,v_proj (PEFT default for llama)"));
	vp_trainconfig_free(&tc);
}

/* ---- axolotl ---- */

static void axolotl_seed003_example(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, EXAMPLES "seed003-llama-qlora-axolotl.yaml");
	assert_int_equal(tc.flavour, VP_TC_AXOLOTL);
	assert_string_equal(tc.model, "Bllossom/llama-3.2-Korean-Bllossom-3B");
	assert_int_equal(tc.train.batch, 8);
	assert_int_equal(tc.eval_batch, 8);
	assert_int_equal(tc.train.grad_accum, 2);
	assert_int_equal(tc.train.method, VP_METHOD_QLORA);
	assert_int_equal(tc.train.quant, VP_QUANT_NF4_DQ);
	assert_int_equal(tc.train.lora_r, 16);
	assert_true(tc.train.lora_all_linear);
	assert_int_equal(tc.train.precision, VP_PREC_FP32);
	assert_false(tc.bf16_auto);
	assert_true(tc.train.grad_ckpt);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW);
	assert_int_equal(tc.len_seq, 512);
	assert_at(&tc, VP_TC_BATCH, "micro_batch_size", 28, 1);
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "datasets"));
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "lora_alpha"));
	assert_null(find_note(tc.ignored, tc.n_ignored, "lora_dropout"));
	assert_true(tc.train.lora_dropout == 0.05);
	assert_true(has_default(&tc, "eval_batch_size: 8 (axolotl default: micro_batch_size)"));

	resolve_ok(&tc, "llama-3.2-korean-3b");
	assert_int_equal(tc.train.seq_len, 512);
	assert_at(&tc, VP_TC_SEQ_LEN, "sequence_len", 25, 1);
	assert_false(has_default(&tc, "lora_target_modules"));
	vp_trainconfig_free(&tc);
}

/* What axolotl leaves in fp32 over a bitsandbytes base: a module is cast
 * back when its name holds "norm" or embed_tokens/lm_head (embed_in and
 * embed_out for gpt_neox, word_embeddings for falcon), or when its table
 * is tied to lm_head (axolotl 002a637c loaders/model.py
 * _convert_embedding_modules_dtype). Until 2026-12-01 qwen2_moe, olmo,
 * glm4 and mpt were warned about and multimodal Gemma 3 (its SigLIP tables)
 * and internlm-like read_as types were not told apart. */
static const char *kbit_rest(const char *type, bool tied, uint64_t vision, const char *read_as)
{
	static struct vp_model m;
	struct vp_error err = {0};

	assert_int_equal(vp_model_init_family(&m, type, &err), 0);
	m.tie_embeddings = tied;
	m.vision_params = vision;
	snprintf(m.read_as, sizeof m.read_as, "%s", read_as);
	return vp_axolotl_kbit_fp32_rest(&m);
}

static void axolotl_kbit_cast_back_follows_module_names(void **state)
{
	(void)state;
	/* *_layernorm, model.norm, embed_tokens, lm_head: nothing left */
	assert_null(kbit_rest("llama", false, 0, ""));
	assert_null(kbit_rest("qwen2_moe", false, 0, ""));
	assert_null(kbit_rest("olmo", false, 0, ""));
	assert_null(kbit_rest("glm4", false, 0, ""));
	assert_null(kbit_rest("gpt_neox", false, 0, ""));
	/* MPT's wte is cast only as the tied lm_head's weight */
	assert_null(kbit_rest("mpt", true, 0, ""));
	assert_string_equal(kbit_rest("mpt", false, 0, ""), "wte");
	/* GPT-2: wpe and ln_* whether tied or not */
	assert_string_equal(kbit_rest("gpt2", true, 0, ""), "wpe, ln_1, ln_2, ln_f");
	/* BLOOM's final norm is ln_f; InternLM2's tables tok_embeddings and
	 * output; Falcon's ln_f */
	assert_string_equal(kbit_rest("bloom", true, 0, ""), "ln_f");
	assert_string_equal(kbit_rest("internlm2", false, 0, ""), "tok_embeddings, output");
	assert_non_null(strstr(kbit_rest("falcon", true, 0, ""), "ln_f"));
	assert_string_equal(kbit_rest("t5", true, 0, ""), "relative_attention_bias, wo");
	assert_non_null(kbit_rest("gpt_oss", false, 0, ""));
	/* a covered text model beside a vision tower, a type read as Llama */
	assert_non_null(strstr(kbit_rest("gemma3_text", true, 400000000, ""), "patch_embedding"));
	/* Mistral Small 3.1's Pixtral tower: patch_conv (a Conv2d) and ln_pre
	 * (no "norm" in its name); its attention_norm, ffn_norm and the
	 * projector's norm are cast back, its linears quantized */
	assert_string_equal(kbit_rest("mistral", false, 438958080, ""), "the vision tower's patch_conv and ln_pre");
	/* Qwen2.5-VL's tower: patch_embed (a Conv3d), the merger's ln_q (no
	 * "norm" in its name) and the biases of its linears */
	assert_non_null(strstr(kbit_rest("qwen2", false, 676550144, ""), "patch_embed, the merger's ln_q"));
	assert_non_null(kbit_rest("llama", false, 0, "llama"));
}

static void axolotl_bf16_auto_is_decided_per_gpu(void **state)
{
	struct vp_trainconfig tc;
	struct vp_train t;

	(void)state;
	load_ok(&tc, GOOD "axolotl-auto.yaml");
	assert_int_equal(tc.flavour, VP_TC_AXOLOTL);
	assert_true(tc.bf16_auto);
	assert_true(has_default(&tc, "bf16: auto (axolotl default)"));
	/* batch_size 16 / micro 2: accumulation 8 */
	assert_int_equal(tc.train.batch, 2);
	assert_int_equal(tc.train.grad_accum, 8);
	assert_at(&tc, VP_TC_GRAD_ACCUM, "batch_size", 3, 1);
	assert_true(tc.train.packed);
	assert_int_equal(tc.train.attn, VP_ATTN_FLASH2);
	assert_true(tc.train.grad_ckpt);
	assert_true(tc.train.activation_offload);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW_FUSED);
	assert_true(has_default(&tc, "optimizer: adamw_torch_fused (axolotl default)"));

	/* a full fine-tune: axolotl loads the weights in the dtype it picks */
	assert_true(tc.load16);
	vp_trainconfig_train_for(&tc, vp_catalog_find_gpu(&cat, "rtx3090"), &t);
	assert_int_equal(t.precision, VP_PREC_BF16);
	vp_trainconfig_train_for(&tc, vp_catalog_find_gpu(&cat, "v100-16gb"), &t);
	assert_int_equal(t.precision, VP_PREC_FP16);

	resolve_ok(&tc, "llama-3.2-1b");
	assert_int_equal(tc.train.seq_len, 4096);
	vp_trainconfig_free(&tc);

	load_ok(&tc, GOOD "axolotl-no-fp16.yaml");
	assert_true(tc.bf16_auto);
	vp_trainconfig_train_for(&tc, vp_catalog_find_gpu(&cat, "t4"), &t);
	assert_int_equal(t.precision, VP_PREC_FP32);
	vp_trainconfig_train_for(&tc, vp_catalog_find_gpu(&cat, "a100-40gb"), &t);
	assert_int_equal(t.precision, VP_PREC_BF16);
	assert_true(has_default(&tc, "micro_batch_size: 1 (axolotl default)") == false);
	assert_true(has_default(&tc, "sequence_len") == false);
	resolve_ok(&tc, "llama-3.2-1b");
	assert_true(has_default(&tc, "sequence_len: 512 (axolotl default)"));
	vp_trainconfig_free(&tc);
}

static void axolotl_bf16_loads_16_bit_weights_and_casts_a_quantized_base_back(void **state)
{
	static const char qlora[] = "base_model: meta-llama/Llama-3.2-1B\n"
				    "bf16: true\n"
				    "adapter: qlora\n"
				    "load_in_4bit: true\n"
				    "lora_target_linear: true\n"
				    "micro_batch_size: 2\n";
	static const char lora_fp16[] = "base_model: meta-llama/Llama-3.2-1B\n"
					"fp16: true\n"
					"adapter: lora\n"
					"lora_target_modules: [q_proj, v_proj]\n"
					"micro_batch_size: 2\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	load_ok(&tc, GOOD "axolotl-bf16-dtypes.yaml");
	assert_int_equal(tc.train.method, VP_METHOD_FULL);
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_parse(&tc, "lora.yaml", lora_fp16, sizeof lora_fp16 - 1, &err), 0);
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_int_equal(tc.train.precision, VP_PREC_FP16);
	vp_trainconfig_free(&tc);

	/* prepare_model_for_kbit_training casts the unquantized parameters to
	 * fp32, and axolotl casts the norms, embeddings and LM head back to
	 * torch_dtype (loaders/model.py _configure_embedding_dtypes): bf16 */
	assert_int_equal(vp_trainconfig_parse(&tc, "qlora.yaml", qlora, sizeof qlora - 1, &err), 0);
	assert_int_equal(tc.train.method, VP_METHOD_QLORA);
	assert_true(tc.load16);
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	vp_trainconfig_free(&tc);
}

/* Settings from the command line (check --set) are the vramplan: block's
 * keys, read after the file's block and winning over it; they are stated
 * but have no place in the file, and their errors name the command line */
static void command_line_settings_win_over_the_file(void **state)
{
	static const char text[] = "model_name_or_path: x\nbf16: true\nvramplan:\n  seq_len: 256\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	struct vp_tnode *set = vp_tree_new_map(), *v;

	(void)state;
	assert_non_null(set);
	v = vp_tree_parse_yaml("x", "512", 3, &err);
	assert_non_null(v);
	assert_int_equal(vp_tree_map_add(set, "seq_len", 1, 0, v), 0);
	v = vp_tree_parse_yaml("x", "lora", 4, &err);
	assert_non_null(v);
	assert_int_equal(vp_tree_map_add(set, "method", 2, 0, v), 0);
	assert_int_equal(vp_trainconfig_parse_with(&tc, "a.yaml", text, sizeof text - 1, set, NULL, NULL, &err), 0);
	assert_int_equal(tc.train.seq_len, 512);
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_true(vp_tc_origin_on_command_line(&tc.at[VP_TC_SEQ_LEN]));
	vp_trainconfig_free(&tc);
	/* without them, the file's */
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", text, sizeof text - 1, &err), 0);
	assert_int_equal(tc.train.seq_len, 256);
	assert_false(vp_tc_origin_on_command_line(&tc.at[VP_TC_SEQ_LEN]));
	vp_trainconfig_free(&tc);
	/* a bad value: the command line, no position */
	v = vp_tree_parse_yaml("x", "abc", 3, &err);
	assert_non_null(v);
	vp_tree_forget_positions(v);
	assert_int_equal(vp_tree_map_add(set, "lora_r", 3, 0, v), 0);
	assert_int_equal(vp_trainconfig_parse_with(&tc, "a.yaml", text, sizeof text - 1, set, NULL, NULL, &err), -1);
	assert_string_equal(err.file, "command line");
	assert_int_equal(err.line, 0);
	assert_non_null(strstr(err.message, "'--set lora_r'"));
	vp_tree_free(set);
}

/* 1 and 0 are booleans as HfArgumentParser passes them on (PyYAML gives
 * ints, the dataclass takes them unconverted); 2 is not */
static void one_and_zero_are_booleans(void **state)
{
	static const char text[] = "model_name_or_path: mt5\nbf16: 1\ngradient_checkpointing: 0\n"
				   "per_device_train_batch_size: 2\n";
	static const char two[] = "model_name_or_path: mt5\nbf16: 2\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", text, sizeof text - 1, &err), 0);
	assert_int_equal(tc.train.precision, VP_PREC_AMP_BF16);
	assert_false(tc.train.grad_ckpt);
	vp_trainconfig_free(&tc);
	assert_int_equal(vp_trainconfig_parse(&tc, "b.yaml", two, sizeof two - 1, &err), -1);
	assert_string_equal(err.message, "expected true or false for 'bf16', found '2'");
}

/* A torchtune recipe config and a litgpt finetune config are input errors
 * at the key that identifies them, whose message carries the estimate
 * command whole, the longest one included (the message holds 767 bytes:
 * the remark gives way first); beside model_name_or_path neither is. */
static void torchtune_and_litgpt_configs_give_the_estimate_command(void **state)
{
	static const char tt[] = "output_dir: /tmp/x\nmodel:\n  _component_: torchtune.models.llama3_2.lora_llama3_2_1b\n"
				 "  lora_attn_modules: [q_proj, v_proj]\n  lora_rank: 16\nbatch_size: 2\ndtype: bf16\n"
				 "tokenizer:\n  max_seq_len: 1024\n";
	static const char longest[] =
		"model:\n  _component_: torchtune.models.qwen3.qlora_qwen3_moe_30b_a3b_instruct\n"
		"  lora_attn_modules: [q_proj, k_proj, v_proj, output_proj]\n  apply_lora_to_mlp: True\n"
		"  apply_lora_to_output: True\n  lora_rank: 128\n  lora_dropout: 0.05\n  use_dora: True\n"
		"batch_size: 16\ndtype: bf16\nenable_activation_checkpointing: True\nenable_activation_offloading: True\n"
		"optimizer:\n  _component_: bitsandbytes.optim.PagedAdamW8bit\noptimizer_in_bwd: True\ncompile: True\n"
		"loss:\n  _component_: torchtune.modules.loss.LinearCrossEntropyLoss\ndataset:\n  packed: True\n"
		"gradient_accumulation_steps: 4\n";
	static const char lg[] = "checkpoint_dir: checkpoints/Qwen/Qwen2.5-7B\nprecision: bf16-mixed\nlora_r: 8\n"
				 "train:\n  micro_batch_size: 1\n  max_seq_length: 2048\n";
	static const char hf[] = "model_name_or_path: gpt2\nper_device_train_batch_size: 2\nlora_r: 8\n"
				 "precision: bf16-true\ncheckpoint_dir: x/y\ntrain: {micro_batch_size: 1}\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "tt.yaml", tt, sizeof tt - 1, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_int_equal(err.line, 3);
	assert_int_equal(err.column, 3);
	assert_non_null(strstr(err.message, "torchtune.models.llama3_2.lora_llama3_2_1b"));
	assert_non_null(strstr(err.message, "vramplan estimate --gpu G --model llama-3.2-1b --batch 2 --precision bf16 "
					    "--method lora --lora-r 16 --lora-targets q_proj,v_proj --seq-len 1024"));
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_trainconfig_parse(&tc, "long.yaml", longest, sizeof longest - 1, &err), -1);
	assert_true(strlen(err.message) < sizeof err.message - 1);
	assert_non_null(strstr(err.message, "--packed --seq-len N; N: "));
	assert_non_null(strstr(err.message, "--batch 16 --grad-accum 4 --precision bf16"));
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_trainconfig_parse(&tc, "lg.yaml", lg, sizeof lg - 1, &err), -1);
	assert_int_equal(err.line, 1);
	assert_int_equal(err.column, 1);
	assert_non_null(strstr(err.message, "--model Qwen/Qwen2.5-7B --batch 1 --precision amp-bf16 --method lora "
					    "--lora-r 8 --lora-targets q_proj,v_proj --optimizer adamw --seq-len 2048 "
					    "--loss chunked"));
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_trainconfig_parse(&tc, "hf.yaml", hf, sizeof hf - 1, &err), 0);
	vp_trainconfig_free(&tc);
}

/* The trainable parameters of the estimate a litgpt LoRA config's
 * message gives: its --model from the catalogue, its --lora-r and
 * --lora-targets, as `vramplan estimate` would take them. */
static uint64_t litgpt_command_trainable(const char *config, const char *targets)
{
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	struct vp_train t;
	struct vp_estimate e;
	const struct vp_model *m;
	const char *s;
	char model[64] = "", list[128] = "";
	unsigned r = 0;

	assert_int_equal(vp_trainconfig_parse(&tc, "lit.yaml", config, strlen(config), &err), -1);
	assert_non_null(s = strstr(err.message, "--model "));
	assert_int_equal(sscanf(s, "--model %63s", model), 1);
	assert_non_null(s = strstr(err.message, "--lora-r "));
	assert_int_equal(sscanf(s, "--lora-r %u", &r), 1);
	assert_non_null(s = strstr(err.message, "--lora-targets "));
	assert_int_equal(sscanf(s, "--lora-targets %127s", list), 1);
	assert_string_equal(list, targets);
	assert_non_null(m = vp_catalog_find_model(&cat, model));
	vp_train_defaults(&t);
	t.batch = 1;
	t.seq_len = 64;
	t.method = VP_METHOD_LORA;
	t.lora_r = r;
	assert_int_equal(vp_train_set_lora_targets(&t, list, &err), 0);
	if (vp_estimate(m, vp_catalog_find_gpu(&cat, "a100-80gb"), &t, &e, &err) != 0)
		fail_msg("%s", err.message);
	return e.params_trainable;
}

/*
 * litgpt's lora_* switches (litgpt/lora.py) adapt its fused attn
 * (LoRAQKVLinear: lora_A r x (parts x in), lora_B the parts' widths x r),
 * proj, the block's MLP and lm_head; the command names the same linears in
 * transformers, so the estimate counts litgpt's adapters.
 */
static void litgpt_lora_switches_count_the_linears_litgpt_adapts(void **state)
{
	/* gated: Llama 3.2 1B, LLaMAMLP (fc_1, fc_2, proj: gate_proj, up_proj,
	 * down_proj). Hidden 2048, 32 q heads and 8 kv heads of 64 (k and v
	 * 512 wide), MLP 8192, 16 layers, r 8. A layer: attn q, k and v
	 * 8 x (3 x 2048) + 8 x (2048 + 512 + 512) = 73,728 (q_proj, k_proj and
	 * v_proj apart: 8 x 4096 + 2 x 8 x 2560, the same); proj 8 x 4096 =
	 * 32,768; fc_1 and fc_2 2 x 8 x 10240 = 163,840; proj 8 x 10240 =
	 * 81,920. 352,256 a layer, 5,636,096 in all. */
	static const char llama[] = "checkpoint_dir: checkpoints/meta-llama/Llama-3.2-1B\nprecision: bf16-true\n"
				    "lora_r: 8\nlora_key: true\nlora_projection: true\nlora_mlp: true\n"
				    "train:\n  micro_batch_size: 1\n  max_seq_length: 64\n";
	/* not gated: phi-2, GptNeoxMLP (fc, proj: fc1, fc2), its attention
	 * output dense. Hidden 2560 (32 heads of 80), MLP 10240, 32 layers,
	 * r 8, litgpt's default query and value: attn 8 x (2 x 2560) + 8 x
	 * (2560 + 2560) = 81,920; proj 8 x 5120 = 40,960; fc and proj
	 * 2 x 8 x 12800 = 204,800. 327,680 a layer, 10,485,760 in all. */
	static const char phi2[] = "checkpoint_dir: checkpoints/microsoft/phi-2\nprecision: bf16-true\nlora_r: 8\n"
				   "lora_projection: true\nlora_mlp: true\n"
				   "train:\n  micro_batch_size: 1\n  max_seq_length: 64\n";
	/* GPT-NeoX-style and fused in transformers too: Falcon 7B
	 * (query_key_value 4544 -> 4544 + 2 x 64, 71 q heads, one kv group;
	 * dense; GptNeoxMLP dense_h_to_4h and dense_4h_to_h, 4544 <-> 18176;
	 * 32 layers, r 8). PEFT adapts query_key_value whole, 8 x (4544 +
	 * 4672) = 73,728; dense 8 x 9088 = 72,704; the MLP 2 x 8 x 22720 =
	 * 363,520: 509,952 a layer, 16,318,464 in all. litgpt's q, k and v
	 * parts have a lora_A each, 2 x 8 x 4544 = 72,704 more a layer: the
	 * "at most 2 r x hidden" its message says. */
	static const char falcon[] = "checkpoint_dir: checkpoints/tiiuae/falcon-7b\nprecision: bf16-true\nlora_r: 8\n"
				     "lora_key: true\nlora_projection: true\nlora_mlp: true\n"
				     "train:\n  micro_batch_size: 1\n  max_seq_length: 64\n";

	(void)state;
	assert_int_equal(litgpt_command_trainable(llama, "q_proj,k_proj,v_proj,o_proj,gate_proj,down_proj,up_proj"),
			 5636096);
	assert_int_equal(litgpt_command_trainable(phi2, "q_proj,v_proj,dense,fc1,fc2"), 10485760);
	assert_int_equal(litgpt_command_trainable(falcon, "query_key_value,dense,dense_h_to_4h,dense_4h_to_h"),
			 16318464);
}

/* The trainers load YAML with PyYAML (YAML 1.1): 010 is octal 8 (and
 * warned about), 08 is a string, 1_024 and 1:30 are numbers */
static void whole_numbers_are_read_as_pyyaml_reads_them(void **state)
{
	static const struct {
		const char *text;
		uint64_t batch;       /* 0: an error */
		const char *error;    /* or the reading's warning, or NULL */
	} cases[] = {
		{"8", 8, NULL},
		{"+8", 8, NULL},
		{"010", 8, "per_device_train_batch_size: 010 is octal to PyYAML (YAML 1.1), 8; without the leading 0 "
			   "if you meant decimal"},
		{"0_10", 8, "is octal"},
		{"0x10", 16, NULL},
		{"0b101", 5, NULL},
		{"1_024", 1024, NULL},
		{"1:30", 90, "per_device_train_batch_size: 1:30 is base 60 to PyYAML (YAML 1.1), 90"},
		{"1:0:05", 3605, "is base 60"},
		{"08", 0, "found '08', a string to PyYAML (a leading 0 makes an octal number"},
		{"0o10", 0, "expected a whole number for 'per_device_train_batch_size', found '0o10'"},
		{"1:60", 0, "found '1:60'"},
		{"0:30", 0, "found '0:30'"},
		{"0x", 0, "found '0x'"},
		{"0b2", 0, "found '0b2'"},
		{"8.0", 0, "found '8.0'"},
		{"-010", 0, "must be at least 1, found -010"},
		{"0x100000001", 0, "is too large (at most 4294967296), found 0x100000001"},
		{"71582789:0:0", 0, "is too large"},
		{"-08", 0, "found '-08', a string to PyYAML"},
		{"-0x0", 0, "must be at least 1, found -0x0"},
		{"01:30", 0, "found '01:30'"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[160];
		struct vp_trainconfig tc;
		struct vp_error err = {0};
		int rc;

		snprintf(text, sizeof text, "model_name_or_path: mt5\nper_device_train_batch_size: %s\n", cases[i].text);
		rc = vp_trainconfig_parse(&tc, "a.yaml", text, strlen(text), &err);
		if (cases[i].batch == 0) {
			assert_int_equal(rc, -1);
			if (strstr(err.message, cases[i].error) == NULL)
				fail_msg("%s: '%s' lacks '%s'", cases[i].text, err.message, cases[i].error);
			assert_int_equal(err.line, 2);
			assert_int_equal(err.column, 30);
			continue;
		}
		if (rc != 0)
			fail_msg("%s: %s", cases[i].text, err.message);
		assert_int_equal(tc.train.batch, cases[i].batch);
		assert_int_equal(tc.n_readings, cases[i].error != NULL);
		if (cases[i].error != NULL) {
			if (strstr(tc.readings[0].text, cases[i].error) == NULL)
				fail_msg("%s: '%s' lacks '%s'", cases[i].text, tc.readings[0].text, cases[i].error);
			assert_int_equal(tc.readings[0].line, 2);
			assert_int_equal(tc.readings[0].column, 30);
		}
		vp_trainconfig_free(&tc);
	}
}

/* axolotl, HfArgumentParser and TRL load with yaml.safe_load or json.load,
 * which keep a key's last copy: that value is read, with a warning at it */
static void a_key_given_twice_is_its_last_copy_where_the_loader_keeps_it(void **state)
{
	static const struct {
		const char *name, *text, *says;
		unsigned batch;
		unsigned long line;
	} cases[] = {
		{"a.yaml", "model_name_or_path: t5-small\nper_device_train_batch_size: 8\nbf16: true\n"
			   "per_device_train_batch_size: 4\n",
		 "the HF and TRL parsers' yaml.safe_load keeps this last copy", 4, 4},
		{"a.json", "{\"model_name_or_path\": \"t5-small\", \"per_device_train_batch_size\": 8,\n"
			   "\"per_device_train_batch_size\": 2}\n",
		 "json.load keeps this last copy", 2, 2},
		{"a.yaml", "base_model: t5-small\nmicro_batch_size: 2\nlogging_steps: 1\nmicro_batch_size: 3\n",
		 "axolotl, which loads with PyYAML's yaml.safe_load, keeps this last copy", 3, 4},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct vp_trainconfig tc;
		struct vp_error err = {0};

		if (vp_trainconfig_parse(&tc, cases[i].name, cases[i].text, strlen(cases[i].text), &err) != 0)
			fail_msg("case %zu: %s", i, err.message);
		assert_int_equal(tc.train.batch, cases[i].batch);
		assert_int_equal(tc.n_readings, 1);
		if (strstr(tc.readings[0].text, cases[i].says) == NULL)
			fail_msg("case %zu: '%s' lacks '%s'", i, tc.readings[0].text, cases[i].says);
		assert_non_null(strstr(tc.readings[0].text, "is given twice (first at line"));
		assert_int_equal(tc.readings[0].line, cases[i].line);
		vp_trainconfig_free(&tc);
	}
}

/* -00, -0_ and -0x0 are 0 to PyYAML: where 0 is allowed they are 0 */
static void negative_zeros_are_zero(void **state)
{
	static const char *const zeros[] = {"-0", "-00", "-0_", "-0x0", "-0b0"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof zeros / sizeof zeros[0]; i++) {
		char text[160];
		struct vp_trainconfig tc;
		struct vp_error err = {0};

		snprintf(text, sizeof text, "model_name_or_path: mt5\ndataloader_num_workers: %s\n", zeros[i]);
		if (vp_trainconfig_parse(&tc, "a.yaml", text, strlen(text), &err) != 0)
			fail_msg("%s: %s", zeros[i], err.message);
		assert_int_equal(tc.num_workers, 0);
		vp_trainconfig_free(&tc);
	}
}

/* JSON (a trainer's JSON args, a DeepSpeed file) is read as Python's
 * json.load reads it: no leading zeros, no '+', digits around a '.' */
static void json_numbers_follow_rfc_8259(void **state)
{
	static const char *const bad[] = {"010", "1.", "-01", "1.e3", "1e"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char text[160];
		struct vp_trainconfig tc;
		struct vp_error err = {0};

		snprintf(text, sizeof text, "{\"model_name_or_path\": \"mt5\",\n \"per_device_train_batch_size\": %s}",
			 bad[i]);
		assert_int_equal(vp_trainconfig_parse(&tc, "a.json", text, strlen(text), &err), -1);
		if (strstr(err.message, "invalid JSON") == NULL)
			fail_msg("%s: %s", bad[i], err.message);
		assert_int_equal(err.line, 2);
	}
	{
		static const char good[] = "{\"model_name_or_path\": \"mt5\", \"per_device_train_batch_size\": 8, "
					   "\"lora_dropout\": 0.5e-1, \"gradient_accumulation_steps\": 2}";
		struct vp_trainconfig tc;
		struct vp_error err = {0};

		if (vp_trainconfig_parse(&tc, "a.json", good, sizeof good - 1, &err) != 0)
			fail_msg("%s", err.message);
		assert_int_equal(tc.train.batch, 8);
		vp_trainconfig_free(&tc);
	}
}

/* train_batch_size beside a model is a trainer config's stray key, not a
 * DeepSpeed file's; alone it is DeepSpeed's */
static void train_batch_size_beside_a_model_is_not_deepspeed(void **state)
{
	static const char hf[] = "model_name_or_path: mt5\nper_device_train_batch_size: 4\ntrain_batch_size: 64\n";
	static const char ds[] = "{\"train_batch_size\": 64, \"gradient_accumulation_steps\": 4}";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", hf, sizeof hf - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_HF);
	assert_int_equal(tc.train.batch, 4);
	vp_trainconfig_free(&tc);
	assert_int_equal(vp_trainconfig_parse(&tc, "b.json", ds, sizeof ds - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_DEEPSPEED);
	vp_trainconfig_free(&tc);
}

/* transformers' optim name for torchao's 8-bit AdamW: its own optimizer
 * (adamw-8bit-ao), not bitsandbytes' (until 2026-11-30 the same): its
 * small tensors' states, its step and its ZeRO partition differ */
static void torchaos_8bit_adamw_is_its_own_optimizer(void **state)
{
	static const char text[] = "model_name_or_path: mt5\noptim: adamw_torch_8bit\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", text, sizeof text - 1, &err), 0);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW_8BIT_AO);
	vp_trainconfig_free(&tc);
}

static void axolotl_lora_dropout_defaults_to_zero(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "axolotl-lora-defaults.yaml");
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_true(tc.train.lora_dropout == 0.0);
	assert_true(has_default(&tc, "lora_dropout: 0.0 (axolotl default)"));
	vp_trainconfig_free(&tc);
}

/* ---- LLaMA-Factory ---- */

/* Its own keys make the flavour; lora_target and additional_target are
 * comma-separated strings; an evaluation split with eval_strategy runs
 * evaluation, which keeps the loss alone without compute_accuracy. */
static void llamafactory_lora_sft_is_read_with_its_keys(void **state)
{
	struct vp_trainconfig tc;

	(void)state;
	load_ok(&tc, GOOD "llamafactory-lora-sft.yaml");
	assert_int_equal(tc.flavour, VP_TC_LLAMAFACTORY);
	assert_string_equal(vp_tc_flavour_name(tc.flavour), "llamafactory");
	assert_string_equal(tc.model, "meta-llama/Llama-3.2-1B");
	assert_int_equal(tc.train.method, VP_METHOD_LORA);
	assert_int_equal(tc.train.lora_r, 16);
	assert_at(&tc, VP_TC_LORA_R, "lora_rank", 9, 1);
	assert_int_equal(tc.train.n_lora_targets, 2);
	assert_false(tc.train.lora_all_linear);
	assert_int_equal(tc.train.n_modules_to_save, 2);
	assert_string_equal(tc.train.modules_to_save[1], "lm_head");
	/* bf16: the base loaded in bfloat16, the adapters cast to fp32 */
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	assert_false(tc.train.lora_16bit_adapters);
	assert_false(tc.train.no_autocast);
	assert_true(tc.train.grad_ckpt);
	assert_true(has_default(&tc, "gradient checkpointing: on (LLaMA-Factory default"));
	assert_true(tc.train.lora_dropout == 0.0);
	assert_int_equal(tc.train.batch, 2);
	assert_int_equal(tc.train.grad_accum, 8);
	assert_int_equal(tc.eval_batch, 1);
	assert_int_equal(tc.evaluation, VP_TC_EVAL_STEPS);
	assert_int_equal(tc.eval.predictions, VP_PREDS_NONE);
	assert_int_equal(tc.num_workers, 4);
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "preprocessing_num_workers"));
	resolve_ok(&tc, "llama-3.2-1b");
	assert_int_equal(tc.train.seq_len, 1024);
	assert_at(&tc, VP_TC_SEQ_LEN, "cutoff_len", 16, 1);
	vp_trainconfig_free(&tc);
}

/* Only keys other tools do not use make the flavour: cutoff_len alone
 * (alpaca-lora's name) or quantization_bit alone (ChatGLM's) stay hf, and
 * vramplan.flavour can still say llamafactory. */
static void llamafactory_needs_keys_of_its_own(void **state)
{
	static const char cutoff[] = "model_name_or_path: m\ncutoff_len: 256\nquantization_bit: 4\n";
	static const char said[] = "model_name_or_path: m\ncutoff_len: 256\nvramplan:\n  flavour: llamafactory\ndo_train: true\n";
	static const char staged[] = "model_name_or_path: m\nstage: sft\ncutoff_len: 256\ndo_train: true\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", cutoff, sizeof cutoff - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_HF);
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "cutoff_len"));
	vp_trainconfig_free(&tc);
	assert_int_equal(vp_trainconfig_parse(&tc, "b.yaml", said, sizeof said - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_LLAMAFACTORY);
	vp_trainconfig_free(&tc);
	assert_int_equal(vp_trainconfig_parse(&tc, "c.yaml", staged, sizeof staged - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_LLAMAFACTORY);
	vp_trainconfig_free(&tc);
}

/* LLaMA-Factory's defaults: LoRA on every linear layer but the LM head,
 * rank 8, dropout 0, checkpointing, 2048 tokens, double quantization; no
 * evaluation without a split (noted; an eval_strategy without one is an
 * input error, hparams/parser.py); pt packs. */
static void llamafactory_defaults_are_its_own(void **state)
{
	static const char bare[] = "model_name_or_path: meta-llama/Llama-3.2-1B\n"
				   "stage: pt\n"
				   "template: default\n"
				   "quantization_bit: 4\n"
				   "bf16: true\n"
				   "do_train: true\n";
	static const char no_split[] = "model_name_or_path: meta-llama/Llama-3.2-1B\n"
				       "stage: sft\n"
				       "template: default\n"
				       "eval_strategy: steps\n"
				       "do_train: true\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "no-split.yaml", no_split, sizeof no_split - 1, &err), -1);
	assert_int_equal(err.line, 4);
	assert_non_null(strstr(err.message, "Please specify dataset for evaluation."));
	vp_trainconfig_free(&tc);
	memset(&err, 0, sizeof err);
	assert_int_equal(vp_trainconfig_parse(&tc, "bare.yaml", bare, sizeof bare - 1, &err), 0);
	assert_int_equal(tc.flavour, VP_TC_LLAMAFACTORY);
	assert_int_equal(tc.train.method, VP_METHOD_QLORA);
	assert_int_equal(tc.train.quant, VP_QUANT_NF4_DQ);
	/* no prepare_model_for_kbit_training: the unquantized parts stay bf16 */
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	assert_int_equal(tc.train.lora_r, 8);
	assert_true(tc.train.lora_all_linear);
	assert_true(tc.train.lora_dropout == 0.0);
	assert_true(tc.train.grad_ckpt);
	assert_true(tc.train.packed);
	assert_true(has_default(&tc, "packing: true (LLaMA-Factory default for stage pt)"));
	assert_int_equal(tc.evaluation, VP_TC_EVAL_NONE);
	assert_true(has_default(&tc, "val_size: 0 (LLaMA-Factory default: no evaluation split"));
	assert_true(has_default(&tc, "finetuning_type: lora (LLaMA-Factory default)"));
	assert_true(has_default(&tc, "lora_target: all"));
	resolve_ok(&tc, "llama-3.2-1b");
	assert_int_equal(tc.train.seq_len, 2048);
	assert_true(has_default(&tc, "cutoff_len: 2048 (LLaMA-Factory default)"));
	vp_trainconfig_free(&tc);
}

/* adapter.py casts the trainable parameters to fp32: a full fine-tune is
 * fp32 weights under autocast, or plain fp32 without bf16/fp16; pure_bf16
 * keeps everything, adapters included, in bf16; LoRA without a flag loads
 * the base in the GPU's 16-bit dtype and runs no autocast. */
static void llamafactory_dtype_follows_the_method(void **state)
{
	static const char full_bf16[] = "model_name_or_path: m\nfinetuning_type: full\nbf16: true\ndo_train: true\n";
	static const char full_plain[] = "model_name_or_path: m\nfinetuning_type: full\ndo_train: true\n";
	static const char pure[] = "model_name_or_path: m\nfinetuning_type: lora\npure_bf16: true\nbf16: true\ndo_train: true\n";
	static const char plain[] = "model_name_or_path: m\nfinetuning_type: lora\ndisable_gradient_checkpointing: true\ndo_train: true\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	struct vp_gpu g;
	struct vp_train t;

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", full_bf16, sizeof full_bf16 - 1, &err), 0);
	assert_int_equal(tc.train.method, VP_METHOD_FULL);
	assert_int_equal(tc.train.precision, VP_PREC_AMP_BF16);
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_parse(&tc, "b.yaml", full_plain, sizeof full_plain - 1, &err), 0);
	assert_int_equal(tc.train.precision, VP_PREC_FP32);
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_parse(&tc, "c.yaml", pure, sizeof pure - 1, &err), 0);
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	assert_true(tc.train.lora_16bit_adapters);
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_parse(&tc, "d.yaml", plain, sizeof plain - 1, &err), 0);
	assert_true(tc.train.no_autocast);
	assert_false(tc.train.grad_ckpt);
	assert_at(&tc, VP_TC_GRAD_CKPT, "disable_gradient_checkpointing", 3, 1);
	memset(&g, 0, sizeof g);
	g.bf16 = false;
	vp_trainconfig_train_for(&tc, &g, &t);
	assert_int_equal(t.precision, VP_PREC_FP16);
	g.bf16 = true;
	vp_trainconfig_train_for(&tc, &g, &t);
	assert_int_equal(t.precision, VP_PREC_BF16);
	vp_trainconfig_free(&tc);
}

/* LLaMA-Factory's prediction example (do_predict, no do_train, which
 * TrainingArguments defaults to false) trains nothing: the frozen model's
 * prediction alone, in the compute dtype, after no training, the remark at
 * do_predict and no note about DoRA, which no adapter trains */
static void llamafactory_without_do_train_only_predicts(void **state)
{
	static const char predict[] = "model_name_or_path: m\n"
				       "stage: sft\n"
				       "do_predict: true\n"
				       "finetuning_type: lora\n"
				       "use_dora: true\n"
				       "eval_dataset: d\n"
				       "per_device_eval_batch_size: 2\n"
				       "predict_with_generate: true\n"
				       "bf16: true\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "p.yaml", predict, sizeof predict - 1, &err), 0);
	assert_true(tc.eval_only);
	assert_int_equal(tc.train.method, VP_METHOD_FROZEN);
	assert_int_equal(tc.train.optimizer, VP_OPT_NONE);
	assert_false(tc.train.dora);
	assert_false(tc.train.grad_ckpt);
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	/* no do_eval: no evaluate() runs, only predict() */
	assert_int_equal(tc.evaluation, VP_TC_EVAL_NONE);
	assert_true(tc.predict.on);
	assert_string_equal(tc.predict.at.key, "do_predict");
	assert_int_equal(tc.eval_batch, 2);
	assert_string_equal(tc.eval_only_at.key, "do_predict");
	assert_int_equal(tc.eval_only_at.line, 3);
	assert_int_equal(tc.n_remarks, 1);
	assert_string_equal(tc.remarks[0].key, "do_predict");
	assert_false(has_default(&tc, "optim: adamw"));
	assert_false(has_default(&tc, "per_device_train_batch_size"));
	vp_trainconfig_free(&tc);
}

/* An hf config trains unless it says do_train: false (the example
 * scripts' gate; TRL's scripts train whatever it says) */
static void hf_trains_unless_do_train_false(void **state)
{
	static const char plain[] = "model_name_or_path: m\ndo_eval: true\n";
	static const char said[] = "model_name_or_path: m\ndo_eval: true\ndo_train: false\n";
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "a.yaml", plain, sizeof plain - 1, &err), 0);
	assert_false(tc.eval_only);
	assert_int_equal(tc.train.method, VP_METHOD_FULL);
	vp_trainconfig_free(&tc);
	assert_int_equal(vp_trainconfig_parse(&tc, "b.yaml", said, sizeof said - 1, &err), 0);
	assert_true(tc.eval_only);
	assert_int_equal(tc.train.method, VP_METHOD_FROZEN);
	assert_int_equal(tc.eval_only_at.line, 3);
	vp_trainconfig_free(&tc);
}

/* ---- DeepSpeed ---- */

static void deepspeed_example(void **state)
{
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	load_ok(&tc, EXAMPLES "seed004-deepspeed-zero2.json");
	assert_int_equal(tc.flavour, VP_TC_DEEPSPEED);
	assert_true(tc.json);
	assert_int_equal(tc.train.batch, 8);
	assert_int_equal(tc.train.grad_accum, 4);
	assert_int_equal(tc.train.gpus, 1);
	assert_int_equal(tc.train.zero_stage, 2);
	assert_int_equal(tc.train.precision, VP_PREC_FP16);
	assert_int_equal(tc.train.optimizer, VP_OPT_ADAMW_FUSED);
	assert_true(tc.train.grad_ckpt);
	assert_at(&tc, VP_TC_BATCH, "train_micro_batch_size_per_gpu", 2, 3);
	assert_at(&tc, VP_TC_ZERO, "zero_optimization.stage", 16, 5);
	assert_at(&tc, VP_TC_PRECISION, "fp16.enabled", 7, 5);
	assert_string_equal(tc.model, "tinyllama");
	assert_int_equal(tc.n_gpus, 2);
	/* overlap_comm and reduce_bucket_size (5e8) size ZeRO's gradient buffers */
	assert_null(find_note(tc.ignored, tc.n_ignored, "zero_optimization.overlap_comm"));
	assert_null(find_note(tc.ignored, tc.n_ignored, "zero_optimization.reduce_bucket_size"));
	assert_int_equal(tc.train.zero_bucket_elements, 500000000);
	assert_true(tc.train.zero_overlap_set && tc.train.zero_overlap);
	n = find_note(tc.ignored, tc.n_ignored, "zero_optimization.contiguous_gradients");
	assert_non_null(n);
	assert_int_equal(n->line, 18);
	assert_non_null(find_note(tc.ignored, tc.n_ignored, "optimizer.params"));
	assert_true(has_default(&tc, "eval batch: 8, the micro-batch"));
	resolve_ok(&tc, "tinyllama");
	assert_int_equal(tc.train.seq_len, 2048);
	vp_trainconfig_free(&tc);
}

static void deepspeed_batch_triple_gives_gpus(void **state)
{
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	load_ok(&tc, GOOD "deepspeed-total.json");
	assert_int_equal(tc.train.gpus, 2);
	assert_int_equal(tc.train.zero_stage, 3);
	assert_int_equal(tc.train.precision, VP_PREC_BF16);
	/* offload_param to the CPU at stage 3 is modelled (docs/memory-model.md
	 * "ZeRO-Offload"): read, and no note */
	n = find_note(tc.ignored, tc.n_ignored, "zero_optimization.offload_param");
	assert_null(n);
	assert_true(tc.train.zero_offload_param);
	assert_false(tc.train.zero_offload_optimizer);
	resolve_ok(&tc, "llama-3.2-1b");
	assert_true(has_default(&tc, "sequence length: 512 (vramplan default"));
	vp_trainconfig_free(&tc);

	load_ok(&tc, GOOD "deepspeed-auto.json");
	assert_int_equal(tc.train.batch, 4);
	assert_int_equal(tc.train.grad_accum, 1);
	assert_int_equal(tc.train.zero_stage, 1);
	assert_int_equal(tc.train.precision, VP_PREC_FP32);
	assert_true(has_default(&tc, "gradient_accumulation_steps: auto, counted as 1"));
	assert_true(has_default(&tc, "counted as fp32"));
	assert_true(has_default(&tc, "data-parallel GPUs: 1"));
	vp_trainconfig_free(&tc);
}

/* Parses a config given as text; fails the test on an error. */
static void parse_ok(struct vp_trainconfig *tc, const char *name, const char *text)
{
	struct vp_error err = {0};

	if (vp_trainconfig_parse(tc, name, text, strlen(text), &err) != 0)
		fail_msg("%s: %s", name, err.message);
}

/* do_predict: trainer.predict() after training, at the eval batch, over
 * the test set (max_predict_samples), keeping its predictions whatever
 * compute_metrics is (Trainer.predict passes no prediction_loss_only, so
 * evaluation_loop takes args.prediction_loss_only), its generation the
 * evaluation's (tc_settle.c settle_predict) */
static void hf_do_predict_is_its_own_pass(void **state)
{
	static const char both[] = "model_name_or_path: m\n"
				   "do_train: true\n"
				   "do_eval: true\n"
				   "do_predict: true\n"
				   "per_device_eval_batch_size: 16\n"
				   "predict_with_generate: true\n"
				   "generation_num_beams: 4\n"
				   "max_eval_samples: 100\n"
				   "max_predict_samples: 2000\n";
	static const char loss_only[] = "model_name_or_path: m\n"
					"do_predict: true\n"
					"prediction_loss_only: true\n";
	static const char no_predict[] = "model_name_or_path: m\n"
					 "do_predict: false\n"
					 "max_predict_samples: 50\n";
	static const char predict_only[] = "model_name_or_path: m\n"
					   "do_train: false\n"
					   "do_predict: true\n";
	static const char eval_and_predict[] = "model_name_or_path: m\n"
					       "do_train: false\n"
					       "eval_strategy: steps\n"
					       "do_predict: true\n";
	struct vp_trainconfig tc;
	const struct vp_tc_note *n;

	(void)state;
	parse_ok(&tc, "p.yaml", both);
	assert_true(tc.predict.on);
	assert_false(tc.eval_only);
	/* the evaluation as before: predict() changes nothing of it */
	assert_int_equal(tc.evaluation, VP_TC_EVAL_ASSUMED);
	assert_string_equal(tc.predict.at.key, "do_predict");
	assert_int_equal(tc.predict.at.line, 4);
	assert_int_equal(tc.predict.samples, 2000);
	assert_string_equal(tc.predict.samples_at.key, "max_predict_samples");
	assert_int_equal(tc.predict.samples_at.line, 9);
	assert_int_equal(tc.predict.samples_at.column, 1);
	assert_int_equal(tc.eval.eval_samples, 100);
	assert_int_equal(tc.predict.predictions, VP_PREDS_LOGITS);
	resolve_ok(&tc, "t5-small");
	/* the evaluation's step, over its own set */
	assert_true(tc.predict.opts.generate);
	assert_int_equal(tc.predict.opts.num_beams, 4);
	assert_int_equal(tc.predict.opts.max_new_tokens, tc.eval.max_new_tokens);
	assert_int_equal(tc.predict.opts.eval_samples, 2000);
	assert_int_equal(tc.eval.eval_samples, 100);
	vp_trainconfig_free(&tc);

	/* prediction_loss_only holds for predict() too: the loss alone */
	parse_ok(&tc, "l.yaml", loss_only);
	assert_true(tc.predict.on);
	assert_int_equal(tc.predict.predictions, VP_PREDS_NONE);
	assert_int_equal(tc.predict.samples, 0);
	assert_int_equal(tc.predict.samples_at.line, 0);
	vp_trainconfig_free(&tc);

	/* no prediction runs: max_predict_samples is read, and said unused */
	parse_ok(&tc, "n.yaml", no_predict);
	assert_false(tc.predict.on);
	n = find_note(tc.ignored, tc.n_ignored, "max_predict_samples");
	assert_non_null(n);
	assert_int_equal(n->line, 3);
	assert_non_null(strstr(n->text, "no do_predict: true"));
	vp_trainconfig_free(&tc);

	/* a run that only predicts evaluates nothing; with an eval_strategy
	 * (do_eval, TrainingArguments.__post_init__) it does both */
	parse_ok(&tc, "o.yaml", predict_only);
	assert_true(tc.eval_only);
	assert_true(tc.predict.on);
	assert_int_equal(tc.evaluation, VP_TC_EVAL_NONE);
	vp_trainconfig_free(&tc);
	parse_ok(&tc, "e.yaml", eval_and_predict);
	assert_true(tc.eval_only);
	assert_true(tc.predict.on);
	assert_int_equal(tc.evaluation, VP_TC_EVAL_AFTER);
	vp_trainconfig_free(&tc);
}

/* max_predict_samples is validated as max_eval_samples is: a whole number
 * of at least 1 and at most VP_MAX_SAMPLES, else an input error at its
 * value naming it */
static void max_predict_samples_is_validated(void **state)
{
	static const char *const bad[] = {
		"model_name_or_path: m\ndo_predict: true\nmax_predict_samples: 0\n",
		"model_name_or_path: m\ndo_predict: true\nmax_predict_samples: many\n",
		"model_name_or_path: m\ndo_predict: true\nmax_predict_samples: -5\n",
		"model_name_or_path: m\ndo_predict: true\nmax_predict_samples: 2000000000000\n",
	};
	struct vp_trainconfig tc;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct vp_error err = {0};

		assert_int_equal(vp_trainconfig_parse(&tc, "b.yaml", bad[i], strlen(bad[i]), &err), -1);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_int_equal(err.line, 3);
		assert_int_equal(err.column, 22);
		assert_non_null(strstr(err.message, "max_predict_samples"));
	}
	/* null is unset, as the scripts' default None */
	parse_ok(&tc, "z.yaml", "model_name_or_path: m\ndo_predict: true\nmax_predict_samples: null\n");
	assert_int_equal(tc.predict.samples, 0);
	vp_trainconfig_free(&tc);
}

/* What the real-config corpus found (tests/data/trainconfig/corpus,
 * tests/cli/check/real-config-corpus.sh), each on a file of a few lines. */
static void corpus_findings_are_read(void **state)
{
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	const struct vp_tc_note *n;
	static const char legacy_offload[] =
		"{\"train_batch_size\": 4, \"fp16\": {\"enabled\": true, \"fp16_master_weights_and_grads\": true},\n"
		" \"zero_optimization\": {\"stage\": 2, \"cpu_offload\": true}}\n";
	static const char both_offloads[] =
		"{\"train_batch_size\": 4, \"zero_optimization\": {\"stage\": 2, \"cpu_offload\": true,\n"
		" \"offload_optimizer\": {\"device\": \"cpu\"}}}\n";

	(void)state;
	/* DeepSpeed's deprecated cpu_offload is offload_optimizer {device: cpu}
	 * (DeepSpeedExamples cifar/ds_config.json); fp16 master weights noted */
	parse_ok(&tc, "cifar.json", legacy_offload);
	assert_true(tc.train.zero_offload_optimizer);
	assert_null(find_note(tc.ignored, tc.n_ignored, "zero_optimization.cpu_offload"));
	n = find_note(tc.ignored, tc.n_ignored, "fp16.fp16_master_weights_and_grads");
	assert_non_null(n);
	assert_non_null(strstr(n->text, "not modelled"));
	vp_trainconfig_free(&tc);
	parse_ok(&tc, "param.json",
		 "{\"train_batch_size\": 4, \"zero_optimization\": {\"stage\": 3, \"cpu_offload_param\": true}}\n");
	assert_true(tc.train.zero_offload_param);
	assert_false(tc.train.zero_offload_optimizer);
	vp_trainconfig_free(&tc);
	parse_ok(&tc, "off.json", "{\"train_batch_size\": 4, \"zero_optimization\": {\"stage\": 2, \"cpu_offload\": false}}\n");
	assert_false(tc.train.zero_offload_optimizer);
	vp_trainconfig_free(&tc);
	/* both names: DeepSpeed asserts, so an error at the old one */
	assert_int_equal(vp_trainconfig_parse(&tc, "both.json", both_offloads, strlen(both_offloads), &err), -1);
	assert_non_null(strstr(err.message, "Cannot provide deprecated parameter"));
	assert_int_equal(err.line, 1);

	/* axolotl: lora_target_linear adds every linear layer to the list,
	 * in either order (loaders/adapter.py load_lora) */
	parse_ok(&tc, "a.yml", "base_model: llama-3.2-1b\nadapter: lora\nlora_target_linear: true\n"
				 "lora_target_modules: [q_proj, v_proj]\n");
	assert_true(tc.train.lora_all_linear);
	vp_trainconfig_free(&tc);
	parse_ok(&tc, "b.yml", "base_model: llama-3.2-1b\nadapter: lora\nlora_target_modules: [q_proj, v_proj]\n"
				 "lora_target_linear: true\n");
	assert_true(tc.train.lora_all_linear);
	vp_trainconfig_free(&tc);

	/* a null unfrozen_parameters is the key itself, not a misspelling;
	 * the callbacks that generate in evaluation are noted (with an
	 * evaluation split and a logger: without either nothing generates) */
	parse_ok(&tc, "c.yml", "base_model: llama-3.2-1b\nunfrozen_parameters:\neval_table_size: 5\n"
				 "do_causal_lm_eval: true\nval_set_size: 0.05\nwandb_project: p\n");
	n = find_note(tc.ignored, tc.n_ignored, "unfrozen_parameters");
	assert_non_null(n);
	assert_null(strstr(n->text, "did you mean"));
	n = find_note(tc.ignored, tc.n_ignored, "eval_table_size");
	assert_non_null(n);
	assert_non_null(strstr(n->text, "LogPredictionCallback"));
	n = find_note(tc.ignored, tc.n_ignored, "do_causal_lm_eval");
	assert_non_null(n);
	assert_non_null(strstr(n->text, "CausalLMBenchEvalCallback"));
	assert_int_equal(find_note(tc.ignored, tc.n_ignored, "do_causal_lm_eval")->bound, VP_TC_BOUND_UNDER);
	vp_trainconfig_free(&tc);
	/* without an evaluation split axolotl evaluates nothing: no bound */
	parse_ok(&tc, "c2.yml", "base_model: llama-3.2-1b\ndo_causal_lm_eval: true\n");
	assert_int_equal(find_note(tc.ignored, tc.n_ignored, "do_causal_lm_eval")->bound, VP_TC_BOUND_NONE);
	vp_trainconfig_free(&tc);
	parse_ok(&tc, "d.yml", "base_model: llama-3.2-1b\neval_table_size: 0\ndo_causal_lm_eval: false\n");
	assert_string_equal(find_note(tc.ignored, tc.n_ignored, "eval_table_size")->text, "");
	assert_string_equal(find_note(tc.ignored, tc.n_ignored, "do_causal_lm_eval")->text, "");
	vp_trainconfig_free(&tc);
}

/* A total batch with one of the micro-batch and the accumulation gives the
 * other, at the total's position. DeepSpeed: train_batch_size = micro x
 * accumulation x GPUs, one GPU unless said, the total alone being the
 * micro-batch; axolotl normalize_config: batch_size with micro_batch_size or
 * gradient_accumulation_steps. */
static void total_batch_gives_the_missing_micro_batch_or_accumulation(void **state)
{
	static const struct {
		const char *name, *text;
		enum vp_tc_flavour flavour;
		uint64_t batch, accum;
		enum vp_tc_setting derived; /* the setting that points at the total */
		const char *key;
		unsigned long line, column;
	} cases[] = {
		{"a.json", "{\"train_batch_size\": 32,\n \"gradient_accumulation_steps\": 4}", VP_TC_DEEPSPEED, 8, 4,
		 VP_TC_BATCH, "train_batch_size", 1, 2},
		{"b.json", "{\"train_batch_size\": 64, \"train_micro_batch_size_per_gpu\": 8}", VP_TC_DEEPSPEED, 8, 8,
		 VP_TC_GRAD_ACCUM, "train_batch_size", 1, 2},
		{"c.json", "{\"train_batch_size\": 16}", VP_TC_DEEPSPEED, 16, 1, VP_TC_BATCH, "train_batch_size", 1, 2},
		{"e.yaml", "base_model: t5-small\nbatch_size: 32\nmicro_batch_size: 4\n", VP_TC_AXOLOTL, 4, 8,
		 VP_TC_GRAD_ACCUM, "batch_size", 2, 1},
		{"f.yaml", "base_model: t5-small\nbatch_size: 32\ngradient_accumulation_steps: 4\n", VP_TC_AXOLOTL, 8, 4,
		 VP_TC_BATCH, "batch_size", 2, 1},
	};
	static const char bad[] = "{\"train_batch_size\": 30, \"train_micro_batch_size_per_gpu\": 4}";
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		parse_ok(&tc, cases[i].name, cases[i].text);
		assert_int_equal(tc.flavour, cases[i].flavour);
		assert_int_equal(tc.train.batch, cases[i].batch);
		assert_int_equal(tc.train.grad_accum, cases[i].accum);
		assert_at(&tc, cases[i].derived, cases[i].key, cases[i].line, cases[i].column);
		vp_trainconfig_free(&tc);
	}
	/* a total the micro-batch does not divide is an error at the total */
	assert_int_equal(vp_trainconfig_parse(&tc, "d.json", bad, strlen(bad), &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_int_equal(err.line, 1);
	assert_int_equal(err.column, 2);
	assert_non_null(strstr(err.message, "'train_batch_size' 30 is not divisible by 4 x 1 GPUs"));
}

static void deepspeed_auto_batch_is_refused_when_checked(void **state)
{
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	/* read for its ZeRO stage (an hf config's deepspeed: file) ... */
	load_ok(&tc, BAD "ds-auto-batch.json");
	assert_true(tc.batch_auto);
	assert_int_equal(tc.train.zero_stage, 2);
	/* ... but not checked on its own */
	assert_int_equal(vp_trainconfig_resolve(&tc, vp_catalog_find_model(&cat, "t5-small"), &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.column, 3);
	assert_non_null(strstr(err.message, "'train_micro_batch_size_per_gpu' is 'auto'"));
	vp_trainconfig_free(&tc);
}

static void relative_paths_follow_the_config(void **state)
{
	struct vp_trainconfig tc;
	char buf[1100];

	(void)state;
	memset(&tc, 0, sizeof tc);
	snprintf(tc.file, sizeof tc.file, "configs/train/a.yaml");
	vp_trainconfig_relative_path(&tc, "../models/config.json", buf, sizeof buf);
	assert_string_equal(buf, "configs/train/../models/config.json");
	vp_trainconfig_relative_path(&tc, "/abs/config.json", buf, sizeof buf);
	assert_string_equal(buf, "/abs/config.json");
	snprintf(tc.file, sizeof tc.file, "a.yaml");
	vp_trainconfig_relative_path(&tc, "m/config.json", buf, sizeof buf);
	assert_string_equal(buf, "m/config.json");
	assert_string_equal(vp_tc_flavour_name(VP_TC_AXOLOTL), "axolotl");
}

static void text_and_buffer_agree(void **state)
{
	struct vp_trainconfig tc;
	struct vp_error err = {0};
	static const char text[] = "\xEF\xBB\xBF  {\"per_device_train_batch_size\": 3}";

	(void)state;
	assert_int_equal(vp_trainconfig_parse(&tc, "x.json", text, sizeof text - 1, &err), 0);
	assert_true(tc.json);
	assert_int_equal(tc.train.batch, 3);
	assert_int_equal(tc.at[VP_TC_BATCH].line, 1);
	assert_int_equal(tc.at[VP_TC_BATCH].column, 7);
	assert_string_equal(tc.model, "");
	vp_trainconfig_free(&tc);

	assert_int_equal(vp_trainconfig_load(&tc, BAD "does-not-exist.yaml", &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	assert_int_equal(tc.n_ignored, 0);
}

/* DeepSpeedZeroConfig's gather_16bit_weights_on_model_save, under its
 * own name, its alias stage3_gather_16bit_weights_on_model_save or the
 * deprecated stage3_gather_fp16_weights_on_model_save (deepspeed/runtime/
 * zero/config.py), in a DeepSpeed file or a trainer's deepspeed: mapping:
 * read, no longer an ignored key; "auto" and false gather nothing. */
static void zero3_gather_on_save_is_read_under_each_name(void **state)
{
	static const char *const values[] = {
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3, "
		"\"stage3_gather_16bit_weights_on_model_save\": true}}",
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3, "
		"\"gather_16bit_weights_on_model_save\": true}}",
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3, "
		"\"stage3_gather_fp16_weights_on_model_save\": true}}",
		"model_name_or_path: gpt2\ndeepspeed:\n  zero_optimization:\n    stage: 3\n"
		"    stage3_gather_16bit_weights_on_model_save: true\n",
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3, "
		"\"stage3_gather_16bit_weights_on_model_save\": \"auto\"}}",
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3, "
		"\"stage3_gather_16bit_weights_on_model_save\": false}}",
		"{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 3}}",
	};
	struct vp_trainconfig tc;
	struct vp_error err = {0};

	(void)state;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		if (vp_trainconfig_parse(&tc, i == 3 ? "hf.yaml" : "ds.json", values[i], strlen(values[i]), &err) != 0)
			fail_msg("%zu: %s", i, err.message);
		assert_int_equal(tc.train.zero_stage, 3);
		assert_int_equal(tc.train.zero_gather_save, i < 4);
		for (size_t k = 0; k < tc.n_ignored; k++)
			assert_null(strstr(tc.ignored[k].key, "weights_on_model_save"));
		vp_trainconfig_free(&tc);
	}
}

/* ---- bad files: one diagnostic each ---- */

static const struct {
	const char *file;
	unsigned long line, column;
	const char *needle;
} bad[] = {
	{"syntax.yaml", 3, 5, "invalid YAML"},
	{"syntax.json", 3, 35, "invalid JSON: a trailing comma: JSON allows none before '}'"}, /* the comma, not where cJSON stopped */
	{"json-trailing.json", 2, 1, "unexpected text after the JSON object"},
	{"string-batch.yaml", 2, 30, "expected a whole number for 'per_device_train_batch_size', found the string '20'"},
	{"negative-batch.yaml", 2, 29, "'per_device_eval_batch_size' must be at least 1, found -4"},
	{"fraction-batch.json", 3, 34, "expected a whole number for 'per_device_train_batch_size', found '8.0'"},
	{"huge-batch.yaml", 2, 30, "is too large"},
	{"lora-dropout-range.yaml", 4, 15, "expected a number from 0 to 1 for 'lora_dropout'"},
	/* libyaml's mark is one line past a text without a final newline */
	{"eof-no-newline.yaml", 4, 5, "could not find expected ':'"},
	{"unknown-optim.yaml", 2, 8, "unknown or unmodelled optimizer 'adamw_foo'"},
	{"unknown-attn.yaml", 2, 22, "unknown 'attn_implementation' value 'paged'"},
	{"bool-type.yaml", 2, 25, "expected true or false for 'gradient_checkpointing', found 'maybe'"},
	/* OmegaConf (LLaMA-Factory) and DeepSpeed refuse a key given twice */
	{"lf-duplicate-key.yaml", 4, 1, "duplicate key 'per_device_train_batch_size' (first given at line 3)"},
	{"ds-duplicate-key.json", 3, 37, "duplicate key 'stage' (first given at line 3)"},
	{"two-documents.yaml", 3, 1, "a second YAML document"},
	{"top-level-list.yaml", 1, 1, "expected a mapping of trainer keys at the top level, found a list"},
	{"empty.yaml", 0, 0, "empty training config"},
	{"merge-key.yaml", 4, 1, "merge keys"},
	{"vramplan-unknown-key.yaml", 4, 3, "unknown key 'gpus_memory' in 'vramplan'"},
	{"vramplan-not-mapping.yaml", 2, 11, "expected a mapping for 'vramplan', found a list"},
	{"vramplan-util.yaml", 3, 9, "value '1.5' for vramplan.util is out of range"},
	{"vramplan-memory-fraction.yaml", 3, 20, "'vramplan.memory_fraction' must be in (0, 1], found 0"},
	{"vramplan-host-ram.yaml", 3, 13, "invalid size '60XB' for vramplan.host_ram"},
	{"prefetch-without-workers.yaml", 2, 1, "'dataloader_prefetch_factor' needs dataloader_num_workers > 0"},
	{"vramplan-dataset-ram.yaml", 3, 16, "expected a size such as 60GB for 'vramplan.dataset_ram', found a list"},
	{"vramplan-method-frozen.yaml", 3, 11, "'vramplan.method: frozen' trains nothing"},
	{"fp16-and-bf16.yaml", 3, 1, "'bf16' and 'fp16' cannot both be true"},
	{"quantized-full.yaml", 2, 1, "'load_in_4bit' without use_peft"},
	{"four-and-eight-bit.yaml", 2, 1, "'load_in_4bit' and 'load_in_8bit' cannot both be true"},
	{"targets-mapping.yaml", 2, 22, "expected a module name or a list of them for 'lora_target_modules'"},
	{"axolotl-qlora-no-4bit.yaml", 3, 1, "'adapter: qlora' needs 'load_in_4bit: true'"},
	{"lf-freeze.yaml", 3, 18, "'finetuning_type: freeze' is not modelled"},
	{"lf-dpo.yaml", 2, 8, "'stage: dpo' is not modelled"},
	{"lf-quant-bits.yaml", 3, 19, "'quantization_bit: 2' is not modelled"},
	{"lf-quantized-full.yaml", 3, 1, "quantization is only compatible with LoRA"},
	{"lf-flash-attn.yaml", 3, 13, "unknown 'flash_attn' value 'fa3'"},
	{"lf-quant-method.yaml", 3, 22, "'quantization_method: hqq' is not modelled"},
	{"axolotl-adapter.yaml", 3, 10, "unsupported adapter 'ia3'"},
	{"ds-bad-total.json", 2, 3, "'train_batch_size' 30 is not"},
	{"ds-stage.json", 4, 14, "'zero_optimization.stage' must be 0, 1, 2 or 3, found 5"},
};

static void bad_files_fail_at_their_position(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct vp_trainconfig tc;
		struct vp_error err = {0};
		char path[512];

		snprintf(path, sizeof path, BAD "%s", bad[i].file);
		if (vp_trainconfig_load(&tc, path, &err) != -1)
			fail_msg("%s: loaded", bad[i].file);
		if (strstr(err.message, bad[i].needle) == NULL)
			fail_msg("%s: message lacks '%s': %s", bad[i].file, bad[i].needle, err.message);
		if (err.line != bad[i].line || err.column != bad[i].column)
			fail_msg("%s: error at %lu:%lu, expected %lu:%lu: %s", bad[i].file, err.line, err.column,
				 bad[i].line, bad[i].column, err.message);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_string_equal(err.file, path);
		/* house style: lower-case first word (or a quote), no final period */
		assert_true(err.message[0] == '\'' || (err.message[0] >= 'a' && err.message[0] <= 'z'));
		assert_true(err.message[strlen(err.message) - 1] != '.');
		/* a failed load leaves nothing to free */
		assert_null(tc.ignored);
		assert_null(tc.defaults);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed000_stage3_is_read_with_positions),
		cmocka_unit_test(unmodelled_keys_carry_their_bound),
		cmocka_unit_test(llamafactory_use_dora_sets_dora),
		cmocka_unit_test(seed000_stage1_has_32_workers),
		cmocka_unit_test(hf_defaults_are_stated),
		cmocka_unit_test(hf_trl_defaults_only_for_trl_files),
		cmocka_unit_test(hf_json_positions_survive_escapes_and_nesting),
		cmocka_unit_test(nonreentrant_checkpointing_remarked_over_a_base_keeping_inputs),
		cmocka_unit_test(vramplan_block_wins_over_trainer_keys),
		cmocka_unit_test(vramplan_allocator_settings_hold_for_a_full_fine_tune),
		cmocka_unit_test(the_dataloader_keys_are_read),
		cmocka_unit_test(causal_lm_adds_source_and_target),
		cmocka_unit_test(axolotl_seed003_example),
		cmocka_unit_test(axolotl_kbit_cast_back_follows_module_names),
		cmocka_unit_test(axolotl_bf16_auto_is_decided_per_gpu),
		cmocka_unit_test(axolotl_bf16_loads_16_bit_weights_and_casts_a_quantized_base_back),
		cmocka_unit_test(one_and_zero_are_booleans),
		cmocka_unit_test(whole_numbers_are_read_as_pyyaml_reads_them),
		cmocka_unit_test(json_numbers_follow_rfc_8259),
		cmocka_unit_test(negative_zeros_are_zero),
		cmocka_unit_test(a_key_given_twice_is_its_last_copy_where_the_loader_keeps_it),
		cmocka_unit_test(torchaos_8bit_adamw_is_its_own_optimizer),
		cmocka_unit_test(train_batch_size_beside_a_model_is_not_deepspeed),
		cmocka_unit_test(axolotl_lora_dropout_defaults_to_zero),
		cmocka_unit_test(llamafactory_lora_sft_is_read_with_its_keys),
		cmocka_unit_test(llamafactory_defaults_are_its_own),
		cmocka_unit_test(llamafactory_needs_keys_of_its_own),
		cmocka_unit_test(llamafactory_dtype_follows_the_method),
		cmocka_unit_test(llamafactory_without_do_train_only_predicts),
		cmocka_unit_test(hf_do_predict_is_its_own_pass),
		cmocka_unit_test(max_predict_samples_is_validated),
		cmocka_unit_test(hf_trains_unless_do_train_false),
		cmocka_unit_test(deepspeed_example),
		cmocka_unit_test(deepspeed_batch_triple_gives_gpus),
		cmocka_unit_test(deepspeed_auto_batch_is_refused_when_checked),
		cmocka_unit_test(corpus_findings_are_read),
		cmocka_unit_test(total_batch_gives_the_missing_micro_batch_or_accumulation),
		cmocka_unit_test(relative_paths_follow_the_config),
		cmocka_unit_test(text_and_buffer_agree),
		cmocka_unit_test(bad_files_fail_at_their_position),
		cmocka_unit_test(command_line_settings_win_over_the_file),
		cmocka_unit_test(torchtune_and_litgpt_configs_give_the_estimate_command),
		cmocka_unit_test(litgpt_lora_switches_count_the_linears_litgpt_adapts),
		cmocka_unit_test(zero3_gather_on_save_is_read_under_each_name),
	};
	return cmocka_run_group_tests_name("trainconfig", tests, load_catalog, free_catalog);
}
