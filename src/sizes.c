/* newlocale()/uselocale(): POSIX.1-2008 */
#define _POSIX_C_SOURCE 200809L

#include "vramplan/sizes.h"

#include <ctype.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/checked.h"

#define SIZE_UNITS                                                                                     \
	"B, K, KiB, KB, M, MiB, MB, G, GiB, GB, T, TiB, TB; Kubernetes' Ki, Mi, Gi, Ti; docker's b, k, m, g, " \
	"t, kb, mb, gb, tb"

/* Fraction digits beyond this many are dropped: a billionth of a unit is
 * below a byte for every unit up to GiB and a kilobyte for TiB. */
#define FRAC_DIGITS_MAX 9

/*
 * The largest size read: 1 EiB, a million times the largest host or GPU
 * memory sold. Beyond it a limit would only compare against sums that
 * saturate (host RAM sums stop at 2^64 - 1, vp_host_within), and a limit
 * of 2^64 - 1 bytes would print like a saturated sum.
 */
#define SIZE_MAX_BYTES ((uint64_t)1 << 60)

struct size_unit {
	const char *suffix;
	uint64_t multiplier;
};

static const struct size_unit size_units[] = {
	{"B", 1},
	{"K", (uint64_t)1 << 10},
	{"KiB", (uint64_t)1 << 10},
	{"KB", 1000},
	{"M", (uint64_t)1 << 20},
	{"MiB", (uint64_t)1 << 20},
	{"MB", 1000000},
	{"G", (uint64_t)1 << 30},
	{"GiB", (uint64_t)1 << 30},
	{"GB", 1000000000},
	{"T", (uint64_t)1 << 40},
	{"TiB", (uint64_t)1 << 40},
	{"TB", 1000000000000},
	/* Kubernetes' binary quantity suffixes (resources.limits.memory:
	 * 60Gi; apimachinery resource.Quantity: Ki = 2^10 ... Ti = 2^40).
	 * Its decimal k, M, G, T (10^3 ...) are not these: K, M, G, T here
	 * are binary, as nvidia-smi and free(1) print, so a Kubernetes limit
	 * of 60G is written 60GB. */
	{"Ki", (uint64_t)1 << 10},
	{"Mi", (uint64_t)1 << 20},
	{"Gi", (uint64_t)1 << 30},
	{"Ti", (uint64_t)1 << 40},
	/* docker run --memory's units, binary as there: docker reads them
	 * with go-units' RAMInBytes, whose unit letter takes an optional b
	 * and whose every unit is a power of 1024 (60g and 60gb are both
	 * 60 GiB to docker; podman documents the same, containers/podman
	 * #14187). Only the lower-case spellings: upper-case GB keeps the
	 * decimal meaning above. */
	{"b", 1},
	{"k", (uint64_t)1 << 10},
	{"m", (uint64_t)1 << 20},
	{"g", (uint64_t)1 << 30},
	{"t", (uint64_t)1 << 40},
	{"kb", (uint64_t)1 << 10},
	{"mb", (uint64_t)1 << 20},
	{"gb", (uint64_t)1 << 30},
	{"tb", (uint64_t)1 << 40},
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int bad_size(const char *s, const char *what, struct vp_error *err)
{
	return vp_error_set(err, VP_ERR_INPUT,
			    "invalid size '%s' for %s (expected a number with a unit "
			    SIZE_UNITS ")", s, what);
}

int vp_parse_size(const char *s, const char *what, uint64_t *bytes, struct vp_error *err)
{
	const char *p = s;
	uint64_t whole = 0, frac = 0, scale = 1, mult = 0, total, part;
	size_t frac_digits = 0, i;
	int has_frac = 0;

	if (s == NULL)
		return bad_size("", what, err);
	if (!is_digit(*p))
		return bad_size(s, what, err);
	for (; is_digit(*p); p++) {
		if (vp_mul_u64(whole, 10, &whole) != 0 ||
		    vp_add_u64(whole, (uint64_t)(*p - '0'), &whole) != 0)
			goto too_large;
	}
	if (*p == '.') {
		p++;
		if (!is_digit(*p))
			return bad_size(s, what, err);
		has_frac = 1;
		for (; is_digit(*p); p++) {
			if (frac_digits == FRAC_DIGITS_MAX)
				continue;
			frac = frac * 10 + (uint64_t)(*p - '0');
			scale *= 10;
			frac_digits++;
		}
	}
	/* A bare number is refused rather than read as bytes: "--host-ram 60"
	 * meant gigabytes, and 60 bytes would fail every plan for the wrong
	 * reason. */
	if (*p == '\0')
		return vp_error_set(err, VP_ERR_INPUT,
				    "invalid size '%s' for %s: a unit is needed (%sGiB or %sGB? %sB for bytes)", s,
				    what, s, s, s);
	for (i = 0; i < sizeof size_units / sizeof size_units[0]; i++) {
		if (strcmp(p, size_units[i].suffix) == 0) {
			mult = size_units[i].multiplier;
			break;
		}
	}
	/* A fraction of a byte is not a size. */
	if (mult == 0 || (has_frac && mult == 1))
		return bad_size(s, what, err);

	if (vp_mul_u64(whole, mult, &total) != 0)
		goto too_large;
	/*
	 * frac/scale of the unit, rounded down, without overflow: with
	 * mult = q*scale + r, frac*mult/scale = frac*q + frac*r/scale, and
	 * frac, r < scale <= 10^9 keep frac*r below 10^18.
	 */
	part = frac * (mult / scale) + frac * (mult % scale) / scale;
	if (vp_add_u64(total, part, &total) != 0 || total > SIZE_MAX_BYTES)
		goto too_large;
	*bytes = total;
	return 0;

too_large:
	return vp_error_set(err, VP_ERR_INPUT,
			    "size '%s' for %s is too large (expected at most 1 EiB, %" PRIu64 " bytes)",
			    s, what, SIZE_MAX_BYTES);
}

void vp_kilo_hint(const char *s, char *buf, unsigned long size)
{
	const char *p = s;
	uint64_t whole = 0, tenths = 0;
	int digits = 0;

	if (size > 0)
		buf[0] = '\0';
	if (s == NULL)
		return;
	for (; is_digit(*p) && digits < 6; p++, digits++)
		whole = whole * 10 + (uint64_t)(*p - '0');
	if (digits == 0 || digits == 6)
		return;
	/* one decimal at most: 1.5k is 1536 or 1500, 1.25k is no length */
	if (*p == '.' && is_digit(p[1])) {
		tenths = (uint64_t)(p[1] - '0');
		p += 2;
	}
	if ((*p != 'k' && *p != 'K') || p[1] != '\0' || (whole == 0 && tenths == 0))
		return;
	snprintf(buf, size, ": write %" PRIu64 " or %" PRIu64, whole * 1024 + tenths * 1024 / 10,
		 whole * 1000 + tenths * 100);
}

int vp_parse_u64(const char *s, const char *what, uint64_t min, uint64_t max,
		 uint64_t *out, struct vp_error *err)
{
	const char *p = s;
	uint64_t v = 0;
	int overflow = 0;
	char hint[48];

	if (s == NULL || !is_digit(*s))
		goto invalid;
	for (; is_digit(*p); p++) {
		if (vp_mul_u64(v, 10, &v) != 0 || vp_add_u64(v, (uint64_t)(*p - '0'), &v) != 0)
			overflow = 1;
	}
	if (*p != '\0')
		goto invalid;
	if (overflow || v < min || v > max)
		return vp_error_set(err, VP_ERR_INPUT,
				    "value '%s' for %s is out of range (expected a whole number from %"
				    PRIu64 " to %" PRIu64 ")", s, what, min, max);
	*out = v;
	return 0;

invalid:
	vp_kilo_hint(s, hint, sizeof hint);
	return vp_error_set(err, VP_ERR_INPUT,
			    "invalid number '%s' for %s (expected a whole number from %" PRIu64
			    " to %" PRIu64 "%s)", s != NULL ? s : "", what, min, max, hint);
}

/*
 * Decimal text to double. The grammar is checked here (digits, one point, an
 * optional exponent, an optional leading '-'; no "nan", "inf", hex, '+' or
 * spaces, which strtod() would accept); the value then comes from strtod()
 * run in the "C" locale, so that it is correctly rounded (glibc's strtod is)
 * whatever LC_NUMERIC says about the decimal point. That is what makes every
 * %.17g the catalogue writer prints read back to the same double, subnormals
 * included (docs/robustness.md F9, F16).
 */
static int decimal_to_double(const char *s, double *out)
{
	const char *p = s;
	int digits = 0;
	locale_t c_locale, previous;

	if (*p == '-')
		p++;
	for (; is_digit(*p); p++)
		digits++;
	if (*p == '.')
		for (p++; is_digit(*p); p++)
			digits++;
	if (digits == 0)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!is_digit(*p))
			return -1;
		while (is_digit(*p))
			p++;
	}
	if (*p != '\0')
		return -1;

	c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	if (c_locale == (locale_t)0)
		return -1;
	previous = uselocale(c_locale);
	*out = strtod(s, NULL);
	uselocale(previous);
	freelocale(c_locale);
	return 0;
}

