#ifndef VRAMPLAN_NAMES_H
#define VRAMPLAN_NAMES_H

/*
 * Comparing names as people type them: a config key with a typo, a GPU as
 * nvidia-smi prints it ("NVIDIA GeForce RTX 3090"), a model with spaces.
 */

#include <stdbool.h>
#include <stddef.h>

/* Levenshtein distance between two strings of at most 96 bytes; 99 for
 * longer ones (enough to catch a typo). */
size_t vp_edit_distance(const char *a, const char *b);

/*
 * A name's loose form: its ASCII letters (lower-cased) and digits, without
 * the ASCII spaces and punctuation between them (bytes outside printable
 * ASCII stay, so they never fold into a catalogue name),
 * without a leading "nvidia" and then "geforce" or "tesla" (the vendor's
 * words nvidia-smi prints before a model): "NVIDIA GeForce RTX 3090",
 * "RTX 3090" and "rtx3090" all become "rtx3090". Cut to size - 1 bytes.
 */
void vp_name_loose(const char *s, char *buf, size_t size);

/*
 * The same words in another order: the runs of ASCII letters and digits of
 * a and b, lower-cased, without the vendor's words (nvidia, geforce,
 * tesla), are one multiset. A GPU's size and form factor come in either
 * order ("a100-40gb-sxm4" and "A100-SXM4-40GB", "h100-80gb-pcie" and
 * "h100-pcie-80gb"). False for a name of no words, or of more than 12 or
 * one longer than 31 bytes.
 */
bool vp_name_same_words(const char *a, const char *b);

#endif
