/*
 * Heads and architectures: which heads each architecture has, and what a
 * head changes in the estimate (the stacks that run, the LM head matrix, the
 * decoder's length).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "vramplan/catalog.h"
#include "vramplan/estimate.h"
#include "vramplan/heads.h"
#include "vramplan/train.h"

#include "catalog_fixture.h"

static const struct vp_model *model(const char *name)
{
	const struct vp_model *m = vp_catalog_find_model(&cat, name);

	assert_non_null(m);
	return m;
}

static struct vp_train setup(enum vp_head head)
{
	struct vp_train t;

	vp_train_defaults(&t);
	t.precision = VP_PREC_AMP_BF16;
	t.attn = VP_ATTN_SDPA;
	t.seq_len = 256;
	t.batch = 4;
	t.head = head;
	return t;
}

static void each_architecture_has_the_heads_transformers_has(void **state)
{
	/* rows: bert, llama, mt5; columns: causal, seq2seq, masked, cls, encoder */
	static const char *const models[] = {"bert-large-uncased", "llama-3.2-3b", "mt5-base"};
	static const bool has[3][5] = {
		{true, false, true, true, true},  /* BertLMHeadModel, BertForMaskedLM, ... */
		{true, false, false, true, true}, /* LlamaForCausalLM, ...ForSequenceClassification, LlamaModel */
		{false, true, false, true, true}, /* MT5ForConditionalGeneration, ...Classification, MT5EncoderModel */
	};
	size_t i, h;

	(void)state;
	for (i = 0; i < 3; i++) {
		for (h = 0; h < 5; h++) {
			struct vp_error err = {0};
			int rc = vp_head_check(model(models[i]), (enum vp_head)h, &err);
			assert_int_equal(rc, has[i][h] ? 0 : -1);
			if (!has[i][h]) {
				assert_int_equal(err.code, VP_ERR_INPUT);
				assert_non_null(strstr(err.message, vp_head_name((enum vp_head)h)));
				assert_non_null(strstr(err.message, "its heads:"));
			}
		}
	}
}

static void a_head_the_architecture_lacks_is_an_input_error_not_an_estimate(void **state)
{
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_SEQ2SEQ_LM);
	struct vp_estimate e;
	struct vp_error err = {0};

	(void)state;
	t.tgt_len = 128;
	assert_int_equal(vp_estimate(model("llama-3.2-3b"), g, &t, &e, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	t = setup(VP_HEAD_MASKED_LM);
	assert_int_equal(vp_estimate(model("mt5-base"), g, &t, &e, &err), -1);
}

static void the_encoder_of_mt5_runs_without_its_decoder_or_lm_head(void **state)
{
	const struct vp_model *m = model("mt5-base");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_ENCODER);
	struct vp_estimate enc, s2s;
	struct vp_error err = {0};

	(void)state;
	/*
	 * MT5EncoderModel, mt5-base: the shared embedding 250112 x 768 =
	 * 192,086,016; per block q, k, v, o 4 x 768^2 = 2,359,296, gated-GELU
	 * wi_0, wi_1 2 x 768 x 2048 = 3,145,728, wo 1,572,864, two RMS norms
	 * 1,536: 7,079,424 x 12 = 84,953,088; the relative bias 32 x 12 = 384;
	 * the final norm 768. Sum 277,040,256 (no decoder, no untied lm_head).
	 */
	assert_int_equal(vp_model_param_count_parts(m, false, false), UINT64_C(277040256));
	assert_int_equal(vp_estimate(m, g, &t, &enc, &err), 0); /* no target length needed */
	assert_int_equal(enc.params_total, UINT64_C(277040256));
	assert_int_equal(enc.full_bytes[VP_COMP_LOGITS], 0);

	t = setup(VP_HEAD_SEQ2SEQ_LM);
	t.tgt_len = 256;
	assert_int_equal(vp_estimate(m, g, &t, &s2s, &err), 0);
	assert_int_equal(s2s.params_total, vp_model_param_count(m));
	assert_true(enc.allocated_bytes < s2s.allocated_bytes);
}

