/*
 * The position-carrying tree of a training config (include/vramplan/tree.h).
 */
#include "vramplan/tree.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "vramplan/json_where.h"
#include "vramplan/utf8.h"
#include "vramplan/yaml_limits.h"

/* A config is a few hundred keys; these bounds stop a YAML alias bomb or a
 * pathological nesting from eating the stack or the heap. */
#define MAX_DEPTH 64
#define MAX_NODES 100000

void vp_tree_free(struct vp_tnode *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; t->items != NULL && i < t->n; i++)
		vp_tree_free(t->items[i]);
	for (i = 0; t->members != NULL && i < t->n; i++) {
		free(t->members[i].key);
		vp_tree_free(t->members[i].value);
	}
	free(t->items);
	free(t->members);
	free(t->text);
	free(t);
}

static char *dup_span(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (p != NULL) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

struct builder {
	const char *file;
	struct vp_error *err;
	size_t nodes;
	/* character offsets (libyaml's mark.index) of the scalars tagged !!str,
	 * ascending; see str_tagged_scan */
	size_t *str_tagged, n_str_tagged;
};

static int oom(const struct builder *b)
{
	return vp_error_at(b->err, VP_ERR_IO, b->file, 0, 0, "out of memory while reading the config");
}

static struct vp_tnode *new_node(struct builder *b, enum vp_tkind kind, unsigned long line, unsigned long column)
{
	struct vp_tnode *t;

	if (++b->nodes > MAX_NODES) {
		vp_error_at(b->err, VP_ERR_INPUT, b->file, line, column,
			    "the config has more than %d values (is an alias repeated?)", MAX_NODES);
		return NULL;
	}
	t = calloc(1, sizeof *t);
	if (t == NULL) {
		oom(b);
		return NULL;
	}
	t->kind = kind;
	t->line = line;
	t->column = column;
	return t;
}

/* Append a member. A key given twice keeps the last value at the first
 * one's index, as a Python dict built by PyYAML's construct_mapping or
 * json.load does, and remembers where the first copy was: axolotl, the HF
 * parsers and TRL load with those and keep the last, while OmegaConf
 * (LLaMA-Factory) and DeepSpeed refuse the file, so the reader decides
 * (vp_tree_refuse_duplicates). */
static int add_member(struct builder *b, struct vp_tnode *map, const char *key, size_t keylen,
		      unsigned long line, unsigned long column, struct vp_tnode *value)
{
	struct vp_tmember *grown;
	size_t i;

	for (i = 0; i < map->n; i++) {
		struct vp_tmember *m = &map->members[i];

		if (strlen(m->key) == keylen && memcmp(m->key, key, keylen) == 0) {
			if (m->first_line == 0) {
				m->first_line = m->line;
				m->first_column = m->column;
				m->again_line = line;
				m->again_column = column;
			}
			vp_tree_free(m->value);
			m->value = value;
			m->line = line;
			m->column = column;
			return 0;
		}
	}
	grown = realloc(map->members, (map->n + 1) * sizeof *grown);
	if (grown == NULL) {
		vp_tree_free(value);
		return oom(b);
	}
	map->members = grown;
	grown[map->n].key = dup_span(key, keylen);
	grown[map->n].line = line;
	grown[map->n].column = column;
	grown[map->n].first_line = 0;
	grown[map->n].first_column = 0;
	grown[map->n].again_line = 0;
	grown[map->n].again_column = 0;
	grown[map->n].value = value;
	map->n++;
	if (grown[map->n - 1].key == NULL)
		return oom(b);
	return 0;
}

/*
 * The duplicated member OmegaConf's loader raises on (omegaconf/_utils.py
 * get_yaml_loader: its construct_mapping checks a mapping's keys, in order,
 * before PyYAML's builds the values). PyYAML builds a nested mapping or
 * list later, from construct_document's queue of state generators, so the
 * mappings are checked level by level, each level in document order: the
 * first mapping so reached that holds a key twice, and there the key whose
 * second copy comes first. A first copy's value the tree dropped lies under
 * such a mapping, a level above it, so it is never reached.
 *
 * At `depth` levels below t (a list's items one below the list), the first
 * such mapping's member, else NULL; *deeper is set where a node lies below.
 */
static const struct vp_tmember *duplicate_at(const struct vp_tnode *t, unsigned depth, bool *deeper)
{
	const struct vp_tmember *best = NULL, *found;
	size_t i;

	if (t == NULL || (t->kind != VP_T_MAP && t->kind != VP_T_SEQ))
		return NULL;
	if (depth > 0) {
		for (i = 0; i < t->n; i++)
			if ((found = duplicate_at(t->kind == VP_T_MAP ? t->members[i].value : t->items[i], depth - 1,
						  deeper)) != NULL)
				return found;
		return NULL;
	}
	if (t->n > 0)
		*deeper = true;
	for (i = 0; t->kind == VP_T_MAP && i < t->n; i++) {
		const struct vp_tmember *m = &t->members[i];

		if (m->first_line != 0 &&
		    (best == NULL || m->again_line < best->again_line ||
		     (m->again_line == best->again_line && m->again_column < best->again_column)))
			best = m;
	}
	return best;
}

static const struct vp_tmember *first_duplicate(const struct vp_tnode *t)
{
	bool deeper = true;

	/* the tree's depth is bounded (MAX_DEPTH) */
	for (unsigned depth = 0; deeper; depth++) {
		const struct vp_tmember *m;

		deeper = false;
		if ((m = duplicate_at(t, depth, &deeper)) != NULL)
			return m;
	}
	return NULL;
}

int vp_tree_refuse_duplicates(const struct vp_tnode *t, const char *name, struct vp_error *err)
{
	const struct vp_tmember *m = first_duplicate(t);
	char key[65];

	if (m == NULL)
		return 0;
	/* cut at a character, not inside one: the message stays UTF-8 */
	vp_utf8_copy(key, sizeof key, m->key);
	return vp_error_at(err, VP_ERR_INPUT, name, m->again_line, m->again_column,
			   "duplicate key '%s' (first given at line %lu)", key, m->first_line);
}

static int add_item(struct builder *b, struct vp_tnode *seq, struct vp_tnode *item)
{
	struct vp_tnode **grown = realloc(seq->items, (seq->n + 1) * sizeof *grown);

	if (grown == NULL) {
		vp_tree_free(item);
		return oom(b);
	}
	seq->items = grown;
	grown[seq->n++] = item;
	return 0;
}

struct vp_tnode *vp_tree_new_map(void)
{
	struct vp_tnode *t = calloc(1, sizeof *t);

	if (t != NULL)
		t->kind = VP_T_MAP;
	return t;
}

int vp_tree_map_add(struct vp_tnode *map, const char *key, unsigned long line, unsigned long column,
		    struct vp_tnode *value)
{
	struct vp_tmember *grown = realloc(map->members, (map->n + 1) * sizeof *grown);

	if (grown == NULL) {
		vp_tree_free(value);
		return -1;
	}
	map->members = grown;
	grown[map->n].key = dup_span(key, strlen(key));
	if (grown[map->n].key == NULL) {
		vp_tree_free(value);
		return -1;
	}
	grown[map->n].line = line;
	grown[map->n].column = column;
	grown[map->n].first_line = 0;
	grown[map->n].first_column = 0;
	grown[map->n].again_line = 0;
	grown[map->n].again_column = 0;
	grown[map->n].value = value;
	map->n++;
	return 0;
}

void vp_tree_forget_positions(struct vp_tnode *t)
{
	size_t i;

	if (t == NULL)
		return;
	t->line = t->column = 0;
	for (i = 0; t->items != NULL && i < t->n; i++)
		vp_tree_forget_positions(t->items[i]);
	for (i = 0; t->members != NULL && i < t->n; i++) {
		t->members[i].line = t->members[i].column = 0;
		vp_tree_forget_positions(t->members[i].value);
	}
}

/* ------------------------------------------------------------------ YAML */

/* YAML 1.1 null as PyYAML's resolver reads it: "", ~, null, Null, NULL. */
static bool yaml_null(const yaml_node_t *n)
{
	const char *s = (const char *)n->data.scalar.value;

	if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	return s[0] == '\0' || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
	       strcmp(s, "NULL") == 0;
}

/*
 * Explicit tags, as yaml.safe_load reads them (PyYAML SafeConstructor): a
 * YAML 1.1 type tag decides the type whatever the quotes (`!!int "8"` is
 * 8, `!!float 8` is 8.0, `!!bool` takes yes/no/true/false/on/off in any
 * case); bytes and dates are no trainer value; any other tag has no
 * constructor and is refused. libyaml's loader gives an untagged scalar the
 * str tag too, so the scalars that carry it explicitly (`!!str 8` is the
 * string "8", `!!str` alone the empty string) are found by their position
 * in a scan of the parser's events (str_tagged_scan).
 */
enum { TAG_STR = 0, TAG_INT, TAG_FLOAT, TAG_BOOL, TAG_NULL };

static int scalar_tag(struct builder *b, const yaml_node_t *n, unsigned long line, unsigned long col)
{
	static const char *const words[] = {"yes", "no", "true", "false", "on", "off"};
	const char *tag = (const char *)n->tag, *ty;
	char low[8];
	size_t i, len = n->data.scalar.length;

	if (tag == NULL)
		return TAG_STR;
	if (strncmp(tag, "tag:yaml.org,2002:", 18) != 0) {
		vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col,
			    "the tag '%.40s', which yaml.safe_load refuses (it has no constructor for it)", tag);
		return -1;
	}
	ty = tag + 18;
	if (strcmp(ty, "str") == 0)
		return TAG_STR;
	if (strcmp(ty, "null") == 0)
		return TAG_NULL;
	if (strcmp(ty, "int") == 0)
		return TAG_INT;
	if (strcmp(ty, "float") == 0)
		return TAG_FLOAT;
	if (strcmp(ty, "bool") == 0) {
		for (i = 0; i < len && i + 1 < sizeof low; i++) {
			char ch = (char)n->data.scalar.value[i];
			low[i] = (char)(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
		}
		low[i] = '\0';
		for (i = 0; len < sizeof low && i < sizeof words / sizeof words[0]; i++)
			if (strcmp(low, words[i]) == 0)
				return TAG_BOOL;
		vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col,
			    "'!!bool %.40s' is not a boolean to yaml.safe_load (yes, no, true, false, on, off)",
			    (const char *)n->data.scalar.value);
		return -1;
	}
	if (strcmp(ty, "binary") == 0 || strcmp(ty, "timestamp") == 0) {
		vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col,
			    "the tag '!!%s' makes a %s, which no trainer setting takes", ty,
			    ty[0] == 'b' ? "bytes value" : "date");
		return -1;
	}
	vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col, "the tag '!!%.40s' on a scalar, which yaml.safe_load refuses",
		    ty);
	return -1;
}

