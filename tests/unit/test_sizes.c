#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vramplan/sizes.h"

static uint64_t size_ok(const char *s)
{
	struct vp_error err = {0};
	uint64_t b = 12345;

	if (vp_parse_size(s, "--host-ram", &b, &err) != 0)
		fail_msg("'%s' was rejected: %s", s, err.message);
	return b;
}

static void size_bad(const char *s, const char *needle)
{
	struct vp_error err = {0};
	uint64_t b = 12345;

	if (vp_parse_size(s, "--host-ram", &b, &err) != -1)
		fail_msg("'%s' was accepted as %llu", s ? s : "(null)", (unsigned long long)b);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_int_equal(b, 12345);
	if (strstr(err.message, needle) == NULL)
		fail_msg("message for '%s' lacks '%s': %s", s ? s : "(null)", needle, err.message);
}

static void parse_size_should_accept_binary_units(void **state)
{
	(void)state;
	assert_int_equal(size_ok("24GiB"), (uint64_t)24 << 30);
	assert_int_equal(size_ok("24G"), (uint64_t)24 << 30);
	assert_int_equal(size_ok("81920MiB"), (uint64_t)80 << 30);
	assert_int_equal(size_ok("512M"), (uint64_t)512 << 20);
	assert_int_equal(size_ok("4KiB"), 4096);
	assert_int_equal(size_ok("4K"), 4096);
	assert_int_equal(size_ok("2T"), (uint64_t)2 << 40);
	assert_int_equal(size_ok("2TiB"), (uint64_t)2 << 40);
}

/* docker run --memory 60g: binary, as docker reads it */
static void parse_size_should_accept_dockers_units(void **state)
{
	(void)state;
	assert_int_equal(size_ok("60g"), (uint64_t)60 << 30);
	assert_int_equal(size_ok("512m"), (uint64_t)512 << 20);
	assert_int_equal(size_ok("4k"), 4096);
	assert_int_equal(size_ok("7b"), 7);
	/* go-units' RAMInBytes takes an optional b after the letter: still binary */
	assert_int_equal(size_ok("60gb"), (uint64_t)60 << 30);
	assert_int_equal(size_ok("512mb"), (uint64_t)512 << 20);
	assert_int_equal(size_ok("4kb"), 4096);
	assert_int_equal(size_ok("2t"), (uint64_t)2 << 40);
	assert_int_equal(size_ok("2tb"), (uint64_t)2 << 40);
	assert_int_equal(size_ok("1.5gb"), UINT64_C(1610612736));
}

/* resources.limits.memory: 60Gi, Kubernetes' binary suffixes */
static void parse_size_should_accept_kubernetes_binary_units(void **state)
{
	(void)state;
	assert_int_equal(size_ok("60Gi"), (uint64_t)60 << 30);
	assert_int_equal(size_ok("512Mi"), (uint64_t)512 << 20);
	assert_int_equal(size_ok("4Ki"), 4096);
	assert_int_equal(size_ok("2Ti"), (uint64_t)2 << 40);
	assert_int_equal(size_ok("0.5Gi"), (uint64_t)512 << 20);
	/* the same number as 60GiB, and not Kubernetes' decimal 60G */
	assert_int_equal(size_ok("60Gi"), size_ok("60GiB"));
	assert_true(size_ok("60Gi") != size_ok("60GB"));
}

static void parse_size_should_accept_decimal_units(void **state)
{
	(void)state;
	assert_int_equal(size_ok("1KB"), 1000);
	assert_int_equal(size_ok("80MB"), 80000000);
	assert_int_equal(size_ok("40GB"), UINT64_C(40000000000));
	assert_int_equal(size_ok("2TB"), UINT64_C(2000000000000));
}

static void parse_size_should_read_bytes_only_with_their_unit(void **state)
{
	(void)state;
	assert_int_equal(size_ok("512B"), 512);
	assert_int_equal(size_ok("0B"), 0);
	assert_int_equal(size_ok("007B"), 7);
}

