/* mkstemp, ftruncate, mkdtemp for the vp_read_file tests. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vramplan/catalog.h"
#include "vramplan/names.h"
#include "vramplan/fileio.h"

#define GOOD VP_TEST_DATA "/catalog/good/"
#define BAD VP_TEST_DATA "/catalog/bad/"

static void load_ok(struct vp_catalog *cat, const char *path)
{
	struct vp_error err = {0};

	if (vp_catalog_load_file(cat, path, &err) != 0) {
		char buf[1200];

		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
}

/*
 * Each bad file holds exactly one problem: the load fails with an input
 * error at that file, line and column, the message contains `needle`, and
 * the catalogue it was loaded into is unchanged.
 */
static void expect_error(const char *file, unsigned long line, unsigned long column,
			 const char *needle)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	char path[512];

	snprintf(path, sizeof path, BAD "%s", file);
	load_ok(&cat, GOOD "basic.yaml");
	assert_int_equal(vp_catalog_load_file(&cat, path, &err), -1);
	if (strstr(err.message, needle) == NULL)
		fail_msg("%s: message lacks '%s': %s", file, needle, err.message);
	if (err.line != line || err.column != column)
		fail_msg("%s: error at %lu:%lu, expected %lu:%lu: %s", file, err.line, err.column,
			 line, column, err.message);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_string_equal(err.file, path);
	/* house style: lower-case first word (or a quote), no final period */
	assert_true(err.message[0] == '\'' || (err.message[0] >= 'a' && err.message[0] <= 'z'));
	assert_true(err.message[strlen(err.message) - 1] != '.');
	assert_int_equal(cat.n_models, 3);
	assert_int_equal(cat.n_gpus, 2);
	assert_string_equal(cat.gpus[0].full_name, "NVIDIA GeForce RTX 3090");
	vp_catalog_free(&cat);
}

/* ---- good files --------------------------------------------------------- */

static void load_should_read_every_kind_of_value(void **state)
{
	struct vp_catalog cat = {0};
	const struct vp_model *m;
	const struct vp_gpu *g;

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	assert_int_equal(cat.n_models, 3);
	assert_int_equal(cat.n_gpus, 2);

	m = &cat.models[0];
	assert_string_equal(m->name, "tiny-llama");
	assert_string_equal(m->hf_id, "example/Tiny-Llama-1B");
	assert_string_equal(m->model_type, "llama");
	assert_int_equal(m->stored_dtype, VP_DTYPE_BF16);
	assert_int_equal(m->n_aliases, 2);
	assert_string_equal(m->aliases[0], "tinyllama");
	assert_string_equal(m->aliases[1], "tl-1b");
	assert_string_equal(m->source, "hand-written test entry");
	assert_int_equal(m->params_published, UINT64_C(1100048384));
	assert_int_equal(m->arch, VP_ARCH_DECODER);
	assert_int_equal(m->hidden_size, 2048);
	assert_int_equal(m->intermediate_size, 5632);
	assert_int_equal(m->vocab_size, 32000);
	assert_int_equal(m->num_layers, 22);
	assert_int_equal(m->num_heads, 32);
	assert_int_equal(m->num_kv_heads, 4);
	assert_int_equal(m->head_dim, 64);
	assert_int_equal(m->num_decoder_layers, 0);
	assert_false(m->tie_embeddings);
	assert_true(m->rotary_fraction == 1.0);
	assert_int_equal(m->context_tokens, 2048);
	assert_true(m->rope_scaled);
	assert_int_equal(vp_model_context_tokens(m), 2048);

	m = &cat.models[1];
	assert_string_equal(m->name, "tiny-t5");
	assert_int_equal(m->arch, VP_ARCH_ENCDEC);
	assert_int_equal(m->num_decoder_layers, 6);
	assert_int_equal(m->head_dim, 64);
	assert_int_equal(m->num_kv_heads, 8);
	assert_int_equal(m->relative_buckets, 32);
	assert_int_equal(m->act, VP_ACT_RELU);
	assert_false(m->gated_mlp);
	assert_true(m->hidden_dropout == 0.1);
	assert_true(m->attn_dropout == 0.0);
	assert_true(m->act_dropout == 0.0);

	m = &cat.models[2];
	assert_string_equal(m->name, "tiny-bert");
	assert_int_equal(m->arch, VP_ARCH_ENCODER);
	assert_int_equal(m->max_positions, 512);
	assert_int_equal(m->context_tokens, 0);
	assert_false(m->rope_scaled);
	assert_int_equal(m->type_vocab_size, 2);

	g = &cat.gpus[0];
	assert_string_equal(g->name, "rtx3090");
	assert_string_equal(g->full_name, "NVIDIA GeForce RTX 3090");
	assert_int_equal(g->n_aliases, 2);
	assert_string_equal(g->aliases[0], "3090");
	assert_int_equal(g->memory_mib, 24576);
	assert_int_equal(g->compute_capability, 86);
	assert_true(g->bf16);
	assert_true(g->flash_attn);
	assert_true(g->fp16_tflops == 71.0);
	assert_true(g->bandwidth_gbs == 936.2);

	g = &cat.gpus[1];
	assert_string_equal(g->name, "b200");
	assert_string_equal(g->full_name, "NVIDIA B200");
	assert_int_equal(g->compute_capability, 100);
	assert_false(g->bf16);
	assert_true(g->fp16_tflops == 0.0);
	vp_catalog_free(&cat);
}

