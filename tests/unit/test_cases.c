/*
 * The measured-cases reader (src/cases.c): the shared schema read key by key,
 * what a null or absent key becomes, the PyTorch era read from the keys, and
 * a bad value refused at its line and column.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vramplan/cases.h"

#define CASES VP_TEST_DATA "/cases/"
#define SHARED VP_TEST_DATA "/groundtruth/cases.yaml"

static void load_ok(struct vp_case_list *l, const char *path)
{
	struct vp_error err = {0};
	char buf[1200];

	if (vp_cases_load(l, path, &err) != 0) {
		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
}

static const struct vp_case *find(const struct vp_case_list *l, const char *id)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->cases[i].id, id) == 0)
			return &l->cases[i];
	fail_msg("no case '%s'", id);
	return NULL;
}

/* Every case of the shared file, with its keys as written. */
static void the_shared_cases_are_read_key_by_key(void **state)
{
	struct vp_case_list l;
	const struct vp_case *c;

	(void)state;
	load_ok(&l, SHARED);
	assert_int_equal(l.n, 51);

	/* a load-only calibration point: no step, nothing trained */
	c = find(&l, "HF-BERT-00");
	assert_false(c->has_step);
	assert_int_equal(c->train.method, VP_METHOD_FROZEN);
	assert_int_equal(c->train.optimizer, VP_OPT_NONE);
	assert_false(c->optimizer_unstated);
	assert_int_equal(c->metric, VP_METRIC_DEVICE);
	/* frozen: the run's own code calls the model, so its forward
	 * builds the KV cache its config asks for (train.h
	 * direct_forward); HF Trainer's and torchtune's steps do not */
	assert_true(c->train.direct_forward);
	assert_false(find(&l, "HF-BERT-01")->train.direct_forward);
	assert_false(find(&l, "TT-L2-01")->train.direct_forward);

	c = find(&l, "TT-L32-06");
	assert_true(c->has_step);
	assert_int_equal(c->train.batch, 2);
	assert_int_equal(c->train.seq_len, 4096);
	assert_true(c->train.packed);
	assert_int_equal(c->train.precision, VP_PREC_BF16);
	assert_true(c->train.optimizer_in_backward);
	assert_true(c->train.grad_ckpt);
	assert_true(c->train.compile);
	assert_int_equal(c->train.loss, VP_LOSS_CHUNKED);
	assert_int_equal(c->metric, VP_METRIC_ALLOCATED);
	assert_true(c->measured_gib == 23.1);
	assert_string_equal(c->gpu, "a100-80gb");
	/* the config resolves beside the cases file */
	assert_non_null(strstr(c->config_path, "groundtruth/configs/llama-3.2-3b.json"));

	c = find(&l, "QW-1.8B-QLoRA-256");
	assert_int_equal(c->train.method, VP_METHOD_QLORA);
	assert_int_equal(c->train.quant, VP_QUANT_GPTQ_INT4);
	assert_int_equal(c->train.zero_stage, 2);
	assert_int_equal(c->train.grad_accum, 8);
	assert_int_equal(c->train.lora_r, 64);
	assert_int_equal(c->train.n_lora_targets, 4);
	assert_int_equal(c->metric, VP_METRIC_NONE);
	vp_cases_free(&l);
	assert_null(l.cases);
}

/* framework is information only: a frozen case is the run's own forward
 * and a training case the trainer's, whatever framework each names (until
 * 2026-11-30 framework: other made any case a direct forward). */
static void framework_is_information_only(void **state)
{
	struct vp_case_list l;

	(void)state;
	load_ok(&l, CASES "framework-information.yaml");
	assert_int_equal(l.n, 4);
	assert_true(find(&l, "FROZEN-TRAINER")->train.direct_forward);
	assert_true(find(&l, "FROZEN-OTHER")->train.direct_forward);
	assert_false(find(&l, "LORA-TRAINER")->train.direct_forward);
	assert_false(find(&l, "LORA-OTHER")->train.direct_forward);
	assert_int_equal(find(&l, "FROZEN-OTHER")->train.method, VP_METHOD_FROZEN);
	vp_cases_free(&l);
}

/* head, attn, loss and, on a case that trains, the optimizer take the
 * documented defaults and remember that they did; without a precision the
 * case cannot be estimated; a null LoRA rank is PEFT's 8. */