static void parse_size_should_refuse_a_bare_number(void **state)
{
	(void)state;
	/* "--host-ram 60" meant gigabytes, not 60 bytes */
	size_bad("60", "invalid size '60' for --host-ram: a unit is needed (60GiB or 60GB? 60B for bytes)");
	size_bad("0", "a unit is needed");
	size_bad("1.5", "a unit is needed");
}

static void parse_size_should_accept_fractions_of_a_unit(void **state)
{
	(void)state;
	assert_int_equal(size_ok("1.5G"), UINT64_C(1610612736));
	assert_int_equal(size_ok("0.5K"), 512);
	assert_int_equal(size_ok("1.25GB"), UINT64_C(1250000000));
	/* rounded down to whole bytes: 0.1 KiB is 102.4 bytes */
	assert_int_equal(size_ok("0.1K"), 102);
	/* digits past the ninth are dropped */
	assert_int_equal(size_ok("1.0000000009G"), (uint64_t)1 << 30);
	assert_int_equal(size_ok("15.999999999T"), UINT64_C(17592186043316));
}

static void parse_size_should_accept_the_largest_value(void **state)
{
	(void)state;
	assert_int_equal(size_ok("1152921504606846976B"), UINT64_C(1) << 60);
	assert_int_equal(size_ok("1048575T"), UINT64_C(1048575) << 40);
}

static void parse_size_should_reject_junk_signs_and_missing_digits(void **state)
{
	(void)state;
	size_bad("24GB2", "invalid size '24GB2' for --host-ram");
	size_bad("-1G", "invalid size '-1G'");
	size_bad("+1G", "invalid size '+1G'");
	size_bad("GiB", "invalid size 'GiB'");
	size_bad("", "invalid size ''");
	size_bad(" 1G", "invalid size ' 1G'");
	size_bad("1G ", "invalid size '1G '");
	size_bad("1 G", "invalid size '1 G'");
	size_bad("1GIB", "invalid size '1GIB'");
	size_bad("1gi", "invalid size '1gi'");
	size_bad("1gB", "invalid size '1gB'");
	size_bad("1Gb", "invalid size '1Gb'");
	size_bad("1Pi", "invalid size '1Pi'");
	size_bad("1PiB", "invalid size '1PiB'");
	size_bad(".5G", "invalid size '.5G'");
	size_bad("1.G", "invalid size '1.G'");
	size_bad("1..5G", "invalid size '1..5G'");
	size_bad("0x10", "invalid size '0x10'");
	size_bad(NULL, "invalid size ''");
}

static void parse_size_should_reject_fractions_of_a_byte(void **state)
{
	(void)state;
	size_bad("1.5B", "invalid size '1.5B'");
}

static void parse_size_should_reject_overflow(void **state)
{
	(void)state;
	size_bad("99999999999T", "size '99999999999T' for --host-ram is too large");
	size_bad("18446744073709551616B", "is too large");
	size_bad("16777216T", "is too large");
	size_bad("16777216.0T", "is too large");
	size_bad("99999999999999999999999B", "is too large");
}

static void parse_size_should_stop_at_an_exbibyte(void **state)
{
	uint64_t b = 0;

	(void)state;
	assert_int_equal(vp_parse_size("1048576T", "--host-ram", &b, NULL), 0);
	assert_true(b == (uint64_t)1 << 60);
	size_bad("1048577T", "size '1048577T' for --host-ram is too large (expected at most 1 EiB, "
			     "1152921504606846976 bytes)");
	size_bad("18446744073709551615B", "is too large");
}

static void parse_size_should_list_the_units_in_its_message(void **state)
{
	struct vp_error err = {0};
	uint64_t b;

	(void)state;
	assert_int_equal(vp_parse_size("24GB2", "--host-ram", &b, &err), -1);
	assert_string_equal(err.message,
			    "invalid size '24GB2' for --host-ram (expected a number with a "
			    "unit B, K, KiB, KB, M, MiB, MB, G, GiB, GB, T, TiB, TB; Kubernetes' Ki, Mi, Gi, Ti; "
			    "docker's b, k, m, g, t, kb, mb, gb, tb)");
	assert_int_equal(err.line, 0);
	assert_string_equal(err.file, "");
}

