/*
 * The position-carrying tree of a training config: every key and value keeps
 * its line and column in YAML and in JSON, and what the readers must not
 * guess at is an input error at its position.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/tree.h"
#include "vramplan/utf8.h"

static struct vp_tnode *yaml(const char *text, struct vp_error *err)
{
	return vp_tree_parse_yaml("t.yaml", text, strlen(text), err);
}

static struct vp_tnode *json(const char *text, struct vp_error *err)
{
	return vp_tree_parse_json("t.json", text, strlen(text), 0, err);
}

static const struct vp_tmember *member(const struct vp_tnode *map, const char *key)
{
	size_t i;

	assert_int_equal(map->kind, VP_T_MAP);
	for (i = 0; i < map->n; i++)
		if (strcmp(map->members[i].key, key) == 0)
			return &map->members[i];
	fail_msg("no key '%s'", key);
	return NULL;
}

static void yaml_keys_and_values_keep_their_positions(void **state)
{
	struct vp_error err = {0};
	struct vp_tnode *t = yaml("a: 1\nb:\n  c: \"x\"\n  d: [1, ~]\n", &err);
	const struct vp_tmember *b, *c, *d;

	(void)state;
	assert_non_null(t);
	assert_string_equal(member(t, "a")->value->text, "1");
	assert_false(member(t, "a")->value->quoted);
	b = member(t, "b");
	assert_int_equal(b->line, 2);
	c = member(b->value, "c");
	assert_int_equal(c->line, 3);
	assert_int_equal(c->column, 3);
	assert_true(c->value->quoted);
	assert_int_equal(c->value->column, 6);
	d = member(b->value, "d");
	assert_int_equal(d->value->kind, VP_T_SEQ);
	assert_int_equal(d->value->n, 2);
	assert_int_equal(d->value->items[1]->kind, VP_T_NULL);
	vp_tree_free(t);
}

static void json_keys_and_values_keep_their_positions(void **state)
{
	struct vp_error err = {0};
	struct vp_tnode *t = json("{\n  \"zero\": {\"stage\": 2,\n    \"bucket\": 5e8},\n  \"s\": \"x\"\n}\n", &err);
	const struct vp_tmember *zero, *bucket;

	(void)state;
	assert_non_null(t);
	zero = member(t, "zero");
	assert_int_equal(zero->line, 2);
	assert_int_equal(zero->column, 3);
	bucket = member(zero->value, "bucket");
	assert_int_equal(bucket->line, 3);
	assert_int_equal(bucket->column, 5);
	/* a number keeps its text, so 5e8 and 2.0 are not rewritten */
	assert_string_equal(bucket->value->text, "5e8");
	assert_false(bucket->value->quoted);
	assert_true(member(t, "s")->value->quoted);
	vp_tree_free(t);
}

