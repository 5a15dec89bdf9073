/*
 * Diagnostics (src/error.c): one line, the position when there is one, and
 * a long message cut without splitting a character, and marked as cut.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vramplan/error.h"
#include "vramplan/utf8.h"

static void the_position_is_printed_as_far_as_it_is_known(void **state)
{
	struct vp_error err;
	char buf[700];

	(void)state;
	assert_int_equal(vp_error_at(&err, VP_ERR_INPUT, "train.yaml", 3, 7, "'%s' must be a number", "bf16"), -1);
	assert_int_equal(err.code, VP_ERR_INPUT);
	vp_error_format(&err, buf, sizeof buf);
	assert_string_equal(buf, "train.yaml:3:7: 'bf16' must be a number");
	vp_error_at(&err, VP_ERR_INPUT, "config.json", 0, 0, "no model_type");
	vp_error_format(&err, buf, sizeof buf);
	assert_string_equal(buf, "config.json: no model_type");
	vp_error_at(&err, VP_ERR_INPUT, "cases.yaml", 12, 0, "bad case");
	vp_error_format(&err, buf, sizeof buf);
	assert_string_equal(buf, "cases.yaml:12: bad case");
	vp_error_set(&err, VP_ERR_IO, "out of memory");
	vp_error_format(&err, buf, sizeof buf);
	assert_string_equal(buf, "out of memory");
	/* a NULL error is allowed: the callee still fails */
	assert_int_equal(vp_error_set(NULL, VP_ERR_INPUT, "x"), -1);
}

/* Control characters from the input (a key with a newline, a tab in a
 * file name) cannot break the one-line diagnostic. */
static void a_diagnostic_stays_on_one_line(void **state)
{
	struct vp_error err;
	char buf[700];

	(void)state;
	vp_error_at(&err, VP_ERR_INPUT, "a\tb.yaml", 1, 1, "unknown key '%s'", "x\ny");
	vp_error_format(&err, buf, sizeof buf);
	assert_string_equal(buf, "a?b.yaml:1:1: unknown key 'x?y'");
}

/* A message longer than the buffer is cut before the character that does
 * not fit, so a Korean file name or key keeps the message valid UTF-8. */
static void a_long_message_is_cut_between_characters(void **state)
{
	struct vp_error err;
	char ko[1000];
	size_t i;

	(void)state;
	/* one ASCII byte first: 767 bytes then end inside a character */
	ko[0] = 'x';
	for (i = 0; i < 300; i++)
		memcpy(ko + 1 + 3 * i, "\xed\x95\x9c", 3); /* 한, three bytes */
	ko[1 + 3 * 300] = '\0';
	vp_error_set(&err, VP_ERR_INPUT, "%s", ko);
	assert_true(strlen(err.message) < sizeof err.message);
	assert_true(strlen(err.message) >= sizeof err.message - 3);
	assert_true(vp_utf8_valid(err.message));
}

/* A message that an echoed input makes too long ends at a word's end where
 * one is near, and says it was cut: "..." rather than a half word that
 * reads as the message's last one. */
static void a_cut_message_ends_with_an_ellipsis(void **state)
{
	struct vp_error err;
	char words[2000];
	size_t i, n;

	(void)state;
	for (i = 0; i + 6 < sizeof words; i += 6)
		memcpy(words + i, "word, ", 6);
	words[i] = '\0';
	vp_error_set(&err, VP_ERR_INPUT, "unknown '%s' (see the help)", words);
	n = strlen(err.message);
	assert_true(n < sizeof err.message);
	assert_string_equal(err.message + n - 8, "word,...");
	/* one long word: cut inside it, still marked */
	memset(words, 'x', 1500);
	words[1500] = '\0';
	vp_error_set(&err, VP_ERR_INPUT, "unknown model '%s'", words);
	n = strlen(err.message);
	assert_true(n < sizeof err.message);
	assert_string_equal(err.message + n - 4, "x...");
}

/* An echoed input cut to its buffer says so (vp_text_shown). */
static void a_shown_input_is_whole_or_marked(void **state)
{
	char buf[8];

	(void)state;
	assert_string_equal(vp_text_shown(buf, sizeof buf, "gpt2"), "gpt2");
	assert_string_equal(vp_text_shown(buf, sizeof buf, "1234567"), "1234567");
	assert_string_equal(vp_text_shown(buf, sizeof buf, "12345678"), "1234...");
	/* not inside a character: 한 is three bytes */
	assert_string_equal(vp_text_shown(buf, sizeof buf, "ab\xed\x95\x9c\xed\x95\x9c"), "ab...");
}

/* An echoed input shows a byte of no valid character, or a control
 * character, as '?': until 2026-11-30 "unknown GPU 'rtx\xfe'" printed the
 * raw byte, and a newline in a name began a line of its own. */
static void a_shown_input_is_printable(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(vp_text_shown(buf, sizeof buf, "rtx\xfe"), "rtx?");
	assert_string_equal(vp_text_shown(buf, sizeof buf, "a\nb\tc\x7f"), "a?b?c?");
	/* valid characters stay; an overlong form, a lone continuation byte
	 * and a truncated character do not */
	assert_string_equal(vp_text_shown(buf, sizeof buf, "n\xc3\xa9o"), "n\xc3\xa9o");
	assert_string_equal(vp_text_shown(buf, sizeof buf, "\xc0\xaf\x80x\xed\x95"), "???x??");
	assert_true(vp_utf8_valid(vp_text_shown(buf, sizeof buf, "\xf4\x90\x80\x80")));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_position_is_printed_as_far_as_it_is_known),
		cmocka_unit_test(a_diagnostic_stays_on_one_line),
		cmocka_unit_test(a_long_message_is_cut_between_characters),
		cmocka_unit_test(a_cut_message_ends_with_an_ellipsis),
		cmocka_unit_test(a_shown_input_is_whole_or_marked),
		cmocka_unit_test(a_shown_input_is_printable),
	};

	return cmocka_run_group_tests_name("error", tests, NULL, NULL);
}