static void load_should_apply_family_defaults_before_the_file(void **state)
{
	struct vp_catalog cat = {0};
	const struct vp_model *m;

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	/* llama family: silu, RMS norm, rotary; not written in the file */
	m = vp_catalog_find_model(&cat, "tiny-llama");
	assert_non_null(m);
	assert_int_equal(m->act, VP_ACT_SILU);
	assert_int_equal(m->norm, VP_NORM_RMS);
	assert_int_equal(m->pos, VP_POS_ROTARY);
	/* bert family: layer norm, learned positions; kv heads and head_dim defaulted */
	m = vp_catalog_find_model(&cat, "tiny-bert");
	assert_non_null(m);
	assert_int_equal(m->norm, VP_NORM_LAYER);
	assert_int_equal(m->pos, VP_POS_LEARNED);
	assert_int_equal(m->num_kv_heads, 12);
	assert_int_equal(m->head_dim, 64);
	vp_catalog_free(&cat);
}

static void load_should_accept_flow_style(void **state)
{
	struct vp_catalog cat = {0};

	(void)state;
	load_ok(&cat, GOOD "flow.yaml");
	assert_int_equal(cat.n_models, 0);
	assert_int_equal(cat.n_gpus, 1);
	assert_string_equal(cat.gpus[0].full_name, "Tesla V100-SXM2-16GB");
	assert_int_equal(cat.gpus[0].compute_capability, 70);
	vp_catalog_free(&cat);
}

static void load_should_let_a_later_file_override_an_entry_by_name(void **state)
{
	struct vp_catalog cat = {0};
	const struct vp_model *m;
	const struct vp_gpu *g;

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	load_ok(&cat, GOOD "override.yaml");
	assert_int_equal(cat.n_models, 3);
	assert_int_equal(cat.n_gpus, 3);
	m = vp_catalog_find_model(&cat, "tiny-llama");
	assert_non_null(m);
	assert_ptr_equal(m, &cat.models[0]); /* replaced in place */
	assert_int_equal(m->num_layers, 24);
	assert_string_equal(m->hf_id, "example/Tiny-Llama-1B-v2");
	/* the whole entry is replaced, not merged: the old aliases are gone */
	assert_int_equal(m->n_aliases, 0);
	assert_null(vp_catalog_find_model(&cat, "tl-1b"));
	g = vp_catalog_find_gpu(&cat, "rtx3090");
	assert_non_null(g);
	assert_string_equal(g->full_name, "NVIDIA GeForce RTX 3090 (power-limited)");
	assert_int_equal(g->compute_capability, 0);
	assert_non_null(vp_catalog_find_gpu(&cat, "a10g"));
	vp_catalog_free(&cat);
}

static void find_model_should_match_name_alias_and_hf_id_ignoring_case(void **state)
{
	struct vp_catalog cat = {0};
	const struct vp_model *llama;

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	llama = &cat.models[0];
	assert_ptr_equal(vp_catalog_find_model(&cat, "tiny-llama"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "TINY-Llama"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "tl-1b"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "TinyLlama"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "example/Tiny-Llama-1B"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "EXAMPLE/tiny-llama-1b"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "example/tiny-t5"), &cat.models[1]);
	/* an alias may be a Hugging Face id, found as the id is typed */
	assert_ptr_equal(vp_catalog_find_model(&cat, "Example/Tiny-T5-Instruct"), &cat.models[1]);
	assert_null(vp_catalog_find_model(&cat, "tiny-t5-instruct"));
	assert_null(vp_catalog_find_model(&cat, "tiny"));
	assert_null(vp_catalog_find_model(&cat, "tiny-llama-2"));
	/* as typed: case, spaces and punctuation aside */
	assert_ptr_equal(vp_catalog_find_model(&cat, "Tiny Llama"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "tiny_llama"), llama);
	assert_ptr_equal(vp_catalog_find_model(&cat, "TL 1B"), llama);
	assert_null(vp_catalog_find_model(&cat, ""));
	assert_null(vp_catalog_find_model(&cat, NULL));
	assert_null(vp_catalog_find_gpu(&cat, "tiny-llama"));
	vp_catalog_free(&cat);
}

static void find_should_prefer_a_name_over_another_entrys_alias(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_model a, b;

	(void)state;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	strcpy(a.name, "alpha");
	strcpy(a.aliases[0], "beta");
	a.n_aliases = 1;
	strcpy(b.name, "beta");
	strcpy(b.hf_id, "alpha-org/alpha");
	assert_int_equal(vp_catalog_put_model(&cat, &a, NULL), 0);
	assert_int_equal(vp_catalog_put_model(&cat, &b, NULL), 0);
	assert_string_equal(vp_catalog_find_model(&cat, "beta")->name, "beta");
	assert_string_equal(vp_catalog_find_model(&cat, "alpha-org/alpha")->name, "beta");
	vp_catalog_free(&cat);
}

/* An entry's own hf_id names that checkpoint; another entry's alias of
 * the same id says only that the checkpoint shares its architecture. A
 * user file's entry for the checkpoint (put after the built-in one) is the
 * one its id finds. */
static void find_should_prefer_an_entrys_hf_id_over_another_entrys_id_alias(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_model base, own;

	(void)state;
	memset(&base, 0, sizeof base);
	memset(&own, 0, sizeof own);
	strcpy(base.name, "base-8b");
	strcpy(base.hf_id, "org/base-8b");
	strcpy(base.aliases[0], "org/base-8b-instruct");
	base.n_aliases = 1;
	strcpy(own.name, "my-instruct");
	strcpy(own.hf_id, "Org/Base-8B-Instruct");
	assert_int_equal(vp_catalog_put_model(&cat, &base, NULL), 0);
	assert_int_equal(vp_catalog_put_model(&cat, &own, NULL), 0);
	assert_string_equal(vp_catalog_find_model(&cat, "org/base-8b-instruct")->name, "my-instruct");
	assert_string_equal(vp_catalog_find_model(&cat, "org/base-8b")->name, "base-8b");
	vp_catalog_free(&cat);
	/* without the entry of its own, the alias finds the architecture */
	assert_int_equal(vp_catalog_put_model(&cat, &base, NULL), 0);
	assert_string_equal(vp_catalog_find_model(&cat, "Org/Base-8B-Instruct")->name, "base-8b");
	vp_catalog_free(&cat);
}

