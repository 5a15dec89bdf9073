#include "vramplan/heads.h"

#include <string.h>

/*
 * The heads transformers has for each architecture vramplan reads
 * (transformers/models/<type>/modeling_<type>.py):
 *
 *   encoder-only  BertForMaskedLM, BertForSequenceClassification,
 *                 BertForTokenClassification, BertModel, BertLMHeadModel (a
 *                 causal LM with is_decoder=True); the same for RoBERTa and
 *                 XLM-R. No seq2seq LM.
 *   decoder-only  LlamaForCausalLM, LlamaForSequenceClassification, LlamaModel
 *                 (and the same per family). No masked LM, no seq2seq LM.
 *   enc-dec       T5ForConditionalGeneration, T5ForSequenceClassification,
 *                 T5EncoderModel (MT5/UMT5 likewise); BART's and mBART's
 *                 ConditionalGeneration and SequenceClassification, their
 *                 encoder through get_encoder(); MarianMTModel and
 *                 M2M100ForConditionalGeneration, without a classifier.
 *                 BartForCausalLM (the decoder alone) is not modelled; there
 *                 is no masked-LM class.
 */

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/*
 * The class a checkpoint was saved as says what it is for, where it says
 * anything: a sentence encoder is published as the bare model
 * (XLMRobertaModel for bge-m3, BertModel), a text encoder as
 * T5EncoderModel, a reward model or classifier as ...ForSequenceClassification.
 * A pretraining head (BertForMaskedLM, LlamaForCausalLM,
 * T5ForConditionalGeneration) says nothing beyond the architecture's usual
 * fine-tune.
 */
enum vp_head vp_model_default_head(const struct vp_model *m)
{
	const char *a = m->architecture;

	if (a[0] != '\0') {
		if (ends_with(a, "EncoderModel"))
			return VP_HEAD_ENCODER;
		if (ends_with(a, "ForSequenceClassification"))
			return VP_HEAD_SEQ_CLS;
		if (ends_with(a, "ForTokenClassification") && m->arch == VP_ARCH_ENCODER)
			return VP_HEAD_TOKEN_CLS;
		/* an encoder's extractive QA head (BertForQuestionAnswering:
		 * qa_outputs, a Linear(h, 2) on every token, start and end
		 * logits and their cross-entropy) is a 2-label token
		 * classifier in memory, less the classifier's dropout mask
		 * (T x h bytes, the safe side) */
		if (ends_with(a, "ForQuestionAnswering") && m->arch == VP_ARCH_ENCODER)
			return VP_HEAD_TOKEN_CLS;
		/* BertForMultipleChoice: the pooler and a Linear(h, 1) over
		 * every choice, each choice a sequence of its own
		 * (input_ids.view(-1, s)): a 1-label sequence classifier over
		 * texts_per_example sequences an example */
		if (ends_with(a, "ForMultipleChoice") && m->arch == VP_ARCH_ENCODER)
			return VP_HEAD_SEQ_CLS;
		/* the bare model: BertModel, XLMRobertaModel; not BertLMHeadModel */
		if (m->arch == VP_ARCH_ENCODER && ends_with(a, "Model") && strstr(a, "For") == NULL &&
		    strstr(a, "LMHead") == NULL)
			return VP_HEAD_ENCODER;
	}
	switch (m->arch) {
	case VP_ARCH_ENCDEC:
		return VP_HEAD_SEQ2SEQ_LM;
	case VP_ARCH_ENCODER:
		return VP_HEAD_SEQ_CLS;
	case VP_ARCH_DECODER:
		break;
	}
	return VP_HEAD_CAUSAL_LM;
}

bool vp_head_is_multiple_choice(const struct vp_model *m)
{
	return m->arch == VP_ARCH_ENCODER && ends_with(m->architecture, "ForMultipleChoice");
}

static bool arch_has_head(enum vp_arch arch, enum vp_head head)
{
	switch (arch) {
	case VP_ARCH_ENCODER:
		return head != VP_HEAD_SEQ2SEQ_LM;
	/* XxxForTokenClassification: every encoder-only family has one;
	 * for decoders and encoder-decoders vramplan does not model it */
	case VP_ARCH_DECODER:
		return head == VP_HEAD_CAUSAL_LM || head == VP_HEAD_SEQ_CLS || head == VP_HEAD_ENCODER;
	case VP_ARCH_ENCDEC:
		return head == VP_HEAD_SEQ2SEQ_LM || head == VP_HEAD_SEQ_CLS || head == VP_HEAD_ENCODER;
	}
	return false;
}