static void what_a_reader_would_guess_at_is_an_error_at_its_position(void **state)
{
	static const struct {
		bool is_json;
		const char *text;
		unsigned long line, column;
		const char *says;
	} bad[] = {
		{false, "base: &b {x: 1}\nc:\n  <<: *b\n", 3, 3, "merge keys"},
		{false, "a: 1\n---\nb: 2\n", 3, 1, "second YAML document"},
		{false, "a: [1, 2\n", 0, 0, "invalid YAML"},
		{true, "{\"a\": 1} x", 1, 10, "unexpected text after the JSON object"},
		{true, "{\"a\": }", 1, 7, "invalid JSON"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct vp_error err = {0};
		struct vp_tnode *t = bad[i].is_json ? json(bad[i].text, &err) : yaml(bad[i].text, &err);

		assert_null(t);
		assert_int_equal(err.code, VP_ERR_INPUT);
		if (strstr(err.message, bad[i].says) == NULL)
			fail_msg("case %zu: '%s' does not say '%s'", i, err.message, bad[i].says);
		if (bad[i].line > 0) {
			assert_int_equal(err.line, bad[i].line);
			assert_int_equal(err.column, bad[i].column);
		} else {
			assert_true(err.line > 0);
		}
	}
}

/* A key given twice keeps its last value at its first place, as the dict
 * PyYAML or json.load builds; the member remembers the first copy, and
 * vp_tree_refuse_duplicates makes it the error a refusing reader gives */
static void a_key_given_twice_keeps_the_last_value_and_says_where_the_first_was(void **state)
{
	static const struct {
		bool is_json;
		const char *text;
		unsigned long line, column, first;
		const char *kept;
		unsigned long again; /* the second copy's line, where OmegaConf raises */
	} dups[] = {
		{false, "a: 1\nb: 2\na: 3\n", 3, 1, 1, "3", 3},
		{false, "a: 1\nb: 2\na: 3\na: 4\n", 4, 1, 1, "4", 3},
		{true, "{\"a\": 1, \"b\": 2, \"a\": 5}", 1, 18, 1, "5", 1},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof dups / sizeof dups[0]; i++) {
		struct vp_error err = {0};
		struct vp_tnode *t = dups[i].is_json ? json(dups[i].text, &err) : yaml(dups[i].text, &err);
		const struct vp_tmember *a;

		assert_non_null(t);
		assert_int_equal(t->n, 2);
		/* the first place in the mapping, as a Python dict keeps it */
		assert_string_equal(t->members[0].key, "a");
		a = member(t, "a");
		assert_string_equal(a->value->text, dups[i].kept);
		assert_int_equal(a->line, dups[i].line);
		assert_int_equal(a->column, dups[i].column);
		assert_int_equal(a->first_line, dups[i].first);
		assert_int_equal(member(t, "b")->first_line, 0);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), -1);
		assert_int_equal(err.code, VP_ERR_INPUT);
		assert_int_equal(err.line, dups[i].again);
		assert_int_equal(err.column, dups[i].column);
		assert_non_null(strstr(err.message, "duplicate key 'a' (first given at line"));
		vp_tree_free(t);
	}
	{
		/* nested: OmegaConf checks a mapping's keys before PyYAML builds
		 * their values, level by level, so the top level's z (line 6) is
		 * refused before the x and y given twice above it, and m's x
		 * (line 6, one level down) before the y of a list item (line 3,
		 * two levels down); within a mapping, the earliest second copy
		 * (a's at line 3, though its last copy, line 5, comes after b's
		 * second) */
		struct vp_error err = {0};
		struct vp_tnode *t = yaml("z:\n  x: 1\n  x: 2\nl:\n  - {y: 1, y: 2}\nz: 3\n", &err);

		assert_non_null(t);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), -1);
		assert_int_equal(err.line, 6);
		assert_non_null(strstr(err.message, "duplicate key 'z' (first given at line 1)"));
		vp_tree_free(t);
		t = yaml("l:\n  - {y: 1}\n  - {y: 1, y: 2}\nm:\n  x: 1\n  x: 2\n", &err);
		assert_non_null(t);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), -1);
		assert_int_equal(err.line, 6);
		assert_non_null(strstr(err.message, "duplicate key 'x' (first given at line 5)"));
		vp_tree_free(t);
		t = yaml("a: 1\nb: 1\na: 2\nb: 2\na: 3\n", &err);
		assert_non_null(t);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), -1);
		assert_int_equal(err.line, 3);
		assert_non_null(strstr(err.message, "duplicate key 'a' (first given at line 1)"));
		vp_tree_free(t);
		t = yaml("a: {x: 1}\nb: [1, {c: 2}]\n", &err);
		assert_non_null(t);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), 0);
		vp_tree_free(t);
	}
	{
		/* a long key is cut at a character, not inside the 2-byte
		 * U+00E9 that straddles its 64th byte */
		struct vp_error err = {0};
		char text[160], key[66];
		struct vp_tnode *t;

		memset(key, 'a', 63);
		memcpy(key + 63, "\xC3\xA9", 3);
		snprintf(text, sizeof text, "%s: 1\n%s: 2\n", key, key);
		t = yaml(text, &err);
		assert_non_null(t);
		assert_int_equal(vp_tree_refuse_duplicates(t, "t", &err), -1);
		assert_true(vp_utf8_valid(err.message));
		assert_non_null(strstr(err.message, "aaa' (first given at line 1)"));
		vp_tree_free(t);
	}
}

/* An explicit YAML 1.1 type tag decides the type whatever the quotes, as
 * PyYAML's; a tag yaml.safe_load has no constructor for is an error */