static void find_gpu_should_match_name_and_alias_ignoring_case(void **state)
{
	struct vp_catalog cat = {0};

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "RTX3090"), &cat.gpus[0]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "3090"), &cat.gpus[0]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "GeForce-RTX-3090"), &cat.gpus[0]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "B200"), &cat.gpus[1]);
	/* as typed, and as nvidia-smi prints it (the entry's full_name) */
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "RTX 3090"), &cat.gpus[0]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "NVIDIA B200"), &cat.gpus[1]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, cat.gpus[0].full_name), &cat.gpus[0]);
	assert_null(vp_catalog_find_gpu(&cat, "NVIDIA"));
	assert_null(vp_catalog_find_gpu(&cat, "RTX 309"));
	assert_null(vp_catalog_find_gpu(&cat, NULL));
	vp_catalog_free(&cat);
}

/* The size and form factor in another order than the entry's name, as a
 * cases file or a cloud's instance list writes them ("a100-40gb-sxm4" for
 * A100-SXM4-40GB): the same words, found after every exact and loose
 * spelling; a word more or less is another name */
static void find_gpu_should_match_the_same_words_in_another_order(void **state)
{
	struct vp_catalog cat = {0};

	(void)state;
	assert_true(vp_name_same_words("a100-40gb-sxm4", "NVIDIA A100-SXM4-40GB"));
	assert_true(vp_name_same_words("H100 80GB PCIe", "h100-pcie-80gb"));
	assert_true(vp_name_same_words("v100-16gb-sxm2", "Tesla V100-SXM2-16GB"));
	assert_false(vp_name_same_words("a100-40gb", "a100-sxm4-40gb"));
	assert_false(vp_name_same_words("a100-40gb-sxm4-sxm4", "a100-sxm4-40gb"));
	assert_false(vp_name_same_words("", ""));
	assert_false(vp_name_same_words("nvidia", "geforce"));
	assert_false(vp_name_same_words("a b c d e f g h i j k l m", "m l k j i h g f e d c b a"));
	load_ok(&cat, GOOD "basic.yaml");
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "3090 RTX"), &cat.gpus[0]);
	assert_ptr_equal(vp_catalog_find_gpu(&cat, "3090-geforce-rtx"), &cat.gpus[0]);
	assert_null(vp_catalog_find_gpu(&cat, "3090 RTX Ti"));
	vp_catalog_free(&cat);
}

/* Unknown names get the entries a typo away or holding them, at most max,
 * nearest first (one holding the name, then one typo, then two; catalogue
 * order among equals); nothing for a name like none */
static void suggestions_should_name_the_entries_near_an_unknown_key(void **state)
{
	struct vp_catalog cat = {0};
	const char *names[3];

	(void)state;
	load_ok(&cat, GOOD "basic.yaml");
	assert_int_equal(vp_catalog_suggest_gpus(&cat, "rtx3009", names, 3), 1);
	assert_string_equal(names[0], cat.gpus[0].name);
	assert_int_equal(vp_catalog_suggest_models(&cat, "tiny-lama", names, 3), 1);
	assert_string_equal(names[0], "tiny-llama");
	assert_int_equal(vp_catalog_suggest_models(&cat, "tiny", names, 3), cat.n_models);
	assert_int_equal(vp_catalog_suggest_models(&cat, "tiny", names, 1), 1);
	assert_int_equal(vp_catalog_suggest_models(&cat, "qqqqqq", names, 3), 0);
	assert_int_equal(vp_catalog_suggest_gpus(&cat, "", names, 3), 0);
	vp_catalog_free(&cat);

	/* the two RTX 5060 Ti entries hold "rtx5060" and come before the 5090,
	 * one edit away, in the built-in catalogue ("rtx4060" served until the
	 * RTX 4060 got its entry on 2026-12-01) */
	assert_int_equal(vp_catalog_load_builtin(&cat, &(struct vp_error){0}), 0);
	assert_null(vp_catalog_find_gpu(&cat, "rtx5060"));
	assert_int_equal(vp_catalog_suggest_gpus(&cat, "rtx5060", names, 3), 3);
	assert_string_equal(names[0], "rtx5060ti");
	assert_string_equal(names[1], "rtx5060ti-16gb");
	assert_string_equal(names[2], "rtx5090");
	assert_int_equal(vp_catalog_suggest_models(&cat, "llama-3.2-3", names, 1), 1);
	assert_string_equal(names[0], "llama-3.2-3b");
	vp_catalog_free(&cat);
}

static void put_should_replace_by_name_and_free_should_zero(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_gpu g;

	(void)state;
	memset(&g, 0, sizeof g);
	strcpy(g.name, "card");
	g.memory_mib = 1;
	assert_int_equal(vp_catalog_put_gpu(&cat, &g, NULL), 0);
	g.memory_mib = 2;
	strcpy(g.name, "CARD");
	assert_int_equal(vp_catalog_put_gpu(&cat, &g, NULL), 0);
	assert_int_equal(cat.n_gpus, 1);
	assert_int_equal(cat.gpus[0].memory_mib, 2);
	vp_catalog_free(&cat);
	assert_null(cat.gpus);
	assert_int_equal(cat.n_gpus, 0);
	vp_catalog_free(&cat);
}