static void a_classifier_over_t5_runs_the_decoder_on_the_source(void **state)
{
	const struct vp_model *m = model("mt5-base");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_SEQ_CLS);
	struct vp_estimate a, b, s2s;
	struct vp_error err = {0};

	(void)state;
	t.tgt_len = 0; /* T5ForSequenceClassification shifts input_ids right */
	assert_int_equal(vp_estimate(m, g, &t, &a, &err), 0);
	t.tgt_len = 8;
	assert_int_equal(vp_estimate(m, g, &t, &b, &err), 0);
	assert_int_equal(a.allocated_bytes, b.allocated_bytes);
	/* the same decoder length as a seq2seq LM with target = source, less
	 * the untied LM head and its logits */
	t = setup(VP_HEAD_SEQ2SEQ_LM);
	t.tgt_len = t.seq_len;
	assert_int_equal(vp_estimate(m, g, &t, &s2s, &err), 0);
	assert_true(a.allocated_bytes < s2s.allocated_bytes);
	/* T5ClassificationHead: dense (hidden x hidden + bias) and out_proj */
	assert_int_equal(a.params_total + (uint64_t)m->vocab_size * m->hidden_size,
			 s2s.params_total + (uint64_t)m->hidden_size * m->hidden_size + m->hidden_size +
				 (uint64_t)m->hidden_size * 2 + 2);
}

/* PEFT's SEQ_CLS task trains a copy of the modules whose names end with
 * "classifier" or "score"; T5ClassificationHead is "classification_head",
 * which that leaves frozen unless modules_to_save names it. */
static void an_encoder_decoder_classifier_stays_frozen_under_peft_defaults(void **state)
{
	const struct vp_model *m = model("mt5");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_SEQ_CLS);
	struct vp_estimate plain, named;
	struct vp_error err = {0};
	uint64_t h = m->hidden_size, head = h * h + h + h * 2 + 2;

	(void)state;
	t.method = VP_METHOD_LORA;
	t.lora_r = 8;
	assert_int_equal(vp_train_set_lora_targets(&t, "q,v", &err), 0);
	assert_int_equal(vp_estimate(m, g, &t, &plain, &err), 0);
	/* q and v of every encoder block, and the decoder's self- and
	 * cross-attention q and v */
	assert_int_equal(plain.params_trainable,
			 8 * (h + m->num_heads * m->head_dim) * 2 * (m->num_layers + 2 * m->num_decoder_layers));
	snprintf(t.modules_to_save[0], sizeof t.modules_to_save[0], "classification_head");
	t.n_modules_to_save = 1;
	assert_int_equal(vp_estimate(m, g, &t, &named, &err), 0);
	assert_int_equal(named.params_trainable, plain.params_trainable + head);
	assert_int_equal(named.params_total, plain.params_total + head);
}

/* BertForTokenClassification: BertModel without its pooler and a
 * classifier on every token; beside the bare encoder it keeps the
 * classifier's input (T x hidden, 16-bit under autocast) and the dropout's
 * mask (T x hidden bytes), and its logits are T x labels. */
static void a_token_classifier_keeps_every_tokens_classifier_input(void **state)
{
	const struct vp_model *m = model("bert-base-uncased");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_TOKEN_CLS);
	struct vp_estimate tok, enc;
	struct vp_error err = {0};
	uint64_t h = m->hidden_size, T = 4 * 256;

	(void)state;
	t.num_labels = 13;
	assert_int_equal(vp_estimate(m, g, &t, &tok, &err), 0);
	t = setup(VP_HEAD_ENCODER);
	assert_int_equal(vp_estimate(m, g, &t, &enc, &err), 0);
	assert_int_equal(tok.params_total, enc.params_total - (h * h + h) + h * 13 + 13);
	assert_int_equal(tok.full_bytes[VP_COMP_ACTIVATIONS] - enc.full_bytes[VP_COMP_ACTIVATIONS], T * h * 2 + T * h);
	assert_true(tok.full_bytes[VP_COMP_LOGITS] > 0 && tok.full_bytes[VP_COMP_LOGITS] <= T * 13 * 16);
	assert_int_equal(vp_model_default_head(m), VP_HEAD_SEQ_CLS);
}

