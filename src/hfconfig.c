/*
 * Hugging Face config.json -> struct vp_model.
 *
 * The family traits come from vp_model_init_family(); this file maps each
 * model_type's config keys onto the numbers and switches. Where a key is
 * absent, the default is the one the transformers configuration class
 * (models/<type>/configuration_<type>.py) uses, so that the descriptor
 * matches what AutoModel would build from the same file; the keys without a
 * usable default (the shape of the model) are required.
 *
 * Numbers are read from cJSON's valuedouble (valueint saturates at INT_MAX)
 * and must be finite, non-negative integers no larger than 2^53, the largest
 * range in which a JSON number is exact in a double.
 */
#include "vramplan/hfconfig.h"
#include "vramplan/json_where.h"
#include "vramplan/layers.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "vramplan/checked.h"
#include "vramplan/error.h"
#include "vramplan/fileio.h"
#include "vramplan/model.h"
#include "vramplan/utf8.h"

#define VP_JSON_INT_MAX 9007199254740992.0 /* 2^53 */

struct cfg {
	const char *file;     /* name used in diagnostics */
	const cJSON *root;
	const char *type;     /* model_type */
	struct vp_error *err;
	bool legacy_refined_web; /* model_type RefinedWeb: Falcon-40B's first config */
	const char *scope;    /* the nested object read (text_config), named in messages */
	const char *text;     /* the file's text, where fail() finds the field it names */
	size_t len;
};

/* An item, with JSON null treated as absent: HF writes null for "use the
 * default" (num_key_value_heads, n_inner, rope_scaling). */
static const cJSON *item(const struct cfg *c, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(c->root, key);

	return cJSON_IsNull(it) ? NULL : it;
}