static void unstated_keys_take_their_documented_defaults(void **state)
{
	struct vp_case_list l;
	const struct vp_case *c;

	(void)state;
	load_ok(&l, CASES "unstated-keys.yaml");
	c = find(&l, "UNSTATED-ATTN-LOSS");
	assert_true(c->attn_unstated && c->loss_unstated);
	assert_int_equal(c->train.attn, VP_ATTN_SDPA);
	assert_int_equal(c->train.loss, VP_LOSS_STANDARD);
	assert_false(c->optimizer_unstated);

	c = find(&l, "UNSTATED-OPTIMIZER");
	assert_true(c->optimizer_unstated);
	assert_int_equal(c->train.optimizer, VP_OPT_ADAMW);
	assert_false(c->attn_unstated);

	c = find(&l, "UNSTATED-HEAD");
	assert_true(c->head_unstated);

	c = find(&l, "UNSTATED-PRECISION");
	assert_true(c->precision_unstated);

	c = find(&l, "UNSTATED-LORA-RANK");
	assert_true(c->lora_r_unstated);
	assert_int_equal(c->train.lora_r, 8);

	c = find(&l, "UNSTATED-MEASURED");
	assert_true(c->measured_unstated);
	vp_cases_free(&l);
}

/* A case with no pytorch key is read as run on the oldest PyTorch its keys
 * allow: eager attention 1.x, SDPA 2.0, expandable segments 2.1 or later;
 * a stated version wins. */
static void the_pytorch_era_follows_the_keys(void **state)
{
	struct vp_case_list l;

	(void)state;
	load_ok(&l, CASES "pytorch-era.yaml");
	assert_int_equal(find(&l, "ERA-UNSTATED-EAGER")->train.pytorch, VP_PYTORCH_1);
	assert_int_equal(find(&l, "ERA-UNSTATED-SDPA")->train.pytorch, VP_PYTORCH_2_0);
	assert_int_equal(find(&l, "ERA-UNSTATED-EXPANDABLE")->train.pytorch, VP_PYTORCH_2_1);
	assert_false(find(&l, "ERA-UNSTATED-SDPA")->pytorch_stated);
	assert_true(find(&l, "ERA-2.11")->pytorch_stated);
	assert_int_equal(find(&l, "ERA-2.11")->train.pytorch, VP_PYTORCH_CURRENT);
	assert_int_equal(find(&l, "ERA-2.0.1")->train.pytorch, VP_PYTORCH_2_0);
	assert_int_equal(find(&l, "ERA-BARE-2")->train.pytorch, VP_PYTORCH_2_0);
	vp_cases_free(&l);
}

/* Unstated, a case ran a bitsandbytes before 0.43.2 (its 4-bit layers keep
 * their inputs) in a loop that keeps the last step's graph, the safe side;
 * a stated version or loop wins. */
/* The label_smoothing_factor extension key: the HF Trainer's LabelSmoother;
 * absent or null, 0 (the model's own loss). */
static void label_smoothing_is_read_and_defaults_to_off(void **state)
{
	struct vp_case_list l;

	(void)state;
	load_ok(&l, CASES "label-smoothing.yaml");
	assert_true(find(&l, "LS-UNSTATED")->train.label_smoothing == 0.0);
	assert_true(find(&l, "LS-0.1")->train.label_smoothing == 0.1);
	assert_true(find(&l, "LS-NULL")->train.label_smoothing == 0.0);
	vp_cases_free(&l);
}

/* The use_dora extension key: PEFT's LoraConfig(use_dora=True); absent or
 * null, false. */
static void use_dora_is_read_and_defaults_to_off(void **state)
{
	struct vp_case_list l;

	(void)state;
	load_ok(&l, CASES "dora.yaml");
	assert_false(find(&l, "DORA-UNSTATED")->train.dora);
	assert_true(find(&l, "DORA-TRUE")->train.dora);
	assert_false(find(&l, "DORA-FALSE")->train.dora);
	assert_false(find(&l, "DORA-NULL")->train.dora);
	vp_cases_free(&l);
}

