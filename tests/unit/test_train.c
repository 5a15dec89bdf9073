#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vramplan/train.h"

static void defaults_should_match_the_documented_values(void **state)
{
	struct vp_train t;

	(void)state;
	memset(&t, 0xa5, sizeof t);
	vp_train_defaults(&t);
	assert_int_equal(t.batch, 1);
	assert_int_equal(t.grad_accum, 1);
	assert_int_equal(t.seq_len, 512);
	assert_int_equal(t.tgt_len, 0);
	assert_int_equal(t.num_labels, 2);
	assert_int_equal(t.gpus, 1);
	assert_int_equal(t.zero_stage, 0);
	assert_int_equal(t.head, VP_HEAD_CAUSAL_LM);
	assert_int_equal(t.precision, VP_PREC_FP32);
	assert_int_equal(t.optimizer, VP_OPT_ADAMW);
	assert_int_equal(t.method, VP_METHOD_FULL);
	assert_int_equal(t.quant, VP_QUANT_NONE);
	assert_int_equal(t.attn, VP_ATTN_EAGER);
	assert_int_equal(t.loss, VP_LOSS_STANDARD);
	assert_int_equal(t.lora_r, 8);
	assert_int_equal(t.n_lora_targets, 0);
	assert_int_equal(t.n_modules_to_save, 0);
	assert_false(t.lora_all_linear);
	assert_false(t.grad_ckpt);
	assert_false(t.activation_offload);
	assert_false(t.packed);
	assert_false(t.compile);
	assert_false(t.optimizer_in_backward);
}