static void parse_size_should_accept_a_null_error(void **state)
{
	uint64_t b = 1;

	(void)state;
	assert_int_equal(vp_parse_size("nope", "--x", &b, NULL), -1);
	assert_int_equal(b, 1);
}

static void parse_u64_should_accept_values_in_range(void **state)
{
	struct vp_error err = {0};
	uint64_t v = 0;

	(void)state;
	assert_int_equal(vp_parse_u64("42", "--batch", 1, 100, &v, &err), 0);
	assert_int_equal(v, 42);
	assert_int_equal(vp_parse_u64("1", "--batch", 1, 100, &v, &err), 0);
	assert_int_equal(v, 1);
	assert_int_equal(vp_parse_u64("100", "--batch", 1, 100, &v, &err), 0);
	assert_int_equal(v, 100);
	assert_int_equal(vp_parse_u64("0042", "--batch", 1, 100, &v, &err), 0);
	assert_int_equal(v, 42);
	assert_int_equal(vp_parse_u64("18446744073709551615", "--x", 0, UINT64_MAX, &v, &err), 0);
	assert_int_equal(v, UINT64_MAX);
}

static void parse_u64_should_reject_out_of_range_values(void **state)
{
	struct vp_error err = {0};
	uint64_t v = 7;

	(void)state;
	assert_int_equal(vp_parse_u64("0", "--batch", 1, 100, &v, &err), -1);
	assert_string_equal(err.message,
			    "value '0' for --batch is out of range (expected a whole number from 1 to 100)");
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_int_equal(vp_parse_u64("101", "--batch", 1, 100, &v, &err), -1);
	assert_int_equal(vp_parse_u64("18446744073709551616", "--x", 0, UINT64_MAX, &v, &err), -1);
	assert_non_null(strstr(err.message, "out of range"));
	assert_int_equal(v, 7);
}

static void parse_u64_should_reject_anything_but_digits(void **state)
{
	static const char *const bad[] = {"", "-1", "+1", " 1", "1 ", "1.0", "0x10", "1e3", "12a", "a"};
	struct vp_error err = {0};
	uint64_t v = 7;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (vp_parse_u64(bad[i], "--batch", 0, 100, &v, &err) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_int_equal(err.code, VP_ERR_INPUT);
	}
	assert_int_equal(v, 7);
	assert_int_equal(vp_parse_u64("-1", "--batch", 1, 100, &v, &err), -1);
	assert_string_equal(err.message,
			    "invalid number '-1' for --batch (expected a whole number from 1 to 100)");
	assert_int_equal(vp_parse_u64(NULL, "--batch", 1, 100, &v, &err), -1);
}

static double double_ok(const char *s, double min, double max)
{
	struct vp_error err = {0};
	double v = -42.0;

	if (vp_parse_double(s, "--x", min, max, &v, &err) != 0)
		fail_msg("'%s' was rejected: %s", s, err.message);
	return v;
}

