#ifndef VRAMPLAN_CHECKED_H
#define VRAMPLAN_CHECKED_H

/*
 * Overflow-checked arithmetic on byte and element counts. Every product of
 * user-controlled quantities (batch, sequence, vocabulary, layers) goes through
 * these; an overflow is reported as an input error by the caller.
 * Each returns 0 on success and -1 on overflow (leaving *out unspecified).
 */

#include <stdint.h>

static inline int vp_add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
	return __builtin_add_overflow(a, b, out) ? -1 : 0;
}

static inline int vp_mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
	return __builtin_mul_overflow(a, b, out) ? -1 : 0;
}

#endif