/* The scalar's text as its tag reads it: an int's without the spaces
 * Python's int() strips, a float's with a fraction when it has none (8 is
 * 8.0, which no count takes); NULL when out of memory. */
static char *typed_text(const yaml_node_t *n, int typed)
{
	const char *v = (const char *)n->data.scalar.value;
	size_t len = n->data.scalar.length, i;
	char *t;

	if (typed == TAG_INT || typed == TAG_FLOAT) {
		while (len > 0 && (*v == ' ' || *v == '\t')) {
			v++;
			len--;
		}
		while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t'))
			len--;
	}
	if (typed == TAG_FLOAT) {
		bool whole = len > 0;

		for (i = 0; i < len; i++)
			if (!((v[i] >= '0' && v[i] <= '9') || v[i] == '_' || (i == 0 && (v[i] == '-' || v[i] == '+'))))
				whole = false;
		if (whole) {
			t = malloc(len + 3);
			if (t != NULL) {
				memcpy(t, v, len);
				memcpy(t + len, ".0", 3);
			}
			return t;
		}
	}
	return dup_span(v, len);
}

/* A list or mapping with its default tag, or none; any other tag (a set,
 * an omap, a local tag) is not what the trainers' loaders read as one. */
static bool collection_tag_ok(struct builder *b, const yaml_node_t *n, const char *standard, const char *what,
			      unsigned long line, unsigned long col)
{
	const char *tag = (const char *)n->tag;

	if (tag == NULL || strcmp(tag, standard) == 0)
		return true;
	vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col,
		    "the tag '%.40s' on %s, which a trainer's yaml.safe_load does not read as one", tag, what);
	return false;
}