static void load_builtin_should_load_the_embedded_catalogue(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	size_t i;

	(void)state;
	if (vp_catalog_load_builtin(&cat, &err) != 0) {
		char buf[1200];

		vp_error_format(&err, buf, sizeof buf);
		fail_msg("%s", buf);
	}
	for (i = 0; i < cat.n_models; i++) {
		assert_true(cat.models[i].head_dim > 0);
		assert_true(cat.models[i].num_kv_heads > 0);
		assert_ptr_equal(vp_catalog_find_model(&cat, cat.models[i].name), &cat.models[i]);
	}
	for (i = 0; i < cat.n_gpus; i++)
		assert_true(cat.gpus[i].memory_mib > 0);
	vp_catalog_free(&cat);
}

/* Upper-case copy, to look a key up the way a user might type it. */
static void upper(char *dst, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n && src[i] != '\0'; i++)
		dst[i] = (char)(src[i] >= 'a' && src[i] <= 'z' ? src[i] - 'a' + 'A' : src[i]);
	dst[i] = '\0';
}

/* Load only what `key` can match (as a model key, or as a GPU key) and
 * check that the lookup finds the very entry the full catalogue finds. */
static void expect_matching_finds(const struct vp_catalog *full, const char *key, bool gpu)
{
	struct vp_catalog part;
	struct vp_error err;
	const void *want, *got;

	memset(&part, 0, sizeof part);
	assert_int_equal(vp_catalog_load_builtin_matching(&part, gpu ? NULL : key, gpu ? key : NULL, &err), 0);
	assert_int_equal(gpu ? part.n_models : part.n_gpus, 0);
	want = gpu ? (const void *)vp_catalog_find_gpu(full, key) : (const void *)vp_catalog_find_model(full, key);
	got = gpu ? (const void *)vp_catalog_find_gpu(&part, key) : (const void *)vp_catalog_find_model(&part, key);
	assert_non_null(want);
	if (got == NULL)
		fail_msg("key '%s': the full catalogue finds it, the partial load does not", key);
	assert_memory_equal(got, want, gpu ? sizeof(struct vp_gpu) : sizeof(struct vp_model));
	vp_catalog_free(&part);
}

/* docs/catalogue.md "Lookup": names, aliases and Hugging Face ids are unique
 * across the built-in catalogue, so every key of an entry finds that entry
 * and no other (an alias equal to another entry's name or id would not). */
static void every_builtin_key_should_find_its_own_entry(void **state)
{
	struct vp_catalog cat;
	struct vp_error err;
	size_t i, j;

	(void)state;
	memset(&cat, 0, sizeof cat);
	assert_int_equal(vp_catalog_load_builtin(&cat, &err), 0);
	for (i = 0; i < cat.n_models; i++) {
		const struct vp_model *m = &cat.models[i];

		if (vp_catalog_find_model(&cat, m->name) != m)
			fail_msg("name '%s' finds another entry", m->name);
		for (j = 0; j < m->n_aliases; j++)
			if (vp_catalog_find_model(&cat, m->aliases[j]) != m)
				fail_msg("alias '%s' of '%s' finds another entry", m->aliases[j], m->name);
		if (vp_catalog_find_model(&cat, m->hf_id) != m)
			fail_msg("hf_id '%s' of '%s' finds another entry", m->hf_id, m->name);
	}
	for (i = 0; i < cat.n_gpus; i++) {
		const struct vp_gpu *g = &cat.gpus[i];

		if (vp_catalog_find_gpu(&cat, g->name) != g)
			fail_msg("name '%s' finds another GPU", g->name);
		for (j = 0; j < g->n_aliases; j++)
			if (vp_catalog_find_gpu(&cat, g->aliases[j]) != g)
				fail_msg("alias '%s' of '%s' finds another GPU", g->aliases[j], g->name);
	}
	vp_catalog_free(&cat);
}

/* nvidia-smi prints one name for two cards (the RTX 4060 Ti's 8 and 16 GB):
 * the name finds one with that name and the least memory, so a plan made
 * from nvidia-smi's name fits either card (docs/catalogue.md, GPU sources) */
static void a_builtin_gpu_name_should_find_the_smallest_card_of_that_name(void **state)
{
	struct vp_catalog cat;
	struct vp_error err;
	size_t i;

	(void)state;
	memset(&cat, 0, sizeof cat);
	assert_int_equal(vp_catalog_load_builtin(&cat, &err), 0);
	for (i = 0; i < cat.n_gpus; i++) {
		const struct vp_gpu *g = &cat.gpus[i];
		const struct vp_gpu *found = vp_catalog_find_gpu(&cat, g->full_name);

		if (found == NULL || strcmp(found->full_name, g->full_name) != 0)
			fail_msg("full name '%s' of '%s' finds another name", g->full_name, g->name);
		if (found->memory_mib > g->memory_mib)
			fail_msg("full name '%s' finds '%s' (%llu MiB), not '%s' (%llu MiB)", g->full_name,
				 found->name, (unsigned long long)found->memory_mib, g->name,
				 (unsigned long long)g->memory_mib);
	}
	assert_string_equal(vp_catalog_find_gpu(&cat, "NVIDIA GeForce RTX 4060 Ti")->name, "rtx4060ti");
	/* the RTX 3050 (6 and 8 GB) and 5060 Ti (8 and 16 GB) share a name too */
	assert_string_equal(vp_catalog_find_gpu(&cat, "NVIDIA GeForce RTX 3050")->name, "rtx3050-6gb");
	assert_string_equal(vp_catalog_find_gpu(&cat, "NVIDIA GeForce RTX 5060 Ti")->name, "rtx5060ti");
	vp_catalog_free(&cat);
}

/* Spelling folds only ASCII spaces and punctuation: "MT-5" and "RTX 3090"
 * find their entries, but a byte outside printable ASCII is part of the
 * name, so invalid UTF-8 or a control byte never resolves to another entry. */