int vp_parse_double(const char *s, const char *what, double min, double max,
		    double *out, struct vp_error *err)
{
	double v;

	/* The grammar has no room for "nan", "inf", hex floats, '+' or
	 * whitespace, which strtod() would all accept. */
	if (s == NULL || decimal_to_double(s, &v) != 0 || !isfinite(v))
		return vp_error_set(err, VP_ERR_INPUT,
				    "invalid number '%s' for %s (expected a decimal number from %g to %g)",
				    s != NULL ? s : "", what, min, max);
	if (v < min || v > max)
		return vp_error_set(err, VP_ERR_INPUT,
				    "value '%s' for %s is out of range (expected a number from %g to %g)",
				    s, what, min, max);
	*out = v;
	return 0;
}

void vp_format_bytes(uint64_t bytes, char *buf, unsigned long size)
{
	static const char *const names[] = {"KiB", "MiB", "GiB"};
	uint64_t unit = (uint64_t)1 << 30, whole, hundredths;
	int i = 2;

	if (buf == NULL || size == 0)
		return;
	/* a saturated host sum (host.h vp_host_within): past 2^64 bytes */
	if (bytes == UINT64_MAX) {
		snprintf(buf, size, "at least %" PRIu64 ".00 GiB", (UINT64_MAX >> 30) + 1);
		return;
	}
	if (bytes < 1024) {
		snprintf(buf, size, "%" PRIu64 " B", bytes);
		return;
	}
	while (bytes < unit) {
		unit >>= 10;
		i--;
	}
	/* Integer arithmetic: exact, and no locale decimal point. The
	 * remainder is below 2^30, so rem * 100 cannot overflow. */
	whole = bytes / unit;
	hundredths = ((bytes % unit) * 100 + unit / 2) / unit;
	if (hundredths == 100) {
		whole++;
		hundredths = 0;
	}
	/* 1023.999 KiB rounds to 1024.00 KiB; print 1.00 MiB instead. */
	if (whole == 1024 && i < 2) {
		whole = 1;
		i++;
	}
	snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " %s", whole, hundredths, names[i]);
}