/* Was the scalar at this mark tagged !!str in the text? */
static bool str_tagged(const struct builder *b, const yaml_node_t *n)
{
	size_t lo = 0, hi = b->n_str_tagged, at = n->start_mark.index;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b->str_tagged[mid] == at)
			return true;
		if (b->str_tagged[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static struct vp_tnode *from_yaml(struct builder *b, yaml_document_t *doc, const yaml_node_t *n, int depth)
{
	unsigned long line = (unsigned long)n->start_mark.line + 1, col = (unsigned long)n->start_mark.column + 1;
	struct vp_tnode *t;

	if (depth > MAX_DEPTH) {
		vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col, "the config nests deeper than %d levels",
			    MAX_DEPTH);
		return NULL;
	}
	switch (n->type) {
	case YAML_SCALAR_NODE: {
		int typed = scalar_tag(b, n, line, col);
		bool explicit_str;

		if (typed < 0)
			return NULL;
		if (typed == TAG_NULL)
			return new_node(b, VP_T_NULL, line, col);
		explicit_str = typed == TAG_STR && str_tagged(b, n);
		if (typed == TAG_STR && !explicit_str && yaml_null(n))
			return new_node(b, VP_T_NULL, line, col);
		t = new_node(b, VP_T_SCALAR, line, col);
		if (t == NULL)
			return NULL;
		/* a string whatever it looks like, as a quoted one */
		t->quoted = typed == TAG_STR && (explicit_str || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE);
		t->text = typed_text(n, typed);
		if (t->text == NULL) {
			vp_tree_free(t);
			oom(b);
			return NULL;
		}
		if (memchr(n->data.scalar.value, '\0', n->data.scalar.length) != NULL) {
			vp_tree_free(t);
			vp_error_at(b->err, VP_ERR_INPUT, b->file, line, col, "a value contains a NUL character");
			return NULL;
		}
		return t;
	}
	case YAML_SEQUENCE_NODE: {
		const yaml_node_item_t *it;

		if (!collection_tag_ok(b, n, "tag:yaml.org,2002:seq", "a list", line, col))
			return NULL;
		t = new_node(b, VP_T_SEQ, line, col);
		if (t == NULL)
			return NULL;
		for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			struct vp_tnode *c = from_yaml(b, doc, yaml_document_get_node(doc, *it), depth + 1);
			if (c == NULL || add_item(b, t, c) != 0) {
				vp_tree_free(t);
				return NULL;
			}
		}
		return t;
	}
	case YAML_MAPPING_NODE: {
		const yaml_node_pair_t *p;

		if (!collection_tag_ok(b, n, "tag:yaml.org,2002:map", "a mapping", line, col))
			return NULL;
		t = new_node(b, VP_T_MAP, line, col);
		if (t == NULL)
			return NULL;
		for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
			const yaml_node_t *k = yaml_document_get_node(doc, p->key);
			unsigned long kl = (unsigned long)k->start_mark.line + 1;
			unsigned long kc = (unsigned long)k->start_mark.column + 1;
			struct vp_tnode *v;

			if (k->type != YAML_SCALAR_NODE) {
				vp_error_at(b->err, VP_ERR_INPUT, b->file, kl, kc, "expected a plain key, found %s",
					    k->type == YAML_MAPPING_NODE ? "a mapping" : "a sequence");
				vp_tree_free(t);
				return NULL;
			}
			/* a key is a name: a tag makes it something else, or
			 * one yaml.safe_load refuses */
			{
				int kt = scalar_tag(b, k, kl, kc);

				if (kt != TAG_STR) {
					if (kt >= 0)
						vp_error_at(b->err, VP_ERR_INPUT, b->file, kl, kc,
							    "a key with a type tag: keys are names");
					vp_tree_free(t);
					return NULL;
				}
			}
			/* PyYAML expands merge keys, libyaml does not: rather
			 * than read half a config, refuse it. */
			if (k->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
			    strcmp((const char *)k->data.scalar.value, "<<") == 0) {
				vp_error_at(b->err, VP_ERR_INPUT, b->file, kl, kc,
					    "merge keys ('<<') are not supported (write the keys out)");
				vp_tree_free(t);
				return NULL;
			}
			v = from_yaml(b, doc, yaml_document_get_node(doc, p->value), depth + 1);
			if (v == NULL || add_member(b, t, (const char *)k->data.scalar.value, k->data.scalar.length,
						    kl, kc, v) != 0) {
				vp_tree_free(t);
				return NULL;
			}
		}
		return t;
	}
	case YAML_NO_NODE:
		break;
	}
	return new_node(b, VP_T_NULL, line, col);
}