static void tags_are_read_as_yaml_safe_load_reads_them(void **state)
{
	struct vp_error err = {0};
	struct vp_tnode *t = yaml("a: !!int \"8\"\nb: !!null x\nc: \"8\"\n", &err);

	(void)state;
	assert_non_null(t);
	assert_false(member(t, "a")->value->quoted);
	assert_string_equal(member(t, "a")->value->text, "8");
	assert_int_equal(member(t, "b")->value->kind, VP_T_NULL);
	assert_true(member(t, "c")->value->quoted);
	vp_tree_free(t);
	assert_null(yaml("a: 1\nb: !int 8\n", &err));
	assert_int_equal(err.line, 2);
	assert_int_equal(err.column, 4);
	assert_non_null(strstr(err.message, "the tag '!int'"));
	assert_null(yaml("a: !!python/name:os.system x\n", &err));
	assert_non_null(strstr(err.message, "yaml.safe_load refuses"));
	/* !!float 8 is 8.0, !!int strips spaces as int() does */
	t = yaml("a: !!float 8\nb: !!int \" 8 \"\n", &err);
	assert_non_null(t);
	assert_string_equal(member(t, "a")->value->text, "8.0");
	assert_string_equal(member(t, "b")->value->text, "8");
	vp_tree_free(t);
	assert_null(yaml("a: !!bool \"1\"\n", &err));
	assert_non_null(strstr(err.message, "not a boolean"));
	assert_null(yaml("a: !!binary bXQ1\n", &err));
	assert_null(yaml("a: !!set\n  b: null\n", &err));
	assert_int_equal(err.line, 1);
	assert_non_null(strstr(err.message, "on a mapping"));
	assert_null(yaml("a: !foo [1]\n", &err));
	assert_non_null(strstr(err.message, "on a list"));
	/* on a key, and on the document */
	assert_null(yaml("a: 1\n!foo b: 2\n", &err));
	assert_int_equal(err.line, 2);
	assert_null(yaml("!!int 5: 2\n", &err));
	assert_non_null(strstr(err.message, "keys are names"));
	assert_null(yaml("--- !foo\na: 1\n", &err));
}

/* The str tag written out makes a string of what would read as a number or
 * null (yaml.safe_load: `!!str 8` is "8", `!!str` is ""), wherever the
 * scalar stands; `!` alone resolves by the value, as PyYAML's parser does */
static void a_written_str_tag_makes_a_string(void **state)
{
	struct vp_error err = {0};
	struct vp_tnode *t = yaml("n: \"\u00e9\"\na: !!str 8\nb: !!str\nc: [x, !!str 1, 2]\nd: ! 8\n"
				  "e: &x !<tag:yaml.org,2002:str> 9\nf: 8\n",
				  &err);
	const struct vp_tnode *c;

	(void)state;
	assert_non_null(t);
	assert_true(member(t, "a")->value->quoted);
	assert_string_equal(member(t, "a")->value->text, "8");
	assert_int_equal(member(t, "b")->value->kind, VP_T_SCALAR);
	assert_true(member(t, "b")->value->quoted);
	assert_string_equal(member(t, "b")->value->text, "");
	c = member(t, "c")->value;
	assert_false(c->items[0]->quoted);
	assert_true(c->items[1]->quoted);
	assert_false(c->items[2]->quoted);
	assert_false(member(t, "d")->value->quoted);
	assert_true(member(t, "e")->value->quoted);
	assert_false(member(t, "f")->value->quoted);
	vp_tree_free(t);
	t = yaml("%TAG !y! tag:yaml.org,2002:\n---\na: !y!str 8\nb: 8\n", &err);
	assert_non_null(t);
	assert_true(member(t, "a")->value->quoted);
	assert_false(member(t, "b")->value->quoted);
	vp_tree_free(t);
}

static void deep_nesting_is_refused_not_recursed_into(void **state)
{
	char text[400];
	struct vp_error err = {0};
	size_t i, n = 0;

	(void)state;
	for (i = 0; i < 100; i++)
		text[n++] = '[';
	for (i = 0; i < 100; i++)
		text[n++] = ']';
	text[n] = '\0';
	assert_null(json(text, &err));
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_null(yaml(text, &err));
	assert_int_equal(err.code, VP_ERR_INPUT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(yaml_keys_and_values_keep_their_positions),
		cmocka_unit_test(json_keys_and_values_keep_their_positions),
		cmocka_unit_test(what_a_reader_would_guess_at_is_an_error_at_its_position),
		cmocka_unit_test(a_key_given_twice_keeps_the_last_value_and_says_where_the_first_was),
		cmocka_unit_test(tags_are_read_as_yaml_safe_load_reads_them),
		cmocka_unit_test(a_written_str_tag_makes_a_string),
		cmocka_unit_test(deep_nesting_is_refused_not_recursed_into),
	};
	return cmocka_run_group_tests_name("tree", tests, NULL, NULL);
}