static void the_bitsandbytes_era_and_the_loop_default_to_the_safe_side(void **state)
{
	struct vp_case_list l;
	const struct vp_case *c;

	(void)state;
	load_ok(&l, CASES "bnb-and-loop.yaml");
	c = find(&l, "BNB-UNSTATED");
	assert_int_equal(c->train.bnb, VP_BNB_BEFORE_0_43_2);
	assert_false(c->train.graph_freed_between_steps);
	assert_false(c->bnb_stated);
	assert_false(c->graph_stated);
	c = find(&l, "BNB-0.45.5-FREED");
	assert_int_equal(c->train.bnb, VP_BNB_CURRENT);
	assert_true(c->train.graph_freed_between_steps);
	assert_true(c->bnb_stated);
	assert_true(c->graph_stated);
	c = find(&l, "BNB-0.43.1-KEPT");
	assert_int_equal(c->train.bnb, VP_BNB_BEFORE_0_43_2);
	assert_false(c->train.graph_freed_between_steps);
	assert_true(c->graph_stated);
	c = find(&l, "BNB-0.43.2-NULL");
	assert_int_equal(c->train.bnb, VP_BNB_CURRENT);
	assert_false(c->train.graph_freed_between_steps);
	assert_false(c->graph_stated);
	vp_cases_free(&l);
}

/* QLoRA naming no quantized base is the QLoRA paper's NF4. */
static void qlora_without_a_quantization_is_nf4(void **state)
{
	struct vp_case_list l;
	const struct vp_case *c;

	(void)state;
	load_ok(&l, CASES "qlora-quant-null.yaml");
	c = find(&l, "QLORA-QUANT-NULL");
	assert_int_equal(c->train.method, VP_METHOD_QLORA);
	assert_int_equal(c->train.quant, VP_QUANT_NF4);
	assert_true(c->quant_inferred);
	vp_cases_free(&l);
}

/* A full fine-tune over a stated quantized base cannot run (the CLI
 * refuses --quant with --method full): unsupported, with the reason at
 * the quant value; quant none and adapters over a quantized base read as
 * before. */
static void a_full_fine_tune_over_a_quantized_base_is_unexpressible(void **state)
{
	static const struct {
		const char *id, *reason;
	} rows[] = {
		{"FULL-NF4", "'quant: nf4' with 'method: full': a quantized base is not trained (method lora, qlora or "
			     "frozen) (line 27, column 10)"},
		{"FULL-GPTQ", "'quant: gptq-int4' with 'method: full'"},
		{"FULL-INT8", "'quant: int8' with 'method: full'"},
		{"FULL-NONE", ""},
		{"LORA-INT8", ""},
		{"QLORA-NF4", ""},
	};
	struct vp_case_list l;

	(void)state;
	load_ok(&l, CASES "full-over-quant.yaml");
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct vp_case *c = find(&l, rows[i].id);

		if (strncmp(c->unexpressible, rows[i].reason, strlen(rows[i].reason)) != 0 ||
		    (rows[i].reason[0] == '\0' && c->unexpressible[0] != '\0'))
			fail_msg("%s: '%s', expected '%s'", rows[i].id, c->unexpressible, rows[i].reason);
	}
	vp_cases_free(&l);
}

/* The file is read as yaml.safe_load reads it (PyYAML, YAML 1.1), the
 * values checked being what Python's yaml.safe_load gives for
 * yaml-styles.yaml: merge keys ('<<') bring their mapping's keys, the
 * case's own and then a list's first mapping winning; yes/True/Off/FALSE
 * are booleans and Null/NULL null; module names may be one string of them
 * separated by commas, and "all-linear" may be an entry of the list. */
static void yaml_is_read_as_yaml_safe_load_reads_it(void **state)
{
	struct vp_case_list l;
	const struct vp_case *c;

	(void)state;
	load_ok(&l, CASES "yaml-styles.yaml");
	assert_int_equal(l.n, 5);

	c = find(&l, "STYLE-BASE");
	assert_true(c->train.grad_ckpt);
	assert_false(c->train.compile);
	assert_int_equal(c->train.n_lora_targets, 2);
	assert_string_equal(c->train.lora_targets[0], "q");
	assert_string_equal(c->train.lora_targets[1], "v");

	c = find(&l, "STYLE-MERGED");
	assert_int_equal(c->train.batch, 8);
	assert_true(c->train.packed);
	assert_int_equal(c->train.seq_len, 128);
	assert_int_equal(c->train.tgt_len, 32);
	assert_int_equal(c->train.precision, VP_PREC_AMP_BF16);
	assert_int_equal(c->train.method, VP_METHOD_LORA);
	assert_int_equal(c->train.lora_r, 16);
	assert_int_equal(c->train.n_lora_targets, 2);
	assert_true(c->train.grad_ckpt);
	assert_string_equal(c->gpu, "a100-80gb");
	assert_int_equal(c->metric, VP_METRIC_ALLOCATED);

	c = find(&l, "STYLE-MERGED-LIST");
	assert_int_equal(c->train.batch, 2);
	assert_int_equal(c->train.seq_len, 64);
	assert_int_equal(c->train.precision, VP_PREC_FP32);
	assert_int_equal(c->train.method, VP_METHOD_FULL);
	assert_false(c->train.grad_ckpt);
	assert_false(c->head_unstated);
	assert_int_equal(c->train.tgt_len, 32);
	assert_int_equal(c->metric, VP_METRIC_ALLOCATED);

	c = find(&l, "STYLE-NULLS");
	assert_true(c->head_unstated);
	assert_true(c->tgt_unstated);
	assert_string_equal(c->gpu, "");
	assert_int_equal(c->train.zero_stage, 0);
	assert_true(c->train.lora_all_linear);
	assert_int_equal(c->train.n_lora_targets, 1);
	assert_string_equal(c->train.lora_targets[0], "q");
	assert_int_equal(c->train.n_modules_to_save, 1);
	assert_string_equal(c->train.modules_to_save[0], "shared");
	vp_cases_free(&l);
}