static void an_untied_lm_head_is_not_loaded_by_a_classifier(void **state)
{
	/* Llama 2 7B does not tie: LlamaForSequenceClassification has
	 * score (hidden x labels, no bias) in place of the 32000 x 4096
	 * lm_head. */
	const struct vp_model *m = model("llama-2-7b");
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_SEQ_CLS);
	struct vp_estimate cls, lm;
	struct vp_error err = {0};

	(void)state;
	assert_false(m->tie_embeddings);
	t.num_labels = 3;
	assert_int_equal(vp_estimate(m, g, &t, &cls, &err), 0);
	t = setup(VP_HEAD_CAUSAL_LM);
	assert_int_equal(vp_estimate(m, g, &t, &lm, &err), 0);
	assert_int_equal(cls.params_total, lm.params_total - UINT64_C(32000) * 4096 + 4096 * 3);
	assert_true(cls.full_bytes[VP_COMP_WEIGHTS] < lm.full_bytes[VP_COMP_WEIGHTS]);
}

static void only_an_lm_head_generates(void **state)
{
	const struct vp_gpu *g = vp_catalog_find_gpu(&cat, "a100-80gb");
	struct vp_train t = setup(VP_HEAD_SEQ_CLS);
	struct vp_eval_opts o = {.generate = true, .num_beams = 1, .max_new_tokens = 16};
	struct vp_eval_estimate e;
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_estimate_eval(model("llama-3.2-3b"), g, &t, &o, &e, &err), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	t = setup(VP_HEAD_CAUSAL_LM);
	assert_int_equal(vp_estimate_eval(model("llama-3.2-3b"), g, &t, &o, &e, &err), 0);
}

static void the_checkpoint_class_picks_the_default_head(void **state)
{
	static const struct {
		const char *model, *architecture;
		enum vp_head head;
	} rows[] = {
		{"bge-m3", "XLMRobertaModel", VP_HEAD_ENCODER},        /* a sentence encoder */
		{"bert-large-uncased", "BertForMaskedLM", VP_HEAD_SEQ_CLS}, /* a pretraining head: the usual fine-tune */
		{"bert-large-uncased", "", VP_HEAD_SEQ_CLS},
		{"bert-large-uncased", "BertLMHeadModel", VP_HEAD_SEQ_CLS}, /* not a bare model */
		{"mt5-base", "T5EncoderModel", VP_HEAD_ENCODER},       /* a text encoder */
		{"mt5-base", "MT5ForConditionalGeneration", VP_HEAD_SEQ2SEQ_LM},
		{"kobart", "BartModel", VP_HEAD_SEQ2SEQ_LM},            /* bare, but BART is fine-tuned as seq2seq */
		{"llama-3.2-3b", "LlamaForSequenceClassification", VP_HEAD_SEQ_CLS}, /* a reward model */
		{"llama-3.2-3b", "LlamaForCausalLM", VP_HEAD_CAUSAL_LM},
		/* an encoder's extractive QA: start and end logits per token */
		{"bert-large-uncased", "BertForQuestionAnswering", VP_HEAD_TOKEN_CLS},
		/* one score per choice, every choice a sequence */
		{"bert-large-uncased", "BertForMultipleChoice", VP_HEAD_SEQ_CLS},
		/* a decoder has no token classifier to read its QA head as */
		{"llama-3.2-3b", "LlamaForQuestionAnswering", VP_HEAD_CAUSAL_LM},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct vp_model m = *model(rows[i].model);
		snprintf(m.architecture, sizeof m.architecture, "%s", rows[i].architecture);
		if (vp_model_default_head(&m) != rows[i].head)
			fail_msg("%s as %s: head %s", rows[i].model, rows[i].architecture,
				 vp_head_name(vp_model_default_head(&m)));
	}
	/* the catalogue's bge-m3 entries carry their class */
	assert_string_equal(model("bge-m3-ko")->architecture, "XLMRobertaModel");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_architecture_has_the_heads_transformers_has),
		cmocka_unit_test(a_head_the_architecture_lacks_is_an_input_error_not_an_estimate),
		cmocka_unit_test(the_encoder_of_mt5_runs_without_its_decoder_or_lm_head),
		cmocka_unit_test(a_classifier_over_t5_runs_the_decoder_on_the_source),
		cmocka_unit_test(an_untied_lm_head_is_not_loaded_by_a_classifier),
		cmocka_unit_test(a_token_classifier_keeps_every_tokens_classifier_input),
		cmocka_unit_test(an_encoder_decoder_classifier_stays_frozen_under_peft_defaults),
		cmocka_unit_test(only_an_lm_head_generates),
		cmocka_unit_test(the_checkpoint_class_picks_the_default_head),
	};
	return cmocka_run_group_tests_name("heads", tests, load_catalog, free_catalog);
}