static void loose_lookup_should_fold_punctuation_but_not_other_bytes(void **state)
{
	struct vp_catalog cat;
	struct vp_error err;

	(void)state;
	memset(&cat, 0, sizeof cat);
	assert_int_equal(vp_catalog_load_builtin(&cat, &err), 0);
	assert_string_equal(vp_catalog_find_model(&cat, "MT-5")->name, "mt5");
	assert_string_equal(vp_catalog_find_gpu(&cat, "RTX 3090")->name, "rtx3090");
	assert_null(vp_catalog_find_model(&cat, "mt\xff" "5"));
	assert_null(vp_catalog_find_model(&cat, "mt5\x01"));
	assert_null(vp_catalog_find_gpu(&cat, "rtx3090\xc2\xa0"));
	vp_catalog_free(&cat);
}

/* What one plan loads (only the entries its two names can match) must find
 * exactly what the whole catalogue finds, for every way to name an entry. */
static void load_builtin_matching_should_find_what_the_full_catalogue_finds(void **state)
{
	struct vp_catalog full, part;
	struct vp_error err;
	char key[VP_NAME_MAX * 2];
	size_t i, j;

	(void)state;
	memset(&full, 0, sizeof full);
	assert_int_equal(vp_catalog_load_builtin(&full, &err), 0);
	for (i = 0; i < full.n_models; i++) {
		const struct vp_model *m = &full.models[i];

		expect_matching_finds(&full, m->name, false);
		upper(key, m->name, sizeof key);
		expect_matching_finds(&full, key, false);
		for (j = 0; j < m->n_aliases; j++)
			expect_matching_finds(&full, m->aliases[j], false);
		if (m->hf_id[0] != '\0')
			expect_matching_finds(&full, m->hf_id, false);
	}
	for (i = 0; i < full.n_gpus; i++) {
		const struct vp_gpu *g = &full.gpus[i];

		expect_matching_finds(&full, g->name, true);
		upper(key, g->name, sizeof key);
		expect_matching_finds(&full, key, true);
		for (j = 0; j < g->n_aliases; j++)
			expect_matching_finds(&full, g->aliases[j], true);
	}
	/* a name nothing matches loads nothing: the CLI then tries a file */
	memset(&part, 0, sizeof part);
	assert_int_equal(vp_catalog_load_builtin_matching(&part, "no-such-model", "no-such-gpu", &err), 0);
	assert_int_equal(part.n_models, 0);
	assert_int_equal(part.n_gpus, 0);
	/* one plan's names parse one entry each, not the catalogue */
	assert_int_equal(vp_catalog_load_builtin_matching(&part, "mt5", "rtx3090", &err), 0);
	assert_int_equal(part.n_models, 1);
	assert_int_equal(part.n_gpus, 1);
	vp_catalog_free(&part);
	vp_catalog_free(&full);
}

static void load_buffer_should_use_the_given_name_in_errors(void **state)
{
	static const char text[] = "gpus:\n  - name: x\n    full_name: X\n    memory_mib: 0\n";
	struct vp_catalog cat = {0};
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_catalog_load_buffer(&cat, "inline.yaml", text, sizeof text - 1, &err), -1);
	assert_string_equal(err.file, "inline.yaml");
	assert_int_equal(err.line, 4);
	assert_int_equal(err.column, 17);
	assert_string_equal(err.message, "value '0' for 'memory_mib' in gpu 'x' is out of range "
			    "(expected a whole number from 1 to 1099511627775)");
	assert_int_equal(cat.n_gpus, 0);
	/* and with no error struct at all */
	assert_int_equal(vp_catalog_load_buffer(&cat, "inline.yaml", text, sizeof text - 1, NULL), -1);
}

static void load_buffer_should_not_need_a_terminating_nul(void **state)
{
	static const char text[] = "gpus: []\nXXXX";
	struct vp_catalog cat = {0};
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_catalog_load_buffer(&cat, "cut.yaml", text, 9, &err), 0);
	assert_int_equal(cat.n_gpus, 0);
}

/* quant_skip_modules (what `import` writes for a config's
 * llm_int8_skip_modules) resolves once the shape is read, as the config's
 * list does; only beside a bitsandbytes stored_quant */
static void quant_skip_modules_should_resolve_as_the_config_does(void **state)
{
	static const char head[] = "models:\n  - name: tiny\n    model_type: llama\n    hidden_size: 64\n"
				   "    intermediate_size: 128\n    vocab_size: 100\n    num_layers: 2\n"
				   "    num_heads: 4\n";
	char text[512];
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	const struct vp_model *m;

	(void)state;
	snprintf(text, sizeof text, "%s    stored_quant: nf4\n    quant_skip_modules: [model.layers.1.self_attn.o_proj]\n",
		 head);
	assert_int_equal(vp_catalog_load_buffer(&cat, "skip.yaml", text, strlen(text), &err), 0);
	m = vp_catalog_find_model(&cat, "tiny");
	assert_non_null(m);
	assert_int_equal(m->quant_skip[0], 0);
	assert_int_equal(m->quant_skip[1], 1u << 3);
	assert_string_equal(m->quant_skip_list, "model.layers.1.self_attn.o_proj\n");
	vp_catalog_free(&cat);
	snprintf(text, sizeof text, "%s    quant_skip_modules: [mlp]\n", head);
	assert_int_equal(vp_catalog_load_buffer(&cat, "skip.yaml", text, strlen(text), &err), -1);
	assert_non_null(strstr(err.message, "without a bitsandbytes stored_quant"));
	snprintf(text, sizeof text, "%s    stored_quant: nf4\n    quant_skip_modules: [transformer.h.0.mlp]\n", head);
	assert_int_equal(vp_catalog_load_buffer(&cat, "skip.yaml", text, strlen(text), &err), -1);
	assert_non_null(strstr(err.message, "entry 'transformer.h.0.mlp' in model 'tiny' names one layer's"));
	/* the error points at the entry refused, not at the list's first
	 * (line 12: the second item) */
	snprintf(text, sizeof text, "%s    stored_quant: nf4\n    quant_skip_modules:\n      - mlp\n      - x.0.mlp\n",
		 head);
	assert_int_equal(vp_catalog_load_buffer(&cat, "skip.yaml", text, strlen(text), &err), -1);
	assert_non_null(strstr(err.message, "entry 'x.0.mlp'"));
	assert_int_equal(err.line, 12);
	assert_int_equal(err.column, 9);
	vp_catalog_free(&cat);
}