/* The ignored keys' names are kept as the note prints them: a name longer
 * than the 47 bytes kept is cut before a character, not inside one (the
 * note stays UTF-8), and counted once however often it recurs; a newline
 * in a quoted key is shown as '?', so the note stays one line. */
static void ignored_key_names_are_cut_at_a_character_and_kept_on_one_line(void **state)
{
	struct vp_case_list l;
	char e23[47];
	size_t i;

	(void)state;
	for (i = 0; i < 23; i++)
		memcpy(e23 + 2 * i, "\xc3\xa9", 2);
	e23[46] = '\0';
	load_ok(&l, CASES "ignored-names.yaml");
	assert_int_equal(l.ignored_keys, 3);
	assert_int_equal(l.n_ignored_names, 2);
	assert_string_equal(l.ignored_names[0], e23);
	assert_int_equal(l.ignored_lines[0], 7);
	assert_string_equal(l.ignored_names[1], "a?b");
	assert_int_equal(l.ignored_lines[1], 8);
	assert_false(l.more_ignored_names);
	vp_cases_free(&l);
}

/* A value of the wrong shape or range stops the whole file, at the value's line and column, with
 * the key and what it expected. */
static void a_bad_value_is_refused_at_its_position(void **state)
{
	static const struct {
		const char *file;
		unsigned long line, column;
		const char *needle;
	} rows[] = {
		{"bad-expandable.yaml", 4, 24, "'expandable_segments' must be true, false or null"},
		{"bad-autocast.yaml", 4, 13, "'autocast' must be true, false or null"},
		{"bad-lora-dropout.yaml", 4, 17, "'lora_dropout' must be a number from 0 to 1"},
		{"bad-lora-dtype.yaml", 36, 15, "'lora_dtype' must be fp32, bf16, fp16 or null"},
		{"bad-compile-scope.yaml", 35, 18, "'compile_scope' must be model, layers or null"},
		{"bad-pytorch.yaml", 4, 12, "'pytorch' must be a version"},
		{"bad-bitsandbytes.yaml", 4, 17, "'bitsandbytes' must be a version"},
		{"bad-last-step-graph.yaml", 4, 20, "'last_step_graph' must be kept, freed or null"},
		{"bad-label-smoothing.yaml", 2, 27, "'label_smoothing_factor' must be a number from 0 to 1"},
		{"bad-dora.yaml", 2, 13, "'use_dora' must be true, false or null"},
		{"bad-dora-full.yaml", 2, 13, "'use_dora: true' needs LoRA adapters"},
		{"bad-count.yaml", 4, 10, "'batch' must be a positive integer"},
		{"bad-count-float.yaml", 4, 10, "'batch' must be a positive integer"},
		{"bad-count-leading-zero.yaml", 7, 12, "'seq_len' must be a positive integer"},
		{"bad-count-word.yaml", 5, 10, "'batch' must be a positive integer"},
		{"bad-zero.yaml", 4, 9, "'zero' must be 0, 1, 2, 3, \"fsdp\" or null"},
		{"bad-merge.yaml", 2, 7, "a merge key ('<<') must name a mapping or a list of mappings"},
		{"two-documents.yaml", 5, 1, "a second YAML document"},
		{"bad-octal.yaml", 4, 10, "a leading 0 makes '010' octal"},
		{"bad-exponent.yaml", 6, 17, "'1e1' is a string to yaml.safe_load"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct vp_case_list l;
		struct vp_error err = {0};
		char path[512];

		snprintf(path, sizeof path, CASES "%s", rows[i].file);
		assert_int_equal(vp_cases_load(&l, path, &err), -1);
		assert_int_equal(err.code, VP_ERR_INPUT);
		if (strstr(err.message, rows[i].needle) == NULL)
			fail_msg("%s: message lacks '%s': %s", rows[i].file, rows[i].needle, err.message);
		assert_int_equal(err.line, rows[i].line);
		assert_int_equal(err.column, rows[i].column);
		assert_null(l.cases);
	}
}

/* A word a schema key does not know makes its case unexpressible, with the
 * key, the value and where it stands; the file still loads, and a case
 * with two unknown words reports the first. */
static void an_unknown_word_makes_its_case_unexpressible(void **state)
{
	static const struct {
		const char *id, *reason;
	} rows[] = {
		{"WORD-ATTN", "'attn': unknown attention 'flash_attention_3' (expected one of: eager, sdpa, flash2) "
			      "(line 12, column 9)"},
		{"WORD-QUANT", "'quant': unknown quantization 'awq'"},
		{"WORD-METRIC", "'metric': unknown metric 'peak_rss'"},
		{"WORD-ZERO", "'zero': unknown stage 'ddp' (expected 0, 1, 2, 3 or \"fsdp\") (line 40, column 9)"},
		{"WORD-TWO", "'precision': unknown precision 'fp8'"},
	};
	struct vp_case_list l;
	size_t i;

	(void)state;
	load_ok(&l, CASES "unknown-words.yaml");
	assert_int_equal(l.n, 7);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct vp_case *c = find(&l, rows[i].id);
		if (strncmp(c->unexpressible, rows[i].reason, strlen(rows[i].reason)) != 0)
			fail_msg("%s: '%s' does not start with '%s'", rows[i].id, c->unexpressible, rows[i].reason);
	}
	assert_string_equal(find(&l, "WORD-KNOWN")->unexpressible, "");
	vp_cases_free(&l);
}

