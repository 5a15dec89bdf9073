/*
 * Where a member of a JSON object is (src/json_where.c): the position
 * config.json's value errors point at, since cJSON keeps none.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vramplan/json_where.h"

static const char config[] = "{\n"
			     "  \"model_type\": \"mpt\",\n"
			     "  \"note\": \"a string with \\\"quotes\\\", { braces } and : colons\",\n"
			     "  \"list\": [{\"attn_type\": 1}, \"attn_type\"],\n"
			     "  \"attn_config\": {\n"
			     "    \"attn_pdrop\": 0.0, \"attn_type\": \"multiquery_attention\"\n"
			     "  },\n"
			     "  \"attn_type\": 2,\n"
			     "  \"attn_type\": 3\n"
			     "}\n";

static bool where(const char *a, const char *b, unsigned long *line, unsigned long *col)
{
	const char *path[2] = {a, b};

	return vp_json_where(config, strlen(config), path, b != NULL ? 2 : 1, line, col);
}

/* a top-level member: its key's line and column (1-based, in bytes) */
static void a_top_level_member_is_found_at_its_key(void **state)
{
	unsigned long line = 0, col = 0;

	(void)state;
	assert_true(where("model_type", NULL, &line, &col));
	assert_int_equal(line, 2);
	assert_int_equal(col, 3);
}

/* a nested member, past strings holding quotes, braces and colons, and past
 * an array whose object has a member of the same name */
static void a_nested_member_is_found_inside_its_object(void **state)
{
	unsigned long line = 0, col = 0;

	(void)state;
	assert_true(where("attn_config", "attn_type", &line, &col));
	assert_int_equal(line, 6);
	assert_int_equal(col, 24);
	assert_true(where("attn_config", "attn_pdrop", &line, &col));
	assert_int_equal(line, 6);
	assert_int_equal(col, 5);
}

/* the top-level attn_type is the one on line 8 (the first of two), not the
 * array's or the nested object's, nor a string value that spells it */
static void only_the_member_on_the_path_is_found(void **state)
{
	unsigned long line = 0, col = 0;

	(void)state;
	assert_true(where("attn_type", NULL, &line, &col));
	assert_int_equal(line, 8);
	assert_int_equal(col, 3);
	{
		const char *path[1] = {"attn_type"};

		assert_true(vp_json_where_nth(config, strlen(config), path, 1, 2, &line, &col));
		assert_int_equal(line, 9);
		assert_int_equal(col, 3);
		assert_false(vp_json_where_nth(config, strlen(config), path, 1, 3, &line, &col));
	}
	assert_false(where("attn_config", "model_type", &line, &col));
	assert_false(where("list", "attn_type", &line, &col));
	assert_false(where("absent", NULL, &line, &col));
	assert_false(vp_json_where(config, strlen(config), NULL, 0, &line, &col));
}

/* a byte order mark is not a column */
static void a_byte_order_mark_is_not_counted(void **state)
{
	static const char bom[] = "\xEF\xBB\xBF{\"a\": 1}";
	const char *path[1] = {"a"};
	unsigned long line = 0, col = 0;

	(void)state;
	assert_true(vp_json_where(bom, strlen(bom), path, 1, &line, &col));
	assert_int_equal(line, 1);
	assert_int_equal(col, 2);
}

/* text cut inside a string or never closed: not found, no overrun */
static void cut_text_finds_nothing(void **state)
{
	static const char cut[] = "{\"a\": \"open";
	const char *path[1] = {"b"};
	unsigned long line = 0, col = 0;

	(void)state;
	assert_false(vp_json_where(cut, strlen(cut), path, 1, &line, &col));
	assert_false(vp_json_where("\"\\", 2, path, 1, &line, &col));
}

/* RFC 8259's numbers: what Python's json.load reads, and the first one it
 * refuses, outside strings */
/* cJSON's stop (the offset it reports) moved to the culprit, with the
 * reason; NULL for a mistake it has no name for */