/* ---- bad files: one diagnostic each, with its position ------------------ */

static void load_should_reject_a_syntax_error_with_position(void **state)
{
	(void)state;
	expect_error("syntax.yaml", 6, 4, "invalid YAML: did not find expected '-' indicator");
}

static void load_should_reject_a_control_character_with_position(void **state)
{
	(void)state;
	expect_error("control-character.yaml", 2, 12, "invalid YAML: control characters are not allowed");
}

static void load_should_reject_an_unknown_key_with_position(void **state)
{
	(void)state;
	expect_error("unknown-key.yaml", 4, 5,
		     "unknown key 'memroy_mib' in gpu 'rtx3090' (expected one of: aliases, source, "
		     "memory_mib, compute_capability, bf16, flash_attn, fp16_tflops, bandwidth_gbs)");
}

static void load_should_list_the_free_model_keys_for_an_unknown_key(void **state)
{
	(void)state;
	expect_error("unknown-model-key.yaml", 5, 5,
		     "unknown key 'hiden_size' in model 'tiny' (expected one of: aliases, source, "
		     "params_published, params_source, norm, act, pos, hidden_size, ");
}

static void load_should_cut_a_long_key_list_to_fit_the_message(void **state)
{
	static const char text[] =
		"models:\n"
		"  - this_key_is_not_a_field_of_any_model_at_all: 1\n"
		"    name: a-model-name-that-uses-all-sixty-three-characters-allowed-12345\n";
	struct vp_catalog cat = {0};
	struct vp_error err = {0};
	size_t len;

	(void)state;
	assert_int_equal(vp_catalog_load_buffer(&cat, "long.yaml", text, sizeof text - 1, &err), -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.column, 5);
	len = strlen(err.message);
	assert_true(len < sizeof err.message - 1);
	assert_non_null(strstr(err.message, "(expected one of: hf_id, model_type, aliases, "));
	assert_string_equal(err.message + len - 6, ", ...)");
}

static void load_should_reject_an_unknown_top_level_key_with_position(void **state)
{
	(void)state;
	expect_error("top-level-unknown-key.yaml", 2, 1,
		     "unknown key 'model' at the top level (expected one of: models, gpus)");
}

static void load_should_reject_duplicate_key_with_position(void **state)
{
	(void)state;
	expect_error("duplicate-key.yaml", 6, 5,
		     "duplicate key 'memory_mib' in gpu 'rtx3090' (first given at line 4)");
}

static void load_should_reject_a_sequence_where_an_integer_belongs(void **state)
{
	(void)state;
	expect_error("wrong-type.yaml", 9, 16,
		     "expected an integer for 'num_heads' in model 'tiny' (found a sequence)");
}

static void load_should_reject_a_quoted_number(void **state)
{
	(void)state;
	expect_error("quoted-number.yaml", 9, 16,
		     "expected an integer for 'num_heads' in model 'tiny' (found the quoted string '8'");
}

static void load_should_reject_a_negative_number(void **state)
{
	(void)state;
	expect_error("negative-number.yaml", 9, 16, "invalid number '-8' for 'num_heads' in model 'tiny'");
}

static void load_should_reject_a_yaml_1_1_boolean(void **state)
{
	(void)state;
	expect_error("bad-bool.yaml", 5, 11,
		     "expected true or false for 'bf16' in gpu 'rtx3090' (found 'yes')");
}

static void load_should_reject_a_missing_required_key_at_the_entry(void **state)
{
	(void)state;
	expect_error("missing-required.yaml", 2, 5, "missing required key 'vocab_size' in model 'tiny'");
}

static void load_should_require_decoder_layers_for_encoder_decoders(void **state)
{
	(void)state;
	expect_error("missing-decoder-layers.yaml", 2, 5,
		     "missing required key 'num_decoder_layers' in model 'tiny-t5'");
}

static void load_should_reject_zero_heads_with_position(void **state)
{
	(void)state;
	expect_error("zero-heads.yaml", 9, 16, "value '0' for 'num_heads' in model 'tiny' is out of range");
}

/* a tower's layer count is a count, as num_layers is: refused at its key
 * (until 2026-12-01 the catalogue took up to 2^40 and the model's
 * validation refused it at the entry's line) */
static void load_should_reject_too_many_vision_layers_at_the_key(void **state)
{
	(void)state;
	expect_error("vision-layers-too-many.yaml", 13, 20,
		     "value '1048576' for 'vision_layers' in model 'tiny-mm' is out of range");
}

/* the tower's shapes describe part of vision_params: a merge size of
 * 2^20 - 1 shaped a merger of 2e30 weights on a 669M tower, whose adapters
 * were counted (a review, 2026-12-01); refused at the entry */
static void load_should_reject_vision_shapes_past_the_tower(void **state)
{
	(void)state;
	expect_error("vision-shapes-past-tower.yaml", 2, 5,
		     "give its linears 1.981e+30 weights, more than the whole tower's 'vision_params' (669000000)");
}