/* libyaml's own words, positioned (as the catalogue loader reports them);
 * reader errors carry a byte offset only. */
static int yaml_syntax_error(const yaml_parser_t *p, const char *name, const char *text, size_t len,
			     struct vp_error *err)
{
	unsigned long line, col;

	if (p->error == YAML_MEMORY_ERROR)
		return vp_error_at(err, VP_ERR_IO, name, 0, 0, "out of memory while reading YAML");
	vp_yaml_error_position(p, text, len, &line, &col);
	if (p->error == YAML_READER_ERROR)
		return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid YAML: %s",
				   p->problem != NULL ? p->problem : "unreadable text");
	if (p->context != NULL)
		return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid YAML: %s (%s at line %lu, column %lu)",
				   p->problem != NULL ? p->problem : "syntax error", p->context,
				   (unsigned long)p->context_mark.line + 1, (unsigned long)p->context_mark.column + 1);
	return vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid YAML: %s",
			   p->problem != NULL ? p->problem : "syntax error");
}

/*
 * The positions of the scalars that carry the str tag in the text (`!!str`,
 * `!<tag:yaml.org,2002:str>`, or a %TAG handle that expands to it): the
 * parser's events still tell a tag written from none, which the loaded
 * document does not. `!` alone is not one: PyYAML resolves `! 8` by its
 * value (parser.py: tag '!' gives implicit (True, False)), as the loader's
 * default tag does here. A text without '!' has no tag and is not scanned.
 * Returns -1 out of memory; a syntax error is left to the loader.
 */