static void hand_edit_mistakes_are_named_at_their_byte(void **state)
{
	static const struct {
		const char *text;
		size_t stop; /* where cJSON stopped: on the culprit or one past */
		size_t culprit;
		const char *starts;
	} cases[] = {
		{"{\"a\": 1,\n}", 9, 7, "a trailing comma: JSON allows none before '}'"},
		{"{\"a\": [1, 2, ]}", 13, 11, "a trailing comma: JSON allows none before ']'"},
		{"{'a': 1}", 2, 1, "a single-quoted string"},
		{"{\"a\": 1, // x\n}", 10, 9, "a comment"},
		{"{\"a\": 1 # x\n}", 8, 8, "a comment"},
		{"{\"a\": NaN}", 6, 6, "NaN or Infinity"},
		{"{\"a\": -Infinity}", 6, 6, "NaN or Infinity"},
		{"{\"a\": None}", 6, 6, "a Python literal"},
	};
	size_t off;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *why;

		off = cases[i].stop;
		why = vp_json_error_hint(cases[i].text, strlen(cases[i].text), &off);
		assert_non_null(why);
		assert_true(strncmp(why, cases[i].starts, strlen(cases[i].starts)) == 0);
		assert_int_equal(off, cases[i].culprit);
	}
	/* a missing colon, and NaNa (a name, not NaN), have no name here */
	off = 5;
	assert_null(vp_json_error_hint("{\"a\" 1}", 7, &off));
	assert_int_equal(off, 5);
	off = 6;
	assert_null(vp_json_error_hint("{\"a\": NaNa}", 11, &off));
	off = 0;
	assert_null(vp_json_error_hint("", 0, &off));
}

/* cJSON stops inside a string at an escape it refuses: the string's own
 * text before it ('#', a quote, a slash) is no comment or quoting mistake */
static void a_bad_escape_inside_a_string_is_not_named(void **state)
{
	static const struct {
		const char *text;
		size_t stop; /* the backslash, where cJSON stops */
	} cases[] = {
		{"{\"pattern\": \"#\\d+\"}", 14},
		{"{\"a\": \"it'\\q\"}", 10},
		{"{\"a\": \"#\\u12\"}", 8},
		{"{\"a\": \"'\"", 8}, /* cut after the string: stops at its last byte */
	};
	size_t off;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		off = cases[i].stop;
		assert_null(vp_json_error_hint(cases[i].text, strlen(cases[i].text), &off));
		assert_int_equal(off, cases[i].stop);
	}
	/* a mistake after a string that holds an escaped quote is still named */
	off = 14;
	assert_non_null(vp_json_error_hint("{\"a\": \"\\\"#\", 'b': 1}", 21, &off));
	assert_int_equal(off, 13);
}

static void numbers_are_checked_as_python_reads_them(void **state)
{
	static const char *const good[] = {"0", "-0", "10", "0.5", "-1.25e-3", "1E+2", "1e5"};
	static const char *const bad[] = {"010", "+1", ".5", "1.", "-", "1e", "1.e3", "--1", "00"};
	static const char text[] = "{\"a\": \"010 in a string\", \"b\": [1, -2.5],\n \"c\": 010}";
	size_t i, off = 0, n = 0;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++)
		assert_true(vp_json_number_ok(good[i], strlen(good[i])));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_false(vp_json_number_ok(bad[i], strlen(bad[i])));
	assert_true(vp_json_bad_number(text, sizeof text - 1, &off, &n));
	assert_int_equal(n, 3);
	assert_memory_equal(text + off, "010", 3);
	assert_false(vp_json_bad_number(text, off - 1, &off, &n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_are_checked_as_python_reads_them),
		cmocka_unit_test(hand_edit_mistakes_are_named_at_their_byte),
		cmocka_unit_test(a_bad_escape_inside_a_string_is_not_named),
		cmocka_unit_test(a_top_level_member_is_found_at_its_key),
		cmocka_unit_test(a_nested_member_is_found_inside_its_object),
		cmocka_unit_test(only_the_member_on_the_path_is_found),
		cmocka_unit_test(a_byte_order_mark_is_not_counted),
		cmocka_unit_test(cut_text_finds_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