static void load_should_reject_heads_not_dividing_hidden(void **state)
{
	(void)state;
	expect_error("heads-not-dividing.yaml", 9, 16,
		     "'num_heads' (12) does not divide 'hidden_size' (256) in model 'tiny'");
}

static void load_should_reject_kv_heads_not_dividing_heads(void **state)
{
	(void)state;
	expect_error("kv-heads-not-dividing.yaml", 10, 19,
		     "'num_kv_heads' (3) does not divide 'num_heads' (8) in model 'tiny'");
}

static void load_should_reject_a_dropout_of_one(void **state)
{
	(void)state;
	expect_error("dropout-out-of-range.yaml", 10, 19,
		     "value '1.0' for 'attn_dropout' in model 'tiny' is out of range");
}

static void load_should_reject_an_unknown_dtype_at_its_value(void **state)
{
	(void)state;
	expect_error("unknown-dtype.yaml", 10, 12,
		     "unknown value 'float8' for 'dtype' in model 'tiny' (expected one of: float32, float16, bfloat16)");
}

static void load_should_place_model_validation_errors_at_the_entry(void **state)
{
	(void)state;
	expect_error("rms-norm-bias.yaml", 2, 5, "'norm_bias'");
}

static void load_should_reject_an_unknown_model_type_at_its_value(void **state)
{
	(void)state;
	expect_error("unknown-model-type.yaml", 4, 17, "'llamma'");
}

/* An alias is a name or one "owner/name" id: a second slash is neither. */
static void load_should_reject_an_alias_with_two_slashes_at_it(void **state)
{
	(void)state;
	expect_error("alias-two-slashes.yaml", 4, 23, "invalid alias 'example/tiny/instruct'");
}

static void load_should_reject_an_alias_node(void **state)
{
	(void)state;
	expect_error("alias.yaml", 6, 5, "alias '*card' is not allowed");
}

static void load_should_reject_a_top_level_sequence(void **state)
{
	(void)state;
	expect_error("top-level-sequence.yaml", 1, 1,
		     "expected a mapping with 'models' and/or 'gpus' at the top level (found a sequence)");
}

static void load_should_reject_an_empty_file(void **state)
{
	(void)state;
	expect_error("empty.yaml", 0, 0, "empty catalogue");
}

static void load_should_reject_a_file_of_comments_only(void **state)
{
	(void)state;
	expect_error("comments-only.yaml", 0, 0, "empty catalogue");
}

static void load_should_reject_a_second_document(void **state)
{
	(void)state;
	expect_error("two-documents.yaml", 2, 1, "a second YAML document is not allowed");
}

static void load_should_reject_a_duplicate_entry_name(void **state)
{
	(void)state;
	expect_error("duplicate-name.yaml", 8, 11,
		     "duplicate gpu name 'rtx3090' (first defined at line 2)");
}

static void load_should_reject_an_upper_case_name(void **state)
{
	(void)state;
	expect_error("bad-name.yaml", 2, 11, "invalid name 'RTX3090' for 'name'");
}

static void load_should_reject_a_bad_compute_capability(void **state)
{
	(void)state;
	expect_error("bad-compute-capability.yaml", 5, 25,
		     "invalid compute capability '86' for 'compute_capability' in gpu 'rtx3090'");
}

static void load_should_reject_a_string_too_long_for_its_field(void **state)
{
	(void)state;
	expect_error("string-too-long.yaml", 3, 16,
		     "'full_name' in gpu 'rtx3090' is too long (expected at most 127 characters");
}

static void load_should_reject_too_many_aliases_at_the_extra_one(void **state)
{
	(void)state;
	expect_error("too-many-aliases.yaml", 5, 66,
		     "too many aliases in gpu 'rtx3090' (expected at most 12)");
}

