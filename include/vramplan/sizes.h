#ifndef VRAMPLAN_SIZES_H
#define VRAMPLAN_SIZES_H

/*
 * Strict parsers for command-line and file values. Each returns 0, or -1 with
 * err filled (VP_ERR_INPUT) naming `what` (e.g. "--host-ram").
 */

#include <stdint.h>

#include "vramplan/error.h"

/* A byte size: digits with an optional fraction and a unit: B, K/KB/KiB,
 * M/MB/MiB, G/GB/GiB, T/TB/TiB. K, M, G, T and the *iB forms are binary
 * (powers of 1024), as nvidia-smi and free(1) print; KB, MB, GB, TB are
 * decimal. Container limits as written: Kubernetes' Ki, Mi, Gi, Ti and
 * docker's b, k, m, g, t, kb, mb, gb, tb, all binary as there. A bare
 * number is refused (a unit is needed). Rejects signs, junk, and overflow. */
int vp_parse_size(const char *s, const char *what, uint64_t *bytes, struct vp_error *err);

/* vp_parse_size for a host's RAM: also refused under half a hundredth of
 * a GiB (5.12 MiB), which every message would echo as "0.00 GiB" and which no
 * trainer process fits in; most likely a unit slip (1B for 1GiB). */
int vp_parse_host_ram(const char *s, const char *what, uint64_t *bytes, struct vp_error *err);

/* A decimal integer in [min, max]. */
int vp_parse_u64(const char *s, const char *what, uint64_t min, uint64_t max,
		 uint64_t *out, struct vp_error *err);

/* For a count written with a thousands suffix, as lengths are spoken ("2k",
 * "4K", "1.5k"): ": write 2048 or 2000" into buf (the two readings, which
 * the suffix leaves open), for an error's message; "" otherwise. */
void vp_kilo_hint(const char *s, char *buf, unsigned long size);

/* A finite decimal number in [min, max]. Locale-independent. */
int vp_parse_double(const char *s, const char *what, double min, double max,
		    double *out, struct vp_error *err);

/* Format bytes as "12.34 GiB" (or MiB/KiB/B) into buf. */
void vp_format_bytes(uint64_t bytes, char *buf, unsigned long size);

#endif