/* An input error in this file, with no position (cJSON keeps none). */
static int fail(const struct cfg *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Where the field a message names first ('num_heads', or a dotted path
 * 'quantization_config.quant_method') is, within the object read; 0:0 when
 * the message names none that the text holds (a missing field). */
static void locate(const struct cfg *c, const char *msg, unsigned long *line, unsigned long *col)
{
	const char *a = strchr(msg, '\''), *b = a != NULL ? strchr(a + 1, '\'') : NULL;
	const char *path[4];
	char name[128];
	size_t n = 0, k;

	*line = *col = 0;
	if (c->text == NULL || b == NULL || (size_t)(b - a - 1) >= sizeof name || b == a + 1)
		return;
	memcpy(name, a + 1, (size_t)(b - a - 1));
	name[b - a - 1] = '\0';
	if (c->scope != NULL)
		path[n++] = c->scope;
	for (char *p = name; n < sizeof path / sizeof path[0]; p += k + 1) {
		k = strcspn(p, ".");
		path[n++] = p;
		if (p[k] == '\0')
			break;
		p[k] = '\0';
	}
	vp_json_where(c->text, c->len, path, n, line, col);
}

static int fail(const struct cfg *c, const char *fmt, ...)
{
	char msg[sizeof c->err->message];
	unsigned long line, col;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	locate(c, msg, &line, &col);
	if (c->scope != NULL)
		return vp_error_at(c->err, VP_ERR_INPUT, c->file, line, col, "in '%s': %s", c->scope, msg);
	return vp_error_at(c->err, VP_ERR_INPUT, c->file, line, col, "%s", msg);
}

#ifdef __clang_analyzer__
/* what fail returns, for the analyzer, which does not follow a variadic
 * call (error.h) */
#define fail(...) (fail(__VA_ARGS__), -1)
#endif

static int missing(const struct cfg *c, const char *key)
{
	return fail(c, "missing field '%s' (model_type '%s')", key, c->type);
}

/* Read an integer-valued number. Returns 1 when present (stored in *out),
 * 0 when absent or null (*out untouched), -1 on a bad value. */
static int get_u64(const struct cfg *c, const char *key, uint64_t *out)
{
	const cJSON *it = item(c, key);
	double v;

	if (it == NULL)
		return 0;
	if (!cJSON_IsNumber(it))
		return fail(c, "'%s' must be a number", key);
	v = it->valuedouble;
	if (!isfinite(v))
		return fail(c, "'%s' must be a finite number", key);
	if (v < 0)
		return fail(c, "'%s' must not be negative, got %g", key, v);
	if (v != floor(v))
		return fail(c, "'%s' must be an integer, got %g", key, v);
	if (v > VP_JSON_INT_MAX)
		return fail(c, "'%s' is too large (%g; the limit is 2^53)", key, v);
	*out = (uint64_t)v;
	return 1;
}

/* A required size or count: present and at least 1. */
static int need_u64(const struct cfg *c, const char *key, uint64_t *out)
{
	int r = get_u64(c, key, out);

	if (r < 0)
		return -1;
	if (r == 0)
		return missing(c, key);
	if (*out == 0)
		return fail(c, "'%s' must be at least 1", key);
	return 0;
}

/* The first of two spellings that is present (HF attribute_map aliases,
 * e.g. BLOOM's n_embed for hidden_size); a miss names `key`. */
static int need_u64_alt(const struct cfg *c, const char *key, const char *alt, uint64_t *out)
{
	if (item(c, key) == NULL && item(c, alt) != NULL)
		return need_u64(c, alt, out);
	return need_u64(c, key, out);
}

/* An optional size: absent keeps *out, present must be >= min. */
static int opt_u64(const struct cfg *c, const char *key, uint64_t min, uint64_t *out)
{
	uint64_t v = 0;
	int r = get_u64(c, key, &v);

	if (r <= 0)
		return r;
	if (v < min)
		return fail(c, "'%s' must be at least %llu", key, (unsigned long long)min);
	*out = v;
	return 0;
}

/* A dropout probability in [0, 1), or (rotary) a share of the head in
 * (0, 1]. JSON has no NaN, but 1e999 parses as infinity: both fail. */
static int opt_fraction(const struct cfg *c, const char *key, bool rotary, double *out)
{
	const cJSON *it = item(c, key);
	double v;

	if (it == NULL)
		return 0;
	if (!cJSON_IsNumber(it))
		return fail(c, "'%s' must be a number", key);
	v = it->valuedouble;
	if (rotary ? !(v > 0.0 && v <= 1.0) : !(v >= 0.0 && v < 1.0))
		return fail(c, "'%s' must be in %s, got %g", key,
				   rotary ? "(0, 1]" : "[0, 1)", v);
	*out = v;
	return 0;
}

static int opt_dropout(const struct cfg *c, const char *key, double *out)
{
	return opt_fraction(c, key, false, out);
}

static int opt_rotary(const struct cfg *c, const char *key, double *out)
{
	return opt_fraction(c, key, true, out);
}

/* Qwen2VLVisionConfig's mlp_ratio, a float in transformers (4 on the hub,
 * but nothing keeps it whole): positive and finite. */
static int opt_mlp_ratio(const struct cfg *c, double *out)
{
	const cJSON *it = item(c, "mlp_ratio");

	if (it == NULL)
		return 0;
	if (!cJSON_IsNumber(it))
		return fail(c, "'mlp_ratio' must be a number");
	if (!(it->valuedouble > 0.0 && isfinite(it->valuedouble)))
		return fail(c, "'mlp_ratio' must be a positive number, got %g", it->valuedouble);
	*out = it->valuedouble;
	return 0;
}

static int opt_bool(const struct cfg *c, const char *key, bool *out)
{
	const cJSON *it = item(c, key);

	if (it == NULL)
		return 0;
	if (!cJSON_IsBool(it))
		return fail(c, "'%s' must be true or false", key);
	*out = cJSON_IsTrue(it) != 0;
	return 0;
}

/* Returns the string, NULL when absent; sets *bad on a non-string. */
static const char *opt_string(const struct cfg *c, const char *key, int *bad)
{
	const cJSON *it = item(c, key);

	if (it == NULL)
		return NULL;
	if (!cJSON_IsString(it) || it->valuestring == NULL) {
		*bad = fail(c, "'%s' must be a string", key);
		return NULL;
	}
	/* cJSON takes bytes that are not UTF-8, and raw control characters,
	 * which JSON forbids in strings (RFC 8259 section 7): neither can go
	 * into the YAML and JSON vramplan prints */
	if (!vp_utf8_valid(it->valuestring)) {
		*bad = fail(c, "'%s' is not valid UTF-8", key);
		return NULL;
	}
	if (!vp_text_clean(it->valuestring)) {
		*bad = fail(c, "'%s' contains a control character", key);
		return NULL;
	}
	return it->valuestring;
}

/* transformers activations.py ACT2FN names, grouped by the memory they
 * behave like: every GELU variant keeps its input for backward, as do
 * ReLU and SiLU. */
static int parse_act(const struct cfg *c, const char *key, const char *s, enum vp_act *out)
{
	static const char *const gelu[] = {
		"gelu", "gelu_fast", "gelu_pytorch_tanh", "gelu_python",
		"gelu_accurate", "gelu_10", "quick_gelu", NULL
	};

	/* transformers' ACT2FN["gelu_new"] is NewGELUActivation, which writes
	 * the tanh approximation out in tensor ops (activations.py); autograd
	 * keeps its intermediates (docs: "MLP"). */
	if (strcmp(s, "gelu_new") == 0) {
		*out = VP_ACT_GELU_NEW;
		return 0;
	}
	for (size_t i = 0; gelu[i] != NULL; i++)
		if (strcmp(s, gelu[i]) == 0) {
			*out = VP_ACT_GELU;
			return 0;
		}
	if (strcmp(s, "relu") == 0) {
		*out = VP_ACT_RELU;
		return 0;
	}
	if (strcmp(s, "silu") == 0 || strcmp(s, "swish") == 0) {
		*out = VP_ACT_SILU;
		return 0;
	}
	return fail(c, "unsupported activation '%.64s' in '%s' (supported: gelu, gelu_new, "
			   "gelu_fast, gelu_pytorch_tanh, quick_gelu, relu, silu, swish)", s, key);
}

static int opt_act(const struct cfg *c, const char *key, enum vp_act *out)
{
	int bad = 0;
	const char *s = opt_string(c, key, &bad);

	if (bad)
		return -1;
	return s == NULL ? 0 : parse_act(c, key, s, out);
}

/* head_dim = hidden / heads, which must divide. */
static int derive_head_dim(const struct cfg *c, const char *hkey, const char *nkey,
			   struct vp_model *m)
{
	if (m->hidden_size % m->num_heads != 0)
		return fail(c, "'%s' (%llu) is not a multiple of '%s' (%llu)", hkey,
				   (unsigned long long)m->hidden_size, nkey,
				   (unsigned long long)m->num_heads);
	m->head_dim = m->hidden_size / m->num_heads;
	return 0;
}

/* Grouped-query attention: the key/value heads must divide the heads
 * (checked here too so that the message uses the file's key names). */
static int check_kv(const struct cfg *c, const struct vp_model *m)
{
	if (m->num_kv_heads > m->num_heads || m->num_heads % m->num_kv_heads != 0)
		return fail(c, "'num_key_value_heads' (%llu) must divide 'num_attention_heads' (%llu)",
			    (unsigned long long)m->num_kv_heads, (unsigned long long)m->num_heads);
	return 0;
}

/* ---- families ----------------------------------------------------------- */

/* The five sizes that the BERT, Llama, Qwen, GPT-NeoX and phi configs
 * all name alike. */
static int need_shape(const struct cfg *c, struct vp_model *m)
{
	return need_u64(c, "hidden_size", &m->hidden_size) ||
	       need_u64(c, "intermediate_size", &m->intermediate_size) ||
	       need_u64(c, "num_hidden_layers", &m->num_layers) ||
	       need_u64(c, "num_attention_heads", &m->num_heads) ||
	       need_u64(c, "vocab_size", &m->vocab_size) ? -1 : 0;
}

/* The keys BertConfig's descendants share (BERT, RoBERTa, XLM-R, ELECTRA,
 * MPNet, DeBERTa-v2): the shape, max_position_embeddings, type_vocab_size,
 * the two dropouts, hidden_act, tie_word_embeddings; absent keys keep the
 * caller's defaults. */
static int read_bert_keys(const struct cfg *c, struct vp_model *m)
{
	return need_shape(c, m) ||
	       opt_u64(c, "max_position_embeddings", 1, &m->max_positions) ||
	       opt_u64(c, "type_vocab_size", 0, &m->type_vocab_size) ||
	       opt_dropout(c, "hidden_dropout_prob", &m->hidden_dropout) ||
	       opt_dropout(c, "attention_probs_dropout_prob", &m->attn_dropout) ||
	       opt_act(c, "hidden_act", &m->act) ||
	       opt_bool(c, "tie_word_embeddings", &m->tie_embeddings)
		       ? -1
		       : 0;
}

/* BertConfig / RobertaConfig / XLMRobertaConfig: max_position_embeddings
 * 512, type_vocab_size 2, dropouts 0.1, tie_word_embeddings True;
 * XLMRobertaXLConfig (models/xlm_roberta_xl/configuration_xlm_roberta_xl.py)
 * 514 positions and 1 token type, its checkpoints' own. */
static int read_bert(const struct cfg *c, struct vp_model *m)
{
	bool xl = !strcmp(c->type, "xlm-roberta-xl");
	int bad = 0;
	const char *pet;

	m->max_positions = xl ? 514 : 512;
	m->type_vocab_size = xl ? 1 : 2;
	if (read_bert_keys(c, m))
		return -1;
	/* relative_key / relative_key_query add a distance embedding that this
	 * descriptor cannot express. */
	pet = opt_string(c, "position_embedding_type", &bad);
	if (bad)
		return -1;
	if (pet != NULL && strcmp(pet, "absolute") != 0)
		return fail(c, "unsupported position_embedding_type '%.64s' (supported: absolute)",
				   pet);
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* ElectraConfig (models/electra/configuration_electra.py): BertConfig's
 * keys plus embedding_size (default 128, the width ElectraEmbeddings works
 * in before embeddings_project widens it to hidden_size). */
static int read_electra(const struct cfg *c, struct vp_model *m)
{
	m->embedding_size = 128;
	if (opt_u64(c, "embedding_size", 1, &m->embedding_size) || read_bert(c, m))
		return -1;
	if (m->embedding_size == m->hidden_size)
		m->embedding_size = 0;
	return 0;
}

/* AlbertConfig (models/albert/configuration_albert.py): BertConfig's keys
 * (hidden_act "gelu_new", dropouts 0 by default), embedding_size (128),
 * and the sharing: num_hidden_groups groups of inner_group_num layers
 * (1 and 1 in every released checkpoint: one block every layer runs). */
static int read_albert(const struct cfg *c, struct vp_model *m)
{
	uint64_t groups = 1, inner = 1;

	m->embedding_size = 128;
	if (opt_u64(c, "embedding_size", 1, &m->embedding_size) || read_bert(c, m) ||
	    opt_u64(c, "num_hidden_groups", 1, &groups) || opt_u64(c, "inner_group_num", 1, &inner))
		return -1;
	if (groups != 1 || inner != 1)
		return fail(c, "unsupported: 'num_hidden_groups' %llu and 'inner_group_num' %llu (one group of one "
			       "shared layer, as every released ALBERT, is modelled)",
			    (unsigned long long)groups, (unsigned long long)inner);
	if (m->embedding_size == m->hidden_size)
		m->embedding_size = 0;
	return 0;
}

/* An integer that may be negative (DeBERTa's -1 for "derive it"), as a
 * double; absent or null keeps *out. */
static int opt_signed(const struct cfg *c, const char *key, double *out)
{
	const cJSON *it = item(c, key);

	if (it == NULL)
		return 0;
	if (!cJSON_IsNumber(it) || it->valuedouble != floor(it->valuedouble))
		return fail(c, "'%s' must be an integer", key);
	if (fabs(it->valuedouble) > VP_JSON_INT_MAX)
		return fail(c, "'%s' is too large (%g)", key, it->valuedouble);
	*out = it->valuedouble;
	return 0;
}

/* Does DeBERTa's pos_att_type name this term? A list of strings, or one
 * string of them joined by '|' (DebertaV2Config: "p2c|c2p" is split on
 * '|' and lowered); the attention code tests `"c2p" in pos_att_type`. */
static int deberta_term(const struct cfg *c, const char *term, bool *out)
{
	const cJSON *it = item(c, "pos_att_type"), *e;
	char buf[64];
	const char *p;
	size_t i, n;

	*out = false;
	if (it == NULL)
		return 0;
	if (cJSON_IsString(it) && it->valuestring != NULL) {
		for (p = it->valuestring; *p != '\0';) {
			for (n = 0; p[n] != '\0' && p[n] != '|'; n++)
				;
			for (i = 0; i < n && i + 1 < sizeof buf; i++)
				buf[i] = (char)tolower((unsigned char)p[i]);
			buf[i] = '\0';
			if (n < sizeof buf && strcmp(buf, term) == 0)
				*out = true;
			p += n;
			if (*p == '|')
				p++;
		}
		return 0;
	}
	if (!cJSON_IsArray(it))
		return fail(c, "'pos_att_type' must be a list of strings or a string such as \"p2c|c2p\"");
	cJSON_ArrayForEach(e, it) {
		if (!cJSON_IsString(e) || e->valuestring == NULL)
			return fail(c, "'pos_att_type' must be a list of strings");
		if (strcmp(e->valuestring, term) == 0)
			*out = true;
	}
	return 0;
}

/* DebertaV2Config (models/deberta_v2/configuration_deberta_v2.py) and the
 * keys DisentangledSelfAttention and DebertaV2Encoder read with getattr:
 * relative_attention False, position_biased_input True, type_vocab_size 0,
 * max_position_embeddings 512, position_buckets -1 (then the span is
 * max_relative_positions, itself max_position_embeddings when below 1),
 * pos_att_type None, norm_rel_ebd "none", share_att_key False,
 * conv_kernel_size 0, embedding_size and attention_head_size derived. */
static int read_deberta_v2(const struct cfg *c, struct vp_model *m)
{
	bool relative = false, absolute = true, share = false;
	double buckets = -1.0, max_rel = -1.0, conv = 0.0, head = 0.0, embed = 0.0;
	const char *norm;
	int bad = 0;

	m->max_positions = 512;
	if (read_bert_keys(c, m) ||
	    opt_bool(c, "relative_attention", &relative) ||
	    opt_bool(c, "position_biased_input", &absolute) ||
	    opt_bool(c, "share_att_key", &share) ||
	    opt_signed(c, "position_buckets", &buckets) ||
	    opt_signed(c, "max_relative_positions", &max_rel) ||
	    opt_signed(c, "conv_kernel_size", &conv) ||
	    opt_signed(c, "attention_head_size", &head) ||
	    opt_signed(c, "embedding_size", &embed) ||
	    deberta_term(c, "c2p", &m->rel_c2p) || deberta_term(c, "p2c", &m->rel_p2c))
		return -1;
	m->num_kv_heads = m->num_heads;
	if (derive_head_dim(c, "hidden_size", "num_attention_heads", m))
		return -1;
	if (head > 0.0 && head != (double)m->head_dim)
		return fail(c, "unsupported: 'attention_head_size' (%.0f) differs from hidden_size / "
			    "num_attention_heads (%llu)", head, (unsigned long long)m->head_dim);
	if (embed > 0.0 && embed != (double)m->hidden_size)
		return fail(c, "unsupported: 'embedding_size' (%.0f) differs from 'hidden_size' (DeBERTa's "
			    "embed_proj is not modelled)", embed);
	if (conv > 0.0)
		return fail(c, "unsupported: 'conv_kernel_size' %.0f (the ConvLayer of DeBERTa-v2 xlarge and "
			    "xxlarge is not modelled)", conv);
	if (!relative) {
		m->rel_c2p = m->rel_p2c = false;
		if (!absolute)
			return fail(c, "unsupported: neither 'relative_attention' nor 'position_biased_input' "
				    "(a DeBERTa without positions)");
		m->pos = VP_POS_LEARNED;
		return 0;
	}
	if (!share && (m->rel_c2p || m->rel_p2c))
		return fail(c, "unsupported: 'share_att_key' false (DeBERTa-v2's pos_key_proj and "
			    "pos_query_proj are not modelled; every v3 checkpoint shares them)");
	m->pos = VP_POS_DISENTANGLED;
	/* DebertaV2Encoder: max_relative_positions below 1 is
	 * config.max_position_embeddings; position_buckets > 0 replaces it */
	if (max_rel < 1.0)
		max_rel = (double)m->max_positions;
	m->rel_span = buckets > 0.0 ? (uint64_t)buckets : (uint64_t)max_rel;
	if (!absolute)
		m->max_positions = 0;
	norm = opt_string(c, "norm_rel_ebd", &bad);
	if (bad)
		return -1;
	m->rel_norm = norm != NULL && strstr(norm, "layer_norm") != NULL;
	return 0;
}

/* MPNetConfig (models/mpnet/configuration_mpnet.py): BERT's keys without
 * token types, max_position_embeddings 512 (checkpoints say 514),
 * relative_attention_num_buckets 32. */
static int read_mpnet(const struct cfg *c, struct vp_model *m)
{
	if (read_bert(c, m))
		return -1;
	m->type_vocab_size = 0;
	return opt_u64(c, "relative_attention_num_buckets", 1, &m->relative_buckets);
}

/* The "full_attention" entries of a layer_types list, which must have
 * one entry per layer (transformers' layer_type_validation);
 * has_other_layers() refused any entry but full_attention and
 * sliding_attention. */
static int count_full_layers(const struct cfg *c, const struct vp_model *m, const cJSON *types, uint64_t *full)
{
	const cJSON *it;
	uint64_t n = 0;

	*full = 0;
	if (!cJSON_IsArray(types))
		return fail(c, "'layer_types' must be a list of \"full_attention\" and \"sliding_attention\"");
	cJSON_ArrayForEach(it, types) {
		if (cJSON_IsString(it) && strcmp(it->valuestring, "full_attention") == 0)
			(*full)++;
		n++;
	}
	if (n != m->num_layers)
		return fail(c, "'layer_types' has %llu entries for %llu layers ('num_hidden_layers')",
			    (unsigned long long)n, (unsigned long long)m->num_layers);
	return 0;
}

/*
 * ModernBertConfig (models/modernbert/modular_modernbert.py, transformers
 * 5): the shape under BERT's names; norm_bias, attention_bias (Wqkv and
 * Wo), mlp_bias, all False; hidden_activation "gelu"; local_attention 128,
 * the whole window, of which config.sliding_window is half (the distance
 * masking_utils compares with the sequence); layer_types, else every
 * global_attn_every_n_layers-th layer (3, from layer 0) full_attention and
 * the others sliding_attention; embedding_dropout, attention_dropout
 * (the probabilities and the output projection) and mlp_dropout (after
 * GELU(input) * gate), 0.0. One hidden dropout stands for the first two's
 * masks here, in every place BERT has one: where only one of them is set
 * the estimate counts a few masks more than ModernBERT makes, the safe
 * side. classifier_bias False and decoder_bias True are the released
 * files' and are assumed; max_position_embeddings bounds no table (the
 * positions are rotary).
 */
static int read_modernbert(const struct cfg *c, struct vp_model *m)
{
	uint64_t local = 128, every = 3, full = 0;
	double embed_drop = 0.0, attn_drop = 0.0;
	const cJSON *types = item(c, "layer_types");

	if (need_shape(c, m) ||
	    opt_bool(c, "norm_bias", &m->norm_bias) ||
	    opt_bool(c, "attention_bias", &m->qkv_bias) ||
	    opt_bool(c, "mlp_bias", &m->mlp_bias) ||
	    opt_act(c, "hidden_activation", &m->act) ||
	    opt_u64(c, "local_attention", 2, &local) ||
	    opt_u64(c, "global_attn_every_n_layers", 1, &every) ||
	    opt_dropout(c, "embedding_dropout", &embed_drop) ||
	    opt_dropout(c, "attention_dropout", &attn_drop) ||
	    opt_dropout(c, "mlp_dropout", &m->act_dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->out_bias = m->qkv_bias;
	m->attn_dropout = attn_drop;
	m->hidden_dropout = embed_drop > attn_drop ? embed_drop : attn_drop;
	m->num_kv_heads = m->num_heads;
	if (types != NULL) {
		if (count_full_layers(c, m, types, &full))
			return -1;
	} else {
		/* layers 0, every, 2 x every, ... are global */
		full = (m->num_layers + every - 1) / every;
	}
	if (full < m->num_layers) {
		m->sliding_window = local / 2;
		m->full_attn_layers = full;
	}
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* DistilBertConfig (models/distilbert/configuration_distilbert.py): dim,
 * n_layers, n_heads, hidden_dim (attribute_map: hidden_size,
 * num_hidden_layers, num_attention_heads), max_position_embeddings 512,
 * dropout and attention_dropout 0.1, activation "gelu". The sinusoidal
 * position table (sinusoidal_pos_embds) is a frozen parameter of the same
 * size: counted alike. */
static int read_distilbert(const struct cfg *c, struct vp_model *m)
{
	m->max_positions = 512;
	if (need_u64_alt(c, "dim", "hidden_size", &m->hidden_size) ||
	    need_u64(c, "hidden_dim", &m->intermediate_size) ||
	    need_u64_alt(c, "n_layers", "num_hidden_layers", &m->num_layers) ||
	    need_u64_alt(c, "n_heads", "num_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "max_position_embeddings", 1, &m->max_positions) ||
	    opt_dropout(c, "dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "activation", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, item(c, "dim") != NULL ? "dim" : "hidden_size",
			       item(c, "n_heads") != NULL ? "n_heads" : "num_attention_heads", m);
}

/* T5Config: d_kv 64, num_decoder_layers = num_layers, 32 buckets,
 * feed_forward_proj "relu" (MT5Config and UMT5Config: "gated-gelu"),
 * dropout_rate 0.1. feed_forward_proj is "[gated-]ACT" (T5Config.__init__
 * splits on '-' and takes the last part as dense_act_fn).
 * tie_word_embeddings: T5Config True, MT5Config False, UMT5Config True
 * (transformers 4.x __init__; the released mT5 and umT5 files say false). */
static int read_t5(const struct cfg *c, struct vp_model *m)
{
	int bad = 0;
	const char *ffp;
	double dropout = 0.1;

	m->head_dim = 64;
	if (need_u64(c, "d_model", &m->hidden_size) ||
	    need_u64(c, "d_ff", &m->intermediate_size) ||
	    need_u64(c, "num_layers", &m->num_layers) ||
	    need_u64(c, "num_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "d_kv", 1, &m->head_dim))
		return -1;
	m->num_decoder_layers = m->num_layers;
	if (!strcmp(c->type, "umt5"))
		m->tie_embeddings = true;
	if (opt_u64(c, "num_decoder_layers", 1, &m->num_decoder_layers) ||
	    opt_u64(c, "relative_attention_num_buckets", 1, &m->relative_buckets) ||
	    opt_dropout(c, "dropout_rate", &dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->hidden_dropout = m->attn_dropout = m->act_dropout = dropout;
	m->num_kv_heads = m->num_heads;

	ffp = opt_string(c, "feed_forward_proj", &bad);
	if (bad)
		return -1;
	if (ffp == NULL)
		ffp = strcmp(c->type, "t5") == 0 ? "relu" : "gated-gelu";
	if (strncmp(ffp, "gated-", 6) == 0) {
		m->gated_mlp = true;
		ffp += 6;
	} else {
		m->gated_mlp = false;
	}
	if (strchr(ffp, '-') != NULL)
		return fail(c, "'feed_forward_proj' must be ACT or gated-ACT, got '%.64s'", ffp);
	/* T5Config.__init__: "gated-gelu" means dense_act_fn "gelu_new" (for
	 * backwards compatibility); a plain "gelu" stays "gelu". */
	if (m->gated_mlp && strcmp(ffp, "gelu") == 0) {
		m->act = VP_ACT_GELU_NEW;
		return 0;
	}
	return parse_act(c, "feed_forward_proj", ffp, &m->act);
}

/* MarianMTModel with share_encoder_decoder_embeddings false (the OPUS-MT
 * "tc-big" models with separate source and target vocabularies) gives the
 * encoder and the decoder embeddings of their own, the decoder's and the LM
 * head decoder_vocab_size rows; one vocabulary per descriptor cannot say
 * that. decoder_vocab_size defaults to vocab_size (MarianConfig). */
static int read_marian_vocab(const struct cfg *c, const struct vp_model *m)
{
	bool shared = true;
	uint64_t dec_vocab = m->vocab_size;

	if (opt_bool(c, "share_encoder_decoder_embeddings", &shared) ||
	    opt_u64(c, "decoder_vocab_size", 1, &dec_vocab))
		return -1;
	if (!shared)
		return fail(c, "unsupported: 'share_encoder_decoder_embeddings' false (separate source and "
			       "target vocabularies); one vocabulary shared by the encoder, the decoder and "
			       "the LM head is modelled");
	if (dec_vocab != m->vocab_size)
		return fail(c, "unsupported: 'decoder_vocab_size' (%llu) differs from 'vocab_size' (%llu) "
			       "while the embeddings are shared",
			    (unsigned long long)dec_vocab, (unsigned long long)m->vocab_size);
	return 0;
}

/* BartConfig / MBartConfig: max_position_embeddings 1024, dropout 0.1,
 * attention_dropout and activation_dropout 0, activation "gelu". The
 * position table has max_position_embeddings + 2 rows
 * (BartLearnedPositionalEmbedding offset 2). add_final_layer_norm and
 * normalize_before are fairseq leftovers: BartEncoder/BartDecoder never
 * build a final norm and MBart always does, so the family decides.
 * MarianConfig and M2M100Config have the same keys (M2M100: dropout and
 * attention_dropout 0.1, activation "relu"); Marian's frozen position
 * table has max_position_embeddings rows, M2M100's is a buffer (0 here).
 * encoder_layerdrop and decoder_layerdrop (M2M100Config 0.05) skip whole
 * layers at random in training: the peak is the step that skips none. */
static int read_bart(const struct cfg *c, struct vp_model *m)
{
	uint64_t dec_ffn, dec_heads, positions = 1024;
	/* Pegasus's frozen table has Marian's max_position_embeddings rows */
	bool marian = !strcmp(c->type, "marian"), m2m = !strcmp(c->type, "m2m_100");
	bool frozen_table = marian || !strcmp(c->type, "pegasus");

	if (need_u64(c, "d_model", &m->hidden_size) ||
	    need_u64(c, "encoder_ffn_dim", &m->intermediate_size) ||
	    need_u64(c, "encoder_layers", &m->num_layers) ||
	    need_u64(c, "decoder_layers", &m->num_decoder_layers) ||
	    need_u64(c, "encoder_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "max_position_embeddings", 1, &positions) ||
	    opt_dropout(c, "dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_dropout(c, "activation_dropout", &m->act_dropout) ||
	    opt_act(c, "activation_function", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (m2m)
		m->max_positions = 0;
	else if (frozen_table)
		m->max_positions = positions;
	else if (vp_add_u64(positions, 2, &m->max_positions) != 0)
		return fail(c, "'%s' is too large", "max_position_embeddings");
	if (marian && read_marian_vocab(c, m))
		return -1;

	/* One descriptor holds one FFN width and one head count. Absent, the
	 * decoder's are the class's decoder_ffn_dim 4096 and
	 * decoder_attention_heads 16 (BartConfig, MBartConfig, MarianConfig,
	 * M2M100Config, PegasusConfig), whatever the encoder's are; the
	 * layer counts, the shape, are required as the encoder's are. */
	dec_ffn = 4096;
	dec_heads = 16;
	if (opt_u64(c, "decoder_ffn_dim", 1, &dec_ffn) ||
	    opt_u64(c, "decoder_attention_heads", 1, &dec_heads))
		return -1;
	if (dec_ffn != m->intermediate_size)
		return fail(c, "unsupported: 'decoder_ffn_dim' (%llu%s) differs from 'encoder_ffn_dim' (%llu)",
				   (unsigned long long)dec_ffn,
				   item(c, "decoder_ffn_dim") == NULL ? ", the default where the key is absent" : "",
				   (unsigned long long)m->intermediate_size);
	if (dec_heads != m->num_heads)
		return fail(c, "unsupported: 'decoder_attention_heads' (%llu%s) differs from 'encoder_attention_heads' (%llu)",
				   (unsigned long long)dec_heads,
				   item(c, "decoder_attention_heads") == NULL ? ", the default where the key is absent" : "",
				   (unsigned long long)m->num_heads);
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "d_model", "encoder_attention_heads", m);
}

/*
 * DeepseekV2Config and DeepseekV3Config (models/deepseek_v2/
 * modular_deepseek_v2.py, models/deepseek_v3/configuration_deepseek_v3.py):
 * n_routed_experts (64; V3 256), num_experts_per_tok (V2 None, which
 * DeepseekV2Moe's topk cannot take: required here; V3 8),
 * moe_intermediate_size (1407; V3 2048) the routed and each shared
 * expert's width, n_shared_experts (2; V3 1) in one MLP, and
 * first_k_dense_replace (0; V3 3) layers with a dense MLP of
 * intermediate_size before them. moe_layer_freq (1 in every released
 * config) is the remote code's (modeling_deepseek.py: MoE where
 * layer_idx % moe_layer_freq == 0 too); transformers ignores it, and
 * another value is refused, the two builds disagreeing. The causal LM
 * is LlamaForCausalLM's: no router logits, no load-balancing loss
 * (output_router_logits is not read).
 */
static int read_deepseek_experts(const struct cfg *c, struct vp_model *m)
{
	const cJSON *shared = cJSON_GetObjectItemCaseSensitive(c->root, "n_shared_experts");
	uint64_t dense_width = m->intermediate_size, n_shared = !strcmp(c->type, "deepseek_v2") ? 2 : 1;
	uint64_t freq = 1, first_dense = m->dense_layers; /* the family's default: V3's 3, GLM-4.5's 1 */
	bool glm = !strcmp(c->type, "glm4_moe");

	/* Every layer dense (first_k_dense_replace >= num_hidden_layers):
	 * DeepseekV2DecoderLayer builds DeepseekV2Moe only where layer_idx >=
	 * first_k_dense_replace, else DeepseekV2MLP(config), intermediate_size
	 * wide (modular_deepseek_v2.py), so no layer has a router or experts
	 * and the expert keys shape nothing (a null top-k or shared count
	 * included): read as a dense MLA decoder. Until 2026-12-01 refused as
	 * "must be below 'num_hidden_layers'". */
	if (opt_u64(c, "first_k_dense_replace", 0, &first_dense))
		return -1;
	if (first_dense >= m->num_layers) {
		m->num_experts = m->experts_per_token = m->shared_expert_size = 0;
		m->dense_layers = m->dense_intermediate_size = 0;
		return 0;
	}
	if (!strcmp(c->type, "deepseek_v2") && item(c, "num_experts_per_tok") == NULL)
		return fail(c, "'num_experts_per_tok' is missing or null: DeepseekV2Config's default (None) "
			       "leaves the router without a top-k");
	if (cJSON_IsNull(shared))
		return fail(c, "unsupported: 'n_shared_experts' is null (DeepseekV2Moe.forward adds the shared "
			       "experts it then lacks)");
	if (opt_u64(c, "n_routed_experts", 1, &m->num_experts) ||
	    opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token) ||
	    opt_u64(c, "moe_intermediate_size", 1, &m->intermediate_size) ||
	    opt_u64(c, "n_shared_experts", 0, &n_shared) ||
	    opt_u64(c, "first_k_dense_replace", 0, &m->dense_layers) ||
	    (!glm && opt_u64(c, "moe_layer_freq", 1, &freq)))
		return -1;
	if (freq != 1)
		return fail(c, "unsupported: 'moe_layer_freq' %llu (transformers' DeepseekV2DecoderLayer puts "
			       "experts in every layer from first_k_dense_replace on; the remote code skips "
			       "layers)",
			    (unsigned long long)freq);
	if (vp_mul_u64(n_shared, m->intermediate_size, &m->shared_expert_size))
		return fail(c, "'n_shared_experts' x 'moe_intermediate_size' is too large");
	m->dense_intermediate_size = m->dense_layers > 0 ? dense_width : 0;
	return 0;
}

/*
 * ERNIE 4.5's MoE keys (Ernie4_5_MoeConfig, models/ernie4_5_moe/
 * configuration_ernie4_5_moe.py): moe_num_experts (64), moe_k (6),
 * moe_intermediate_size (1536), moe_num_shared_experts (2; the shared
 * expert is that many times moe_intermediate_size wide, none at 0).
 * Ernie4_5_MoeDecoderLayer builds the MoE block where (layer_idx + 1) %
 * moe_layer_interval == 0 and moe_layer_start_index <= layer_idx <=
 * moe_layer_end_index (1, -1 for the last layer, 1), a dense MLP of
 * intermediate_size elsewhere. vramplan models dense layers before the
 * experts only (DeepSeek's first_k_dense_replace): an interval of 1 with
 * experts up to the last layer, which ERNIE-4.5-21B-A3B (start 1) and
 * -300B-A47B (start 3) have, or experts in the last layer alone; other
 * layouts are refused. A range holding no layer (a start past the last
 * layer or past the end, an interval beyond them) leaves every layer
 * dense, read as a dense decoder as DeepSeek's is.
 */
static int read_ernie_experts(const struct cfg *c, struct vp_model *m)
{
	const cJSON *end_item = item(c, "moe_layer_end_index");
	/* intermediate_size (need_shape), the dense layers' width */
	uint64_t dense_width = m->intermediate_size, start = 1, interval = 1, n_shared = 2;
	uint64_t last = m->num_layers - 1, end = last, first;
	bool bias = false;

	if (opt_u64(c, "moe_num_experts", 1, &m->num_experts) ||
	    opt_u64(c, "moe_k", 1, &m->experts_per_token) ||
	    opt_u64(c, "moe_intermediate_size", 1, &m->intermediate_size) ||
	    opt_u64(c, "moe_num_shared_experts", 0, &n_shared) ||
	    opt_u64(c, "moe_layer_start_index", 0, &start) ||
	    opt_u64(c, "moe_layer_interval", 1, &interval) ||
	    opt_bool(c, "use_bias", &bias))
		return -1;
	/* moe_layer_end_index: -1 (the default) is the last layer
	 * (Ernie4_5_MoeConfig.__init__) */
	if (end_item != NULL && !(cJSON_IsNumber(end_item) && end_item->valuedouble == -1.0) &&
	    opt_u64(c, "moe_layer_end_index", 0, &end))
		return -1;
	/* Ernie4_5_MoeMLP builds the experts' and the shared expert's
	 * linears with bias=use_bias, which the expert stacks here do not
	 * hold; every released config writes false */
	if (bias)
		return fail(c, "unsupported: 'use_bias' is true in a mixture of experts (the experts' biases are "
			       "not modelled)");
	/* the first layer the rule gives experts: from start on, the first
	 * with (layer_idx + 1) % interval == 0 (start < 2^53 and interval <
	 * 2^53, so no overflow) */
	first = start > last ? start : ((start + 1 + interval - 1) / interval) * interval - 1;
	if (end > last)
		end = last;
	if (first > end) {
		/* no layer in the range (a start past the last layer, an end
		 * before the start, an interval beyond them): every layer is
		 * Ernie4_5_MoeMLP of intermediate_size */
		m->intermediate_size = dense_width;
		m->num_experts = m->experts_per_token = m->shared_expert_size = 0;
		m->dense_layers = m->dense_intermediate_size = 0;
		return 0;
	}
	start = first;
	/* the experts' layers are the last ones when they run to the last
	 * layer with an interval of 1, or are the last layer alone */
	if ((interval != 1 && first != last) || end < last)
		return fail(c, "unsupported: 'moe_layer_interval' %llu with 'moe_layer_end_index' %llu of %llu layers "
			       "puts dense layers between or after the experts' (Ernie4_5_MoeDecoderLayer); "
			       "vramplan models dense layers before them only (interval 1, experts up to the last "
			       "layer)",
			    (unsigned long long)interval, (unsigned long long)end, (unsigned long long)m->num_layers);
	if (vp_mul_u64(n_shared, m->intermediate_size, &m->shared_expert_size))
		return fail(c, "'moe_num_shared_experts' x 'moe_intermediate_size' is too large");
	m->dense_layers = start;
	m->dense_intermediate_size = start > 0 ? dense_width : 0;
	return 0;
}

/*
 * Multi-head latent attention's keys (DeepseekV2Config, DeepseekV3Config):
 * kv_lora_rank (512), q_lora_rank (1536; null: q_proj, no latent for q,
 * DeepSeek-V2-Lite's), qk_nope_head_dim (128), qk_rope_head_dim (64),
 * v_head_dim (128). q and k heads are qk_nope_head_dim +
 * qk_rope_head_dim wide (DeepseekV2Attention.qk_head_dim), rotary on the
 * qk_rope_head_dim part; the config's head_dim (DeepseekV2Config sets it
 * to qk_rope_head_dim, for the rotary embedding) is not the heads'.
 * num_key_value_heads does not shape anything: kv_b_proj gives every
 * head its k and v.
 */
static int read_latent_attention(const struct cfg *c, struct vp_model *m)
{
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(c->root, "q_lora_rank");
	uint64_t nope = 128; /* both classes' qk_nope_head_dim */

	if (opt_u64(c, "kv_lora_rank", 1, &m->kv_lora_rank) ||
	    opt_u64(c, "qk_nope_head_dim", 1, &nope) ||
	    opt_u64(c, "qk_rope_head_dim", 1, &m->rope_head_dim) ||
	    opt_u64(c, "v_head_dim", 1, &m->v_head_dim))
		return -1;
	if (cJSON_IsNull(q))
		m->q_lora_rank = 0;
	else if (opt_u64(c, "q_lora_rank", 1, &m->q_lora_rank))
		return -1;
	if (vp_add_u64(nope, m->rope_head_dim, &m->head_dim))
		return fail(c, "'qk_nope_head_dim' + 'qk_rope_head_dim' is too large");
	m->rotary_fraction = (double)m->rope_head_dim / (double)m->head_dim;
	m->num_kv_heads = m->num_heads;
	return 0;
}

/*
 * The experts of a mixture-of-experts config (Qwen2-MoE's as Qwen3-MoE's, with
 * a shared expert). MixtralConfig:
 * num_local_experts (8), num_experts_per_tok (2), the experts as wide as
 * intermediate_size. Qwen3MoeConfig: num_experts (128), num_experts_per_tok
 * (8), the experts moe_intermediate_size wide (intermediate_size is for
 * dense layers, which only decoder_sparse_step > 1 or mlp_only_layers
 * make; those are refused). Other model types: nothing to read.
 */
static int read_experts(const struct cfg *c, struct vp_model *m)
{
	const cJSON *dense_layers;
	uint64_t step = 1;

	/* MixtralConfig, Qwen2MoeConfig, Qwen3MoeConfig and OlmoeConfig:
	 * output_router_logits (default False; the released configs say
	 * false) makes the causal LM add the load-balancing loss */
	if (m->num_experts > 0 && opt_bool(c, "output_router_logits", &m->output_router_logits))
		return -1;
	if (!strcmp(c->type, "mixtral"))
		return opt_u64(c, "num_local_experts", 1, &m->num_experts) ||
			       opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token)
			       ? -1
			       : 0;
	if (!strcmp(c->type, "gpt_oss")) {
		/* GptOssConfig: num_local_experts (128; gpt-oss-20b 32),
		 * num_experts_per_tok (4), the experts intermediate_size wide.
		 * The released checkpoints store the experts in MXFP4
		 * (quantization_config quant_method "mxfp4"), which training
		 * dequantizes (Mxfp4Config(dequantize=True)): the weights are
		 * the training precision's. */
		return opt_u64(c, "num_local_experts", 1, &m->num_experts) ||
			       opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token)
			       ? -1
			       : 0;
	}
	if (!strcmp(c->type, "phimoe") || !strcmp(c->type, "granitemoe") || !strcmp(c->type, "granitemoeshared"))
		/* PhimoeConfig (16 and 2 by default), GraniteMoeConfig and
		 * GraniteMoeSharedConfig (8 and 2): num_local_experts,
		 * num_experts_per_tok, the experts as wide as
		 * intermediate_size; GraniteMoeSharedConfig's
		 * shared_intermediate_size (0: no shared_mlp) */
		return opt_u64(c, "num_local_experts", 1, &m->num_experts) ||
			       opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token) ||
			       (!strcmp(c->type, "granitemoeshared") &&
				opt_u64(c, "shared_intermediate_size", 0, &m->shared_expert_size))
			       ? -1
			       : 0;
	if (!strcmp(c->type, "olmoe"))
		/* OlmoeConfig: the experts as wide as intermediate_size (1024
		 * in OLMoE-1B-7B), every layer sparse */
		return opt_u64(c, "num_experts", 1, &m->num_experts) ||
			       opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token)
			       ? -1
			       : 0;
	/* Glm4MoeConfig (models/glm4_moe/configuration_glm4_moe.py): the
	 * same keys as DeepseekV3Config's (n_routed_experts 128,
	 * num_experts_per_tok 8, moe_intermediate_size 1408,
	 * n_shared_experts 1, first_k_dense_replace 1); no moe_layer_freq
	 * (Glm4MoeDecoderLayer: experts in every layer from
	 * first_k_dense_replace on) */
	if (!strcmp(c->type, "deepseek_v2") || !strcmp(c->type, "deepseek_v3") || !strcmp(c->type, "glm4_moe"))
		return read_deepseek_experts(c, m);
	if (!strcmp(c->type, "ernie4_5_moe"))
		return read_ernie_experts(c, m);
	if (strcmp(c->type, "qwen3_moe") != 0 && strcmp(c->type, "qwen2_moe") != 0)
		return 0;
	/* Qwen2MoeConfig: the same keys, and shared_expert_intermediate_size
	 * (5632) for the shared expert */
	if (!strcmp(c->type, "qwen2_moe") &&
	    opt_u64(c, "shared_expert_intermediate_size", 1, &m->shared_expert_size))
		return -1;
	/* moe_intermediate_size: Qwen2MoeConfig 1408 (Qwen1.5-MoE-A2.7B's),
	 * Qwen3MoeConfig 768 (Qwen3-30B-A3B's) where the key is absent */
	m->intermediate_size = !strcmp(c->type, "qwen2_moe") ? 1408 : 768;
	if (opt_u64(c, "num_experts", 1, &m->num_experts) ||
	    opt_u64(c, "num_experts_per_tok", 1, &m->experts_per_token) ||
	    opt_u64(c, "moe_intermediate_size", 1, &m->intermediate_size) ||
	    opt_u64(c, "decoder_sparse_step", 1, &step))
		return -1;
	dense_layers = item(c, "mlp_only_layers");
	if (step != 1 || (cJSON_IsArray(dense_layers) && cJSON_GetArraySize(dense_layers) > 0))
		return fail(c, "unsupported: dense layers among the experts ('decoder_sparse_step' %llu, "
			       "'mlp_only_layers'); every layer a mixture of experts is modelled",
			    (unsigned long long)step);
	return 0;
}

/*
 * Which layers attend globally beside the sliding ones: layer_types (the
 * "full_attention" entries; transformers 5 writes it in every config
 * that mixes them), else sliding_window_pattern (Gemma3TextConfig,
 * Cohere2Config: every pattern-th layer global; Exaone4Config's string
 * form, "LLLG", repeated over the layers, G global), else the family's
 * pattern (vp_model_full_attn_layers). A list with no global layer keeps
 * the family's pattern, one with no sliding layer turns the window off.
 */
static int read_layer_pattern(const struct cfg *c, struct vp_model *m)
{
	const cJSON *types = item(c, "layer_types"), *pattern = item(c, "sliding_window_pattern");
	uint64_t full = 0;

	if (types != NULL) {
		if (count_full_layers(c, m, types, &full))
			return -1;
	} else if (cJSON_IsString(pattern)) {
		const char *p = pattern->valuestring;
		size_t len = strlen(p), i;
		uint64_t per = 0, rest = 0;

		if (len == 0 || strspn(p, "LG") != len)
			return fail(c, "'sliding_window_pattern' must be a number or a string of L and G");
		/* whole repetitions, then the first layers of one more (no walk
		 * over a layer count the validation has not bounded yet) */
		for (i = 0; i < len; i++) {
			per += p[i] == 'G';
			if ((uint64_t)i < m->num_layers % len)
				rest += p[i] == 'G';
		}
		full = m->num_layers / len * per + rest;
	} else if (pattern != NULL) {
		uint64_t every = 1; /* opt_u64 refuses 0 */

		if (opt_u64(c, "sliding_window_pattern", 1, &every))
			return -1;
		full = m->num_layers / every;
	} else {
		return 0;
	}
	if (full >= m->num_layers)
		m->sliding_window = 0;
	else
		m->full_attn_layers = full;
	return 0;
}

/* sliding_window: the span of a sliding-window layer; null, or
 * use_sliding_window false (Qwen2Config, Qwen3Config: the window is not
 * used), means every layer sees the whole sequence; absent keeps the
 * family's value. The classes that have use_sliding_window default it to
 * False (Qwen2Config, Qwen3Config, Qwen2MoeConfig, Qwen3MoeConfig,
 * SmolLM3Config: "self.sliding_window = self.sliding_window if
 * self.use_sliding_window else None"), so there an absent key is no
 * window, whatever sliding_window says. */
static int read_sliding_window(const struct cfg *c, struct vp_model *m)
{
	/* here null is not "the default": MistralConfig's null is no window */
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(c->root, "sliding_window");
	const char *t = c->type;
	bool used = !(!strcmp(t, "qwen2") || !strcmp(t, "qwen3") || !strcmp(t, "qwen2_moe") ||
		      !strcmp(t, "qwen3_moe") || !strcmp(t, "smollm3"));

	if (opt_bool(c, "use_sliding_window", &used))
		return -1;
	if (!used || cJSON_IsNull(it)) {
		m->sliding_window = 0;
		return 0;
	}
	if (opt_u64(c, "sliding_window", 1, &m->sliding_window))
		return -1;
	return m->sliding_window > 0 ? read_layer_pattern(c, m) : 0;
}

/* clip_qkv (OLMo's top level, MPT's attn_config): a positive bound or
 * null; set, the projections are clamped (model.h clip_qkv). `in` is the
 * object holding the key, `name` its name in messages. */
static int read_clip_qkv(const struct cfg *c, const struct cfg *in, const char *name, struct vp_model *m)
{
	const cJSON *clip = item(in, "clip_qkv");

	if (clip != NULL && !(cJSON_IsNumber(clip) && clip->valuedouble > 0.0))
		return fail(c, "'%s' must be a positive number or null", name);
	m->clip_qkv = clip != NULL;
	return 0;
}

/*
 * The num_key_value_heads a configuration class gives a config.json that
 * leaves the key out, where that is a number rather than None: the
 * class's own checkpoint's (transformers 5, models/<type>/
 * configuration_<type>.py, commit 008e5743; the same numbers as the
 * 4.x __init__ signatures). The classes not listed (LlamaConfig,
 * Phi3Config, OlmoConfig, Olmo2Config, Olmo3Config, OlmoeConfig,
 * CohereConfig, Cohere2Config, GraniteConfig, GraniteMoeConfig, GraniteMoeSharedConfig,
 * HunYuanDenseV1Config; the remote InternLM2Config) default it to None, which __init__ or
 * __post_init__ turns into num_attention_heads; so does a null in every
 * class that has that fallback, and vramplan reads a null as the heads in
 * all of them.
 */
static const struct {
	const char *type, *cls;
	uint64_t kv;
} kv_defaults[] = {
	{"mistral", "MistralConfig", 8}, {"mixtral", "MixtralConfig", 8},
	{"qwen2", "Qwen2Config", 32}, {"qwen3", "Qwen3Config", 32},
	{"qwen2_moe", "Qwen2MoeConfig", 16}, {"qwen3_moe", "Qwen3MoeConfig", 4},
	{"gemma", "GemmaConfig", 16}, {"gemma2", "Gemma2Config", 4}, {"gemma3_text", "Gemma3TextConfig", 4},
	{"stablelm", "StableLmConfig", 32}, {"exaone4", "Exaone4Config", 32},
	{"glm", "GlmConfig", 2}, {"glm4", "Glm4Config", 2},
	{"smollm3", "SmolLM3Config", 4}, {"seed_oss", "SeedOssConfig", 8}, {"gpt_oss", "GptOssConfig", 8},
	{"phimoe", "PhimoeConfig", 8}, {"glm4_moe", "Glm4MoeConfig", 8},
	{"ernie4_5", "Ernie4_5Config", 2}, {"ernie4_5_moe", "Ernie4_5_MoeConfig", 4},
};

/* num_key_value_heads: the value, the heads when null, else the class
 * default (kv_defaults), which must divide the heads as a given value
 * must: transformers builds k_proj and v_proj for that many heads and
 * num_key_value_groups = heads // kv_heads, so a default that does not
 * divide them makes a model whose attention fails, refused here with the
 * default named. */
static int read_kv_heads(const struct cfg *c, struct vp_model *m)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(c->root, "num_key_value_heads");

	m->num_kv_heads = m->num_heads;
	if (it != NULL)
		return opt_u64(c, "num_key_value_heads", 1, &m->num_kv_heads) || check_kv(c, m) ? -1 : 0;
	for (size_t i = 0; i < sizeof kv_defaults / sizeof kv_defaults[0]; i++) {
		if (strcmp(c->type, kv_defaults[i].type) != 0)
			continue;
		m->num_kv_heads = kv_defaults[i].kv;
		if (m->num_kv_heads > m->num_heads || m->num_heads % m->num_kv_heads != 0)
			return fail(c, "missing field 'num_key_value_heads': %s's default, %llu, does not divide "
				       "'num_attention_heads' (%llu), so transformers would build a model that cannot "
				       "run; give the checkpoint's number",
				    kv_defaults[i].cls, (unsigned long long)m->num_kv_heads,
				    (unsigned long long)m->num_heads);
		break;
	}
	return 0;
}

/* The Llama-like decoders. Absent keys take the configuration class's
 * defaults: num_key_value_heads read_kv_heads(); head_dim the class's
 * number (GemmaConfig, Gemma2Config, Gemma3TextConfig 256; Qwen3Config,
 * GlmConfig, Glm4Config, SeedOssConfig 128; GptOssConfig 64), else
 * hidden / heads (LlamaConfig's None, and the attention's
 * getattr(config, "head_dim", hidden_size // num_attention_heads) for the
 * classes without the field). */
static int read_llama_like(const struct cfg *c, struct vp_model *m)
{
	const char *t = c->type;
	bool attention_bias = false, present;
	bool is_gemma = !strcmp(t, "gemma") || !strcmp(t, "gemma2") || !strcmp(t, "gemma3_text");
	bool is_qwen3 = !strcmp(t, "qwen3") || !strcmp(t, "qwen3_moe");

	if (need_shape(c, m) || read_experts(c, m))
		return -1;
	if (read_kv_heads(c, m) ||
	    read_sliding_window(c, m) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout))
		return -1;

	present = item(c, "head_dim") != NULL;
	if (present) {
		if (opt_u64(c, "head_dim", 1, &m->head_dim))
			return -1;
	} else if (is_gemma) {
		m->head_dim = 256;
	} else if (!strcmp(t, "qwen3") || !strcmp(t, "glm") || !strcmp(t, "glm4") || !strcmp(t, "glm4_moe") ||
		   (!strcmp(t, "seed_oss") && cJSON_GetObjectItemCaseSensitive(c->root, "head_dim") == NULL)) {
		/* Qwen3Config, GlmConfig, Glm4Config, SeedOssConfig: head_dim
		 * 128, which the attention reads whatever hidden/heads is. A
		 * null head_dim is not that default for Seed-OSS:
		 * SeedOssConfig.__post_init__ (models/seed_oss/
		 * configuration_seed_oss.py) turns None into hidden_size //
		 * num_attention_heads, derived below. Qwen3MoeConfig has no
		 * head_dim field: Qwen3MoeAttention (Qwen3Attention, from
		 * LlamaAttention) takes getattr(config, "head_dim",
		 * hidden_size // num_attention_heads), derived below (the
		 * released Qwen3-MoE configs all write 128). Glm4MoeConfig:
		 * head_dim 128 (GLM-4.5 and -Air write it). */
		m->head_dim = 128;
	} else if (!strcmp(t, "ernie4_5") && cJSON_GetObjectItemCaseSensitive(c->root, "head_dim") == NULL) {
		/* Ernie4_5Config: head_dim 128 (ERNIE-4.5-0.3B: 1024 wide, 16
		 * heads of 128); only None is hidden_size //
		 * num_attention_heads (__post_init__, models/ernie4_5/
		 * configuration_ernie4_5.py). Ernie4_5_MoeConfig has no field:
		 * Ernie4_5_MoeAttention takes getattr(config, "head_dim",
		 * hidden_size // num_attention_heads), derived below. */
		m->head_dim = 128;
	} else if (!strcmp(t, "gpt_oss") && cJSON_GetObjectItemCaseSensitive(c->root, "head_dim") == NULL) {
		/* GptOssConfig: head_dim 64 (gpt-oss-20b and -120b: 2880
		 * wide, 64 heads of 64); only None is hidden_size //
		 * num_attention_heads (__post_init__, models/gpt_oss/
		 * configuration_gpt_oss.py) */
		m->head_dim = 64;
	} else if (!vp_model_is_mla(m) && derive_head_dim(c, "hidden_size", "num_attention_heads", m)) {
		/* (multi-head latent attention's heads are not hidden / heads
		 * wide: read_latent_attention) */
		return -1;
	}
	if (vp_model_is_mla(m) && read_latent_attention(c, m))
		return -1;

	if (is_gemma) {
		/* GemmaMLP reads hidden_activation; older files only have
		 * hidden_act. */
		if (item(c, "hidden_activation") != NULL) {
			if (opt_act(c, "hidden_activation", &m->act))
				return -1;
		} else if (opt_act(c, "hidden_act", &m->act)) {
			return -1;
		}
	} else if (opt_act(c, "hidden_act", &m->act)) {
		return -1;
	}

	if (!strcmp(t, "internlm2")) {
		/* InternLM2Config bias (default True): wqkv and wo only; the
		 * feed-forward linears have none */
		bool bias = true;

		if (opt_bool(c, "bias", &bias))
			return -1;
		m->qkv_bias = m->out_bias = bias;
	}
	if (!strcmp(t, "cohere") || !strcmp(t, "cohere2")) {
		/* CohereAttention's q_norm and k_norm are CohereLayerNorms with
		 * a (heads, head_dim) weight, which the descriptor cannot hold
		 * (Command R+ sets it; Command-R, Aya 23 and Aya Expanse do
		 * not) */
		bool qk_norm = false;

		if (opt_bool(c, "use_qk_norm", &qk_norm))
			return -1;
		if (qk_norm)
			return fail(c, "unsupported: 'use_qk_norm' is true (CohereAttention's per-head LayerNorms on "
				       "q and k are not modelled)");
	}
	if (!strcmp(t, "olmo") || !strcmp(t, "olmoe")) {
		/* OlmoAttention (models/olmo/modular_olmo.py) clamps q, k and
		 * v in place when clip_qkv is not None (OLMo-7B-0424 and
		 * 0724: 8.0); OlmoeAttention after its q_norm and k_norm */
		if (read_clip_qkv(c, c, "clip_qkv", m))
			return -1;
	}
	if (!strcmp(t, "glm") || !strcmp(t, "glm4") || !strcmp(t, "glm4_moe")) {
		/* GlmAttention: q/k/v with bias=attention_bias (GlmConfig and
		 * Glm4Config: True; Glm4MoeConfig False, GLM-4.5's configs
		 * true), o_proj without; partial_rotary_factor (0.5), which
		 * transformers 5 may write inside rope_parameters.
		 * Glm4MoeAttention adds q_norm and k_norm over head_dim when
		 * use_qk_norm (Glm4MoeConfig: False; GLM-4.5 and GLM-4.6
		 * true, GLM-4.5-Air false) */
		const cJSON *rp = item(c, "rope_parameters");
		bool bias = strcmp(t, "glm4_moe") != 0;

		if (!strcmp(t, "glm4_moe") && opt_bool(c, "use_qk_norm", &m->qk_norm))
			return -1;

		if (opt_bool(c, "attention_bias", &bias) ||
		    opt_rotary(c, "partial_rotary_factor", &m->rotary_fraction))
			return -1;
		if (item(c, "partial_rotary_factor") == NULL && cJSON_IsObject(rp)) {
			struct cfg sub = *c;

			sub.root = rp;
			if (opt_rotary(&sub, "partial_rotary_factor", &m->rotary_fraction))
				return -1;
		}
		m->qkv_bias = bias;
		m->out_bias = false;
	}
	if (!strcmp(t, "llama") || is_qwen3 || is_gemma || !strcmp(t, "olmo") || !strcmp(t, "olmo2") ||
	    !strcmp(t, "olmo3") || !strcmp(t, "olmoe") || !strcmp(t, "cohere") || !strcmp(t, "cohere2") || !strcmp(t, "granite") ||
	    !strcmp(t, "smollm3") || !strcmp(t, "gpt_oss") || !strcmp(t, "hunyuan_v1_dense") ||
	    !strcmp(t, "phimoe") || !strcmp(t, "granitemoe") || !strcmp(t, "granitemoeshared") ||
	    !strcmp(t, "deepseek_v2") || !strcmp(t, "deepseek_v3")) {
		/* LlamaAttention, Qwen3Attention, GemmaAttention, OlmoAttention,
		 * Olmo2Attention, OlmoeAttention, CohereAttention, GraniteAttention,
		 * GptOssAttention (GptOssConfig: True), HunYuanDenseV1Attention,
		 * PhimoeAttention, GraniteMoeAttention (LlamaAttention's linears;
		 * PhimoeConfig and GraniteMoeConfig: False, Phi-3.5-MoE's config
		 * true), DeepseekV2Attention (q_a_proj, kv_a_proj_with_mqa and
		 * o_proj; qkv_bias stands for it): q/k/v/o all use
		 * bias=config.attention_bias; LlamaMLP (GraniteMLP) uses
		 * mlp_bias. */
		attention_bias = m->qkv_bias;
		if (opt_bool(c, "attention_bias", &attention_bias))
			return -1;
		m->qkv_bias = m->out_bias = attention_bias;
		if ((!strcmp(t, "llama") || !strcmp(t, "granite") || !strcmp(t, "smollm3")) &&
		    opt_bool(c, "mlp_bias", &m->mlp_bias))
			return -1;
	}
	if (!strcmp(t, "ernie4_5")) {
		/* Ernie4_5Attention and Ernie4_5MLP (modular_ernie4_5.py):
		 * q/k/v/o_proj and gate/up/down_proj with bias=use_bias
		 * (False); Ernie4_5ForCausalLM's lm_head has none.
		 * Ernie4_5_MoeAttention the same (read_ernie_experts refuses a
		 * true use_bias there, for the experts) */
		bool bias = false;

		if (opt_bool(c, "use_bias", &bias))
			return -1;
		m->qkv_bias = m->out_bias = m->mlp_bias = bias;
	}
	if (!strcmp(t, "phimoe")) {
		/* PhimoeForCausalLM: nn.Linear(hidden, vocab,
		 * bias=config.lm_head_bias) (False by default; Phi-3.5-MoE's
		 * config true). PhimoeSparseMoeBlock multiplies its input by
		 * noise in training when input_jitter_noise > 0 (PhimoeConfig
		 * 0.0, Phi-3.5-MoE's config 0.01) */
		double jitter = 0.0;

		if (opt_bool(c, "lm_head_bias", &m->lm_head_bias) || opt_dropout(c, "input_jitter_noise", &jitter))
			return -1;
		m->moe_input_jitter = jitter > 0.0;
	}
	if (!strcmp(t, "seed_oss")) {
		/* SeedOssAttention: q/k/v with bias=attention_bias, o_proj with
		 * bias=attention_out_bias; SeedOssMLP with mlp_bias; the
		 * sublayers' outputs dropped out with residual_dropout
		 * (models/seed_oss/modular_seed_oss.py) */
		if (opt_bool(c, "attention_bias", &m->qkv_bias) ||
		    opt_bool(c, "attention_out_bias", &m->out_bias) ||
		    opt_bool(c, "mlp_bias", &m->mlp_bias) ||
		    opt_dropout(c, "residual_dropout", &m->hidden_dropout))
			return -1;
	}
	if (!strcmp(t, "gemma2") || !strcmp(t, "gemma3_text")) {
		/* Gemma2ForCausalLM, Gemma3ForCausalLM and
		 * eager_attention_forward soft-cap only when the value is not
		 * None (Gemma 3's configs write null). */
		const cJSON *logit = item(c, "final_logit_softcapping"), *attn = item(c, "attn_logit_softcapping");
		m->logit_softcap = logit != NULL && !cJSON_IsNull(logit);
		m->attn_softcap = attn != NULL && !cJSON_IsNull(attn);
	}
	if (!strcmp(t, "phi3")) {
		if (opt_rotary(c, "partial_rotary_factor", &m->rotary_fraction) ||
		    opt_dropout(c, "resid_pdrop", &m->hidden_dropout))
			return -1;
	}
	if (!strcmp(t, "stablelm")) {
		/* StableLmConfig: use_qkv_bias False, use_parallel_residual
		 * False (then post_attention_layernorm is None),
		 * partial_rotary_factor 0.25. qk_layernorm adds per-head
		 * LayerNorms (heads x head_dim weights per block) that are not
		 * counted. */
		if (opt_bool(c, "use_qkv_bias", &m->qkv_bias) ||
		    opt_bool(c, "use_parallel_residual", &m->parallel_block) ||
		    opt_rotary(c, "partial_rotary_factor", &m->rotary_fraction) ||
		    opt_dropout(c, "hidden_dropout", &m->hidden_dropout))
			return -1;
	}
	return 0;
}

/* Qwen v1 (Qwen/Qwen-1_8B configuration_qwen.py and modeling_qwen.py):
 * QWenMLP builds w1 and w2 with config.intermediate_size // 2 outputs, so the
 * real MLP width is half the configured one; the heads are kv_channels wide
 * (projection_size = kv_channels * num_attention_heads; QWenConfig's
 * default 128, every release's hidden / heads); no_bias drops the
 * biases of c_proj and the MLP but not c_attn's. */
static int read_qwen(const struct cfg *c, struct vp_model *m)
{
	uint64_t inter;
	bool no_bias = true;

	if (need_u64(c, "hidden_size", &m->hidden_size) ||
	    need_u64(c, "intermediate_size", &inter) ||
	    need_u64(c, "num_hidden_layers", &m->num_layers) ||
	    need_u64(c, "num_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_bool(c, "no_bias", &no_bias) ||
	    opt_rotary(c, "rotary_pct", &m->rotary_fraction) ||
	    opt_dropout(c, "attn_dropout_prob", &m->attn_dropout) ||
	    opt_dropout(c, "emb_dropout_prob", &m->hidden_dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (inter < 2)
		return fail(c, "'%s' must be at least 2 (Qwen v1 halves it)", "intermediate_size");
	m->intermediate_size = inter / 2;
	m->num_kv_heads = m->num_heads;
	/* QWenConfig's kv_channels is 128 (configuration_qwen.py), which
	 * QWenAttention takes as the head whatever hidden / heads is */
	m->head_dim = 128;
	if (opt_u64(c, "kv_channels", 1, &m->head_dim))
		return -1;
	m->out_bias = m->mlp_bias = !no_bias;
	return 0;
}

/* GPTNeoXConfig: rotary_pct 0.25, use_parallel_residual True,
 * attention_bias True, dropouts 0, tie_word_embeddings False. */
static int read_gpt_neox(const struct cfg *c, struct vp_model *m)
{
	bool attention_bias = true;

	if (need_shape(c, m) ||
	    opt_rotary(c, "rotary_pct", &m->rotary_fraction) ||
	    opt_bool(c, "use_parallel_residual", &m->parallel_block) ||
	    opt_bool(c, "attention_bias", &attention_bias) ||
	    opt_dropout(c, "hidden_dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "hidden_act", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->qkv_bias = m->out_bias = attention_bias;
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* FalconConfig (models/falcon/configuration_falcon.py): ffn_hidden_size
 * None = 4 * hidden_size; bias False; parallel_attn True; alibi False;
 * multi_query True; num_kv_heads None = num_attention_heads, used only when
 * new_decoder_architecture or not multi_query (FalconAttention: otherwise
 * one k/v head); tie_word_embeddings True; dropouts 0. The configs written
 * for Falcon's first remote code say model_type RefinedWebModel (Falcon-7B:
 * n_layer, n_head, multi_query) or RefinedWeb (Falcon-40B: the new decoder
 * architecture, n_head_kv); FalconConfig reads those keys too. */
static int read_falcon(const struct cfg *c, struct vp_model *m, bool refined_web)
{
	bool bias = false, alibi = false, multi_query = true, new_arch = refined_web;

	if (need_u64(c, "hidden_size", &m->hidden_size) ||
	    need_u64_alt(c, "num_hidden_layers", "n_layer", &m->num_layers) ||
	    need_u64_alt(c, "num_attention_heads", "n_head", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size))
		return -1;
	if (vp_mul_u64(m->hidden_size, 4, &m->intermediate_size) != 0)
		return fail(c, "'%s' is too large", "hidden_size");
	if (opt_u64(c, "ffn_hidden_size", 1, &m->intermediate_size) ||
	    opt_bool(c, "bias", &bias) || opt_bool(c, "alibi", &alibi) ||
	    opt_bool(c, "multi_query", &multi_query) ||
	    opt_bool(c, "new_decoder_architecture", &new_arch) ||
	    opt_bool(c, "parallel_attn", &m->parallel_block) ||
	    opt_dropout(c, "hidden_dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (alibi)
		return fail(c, "unsupported: 'alibi' is true (ALiBi Falcon models, e.g. Falcon-RW, are not modelled)");
	m->qkv_bias = m->out_bias = m->mlp_bias = bias;
	m->num_kv_heads = m->num_heads;
	if (new_arch || !multi_query) {
		if (opt_u64(c, item(c, "num_kv_heads") == NULL ? "n_head_kv" : "num_kv_heads", 1, &m->num_kv_heads) ||
		    check_kv(c, m))
			return -1;
	} else {
		m->num_kv_heads = 1;
	}
	return derive_head_dim(c, "hidden_size", item(c, "num_attention_heads") == NULL ? "n_head" : "num_attention_heads",
			       m);
}

/* OPTConfig (models/opt/configuration_opt.py): ffn_dim, max_position_embeddings
 * 2048 (the table holds 2 rows more), do_layer_norm_before True,
 * _remove_final_layer_norm False, word_embed_proj_dim = hidden_size,
 * enable_bias True, dropout 0.1, attention_dropout 0.0,
 * activation_function relu. OPTDecoder (models/opt/modeling_opt.py) builds
 * its final_layer_norm only `if config.do_layer_norm_before and not
 * config._remove_final_layer_norm`: OPT-350m's post-norm blocks
 * (do_layer_norm_before false) have none, which is what marks them
 * post-norm here (vp_model_post_norm), as for BART. A word_embed_proj_dim
 * other than hidden_size (OPT-350m's 512) is the width of embed_tokens and
 * the LM head, which project_in and project_out join to the blocks
 * (embedding_size). */
static int read_opt(const struct cfg *c, struct vp_model *m)
{
	bool pre_norm = true, bias = true, remove_final = false;
	uint64_t positions = 2048, proj = 0;

	if (need_u64(c, "hidden_size", &m->hidden_size) || need_u64(c, "ffn_dim", &m->intermediate_size) ||
	    need_u64(c, "num_hidden_layers", &m->num_layers) ||
	    need_u64(c, "num_attention_heads", &m->num_heads) || need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "max_position_embeddings", 1, &positions) ||
	    opt_u64(c, "word_embed_proj_dim", 1, &proj) ||
	    opt_bool(c, "do_layer_norm_before", &pre_norm) || opt_bool(c, "enable_bias", &bias) ||
	    opt_bool(c, "_remove_final_layer_norm", &remove_final) ||
	    opt_dropout(c, "dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "activation_function", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	/* pre-norm blocks without the final norm (checkpoints fine-tuned
	 * before transformers 4.20.1, metaseq#164) would read as post-norm */
	if (pre_norm && remove_final)
		return fail(c, "unsupported: '_remove_final_layer_norm' is true with pre-norm blocks (a pre-norm "
			    "OPT without its final norm is not modelled)");
	m->final_norm = pre_norm;
	if (proj != 0 && proj != m->hidden_size)
		m->embedding_size = proj;
	if (vp_add_u64(positions, 2, &m->max_positions) != 0)
		return fail(c, "'%s' is too large", "max_position_embeddings");
	m->qkv_bias = m->out_bias = m->mlp_bias = bias;
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* ExaoneConfig (LGAI-EXAONE configuration_exaone.py): num_layers
 * (attribute_map: num_hidden_layers), num_key_value_heads default the
 * heads, head_dim (EXAONE 3.5) else hidden / heads, intermediate_size
 * default 4 x hidden, activation_function "silu", tie_word_embeddings True. */
static int read_exaone(const struct cfg *c, struct vp_model *m)
{
	if (need_u64(c, "hidden_size", &m->hidden_size) ||
	    need_u64_alt(c, "num_layers", "num_hidden_layers", &m->num_layers) ||
	    need_u64(c, "num_attention_heads", &m->num_heads) || need_u64(c, "vocab_size", &m->vocab_size))
		return -1;
	if (vp_mul_u64(m->hidden_size, 4, &m->intermediate_size) != 0)
		return fail(c, "'%s' is too large", "hidden_size");
	m->num_kv_heads = m->num_heads;
	if (opt_u64(c, "intermediate_size", 1, &m->intermediate_size) ||
	    opt_u64(c, "num_key_value_heads", 1, &m->num_kv_heads) || check_kv(c, m) ||
	    opt_act(c, "activation_function", &m->act) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (item(c, "head_dim") != NULL)
		return opt_u64(c, "head_dim", 1, &m->head_dim);
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* PhiConfig (models/phi/configuration_phi.py): partial_rotary_factor 0.5,
 * resid_pdrop/attention_dropout 0, num_key_value_heads None (= heads),
 * hidden_act "gelu_new" (the released phi-1, -1.5 and -2 say so too).
 * qk_layernorm's two LayerNorms over head_dim are not counted (false in
 * the released configs). */
static int read_phi(const struct cfg *c, struct vp_model *m)
{
	if (need_shape(c, m))
		return -1;
	m->act = VP_ACT_GELU_NEW;
	m->num_kv_heads = m->num_heads;
	if (opt_u64(c, "num_key_value_heads", 1, &m->num_kv_heads) || check_kv(c, m) ||
	    opt_rotary(c, "partial_rotary_factor", &m->rotary_fraction) ||
	    opt_dropout(c, "resid_pdrop", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "hidden_act", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* Starcoder2Config (models/starcoder2/configuration_starcoder2.py):
 * num_key_value_heads 2, use_bias True, tie_word_embeddings True,
 * attention_dropout, residual_dropout and embedding_dropout 0 (the released
 * 3B/7B/15B configs set 0.1 each), sliding_window None (released: 4096).
 * The descriptor has one dropout for the sublayers' outputs and the
 * embeddings: the larger of the two, the safe side where they differ (the
 * embeddings' mask is one T x h byte tensor for the whole model). */
static int read_starcoder2(const struct cfg *c, struct vp_model *m)
{
	bool bias = true;
	double embedding_dropout = 0.0;

	if (need_shape(c, m))
		return -1;
	m->num_kv_heads = 2;
	if (opt_u64(c, "num_key_value_heads", 1, &m->num_kv_heads) || check_kv(c, m) ||
	    read_sliding_window(c, m) ||
	    opt_bool(c, "use_bias", &bias) ||
	    opt_dropout(c, "residual_dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "embedding_dropout", &embedding_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "hidden_act", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (embedding_dropout > m->hidden_dropout)
		m->hidden_dropout = embedding_dropout;
	/* the linears only: the norms are nn.LayerNorm(hidden_size, eps),
	 * with a bias whatever use_bias says */
	m->qkv_bias = m->out_bias = m->mlp_bias = bias;
	if (item(c, "head_dim") != NULL && !cJSON_IsNull(item(c, "head_dim")))
		return opt_u64(c, "head_dim", 1, &m->head_dim);
	return derive_head_dim(c, "hidden_size", "num_attention_heads", m);
}

/* GPT-2's, GPT-J's and GPT-Neo's MLP: 4 x the hidden size unless the
 * config names its width in `key` (None, null here, keeps the default). */
static int mlp_width_4h(const struct cfg *c, const char *key, const char *hkey, struct vp_model *m)
{
	if (vp_mul_u64(m->hidden_size, 4, &m->intermediate_size) != 0)
		return fail(c, "'%s' is too large", hkey);
	return opt_u64(c, key, 1, &m->intermediate_size);
}

/* The keys GPT2Config and GPTJConfig share (attribute_map: hidden_size,
 * num_hidden_layers, num_attention_heads): n_embd, n_layer, n_head,
 * vocab_size, n_inner None (= 4 * n_embd), resid_pdrop, attn_pdrop,
 * activation_function, tie_word_embeddings. */
static int read_gpt_common(const struct cfg *c, struct vp_model *m)
{
	if (need_u64_alt(c, "n_embd", "hidden_size", &m->hidden_size) ||
	    need_u64_alt(c, "n_layer", "num_hidden_layers", &m->num_layers) ||
	    need_u64_alt(c, "n_head", "num_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    mlp_width_4h(c, "n_inner", "n_embd", m) ||
	    opt_dropout(c, "resid_pdrop", &m->hidden_dropout) ||
	    opt_dropout(c, "attn_pdrop", &m->attn_dropout) ||
	    opt_act(c, "activation_function", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, item(c, "n_embd") != NULL ? "n_embd" : "hidden_size",
			       item(c, "n_head") != NULL ? "n_head" : "num_attention_heads", m);
}

/* GPT2Config: the common keys with dropouts 0.1 and "gelu_new", and
 * n_positions 1024 (or max_position_embeddings). */
static int read_gpt2(const struct cfg *c, struct vp_model *m)
{
	m->max_positions = 1024;
	if (read_gpt_common(c, m))
		return -1;
	if (item(c, "n_positions") == NULL && item(c, "max_position_embeddings") != NULL)
		return opt_u64(c, "max_position_embeddings", 1, &m->max_positions);
	return opt_u64(c, "n_positions", 1, &m->max_positions);
}

/* GPTBigCodeConfig: GPT-2's keys (n_inner None = 4 x n_embd, n_positions
 * 1024, dropouts 0.1) with "gelu_pytorch_tanh" and multi_query True: one
 * key/value head for all queries. */
static int read_gpt_bigcode(const struct cfg *c, struct vp_model *m)
{
	bool multi_query = true;

	if (read_gpt2(c, m) || opt_bool(c, "multi_query", &multi_query))
		return -1;
	m->num_kv_heads = multi_query ? 1 : m->num_heads;
	return 0;
}

/* GPTJConfig (models/gptj/configuration_gptj.py), and CodeGenConfig, which
 * has the same keys and defaults: n_embd, n_layer, n_head,
 * n_positions (attribute_map: hidden_size, num_hidden_layers,
 * num_attention_heads, max_position_embeddings), n_inner None (= 4 *
 * n_embd), rotary_dim 64 (null: the whole head), activation_function
 * "gelu_new", resid/embd/attn_pdrop 0.0, tie_word_embeddings False. */
static int read_gptj(const struct cfg *c, struct vp_model *m)
{
	const cJSON *rot;
	uint64_t rotary_dim = 0;

	if (read_gpt_common(c, m))
		return -1;
	/* GPTJAttention rotates the first rotary_dim features of each head:
	 * 64 where the key is absent (GPTJConfig, CodeGenConfig), the whole
	 * head where it is null (pos_embd_dim = rotary_dim or embed_dim) */
	m->rotary_fraction = 1.0;
	rot = cJSON_GetObjectItemCaseSensitive(c->root, "rotary_dim");
	if (cJSON_IsNull(rot))
		return 0;
	if (rot == NULL) {
		/* the slice [..., :64] of a narrower head is the whole head */
		if (m->head_dim > 64)
			m->rotary_fraction = 64.0 / (double)m->head_dim;
		return 0;
	}
	if (need_u64(c, "rotary_dim", &rotary_dim))
		return -1;
	if (rotary_dim > m->head_dim)
		return fail(c, "'rotary_dim' (%llu) is larger than the head (%llu)",
			    (unsigned long long)rotary_dim, (unsigned long long)m->head_dim);
	m->rotary_fraction = (double)rotary_dim / (double)m->head_dim;
	return 0;
}

/* GPTNeoConfig (models/gpt_neo/configuration_gpt_neo.py): hidden_size,
 * num_layers, num_heads (attribute_map: num_attention_heads,
 * num_hidden_layers), max_position_embeddings 2048, intermediate_size None
 * (= 4 * hidden_size), activation_function "gelu_new", resid_dropout,
 * embed_dropout and attention_dropout 0.0, tie_word_embeddings True. */
static int read_gpt_neo(const struct cfg *c, struct vp_model *m)
{
	m->max_positions = 2048;
	if (need_u64(c, "hidden_size", &m->hidden_size) ||
	    need_u64_alt(c, "num_layers", "num_hidden_layers", &m->num_layers) ||
	    need_u64_alt(c, "num_heads", "num_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "max_position_embeddings", 1, &m->max_positions))
		return -1;
	if (mlp_width_4h(c, "intermediate_size", "hidden_size", m) ||
	    opt_dropout(c, "resid_dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_act(c, "activation_function", &m->act) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "hidden_size", item(c, "num_heads") != NULL ? "num_heads" : "num_attention_heads", m);
}

/* BloomConfig: hidden_size (n_embed in older files), n_layer, n_head
 * (attribute_map: num_hidden_layers, num_attention_heads); BloomMLP is
 * 4 * hidden_size wide; dropouts 0; the LM head is tied. */
static int read_bloom(const struct cfg *c, struct vp_model *m)
{
	if (need_u64_alt(c, "hidden_size", "n_embed", &m->hidden_size) ||
	    need_u64_alt(c, "n_layer", "num_hidden_layers", &m->num_layers) ||
	    need_u64_alt(c, "n_head", "num_attention_heads", &m->num_heads) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_dropout(c, "hidden_dropout", &m->hidden_dropout) ||
	    opt_dropout(c, "attention_dropout", &m->attn_dropout) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (vp_mul_u64(m->hidden_size, 4, &m->intermediate_size) != 0)
		return fail(c, "'%s' is too large", "hidden_size");
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "hidden_size", "n_head", m);
}

/* MptConfig (transformers models/mpt/configuration_mpt.py): d_model,
 * n_heads, n_layers (attribute_map: hidden_size, num_attention_heads,
 * num_hidden_layers), vocab_size, and an attn_config object whose
 * attn_pdrop is the one dropout transformers' MPT applies (to the
 * probabilities, after the attention and after the MLP; resid_pdrop and
 * emb_pdrop are MosaicML's own code's). transformers' MptAttention is one
 * fused Wqkv of 3 x d_model without biases and MptMLP is 4 x d_model wide
 * whatever the config says, so a config whose checkpoint would not load
 * into them (other widths, grouped or multi-query heads, biases, q/k
 * LayerNorms) is refused rather than estimated as something else.
 * attn_config.clip_qkv clamps the fused projection's output (clip_qkv in
 * model.h). */
static int read_mpt(const struct cfg *c, struct vp_model *m)
{
	const cJSON *ac = item(c, "attn_config");
	uint64_t ratio = 4;
	bool no_bias = true;

	if (need_u64_alt(c, "d_model", "hidden_size", &m->hidden_size) ||
	    need_u64_alt(c, "n_heads", "num_attention_heads", &m->num_heads) ||
	    need_u64_alt(c, "n_layers", "num_hidden_layers", &m->num_layers) ||
	    need_u64(c, "vocab_size", &m->vocab_size) ||
	    opt_u64(c, "expansion_ratio", 1, &ratio) ||
	    opt_u64(c, "max_seq_len", 1, &m->max_positions) ||
	    opt_bool(c, "no_bias", &no_bias) ||
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;
	if (ratio != 4)
		return fail(c, "unsupported: 'expansion_ratio' is %llu; transformers' MptMLP is always 4 x d_model "
			       "wide, so this checkpoint does not load into it", (unsigned long long)ratio);
	if (!no_bias)
		return fail(c, "unsupported: 'no_bias' is false; transformers' MPT has no biases, so this "
			       "checkpoint does not load into it");
	if (ac != NULL) {
		struct cfg sub = *c;
		const cJSON *type, *qk_ln, *pdrop;
		bool ln = false;

		if (!cJSON_IsObject(ac))
			return fail(c, "'attn_config' must be an object");
		sub.root = ac;
		type = item(&sub, "attn_type");
		qk_ln = item(&sub, "qk_ln");
		if (type != NULL && !(cJSON_IsString(type) && strcmp(type->valuestring, "multihead_attention") == 0))
			return fail(c, "unsupported: 'attn_config.attn_type' must be \"multihead_attention\" "
				       "(transformers' MptAttention has no grouped or multi-query heads)");
		if (qk_ln != NULL && (!cJSON_IsBool(qk_ln) || (ln = cJSON_IsTrue(qk_ln))))
			return fail(c, ln ? "unsupported: 'attn_config.qk_ln' is true (transformers' MPT has no "
					    "q/k LayerNorm)" : "'attn_config.qk_ln' must be true or false");
		if (read_clip_qkv(c, &sub, "attn_config.clip_qkv", m))
			return -1;
		pdrop = item(&sub, "attn_pdrop");
		if (pdrop != NULL) {
			if (!cJSON_IsNumber(pdrop) || !(pdrop->valuedouble >= 0.0 && pdrop->valuedouble < 1.0))
				return fail(c, "'attn_config.attn_pdrop' must be a number in [0, 1)");
			m->attn_dropout = pdrop->valuedouble;
		}
	}
	m->hidden_dropout = m->attn_dropout;
	if (vp_mul_u64(m->hidden_size, 4, &m->intermediate_size) != 0)
		return fail(c, "'%s' is too large", "d_model");
	m->num_kv_heads = m->num_heads;
	return derive_head_dim(c, "d_model", "n_heads", m);
}

/*
 * The context of a model whose positions no table bounds (rotary, ALiBi):
 * max_position_embeddings, or its family's key for it
 * (vp_model_context_key). transformers runs a longer sequence (the rotary
 * tables grow, ALiBi's bias is built for the length), but the model was not
 * trained past it: a soft limit, which the CLI warns about. A config without
 * the key gets the configuration class's default where the released
 * checkpoints rely on it (FalconConfig: 2048, which Falcon-7B's config.json
 * does not write), else 0, unknown. T5's relative buckets and DeBERTa's
 * spans have no such key (T5's n_positions is unused by T5Model).
 *
 * rope_scaling (rope_parameters with a rope_type other than "default" in
 * transformers >= 5): the released files that scale RoPE state the scaled
 * context in max_position_embeddings (Llama 3.1/3.2: 131072, rope_type
 * llama3 from original_max_position_embeddings 8192), so the key's value
 * is the limit; only noted, for the warning.
 */
static bool rope_scales(const cJSON *scaling)
{
	const cJSON *type;

	if (!cJSON_IsObject(scaling))
		return false;
	/* "type" in files older than the rope_type key (linear and dynamic
	 * scaling, transformers < 4.43) */
	type = cJSON_GetObjectItemCaseSensitive(scaling, "rope_type");
	if (type == NULL)
		type = cJSON_GetObjectItemCaseSensitive(scaling, "type");
	/* Qwen2-VL's and Qwen2.5-VL's "mrope" splits the rotary among
	 * three position ids and scales nothing: their text configs turn it
	 * into "default" (configuration_qwen2_5_vl.py Qwen2_5_VLTextConfig) */
	return !(cJSON_IsString(type) &&
		 (strcmp(type->valuestring, "default") == 0 || strcmp(type->valuestring, "mrope") == 0));
}

static int read_context(const struct cfg *c, struct vp_model *m)
{
	const char *key = vp_model_context_key(m);
	const cJSON *scaling = item(c, "rope_scaling");

	if (m->pos != VP_POS_ROTARY && m->pos != VP_POS_ALIBI)
		return 0;
	if (!strcmp(m->model_type, "falcon"))
		m->context_tokens = 2048;
	if (opt_u64(c, key, 1, &m->context_tokens))
		return -1;
	if (scaling == NULL)
		scaling = item(c, "rope_parameters");
	m->rope_scaled = rope_scales(scaling);
	return 0;
}

/* Keys that make a config a mixture of experts (Mixtral, Qwen-MoE,
 * DeepSeek-MoE, OLMoE...): every expert's weights, and tokens routed to a
 * few of them, which the Llama reading would not count. */
static const char *const moe_keys[] = {
	"num_local_experts", "num_experts", "n_routed_experts", "moe_intermediate_size", "num_experts_per_tok",
};

static bool is_moe(const struct cfg *c)
{
	for (size_t i = 0; i < sizeof moe_keys / sizeof moe_keys[0]; i++)
		if (item(c, moe_keys[i]) != NULL)
			return true;
	return false;
}

/*
 * Does the attention project through low-rank latents: multi-head latent
 * attention, DeepSeek-V2's MLA (transformers
 * models/deepseek_v2/modeling_deepseek_v2.py DeepseekV2Attention.__init__:
 * q_a_proj hidden x q_lora_rank, its RMSNorm and q_b_proj; kv_a_proj_with_mqa
 * hidden x (kv_lora_rank + qk_rope_head_dim), its RMSNorm and kv_b_proj
 * kv_lora_rank x heads x (qk_nope_head_dim + v_head_dim); o_proj from heads x
 * v_head_dim)? kv_lora_rank is the key every MLA config has (q_lora_rank is
 * null in DeepSeek-V2-Lite's). The MoE ones are refused as such; a dense one,
 * MiniCPM3 (openbmb's modeling_minicpm.py MiniCPMAttention, the same
 * projections), has Llama's shape keys beside these, and read as Llama its
 * attention would be four hidden x hidden projections: 26.2M a layer for
 * MiniCPM3-4B's 13.5M, 4.86B in all for 4.07B.
 */
static bool has_latent_attention(const struct cfg *c)
{
	return item(c, "kv_lora_rank") != NULL;
}

/*
 * Does the model carry multi-token-prediction layers beside its decoder
 * (num_nextn_predict_layers > 0)? Xiaomi's MiMo (remote code,
 * modeling_mimo.py: MiMoModel(Qwen2Model) adds nn.ModuleList of
 * num_nextn_predict_layers MiMoMTPLayers, each Qwen2Attention, Qwen2MLP, an
 * input_proj of 2 h x h and five RMSNorms: a decoder layer's two, and
 * token_layernorm, hidden_layernorm, final_layernorm) has Llama's keys
 * beside it, and read as Llama those layers' weights would be missing from
 * the count (one layer of MiMo-7B's 37, about 2.7%). The layers are built and loaded, but
 * Qwen2Model.forward never runs them, so what training keeps of them is not
 * Llama's either. 0, or an absent key, is no such layer.
 */
static bool has_prediction_layers(const struct cfg *c)
{
	const cJSON *n = item(c, "num_nextn_predict_layers");

	return cJSON_IsNumber(n) && n->valuedouble > 0.0;
}

/*
 * Does the config describe layers other than attention: a state-space
 * mixer (Mamba's keys in Falcon-H1, Bamba, Zamba, Granite 4.0-H: mamba_*,
 * ssm_*, attn_layer_indices, hybrid_override_pattern, layers_block_type),
 * linear attention (Qwen3-Next's linear_*) or a layer_types list naming
 * anything but full or sliding attention (LFM2's conv)? Such a model has
 * Llama's shape keys beside its own, and read as Llama every layer would
 * be counted as attention.
 */
static bool has_other_layers(const struct cfg *c)
{
	static const char *const keys[] = {
		"attn_layer_indices", "attn_layer_period", "hybrid_override_pattern", "layers_block_type",
		"mamba_d_state", "ssm_state_size",
	};
	static const char *const prefixes[] = {"mamba_", "ssm_", "linear_"};
	const cJSON *it, *types = item(c, "layer_types");

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (item(c, keys[i]) != NULL)
			return true;
	cJSON_ArrayForEach(it, c->root) {
		for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
			if (it->string != NULL && strncmp(it->string, prefixes[i], strlen(prefixes[i])) == 0)
				return true;
	}
	if (cJSON_IsArray(types)) {
		cJSON_ArrayForEach(it, types) {
			if (!cJSON_IsString(it) || (strcmp(it->valuestring, "full_attention") != 0 &&
						    strcmp(it->valuestring, "sliding_attention") != 0))
				return true;
		}
	}
	return false;
}

/* architectures[0], the class the checkpoint was saved as: a Python
 * identifier, kept only when it is one (anything else is left out, as an
 * absent key is: it only picks the default head). */
static void read_architecture(const struct cfg *c, struct vp_model *m)
{
	const cJSON *arch = item(c, "architectures");
	const char *first = cJSON_GetStringValue(cJSON_IsArray(arch) ? cJSON_GetArrayItem(arch, 0) : NULL);
	size_t n;

	m->architecture[0] = '\0';
	if (first == NULL)
		return;
	n = strlen(first);
	if (n == 0 || n >= sizeof m->architecture ||
	    strspn(first, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != n)
		return;
	memcpy(m->architecture, first, n + 1);
}

/* A classifier checkpoint's classes: PretrainedConfig writes id2label
 * (num_labels is a property over it; some files carry num_labels too).
 * Read only for a ...ForSequenceClassification or ...ForTokenClassification
 * class: a base model's config carries the two LABEL_0/LABEL_1 defaults,
 * which say nothing about the task. */
static int read_num_labels(const struct cfg *c, struct vp_model *m)
{
	const cJSON *labels = item(c, "id2label");
	size_t n = strlen(m->architecture);
	static const char *const kinds[] = {"ForSequenceClassification", "ForTokenClassification"};
	bool classifier = false;

	m->num_labels = 0;
	/* heads with a fixed width, whatever id2label says: the start and end
	 * logits of ...ForQuestionAnswering (qa_outputs, 2 per token) and the
	 * one score per choice of ...ForMultipleChoice (heads.c) */
	if (n > 20 && strcmp(m->architecture + n - 20, "ForQuestionAnswering") == 0) {
		m->num_labels = 2;
		return 0;
	}
	if (n > 17 && strcmp(m->architecture + n - 17, "ForMultipleChoice") == 0) {
		m->num_labels = 1;
		return 0;
	}
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		size_t k = strlen(kinds[i]);
		if (n > k && strcmp(m->architecture + n - k, kinds[i]) == 0)
			classifier = true;
	}
	if (!classifier)
		return 0;
	if (item(c, "num_labels") != NULL) {
		if (opt_u64(c, "num_labels", 1, &m->num_labels))
			return -1;
	} else if (cJSON_IsObject(labels)) {
		m->num_labels = (uint64_t)cJSON_GetArraySize(labels);
	}
	/* the bound --num-labels has */
	if (m->num_labels > VP_MAX_LABELS)
		return fail(c, "'num_labels' must be at most %llu, got %llu", (unsigned long long)VP_MAX_LABELS,
			    (unsigned long long)m->num_labels);
	return 0;
}

/* The dtype the weights were saved in: `dtype` since transformers 4.56
 * (PretrainedConfig renamed torch_dtype; v5 writes only dtype), else
 * `torch_dtype`. A name that is not float32/float16/bfloat16 (float8
 * checkpoints, "auto") leaves it unknown: it only shapes the plan's note. */
static int read_stored_dtype(const struct cfg *c, struct vp_model *m)
{
	int bad = 0;
	const char *key = item(c, "dtype") != NULL ? "dtype" : "torch_dtype";
	const char *s = opt_string(c, key, &bad);

	if (bad)
		return -1;
	m->stored_dtype = vp_dtype_from_torch_name(s);
	return 0;
}

/* use_cache (PretrainedConfig: true unless the config says otherwise); a
 * value that is not a boolean (null in some files) leaves the default, as
 * it changes only the evaluation's estimate and errs on its safe side */
static int read_use_cache(const struct cfg *c, struct vp_model *m)
{
	m->no_cache = cJSON_IsFalse(item(c, "use_cache")) != 0;
	return 0;
}

/*
 * A checkpoint saved quantized: config.json's quantization_config
 * (transformers' quantizers read it at from_pretrained and load the weights
 * quantized, whatever the run asks). bitsandbytes 4-bit (nf4, or fp4, the
 * BitsAndBytesConfig default, stored alike: 4-bit codes and an absmax per
 * block of 64), with or without double quantization, and 8-bit; GPTQ 4-bit;
 * AWQ 4-bit, read as GPTQ's packing (4-bit codes, per group of 128 an fp16
 * scale and a 4-bit zero point; AWQ has no g_idx, a few bytes a column
 * less). gpt-oss's MXFP4 experts are dequantized for training
 * (read_experts). Another method is refused rather than read as 16 bit.
 */
static int read_skip_modules(const struct cfg *c, const cJSON *q, struct vp_model *m)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(q, "llm_int8_skip_modules"), *it;
	char why[256];

	/* null in most files (BitsAndBytesConfig's default) */
	if (list == NULL || cJSON_IsNull(list))
		return 0;
	if (!cJSON_IsArray(list))
		return fail(c, "'quantization_config.llm_int8_skip_modules' must be a list of module names or null");
	cJSON_ArrayForEach(it, list)
	{
		if (!cJSON_IsString(it))
			return fail(c, "'quantization_config.llm_int8_skip_modules' must hold module names (strings)");
		if (vp_model_quant_skip(m, it->valuestring, why, sizeof why) != 0) {
			char shown[65];

			vp_utf8_copy(shown, sizeof shown, it->valuestring);
			return fail(c, "'quantization_config.llm_int8_skip_modules' entry '%s' %s: not modelled "
				       "(the modules it leaves 16-bit would be counted 4-bit, too few bytes)",
				    shown, why);
		}
	}
	return 0;
}

/* AWQ's modules_to_not_convert and GPTQ's modules_in_block_to_quantize
 * name modules the checkpoint stores unquantized; they are not read (the
 * estimate would count those 4-bit, too few bytes): refused when they
 * name anything */
static int refuse_partial(const struct cfg *c, const cJSON *q, const char *name)
{
	const char *key = !strcmp(name, "awq") ? "modules_to_not_convert" : "modules_in_block_to_quantize";
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(q, key);

	if (v == NULL || cJSON_IsNull(v) || (cJSON_IsArray(v) && cJSON_GetArraySize(v) == 0))
		return 0;
	return fail(c, "'quantization_config.%s' (%s) is not modelled: the modules it leaves unquantized would be "
		       "counted 4-bit; plan the checkpoint's unquantized config instead",
		    key, name);
}

static int read_quantization(const struct cfg *c, struct vp_model *m)
{
	const cJSON *q = item(c, "quantization_config");
	const cJSON *method, *it;
	const char *name;
	bool four = false, eight = false, dq = false;
	double bits = 0.0;

	if (q == NULL)
		return 0;
	if (!cJSON_IsObject(q))
		return fail(c, "'quantization_config' must be an object");
	method = cJSON_GetObjectItemCaseSensitive(q, "quant_method");
	if (method != NULL && !cJSON_IsString(method))
		return fail(c, "'quantization_config.quant_method' must be a string");
	/* BitsAndBytesConfig's first files had no quant_method */
	name = method != NULL ? method->valuestring : "bitsandbytes";
	if (!strcmp(name, "mxfp4") && !strcmp(m->model_type, "gpt_oss"))
		return 0;
	it = cJSON_GetObjectItemCaseSensitive(q, "bits");
	if ((!strcmp(name, "gptq") || !strcmp(name, "awq")) && !cJSON_IsNumber(it))
		return fail(c, "'quantization_config.bits' must be a number (%s's bits per weight)", name);
	if (cJSON_IsNumber(it))
		bits = it->valuedouble;
	if (!strcmp(name, "bitsandbytes")) {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(q, "bnb_4bit_quant_type");

		four = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "load_in_4bit"));
		eight = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "load_in_8bit"));
		dq = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "bnb_4bit_use_double_quant"));
		if (four) {
			/* BitsAndBytesConfig takes these two (fp4 its default) */
			const char *kind = type == NULL || cJSON_IsNull(type) ? "fp4"
					   : cJSON_IsString(type)		? type->valuestring
										: "";
			if (strcmp(kind, "nf4") != 0 && strcmp(kind, "fp4") != 0)
				return fail(c, "'quantization_config.bnb_4bit_quant_type' must be \"nf4\" or \"fp4\"");
			snprintf(m->stored_quant, sizeof m->stored_quant, "%s", dq ? "nf4-dq" : "nf4");
			snprintf(m->stored_quant_how, sizeof m->stored_quant_how, "bitsandbytes 4-bit %s%s", kind,
				 dq ? ", double quantization" : "");
			return read_skip_modules(c, q, m);
		}
		if (eight) {
			snprintf(m->stored_quant, sizeof m->stored_quant, "int8");
			snprintf(m->stored_quant_how, sizeof m->stored_quant_how, "bitsandbytes 8-bit");
			return read_skip_modules(c, q, m);
		}
		return fail(c, "'quantization_config' names bitsandbytes but neither load_in_4bit nor load_in_8bit");
	}
	if ((!strcmp(name, "gptq") || !strcmp(name, "awq")) && bits == 4.0) {
		if (refuse_partial(c, q, name) != 0)
			return -1;
		snprintf(m->stored_quant, sizeof m->stored_quant, "gptq-int4");
		snprintf(m->stored_quant_how, sizeof m->stored_quant_how, "%s 4-bit%s", name,
			 !strcmp(name, "awq") ? ", read as gptq-int4" : "");
		return 0;
	}
	if (!strcmp(name, "gptq") || !strcmp(name, "awq"))
		return fail(c, "'quantization_config': %s with %.17g bits is not modelled (4-bit GPTQ and AWQ are)",
			    name, bits);
	{
		char shown[33];

		vp_utf8_copy(shown, sizeof shown, name); /* cut between characters */
		return fail(c,
			    "'quantization_config': quant_method '%s' is not modelled (bitsandbytes 4- and 8-bit, "
			    "4-bit GPTQ and AWQ are); give the unquantized checkpoint's config",
			    shown);
	}
}

/*
 * The family whose layers a multimodal model_type's text model is built
 * from, where vramplan models that family and the config does not name it.
 * Qwen3-VL's text_config is of model_type qwen3_vl_text, which names no
 * family: transformers models/qwen3_vl/modular_qwen3_vl.py builds
 * Qwen3VLTextAttention on Qwen3Attention (q_norm and k_norm,
 * attention_bias; only its sliding window deleted) and
 * Qwen3VLTextDecoderLayer on Qwen3DecoderLayer; the interleaved multimodal
 * rotary and the deepstack visual features added to the first layers'
 * hidden states hold no parameters of the text model. (Qwen2-VL's and
 * Qwen2.5-VL's, Qwen2's layers, are read since 2026-12-01:
 * read_qwen2_vl_multimodal.) NULL for any other type.
 */
static const char *text_layers_of(const char *type)
{
	if (!strcmp(type, "qwen3_vl"))
		return "qwen3";
	return NULL;
}

/*
 * Is a config of a model_type vramplan does not model a Llama decoder in all
 * that memory depends on? Many causal LMs reuse LlamaConfig's layout under
 * their own model_type (Yi, Aquila, InternLM, Baichuan...).
 * Required: an architecture ...ForCausalLM; LlamaConfig's shape
 * keys; rms_norm_eps (RMSNorm); a SiLU activation (SwiGLU MLP); no experts,
 * no vision or nested text config, not an encoder-decoder. Biases and the
 * norms' placement may differ; they move the estimate by a few parameters'
 * worth, not by layers.
 */
static bool llama_clone(const struct cfg *c, const char *type)
{
	static const char *const shape[] = {
		"hidden_size", "intermediate_size", "num_hidden_layers", "num_attention_heads", "vocab_size",
	};
	const cJSON *arch = item(c, "architectures"), *act = item(c, "hidden_act");
	const char *first = cJSON_GetStringValue(cJSON_IsArray(arch) ? cJSON_GetArrayItem(arch, 0) : NULL);
	const cJSON *encdec = item(c, "is_encoder_decoder");
	size_t n;

	/* a model_type as transformers spells them, which the warning, the
	 * accuracy note and an imported entry's source can quote as it is */
	n = strlen(type);
	if (n == 0 || n >= sizeof ((struct vp_model *)0)->model_type ||
	    strspn(type, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != n)
		return false;
	if (first == NULL || (n = strlen(first)) < 11 || strcmp(first + n - 11, "ForCausalLM") != 0)
		return false;
	for (size_t i = 0; i < sizeof shape / sizeof shape[0]; i++)
		if (!cJSON_IsNumber(item(c, shape[i])))
			return false;
	if (!cJSON_IsNumber(item(c, "rms_norm_eps")) || !cJSON_IsString(act) ||
	    (strcmp(act->valuestring, "silu") != 0 && strcmp(act->valuestring, "swish") != 0))
		return false;
	if (is_moe(c) || item(c, "text_config") != NULL || item(c, "vision_config") != NULL ||
	    cJSON_IsTrue(encdec))
		return false;
	return true;
}

static int read_family(const struct cfg *c, struct vp_model *m)
{
	const char *t = c->type;

	if (!strcmp(t, "bert") || !strcmp(t, "roberta") || !strcmp(t, "xlm-roberta") || !strcmp(t, "camembert") ||
	    !strcmp(t, "xlm-roberta-xl"))
		return read_bert(c, m);
	if (!strcmp(t, "distilbert"))
		return read_distilbert(c, m);
	if (!strcmp(t, "electra"))
		return read_electra(c, m);
	if (!strcmp(t, "albert"))
		return read_albert(c, m);
	if (!strcmp(t, "deberta-v2"))
		return read_deberta_v2(c, m);
	if (!strcmp(t, "mpnet"))
		return read_mpnet(c, m);
	if (!strcmp(t, "modernbert"))
		return read_modernbert(c, m);
	if (!strcmp(t, "t5") || !strcmp(t, "mt5") || !strcmp(t, "umt5"))
		return read_t5(c, m);
	if (!strcmp(t, "bart") || !strcmp(t, "mbart") || !strcmp(t, "marian") || !strcmp(t, "m2m_100") ||
	    !strcmp(t, "pegasus"))
		return read_bart(c, m);
	if (!strcmp(t, "qwen"))
		return read_qwen(c, m);
	if (!strcmp(t, "gpt_neox"))
		return read_gpt_neox(c, m);
	if (!strcmp(t, "gptj") || !strcmp(t, "codegen"))
		return read_gptj(c, m);
	if (!strcmp(t, "gpt_neo"))
		return read_gpt_neo(c, m);
	if (!strcmp(t, "phi"))
		return read_phi(c, m);
	if (!strcmp(t, "starcoder2"))
		return read_starcoder2(c, m);
	if (!strcmp(t, "gpt2"))
		return read_gpt2(c, m);
	if (!strcmp(t, "gpt_bigcode"))
		return read_gpt_bigcode(c, m);
	if (!strcmp(t, "bloom"))
		return read_bloom(c, m);
	if (!strcmp(t, "mpt"))
		return read_mpt(c, m);
	if (!strcmp(t, "opt"))
		return read_opt(c, m);
	if (!strcmp(t, "exaone"))
		return read_exaone(c, m);
	if (!strcmp(t, "falcon"))
		return read_falcon(c, m, c->legacy_refined_web);
	return read_llama_like(c, m);
}

/*
 * The text model of a multimodal config, read as its family's causal LM:
 * the family's defaults, then the Llama-like keys and the context of root
 * (its text_config, or the top level where the config keeps them there)
 * under scope, named so in errors. The three multimodal readers below
 * share it (Gemma 3, Mistral 3, Qwen2-VL).
 */
static int read_text_model(const struct cfg *c, struct vp_model *m, const char *family, const cJSON *root,
			   const char *scope)
{
	struct cfg sub = *c;
	struct vp_error local;

	memset(&local, 0, sizeof local);
	if (vp_model_init_family(m, family, &local) != 0)
		return vp_error_at(c->err, local.code, c->file, 0, 0, "%s", local.message);
	sub.type = family;
	if (root != NULL) {
		sub.root = root;
		sub.scope = scope;
	}
	return read_llama_like(&sub, m) != 0 || read_context(&sub, m) != 0 ? -1 : 0;
}

/*
 * Gemma 3's multimodal checkpoints (4B, 12B, 27B: model_type gemma3,
 * Gemma3ForConditionalGeneration; transformers models/gemma3/
 * configuration_gemma3.py and modeling_gemma3.py). The text model is a
 * gemma3_text one whose keys sit in text_config, where the released
 * files write only what differs from Gemma3TextConfig's defaults (the 4B
 * gives no heads, kv heads or vocabulary): those defaults fill the rest.
 * Beside it: a SigLIP vision tower (SiglipVisionModel, without the pooling
 * head: vision_use_head false) and Gemma3MultiModalProjector, counted as
 * vision_params. Per SigLIP layer: q, k, v, out_proj (h x h + h each),
 * fc1 and fc2 (h x f + f, f x h + h), two LayerNorms (2 h each); the patch
 * embedding (a conv of channels x patch^2 x h + h), one position row per
 * patch ((image / patch)^2 x h) and the post LayerNorm (2 h); the
 * projector's mm_input_projection_weight (h x the text width) and
 * mm_soft_emb_norm (h). gemma-3-4b-it counts 4,300,079,472 with it.
 */
static int read_gemma3_multimodal(const struct cfg *c, struct vp_model *m, cJSON **text_copy)
{
	/* Gemma3TextConfig's defaults for the shape keys a text_config may
	 * leave out (the 4B's gives none of the last five: 128K tokens of
	 * context, as the Gemma 3 report gives the 4B, 12B and 27B) */
	static const struct {
		const char *key;
		double value;
	} text_defaults[] = {
		{"hidden_size", 2304}, {"intermediate_size", 9216}, {"num_hidden_layers", 26},
		{"num_attention_heads", 8}, {"num_key_value_heads", 4}, {"vocab_size", 262208},
		{"max_position_embeddings", 131072},
	};
	const cJSON *text = item(c, "text_config"), *vision = item(c, "vision_config"), *tt;
	struct cfg sub = *c;
	uint64_t vh = 768, vf = 3072, layers = 12, image = 224, patch = 16, channels = 3;
	uint64_t layer, grid, n, th, lin;
	bool head = false, overflow;

	if (!cJSON_IsObject(text))
		return fail(c, "model_type 'gemma3' needs a 'text_config' object (its gemma3_text model)");
	tt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
	if (tt != NULL && !(cJSON_IsString(tt) && strcmp(tt->valuestring, "gemma3_text") == 0))
		return fail(c, "'text_config.model_type' must be \"gemma3_text\"");
	if (!cJSON_IsObject(vision))
		return fail(c, "model_type 'gemma3' needs a 'vision_config' object (its SigLIP vision tower)");
	*text_copy = cJSON_Duplicate(text, 1);
	if (*text_copy == NULL)
		return fail(c, "out of memory reading 'text_config'");
	for (size_t i = 0; i < sizeof text_defaults / sizeof text_defaults[0]; i++)
		if (cJSON_GetObjectItemCaseSensitive(*text_copy, text_defaults[i].key) == NULL &&
		    cJSON_AddNumberToObject(*text_copy, text_defaults[i].key, text_defaults[i].value) == NULL)
			return fail(c, "out of memory reading 'text_config'");

	if (read_text_model(c, m, "gemma3_text", *text_copy, "text_config") != 0)
		return -1;

	/* SiglipVisionConfig's defaults where vision_config is silent */
	sub.root = vision;
	sub.type = "siglip_vision_model";
	sub.scope = "vision_config";
	if (opt_u64(&sub, "hidden_size", 1, &vh) || opt_u64(&sub, "intermediate_size", 1, &vf) ||
	    opt_u64(&sub, "num_hidden_layers", 1, &layers) || opt_u64(&sub, "image_size", 1, &image) ||
	    opt_u64(&sub, "patch_size", 1, &patch) || opt_u64(&sub, "num_channels", 1, &channels) ||
	    opt_bool(&sub, "vision_use_head", &head))
		return -1;
	if (head)
		return fail(&sub, "unsupported: 'vision_use_head' is true (SigLIP's pooling head is not modelled; "
				  "Gemma 3 has none)");
	if (patch > image)
		return fail(&sub, "'patch_size' (%llu) is larger than 'image_size' (%llu)", (unsigned long long)patch,
			    (unsigned long long)image);
	th = m->hidden_size;
	grid = image / patch;
	overflow = vf > ((uint64_t)1 << 40) || vh > ((uint64_t)1 << 40) || channels > ((uint64_t)1 << 20) ||
		   patch > ((uint64_t)1 << 20) ||
		   vp_mul_u64(vh, vh, &layer) || vp_add_u64(layer, vh, &layer) || vp_mul_u64(layer, 4, &layer) ||
		   vp_mul_u64(vh, vf, &n) || vp_mul_u64(n, 2, &n) || vp_add_u64(layer, n, &layer) ||
		   vp_add_u64(layer, vf + vh + 4 * vh, &layer) || vp_mul_u64(layer, layers, &n) ||
		   vp_mul_u64(grid, grid, &grid) || vp_mul_u64(grid, vh, &grid) || vp_add_u64(n, grid, &n) ||
		   vp_mul_u64(channels * patch, patch * vh, &layer) || vp_add_u64(n, layer + vh + 2 * vh, &n) ||
		   vp_mul_u64(vh, th, &layer) || vp_add_u64(n, layer + vh, &n) ||
		   /* the linears' weights: 4 h^2 + 2 h f a layer */
		   vp_mul_u64(vh, 4 * vh + 2 * vf, &lin) || vp_mul_u64(lin, layers, &lin);
	if (overflow)
		return fail(&sub, "the vision tower is too large to count");
	m->vision_params = n;
	m->vision_linear_params = lin;
	/* the shapes of its linears, for the LoRA adapters PEFT puts on them */
	m->vision_hidden_size = vh;
	m->vision_intermediate_size = vf;
	m->vision_layers = layers;
	return 0;
}

/* acc += a x b, checked: nonzero on overflow */
static int add_product(uint64_t *acc, uint64_t a, uint64_t b)
{
	uint64_t p;

	return vp_mul_u64(a, b, &p) || vp_add_u64(*acc, p, acc);
}

/*
 * Mistral Small 3.1 and 3.2 (24B: model_type mistral3,
 * Mistral3ForConditionalGeneration; transformers models/mistral3/
 * configuration_mistral3.py and modeling_mistral3.py). The text model is
 * MistralModel (Mistral3Model builds it with AutoModel.from_config from
 * text_config, model_type mistral, Mistral3Config's default), under
 * Mistral3ForConditionalGeneration's lm_head (text width x vocabulary, no
 * bias) and the causal LM's loss_function: a text-only batch runs
 * MistralForCausalLM's step, with the mask MistralModel builds (no
 * token_type_ids, unlike Gemma 3). Beside it, counted as vision_params: a
 * Pixtral vision tower (models/pixtral/modeling_pixtral.py
 * PixtralVisionModel: per layer q, k, v, o_proj of h x h and gate, up,
 * down_proj of h x f, all without biases, and two PixtralRMSNorms of h;
 * patch_conv, channels x patch^2 x h, no bias; ln_pre h; the 2-D rotary
 * holds no parameters) and Mistral3MultiModalProjector: norm (h),
 * patch_merger.merging_layer (h x spatial_merge_size^2 -> h, no bias),
 * linear_1 (h x the vision_feature_layer count -> the text width) and
 * linear_2 (text width squared), with biases where
 * multimodal_projector_bias. Every one of them but the norms and the
 * convolution is an nn.Linear: vision_linear_params. Mistral Small 3.1 counts
 * 24,011,361,280 with them: 23,572,403,200 text, 403,305,472 tower,
 * 35,652,608 projector.
 */
static int read_mistral3_multimodal(const struct cfg *c, struct vp_model *m)
{
	const cJSON *text = item(c, "text_config"), *vision = item(c, "vision_config"), *tt, *fl;
	struct cfg sub = *c;
	/* PixtralVisionConfig's defaults where vision_config is silent */
	uint64_t vh = 1024, vf = 4096, layers = 24, patch = 16, channels = 3;
	/* Mistral3Config's defaults */
	uint64_t merge = 2, features = 1;
	uint64_t th, n = 0, lin = 0, layer = 0, wide = 0;
	bool bias = false, overflow;

	if (!cJSON_IsObject(text))
		return fail(c, "model_type 'mistral3' needs a 'text_config' object (its mistral model)");
	tt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
	if (tt != NULL && !(cJSON_IsString(tt) && strcmp(tt->valuestring, "mistral") == 0))
		return fail(c, "'text_config.model_type' must be \"mistral\" (Mistral Small 3.1 and 3.2; other text "
			       "models under mistral3, such as Ministral 3's ministral3, are not modelled)");
	if (!cJSON_IsObject(vision))
		return fail(c, "model_type 'mistral3' needs a 'vision_config' object (its Pixtral vision tower)");
	tt = cJSON_GetObjectItemCaseSensitive(vision, "model_type");
	if (tt != NULL && !(cJSON_IsString(tt) && strcmp(tt->valuestring, "pixtral") == 0))
		return fail(c, "'vision_config.model_type' must be \"pixtral\"");
	if (opt_u64(c, "spatial_merge_size", 1, &merge) || opt_bool(c, "multimodal_projector_bias", &bias))
		return -1;
	/* an int picks one hidden state of the tower, a list concatenates
	 * several (Mistral3MultiModalProjector's num_feature_layers) */
	fl = item(c, "vision_feature_layer");
	if (cJSON_IsArray(fl)) {
		features = (uint64_t)cJSON_GetArraySize(fl);
		if (features == 0)
			return fail(c, "'vision_feature_layer' must not be an empty list");
	} else if (fl != NULL && !cJSON_IsNumber(fl)) {
		return fail(c, "'vision_feature_layer' must be a layer index or a list of them");
	}

	if (read_text_model(c, m, "mistral", text, "text_config") != 0)
		return -1;

	sub.root = vision;
	sub.type = "pixtral";
	sub.scope = "vision_config";
	if (opt_u64(&sub, "hidden_size", 1, &vh) || opt_u64(&sub, "intermediate_size", 1, &vf) ||
	    opt_u64(&sub, "num_hidden_layers", 1, &layers) || opt_u64(&sub, "patch_size", 1, &patch) ||
	    opt_u64(&sub, "num_channels", 1, &channels))
		return -1;
	th = m->hidden_size;
	overflow = vh > ((uint64_t)1 << 40) || vf > ((uint64_t)1 << 40) || merge > ((uint64_t)1 << 10) ||
		   channels > ((uint64_t)1 << 20) || patch > ((uint64_t)1 << 20) ||
		   /* a layer's linears: 4 h^2 + 3 h f */
		   add_product(&layer, 4 * vh, vh) || add_product(&layer, 3 * vh, vf) ||
		   add_product(&lin, layers, layer) ||
		   /* the projector's merging_layer, linear_1 and linear_2 */
		   add_product(&lin, vh * merge * merge, vh) || vp_mul_u64(vh, features, &wide) ||
		   add_product(&lin, wide, th) || add_product(&lin, th, th) ||
		   /* the layers' two norms, patch_conv, ln_pre and the
		    * projector's norm; linear_1's and linear_2's biases */
		   add_product(&n, layers, 2 * vh) || add_product(&n, channels * patch * patch, vh) ||
		   vp_add_u64(n, lin, &n) || vp_add_u64(n, 2 * vh, &n) || (bias && vp_add_u64(n, 2 * th, &n));
	if (overflow)
		return fail(&sub, "the vision tower is too large to count");
	m->vision_params = n;
	m->vision_linear_params = lin;
	/* the shapes of its linears, for the LoRA adapters PEFT puts on them */
	m->vision_hidden_size = vh;
	m->vision_intermediate_size = vf;
	m->vision_layers = layers;
	m->vision_merge_size = merge;
	m->vision_feature_layers = features;
	return 0;
}

/*
 * Qwen2-VL and Qwen2.5-VL (model_type qwen2_vl, qwen2_5_vl;
 * Qwen2VLForConditionalGeneration, Qwen2_5_VLForConditionalGeneration;
 * transformers models/qwen2_vl/ and models/qwen2_5_vl/ configuration_*.py
 * and modeling_*.py). The text model is Qwen2's decoder (text_layers_of):
 * the hub's files keep its keys at the top level (Qwen2_5_VLConfig builds
 * text_config from all kwargs when none is given), transformers 4.53 and
 * later re-save them in a text_config of model_type qwen2_vl_text /
 * qwen2_5_vl_text. A text-only batch runs the causal LM's step: the visual
 * tower runs only on pixel_values, and the text model builds the causal
 * mask a text-only Qwen2 does (no token_type_ids). Beside it, counted as
 * vision_params (the module tree transformers prints for
 * Qwen2_5_VLForConditionalGeneration):
 *   Qwen2.5-VL: Qwen2_5_VisionTransformerPretrainedModel. patch_embed, a
 *   Conv3d without bias of in_channels x temporal_patch_size x patch_size^2
 *   x h; per block two Qwen2RMSNorms (h), attn.qkv (h -> 3h) and attn.proj
 *   (h -> h), mlp gate_proj, up_proj (h -> f) and down_proj (f -> h), every
 *   one with a bias; the merger (Qwen2_5_VLPatchMerger): ln_q, an RMSNorm
 *   of h, and mlp Linear(4h -> 4h) GELU Linear(4h -> out_hidden_size), with
 *   biases (4 = spatial_merge_size^2).
 *   Qwen2-VL: Qwen2VisionTransformerPretrainedModel, of embed_dim e: the
 *   same patch_embed; per block two LayerNorms (weight and bias), qkv and
 *   proj as above, VisionMlp fc1 (e -> e x mlp_ratio) and fc2 back, with
 *   biases; PatchMerger: ln_q a LayerNorm of e, the same mlp to
 *   vision_config.hidden_size (the text width).
 * The vision configs' own defaults fill what vision_config leaves out; the
 * hub's "in_chans" is no key of theirs (in_channels, default 3). The
 * rotary of the tower and the text model's multimodal rotary hold no
 * parameters. Qwen2.5-VL-7B-Instruct counts 8,292,166,656: 7,615,616,512
 * text (Qwen2.5-7B's) and 676,550,144 tower; Qwen2-VL-7B-Instruct
 * 8,291,375,616 (675,759,104 tower). The linears' shapes are kept
 * (vision_hidden_size, vision_intermediate_size, vision_layers,
 * vision_merge_size, vision_out_size) for the LoRA adapters PEFT puts on
 * them (layers.c vp_model_vision_linears).
 */
static int read_qwen2_vl_multimodal(const struct cfg *c, struct vp_model *m)
{
	const cJSON *text = item(c, "text_config"), *vision = item(c, "vision_config"), *tt;
	bool v25 = !strcmp(c->type, "qwen2_5_vl");
	const char *text_type = v25 ? "qwen2_5_vl_text" : "qwen2_vl_text";
	struct cfg sub = *c;
	/* Qwen2_5_VLVisionConfig's and Qwen2VLVisionConfig's defaults */
	uint64_t depth = 32, vh = v25 ? 3584 : 1280, vf = 3420, out = 3584, channels = 3, patch = 14, temporal = 2,
		 merge = 2;
	double ratio = 4.0;
	uint64_t n = 0, lin = 0, block = 0, blin = 0, wide = 0;
	bool overflow;

	if (text != NULL && !cJSON_IsObject(text))
		return fail(c, "'text_config' must be an object (the %s text model)", c->type);
	if (cJSON_IsObject(text)) {
		tt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
		if (tt != NULL && !(cJSON_IsString(tt) && strcmp(tt->valuestring, text_type) == 0))
			return fail(c, "'text_config.model_type' must be \"%s\"", text_type);
	}
	if (!cJSON_IsObject(vision))
		return fail(c, "model_type '%s' needs a 'vision_config' object (its vision tower)", c->type);

	if (read_text_model(c, m, "qwen2", cJSON_IsObject(text) ? text : NULL, "text_config") != 0)
		return -1;
	/* a text_config without the key: the top level's, where the
	 * composite config keeps it (Qwen2.5-VL-3B ties, 7B and 72B do not) */
	if (cJSON_IsObject(text) && cJSON_GetObjectItemCaseSensitive(text, "tie_word_embeddings") == NULL &&
	    opt_bool(c, "tie_word_embeddings", &m->tie_embeddings))
		return -1;

	sub.root = vision;
	sub.type = c->type;
	sub.scope = "vision_config";
	if (opt_u64(&sub, "depth", 1, &depth) || opt_u64(&sub, "in_channels", 1, &channels) ||
	    opt_u64(&sub, "patch_size", 1, &patch) || opt_u64(&sub, "temporal_patch_size", 1, &temporal) ||
	    opt_u64(&sub, "spatial_merge_size", 1, &merge))
		return -1;
	if (v25 ? (opt_u64(&sub, "hidden_size", 1, &vh) || opt_u64(&sub, "intermediate_size", 1, &vf) ||
		   opt_u64(&sub, "out_hidden_size", 1, &out))
		: (opt_u64(&sub, "embed_dim", 1, &vh) || opt_mlp_ratio(&sub, &ratio) ||
		   opt_u64(&sub, "hidden_size", 1, &out)))
		return -1;
	overflow = vh > ((uint64_t)1 << 30) || vf > ((uint64_t)1 << 30) || ratio > (double)(1 << 10) ||
		   out > ((uint64_t)1 << 30) || merge > ((uint64_t)1 << 10) || channels > ((uint64_t)1 << 20) ||
		   patch > ((uint64_t)1 << 20) || temporal > ((uint64_t)1 << 20) || depth > ((uint64_t)1 << 20);
	/* VisionMlp's width: int(embed_dim * mlp_ratio), Python's truncation
	 * (modeling_qwen2_vl.py Qwen2VLVisionBlock) */
	if (!overflow && !v25) {
		vf = (uint64_t)floor((double)vh * ratio);
		if (vf == 0)
			return fail(&sub, "'mlp_ratio' %g gives the MLP no width (embed_dim %llu)", ratio,
				    (unsigned long long)vh);
	}
	if (!overflow) {
		uint64_t w = vh * merge * merge;

		/* a block's linears: qkv 3h^2, proj h^2, and the MLP's 3 h f
		 * (gate, up, down) or 2 h f (fc1, fc2); their biases 3h + h
		 * and 2f + h or f + h; its norms 2h (RMSNorm) or 4h
		 * (LayerNorm) */
		overflow = add_product(&blin, 4 * vh, vh) || add_product(&blin, (v25 ? 3 : 2) * vh, vf) ||
			   vp_add_u64(block, blin, &block) ||
			   vp_add_u64(block, 5 * vh + (v25 ? 2 : 1) * vf + (v25 ? 2 : 4) * vh, &block) ||
			   add_product(&lin, depth, blin) || add_product(&n, depth, block) ||
			   /* the merger's two linears (weights; their biases
			    * w and out) and ln_q */
			   vp_mul_u64(w, w, &wide) || vp_add_u64(lin, wide, &lin) || add_product(&lin, w, out) ||
			   vp_add_u64(n, wide, &n) || add_product(&n, w, out) || vp_add_u64(n, w + out, &n) ||
			   vp_add_u64(n, (v25 ? 1 : 2) * vh, &n) ||
			   /* patch_embed */
			   add_product(&n, channels * temporal * patch * patch, vh);
	}
	if (overflow)
		return fail(&sub, "the vision tower is too large to count");
	m->vision_params = n;
	m->vision_linear_params = lin;
	/* the shapes of its linears, for the LoRA adapters PEFT puts on them
	 * (layers.c vp_model_vision_linears; the architecture says which
	 * tower: vp_hfconfig_parse) */
	m->vision_hidden_size = vh;
	m->vision_intermediate_size = vf;
	m->vision_layers = depth;
	m->vision_merge_size = merge;
	m->vision_out_size = out;
	return 0;
}

/* ---- entry points ------------------------------------------------------- */

/* 1-based line and column (in bytes) of text[off]. */
static void position(const char *text, size_t off, unsigned long *line, unsigned long *col)
{
	size_t bol = 0;

	*line = 1;
	for (size_t i = 0; i < off; i++)
		if (text[i] == '\n') {
			(*line)++;
			bol = i + 1;
		}
	*col = (unsigned long)(off - bol) + 1;
}

/* A training checkpoint's directory (500000, checkpoint-500) names a step,
 * not a model: the name then starts at the directory above it. */
static bool names_a_step(const char *b, size_t n)
{
	size_t digits = strspn(b, "0123456789");

	return (n > 0 && digits == n) || (n > 11 && strncmp(b, "checkpoint-", 11) == 0);
}

/* The ASCII letters of U+00C0..U+00FF, Latin-1's accented letters (UTF-8
 * 0xC3 0x80..0xBF), which a directory name in French, German or Spanish
 * has ("données" -> "donnees"); "" for the two signs among them. */
static const char *const latin1_letters[64] = {
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
};

/* A catalogue name (lower-case letters, digits, '.', '_', '-') from the
 * last component of a hub id or path, without a ".json" suffix:
 * "meta-llama/Llama-2-7b-hf" -> "llama-2-7b-hf", "/x/Qwen-1_8B.json" ->
 * "qwen-1_8b"; a step directory with the one above it. Latin-1's accented
 * letters lose their accent; any other run of characters becomes one '-'
 * ("My  Model" -> "my-model"; one '-' a byte made a Chinese name "------"),
 * none at either end (`--model -x` reads as an option); a name with
 * nothing left is "model". */

static void catalogue_name(const char *src, char *buf, size_t size)
{
	char dir[1024];
	const char *b;
	size_t n, i, o = 0;
	bool dash = false;

	/* "DIR/config.json" (--model DIR, or the file in it): the file name
	 * is every checkpoint's, so the directory names the model; "." and
	 * ".." name nothing and keep "config" */
	n = strlen(src);
	if (n > 12 && n < sizeof dir && strcmp(src + n - 12, "/config.json") == 0) {
		memcpy(dir, src, n - 12);
		n -= 12;
		while (n > 0 && dir[n - 1] == '/')
			n--;
		dir[n] = '\0';
		b = strrchr(dir, '/');
		b = b ? b + 1 : dir;
		if (b[0] != '\0' && strcmp(b, ".") != 0 && strcmp(b, "..") != 0)
			src = dir;
	}
	b = strrchr(src, '/');
	b = b ? b + 1 : src;
	n = strlen(b);
	if (names_a_step(b, n) && b - src >= 2) {
		const char *p = b - 1; /* the '/' before b */

		while (p > src && p[-1] != '/')
			p--;
		b = p;
		n = strlen(b);
	}
	if (n > 5 && strcmp(b + n - 5, ".json") == 0)
		n -= 5;
	for (i = 0; i < n && o + 1 < size; i++) {
		unsigned char ch = (unsigned char)b[i];
		const char *letters = NULL;

		if (ch >= 'A' && ch <= 'Z')
			ch = (unsigned char)(ch - 'A' + 'a');
		if (ch == 0xC3 && i + 1 < n && (unsigned char)b[i + 1] >= 0x80 && (unsigned char)b[i + 1] <= 0xBF)
			letters = latin1_letters[(unsigned char)b[++i] - 0x80];
		if (letters != NULL && letters[0] != '\0') {
			if (dash && o > 0) {
				if (o + 2 >= size) /* no room for '-' and a letter after it */
					break;
				buf[o++] = '-';
			}
			dash = false;
			for (; *letters != '\0' && o + 1 < size; letters++)
				buf[o++] = *letters;
		} else if (letters == NULL && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.' ||
					       ch == '_' || (ch == '-' && o > 0))) {
			/* the '-' and the character after it, or the name ends
			 * here: until 2026-11-30 a '-' at size - 2 was followed by
			 * the character at size - 1 and the NUL past the buffer */
			if (dash && o > 0) {
				if (o + 2 >= size)
					break;
				buf[o++] = '-';
			}
			dash = false;
			buf[o++] = (char)ch;
		} else {
			dash = true;
		}
	}
	while (o > 0 && buf[o - 1] == '-')
		o--;
	buf[o] = '\0';
	if (buf[0] == '\0')
		snprintf(buf, size, "%s", "model");
}

static int parse_root(const char *name, const char *text, size_t len, cJSON **root,
		      struct vp_error *err)
{
	const char *end = NULL;
	unsigned long line, col;
	size_t off;

	*root = NULL;
	for (off = 0; off < len && text[off] != '\0' && strchr(" \t\r\n", text[off]) != NULL; off++)
		;
	if (off == len)
		return vp_error_at(err, VP_ERR_INPUT, name, 0, 0, "empty file, expected a JSON object");
	/* a clone without git-lfs keeps the pointer where the file belongs */
	if (len - off > 40 && strncmp(text + off, "version https://git-lfs.github.com/spec/", 40) == 0)
		return vp_error_at(err, VP_ERR_INPUT, name, 1, 1,
				   "a Git LFS pointer, not the config itself: fetch the file (git lfs pull)");

	/* no raw NUL in JSON (cJSON skips one as whitespace; json.load refuses it) */
	{
		const char *nul = memchr(text, '\0', len);

		if (nul != NULL) {
			position(text, (size_t)(nul - text), &line, &col);
			return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON: a NUL byte");
		}
	}
	*root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (*root == NULL) {
		const char *why;

		off = end != NULL && end >= text && (size_t)(end - text) <= len ?
			      (size_t)(end - text) : 0;
		/* a training config given where the model's config.json goes
		 * (--model train.yaml): "invalid JSON" at 1:1, or its first
		 * comment's hint, did not say which file belongs where (persona
		 * journey, 2026-12-01) */
		{
			size_t n = strlen(name);
			size_t first = 0;

			while (first < len && strchr(" \t\r\n", text[first]) != NULL)
				first++;
			if (first < len && text[first] != '{' && text[first] != '[' &&
			    ((n >= 5 && strcmp(name + n - 5, ".yaml") == 0) || (n >= 4 && strcmp(name + n - 4, ".yml") == 0))) {
				position(text, first, &line, &col);
				return vp_error_at(err, VP_ERR_INPUT, name, line, col,
						   "invalid JSON: a model's config.json is a JSON object, and this is a "
						   "YAML file (a training config is read by 'vramplan check FILE')");
			}
		}
		why = vp_json_error_hint(text, len, &off);
		position(text, off, &line, &col);
		if (why != NULL)
			return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON: %s", why);
		return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON");
	}
	/* cJSON stops after the first value; anything but whitespace after it
	 * is an error here (a concatenated or truncated-and-pasted file). */
	for (off = (size_t)(end - text); off < len; off++)
		if (text[off] == '\0' || strchr(" \t\r\n", text[off]) == NULL)
			break;
	if (off < len) {
		cJSON_Delete(*root);
		*root = NULL;
		position(text, off, &line, &col);
		return vp_error_at(err, VP_ERR_INPUT, name, line, col,
				   "unexpected text after the JSON object");
	}
	if (!cJSON_IsObject(*root)) {
		cJSON_Delete(*root);
		*root = NULL;
		return vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
				   "expected a JSON object at the top level");
	}
	/* transformers reads config.json with json.load, which refuses what
	 * cJSON accepts: 010, 1., +1 */
	{
		size_t n;

		if (vp_json_bad_number(text, len, &off, &n)) {
			cJSON_Delete(*root);
			*root = NULL;
			position(text, off, &line, &col);
			return vp_error_at(err, VP_ERR_INPUT, name, line, col,
					   "invalid JSON number '%.*s' (JSON has no leading zeros, no '+' and digits on "
					   "both sides of a '.'; Python's json.load refuses it)",
					   (int)(n > 40 ? 40 : n), text + off);
		}
	}
	return 0;
}

/*
 * The descriptor's fields as config.json spells them (transformers'
 * configuration_*.py and their attribute_map aliases): a validation message
 * names the key of this file that holds the value, e.g. num_hidden_layers
 * rather than the descriptor's num_layers (docs/robustness.md F12).
 */
static const struct {
	const char *field;
	const char *keys[7];
} config_keys[] = {
	{"hidden_size", {"hidden_size", "n_embd", "n_embed", "d_model", NULL}},
	{"intermediate_size",
	 {"intermediate_size", "n_inner", "d_ff", "ffn_dim", "encoder_ffn_dim", "moe_intermediate_size", NULL}},
	{"vocab_size", {"vocab_size", "padded_vocab_size", NULL}},
	{"num_layers", {"num_hidden_layers", "n_layer", "num_layers", "encoder_layers", NULL}},
	{"num_decoder_layers", {"num_decoder_layers", "decoder_layers", NULL}},
	{"num_heads", {"num_attention_heads", "n_head", "num_heads", "encoder_attention_heads", NULL}},
	{"num_kv_heads", {"num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num", NULL}},
	{"head_dim", {"head_dim", "d_kv", "kv_channels", NULL}},
	{"max_positions", {"max_position_embeddings", "n_positions", "n_ctx", "seq_length", NULL}},
	{"context_tokens", {"max_position_embeddings", "n_positions", "seq_length", "max_seq_len", NULL}},
	{"type_vocab_size", {"type_vocab_size", NULL}},
	{"relative_buckets", {"relative_attention_num_buckets", NULL}},
	{"rel_span", {"position_buckets", "max_relative_positions", "max_position_embeddings", NULL}},
	{"embedding_size", {"embedding_size", "word_embed_proj_dim", NULL}},
	{"num_experts", {"num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts", NULL}},
	{"experts_per_token", {"num_experts_per_tok", "moe_k", NULL}},
	{"shared_expert_size", {"shared_expert_intermediate_size", "shared_intermediate_size", NULL}},
	/* DeepseekV2Config, DeepseekV3Config (read_deepseek_experts,
	 * read_latent_attention); Ernie4_5_MoeConfig (read_ernie_experts) */
	{"dense_layers", {"first_k_dense_replace", "moe_layer_start_index", NULL}},
	{"dense_intermediate_size", {"intermediate_size", NULL}},
	{"rope_head_dim", {"qk_rope_head_dim", NULL}},
};

static const char *config_key(const char *field, uint64_t value, const void *ctx)
{
	const struct cfg *c = ctx;
	size_t i, k;

	for (i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++) {
		if (strcmp(config_keys[i].field, field) != 0)
			continue;
		/* the key whose number is the value checked */
		for (k = 0; config_keys[i].keys[k] != NULL; k++) {
			const cJSON *it = item(c, config_keys[i].keys[k]);
			if (cJSON_IsNumber(it) && it->valuedouble == (double)value)
				return config_keys[i].keys[k];
		}
		return NULL; /* derived, not read: the descriptor's name */
	}
	return NULL;
}

int vp_hfconfig_parse(const char *name, const char *text, size_t len,
		      struct vp_model *out, struct vp_error *err)
{
	cJSON *root = NULL, *text_copy = NULL;
	struct vp_model m;
	struct vp_error local;
	struct cfg c;
	const char *type, *nop;
	int bad = 0, rc = -1;

	if (name == NULL)
		name = "config.json";
	if (text == NULL || out == NULL)
		return vp_error_at(err, VP_ERR_INPUT, name, 0, 0, "no config text given");
	if (parse_root(name, text, len, &root, err) != 0)
		return -1;

	memset(&c, 0, sizeof c);
	c.file = name;
	c.root = root;
	c.text = text;
	c.len = len;
	c.type = "";
	c.err = err;
	if (!vp_text_clean(name)) {
		vp_error_set(err, VP_ERR_INPUT, "the config path is not valid UTF-8 or contains a control character");
		goto out;
	}
	/* cJSON keeps both members of a repeated key and answers with the
	 * first: a config that says two things is refused instead. */
	{
		const cJSON *a, *b;
		cJSON_ArrayForEach(a, root) {
			for (b = a->next; b != NULL; b = b->next)
				if (a->string != NULL && b->string != NULL && strcmp(a->string, b->string) == 0) {
					const char *path[1] = {a->string};
					unsigned long line = 0, col = 0;

					/* at the second occurrence, the one cJSON would not answer with */
					vp_json_where_nth(text, len, path, 1, 2, &line, &col);
					vp_error_at(err, VP_ERR_INPUT, name, line, col, "duplicate key '%s'", a->string);
					goto out;
				}
		}
	}
	type = opt_string(&c, "model_type", &bad);
	if (bad)
		goto out;
	if (type == NULL) {
		/* a JSON training config given where the model's config.json
		 * goes (--model ds_config.json): its batch key says which file
		 * it is, as a YAML one's form does (parse_root); until
		 * 2026-12-01 it got the bare question */
		static const char *const trainer_keys[] = {"train_micro_batch_size_per_gpu", "zero_optimization",
							   "per_device_train_batch_size", "micro_batch_size",
							   "train_batch_size", NULL};

		for (const char *const *k = trainer_keys; *k != NULL; k++) {
			if (cJSON_GetObjectItemCaseSensitive(root, *k) != NULL) {
				const char *path[1] = {*k};
				unsigned long line = 0, col = 0;

				vp_json_where_nth(text, len, path, 1, 1, &line, &col);
				vp_error_at(err, VP_ERR_INPUT, name, line, col,
					    "missing field 'model_type': '%s' makes this a training config, not a "
					    "model's config.json (a training config is read by 'vramplan check FILE')",
					    *k);
				goto out;
			}
		}
		vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
			    "missing field 'model_type' (is this a Hugging Face config.json?)");
		goto out;
	}
	/* Falcon's first remote-code configs: the same model, older names */
	if (!strcmp(type, "RefinedWebModel") || !strcmp(type, "RefinedWeb")) {
		c.legacy_refined_web = !strcmp(type, "RefinedWeb");
		type = "falcon";
	}
	if (!strcmp(type, "gemma3")) {
		c.type = type;
		if (read_gemma3_multimodal(&c, &m, &text_copy) != 0)
			goto out;
	} else if (!strcmp(type, "mistral3")) {
		c.type = type;
		if (read_mistral3_multimodal(&c, &m) != 0)
			goto out;
	} else if (!strcmp(type, "qwen2_vl") || !strcmp(type, "qwen2_5_vl")) {
		c.type = type;
		if (read_qwen2_vl_multimodal(&c, &m) != 0)
			goto out;
	} else {
		memset(&local, 0, sizeof local);
		if (vp_model_init_family(&m, type, &local) != 0) {
			/* the mixers first: a hybrid such as Jamba has experts too,
			 * and its Mamba layers are why it is refused */
			if (has_other_layers(&c)) {
				vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
					    "model_type '%.64s' has layers other than attention (state-space, linear-attention "
					    "or convolution mixers), which vramplan does not model",
					    type);
				goto out;
			}
			if (is_moe(&c)) {
				vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
					    "model_type '%.64s' is a mixture of experts whose layers vramplan does not know "
					    "(the ones it models: mixtral, qwen2_moe, qwen3_moe, olmoe, phimoe, granitemoe, "
					    "granitemoeshared, gpt_oss, deepseek_v2, deepseek_v3, glm4_moe, ernie4_5_moe)",
					    type);
				goto out;
			}
			if (has_latent_attention(&c)) {
				const char *path[1] = {"kv_lora_rank"};
				unsigned long line = 0, col = 0;

				vp_json_where(text, len, path, 1, &line, &col);
				vp_error_at(err, VP_ERR_INPUT, name, line, col,
					    "'kv_lora_rank': model_type '%.64s' has multi-head latent attention (DeepSeek-V2's "
					    "low-rank query and key/value projections), which vramplan does not model",
					    type);
				goto out;
			}
			if (has_prediction_layers(&c)) {
				const char *path[1] = {"num_nextn_predict_layers"};
				unsigned long line = 0, col = 0;

				vp_json_where(text, len, path, 1, &line, &col);
				vp_error_at(err, VP_ERR_INPUT, name, line, col,
					    "'num_nextn_predict_layers': model_type '%.64s' has multi-token-prediction layers "
					    "beside its decoder (MiMo's mtp_layers), which vramplan does not model",
					    type);
				goto out;
			}
			if (!llama_clone(&c, type)) {
				/* a multimodal checkpoint (Gemma 3 4B and up, Qwen2.5-VL,
				 * LLaVA): the vision tower is not modelled; say so, and
				 * which of its parts is */
				const cJSON *text_cfg = item(&c, "text_config");
				const cJSON *text_type = cJSON_IsObject(text_cfg) ? cJSON_GetObjectItemCaseSensitive(text_cfg, "model_type") : NULL;
				struct vp_model probe;
				struct vp_error ignored;
				const char *layers;

				if (item(&c, "vision_config") != NULL && cJSON_IsString(text_type) &&
				    vp_model_init_family(&probe, text_type->valuestring, &ignored) == 0) {
					vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
						    "model_type '%.64s' is multimodal (a vision tower beside its text model), which "
						    "vramplan does not model; its text model, model_type '%.32s', it does: give a "
						    "config.json of that alone",
						    type, text_type->valuestring);
					goto out;
				}
				if (item(&c, "vision_config") != NULL && (layers = text_layers_of(type)) != NULL) {
					vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
						    "model_type '%.64s' is multimodal (a vision tower beside its text model), which "
						    "vramplan does not model; its text model has %s's layers, which it models: give "
						    "a config.json of that alone with model_type '%s'",
						    type, layers, layers);
					goto out;
				}
				if (item(&c, "vision_config") != NULL) {
					vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
						    "model_type '%.64s' is multimodal (a vision tower beside its text model), which "
						    "vramplan does not model (of multimodal checkpoints it reads Gemma 3's, model_type "
						    "gemma3, Mistral Small 3.1/3.2's, mistral3, and Qwen2-VL's and Qwen2.5-VL's, qwen2_vl and "
						    "qwen2_5_vl)",
						    type);
					goto out;
				}
				/* THUDM's remote code (configuration_chatglm.py keys:
				 * num_layers, ffn_hidden_size, kv_channels,
				 * multi_query_group_num, padded_vocab_size): transformers'
				 * convert_glm_weights_to_hf.py convert_config maps them
				 * onto GlmConfig and loads the renamed weights with
				 * strict=True, so model_type glm is the same model */
				if (!strcmp(type, "chatglm")) {
					vp_error_at(err, VP_ERR_INPUT, name, 0, 0,
						    "model_type 'chatglm' is THUDM's remote code (ChatGLM-6B to GLM-4-9B), "
						    "which vramplan does not read; transformers' models/glm/convert_glm_weights_to_hf.py "
						    "maps GLM-4-9B's config and weights one for one onto model_type 'glm' "
						    "(THUDM/glm-4-9b-chat-hf), which it does: give that config.json");
					goto out;
				}
				vp_error_at(err, local.code, name, 0, 0, "%s", local.message);
				goto out;
			}
			/* read as Llama, and say so (model.h read_as) */
			memset(&local, 0, sizeof local);
			if (vp_model_init_family(&m, "llama", &local) != 0) {
				vp_error_at(err, local.code, name, 0, 0, "%s", local.message);
				goto out;
			}
			snprintf(m.model_type, sizeof m.model_type, "%s", type);
			snprintf(m.read_as, sizeof m.read_as, "llama");
		}
		c.type = m.read_as[0] != '\0' ? m.read_as : m.model_type;
		if (read_family(&c, &m) != 0 || read_context(&c, &m) != 0)
			goto out;
	}

	nop = opt_string(&c, "_name_or_path", &bad);
	if (bad)
		goto out;
	if (nop != NULL && nop[0] != '\0') {
		catalogue_name(nop, m.name, sizeof m.name);
		/* a hub id is owner/name; a local path names no hub model */
		if (nop[0] != '/' && nop[0] != '.' && nop[0] != '~' && strchr(nop, '/') == strrchr(nop, '/'))
			vp_utf8_copy(m.hf_id, sizeof m.hf_id, nop);
	} else {
		catalogue_name(name, m.name, sizeof m.name);
	}
	vp_utf8_copy(m.source, sizeof m.source, name);
	read_architecture(&c, &m);
	/* Qwen2-VL's and Qwen2.5-VL's text model is read as qwen2: the
	 * architecture says which tower it sits beside (layers.c
	 * vp_model_vision_linears, peft.c vp_peft_model_type), the
	 * composite's class where architectures[0] does not name it */
	if (!strcmp(type, "qwen2_vl") && strncmp(m.architecture, "Qwen2VL", 7) != 0)
		snprintf(m.architecture, sizeof m.architecture, "Qwen2VLForConditionalGeneration");
	if (!strcmp(type, "qwen2_5_vl") && strncmp(m.architecture, "Qwen2_5_VL", 10) != 0)
		snprintf(m.architecture, sizeof m.architecture, "Qwen2_5_VLForConditionalGeneration");
	if (read_num_labels(&c, &m) != 0 || read_stored_dtype(&c, &m) != 0 || read_use_cache(&c, &m) != 0 ||
	    read_quantization(&c, &m) != 0)
		goto out;

	memset(&local, 0, sizeof local);
	if (vp_model_validate_named(&m, config_key, &c, &local) != 0) {
		vp_error_at(err, local.code, name, 0, 0, "%s", local.message);
		goto out;
	}
	*out = m;
	rc = 0;
out:
	cJSON_Delete(text_copy);
	cJSON_Delete(root);
	return rc;
}

int vp_hfconfig_load(const char *path, struct vp_model *out, struct vp_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (path == NULL)
		return vp_error_set(err, VP_ERR_INPUT, "no config.json path given");
	if (vp_read_file(path, &buf, &len, err) != 0)
		return -1;
	rc = vp_hfconfig_parse(path, buf, len, out, err);
	free(buf);
	return rc;
}
