/*
 * Reader of measured cases (../shared/groundtruth/README.md schema). The
 * informational keys (source, notes, framework, lora_alpha) are read and
 * dropped; keys
 * outside the schema are counted and skipped so that a newer schema does
 * not stop the benchmark, but a known key with a wrong type or
 * value is an error with its position. A value in another spelling whose
 * reading is not in doubt (a quoted number, a whole count written 4.0,
 * "BF16" for bf16, causal_lm for causal-lm) is read so and named in the
 * case's note (respelled): refusing it would stop a whole file, or leave
 * a case unscored, over its spelling.
 */
#include "vramplan/cases.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "vramplan/fileio.h"
#include "vramplan/sizes.h"
#include "vramplan/tree.h"
#include "vramplan/utf8.h"
#include "vramplan/yaml_limits.h"

struct reader {
	yaml_document_t *doc;
	const char *file;
	struct vp_error *err;
	struct vp_case *c; /* the case being read, for its notes */
};

static int fail(const struct reader *r, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(const struct reader *r, const yaml_node_t *n, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return vp_error_at(r->err, VP_ERR_INPUT, r->file, n->start_mark.line + 1, n->start_mark.column + 1,
			   "%s", msg);
}

#ifdef __clang_analyzer__
/* what fail returns, for the analyzer, which does not follow a variadic
 * call (error.h) */
#define fail(...) (fail(__VA_ARGS__), -1)
#endif

static const char *scalar(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A schema key whose value is a word that names nothing vramplan knows
 * (`attn: flash_attention_3`, `quant: awq`, `metric: peak_rss`): the case is
 * one the estimator cannot express, so it is reported unsupported with this
 * reason and the rest of the file is still scored; the ground truth's README
 * counts such a case as unsupported, "listed with the reason", where a value
 * of the wrong shape (a list for a word) stays an error of the file. The
 * first such value of a case is the one reported. */
static void unexpressible(struct vp_case *c, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void unexpressible(struct vp_case *c, const yaml_node_t *n, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	if (c->unexpressible[0] != '\0')
		return;
	va_start(ap, fmt);
	if (vsnprintf(msg, sizeof msg, fmt, ap) >= (int)sizeof msg)
		vp_utf8_trim_cut(msg); /* a long word cut inside a character */
	va_end(ap);
	snprintf(c->unexpressible, sizeof c->unexpressible, "%s (line %lu, column %lu)", msg,
		 (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1);
	vp_text_one_line(c->unexpressible);
}

/* Null as yaml.safe_load reads it (PyYAML's resolver, YAML 1.1): "", ~,
 * null, Null, NULL, unquoted. */
static bool is_null(const yaml_node_t *n)
{
	const char *s = scalar(n);

	return s != NULL && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	       (strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 || strcmp(s, "NULL") == 0 ||
		strcmp(s, "~") == 0 || s[0] == '\0');
}

/* A boolean as yaml.safe_load reads it (PyYAML's resolver, YAML 1.1):
 * true/false, yes/no, on/off, each in lower, capitalised or upper case,
 * unquoted; 1 true, 0 false, -1 not a boolean. */
static int yaml11_bool(const yaml_node_t *n)
{
	const char *s = scalar(n);

	if (s == NULL || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return -1;
	return vp_yaml11_bool(s);
}

/* A value read in another spelling than the schema's (a quoted number,
 * a word in other case): read as the obvious value, and the first such
 * value of a case named in its note, so that the reading is seen. */
static void respelled(const struct reader *r, const char *key, const char *written, const char *read)
{
	struct vp_case *c = r->c;

	if (c == NULL)
		return;
	if (c->respelled[0] != '\0') {
		c->more_respelled++;
		return;
	}
	snprintf(c->respelled, sizeof c->respelled, "%s '%.32s' read as %.32s", key, written, read);
	vp_utf8_trim_cut(c->respelled);
	vp_text_one_line(c->respelled);
}

/* A quoted decimal ("512", "10.5"): a string to yaml.safe_load, but one
 * whose reading is not in doubt (a generator that quotes every value
 * writes it so); anything else quoted is not read as a number. */
static bool quoted_decimal(const yaml_node_t *n)
{
	const char *s = scalar(n), *p;
	bool point = false;

	if (s == NULL || n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE || s[0] < '0' || s[0] > '9')
		return false;
	/* a leading 0 ("0512"): a generator's str() never writes it, and the
	 * same digits plain are octal to yaml.safe_load (misread_number), so
	 * its reading is in doubt */
	if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
		return false;
	for (p = s; *p != '\0'; p++) {
		if (*p == '.' && !point && p[1] >= '0' && p[1] <= '9')
			point = true;
		else if (*p < '0' || *p > '9')
			return false;
	}
	return true;
}

/* The text of a number-valued key: a plain scalar's, or a quoted
 * decimal's (noted); NULL for anything else. */
static const char *number_text(const struct reader *r, const yaml_node_t *n, const char *key)
{
	const char *s = scalar(n);

	if (s == NULL)
		return NULL;
	if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
		return s;
	if (!quoted_decimal(n))
		return NULL;
	{
		char q[48];
		snprintf(q, sizeof q, "\"%.40s\"", s);
		respelled(r, key, q, s);
	}
	return s;
}

static int get_string(const struct reader *r, const yaml_node_t *n, const char *key, char *out, size_t size)
{
	const char *s = scalar(n);

	if (s == NULL)
		return fail(r, n, "'%s' must be a string", key);
	if (strlen(s) >= size)
		return fail(r, n, "'%s' is too long", key);
	memcpy(out, s, strlen(s) + 1);
	return 0;
}

/* A label (id, quality, gpu): a string, cut at a character where it does
 * not fit. Until 2026-12-01 an id of 96 bytes or more, or a gpu of 64,
 * stopped the whole file ("too long"); cut, the id still names its row, a
 * cut grade is one the summary does not count (and stderr names the case),
 * and a cut gpu is one the catalogue lacks (the note says so). */
static int get_label(const struct reader *r, const yaml_node_t *n, const char *key, char *out, size_t size)
{
	const char *s = scalar(n);

	if (s == NULL)
		return fail(r, n, "'%s' must be a string", key);
	vp_utf8_copy(out, size, s);
	return 0;
}

/*
 * A plain number that yaml.safe_load reads as another value (PyYAML
 * resolver.py, YAML 1.1 int and float): a leading 0 makes an integer octal
 * ("010" is 8) or, with an 8 or 9 in it, a string; an exponent is a
 * float's only after a point and with a sign ("1.5e+3"; "1e3" and "1.5e3"
 * are strings). Read as decimal here they would give another value than
 * the one the file's Python readers get, without a word: refused.
 */
static int misread_number(const struct reader *r, const yaml_node_t *n, const char *key)
{
	const char *s = scalar(n), *p, *e;

	if (s == NULL || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	p = s[0] == '-' || s[0] == '+' ? s + 1 : s;
	/* a word ("true", "none") is no number misread: the caller's own
	 * message says what the key takes */
	if (!((p[0] >= '0' && p[0] <= '9') || p[0] == '.'))
		return 0;
	e = strpbrk(p, "eE");
	if (strchr(p, '.') == NULL && p[0] == '0' && p[1] >= '0' && p[1] <= '9')
		return fail(r, n,
			    "'%s': a leading 0 makes '%.24s' octal (or a string) to yaml.safe_load (YAML 1.1); "
			    "write it without the 0",
			    key, s);
	if (e != NULL && (strchr(p, '.') == NULL || (e[1] != '+' && e[1] != '-')))
		return fail(r, n,
			    "'%s': '%.24s' is a string to yaml.safe_load (YAML 1.1 reads an exponent only after a "
			    "point and with a sign, as 1.5e+3)",
			    key, s);
	return 0;
}

/* An extension key's probability: a plain number from 0 to 1, or null,
 * which leaves *out as it is. */
static int get_probability(const struct reader *r, const yaml_node_t *n, const char *key, double *out)
{
	const char *s;
	struct vp_error e;

	if (misread_number(r, n, key))
		return -1;
	if (!is_null(n) && ((s = number_text(r, n, key)) == NULL || vp_parse_double(s, key, 0.0, 1.0, out, &e) != 0))
		return fail(r, n, "'%s' must be a number from 0 to 1, or null", key);
	return 0;
}

/* An integer of at least `min` from a plain scalar; null gives `dflt`. A
 * count the schema states as at least 1 (batch, seq_len, lora_r, gpus,
 * ...) takes min 1: 0 would otherwise be read as null, the key's default,
 * without a word. */
/* A whole number written as a float ("4.0", which yaml.safe_load reads as
 * 4.0 and int() as 4): its integer part in `whole`, noted, and that is
 * returned; anything else ("4.5", "4", NULL) is returned as it is. A
 * generator that reads the cases through a table with nulls in a column
 * (pandas makes such a column float) writes every count of it so. */
static const char *whole_number(const struct reader *r, const char *key, const char *s, char *whole, size_t size)
{
	const char *dot = s != NULL ? strchr(s, '.') : NULL;

	if (dot == NULL || dot == s || dot[1] == '\0' || strspn(dot + 1, "0") != strlen(dot + 1) ||
	    (size_t)(dot - s) >= size)
		return s;
	memcpy(whole, s, (size_t)(dot - s));
	whole[dot - s] = '\0';
	respelled(r, key, s, whole);
	return whole;
}

static int get_integer(const struct reader *r, const yaml_node_t *n, const char *key, uint64_t min, uint64_t dflt,
		       uint64_t *out)
{
	struct vp_error e;
	const char *s;
	char whole[32];

	if (is_null(n)) {
		*out = dflt;
		return 0;
	}
	if (misread_number(r, n, key))
		return -1;
	/* "4.5" stays an error */
	s = whole_number(r, key, number_text(r, n, key), whole, sizeof whole);
	if (s == NULL || vp_parse_u64(s, key, min, UINT64_C(1) << 40, out, &e) != 0)
		return fail(r, n, "'%s' must be a %s integer (at most 2^40) or null", key,
			    min == 0 ? "non-negative" : "positive");
	return 0;
}

static int get_uint(const struct reader *r, const yaml_node_t *n, const char *key, uint64_t dflt, uint64_t *out)
{
	return get_integer(r, n, key, 0, dflt, out);
}

static int get_count(const struct reader *r, const yaml_node_t *n, const char *key, uint64_t dflt, uint64_t *out)
{
	return get_integer(r, n, key, 1, dflt, out);
}

/* One of the NULL-terminated `words`, or null: *which is its index, or -1
 * for null. The error lists them: "'KEY' must be a, b or null". */
static int get_word(const struct reader *r, const yaml_node_t *n, const char *key, const char *const *words,
		    int *which)
{
	const char *s = scalar(n);
	char list[160] = "";
	size_t len = 0;
	int i;

	*which = -1;
	if (is_null(n))
		return 0;
	for (i = 0; words[i] != NULL; i++)
		if (s != NULL && strcmp(s, words[i]) == 0) {
			*which = i;
			return 0;
		}
	for (i = 0; words[i] != NULL && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s, ", words[i]);
	if (len >= 2 && len < sizeof list)
		list[len - 2] = '\0';
	return fail(r, n, "'%s' must be %s or null", key, list);
}

static int get_bool(const struct reader *r, const yaml_node_t *n, const char *key, bool *out)
{
	int b = yaml11_bool(n);

	if (is_null(n)) {
		*out = false;
		return 0;
	}
	/* "true" or "false" quoted: a string to yaml.safe_load, but one a
	 * generator that quotes every value writes, read as the word (noted);
	 * quoted "on", "off", "yes" and "no" stay refused (bad-autocast.yaml):
	 * not the schema's words, and a Python reader takes any non-empty
	 * string as true */
	if (b < 0 && scalar(n) != NULL &&
	    (strcasecmp(scalar(n), "true") == 0 || strcasecmp(scalar(n), "false") == 0)) {
		b = strcasecmp(scalar(n), "true") == 0;
		respelled(r, key, scalar(n), b == 1 ? "true" : "false");
	}
	if (b < 0)
		return fail(r, n, "'%s' must be true, false or null", key);
	*out = b == 1;
	return 0;
}

/* A schema word in another spelling: `s` in ASCII lower case, with '_'
 * for '-' when `dashes` ("BF16", "causal_lm", "NF4-DQ"); false when that
 * is `s` itself or too long. */
static bool fold_word(const char *s, char *out, size_t size, bool dashes)
{
	size_t i, len = strlen(s);

	if (len == 0 || len >= size)
		return false;
	for (i = 0; i <= len; i++) {
		char ch = s[i];
		out[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : dashes && ch == '_' ? '-' : ch;
	}
	return strcmp(out, s) != 0;
}

/* "None" or "NONE": Python's null as str() writes it (a generator's
 * f-string), as much as the word none in other case; read as the word, an
 * optimizer none would count no optimizer states where null is read as
 * adamw (Qwen2.5 3B full, ZeRO-2 on two A100s: 23.9 GiB for 44.0). In
 * doubt: not folded. */
static bool folds_to_none(const char *s)
{
	return strcasecmp(s, "none") == 0 && strcmp(s, "none") != 0;
}

/* Parse an enumerated value with one of the vp_*_parse functions; a word
 * it knows in other case or with '_' for '-' ("BF16", "causal_lm") is read
 * as that word and noted (the schema's words are lower case with dashes,
 * and none differs from another only so), but for "None" (folds_to_none);
 * a word it does not know makes the case unexpressible (above), not the
 * file wrong. */
#define GET_ENUM(parse, node, key, dest)                                                   \
	do {                                                                               \
		struct vp_error e_, e2_;                                                   \
		char f_[64];                                                               \
		const char *s_ = scalar(node);                                             \
		if (s_ == NULL)                                                            \
			return vp_error_at(r->err, VP_ERR_INPUT, r->file,                 \
					   (node)->start_mark.line + 1,                    \
					   (node)->start_mark.column + 1,                  \
					   "'%s': expected a string", key);            \
		if (parse(s_, (dest), &e_) == 0)                                           \
			break;                                                             \
		if (folds_to_none(s_))                                                     \
			unexpressible(c, (node),                                           \
				      "'%s': '%s' is Python's null as much as the word none "   \
				      "(write null or none)",                              \
				      key, s_);                                            \
		else if ((fold_word(s_, f_, sizeof f_, false) && parse(f_, (dest), &e2_) == 0) || \
			 (fold_word(s_, f_, sizeof f_, true) && parse(f_, (dest), &e2_) == 0))   \
			respelled(r, key, s_, f_);                                         \
		else                                                                       \
			unexpressible(c, (node), "'%s': %s", key, e_.message);        \
	} while (0)

/* One module name of get_names, `len` bytes at `s`, added once. */
static int add_name(const struct reader *r, const yaml_node_t *n, const char *key, const char *s, size_t len,
		    char (*out)[32], size_t *count, bool *all_linear)
{
	size_t i;

	if (len == 0)
		return fail(r, n, "'%s' entries must be module names of 1 to 31 characters", key);
	/* A name longer than the estimator keeps (a layer's whole path,
	 * "model.layers.10.self_attn.q_proj"), or more distinct names than
	 * it keeps: a setup it cannot express, so the case is unsupported
	 * with the reason, the rest of the file scored (the ground truth's
	 * README); until 2026-12-01 either stopped the whole file. */
	if (len >= 32) {
		char shown[49];
		size_t k = len < sizeof shown - 1 ? len : sizeof shown - 1;
		memcpy(shown, s, k);
		shown[k] = '\0';
		vp_utf8_trim_cut(shown); /* cut inside a character */
		unexpressible(r->c, n, "'%s': module name '%s' is longer than the 31 characters vramplan keeps", key,
			      shown);
		return 0;
	}
	if (all_linear != NULL && len == strlen("all-linear") && memcmp(s, "all-linear", len) == 0) {
		*all_linear = true;
		return 0;
	}
	for (i = 0; i < *count; i++)
		if (strlen(out[i]) == len && memcmp(out[i], s, len) == 0)
			return 0;
	if (*count >= VP_MAX_TARGETS) {
		unexpressible(r->c, n, "'%s' names more than the %d modules vramplan keeps", key, VP_MAX_TARGETS);
		return 0;
	}
	memcpy(out[*count], s, len);
	out[*count][len] = '\0';
	(*count)++;
	return 0;
}

/* Module names: a list, or one string of them separated by commas (as the
 * CLI's training-config reader takes lora_target_modules, tc_values.c
 * vp_tc_get_targets); "all-linear" alone or as an entry, where all_linear
 * is not NULL. */
static int get_names(const struct reader *r, const yaml_node_t *n, const char *key,
		     char (*out)[32], size_t *count, bool *all_linear)
{
	yaml_node_item_t *it;

	*count = 0;
	if (is_null(n))
		return 0;
	if (n->type == YAML_SCALAR_NODE) {
		const char *p = scalar(n);
		for (;;) {
			const char *comma = strchr(p, ',');
			size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
			while (len > 0 && (*p == ' ' || *p == '\t')) {
				p++;
				len--;
			}
			while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
				len--;
			if (add_name(r, n, key, p, len, out, count, all_linear))
				return -1;
			if (comma == NULL)
				return 0;
			p = comma + 1;
		}
	}
	if (n->type != YAML_SEQUENCE_NODE)
		return fail(r, n, "'%s' must be a list of module names, %sor null", key,
			    all_linear != NULL ? "\"all-linear\" " : "");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *item = yaml_document_get_node(r->doc, *it);
		const char *s = scalar(item);
		if (s == NULL)
			return fail(r, item, "'%s' entries must be module names of 1 to 31 characters", key);
		if (add_name(r, item, key, s, strlen(s), out, count, all_linear))
			return -1;
	}
	return 0;
}

static int parse_metric(const struct reader *r, const yaml_node_t *n, struct vp_case *c)
{
	const char *s = scalar(n);
	enum vp_metric *out = &c->metric;
	char folded[40];

	/* in other case ("MAX_ALLOCATED"): the word, noted */
	if (s != NULL && fold_word(s, folded, sizeof folded, false) &&
	    (!strcmp(folded, "max_allocated") || !strcmp(folded, "peak_active") || !strcmp(folded, "max_reserved") ||
	     !strcmp(folded, "nvml_used") || !strcmp(folded, "max_context_fit"))) {
		respelled(r, "metric", s, folded);
		s = folded;
	}

	if (is_null(n))
		*out = VP_METRIC_NONE;
	else if (s != NULL && (strcmp(s, "max_allocated") == 0 || strcmp(s, "peak_active") == 0))
		*out = VP_METRIC_ALLOCATED;
	else if (s != NULL && strcmp(s, "max_reserved") == 0)
		*out = VP_METRIC_RESERVED;
	else if (s != NULL && strcmp(s, "nvml_used") == 0)
		*out = VP_METRIC_DEVICE;
	else if (s != NULL && strcmp(s, "max_context_fit") == 0)
		*out = VP_METRIC_CONTEXT_FIT;
	else if (s == NULL)
		return fail(r, n, "'metric' must be max_allocated, peak_active, max_reserved, nvml_used, "
				  "max_context_fit or null");
	else
		unexpressible(c, n, "'metric': unknown metric '%s' (expected one of: max_allocated, peak_active, "
				  "max_reserved, nvml_used, max_context_fit)", s);
	return 0;
}

/* Resolve `rel` against the directory of the cases file. */
static int resolve(const struct reader *r, const yaml_node_t *n, const char *rel, char *out, size_t size)
{
	const char *slash = strrchr(r->file, '/');
	int len;

	if (rel[0] == '/' || slash == NULL)
		len = snprintf(out, size, "%s", rel);
	else
		len = snprintf(out, size, "%.*s/%s", (int)(slash - r->file), r->file, rel);
	if (len < 0 || (size_t)len >= size)
		return fail(r, n, "'config' path is too long");
	return 0;
}

/* Remember the first non-null value among keys that depend on another,
 * for the error that names it. */
static void first_key(const yaml_node_t *v, const char *key, const yaml_node_t **at, const char **name)
{
	if (is_null(v) || *at != NULL)
		return;
	*at = v;
	if (name != NULL)
		*name = key;
}

/* A case's keys with YAML merge keys expanded. */
#define MAX_CASE_KEYS 128
#define MAX_MERGED 64
struct key_value {
	yaml_node_t *key, *value;
};

static bool is_merge_key(const yaml_node_t *n)
{
	const char *s = scalar(n);

	return s != NULL && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && strcmp(s, "<<") == 0;
}

static bool has_key(const struct key_value *kv, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(scalar(kv[i].key), k) == 0)
			return true;
	return false;
}

/*
 * The pairs of mapping `map` into kv, as yaml.safe_load builds the dict
 * (PyYAML constructor.py flatten_mapping, yaml.org/type/merge.html): the
 * mapping's own keys, then those of the mapping `<<` names, or of each
 * mapping of the list it names, first first, each key only where no earlier
 * one gave it. libyaml leaves `<<` as an ordinary key, so without this a
 * case written `<<: *base` would lose every key of its base. `visits`
 * bounds the mappings reached (aliases can form a cycle).
 */
static int flatten(const struct reader *r, const yaml_node_t *map, struct key_value *kv, size_t *n, int *visits)
{
	yaml_node_pair_t *p, *q;

	if (map->type != YAML_MAPPING_NODE)
		return fail(r, map, *visits == 0 ? "a case must be a mapping"
						 : "a merge key ('<<') must name a mapping or a list of mappings");
	if (++*visits > MAX_MERGED)
		return fail(r, map, "merge keys ('<<') reach more than %d mappings", MAX_MERGED);
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *kn = yaml_document_get_node(r->doc, p->key);
		const char *k = scalar(kn);

		if (k == NULL)
			return fail(r, kn, "case keys must be strings");
		/* A key given twice in one mapping: the last copy, as
		 * yaml.safe_load's dict keeps it (and `vramplan check` reads a
		 * training config), named in the case's note; until 2026-12-01
		 * it stopped the whole file. */
		{
			yaml_node_pair_t *later = NULL;
			/* a merge key may repeat: PyYAML merges each (below) */
			for (q = p + 1; q < map->data.mapping.pairs.top && later == NULL && !is_merge_key(kn); q++) {
				const char *k2 = scalar(yaml_document_get_node(r->doc, q->key));
				if (k2 != NULL && strcmp(k, k2) == 0)
					later = q;
			}
			if (later != NULL) {
				if (r->c != NULL && r->c->twice[0] == '\0') {
					const yaml_node_t *kl = yaml_document_get_node(r->doc, later->key);
					char name[41];
					vp_utf8_copy(name, sizeof name, k); /* cut at a character */
					snprintf(r->c->twice, sizeof r->c->twice,
						 "key '%s' given twice (lines %lu and %lu), the last read", name,
						 (unsigned long)kn->start_mark.line + 1,
						 (unsigned long)kl->start_mark.line + 1);
					vp_utf8_trim_cut(r->c->twice);
					vp_text_one_line(r->c->twice);
				}
				continue;
			}
		}
		if (is_merge_key(kn) || has_key(kv, *n, k))
			continue;
		if (*n >= MAX_CASE_KEYS)
			return fail(r, kn, "a case has more than %d keys", MAX_CASE_KEYS);
		kv[*n].key = kn;
		kv[(*n)++].value = yaml_document_get_node(r->doc, p->value);
	}
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *v = yaml_document_get_node(r->doc, p->value);
		yaml_node_item_t *it;

		if (!is_merge_key(yaml_document_get_node(r->doc, p->key)))
			continue;
		if (v->type != YAML_SEQUENCE_NODE) {
			if (flatten(r, v, kv, n, visits))
				return -1;
			continue;
		}
		for (it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++)
			if (flatten(r, yaml_document_get_node(r->doc, *it), kv, n, visits))
				return -1;
	}
	return 0;
}

/* A key outside the schema: counted, and the first few names kept (with
 * where each first appeared) for the note that a misspelt key is not read. */
static void note_ignored(struct vp_case_list *list, const yaml_node_t *kn)
{
	char name[sizeof list->ignored_names[0]];
	size_t i;

	/* as the note prints it: cut at a character, never inside one, and
	 * one line (a newline or escape in a quoted key shown as '?'); the
	 * same name, so cut, is listed once */
	vp_utf8_copy(name, sizeof name, scalar(kn));
	vp_text_one_line(name);
	list->ignored_keys++;
	for (i = 0; i < list->n_ignored_names; i++)
		if (strcmp(list->ignored_names[i], name) == 0)
			return;
	if (list->n_ignored_names < VP_CASES_IGNORED_NAMES) {
		memcpy(list->ignored_names[list->n_ignored_names], name, sizeof name);
		list->ignored_lines[list->n_ignored_names++] = kn->start_mark.line + 1;
	} else {
		list->more_ignored_names = true;
	}
}

static int read_case(const struct reader *r, const yaml_node_t *map, struct vp_case *c,
		     struct vp_case_list *list)
{
	struct key_value kv[MAX_CASE_KEYS];
	size_t n_kv = 0, j;
	int visits = 0;
	static const char *const info_keys[] = {"source", "notes", "framework", "lora_alpha", NULL};
	bool seen_id = false, seen_config = false, seen_measured = false;
	uint64_t batch = 0;
	/* where the evaluation's extension keys were, for their errors */
	const yaml_node_t *eval_key_at = NULL, *generate_at = NULL, *eval_loss_at = NULL, *gen_opt_at = NULL;
	const char *eval_key = NULL, *gen_opt = NULL;
	const yaml_node_t *dora_at = NULL; /* use_dora's value, for its error */
	const yaml_node_t *quant_at = NULL; /* a stated quant's value, for its reason */

	memset(c, 0, sizeof *c);
	vp_train_defaults(&c->train);
	c->train.tgt_len = 0;
	c->train.optimizer = VP_OPT_NONE;
	c->line = map->start_mark.line + 1;
	c->column = map->start_mark.column + 1;
	c->metric = VP_METRIC_NONE;
	/* until a value says otherwise (cases.h) */
	c->head_unstated = c->precision_unstated = c->method_unstated = c->attn_unstated = c->loss_unstated = true;
	c->optimizer_unstated = true;
	c->lora_r_unstated = c->seq_unstated = true;
	if (flatten(r, map, kv, &n_kv, &visits))
		return -1;

	for (j = 0; j < n_kv; j++) {
		yaml_node_t *v = kv[j].value;
		const char *k = scalar(kv[j].key);
		size_t i;

		if (strcmp(k, "id") == 0) {
			/* null: as absent (below) */
			if (is_null(v))
				continue;
			if (get_label(r, v, k, c->id, sizeof c->id))
				return -1;
			/* the report's row is one line (a quoted id's newline or
			 * escape shown as '?') */
			vp_text_one_line(c->id);
			seen_id = true;
		} else if (strcmp(k, "quality") == 0) {
			static const char *const grades[] = {"A", "B", "C", "SUSPECT"};
			/* null: no grade, as absent (not the word "null") */
			if (!is_null(v) && get_label(r, v, k, c->quality, sizeof c->quality))
				return -1;
			vp_text_one_line(c->quality);
			/* a grade in lower case ("a", "suspect"): the grade, as
			 * the summary counts it (A and B only), noted */
			for (i = 0; i < sizeof grades / sizeof grades[0]; i++)
				if (strcasecmp(c->quality, grades[i]) == 0 && strcmp(c->quality, grades[i]) != 0) {
					respelled(r, k, c->quality, grades[i]);
					snprintf(c->quality, sizeof c->quality, "%s", grades[i]);
				}
		} else if (strcmp(k, "config") == 0) {
			char rel[1024];
			seen_config = true;
			if (is_null(v))
				c->config_unstated = true;
			else if (get_string(r, v, k, rel, sizeof rel) ||
				 resolve(r, v, rel, c->config_path, sizeof c->config_path))
				return -1;
		} else if (strcmp(k, "head") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_head_parse, v, k, &c->train.head);
				c->head_unstated = false;
			}
		} else if (strcmp(k, "num_labels") == 0) {
			if (get_count(r, v, k, 2, &c->train.num_labels))
				return -1;
		} else if (strcmp(k, "batch") == 0) {
			if (get_count(r, v, k, 0, &batch))
				return -1;
		} else if (strcmp(k, "grad_accum") == 0) {
			if (get_count(r, v, k, 1, &c->train.grad_accum))
				return -1;
		} else if (strcmp(k, "seq_len") == 0) {
			if (get_count(r, v, k, 0, &c->train.seq_len))
				return -1;
			c->seq_unstated = c->train.seq_len == 0;
		} else if (strcmp(k, "tgt_len") == 0) {
			if (get_count(r, v, k, 0, &c->train.tgt_len))
				return -1;
		} else if (strcmp(k, "packed") == 0) {
			if (get_bool(r, v, k, &c->train.packed))
				return -1;
		} else if (strcmp(k, "precision") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_precision_parse, v, k, &c->train.precision);
				c->precision_unstated = false;
			}
		} else if (strcmp(k, "optimizer") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_optimizer_parse, v, k, &c->train.optimizer);
				c->optimizer_unstated = false;
			}
		} else if (strcmp(k, "optimizer_in_backward") == 0) {
			if (get_bool(r, v, k, &c->train.optimizer_in_backward))
				return -1;
		} else if (strcmp(k, "method") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_method_parse, v, k, &c->train.method);
				c->method_unstated = false;
			}
		} else if (strcmp(k, "lora_r") == 0) {
			if (get_count(r, v, k, 0, &c->train.lora_r))
				return -1;
			c->lora_r_unstated = c->train.lora_r == 0;
		} else if (strcmp(k, "lora_dropout") == 0) {
			/* not in the shared schema: an extension for cases that
			 * state it; null or absent keeps the default */
			if (get_probability(r, v, k, &c->train.lora_dropout))
				return -1;
		} else if (strcmp(k, "expandable_segments") == 0) {
			/* not in the shared schema: the run set
			 * PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True */
			if (!is_null(v) && get_bool(r, v, k, &c->train.expandable_segments))
				return -1;
		} else if (strcmp(k, "padding_mask") == 0) {
			/* not in the shared schema: true when the batches were
			 * padded and transformers built an attention mask; the
			 * schema cannot say it (its framework key is information
			 * only), so a case without it is read unmasked and its
			 * report gives the difference */
			if (!is_null(v) && get_bool(r, v, k, &c->train.padding_mask))
				return -1;
		} else if (strcmp(k, "use_cache") == 0) {
			/* not in the shared schema: false when the run set
			 * model.config.use_cache = False (a forward the run
			 * calls itself then builds no KV cache; under Trainer
			 * none is built either way) */
			bool use = true;
			if (!is_null(v) && get_bool(r, v, k, &use))
				return -1;
			c->train.no_cache = !use;
		} else if (strcmp(k, "autocast") == 0) {
			/* not in the shared schema: false when a bf16/fp16 run
			 * had no torch.autocast around its step (HF Trainer with
			 * its bf16/fp16 flags off over 16-bit weights), true when
			 * it had (the flag on over a bf16 base, as PEFT recipes
			 * do); amp-* precisions are autocast by definition, fp32
			 * has none, and unsaid the loss assumes it while the
			 * fp32 pointwise chains wait for it to be stated */
			bool on = true;
			if (!is_null(v) && get_bool(r, v, k, &on))
				return -1;
			c->train.no_autocast = !on;
			c->train.autocast_stated = on && !is_null(v);
		} else if (strcmp(k, "lora_dtype") == 0) {
			/* not in the shared schema: the dtype the LoRA weights were
			 * kept in, "fp32" (PEFT >= 0.12 over a 16-bit base) or the
			 * base's "bf16"/"fp16" (torchtune, litgpt); absent, fp32 */
			static const char *const dtypes[] = {"fp32", "bf16", "fp16", NULL};
			int w;
			if (get_word(r, v, k, dtypes, &w))
				return -1;
			if (w >= 0) {
				c->train.lora_16bit_adapters = w > 0;
				c->lora_dtype_stated = true;
			}
		} else if (strcmp(k, "pytorch") == 0) {
			/* not in the shared schema: the PyTorch version of a case
			 * that states it, "2.11.0+cu130" or 2.11; absent or null,
			 * the oldest the other keys allow (below) */
			if (!is_null(v)) {
				if (vp_pytorch_parse(scalar(v), &c->train.pytorch, NULL) != 0)
					return fail(r, v, "'pytorch' must be a version such as 2.11 or \"1.13.1\", or null");
				c->pytorch_stated = true;
			}
		} else if (strcmp(k, "lora_targets") == 0) {
			if (get_names(r, v, k, c->train.lora_targets, &c->train.n_lora_targets, &c->train.lora_all_linear))
				return -1;
		} else if (strcmp(k, "modules_to_save") == 0) {
			if (get_names(r, v, k, c->train.modules_to_save, &c->train.n_modules_to_save, NULL))
				return -1;
		} else if (strcmp(k, "quant") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_quant_parse, v, k, &c->train.quant);
				quant_at = v;
			}
		} else if (strcmp(k, "grad_ckpt") == 0) {
			if (get_bool(r, v, k, &c->train.grad_ckpt))
				return -1;
		} else if (strcmp(k, "activation_offload") == 0) {
			if (get_bool(r, v, k, &c->train.activation_offload))
				return -1;
		} else if (strcmp(k, "attn") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_attn_parse, v, k, &c->train.attn);
				c->attn_unstated = false;
			}
		} else if (strcmp(k, "loss") == 0) {
			if (!is_null(v)) {
				GET_ENUM(vp_loss_parse, v, k, &c->train.loss);
				c->loss_unstated = false;
			}
		} else if (strcmp(k, "compile") == 0) {
			if (get_bool(r, v, k, &c->train.compile))
				return -1;
		} else if (strcmp(k, "compile_scope") == 0) {
			/* not in the shared schema: what torch.compile covered,
			 * "model" (the whole model with its loss: HF Trainer's
			 * torch_compile) or "layers" (each block, the loss apart:
			 * torchtune); absent or null, "layers" (below) */
			static const char *const scopes[] = {"model", "layers", NULL};
			int w;
			if (get_word(r, v, k, scopes, &w))
				return -1;
			if (w >= 0) {
				c->train.compile_layers_only = w == 1;
				c->compile_scope_stated = true;
			}
		} else if (strcmp(k, "bitsandbytes") == 0) {
			/* not in the shared schema: the bitsandbytes version of a
			 * case that states it, "0.42.0"; absent or null, one
			 * before 0.43.2, whose 4-bit layers keep their inputs
			 * (the safe side) */
			if (!is_null(v)) {
				if (vp_bnb_parse(scalar(v), &c->train.bnb, NULL) != 0)
					return fail(r, v, "'bitsandbytes' must be a version such as \"0.42.0\", or null");
				c->bnb_stated = true;
			}
		} else if (strcmp(k, "label_smoothing_factor") == 0) {
			/* not in the shared schema: the HF Trainer's
			 * label_smoothing_factor, whose LabelSmoother computes
			 * the loss from the returned logits; absent or null,
			 * 0 (the model's own loss) */
			if (get_probability(r, v, k, &c->train.label_smoothing))
				return -1;
		} else if (strcmp(k, "use_dora") == 0) {
			/* not in the shared schema: PEFT's
			 * LoraConfig(use_dora=True), true on a LoRA or Q-LoRA
			 * case (docs/memory-model.md "DoRA"); absent or null,
			 * false (plain LoRA) */
			dora_at = v;
			if (get_bool(r, v, k, &c->train.dora))
				return -1;
		} else if (strcmp(k, "last_step_graph") == 0) {
			/* not in the shared schema: whether the training loop
			 * still names the last step's loss or outputs while the
			 * next forward runs, "kept" (litgpt, PEFT's example
			 * scripts, most plain loops) or "freed" (HF Trainer);
			 * absent or null, "kept" (the safe side) */
			static const char *const graphs[] = {"kept", "freed", NULL};
			int w;
			if (get_word(r, v, k, graphs, &w))
				return -1;
			if (w >= 0) {
				c->train.graph_freed_between_steps = w == 1;
				c->graph_stated = true;
			}
		} else if (strcmp(k, "eval_batch") == 0) {
			/* extension keys for an evaluation's peak (cases.h) */
			if (get_uint(r, v, k, 0, &c->eval_batch))
				return -1;
		} else if (strcmp(k, "eval_steps") == 0) {
			first_key(v, k, &eval_key_at, &eval_key);
			if (get_uint(r, v, k, 0, &c->eval_steps))
				return -1;
		} else if (strcmp(k, "eval_accumulation_steps") == 0) {
			first_key(v, k, &eval_key_at, &eval_key);
			if (get_uint(r, v, k, 0, &c->eval.accumulation_steps))
				return -1;
		} else if (strcmp(k, "generate") == 0) {
			first_key(v, k, &eval_key_at, &eval_key);
			if (get_bool(r, v, k, &c->eval.generate))
				return -1;
			generate_at = v;
		} else if (strcmp(k, "num_beams") == 0) {
			first_key(v, k, &gen_opt_at, &gen_opt);
			first_key(v, k, &eval_key_at, &eval_key);
			if (get_uint(r, v, k, 1, &c->eval.num_beams))
				return -1;
			if (c->eval.num_beams == 0)
				return fail(r, v, "'num_beams' must be at least 1, or null");
		} else if (strcmp(k, "max_new_tokens") == 0) {
			first_key(v, k, &gen_opt_at, &gen_opt);
			first_key(v, k, &eval_key_at, &eval_key);
			if (get_uint(r, v, k, 0, &c->eval.max_new_tokens))
				return -1;
		} else if (strcmp(k, "eval_loss") == 0) {
			bool loss = true;
			if (!is_null(v) && get_bool(r, v, k, &loss))
				return -1;
			c->eval.generate_only = !loss;
			first_key(v, k, &eval_loss_at, NULL);
			first_key(v, k, &eval_key_at, &eval_key);
		} else if (strcmp(k, "gpu") == 0) {
			if (!is_null(v) && get_label(r, v, k, c->gpu, sizeof c->gpu))
				return -1;
			vp_text_one_line(c->gpu);
		} else if (strcmp(k, "gpus") == 0) {
			if (get_count(r, v, k, 1, &c->train.gpus))
				return -1;
		} else if (strcmp(k, "zero") == 0) {
			const char *s = scalar(v);
			uint64_t stage;
			if (s != NULL && strcasecmp(s, "fsdp") == 0) {
				if (strcmp(s, "fsdp") != 0)
					respelled(r, k, s, "fsdp");
				c->train.fsdp = true;
			} else {
				struct vp_error e;
				char whole[32];
				if (misread_number(r, v, k))
					return -1;
				/* a quoted stage ("3", as a generator that quotes
				 * every value writes it), or one written as a float
				 * (2.0, as get_integer reads a count so): the stage,
				 * noted. Until 2026-12-01 2.0 was an unknown stage,
				 * the case unsupported. */
				if (s != NULL && quoted_decimal(v))
					s = number_text(r, v, k);
				if (s != NULL && !is_null(v) &&
				    (v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE || quoted_decimal(v)))
					s = whole_number(r, k, s, whole, sizeof whole);
				/* 0: DeepSpeed's stage 0, ZeRO off (zero_optimization.stage
				 * 0 in DeepSpeed's config), read as null; the ground truth
				 * README's schema lists 1/2/3, "fsdp" or null, and the
				 * messages name what is read */
				if (!is_null(v) && s == NULL)
					return fail(r, v, "'zero' must be 0, 1, 2, 3, \"fsdp\" or null");
				if (!is_null(v) && ((v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE && !quoted_decimal(v)) ||
						    vp_parse_u64(s, k, 0, 3, &stage, &e) != 0))
					unexpressible(c, v, "'zero': unknown stage '%s' (expected 0, 1, 2, 3 or \"fsdp\")",
						      scalar(v));
				else
					c->train.zero_stage = is_null(v) ? 0 : (int)stage;
			}
		} else if (strcmp(k, "metric") == 0) {
			if (parse_metric(r, v, c))
				return -1;
		} else if (strcmp(k, "measured_gib") == 0) {
			const char *s;
			struct vp_error e;
			seen_measured = true;
			if (misread_number(r, v, k))
				return -1;
			if (is_null(v))
				c->measured_unstated = true;
			else if ((s = number_text(r, v, k)) == NULL ||
				 vp_parse_double(s, k, 0.0, 1e9, &c->measured_gib, &e) != 0 || c->measured_gib < 1e-3)
				/* no training step is under 1 MiB; below it the error
				 * percentage runs to hundreds of digits, or inf */
				return fail(r, v, "'measured_gib' must be a number of GiB, at least 0.001, or null");
		} else {
			bool info = false;
			for (i = 0; info_keys[i] != NULL; i++)
				if (strcmp(k, info_keys[i]) == 0)
					info = true;
			if (!info)
				note_ignored(list, kv[j].key);
		}
	}
	/* A key left out is read as null, as the other keys are: a case
	 * without config is unsupported ("no config stated (null or
	 * absent)", as README.md and vramplan-accuracy(1) say), one without
	 * measured_gib estimated and not scored, one without id named by its
	 * line (no-id-line-N, one word as the row's other columns). Until
	 * 2026-12-01 each stopped the whole file. */
	if (!seen_id)
		snprintf(c->id, sizeof c->id, "no-id-line-%lu", c->line);
	if (!seen_config)
		c->config_unstated = true;
	if (!seen_measured)
		c->measured_unstated = true;
	if (eval_key_at != NULL && c->eval_batch == 0)
		return fail(r, eval_key_at, "'%s' describes an evaluation: the case needs 'eval_batch'", eval_key);
	if (c->eval.generate && c->eval.max_new_tokens == 0)
		return fail(r, generate_at, "'generate: true' needs 'max_new_tokens' (at least 1)");
	if (!c->eval.generate && gen_opt_at != NULL)
		return fail(r, gen_opt_at, "'%s' applies to generation: the case needs 'generate: true'", gen_opt);
	if (c->eval.generate_only && !c->eval.generate)
		return fail(r, eval_loss_at, "'eval_loss: false' (no loss forward) needs 'generate: true'");
	if (c->eval.num_beams == 0)
		c->eval.num_beams = 1;
	/* null or absent: the defaults of vp_case (cases.h) */
	if (c->attn_unstated)
		c->train.attn = VP_ATTN_SDPA;
	if (c->loss_unstated)
		c->train.loss = VP_LOSS_STANDARD;
	c->has_step = batch > 0;
	/* a case that trains (its method says so) without a batch: the
	 * step's size is not stated, so the case cannot be estimated; read
	 * as the load-only point below, it would be scored as weights alone */
	c->batch_unstated = !c->has_step && c->eval_batch == 0 && !c->method_unstated &&
			    c->train.method != VP_METHOD_FROZEN;
	c->train.batch = batch > 0 ? batch : 1;
	if (c->train.grad_accum == 0)
		c->train.grad_accum = 1;
	if (c->train.gpus == 0)
		c->train.gpus = 1;
	if (c->train.seq_len == 0)
		c->train.seq_len = 1;
	/* PEFT's LoraConfig(r=8) when a LoRA case names no rank */
	if (c->train.lora_r == 0)
		c->train.lora_r = 8;
	if (c->train.method != VP_METHOD_LORA && c->train.method != VP_METHOD_QLORA)
		c->lora_r_unstated = false;
	/* a seq2seq case without a target length: the source's (an explicit
	 * head here; a null one once the config's is known, accuracy.c) */
	c->tgt_unstated = c->train.tgt_len == 0;
	if (c->train.head == VP_HEAD_SEQ2SEQ_LM && c->train.tgt_len == 0)
		c->train.tgt_len = c->train.seq_len;
	if (!c->has_step && !c->batch_unstated)
		c->train.method = VP_METHOD_FROZEN;
	/* A frozen case's forward is the run's own call of the model (no
	 * trainer steps anything), which builds the KV cache config.json's
	 * use_cache asks for; HF Trainer, and the trainers built on it, set
	 * model.config.use_cache = args.use_cache, False in transformers 5
	 * (vp_train's direct_forward; the CLI's rule, resolve.c). Until
	 * 2026-11-30 this was read from framework: other, which the shared
	 * schema makes information only; every case of the three sets that
	 * said other and is frozen is one of these, and no row moved. */
	c->train.direct_forward = c->train.method == VP_METHOD_FROZEN;
	/* a DoRA layer is a LoRA adapter's (PEFT's LoraConfig); without one
	 * nothing would be estimated for the key, so it is an error, not
	 * dropped as the CLI drops --dora with a warning */
	if (c->train.dora && c->train.method != VP_METHOD_LORA && c->train.method != VP_METHOD_QLORA)
		return fail(r, dora_at, "'use_dora: true' needs LoRA adapters: the case's method must be lora or qlora%s",
			    c->has_step ? "" : " (a case without 'batch' trains nothing)");
	/* A full fine-tune over a quantized base: its weights load quantized
	 * and cannot train (bitsandbytes' Params4bit and Int8Params, and
	 * GPTQ's packed qweight, are not float tensors that take a
	 * gradient; transformers' Trainer refuses "purely quantized models"
	 * without adapters), so the CLI refuses --quant with --method full
	 * (resolve.c). A case that states it is one the estimator cannot
	 * express: unsupported with the reason, the rest of the file scored
	 * (the ground truth's README), not an error of the file. Until
	 * 2026-11-30 it was estimated as a full fine-tune of quantized
	 * weights, which no run can be. */
	if (c->train.method == VP_METHOD_FULL && !c->method_unstated && quant_at != NULL &&
	    c->train.quant != VP_QUANT_NONE)
		unexpressible(c, quant_at,
			      "'quant: %s' with 'method: full': a quantized base is not trained (method lora, qlora or "
			      "frozen)",
			      vp_quant_name(c->train.quant));
	/* The schema's optimizer null is "none/unknown". A case that trains
	 * has one; unknown, it is read as torch.optim.AdamW, what the HF
	 * Trainer (adamw_torch), torchtune's recipes, litgpt and Qwen's
	 * finetune.py default to. Nothing trained: none. */
	if (!c->optimizer_unstated || c->train.method == VP_METHOD_FROZEN)
		c->optimizer_unstated = false;
	else
		c->train.optimizer = VP_OPT_ADAMW;
	/* QLoRA names a quantized base; with none stated, the QLoRA paper's
	 * (and bitsandbytes', PEFT's and the CLI's default) 4-bit NormalFloat */
	if (c->train.method == VP_METHOD_QLORA && c->train.quant == VP_QUANT_NONE) {
		c->train.quant = VP_QUANT_NF4;
		c->quant_inferred = true;
	}
	/* The schema names no PyTorch version, so a case is read as run on the
	 * oldest one its keys allow, the safe side (docs/memory-model.md
	 * "Which PyTorch"): expandable segments and the optimizer step in
	 * backward (register_post_accumulate_grad_hook) are new in 2.1; SDPA
	 * and FlashAttention-2 (F.scaled_dot_product_attention) in 2.0; eager
	 * attention may be older. */
	/* The schema's compile does not say what was compiled. Read as
	 * torchtune compiles (each block; the loss apart, on logits upcast
	 * eagerly), which keeps the loss's three fp32 T x V tensors: the safe
	 * side of HF's whole-model graph (docs/memory-model.md
	 * "torch.compile"). */
	if (c->train.compile && !c->compile_scope_stated)
		c->train.compile_layers_only = true;
	if (!c->pytorch_stated) {
		if (c->train.expandable_segments || c->train.optimizer_in_backward)
			c->train.pytorch = VP_PYTORCH_2_1;
		else if (c->train.attn == VP_ATTN_EAGER)
			c->train.pytorch = VP_PYTORCH_1;
		else
			c->train.pytorch = VP_PYTORCH_2_0;
	}
	return 0;
}