/* Decoder families whose modeling file exports only the causal LM and the
 * bare model (its __all__: CodeGenForCausalLM, CodeGenModel; OlmoForCausalLM,
 * OlmoModel; likewise OLMo 2, OLMo 3, OLMoE, Cohere, Cohere2, Granite and
 * GraniteMoeShared): no
 * ...ForSequenceClassification to fine-tune. */
static bool causal_lm_only(const struct vp_model *m)
{
	static const char *const types[] = {"codegen", "olmo", "olmo2", "olmo3", "olmoe", "cohere", "cohere2", "granite",
					    "granitemoeshared"};

	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(m->model_type, types[i]) == 0)
			return true;
	return false;
}

int vp_head_check(const struct vp_model *m, enum vp_head head, struct vp_error *err)
{
	const char *kind, *heads;

	/* transformers has no DistilBertForCausalLM, DebertaV2ForCausalLM,
	 * MPNetForCausalLM, AlbertForCausalLM or ModernBertForCausalLM (BertLMHeadModel's
	 * counterpart; ModernBERT's decoder is another model_type) */
	bool distil = m->naming == VP_NAMING_DISTILBERT || m->naming == VP_NAMING_DEBERTA ||
		      m->naming == VP_NAMING_MPNET || m->naming == VP_NAMING_MODERNBERT || m->naming == VP_NAMING_ALBERT;
	/* nor MarianForSequenceClassification, M2M100ForSequenceClassification
	 * or PegasusForSequenceClassification: the translation and
	 * summarization models have their seq2seq LM and the bare model */
	bool translation = !strcmp(m->model_type, "marian") || !strcmp(m->model_type, "m2m_100") ||
			   !strcmp(m->model_type, "pegasus");
	bool lm_only = causal_lm_only(m);

	if (arch_has_head(m->arch, head) && !(distil && head == VP_HEAD_CAUSAL_LM) &&
	    !((translation || lm_only) && head == VP_HEAD_SEQ_CLS))
		return 0;
	switch (m->arch) {
	case VP_ARCH_ENCODER:
		kind = "an encoder-only model";
		heads = distil ? "masked-lm, sequence-classification, token-classification or encoder"
			       : "masked-lm, sequence-classification, token-classification, encoder or causal-lm";
		break;
	case VP_ARCH_DECODER:
		kind = "a decoder-only model";
		heads = lm_only ? "causal-lm or encoder" : "causal-lm, sequence-classification or encoder";
		break;
	default:
		kind = "an encoder-decoder model";
		heads = translation ? "seq2seq-lm or encoder" : "seq2seq-lm, sequence-classification or encoder";
		break;
	}
	/* LlamaForTokenClassification and T5ForTokenClassification exist;
	 * vramplan's token classifier is the encoders' */
	if (head == VP_HEAD_TOKEN_CLS)
		return vp_error_set(err, VP_ERR_INPUT,
				    "head 'token-classification' is modelled for encoder-only models; model_type "
				    "'%s' is %s (its heads: %s)",
				    m->model_type, kind, heads);
	return vp_error_set(err, VP_ERR_INPUT, "head '%s' does not exist for model_type '%s', %s (its heads: %s)",
			    vp_head_name(head), m->model_type, kind, heads);
}

bool vp_head_runs_decoder(const struct vp_model *m, enum vp_head head)
{
	return m->arch == VP_ARCH_ENCDEC && head != VP_HEAD_ENCODER;
}

bool vp_head_uses_target(const struct vp_model *m, enum vp_head head)
{
	return m->arch == VP_ARCH_ENCDEC && head == VP_HEAD_SEQ2SEQ_LM;
}

bool vp_head_generates(enum vp_head head)
{
	return head == VP_HEAD_CAUSAL_LM || head == VP_HEAD_SEQ2SEQ_LM;
}

bool vp_head_is_lm(enum vp_head head)
{
	return head == VP_HEAD_CAUSAL_LM || head == VP_HEAD_SEQ2SEQ_LM || head == VP_HEAD_MASKED_LM;
}