static void parse_double_should_read_decimal_numbers_exactly(void **state)
{
	(void)state;
	/* Exact equality: these must round the way the compiler rounds literals. */
	assert_true(double_ok("0.1", 0, 1) == 0.1);
	assert_true(double_ok("0.5", 0, 1) == 0.5);
	assert_true(double_ok("3.14159", 0, 10) == 3.14159);
	assert_true(double_ok("123456.789", 0, 1e6) == 123456.789);
	assert_true(double_ok("1e-3", 0, 1) == 1e-3);
	assert_true(double_ok("2.5E2", 0, 1000) == 250.0);
	assert_true(double_ok("2.5e+2", 0, 1000) == 250.0);
	assert_true(double_ok("-0.25", -1, 1) == -0.25);
	assert_true(double_ok("7", 0, 10) == 7.0);
	assert_true(double_ok("1.", 0, 10) == 1.0);
	assert_true(double_ok(".5", 0, 10) == 0.5);
	assert_true(double_ok("0", 0, 1) == 0.0);
	assert_true(double_ok("0.000", 0, 1) == 0.0);
	assert_true(double_ok("000123.4500", 0, 1000) == 123.45);
	/* Far from small powers of ten and past 19 digits: still the
	 * correctly rounded double, as the compiler rounds the literal. */
	assert_true(double_ok("1.5e300", 0, 1e301) == 1.5e300);
	assert_true(double_ok("2.5e-300", 0, 1) == 2.5e-300);
	assert_true(double_ok("12345678901234567890123", 0, 1e30) == 12345678901234567890123.0);
	assert_true(double_ok("0.1111111111111111111111111111111111111111", 0, 1) ==
		    0.1111111111111111111111111111111111111111);
}

/* What the catalogue writer prints (%.17g) must read back to the same
 * double, subnormals included (a config.json dropout of 5e-324 made import
 * print a value that read back as 0: docs/robustness.md F16; long decimals
 * came back an ulp off: F9). */
static void parse_double_should_read_back_what_17_digits_print_down_to_subnormals(void **state)
{
	uint64_t x = 88172645463325252u, bits;
	char buf[40];
	double d, back;
	int i;

	(void)state;
	for (i = 0; i < 4000; i++) {
		x ^= x << 13; /* xorshift64: a fixed spread of bit patterns */
		x ^= x >> 7;
		x ^= x << 17;
		/* below DBL_MIN (subnormal) and just above it */
		bits = i % 2 == 0 ? x & ((UINT64_C(1) << 52) - 1) : (x & ((UINT64_C(1) << 56) - 1));
		if (bits == 0)
			continue;
		memcpy(&d, &bits, sizeof d);
		snprintf(buf, sizeof buf, "%.17g", d);
		back = double_ok(buf, 0, 1);
		if (back != d)
			fail_msg("'%s' read back as %.17g", buf, back);
	}
}

static void parse_double_should_reject_nan_inf_hex_and_junk(void **state)
{
	static const char *const bad[] = {
		"nan", "NaN", "inf", "-inf", "infinity", "0x1p3", "0x10", " 1", "1 ", "+1",
		"1e", "1e+", "e5", "", ".", "-", "1,5", "1.5.5", "1e400", "--1",
	};
	struct vp_error err = {0};
	double v = 42.0;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (vp_parse_double(bad[i], "--lr", -1e300, 1e300, &v, &err) != -1)
			fail_msg("'%s' was accepted as %g", bad[i], v);
		assert_int_equal(err.code, VP_ERR_INPUT);
	}
	assert_true(v == 42.0);
	assert_int_equal(vp_parse_double("nan", "--lr", 0, 1, &v, &err), -1);
	assert_string_equal(err.message,
			    "invalid number 'nan' for --lr (expected a decimal number from 0 to 1)");
}

static void parse_double_should_reject_out_of_range_values(void **state)
{
	struct vp_error err = {0};
	double v = 42.0;

	(void)state;
	assert_int_equal(vp_parse_double("1.5", "--dropout", 0, 1, &v, &err), -1);
	assert_string_equal(err.message,
			    "value '1.5' for --dropout is out of range (expected a number from 0 to 1)");
	assert_int_equal(vp_parse_double("-0.1", "--dropout", 0, 1, &v, &err), -1);
	assert_true(v == 42.0);
	assert_int_equal(vp_parse_double("1", "--dropout", 0, 1, &v, &err), 0);
	assert_true(v == 1.0);
}

static void parse_double_should_ignore_the_locale(void **state)
{
	static const char *const locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8"};
	const char *set = NULL;
	size_t i;

	(void)state;
	for (i = 0; set == NULL && i < sizeof locales / sizeof locales[0]; i++)
		set = setlocale(LC_NUMERIC, locales[i]);
	/* Only a locale with a decimal comma makes strtod() read "0.5" wrongly. */
	if (set == NULL || strcmp(localeconv()->decimal_point, ",") != 0) {
		setlocale(LC_NUMERIC, "C");
		skip();
	}
	assert_true(double_ok("0.5", 0, 1) == 0.5);
	setlocale(LC_NUMERIC, "C");
}