int vp_parse_host_ram(const char *s, const char *what, uint64_t *bytes, struct vp_error *err)
{
	/* the plan prints host RAM in hundredths of a GiB (emit_plan.c
	 * vp_format_gib): under half of one it reads 0.00, an echo that
	 * hides what was given; and CUDA's context alone takes hundreds of
	 * MiB of host memory, so no run is refused wrongly. The echo rounds
	 * half up (rem * 100 + 2^29 >> 30), so 0.01 needs 2^30 / 200 bytes
	 * rounded up: 5368710; until 2026-11-30 the floor let 0.005GiB
	 * (5368709 bytes) through, echoed as 0.00 GiB */
	const uint64_t least = (((uint64_t)1 << 30) + 199) / 200;
	size_t digits;
	char unit;

	if (vp_parse_size(s, what, bytes, err) != 0)
		return -1;
	if (*bytes == 0)
		return vp_error_set(err, VP_ERR_INPUT, "%s must be more than 0", what);
	if (*bytes >= least)
		return 0;
	digits = strspn(s, "0123456789.");
	unit = (char)tolower((unsigned char)s[digits + strspn(s + digits, " ")]);
	/* a size already in GiB or above is no unit slip: nothing to suggest */
	if (unit == 'g' || unit == 't' || unit == 'p' || unit == 'e')
		return vp_error_set(err, VP_ERR_INPUT,
				    "%s '%s' is under 0.005 GiB, which the plan would show as 0.00 GiB and no trainer "
				    "runs in",
				    what, s);
	return vp_error_set(err, VP_ERR_INPUT,
			    "%s '%s' is under 0.005 GiB, which the plan would show as 0.00 GiB and no trainer runs in "
			    "(did you mean %.*sGiB?)",
			    what, s, (int)(digits > 20 ? 20 : digits), s);
}