/* Every name of the ground-truth schema parses to its enum value and back. */
static void names_should_round_trip_through_parse(void **state)
{
	static const char *const prec[] = {"fp32", "amp-fp16", "amp-bf16", "bf16", "fp16"};
	static const char *const opt[] = {
		"adamw", "adamw-fused", "adamw-8bit", "adamw-8bit-ao", "adamw-4bit",
		"paged-adamw", "paged-adamw-8bit", "adafactor", "sgd", "sgd-momentum",
		"lion", "none",
	};
	static const char *const meth[] = {"full", "lora", "qlora", "frozen"};
	static const char *const quant[] = {"none", "nf4", "nf4-dq", "int8", "gptq-int4"};
	static const char *const attn[] = {"eager", "sdpa", "flash2"};
	static const char *const head[] = {
		"causal-lm", "seq2seq-lm", "masked-lm", "sequence-classification", "encoder",
	};
	static const char *const loss[] = {"standard", "chunked"};
	struct vp_error err = {0};
	size_t i;

	(void)state;
	for (i = 0; i < 5; i++) {
		enum vp_precision v;

		assert_int_equal(vp_precision_parse(prec[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_precision_name(v), prec[i]);
	}
	for (i = 0; i < 12; i++) {
		enum vp_optimizer v;

		assert_int_equal(vp_optimizer_parse(opt[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_optimizer_name(v), opt[i]);
	}
	for (i = 0; i < 4; i++) {
		enum vp_method v;

		assert_int_equal(vp_method_parse(meth[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_method_name(v), meth[i]);
	}
	for (i = 0; i < 5; i++) {
		enum vp_quant v;

		assert_int_equal(vp_quant_parse(quant[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_quant_name(v), quant[i]);
	}
	for (i = 0; i < 3; i++) {
		enum vp_attn v;

		assert_int_equal(vp_attn_parse(attn[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_attn_name(v), attn[i]);
	}
	for (i = 0; i < 5; i++) {
		enum vp_head v;

		assert_int_equal(vp_head_parse(head[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_head_name(v), head[i]);
	}
	for (i = 0; i < 2; i++) {
		enum vp_loss v;

		assert_int_equal(vp_loss_parse(loss[i], &v, &err), 0);
		assert_int_equal(v, i);
		assert_string_equal(vp_loss_name(v), loss[i]);
	}
	assert_int_equal(VP_PREC_AMP_BF16, 2);
	assert_int_equal(VP_OPT_NONE, 11);
	assert_int_equal(VP_HEAD_ENCODER, 4);
}

static void optimizer_parse_should_accept_hf_optim_values(void **state)
{
	static const struct {
		const char *s;
		enum vp_optimizer want;
	} cases[] = {
		{"adamw_torch", VP_OPT_ADAMW},
		{"adamw_hf", VP_OPT_ADAMW},
		{"adamw_torch_fused", VP_OPT_ADAMW_FUSED},
		{"adamw_bnb_8bit", VP_OPT_ADAMW_8BIT},
		{"adamw_8bit", VP_OPT_ADAMW_8BIT},
		{"paged_adamw_32bit", VP_OPT_PAGED_ADAMW},
		{"paged_adamw_8bit", VP_OPT_PAGED_ADAMW_8BIT},
		{"adamw_torch_8bit", VP_OPT_ADAMW_8BIT_AO},
		{"adamw_torch_4bit", VP_OPT_ADAMW_4BIT},
		{"adafactor", VP_OPT_ADAFACTOR},
		{"sgd", VP_OPT_SGD},
		{"lion_32bit", VP_OPT_LION},
	};
	struct vp_error err = {0};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum vp_optimizer v = VP_OPT_NONE;

		if (vp_optimizer_parse(cases[i].s, &v, &err) != 0)
			fail_msg("'%s' was rejected: %s", cases[i].s, err.message);
		assert_int_equal(v, cases[i].want);
	}
}

static void parse_should_reject_unknown_names_and_list_the_accepted_ones(void **state)
{
	struct vp_error err = {0};
	enum vp_precision p = VP_PREC_BF16;
	enum vp_optimizer o = VP_OPT_LION;
	enum vp_method m = VP_METHOD_LORA;
	enum vp_quant q = VP_QUANT_NF4;
	enum vp_attn a = VP_ATTN_SDPA;
	enum vp_head h = VP_HEAD_ENCODER;
	enum vp_loss l = VP_LOSS_CHUNKED;

	(void)state;
	assert_int_equal(vp_precision_parse("fp8", &p, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.message,
			    "unknown precision 'fp8' (expected one of: fp32, amp-fp16, amp-bf16, bf16, fp16)");
	assert_int_equal(vp_optimizer_parse("adam", &o, &err), -1);
	assert_string_equal(err.message,
			    "unknown optimizer 'adam' (expected one of: adamw, adamw-fused, adamw-8bit, "
			    "adamw-8bit-ao, adamw-4bit, paged-adamw, paged-adamw-8bit, adafactor, sgd, sgd-momentum, "
			    "lion, none)");
	assert_int_equal(vp_method_parse("LoRAs", &m, &err), -1);
	assert_non_null(strstr(err.message, "unknown method 'LoRAs' (expected one of: full, lora, qlora, frozen)"));
	/* refused in another case, and told the name it matches */
	assert_int_equal(vp_method_parse("LoRA", &m, &err), -1);
	assert_string_equal(err.message, "unknown method 'LoRA' (did you mean 'lora'? names are lower case)");
	assert_int_equal(vp_optimizer_parse("ADAMW_8BIT", &o, &err), -1);
	assert_string_equal(err.message, "unknown optimizer 'ADAMW_8BIT' (did you mean 'adamw_8bit'? names are lower case)");
	assert_int_equal(vp_precision_parse("AMP-BF16", &p, &err), -1);
	assert_string_equal(err.message, "unknown precision 'AMP-BF16' (did you mean 'amp-bf16'? names are lower case)");
	assert_int_equal(vp_quant_parse("nf8", &q, &err), -1);
	assert_non_null(strstr(err.message, "'nf8'"));
	assert_int_equal(vp_attn_parse("flash", &a, &err), -1);
	assert_non_null(strstr(err.message, "eager, sdpa, flash2"));
	assert_int_equal(vp_head_parse("", &h, &err), -1);
	assert_non_null(strstr(err.message, "unknown head ''"));
	assert_int_equal(vp_loss_parse(NULL, &l, &err), -1);
	assert_non_null(strstr(err.message, "standard, chunked"));
	/* outputs untouched on error */
	assert_int_equal(p, VP_PREC_BF16);
	assert_int_equal(o, VP_OPT_LION);
	assert_int_equal(m, VP_METHOD_LORA);
	assert_int_equal(q, VP_QUANT_NF4);
	assert_int_equal(a, VP_ATTN_SDPA);
	assert_int_equal(h, VP_HEAD_ENCODER);
	assert_int_equal(l, VP_LOSS_CHUNKED);
	/* the CLI spelling is the only one: no trimming, no case folding */
	assert_int_equal(vp_precision_parse(" fp32", &p, &err), -1);
	assert_int_equal(vp_precision_parse("FP32", &p, &err), -1);
	assert_int_equal(vp_precision_parse("fp32", &p, NULL), 0);
	assert_int_equal(vp_precision_parse("fp33", &p, NULL), -1);
}

static void name_should_not_crash_on_out_of_range_values(void **state)
{
	(void)state;
	assert_string_equal(vp_precision_name((enum vp_precision)42), "unknown");
	assert_string_equal(vp_optimizer_name((enum vp_optimizer)42), "unknown");
	assert_string_equal(vp_method_name((enum vp_method)42), "unknown");
	assert_string_equal(vp_quant_name((enum vp_quant)42), "unknown");
	assert_string_equal(vp_attn_name((enum vp_attn)42), "unknown");
	assert_string_equal(vp_head_name((enum vp_head)42), "unknown");
	assert_string_equal(vp_loss_name((enum vp_loss)42), "unknown");
}

static void lora_targets_should_split_a_comma_separated_list(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "q_proj,v_proj", &err), 0);
	assert_int_equal(t.n_lora_targets, 2);
	assert_string_equal(t.lora_targets[0], "q_proj");
	assert_string_equal(t.lora_targets[1], "v_proj");
	assert_false(t.lora_all_linear);
	/* appends, keeping each name once */
	assert_int_equal(vp_train_set_lora_targets(&t, "k_proj,q_proj", &err), 0);
	assert_int_equal(t.n_lora_targets, 3);
	assert_string_equal(t.lora_targets[2], "k_proj");
}

static void lora_targets_should_set_the_all_linear_flag(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "all-linear", &err), 0);
	assert_true(t.lora_all_linear);
	assert_int_equal(t.n_lora_targets, 0);
}

static void lora_targets_should_keep_spaces_as_written(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "q_proj, v_proj", &err), 0);
	assert_int_equal(t.n_lora_targets, 2);
	assert_string_equal(t.lora_targets[1], " v_proj");
}

static void lora_targets_should_reject_empty_items_and_leave_the_struct_alone(void **state)
{
	static const char *const bad[] = {"", ",", "q_proj,", ",q_proj", "q_proj,,v_proj"};
	struct vp_error err = {0};
	struct vp_train t, before;
	size_t i;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "o_proj", &err), 0);
	before = t;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (vp_train_set_lora_targets(&t, bad[i], &err) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_non_null(strstr(err.message, "empty item"));
		assert_int_equal(t.n_lora_targets, before.n_lora_targets);
		assert_int_equal(t.lora_all_linear, before.lora_all_linear);
		assert_memory_equal(t.lora_targets, before.lora_targets, sizeof t.lora_targets);
	}
	assert_int_equal(vp_train_set_lora_targets(&t, "q_proj,,v_proj", &err), -1);
	assert_string_equal(err.message, "empty item in lora target list 'q_proj,,v_proj' "
			    "(expected comma-separated module names)");
	assert_int_equal(vp_train_set_lora_targets(&t, NULL, &err), -1);
}

static void lora_targets_should_reject_names_longer_than_31_characters(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;
	char name[40];

	(void)state;
	vp_train_defaults(&t);
	memset(name, 'a', 31);
	name[31] = '\0';
	assert_int_equal(vp_train_set_lora_targets(&t, name, &err), 0);
	assert_string_equal(t.lora_targets[0], name);
	name[31] = 'b';
	name[32] = '\0';
	assert_int_equal(vp_train_set_lora_targets(&t, name, &err), -1);
	assert_non_null(strstr(err.message, "is too long (expected at most 31 characters)"));
	assert_int_equal(t.n_lora_targets, 1);
}

static void lora_targets_should_reject_more_than_the_maximum(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;
	char list[VP_MAX_TARGETS * 8 + 16];
	size_t used = 0;
	int i;

	(void)state;
	vp_train_defaults(&t);
	for (i = 0; i < VP_MAX_TARGETS; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%sm%d", i ? "," : "", i);
	assert_int_equal(vp_train_set_lora_targets(&t, list, &err), 0);
	assert_int_equal(t.n_lora_targets, VP_MAX_TARGETS);
	/* a repeat still fits, a new name does not */
	assert_int_equal(vp_train_set_lora_targets(&t, "m3", &err), 0);
	assert_int_equal(vp_train_set_lora_targets(&t, "m4,extra", &err), -1);
	assert_non_null(strstr(err.message, "too many lora targets"));
	assert_false(t.lora_all_linear);
	assert_int_equal(t.n_lora_targets, VP_MAX_TARGETS);
}

/* PEFT's all-linear: the whole of target_modules, compared lowercased
 * (tuners_utils.py _maybe_include_all_linear_layers); in a list it would
 * be a module name, so it is refused there and *t is left as it was. */
static void lora_targets_should_read_all_linear_only_alone(void **state)
{
	struct vp_error err = {0};
	struct vp_train t;

	(void)state;
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "ALL-LINEAR", &err), 0);
	assert_true(t.lora_all_linear);
	assert_int_equal(t.n_lora_targets, 0);
	vp_train_defaults(&t);
	assert_int_equal(vp_train_set_lora_targets(&t, "all-linear,q_proj", &err), -1);
	assert_non_null(strstr(err.message, "only alone"));
	assert_int_equal(vp_train_set_lora_targets(&t, "q_proj,All-Linear", &err), -1);
	assert_false(t.lora_all_linear);
	assert_int_equal(t.n_lora_targets, 0);
}

/* torch.__version__ strings name an era: 1.x, 2.0.x (a bare 2 too, its
 * oldest minor being the safe side), 2.1 and later whatever the patch or
 * local version; anything else is an input error that names the value. */
static void pytorch_versions_map_to_their_era(void **state)
{
	static const struct {
		const char *s;
		enum vp_pytorch era;
	} ok[] = {
		{"1.13.1", VP_PYTORCH_1}, {"1.10", VP_PYTORCH_1}, {"1", VP_PYTORCH_1},
		{"2", VP_PYTORCH_2_0}, {"2.0", VP_PYTORCH_2_0}, {"2.0.1+cu118", VP_PYTORCH_2_0},
		{"2.1", VP_PYTORCH_2_1}, {"2.4.0", VP_PYTORCH_2_1}, {"2.4.1+cu121", VP_PYTORCH_2_1},
		{"2.5", VP_PYTORCH_CURRENT}, {"2.5.1", VP_PYTORCH_CURRENT}, {"2.11.0+cu130", VP_PYTORCH_CURRENT},
		{"2.10", VP_PYTORCH_CURRENT},
	};
	static const char *const bad[] = {"", "3.0", "0.4", "2.", "12.1", "v2.1", "x"};
	struct vp_error err;
	enum vp_pytorch p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		p = ok[i].era == VP_PYTORCH_1 ? VP_PYTORCH_CURRENT : VP_PYTORCH_1; /* not the answer */
		assert_int_equal(vp_pytorch_parse(ok[i].s, &p, &err), 0);
		assert_int_equal(p, ok[i].era);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		assert_int_equal(vp_pytorch_parse(bad[i], &p, &err), -1);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_non_null(strstr(err.message, "not understood"));
	}
	assert_int_equal(vp_pytorch_parse(NULL, &p, NULL), -1);
	assert_string_equal(vp_pytorch_name(VP_PYTORCH_1), "1.x");
	assert_string_equal(vp_pytorch_name(VP_PYTORCH_2_0), "2.0");
	assert_string_equal(vp_pytorch_name(VP_PYTORCH_CURRENT), "2.5+");
	assert_string_equal(vp_pytorch_name(VP_PYTORCH_2_1), "2.1-2.4");
}

/* bitsandbytes.__version__ strings name an era: before 0.43.2 (whose
 * MatMul4Bit keeps its input), or 0.43.2 and later whatever follows the
 * numbers; anything else is an input error that names the value. */
static void bitsandbytes_versions_map_to_their_era(void **state)
{
	static const struct {
		const char *s;
		enum vp_bnb era;
	} ok[] = {
		{"0.41.1", VP_BNB_BEFORE_0_43_2}, {"0.42.0", VP_BNB_BEFORE_0_43_2}, {"0.43.1", VP_BNB_BEFORE_0_43_2},
		{"0.43", VP_BNB_BEFORE_0_43_2},   {"0", VP_BNB_BEFORE_0_43_2},      {"0.43.0rc1", VP_BNB_BEFORE_0_43_2},
		{"0.43.2", VP_BNB_CURRENT},       {"0.43.3", VP_BNB_CURRENT},       {"0.44.1+cu121", VP_BNB_CURRENT},
		{"0.45.0.dev0", VP_BNB_CURRENT},  {"0.48.2", VP_BNB_CURRENT},       {"1.0", VP_BNB_CURRENT},
	};
	static const char *const bad[] = {"", "latest", "v0.45", "0.", ".45", "0x45"};
	struct vp_error err;
	enum vp_bnb b;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		b = ok[i].era == VP_BNB_CURRENT ? VP_BNB_BEFORE_0_43_2 : VP_BNB_CURRENT; /* not the answer */
		assert_int_equal(vp_bnb_parse(ok[i].s, &b, &err), 0);
		if (b != ok[i].era)
			fail_msg("%s read as %s", ok[i].s, vp_bnb_name(b));
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		if (vp_bnb_parse(bad[i], &b, &err) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_non_null(strstr(err.message, "not understood"));
	}
	assert_int_equal(vp_bnb_parse(NULL, &b, NULL), -1);
	assert_string_equal(vp_bnb_name(VP_BNB_BEFORE_0_43_2), "<0.43.2");
	assert_string_equal(vp_bnb_name(VP_BNB_CURRENT), "0.43.2+");
}

/* What an older PyTorch lacks: SDPA and transformers' fused AdamW before
 * 2.0, expandable segments and the post-accumulate hook before 2.1,
 * transformers' torchao optimizers on 2.0 and 1.x. */
static void an_older_pytorch_lacks_what_came_after_it(void **state)
{
	struct vp_train t;
	char text[128];

	(void)state;
	vp_train_defaults(&t);
	t.attn = VP_ATTN_SDPA;
	t.optimizer = VP_OPT_ADAMW_FUSED;
	t.expandable_segments = true;
	t.optimizer_in_backward = true;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_NOTHING);
	t.pytorch = VP_PYTORCH_2_0;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_EXPANDABLE);
	t.expandable_segments = false;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_GRAD_HOOK);
	t.optimizer_in_backward = false;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_NOTHING);
	t.pytorch = VP_PYTORCH_1;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_SDPA);
	vp_pytorch_need_text(&t, VP_NEEDS_SDPA, text, sizeof text);
	assert_string_equal(text, "sdpa attention needs PyTorch 2.0 or later");
	t.attn = VP_ATTN_EAGER;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_FUSED_ADAMW);
	t.optimizer = VP_OPT_ADAMW;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_NOTHING);
	/* torchao's optimizers: transformers wants a PyTorch after 2.4, so
	 * 1.x and 2.0 lack them; the 2.1-2.4 era may be 2.4.1, which runs them */
	t.optimizer = VP_OPT_ADAMW_4BIT;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_TORCHAO);
	vp_pytorch_need_text(&t, VP_NEEDS_TORCHAO, text, sizeof text);
	assert_string_equal(text, "adamw_torch_4bit (torchao) needs a PyTorch after 2.4 (transformers refuses it on "
				  "2.4.0 and earlier)");
	t.pytorch = VP_PYTORCH_2_0;
	t.optimizer = VP_OPT_ADAMW_8BIT_AO;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_TORCHAO);
	t.pytorch = VP_PYTORCH_2_1;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_NOTHING);
	t.pytorch = VP_PYTORCH_CURRENT;
	assert_int_equal(vp_train_pytorch_lacks(&t), VP_NEEDS_NOTHING);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_should_match_the_documented_values),
		cmocka_unit_test(names_should_round_trip_through_parse),
		cmocka_unit_test(optimizer_parse_should_accept_hf_optim_values),
		cmocka_unit_test(parse_should_reject_unknown_names_and_list_the_accepted_ones),
		cmocka_unit_test(name_should_not_crash_on_out_of_range_values),
		cmocka_unit_test(lora_targets_should_split_a_comma_separated_list),
		cmocka_unit_test(lora_targets_should_set_the_all_linear_flag),
		cmocka_unit_test(lora_targets_should_keep_spaces_as_written),
		cmocka_unit_test(lora_targets_should_reject_empty_items_and_leave_the_struct_alone),
		cmocka_unit_test(lora_targets_should_reject_names_longer_than_31_characters),
		cmocka_unit_test(lora_targets_should_reject_more_than_the_maximum),
		cmocka_unit_test(lora_targets_should_read_all_linear_only_alone),
		cmocka_unit_test(pytorch_versions_map_to_their_era),
		cmocka_unit_test(an_older_pytorch_lacks_what_came_after_it),
		cmocka_unit_test(bitsandbytes_versions_map_to_their_era),
	};

	return cmocka_run_group_tests_name("train", tests, NULL, NULL);
}