static void format(uint64_t bytes, const char *want)
{
	char buf[64];

	memset(buf, 'x', sizeof buf);
	vp_format_bytes(bytes, buf, sizeof buf);
	assert_string_equal(buf, want);
}

static void format_bytes_should_pick_the_largest_fitting_unit(void **state)
{
	(void)state;
	format(0, "0 B");
	format(1023, "1023 B");
	format(1024, "1.00 KiB");
	format(1536, "1.50 KiB");
	format((uint64_t)1 << 20, "1.00 MiB");
	format((uint64_t)24 << 30, "24.00 GiB");
	format(UINT64_C(13249974108), "12.34 GiB");
	format((uint64_t)2 << 40, "2048.00 GiB");
	format(UINT64_MAX - 1, "17179869184.00 GiB");
	format(UINT64_MAX, "at least 17179869184.00 GiB"); /* a saturated host sum */
}

static void format_bytes_should_round_to_hundredths(void **state)
{
	(void)state;
	format(1029, "1.00 KiB");      /* 1.0049 */
	format(1030, "1.01 KiB");      /* 1.0059 */
	format(1048575, "1.00 MiB");   /* 1023.999 KiB rounds up a unit */
	format(((uint64_t)1 << 30) - 1, "1.00 GiB");
}

static void format_bytes_should_truncate_to_the_buffer(void **state)
{
	char buf[5] = "zzzz";

	(void)state;
	vp_format_bytes((uint64_t)24 << 30, buf, sizeof buf);
	assert_string_equal(buf, "24.0");
	vp_format_bytes(1, buf, 0);
	assert_string_equal(buf, "24.0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_size_should_accept_binary_units),
		cmocka_unit_test(parse_size_should_accept_dockers_units),
		cmocka_unit_test(parse_size_should_accept_kubernetes_binary_units),
		cmocka_unit_test(parse_size_should_accept_decimal_units),
		cmocka_unit_test(parse_size_should_read_bytes_only_with_their_unit),
		cmocka_unit_test(parse_size_should_refuse_a_bare_number),
		cmocka_unit_test(parse_size_should_accept_fractions_of_a_unit),
		cmocka_unit_test(parse_size_should_accept_the_largest_value),
		cmocka_unit_test(parse_size_should_reject_junk_signs_and_missing_digits),
		cmocka_unit_test(parse_size_should_reject_fractions_of_a_byte),
		cmocka_unit_test(parse_size_should_reject_overflow),
		cmocka_unit_test(parse_size_should_stop_at_an_exbibyte),
		cmocka_unit_test(parse_size_should_list_the_units_in_its_message),
		cmocka_unit_test(parse_size_should_accept_a_null_error),
		cmocka_unit_test(parse_u64_should_accept_values_in_range),
		cmocka_unit_test(parse_u64_should_reject_out_of_range_values),
		cmocka_unit_test(parse_u64_should_reject_anything_but_digits),
		cmocka_unit_test(parse_double_should_read_decimal_numbers_exactly),
		cmocka_unit_test(parse_double_should_read_back_what_17_digits_print_down_to_subnormals),
		cmocka_unit_test(parse_double_should_reject_nan_inf_hex_and_junk),
		cmocka_unit_test(parse_double_should_reject_out_of_range_values),
		cmocka_unit_test(parse_double_should_ignore_the_locale),
		cmocka_unit_test(format_bytes_should_pick_the_largest_fitting_unit),
		cmocka_unit_test(format_bytes_should_round_to_hundredths),
		cmocka_unit_test(format_bytes_should_truncate_to_the_buffer),
	};

	return cmocka_run_group_tests_name("sizes", tests, NULL, NULL);
}