static int str_tagged_scan(struct builder *b, const char *text, size_t len)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	size_t cap = 0;
	int rc = 0, done = 0;

	if (memchr(text, '!', len) == NULL)
		return 0;
	if (!yaml_parser_initialize(&parser))
		return oom(b);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (!done && rc == 0) {
		if (!yaml_parser_parse(&parser, &ev))
			break;
		if (ev.type == YAML_STREAM_END_EVENT)
			done = 1;
		if (ev.type == YAML_SCALAR_EVENT && ev.data.scalar.tag != NULL &&
		    strcmp((const char *)ev.data.scalar.tag, "tag:yaml.org,2002:str") == 0) {
			if (b->n_str_tagged == cap) {
				size_t *grown = realloc(b->str_tagged, (cap ? 2 * cap : 16) * sizeof *grown);

				if (grown == NULL)
					rc = oom(b);
				else {
					b->str_tagged = grown;
					cap = cap ? 2 * cap : 16;
				}
			}
			if (rc == 0)
				b->str_tagged[b->n_str_tagged++] = ev.start_mark.index;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	return rc;
}

struct vp_tnode *vp_tree_parse_yaml(const char *name, const char *text, size_t len, struct vp_error *err)
{
	yaml_parser_t parser;
	yaml_document_t doc, next;
	struct builder b = {name, err, 0, NULL, 0};
	struct vp_tnode *t = NULL;
	const yaml_node_t *root;

	if (vp_yaml_check_depth(name, text, len, err) != 0)
		return NULL;
	if (str_tagged_scan(&b, text, len) != 0) {
		free(b.str_tagged);
		return NULL;
	}
	if (!yaml_parser_initialize(&parser)) {
		free(b.str_tagged);
		vp_error_at(err, VP_ERR_IO, name, 0, 0, "out of memory while reading YAML");
		return NULL;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		yaml_syntax_error(&parser, name, text, len, err);
		yaml_parser_delete(&parser);
		free(b.str_tagged);
		return NULL;
	}
	root = yaml_document_get_root_node(&doc);
	if (root == NULL) {
		vp_error_at(err, VP_ERR_INPUT, name, 0, 0, "empty training config (expected a mapping of trainer keys)");
	} else {
		t = from_yaml(&b, &doc, root, 0);
		/* A second document would be silently unread. */
		if (t != NULL) {
			if (!yaml_parser_load(&parser, &next)) {
				yaml_syntax_error(&parser, name, text, len, err);
				vp_tree_free(t);
				t = NULL;
			} else {
				const yaml_node_t *r2 = yaml_document_get_root_node(&next);
				if (r2 != NULL) {
					vp_error_at(err, VP_ERR_INPUT, name, (unsigned long)r2->start_mark.line + 1,
						    (unsigned long)r2->start_mark.column + 1,
						    "a second YAML document is not allowed (expected one config per file)");
					vp_tree_free(t);
					t = NULL;
				}
				yaml_document_delete(&next);
			}
		}
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	free(b.str_tagged);
	return t;
}

/* ------------------------------------------------------------------ JSON */

/*
 * cJSON keeps no positions, so a scanner walks the text beside the cJSON
 * tree: the text is already known to be valid JSON, and cJSON keeps object
 * members and array items in text order, so each token the scanner meets
 * is the next child of the cJSON node in hand.
 */
struct jscan {
	const char *text;
	size_t len, pos, bol;
	unsigned long line;
	struct builder *b;
};

static void js_advance(struct jscan *s)
{
	if (s->text[s->pos] == '\n') {
		s->line++;
		s->bol = s->pos + 1;
	}
	s->pos++;
}

/* cJSON's whitespace: every byte up to and including ' '. */
static void js_ws(struct jscan *s)
{
	while (s->pos < s->len && (unsigned char)s->text[s->pos] <= 32)
		js_advance(s);
}

static unsigned long js_col(const struct jscan *s)
{
	return (unsigned long)(s->pos - s->bol) + 1;
}

static void js_skip_string(struct jscan *s)
{
	if (s->pos < s->len)
		s->pos++; /* opening quote */
	while (s->pos < s->len && s->text[s->pos] != '"') {
		if (s->text[s->pos] == '\\' && s->pos + 1 < s->len)
			s->pos++;
		js_advance(s);
	}
	if (s->pos < s->len)
		s->pos++;
}

static struct vp_tnode *js_fail(struct jscan *s)
{
	vp_error_at(s->b->err, VP_ERR_INPUT, s->b->file, s->line, js_col(s), "invalid JSON");
	return NULL;
}

static bool js_expect(struct jscan *s, char c)
{
	js_ws(s);
	if (s->pos >= s->len || s->text[s->pos] != c)
		return false;
	s->pos++;
	return true;
}

static struct vp_tnode *from_json(struct jscan *s, const cJSON *item, int depth)
{
	unsigned long line, col;
	struct vp_tnode *t;
	const cJSON *c;

	js_ws(s);
	line = s->line;
	col = js_col(s);
	if (depth > MAX_DEPTH) {
		vp_error_at(s->b->err, VP_ERR_INPUT, s->b->file, line, col, "the config nests deeper than %d levels",
			    MAX_DEPTH);
		return NULL;
	}
	if (s->pos >= s->len)
		return js_fail(s);
	if (cJSON_IsObject(item)) {
		if (!js_expect(s, '{'))
			return js_fail(s);
		t = new_node(s->b, VP_T_MAP, line, col);
		if (t == NULL)
			return NULL;
		for (c = item->child; c != NULL; c = c->next) {
			unsigned long kl, kc;
			struct vp_tnode *v;

			js_ws(s);
			kl = s->line;
			kc = js_col(s);
			if (s->pos >= s->len || s->text[s->pos] != '"' || c->string == NULL) {
				vp_tree_free(t);
				return js_fail(s);
			}
			js_skip_string(s);
			if (!js_expect(s, ':')) {
				vp_tree_free(t);
				return js_fail(s);
			}
			v = from_json(s, c, depth + 1);
			if (v == NULL || add_member(s->b, t, c->string, strlen(c->string), kl, kc, v) != 0) {
				vp_tree_free(t);
				return NULL;
			}
			js_ws(s);
			if (c->next != NULL && !js_expect(s, ',')) {
				vp_tree_free(t);
				return js_fail(s);
			}
		}
		if (!js_expect(s, '}')) {
			vp_tree_free(t);
			return js_fail(s);
		}
		return t;
	}
	if (cJSON_IsArray(item)) {
		if (!js_expect(s, '['))
			return js_fail(s);
		t = new_node(s->b, VP_T_SEQ, line, col);
		if (t == NULL)
			return NULL;
		for (c = item->child; c != NULL; c = c->next) {
			struct vp_tnode *v = from_json(s, c, depth + 1);
			if (v == NULL || add_item(s->b, t, v) != 0) {
				vp_tree_free(t);
				return NULL;
			}
			if (c->next != NULL && !js_expect(s, ',')) {
				vp_tree_free(t);
				return js_fail(s);
			}
		}
		if (!js_expect(s, ']')) {
			vp_tree_free(t);
			return js_fail(s);
		}
		return t;
	}
	if (cJSON_IsNull(item)) {
		s->pos += s->pos + 4 <= s->len ? 4 : 0;
		return new_node(s->b, VP_T_NULL, line, col);
	}
	t = new_node(s->b, VP_T_SCALAR, line, col);
	if (t == NULL)
		return NULL;
	if (cJSON_IsString(item)) {
		t->quoted = true;
		t->text = dup_span(item->valuestring, strlen(item->valuestring));
		js_skip_string(s);
	} else if (cJSON_IsBool(item)) {
		bool yes = cJSON_IsTrue(item);
		t->text = dup_span(yes ? "true" : "false", yes ? 4 : 5);
		s->pos += yes ? 4 : 5;
	} else {
		/* a number: keep its text, so that 2.0 is not taken for 2 */
		size_t start = s->pos;
		while (s->pos < s->len && s->text[s->pos] != '\0' && strchr("+-0123456789.eE", s->text[s->pos]) != NULL)
			s->pos++;
		if (!vp_json_number_ok(s->text + start, s->pos - start)) {
			vp_error_at(s->b->err, VP_ERR_INPUT, s->b->file, line, col,
				    "invalid JSON number '%.*s' (JSON has no leading zeros, no '+' and digits on both "
				    "sides of a '.'; Python's json.load refuses it)",
				    (int)(s->pos - start > 40 ? 40 : s->pos - start), s->text + start);
			vp_tree_free(t);
			return NULL;
		}
		t->text = dup_span(s->text + start, s->pos - start);
	}
	if (t->text == NULL) {
		vp_tree_free(t);
		oom(s->b);
		return NULL;
	}
	if (s->pos > s->len) {
		vp_tree_free(t);
		return js_fail(s);
	}
	return t;
}

static void text_position(const char *text, size_t off, unsigned long *line, unsigned long *col)
{
	size_t i, bol = 0;

	*line = 1;
	for (i = 0; i < off; i++)
		if (text[i] == '\n') {
			(*line)++;
			bol = i + 1;
		}
	*col = (unsigned long)(off - bol) + 1;
}

struct vp_tnode *vp_tree_parse_json(const char *name, const char *text, size_t len, size_t start,
				struct vp_error *err)
{
	const char *end = NULL;
	struct builder b = {name, err, 0, NULL, 0};
	struct jscan s;
	unsigned long line, col;
	struct vp_tnode *t;
	cJSON *root;
	size_t off;

	/* JSON has no raw NUL, not even in a string (control characters are
	 * escaped); cJSON skips one as whitespace, Python's json.load refuses it */
	{
		const char *nul = memchr(text, '\0', len);

		if (nul != NULL) {
			text_position(text, (size_t)(nul - text), &line, &col);
			vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON: a NUL byte");
			return NULL;
		}
	}
	root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (root == NULL) {
		const char *why;

		off = end != NULL && end >= text && (size_t)(end - text) <= len ? (size_t)(end - text) : 0;
		why = vp_json_error_hint(text, len, &off);
		text_position(text, off, &line, &col);
		if (why != NULL)
			vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON: %s", why);
		else
			vp_error_at(err, VP_ERR_INPUT, name, line, col, "invalid JSON");
		return NULL;
	}
	/* cJSON stops after the first value; more text is an error here. */
	for (off = (size_t)(end - text); off < len; off++)
		if ((unsigned char)text[off] > 32)
			break;
	if (off < len) {
		cJSON_Delete(root);
		text_position(text, off, &line, &col);
		vp_error_at(err, VP_ERR_INPUT, name, line, col, "unexpected text after the JSON object");
		return NULL;
	}
	memset(&s, 0, sizeof s);
	s.text = text;
	s.len = len;
	s.pos = start;
	s.line = 1;
	s.b = &b;
	t = from_json(&s, root, 0);
	cJSON_Delete(root);
	return t;
}

/* PyYAML's booleans (YAML 1.1): true/false, yes/no, on/off in three cases. */
int vp_yaml11_bool(const char *s)
{
	static const char *const yes[] = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"};
	static const char *const no[] = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"};
	size_t i;

	for (i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		if (strcmp(s, yes[i]) == 0)
			return 1;
		if (strcmp(s, no[i]) == 0)
			return 0;
	}
	return -1;
}