int vp_cases_load(struct vp_case_list *list, const char *path, struct vp_error *err)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root;
	yaml_node_item_t *it;
	struct reader r;
	char *text = NULL;
	size_t len = 0;
	int rc = -1;

	memset(list, 0, sizeof *list);
	if (vp_read_file(path, &text, &len, err) != 0)
		return -1;
	if (vp_yaml_check_depth(path, text, len, err) != 0) {
		free(text);
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		free(text);
		return vp_error_set(err, VP_ERR_IO, "out of memory");
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		unsigned long line = (unsigned long)parser.problem_mark.line + 1;
		unsigned long col = (unsigned long)parser.problem_mark.column + 1;

		vp_yaml_clamp_mark(text, len, &line, &col);
		vp_error_at(err, VP_ERR_INPUT, path, line, col,
			    "%s%s%s", parser.problem ? parser.problem : "invalid YAML",
			    parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		free(text);
		return -1;
	}
	r.doc = &doc;
	r.file = path;
	r.err = err;
	r.c = NULL;
	root = yaml_document_get_root_node(&doc);
	if (root == NULL) {
		vp_error_at(err, VP_ERR_INPUT, path, 1, 1, "empty cases file");
		goto out;
	}
	/* yaml_parser_load reads one document; the cases of a second would be
	 * dropped without a word (yaml.safe_load refuses the file: "expected a
	 * single document in the stream") */
	{
		yaml_document_t next;
		yaml_node_t *next_root;

		if (!yaml_parser_load(&parser, &next)) {
			unsigned long line, col;

			vp_yaml_error_position(&parser, text, len, &line, &col);
			vp_error_at(err, VP_ERR_INPUT, path, line, col, "%s",
				    parser.problem ? parser.problem : "invalid YAML");
			goto out;
		}
		next_root = yaml_document_get_root_node(&next);
		if (next_root != NULL) {
			vp_error_at(err, VP_ERR_INPUT, path, next.start_mark.line + 1, next.start_mark.column + 1,
				    "a second YAML document: a cases file is one list of cases");
			yaml_document_delete(&next);
			goto out;
		}
		yaml_document_delete(&next);
	}
	if (root->type != YAML_SEQUENCE_NODE) {
		fail(&r, root, "the cases file must be a list of cases");
		goto out;
	}
	{
		size_t n = (size_t)(root->data.sequence.items.top - root->data.sequence.items.start);
		list->cases = calloc(n > 0 ? n : 1, sizeof *list->cases);
		if (list->cases == NULL) {
			vp_error_set(err, VP_ERR_IO, "out of memory");
			goto out;
		}
	}
	for (it = root->data.sequence.items.start; it < root->data.sequence.items.top; it++) {
		yaml_node_t *n = yaml_document_get_node(&doc, *it);
		r.c = &list->cases[list->n];
		/* A second case of one id is read as the case it is (the
		 * caller names the repeated ids): yaml.safe_load keeps both, and
		 * until 2026-12-01 one repeated id stopped the whole file, no
		 * case scored, over a label that changes no estimate. */
		if (n == NULL || read_case(&r, n, &list->cases[list->n], list) != 0)
			goto out;
		list->n++;
	}
	rc = 0;
out:
	if (rc != 0)
		vp_cases_free(list);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	free(text);
	return rc;
}

void vp_cases_free(struct vp_case_list *list)
{
	free(list->cases);
	memset(list, 0, sizeof *list);
}

const char *vp_metric_name(enum vp_metric m)
{
	switch (m) {
	case VP_METRIC_NONE: return "null";
	case VP_METRIC_ALLOCATED: return "allocated";
	case VP_METRIC_RESERVED: return "reserved";
	case VP_METRIC_DEVICE: return "device";
	case VP_METRIC_CONTEXT_FIT: return "context_fit";
	}
	return "?";
}