/* Whether s is well-formed UTF-8: every lead byte followed by as many
 * continuation bytes as it announces. */
static bool well_formed_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		size_t need = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : 9;
		if (need == 9)
			return false;
		for (p++; need > 0; need--, p++)
			if ((*p & 0xC0) != 0x80)
				return false;
	}
	return true;
}

/* An unknown word too long for the reason is cut at a character, never
 * inside one, and the reason still ends with its line and column. */
static void an_unknown_long_word_is_cut_at_a_character(void **state)
{
	static const char tail[] = " (line 5, column 9)";
	struct vp_case_list l;
	const char *why;
	size_t n;

	(void)state;
	load_ok(&l, CASES "unknown-word-cut.yaml");
	why = find(&l, "WORD-LONG")->unexpressible;
	assert_true(strncmp(why, "'attn': unknown attention 'a\xc3\xa9", 30) == 0);
	assert_true(well_formed_utf8(why));
	n = strlen(why);
	assert_true(n > sizeof tail - 1);
	assert_string_equal(why + n - (sizeof tail - 1), tail);
	vp_cases_free(&l);
}

static void a_missing_file_is_an_io_error(void **state)
{
	struct vp_case_list l;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_cases_load(&l, CASES "no-such-file.yaml", &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_shared_cases_are_read_key_by_key),
		cmocka_unit_test(framework_is_information_only),
		cmocka_unit_test(unstated_keys_take_their_documented_defaults),
		cmocka_unit_test(the_pytorch_era_follows_the_keys),
		cmocka_unit_test(the_bitsandbytes_era_and_the_loop_default_to_the_safe_side),
		cmocka_unit_test(qlora_without_a_quantization_is_nf4),
		cmocka_unit_test(a_full_fine_tune_over_a_quantized_base_is_unexpressible),
		cmocka_unit_test(yaml_is_read_as_yaml_safe_load_reads_it),
		cmocka_unit_test(ignored_key_names_are_cut_at_a_character_and_kept_on_one_line),
		cmocka_unit_test(label_smoothing_is_read_and_defaults_to_off),
		cmocka_unit_test(use_dora_is_read_and_defaults_to_off),
		cmocka_unit_test(a_bad_value_is_refused_at_its_position),
		cmocka_unit_test(an_unknown_word_makes_its_case_unexpressible),
		cmocka_unit_test(an_unknown_long_word_is_cut_at_a_character),
		cmocka_unit_test(a_missing_file_is_an_io_error),
	};

	return cmocka_run_group_tests_name("cases", tests, NULL, NULL);
}