static void load_file_should_report_a_missing_file_as_io_error(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_catalog_load_file(&cat, BAD "no-such-file.yaml", &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	assert_non_null(strstr(err.message, "no-such-file.yaml"));
	assert_non_null(strstr(err.message, "No such file or directory"));
}

static void load_file_should_report_a_directory_as_io_error(void **state)
{
	struct vp_catalog cat = {0};
	struct vp_error err = {0};

	(void)state;
	assert_int_equal(vp_catalog_load_file(&cat, BAD, &err), -1);
	assert_int_equal(err.code, VP_ERR_IO);
	assert_non_null(strstr(err.message, "Is a directory"));
}

/* ---- vp_read_file ------------------------------------------------------- */

static void read_file_should_return_the_bytes_and_a_terminating_nul(void **state)
{
	struct vp_error err = {0};
	char *buf = NULL;
	size_t len = 99;

	(void)state;
	assert_int_equal(vp_read_file(GOOD "flow.yaml", &buf, &len, &err), 0);
	assert_int_equal(len, 112);
	assert_int_equal(buf[len], '\0');
	assert_memory_equal(buf, "{gpus: [{name: v100", 19);
	free(buf);
	assert_int_equal(vp_read_file(BAD "empty.yaml", &buf, &len, &err), 0);
	assert_int_equal(len, 0);
	assert_non_null(buf);
	assert_int_equal(buf[0], '\0');
	free(buf);
}

static void read_file_should_reject_a_directory(void **state)
{
	struct vp_error err = {0};
	char *buf = (char *)&err;
	size_t len = 99;

	(void)state;
	assert_int_equal(vp_read_file(VP_TEST_DATA, &buf, &len, &err), -1);
	assert_null(buf);
	assert_int_equal(len, 0);
	assert_int_equal(err.code, VP_ERR_IO);
	assert_string_equal(err.message + strlen(err.message) - strlen("': Is a directory"),
			    "': Is a directory");
}

static void read_file_should_reject_files_over_64_mib(void **state)
{
	char path[] = "/tmp/vp-test-bigXXXXXX";
	struct vp_error err = {0};
	char *buf = NULL;
	size_t len = 0;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	/* sparse: no disk used */
	assert_int_equal(ftruncate(fd, (off_t)VP_READ_FILE_MAX), 0);
	assert_int_equal(vp_read_file(path, &buf, &len, &err), 0);
	assert_int_equal(len, VP_READ_FILE_MAX);
	free(buf);
	buf = NULL;
	assert_int_equal(ftruncate(fd, (off_t)VP_READ_FILE_MAX + 1), 0);
	assert_int_equal(vp_read_file(path, &buf, &len, &err), -1);
	assert_null(buf);
	assert_int_equal(err.code, VP_ERR_INPUT);
	assert_non_null(strstr(err.message, "is too large (expected at most 64 MiB)"));
	close(fd);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(load_should_read_every_kind_of_value),
		cmocka_unit_test(every_builtin_key_should_find_its_own_entry),
		cmocka_unit_test(a_builtin_gpu_name_should_find_the_smallest_card_of_that_name),
		cmocka_unit_test(loose_lookup_should_fold_punctuation_but_not_other_bytes),
		cmocka_unit_test(load_builtin_matching_should_find_what_the_full_catalogue_finds),
		cmocka_unit_test(load_should_apply_family_defaults_before_the_file),
		cmocka_unit_test(load_should_accept_flow_style),
		cmocka_unit_test(load_should_let_a_later_file_override_an_entry_by_name),
		cmocka_unit_test(find_model_should_match_name_alias_and_hf_id_ignoring_case),
		cmocka_unit_test(find_should_prefer_a_name_over_another_entrys_alias),
		cmocka_unit_test(find_should_prefer_an_entrys_hf_id_over_another_entrys_id_alias),
		cmocka_unit_test(find_gpu_should_match_name_and_alias_ignoring_case),
		cmocka_unit_test(find_gpu_should_match_the_same_words_in_another_order),
		cmocka_unit_test(suggestions_should_name_the_entries_near_an_unknown_key),
		cmocka_unit_test(put_should_replace_by_name_and_free_should_zero),
		cmocka_unit_test(load_builtin_should_load_the_embedded_catalogue),
		cmocka_unit_test(load_buffer_should_use_the_given_name_in_errors),
		cmocka_unit_test(load_buffer_should_not_need_a_terminating_nul),
		cmocka_unit_test(quant_skip_modules_should_resolve_as_the_config_does),
		cmocka_unit_test(load_should_reject_a_syntax_error_with_position),
		cmocka_unit_test(load_should_reject_a_control_character_with_position),
		cmocka_unit_test(load_should_reject_an_unknown_key_with_position),
		cmocka_unit_test(load_should_list_the_free_model_keys_for_an_unknown_key),
		cmocka_unit_test(load_should_cut_a_long_key_list_to_fit_the_message),
		cmocka_unit_test(load_should_reject_an_unknown_top_level_key_with_position),
		cmocka_unit_test(load_should_reject_duplicate_key_with_position),
		cmocka_unit_test(load_should_reject_a_sequence_where_an_integer_belongs),
		cmocka_unit_test(load_should_reject_a_quoted_number),
		cmocka_unit_test(load_should_reject_a_negative_number),
		cmocka_unit_test(load_should_reject_a_yaml_1_1_boolean),
		cmocka_unit_test(load_should_reject_a_missing_required_key_at_the_entry),
		cmocka_unit_test(load_should_require_decoder_layers_for_encoder_decoders),
		cmocka_unit_test(load_should_reject_zero_heads_with_position),
		cmocka_unit_test(load_should_reject_too_many_vision_layers_at_the_key),
		cmocka_unit_test(load_should_reject_vision_shapes_past_the_tower),
		cmocka_unit_test(load_should_reject_heads_not_dividing_hidden),
		cmocka_unit_test(load_should_reject_kv_heads_not_dividing_heads),
		cmocka_unit_test(load_should_reject_a_dropout_of_one),
		cmocka_unit_test(load_should_reject_an_unknown_dtype_at_its_value),
		cmocka_unit_test(load_should_place_model_validation_errors_at_the_entry),
		cmocka_unit_test(load_should_reject_an_unknown_model_type_at_its_value),
		cmocka_unit_test(load_should_reject_an_alias_with_two_slashes_at_it),
		cmocka_unit_test(load_should_reject_an_alias_node),
		cmocka_unit_test(load_should_reject_a_top_level_sequence),
		cmocka_unit_test(load_should_reject_an_empty_file),
		cmocka_unit_test(load_should_reject_a_file_of_comments_only),
		cmocka_unit_test(load_should_reject_a_second_document),
		cmocka_unit_test(load_should_reject_a_duplicate_entry_name),
		cmocka_unit_test(load_should_reject_an_upper_case_name),
		cmocka_unit_test(load_should_reject_a_bad_compute_capability),
		cmocka_unit_test(load_should_reject_a_string_too_long_for_its_field),
		cmocka_unit_test(load_should_reject_too_many_aliases_at_the_extra_one),
		cmocka_unit_test(load_file_should_report_a_missing_file_as_io_error),
		cmocka_unit_test(load_file_should_report_a_directory_as_io_error),
		cmocka_unit_test(read_file_should_return_the_bytes_and_a_terminating_nul),
		cmocka_unit_test(read_file_should_reject_a_directory),
		cmocka_unit_test(read_file_should_reject_files_over_64_mib),
	};

	return cmocka_run_group_tests_name("catalog", tests, NULL, NULL);
}
