/*
 * UTF-8 checks and cuts (src/utf8.c): what YAML and JSON output may carry,
 * and cutting text to a buffer without splitting a character.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vramplan/utf8.h"

/* RFC 3629: overlong forms, surrogates, code points above U+10FFFF, stray
 * continuation bytes and truncated sequences are not UTF-8. */
static void only_well_formed_utf8_is_valid(void **state)
{
	(void)state;
	assert_true(vp_utf8_valid(""));
	assert_true(vp_utf8_valid("mt5-base"));
	assert_true(vp_utf8_valid("\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4")); /* 한국어 */
	assert_true(vp_utf8_valid("\xf0\x9f\xa6\x99"));                      /* U+1F999 */
	assert_true(vp_utf8_valid("\xf4\x8f\xbf\xbf"));                      /* U+10FFFF */
	assert_false(vp_utf8_valid("\xc0\xaf"));                             /* overlong '/' */
	assert_false(vp_utf8_valid("\xe0\x80\xaf"));                         /* overlong, 3 bytes */
	assert_false(vp_utf8_valid("\xed\xa0\x80"));                         /* U+D800 */
	assert_false(vp_utf8_valid("\xf4\x90\x80\x80"));                     /* above U+10FFFF */
	assert_false(vp_utf8_valid("\x80"));
	assert_false(vp_utf8_valid("a\xed\x95"));                            /* cut short */
}

static void clean_text_has_no_control_characters(void **state)
{
	(void)state;
	assert_true(vp_text_clean("bf16 \xed\x95\x9c"));
	assert_false(vp_text_clean("a\tb"));
	assert_false(vp_text_clean("line\nbreak"));
	assert_false(vp_text_clean("del\x7f"));
	assert_false(vp_text_clean("\xff"));
}

/* A copy that must be cut stops before the character that does not fit. */
/* Only the bytes that start no valid character change; valid characters
 * and control characters (JSON escapes those) stay. */
static void repair_marks_each_invalid_byte(void **state)
{
	char s[] = "a\xff" "b\xed\x95\x9c\n\xe0\x80\xaf" "z\xed\x95";

	(void)state;
	vp_utf8_repair(s);
	assert_string_equal(s, "a?b\xed\x95\x9c\n???z??");
	assert_true(vp_utf8_valid(s));
}

static void a_cut_copy_keeps_whole_characters(void **state)
{
	const char *ko = "ab\xed\x95\x9c\xea\xb5\xad"; /* ab한국: 2 + 3 + 3 bytes */
	char buf[8];

	(void)state;
	vp_utf8_copy(buf, sizeof buf, ko);
	assert_string_equal(buf, "ab\xed\x95\x9c");
	vp_utf8_copy(buf, 5, ko);
	assert_string_equal(buf, "ab");
	vp_utf8_copy(buf, 6, ko);
	assert_string_equal(buf, "ab\xed\x95\x9c");
	vp_utf8_copy(buf, 1, ko);
	assert_string_equal(buf, "");
	vp_utf8_copy(buf, sizeof buf, "short");
	assert_string_equal(buf, "short");
}

/* What vsnprintf leaves when it cuts inside a character is trimmed back to
 * the last whole one; complete text is left alone. */
static void a_cut_inside_a_character_is_trimmed(void **state)
{
	char s[16];

	(void)state;
	strcpy(s, "ab\xed\x95");
	vp_utf8_trim_cut(s);
	assert_string_equal(s, "ab");
	strcpy(s, "ab\xf0\x9f\xa6");
	vp_utf8_trim_cut(s);
	assert_string_equal(s, "ab");
	strcpy(s, "ab\xed\x95\x9c");
	vp_utf8_trim_cut(s);
	assert_string_equal(s, "ab\xed\x95\x9c");
	strcpy(s, "plain");
	vp_utf8_trim_cut(s);
	assert_string_equal(s, "plain");
	s[0] = '\0';
	vp_utf8_trim_cut(s);
	assert_string_equal(s, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_well_formed_utf8_is_valid),
		cmocka_unit_test(clean_text_has_no_control_characters),
		cmocka_unit_test(repair_marks_each_invalid_byte),
		cmocka_unit_test(a_cut_copy_keeps_whole_characters),
		cmocka_unit_test(a_cut_inside_a_character_is_trimmed),
	};

	return cmocka_run_group_tests_name("utf8", tests, NULL, NULL);
}
