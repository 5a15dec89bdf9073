/*
 * From names on the command line to the structures the planner takes: the
 * catalogue (built-in, $VRAMPLAN_CATALOG, --catalog), the model (a
 * catalogue entry or a config.json), the GPU, and the training setup with
 * the defaults that depend on them.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "vramplan/cli.h"
#include "vramplan/heads.h"
#include "vramplan/hfconfig.h"
#include "vramplan/layers.h"
#include "vramplan/peft.h"
#include "vramplan/trainconfig.h"
#include "vramplan/utf8.h"

/* model_key/gpu_key non-NULL: of the built-in catalogue only what those
 * two names can match (one plan parses a few entries, not all of them) */
/* A user catalogue's warning (a key two entries share), as the CLI's. */
static void warn_catalog(const void *ctx, const char *message)
{
	vp_cli_warn(ctx, "%s", message);
}

/* The catalogue's note (-v): how many models and GPUs it holds; of a
 * selection (model_key, gpu_key), the GPUs a lookup can plan. */
static void note_catalog(const struct vp_cli_opts *o, const char *model_key, const char *gpu_key,
			 const struct vp_catalog *cat, unsigned builtin_loads)
{
	size_t i, n_gpus = cat->n_gpus;

	/* the built-in entry of a short alias's other memory ("a100" loads
	 * a100-80gb beside a100-40gb) is there for vp_cli_warn_gpu_namesake's
	 * warning alone, never planned: not counted among the GPUs the
	 * selection holds. Until 2026-12-01 `--gpu a100` noted 2 GPUs. A user
	 * file's entry of that name counts, as the user's catalogue holds it. */
	for (i = 0; gpu_key != NULL && cat->gpu_origin != NULL && i < cat->n_gpus; i++)
		if (cat->gpu_origin[i].load <= builtin_loads && vp_catalog_gpu_sibling_only(&cat->gpus[i], gpu_key))
			n_gpus--;
	if (model_key != NULL && gpu_key != NULL)
		vp_cli_note(o, "catalogue: the built-in entries matching '%s' and '%s', and any user files: "
			    "%zu models, %zu GPUs", model_key, gpu_key, cat->n_models, n_gpus);
	else
		vp_cli_note(o, "catalogue: %zu models, %zu GPUs", cat->n_models, cat->n_gpus);
}

/* builtin_loads: where non-NULL, the note is left to the caller, with
 * the loads that were the built-in catalogue's */
static int load_catalog(const struct vp_cli_opts *o, const char *model_key, const char *gpu_key,
			struct vp_catalog *cat, unsigned *builtin_loads_out, struct vp_error *err)
{
	const char *env = getenv("VRAMPLAN_CATALOG");
	size_t i;
	unsigned builtin_loads;
	int rc;

	memset(cat, 0, sizeof *cat);
	cat->warn = warn_catalog;
	cat->warn_ctx = o;
	if (model_key != NULL && gpu_key != NULL)
		rc = vp_catalog_load_builtin_matching(cat, model_key, gpu_key, err);
	else
		rc = vp_catalog_load_builtin(cat, err);
	if (rc != 0)
		return -1;
	builtin_loads = cat->loads;
	if (env != NULL) {
		const char *p = env;

		while (*p != '\0') {
			const char *colon = strchr(p, ':');
			size_t len = colon != NULL ? (size_t)(colon - p) : strlen(p);

			if (len > 0) {
				char *path = malloc(len + 1);

				if (path == NULL)
					return vp_error_set(err, VP_ERR_IO, "out of memory reading $VRAMPLAN_CATALOG");
				memcpy(path, p, len);
				path[len] = '\0';
				rc = vp_catalog_load_file(cat, path, err);
				free(path);
				if (rc != 0) {
					/* the command line does not name this file, and
					 * the variable may have been set long ago: say
					 * where it comes from */
					size_t n = err != NULL ? strlen(err->message) : 0;

					if (err != NULL)
						snprintf(err->message + n, sizeof err->message - n,
							 " (from $VRAMPLAN_CATALOG)");
					return -1;
				}
			}
			if (colon == NULL)
				break;
			p = colon + 1;
		}
	}
	for (i = 0; i < o->n_catalogs; i++) {
		if (vp_catalog_load_file(cat, o->catalogs[i], err) != 0)
			return -1;
	}
	if (builtin_loads_out != NULL)
		*builtin_loads_out = builtin_loads;
	else
		note_catalog(o, model_key, gpu_key, cat, builtin_loads);
	return 0;
}

int vp_cli_load_catalog(const struct vp_cli_opts *o, struct vp_catalog *cat, struct vp_error *err)
{
	return load_catalog(o, NULL, NULL, cat, NULL, err);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A --model that is meant as a file even if it does not exist. */
static bool looks_like_path(const char *s)
{
	return ends_with(s, ".json") || s[0] == '/' || s[0] == '.' || s[0] == '~';
}

int vp_cli_load_catalog_for(const struct vp_cli_opts *o, struct vp_catalog *cat, struct vp_error *err)
{
	unsigned builtin_loads;

	if (load_catalog(o, o->model, o->gpu, cat, &builtin_loads, err) != 0)
		return -1;
	/* a name as typed ("RTX 3090") or mistyped is not in the entries the
	 * scan kept: the whole catalogue, to find it loosely or suggest one
	 * (a model given as a config.json is not in it either way), and its
	 * note alone: until 2026-12-01 -v first noted the selection's, "0 GPUs"
	 * for an nvidia-smi name ("NVIDIA A100-SXM4-40GB") */
	if ((o->gpu != NULL && vp_catalog_find_gpu(cat, o->gpu) == NULL) ||
	    (o->model != NULL && vp_catalog_find_model(cat, o->model) == NULL && !looks_like_path(o->model))) {
		vp_catalog_free(cat);
		return load_catalog(o, NULL, NULL, cat, NULL, err);
	}
	note_catalog(o, o->model, o->gpu, cat, builtin_loads);
	return 0;
}

/* "; did you mean 'a', 'b'?" for the catalogue's entries near key, or "" */
static void suggestions(char *buf, size_t size,
			size_t (*suggest)(const struct vp_catalog *, const char *, const char **, size_t),
			const struct vp_catalog *cat, const char *key)
{
	const char *names[3];
	size_t n = suggest(cat, key, names, 3), used;

	buf[0] = '\0';
	if (n == 0)
		return;
	used = (size_t)snprintf(buf, size, "; did you mean ");
	for (size_t i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s'%s'", i == 0 ? "" : i + 1 == n ? " or " : ", ",
					 names[i]);
	if (used < size)
		snprintf(buf + used, size - used, "?");
}

/*
 * A Hub repository id ("klue/roberta-base": one '/', the Hub's characters,
 * letters, digits, '-', '_' and '.', none leading) the catalogue lacks: the
 * directory its config.json can be fetched into, "klue-roberta-base", in
 * dir. Until 2026-12-01 the error said "give a config.json" and no more, and
 * a Colab user with klue/roberta-base met "did you mean 'roberta-base'?",
 * another checkpoint with another vocabulary (32,000 tokens to 50,265);
 * the command is huggingface_hub's CLI (`hf download REPO FILE
 * --local-dir DIR`), and "./" makes --model read the directory even where
 * its name is also a catalogue entry's (tests/cli/errors/unknown-model.sh).
 */
static bool hub_dir(const char *key, char *dir, size_t size)
{
	const char *slash = strchr(key, '/');
	size_t len = strlen(key);

	if (slash == NULL || slash == key || slash[1] == '\0' || strchr(slash + 1, '/') != NULL || len >= size ||
	    key[0] == '.' || key[0] == '-' || slash[1] == '.' || slash[1] == '-')
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)key[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
		      c == '_' || c == '.' || c == '/'))
			return false;
		dir[i] = c == '/' ? '-' : (char)c;
	}
	dir[len] = '\0';
	return true;
}

int vp_cli_resolve_model(const struct vp_catalog *cat, const char *key, struct vp_model *out,
			 struct vp_error *err)
{
	const struct vp_model *m = vp_catalog_find_model(cat, key);
	struct stat st;
	int found, e;

	if (m != NULL) {
		*out = *m;
		return 0;
	}
	found = stat(key, &st) == 0;
	e = errno;
	if (found && S_ISDIR(st.st_mode)) {
		size_t len = strlen(key);
		char *path = malloc(len + sizeof "/config.json");
		int rc;

		if (path == NULL)
			return vp_error_set(err, VP_ERR_IO, "out of memory");
		memcpy(path, key, len);
		memcpy(path + len, len > 0 && key[len - 1] == '/' ? "config.json" : "/config.json",
		       len > 0 && key[len - 1] == '/' ? sizeof "config.json" : sizeof "/config.json");
		rc = vp_hfconfig_load(path, out, err);
		free(path);
		return rc;
	}
	/* an existing file, or a path that cannot be read: the reader says why */
	if (found || e != ENOENT || looks_like_path(key))
		return vp_hfconfig_load(key, out, err);
	{
		char near[160], shown[128], dir[104];

		suggestions(near, sizeof near, vp_catalog_suggest_models, cat, key);
		if (hub_dir(key, dir, sizeof dir))
			return vp_error_set(err, VP_ERR_INPUT,
					    "unknown model '%s'%s (see 'vramplan list models'; vramplan reads no Hub: "
					    "'hf download %s config.json --local-dir %s' fetches its config.json, and "
					    "--model ./%s reads it)",
					    key, near, key, dir, dir);
		return vp_error_set(err, VP_ERR_INPUT,
				    "unknown model '%s'%s (see 'vramplan list models', or give a config.json)",
				    vp_text_shown(shown, sizeof shown, key), near);
	}
}

/*
 * A card whose nvidia-smi name is a catalogue card's plus a word, without
 * that card's memory: a laptop's ("NVIDIA GeForce RTX 4090 Laptop GPU":
 * 16 GB, the desktop RTX 4090 24 GB; RTX 3080 Laptop GPU 8 or 16 GB, the
 * desktop's 10 GB; NVIDIA's specifications) and a MIG instance ("NVIDIA
 * A100-SXM4-40GB MIG 3g.20gb": 20 GB of the 40; NVIDIA's MIG user guide,
 * "Supported MIG Profiles"). The nearest name is the whole card's, so a
 * suggestion would plan for memory the run does not have. What it is,
 * else NULL.
 */
static const char *partial_card(const char *key)
{
	for (const char *p = key; *p != '\0'; p++) {
		if (strncasecmp(p, "laptop", 6) == 0)
			return "a laptop GPU has other memory than the desktop card of its name (an RTX 4090 Laptop "
			       "GPU 16 GB, the desktop RTX 4090 24 GB)";
		/* the word MIG: "... MIG 3g.20gb", "mig-1g.10gb" */
		if (strncasecmp(p, "mig", 3) == 0 && (p == key || strchr(" -_.", p[-1]) != NULL) &&
		    (p[3] == '\0' || strchr(" -_.", p[3]) != NULL))
			return "a MIG instance has a slice of its card's memory (an A100 40 GB's 3g.20gb has 20 GB)";
	}
	return NULL;
}

/* The memory a GPU's name states ("H100 100GB", "a40 48g", "l4-24gib"): the
 * number that starts a word, before a GB, G or GiB that ends it; 0 when it
 * states none. A number after a letter is the model's own (AWS's "a10g":
 * an A10G, not 10 GB). */
static unsigned long stated_memory_gb(const char *key)
{
	for (const char *p = key; *p != '\0'; p++) {
		const char *q = p, *u;
		unsigned long n = 0;

		if (*p < '0' || *p > '9' || (p > key && isalnum((unsigned char)p[-1])))
			continue;
		while (*q >= '0' && *q <= '9' && n < 100000)
			n = n * 10 + (unsigned long)(*q++ - '0');
		u = *q == ' ' ? q + 1 : q;
		if (strncasecmp(u, "gib", 3) == 0)
			u += 3;
		else if (strncasecmp(u, "gb", 2) == 0)
			u += 2;
		else if (*u == 'g' || *u == 'G')
			u += 1;
		else
			continue;
		if (n > 0 && (*u == '\0' || strchr(" -_/.,)", *u) != NULL))
			return n;
	}
	return 0;
}

/*
 * A name that states its memory, near catalogue cards of other memory
 * (seed 002's "H100 100GB", where the H100s have 80 and 94 GB): the card
 * of a suggested family (a suggestion's name up to its first '-': h100,
 * h100-pcie, h100-nvl) whose memory is within a tenth of the stated one,
 * suggested alone; else the suggestions' memory, said, so that the nearest
 * name does not plan for memory the card does not have. Rewrites buf, the
 * suggestions(), when the name states a size.
 */
static void memory_hint(char *buf, size_t size, const struct vp_catalog *cat, const char *key)
{
	const char *names[3];
	unsigned long gb = stated_memory_gb(key);
	size_t n = gb > 0 ? vp_catalog_suggest_gpus(cat, key, names, 3) : 0, used = strlen(buf);
	const struct vp_gpu *best = NULL;
	double best_off = 0.1;

	/* the first suggestion whose family has such a card (the name's
	 * nearness first), its nearest in memory (the catalogue's first among
	 * equals) */
	for (size_t k = 0; k < n && best == NULL; k++) {
		size_t family = strcspn(names[k], "-");

		for (size_t i = 0; i < cat->n_gpus; i++) {
			const struct vp_gpu *g = &cat->gpus[i];
			double off = fabs((double)g->memory_mib / 1024.0 - (double)gb) / (double)gb;

			if (strncmp(g->name, names[k], family) == 0 && (g->name[family] == '\0' || g->name[family] == '-') &&
			    (best == NULL ? off <= best_off : off < best_off)) {
				best_off = off;
				best = g;
			}
		}
	}
	if (best != NULL) {
		snprintf(buf, size, "; did you mean '%s' (%.1f GiB)?", best->name, (double)best->memory_mib / 1024.0);
		return;
	}
	if (n == 0 || used >= size)
		return;
	used += (size_t)snprintf(buf + used, size - used, " (none has %lu GB:", gb);
	for (size_t k = 0; k < n && used < size; k++) {
		const struct vp_gpu *g = vp_catalog_find_gpu(cat, names[k]);

		if (g != NULL)
			used += (size_t)snprintf(buf + used, size - used, "%s %s %.1f GiB", k == 0 ? "" : ",", g->name,
						 (double)g->memory_mib / 1024.0);
	}
	if (used < size)
		snprintf(buf + used, size - used, ")");
}

/* A comma-separated list whose every name the catalogue knows ("rtx3090,a100"):
 * the user meant several GPUs, which --gpu takes one at a time. */
static bool gpu_list(const struct vp_catalog *cat, const char *key)
{
	char name[128];
	const char *p = key, *comma;
	size_t n;

	if (strchr(key, ',') == NULL)
		return false;
	for (;;) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		if (n == 0 || n >= sizeof name)
			return false;
		memcpy(name, p, n);
		name[n] = '\0';
		if (vp_catalog_find_gpu(cat, name) == NULL)
			return false;
		if (comma == NULL)
			return true;
		p = comma + 1;
	}
}

int vp_cli_resolve_gpu(const struct vp_catalog *cat, const char *key, const struct vp_gpu **out,
		       struct vp_error *err)
{
	char shown[128];

	*out = vp_catalog_find_gpu(cat, key);
	if (*out == NULL)
		vp_text_shown(shown, sizeof shown, key);
	if (*out == NULL && gpu_list(cat, key))
		return vp_error_set(err, VP_ERR_INPUT,
				    "unknown GPU '%s': a list; --gpu takes one name (check takes --gpu once per GPU, "
				    "'--gpu A --gpu B'; sweep --model M plans on every GPU)",
				    shown);
	if (*out == NULL && partial_card(key) != NULL)
		return vp_error_set(err, VP_ERR_INPUT,
				    "unknown GPU '%s': %s, so none is suggested; add it with --catalog FILE and the "
				    "memory nvidia-smi prints (docs/catalogue.md)",
				    shown, partial_card(key));
	if (*out == NULL) {
		char near[320];

		suggestions(near, sizeof near, vp_catalog_suggest_gpus, cat, key);
		memory_hint(near, sizeof near, cat, key);
		/* a card the catalogue lacks (an nvidia-smi name such as Tesla
		 * K80's): say how to add it rather than leave a dead end */
		return vp_error_set(err, VP_ERR_INPUT,
				    "unknown GPU '%s'%s (see 'vramplan list gpus'; one it lacks can be added with "
				    "--catalog FILE, docs/catalogue.md)",
				    shown, near);
	}
	return 0;
}

/* PEFT stops when none of target_modules names a module of the model
 * ("Target modules ... not found in the base model"); the plan's config
 * would then not start. (The estimate itself also reads q_proj/k_proj/v_proj
 * as slices of a fused projection, as litgpt does; PEFT does not.) */
static bool peft_finds_no_target(const struct vp_model *m, const struct vp_train *t)
{
	if (t->lora_all_linear)
		return false;
	for (size_t i = 0; i < t->n_lora_targets; i++)
		if (strcmp(t->lora_targets[i], vp_model_lm_head_name(m)) == 0 || vp_model_has_linear(m, t->lora_targets[i]))
			return false;
	return true;
}

/* A target naming a router or experts module that is not an nn.Linear
 * (vp_model_unwrappable_target): PEFT's _create_new_module raises
 * ValueError "Target module ... is not supported" for it, however many
 * other targets it finds (Qwen3MoeTopKRouter in modelscope/ms-swift#8093,
 * NemotronHTopkRouter in unslothai/unsloth#4476); until 2026-12-01 the
 * plan counted the other targets' adapters for a run that stops there
 * (tests/cli/estimate/lora-target-unwrappable.sh) */
static int peft_unwrappable_target(const struct vp_model *m, const struct vp_train *t, struct vp_error *err)
{
	const char *path;

	if (t->lora_all_linear)
		return 0;
	for (size_t i = 0; i < t->n_lora_targets; i++)
		if ((path = vp_model_unwrappable_target(m, t->lora_targets[i])) != NULL)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--lora-targets %s names %s of model_type '%s', which is not an "
					    "nn.Linear (its weights are bare parameters): PEFT refuses it (\"Target "
					    "module ... is not supported\"); leave it out (all-linear passes it over)",
					    t->lora_targets[i], path, m->model_type);
	/* and a target naming a module that holds linears (a block's mlp or
	 * self_attn, Mixtral's experts ModuleList, GraniteMoE's router): no
	 * nn.Linear either, the same ValueError; until 2026-12-01 the plan
	 * counted the other targets' adapters
	 * (tests/cli/estimate/lora-target-container.sh) */
	for (size_t i = 0; i < t->n_lora_targets; i++)
		if ((path = vp_model_container_target(m, t->lora_targets[i])) != NULL)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--lora-targets %s names a module of model_type '%s' that holds %s, not "
					    "an nn.Linear: PEFT refuses it (\"Target module ... is not supported\"); "
					    "name the linears inside it",
					    t->lora_targets[i], m->model_type, path);
	return 0;
}

/* skip_vision: LLaMA-Factory drops the tower's and projector's modules
 * from the targets (train.h lora_skip_vision), which the profile sets
 * after this check */
static int peft_targets_error(const struct vp_model *m, const struct vp_train *t, bool skip_vision,
			      struct vp_error *err)
{
	char targets[VP_MAX_TARGETS * 33 + 16], linears[256];

	vp_train_lora_targets_text(t, targets, sizeof targets);
	vp_model_linear_names(m, linears, sizeof linears);
	/* a regex or per-layer path PEFT may match: not one it stops at */
	for (size_t i = 0; i < t->n_lora_targets; i++)
		if (vp_target_unmodelled(t->lora_targets[i]))
			return vp_error_set(err, VP_ERR_INPUT,
					    "--lora-targets %s: %s is a regular expression or a per-layer module "
					    "path; vramplan sizes LoRA on module names or suffixes that every block "
					    "has (%s; or %s)",
					    targets, t->lora_targets[i], linears, vp_model_lm_head_name(m));
	/* PEFT finds a name that only the vision tower or the projector has
	 * (SigLIP's fc1, Pixtral's attention.q_proj, linear_1) and adapts
	 * those alone, which a text-only batch never runs: nothing that runs
	 * trains. Until 2026-12-01 this said PEFT finds none of them */
	for (size_t i = 0; i < t->n_lora_targets && !skip_vision; i++) {
		const char *path = vp_model_vision_target(m, t->lora_targets[i]);

		if (path != NULL)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--lora-targets %s: %s names only the multimodal model's %s "
					    "(%s), whose adapters a text-only batch never runs: nothing that runs "
					    "would train (the text model's linears: %s; or %s)",
					    targets, t->lora_targets[i], path,
					    strncmp(path, "multi_modal_projector.", 22) == 0 ? "projector" : "vision tower",
					    linears, vp_model_lm_head_name(m));
	}
	return vp_error_set(err, VP_ERR_INPUT,
			    "--lora-targets %s: PEFT finds none of them in model_type '%s' (its linears: %s; "
			    "or %s)",
			    targets, m->model_type, linears, vp_model_lm_head_name(m));
}

/*
 * A checkpoint stored quantized (model.h stored_quant) loads quantized
 * whatever the run asks: its weights cannot train, so LoRA runs over that
 * base (qlora with its quantization). An explicit --method full is refused,
 * the default full and --method lora become qlora, and a --quant that
 * differs from the stored one is refused.
 */
static int stored_quant(const struct vp_cli_opts *o, const struct vp_model *m, struct vp_train *t, bool warn,
			bool *known, struct vp_error *err)
{
	enum vp_quant q;

	*known = false;
	if (m->stored_quant[0] == '\0')
		return 0;
	if (vp_quant_parse(m->stored_quant, &q, err) != 0)
		return -1;
	if (t->method == VP_METHOD_FULL && o->has_method)
		return vp_error_set(err, VP_ERR_INPUT,
				    "'%s' is stored quantized (%s): its weights load quantized and cannot be "
				    "fine-tuned; use --method qlora (LoRA over that base) or the unquantized checkpoint",
				    m->name, m->stored_quant_how);
	if (o->has_quant && t->quant != q)
		return vp_error_set(err, VP_ERR_INPUT, "--quant %s, but '%s' is stored as %s (%s)", vp_quant_name(t->quant),
				    m->name, m->stored_quant, m->stored_quant_how);
	if (t->method == VP_METHOD_FULL || t->method == VP_METHOD_LORA) {
		if (warn)
			vp_cli_note(o, "method qlora: '%s' is stored quantized (%s), so LoRA trains over that base",
				    m->name, m->stored_quant_how);
		t->method = VP_METHOD_QLORA;
	} else if (warn && !o->has_quant) {
		vp_cli_note(o, "quantization %s: '%s' is stored so (%s)", m->stored_quant, m->name,
			    m->stored_quant_how);
	}
	t->quant = q;
	*known = true;
	return 0;
}

/*
 * transformers 5 made the experts of Mixtral, Qwen2-MoE, Qwen3-MoE and OLMoE
 * fused 3-D nn.Parameters (MixtralExperts.gate_up_proj, down_proj;
 * huggingface/transformers#41580), which bitsandbytes' replace_with_bnb_linear
 * does not replace (it takes nn.Linear and Conv1D): a "4-bit" base keeps
 * them unquantized, Mixtral-8x7B's 45 billion expert parameters 180 GB in
 * fp32 under amp-* instead of 23 GB (bitsandbytes-foundation/bitsandbytes
 * #1849, open; its Experts4bit, PR #1965, not merged). The estimate follows
 * transformers 4, whose per-expert nn.Linear bitsandbytes quantizes; which
 * release a run uses is not an input, so the difference is said, not
 * counted (docs/memory-model.md "Mixtures of experts").
 */
void vp_cli_warn_unquantized_experts(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_train *t)
{
	/* axolotl casts back only the modules it names (vp_cli_setup), and
	 * nothing under FSDP, where it leaves the fp32 cast out */
	bool kept = o->profile == VP_PROFILE_AXOLOTL && !t->fsdp;
	bool fp32 = kept || (t->precision != VP_PREC_BF16 && t->precision != VP_PREC_FP16);
	double unq, counted;

	char shard[96];

	if (!vp_estimate_unquantized_experts(m, t, kept, &unq, &counted))
		return;
	vp_unquantized_experts_shard(t, unq - counted, shard, sizeof shard);
	vp_cli_warn(o,
		    "transformers >= 5 holds %s's experts as fused 3-D parameters, which bitsandbytes does not "
		    "quantize (it replaces nn.Linear only): there they stay %s, %.1f GiB where this estimate, "
		    "as transformers 4 loads them, counts %.1f GiB %s (%.1f GiB more%s)",
		    m->name, fp32 ? "fp32 (prepare_model_for_kbit_training)" : "16-bit",
		    unq / 1073741824.0, counted / 1073741824.0, vp_quant_name(t->quant),
		    (unq - counted) / 1073741824.0, shard);
}

enum vp_fp16_fix vp_cli_fp16_fix(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
				 const struct vp_train *t)
{
	if (!vp_model_overflows_fp16(m) || (t->precision != VP_PREC_AMP_FP16 && t->precision != VP_PREC_FP16))
		return VP_FP16_FIX_NONE;
	if (g->bf16)
		return VP_FP16_FIX_BF16;
	/* LLaMA-Factory loads an adapter's base in its compute dtype, fp16
	 * wherever the GPU has no bf16 (extras/misc.py infer_optim_dtype,
	 * with neither key): its LoRA has no fp32 keys, and --precision
	 * fp32 is refused for it below, so the fp32 runs are named */
	if (o->profile == VP_PROFILE_LLAMAFACTORY && vp_train_has_adapters(t))
		return VP_FP16_FIX_FULL_FP32;
	return VP_FP16_FIX_FP32;
}

const char *vp_cli_fp16_fix_option(const struct vp_cli_opts *o, const struct vp_train *t, enum vp_fp16_fix fix)
{
	switch (fix) {
	case VP_FP16_FIX_BF16:
		/* amp-bf16 is refused for LLaMA-Factory's LoRA (its base
		 * loads in the compute dtype, below) and warned of under
		 * axolotl (bf16: true loads 16-bit weights); until 2026-12-01
		 * the advice named it for both */
		return (o->profile == VP_PROFILE_LLAMAFACTORY && vp_train_has_adapters(t)) ||
				       o->profile == VP_PROFILE_AXOLOTL
			       ? "--precision bf16"
			       : "--precision amp-bf16";
	case VP_FP16_FIX_FP32:
		return "--precision fp32";
	case VP_FP16_FIX_FULL_FP32:
		/* the options that plan the fp32 full fine-tune whatever else
		 * the row was given: --method full alone keeps a --precision
		 * fp16 (refused: LLaMA-Factory has no pure fp16) or amp-fp16
		 * (the overflow again) and a --quant (refused without LoRA);
		 * until 2026-12-01 the JSON row said "--method full" alone */
		return o->has_quant && t->quant != VP_QUANT_NONE ? "--method full --precision fp32 --quant none"
								 : "--method full --precision fp32";
	case VP_FP16_FIX_NONE:
		break;
	}
	return NULL;
}

void vp_cli_warn_fp16(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_train *t)
{
	enum vp_fp16_fix fix = vp_cli_fp16_fix(o, m, g, t);

	switch (fix) {
	case VP_FP16_FIX_NONE:
		break;
	case VP_FP16_FIX_BF16:
		vp_cli_warn(o, "%s was pretrained in bf16 and overflows fp16 (training loss turns to nan); train it "
			    "in bf16 (%s)", m->name, vp_cli_fp16_fix_option(o, t, fix));
		break;
	case VP_FP16_FIX_FULL_FP32:
		vp_cli_warn(o, "%s was pretrained in bf16 and overflows fp16 (training loss turns to nan); GPU '%s' "
			    "has no bf16, and LLaMA-Factory loads a LoRA base in fp16 there (infer_optim_dtype): train "
			    "it in fp32 with --method full, or with --profile hf", m->name, g->name);
		break;
	case VP_FP16_FIX_FP32:
		vp_cli_warn(o, "%s was pretrained in bf16 and overflows fp16 (training loss turns to nan); GPU '%s' "
			    "has no bf16, so train it in fp32 (--precision fp32)", m->name, g->name);
		break;
	}
}

/*
 * nvidia-smi prints "NVIDIA GeForce RTX 4060 Ti" for the 8 GB and the 16 GB
 * card alike, and the name finds the 8 GB entry (the smaller memory, the
 * safe side: docs/catalogue.md). Until 2026-11-30 that choice went unsaid:
 * a 16 GB owner who pasted nvidia-smi's name got a plan for half her memory
 * (and `check` a "does not fit") with nothing on stderr to say which card was
 * planned. Said once a process: check meets the name once per config.
 */
void vp_cli_warn_gpu_namesake(const struct vp_cli_opts *o, const struct vp_catalog *cat, const char *key,
			      const struct vp_gpu *g)
{
	static const struct vp_gpu *said;
	const struct vp_gpu *other = vp_catalog_gpu_namesake(cat, key, g);
	char shown[128];

	if (said == g)
		return;
	if (other == NULL) {
		/* "a100" plans the 40 GB card: said, as an 80 GB owner would
		 * otherwise get a plan for half her memory without a word */
		other = vp_catalog_gpu_sibling(cat, key, g);
		if (other == NULL)
			return;
		said = g;
		vp_cli_warn(o,
			    "'%s' is %s (%" PRIu64 " MiB), planned here; give --gpu %s for the %" PRIu64
			    " MiB card",
			    vp_text_shown(shown, sizeof shown, key), g->name, g->memory_mib, other->name,
			    other->memory_mib);
		return;
	}
	said = g;
	vp_cli_warn(o,
		    "'%s' names two cards (nvidia-smi prints one name for both): %s (%" PRIu64
		    " MiB), planned here, and %s (%" PRIu64 " MiB); give --gpu %s for the other (nvidia-smi's "
		    "memory column tells them apart)",
		    vp_text_shown(shown, sizeof shown, key), g->name, g->memory_mib, other->name, other->memory_mib,
		    other->name);
}

void vp_cli_warn_context(const struct vp_cli_opts *o, const struct vp_model *m,
			 const struct vp_plan_request *req)
{
	/* a decoder-only model generates after its prompt, into the same
	 * positions; an encoder-decoder's decoder starts from its own */
	uint64_t gen = req->eval.generate && m->arch != VP_ARCH_ENCDEC ? req->eval.max_new_tokens : 0;
	uint64_t seq = req->train.seq_len;
	char tail[512];

	if (o->seq_max || !vp_cli_past_context(m, seq, gen, tail, sizeof tail))
		return;
	if (seq > vp_model_context_tokens(m) || gen == 0)
		vp_cli_warn(o, "--seq-len %" PRIu64 " is longer than %s", seq, tail);
	else
		vp_cli_warn(o, "--seq-len %" PRIu64 " and %" PRIu64 " generated tokens reach position %" PRIu64
			    ", past %s", seq, gen, seq + gen, tail);
}

/* Do the LoRA targets reach Qwen2-VL's or Qwen2.5-VL's vision tower, when
 * its shapes are not known (layers.c vp_model_vision_linears names them
 * when they are)? Its blocks' attn.qkv and attn.proj, the MLP's
 * gate/up/down_proj (Qwen2.5-VL) or fc1/fc2 (Qwen2-VL), the merger's mlp.0
 * and mlp.2 (transformers models/qwen2_5_vl/modeling_qwen2_5_vl.py); PEFT
 * matches a target as the name's last component, and all-linear takes
 * them all. */
static bool qwen_tower_targeted(const struct vp_train *t)
{
	static const char *const tower[] = {"qkv", "proj", "gate_proj", "up_proj", "down_proj", "fc1", "fc2", NULL};

	if (t->lora_all_linear)
		return true;
	for (size_t i = 0; i < t->n_lora_targets; i++)
		for (size_t j = 0; tower[j] != NULL; j++)
			if (strcmp(t->lora_targets[i], tower[j]) == 0)
				return true;
	return false;
}

/* The autocast that the printed keys run over 16-bit weights (precision
 * p, bf16 or fp16): sets *no_autocast or *stated (vp_train). HF's bf16:
 * false over a model loaded in 16 bit (the plan's note says so),
 * Lightning's bf16-true and DeepSpeed's bf16 engine run no autocast;
 * axolotl's bf16: true runs the Trainer's autocast over them, and so does
 * LLaMA-Factory's: settings_llamafactory prints bf16: true or fp16: true
 * for every 16-bit plan (pure_bf16 beside it), which check reads as the
 * Trainer's flags (tc_settle.c trainer_autocast_flags). */
static void keys16_autocast(const struct vp_cli_opts *o, const struct vp_train *t, enum vp_precision p,
			    bool *no_autocast, bool *stated)
{
	if (o->profile == VP_PROFILE_HF || o->profile == VP_PROFILE_LIGHTNING || o->profile == VP_PROFILE_DEEPSPEED)
		*no_autocast = true;
	else if (o->profile == VP_PROFILE_AXOLOTL || o->profile == VP_PROFILE_LLAMAFACTORY)
		*stated = true;
	/* trl: bf16: true over bf16 weights, fp16: true over fp16 ones with
	 * fp32 adapters; a full fine-tune in fp16 without autocast
	 * (settings.c settings_trl) */
	else if (o->profile == VP_PROFILE_TRL &&
		 (p == VP_PREC_BF16 || (vp_train_has_adapters(t) && !t->lora_16bit_adapters)))
		*stated = true;
	else if (o->profile == VP_PROFILE_TRL)
		*no_autocast = true;
}

int vp_cli_setup(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
		 bool warn, struct vp_plan_request *req, struct vp_error *err)
{
	struct vp_train *t = &req->train;
	enum vp_pytorch_need lacks;
	bool adapter, quant_known = false, runs_trainer;

	vp_plan_request_defaults(req);
	*t = o->train;
	/* the estimator refuses these too (estimate.c), in words without the
	 * options, which the command line names here. Not for --method
	 * frozen, which names --optimizer-in-backward and drops it (below),
	 * as it does --offload-optimizer without its stage (until 2026-11-30
	 * this error came first, tests/cli/estimate/frozen-training-options.sh) */
	if (t->optimizer_in_backward && t->zero_stage > 0 && t->method != VP_METHOD_FROZEN)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--optimizer-in-backward cannot be combined with --zero %d (DeepSpeed ZeRO steps the "
				    "optimizer itself); drop one, or shard with --fsdp",
				    t->zero_stage);
	if (t->fsdp && t->zero_stage > 0)
		return vp_error_set(err, VP_ERR_INPUT, "--fsdp and --zero %d cannot be combined (choose one)",
				    t->zero_stage);
	/* HF batches are padded unless packed: transformers masks the padding */
	t->padding_mask = !t->packed;
	/* HF Trainer runs the HF, axolotl, LLaMA-Factory and TRL profiles;
	 * Lightning's and DeepSpeed's jobs run loops of their own */
	runs_trainer = o->profile == VP_PROFILE_HF || o->profile == VP_PROFILE_AXOLOTL ||
		       o->profile == VP_PROFILE_LLAMAFACTORY || o->profile == VP_PROFILE_TRL;
	/* Trainer returns loss.detach() from training_step, so no step's
	 * autograd graph outlives it; another loop may keep it (the safe side) */
	t->graph_freed_between_steps = runs_trainer;
	/* Trainer sets model.config.use_cache = args.use_cache (False in
	 * transformers 5), so its forwards build no KV cache; another loop
	 * calls the model itself, and so does a forward that trains nothing
	 * (--method frozen: no Trainer steps it, measure.py's frozen_forward
	 * calls the model) */
	t->direct_forward = !runs_trainer || t->method == VP_METHOD_FROZEN;
	if (warn)
		vp_cli_note(o, "model '%s' (%s) from %s", m->name, m->model_type,
			    m->source[0] != '\0' ? m->source : "the catalogue");
	if (warn && (o->train.liger_loss || o->train.liger_swiglu || o->train.liger_rms_norm) && !vp_liger_patches(m))
		vp_cli_warn(o, "Liger has no fused linear cross-entropy for model_type '%s' (for most types no "
			    "kernels at all: use_liger_kernel does nothing); the estimate is without Liger",
			    m->model_type);
	if (warn && o->train.router_aux_loss && m->num_experts == 0)
		vp_cli_warn(o, "--router-aux-loss: model '%s' has no experts, so no router and no load-balancing loss",
			    m->name);
	else if (warn && o->train.router_aux_loss && !vp_model_router_logits_out(m))
		vp_cli_warn(o, "--router-aux-loss: %s's causal LM (LlamaForCausalLM's forward) returns no router "
			    "logits and adds no load-balancing loss; the estimate is without it",
			    m->model_type);
	if (warn && m->read_as[0] != '\0')
		vp_cli_warn(o, "model_type '%s' is not one vramplan models; its config has a %s decoder's keys "
			    "(RMSNorm, SwiGLU), so it is estimated as one", m->model_type, m->read_as);
	/* a multimodal checkpoint (Gemma 3, Mistral 3, Qwen2-VL, Qwen2.5-VL):
	 * the tower's weights are counted, never its forward on images (the
	 * patches' activations, Qwen2.5-VL's window attention), which depend
	 * on each image's size; until 2026-12-01 that went unsaid. Named by
	 * its class, which a catalogue entry and its config.json share */
	if (warn && m->vision_params > 0)
		vp_cli_warn(o, "%s is multimodal: its vision tower's weights are counted, but the estimate is of a "
			    "text-only fine-tune (image inputs' activations are not modelled)",
			    m->architecture[0] != '\0' ? m->architecture : "the model");

	if (!o->has_precision) {
		/* a T5-family model overflows fp16 (vp_model_overflows_fp16:
		 * training loss turns to nan), so on a GPU without bf16 the plan
		 * it chose itself is fp32, the precision vp_cli_warn_fp16 names;
		 * until 2026-12-01 it printed fp16: true with that warning, a
		 * plan that trains to nan (seed 001's mT5 on a V100). An fp16
		 * run asked for is estimated as asked, with the warning. */
		bool overflows = !g->bf16 && vp_model_overflows_fp16(m);
		/* axolotl's fp32 is its keys' too: bf16 and fp16 false give
		 * cfg.torch_dtype float32 (utils/config/__init__.py
		 * normalize_config), so an overflowing model keeps it (below);
		 * until 2026-12-01 its plan was fp16: true beside the warning.
		 * LLaMA-Factory's LoRA has no fp32 keys (infer_optim_dtype: fp16
		 * wherever the GPU has it) */
		bool axolotl_16 = (o->profile == VP_PROFILE_AXOLOTL && t->method != VP_METHOD_QLORA &&
				   t->quant == VP_QUANT_NONE && !overflows) ||
				  (o->profile == VP_PROFILE_LLAMAFACTORY && vp_train_has_adapters(t)); /* settled below */

		t->precision = g->bf16 ? VP_PREC_AMP_BF16 : overflows ? VP_PREC_FP32 : VP_PREC_AMP_FP16;
		/* the fp16 run as each profile's keys say it: axolotl's fp16:
		 * true loads 16-bit weights (--precision fp16; amp-fp16 is
		 * warned of below), and DeepSpeed's 16-bit engine needs ZeRO
		 * here (refused below without it) */
		if (warn && !axolotl_16 && overflows && o->command != VP_CMD_SWEEP)
			vp_cli_warn(o, "planned in fp32: GPU '%s' has no bf16, and %s, pretrained in bf16, overflows "
				    "fp16 (training loss turns to nan: transformers#11735); --precision %s plans "
				    "that run", g->name, m->name,
				    o->profile == VP_PROFILE_AXOLOTL ? "fp16"
				    : o->profile == VP_PROFILE_DEEPSPEED && t->zero_stage == 0
					? "amp-fp16 with --zero 1, 2 or 3"
					: "amp-fp16");
		else if (warn && !axolotl_16 && !overflows)
			vp_cli_note(o, "precision %s: GPU '%s' %s bf16", vp_precision_name(t->precision), g->name,
				    g->bf16 ? "has" : "has no");
	} else if ((t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_BF16) && !g->bf16 && warn) {
		vp_cli_warn(o, "GPU '%s' has no native bf16; the estimate assumes %s runs anyway "
			    "(amp-fp16 is what this GPU runs natively)", g->name, vp_precision_name(t->precision));
	}

	if (!o->has_attn) {
		/* transformers picks SDPA where torch has it (>= 2.0:
		 * F.scaled_dot_product_attention is new there), else eager;
		 * the T5 family had eager alone before
		 * huggingface/transformers#47014, what bench/measured's T5
		 * runs used: eager, which --attn sdpa changes (the plan's
		 * setup says so, emit_plan.c) */
		t->attn = t->pytorch == VP_PYTORCH_1 || m->naming == VP_NAMING_T5 ? VP_ATTN_EAGER : VP_ATTN_SDPA;
		if (warn && t->pytorch == VP_PYTORCH_1)
			vp_cli_note(o, "attention eager: PyTorch 1.x has no scaled_dot_product_attention");
	} else if (t->attn == VP_ATTN_FLASH2 && vp_attn_that_runs(m, NULL, VP_ATTN_FLASH2) != VP_ATTN_FLASH2) {
		/* a model transformers gives no FlashAttention-2 path (T5,
		 * BLOOM, MPT, CodeGen, DeBERTa, MPNet: eager; the BERT family
		 * and ALBERT have one since huggingface/transformers#38301,
		 * v4.54, and were planned with SDPA here until 2026-12-01):
		 * from_pretrained refuses attn_implementation=
		 * "flash_attention_2" for it (modeling_utils.py
		 * _check_and_adjust_attn_implementation, "does not support
		 * Flash Attention 2"), so the plan is of the kernel it has, and
		 * its keys and notes ask for that one. Until 2026-12-01 the
		 * estimate was eager's while the keys asked for
		 * flash_attention_2, a run that does not start. */
		enum vp_attn has = vp_attn_that_runs(m, NULL, VP_ATTN_FLASH2);

		if (warn)
			vp_cli_warn(o, "model_type '%s' has no FlashAttention-2 path in transformers (from_pretrained "
				    "refuses attn_implementation=\"flash_attention_2\" for it): %s attention is planned",
				    m->model_type, vp_attn_name(has));
		t->attn_asked = t->attn;
		t->attn_replaced = true;
		t->attn = has;
	} else if (t->attn == VP_ATTN_FLASH2 && vp_model_is_gpt_oss(m) && g->compute_capability < 90) {
		/* gpt-oss's FlashAttention path is FlashAttention-3 with sinks
		 * (the kernels hub's vllm-flash-attn3), Hopper's; it has no
		 * SDPA path either */
		if (warn)
			vp_cli_warn(o, "GPU '%s' does not run FlashAttention-3, gpt-oss's kernel with sinks; "
				    "eager attention is assumed", g->name);
		t->attn_asked = t->attn;
		t->attn_replaced = true;
		t->attn = VP_ATTN_EAGER;
	} else if (t->attn == VP_ATTN_FLASH2 && !g->flash_attn) {
		/* the T5 family's fallback is its default, eager (above):
		 * it has no FlashAttention path on any GPU, and no SDPA one
		 * before huggingface/transformers#47014 */
		enum vp_attn instead = m->naming == VP_NAMING_T5 ? VP_ATTN_EAGER : VP_ATTN_SDPA;

		/* named as it runs: GPT-J and GPT-Neo, without an SDPA path,
		 * take their eager one (until 2026-12-01 the warning said
		 * sdpa while the setup line said eager) */
		if (warn)
			vp_cli_warn(o, "GPU '%s' does not run FlashAttention-2; %s attention is assumed", g->name,
				    vp_attn_name(vp_attn_that_runs(m, g, instead)));
		t->attn_asked = t->attn;
		t->attn_replaced = true;
		t->attn = instead;
	}
	/* axolotl's sample_packing keeps a mask under every kernel but
	 * FlashAttention's (vp_axolotl_packing_masks, train.c); the plan
	 * counts it, with the k/v copies a masked SDPA call makes, and says
	 * so (emit_plan.c) */
	if (o->profile == VP_PROFILE_AXOLOTL && vp_axolotl_packing_masks(t))
		t->padding_mask = true;

	/* A frozen model has no optimizer: nothing to step, offload or keep
	 * an EWC penalty of, and no backward, so nothing saved for one to
	 * checkpoint, offload or step in (estimate.c frozen_forward reads
	 * none of these). Each is named, as --optimizer always was, and
	 * dropped, so the printed setup says what was estimated. Until
	 * 2026-11-30 all but --optimizer were accepted without a word
	 * (--offload-optimizer cpu with --zero 2 printed the unchanged
	 * forward). */
	if (t->method == VP_METHOD_FROZEN) {
		const struct {
			const char *name;
			bool given;
		} train_opts[] = {
			{"--optimizer", o->has_optimizer},
			{"--offload-optimizer", t->zero_offload_optimizer},
			{"--optimizer-in-backward", t->optimizer_in_backward},
			{"--activation-offload", t->activation_offload},
			{"--ewc", o->ewc},
		};

		for (size_t i = 0; warn && i < sizeof train_opts / sizeof train_opts[0]; i++)
			if (train_opts[i].given)
				vp_cli_warn(o, "%s has no effect with --method frozen (nothing trains)", train_opts[i].name);
		/* Nothing is saved for a backward, so nothing to recompute. A
		 * decoder in train mode with checkpointing on turns its
		 * use_cache off (transformers 5 utils/generic.py
		 * merge_with_config_defaults, activations.c forward_cache),
		 * which the frozen estimate does not model: it counts the
		 * cache its forward builds without checkpointing. */
		if (warn && t->grad_ckpt && t->direct_forward && m->arch == VP_ARCH_DECODER && !m->no_cache)
			vp_cli_warn(o, "--grad-ckpt has no effect with --method frozen (nothing is saved for backward), "
				    "except that a decoder in train mode then builds no KV cache, which the estimate "
				    "still counts (an overestimate)");
		else if (warn && t->grad_ckpt)
			vp_cli_warn(o, "--grad-ckpt has no effect with --method frozen (nothing is saved for backward)");
		/* ZeRO partitions in vramplan's model only what trains
		 * (parameters.c distribute): a frozen forward under ZeRO-3 is
		 * estimated with every GPU holding the whole 16-bit weights,
		 * more than DeepSpeed's stage-3 engine holds: with no
		 * optimizer it still builds one, "no optim selected but zero
		 * is enabled" (runtime/engine.py DeepSpeedEngine.__init__:
		 * _configure_zero_optimizer(optimizer=None), at stage 3 a
		 * DeepSpeedZeRoOffload that partitions the parameters). Said
		 * rather than left silent; not modelled. */
		if (warn && t->zero_stage == 3)
			vp_cli_warn(o, "--zero 3%s with --method frozen: ZeRO-3's parameter %s modelled for training "
				    "only, so each GPU is estimated holding the whole weights (an overestimate)",
				    t->zero_offload_param ? " --offload-param cpu" : "",
				    t->zero_offload_param ? "partitioning and offload are" : "partitioning is");
		else if (warn && t->zero_offload_param)
			vp_cli_warn(o, "--offload-param has no effect with --method frozen (nothing trains)");
		/* ZeRO-1 and 2 partition optimizer states (and gradients),
		 * of which a frozen forward has none: DeepSpeed's engine
		 * still builds its ZeRO optimizer without one (the same
		 * _configure_zero_optimizer(optimizer=None)), whose groups
		 * take only the parameters that require grad, so each GPU
		 * holds the whole weights, 16-bit where the engine's fp16 or
		 * bf16 casts them (engine.py _configure_distributed_model:
		 * module.half() / module.bfloat16()). That is what is
		 * counted; said as the options above that partition or
		 * offload nothing here are (until 2026-11-30 nothing was
		 * said, where --zero 3 warned: a review). */
		if (warn && (t->zero_stage == 1 || t->zero_stage == 2)) {
			bool cast = t->quant == VP_QUANT_NONE &&
				    (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16);

			vp_cli_warn(o, "--zero %d with --method frozen partitions nothing: ZeRO-%d partitions %s, "
				    "which a frozen forward has none of, so each GPU is estimated holding the whole "
				    "%sweights%s",
				    t->zero_stage, t->zero_stage,
				    t->zero_stage == 1 ? "optimizer states" : "gradients and optimizer states",
				    cast ? "16-bit " : "", cast ? ", as DeepSpeed's 16-bit engine casts them" : "");
		}
		/* The frozen forward is estimated as the evaluation's
		 * (frozen_forward: logits.c logits_eval), whose logits and loss
		 * none of these change; in a forward run in train mode with
		 * labels, as measure.py's, Liger's patched forward would fuse
		 * them (liger_kernel/transformers/model/llama.py lce_forward:
		 * "if self.training and (labels is not None)", no logits
		 * materialized), and a chunked or compiled loss would hold
		 * less than the whole fp32 loss counted. Said, not modelled. */
		{
			const struct {
				const char *name;
				bool given;
			} loss_opts[] = {
				{"--liger", t->liger_loss && vp_liger_patches(m)},
				{"--compile", t->compile},
				{"--loss chunked", t->loss == VP_LOSS_CHUNKED},
			};

			for (size_t i = 0; warn && i < sizeof loss_opts / sizeof loss_opts[0]; i++)
				if (loss_opts[i].given)
					vp_cli_warn(o, "%s is not modelled with --method frozen: the forward is estimated as "
						    "an evaluation's, its logits and loss unfused (an overestimate where it "
						    "fuses them)", loss_opts[i].name);
		}
		t->optimizer = VP_OPT_NONE;
		t->zero_offload_optimizer = t->zero_offload_param = false;
		t->optimizer_in_backward = t->grad_ckpt = t->activation_offload = false;
	}

	/* an older PyTorch: its defaults where the command line is silent,
	 * an input error where it asks for what that version lacks */
	if (t->pytorch == VP_PYTORCH_1 && t->optimizer == VP_OPT_ADAMW_FUSED && !o->has_optimizer) {
		t->optimizer = VP_OPT_ADAMW;
		if (warn)
			vp_cli_note(o, "optimizer adamw: adamw_torch_fused needs PyTorch 2.0");
	}
	lacks = vp_train_pytorch_lacks(t);
	if (lacks != VP_NEEDS_NOTHING) {
		char need[128];

		vp_pytorch_need_text(t, lacks, need, sizeof need);
		return vp_error_set(err, VP_ERR_INPUT, "%s, and --torch-version says %s", need,
				    vp_pytorch_name(t->pytorch));
	}

	if (!o->has_head) {
		t->head = vp_model_default_head(m);
		if (warn && m->architecture[0] != '\0' && !vp_head_generates(t->head))
			vp_cli_note(o, "head %s, from the checkpoint's class %s", vp_head_name(t->head), m->architecture);
		else if (warn)
			vp_cli_note(o, "head %s, from the architecture", vp_head_name(t->head));
	}

	if (vp_head_check(m, t->head, err) != 0)
		return -1;
	/* heads.c reads these two classes as classifiers; say how */
	if (!o->has_head && ends_with(m->architecture, "ForQuestionAnswering") && warn) {
		if (t->head == VP_HEAD_TOKEN_CLS)
			vp_cli_note(o, "%s's qa_outputs (start and end logits on every token) estimated as a 2-label "
				    "token classifier", m->architecture);
		else
			vp_cli_warn(o, "%s's QA head is not modelled for a %s; estimated as its %s head (full-vocabulary "
				    "logits the QA head does not have: an overestimate)",
				    m->architecture, m->arch == VP_ARCH_DECODER ? "decoder" : "encoder-decoder",
				    vp_head_name(t->head));
	}
	if (!o->has_head && vp_head_is_multiple_choice(m) && t->head == VP_HEAD_SEQ_CLS) {
		/* every choice is a sequence of its own (input_ids.view(-1, s)),
		 * all in one forward: SWAG, RACE, ARC and HellaSwag have 4 */
		t->texts_in_one_forward = true;
		if (!o->has_texts) {
			t->texts_per_example = VP_MULTIPLE_CHOICE_DEFAULT;
			if (warn)
				vp_cli_warn(o, "%s runs every choice of an example as a sequence: %d choices assumed "
					    "(SWAG, RACE, ARC); give --texts-per-example with your dataset's count",
					    m->architecture, VP_MULTIPLE_CHOICE_DEFAULT);
		}
	}
	if (!o->has_num_labels && m->num_labels > 0 &&
	    (t->head == VP_HEAD_SEQ_CLS || t->head == VP_HEAD_TOKEN_CLS)) {
		t->num_labels = m->num_labels;
		if (warn)
			vp_cli_note(o, "num-labels %" PRIu64 ", the checkpoint's classifier", m->num_labels);
	}
	/* a count of classes for a head that has none: most likely a
	 * classifier was meant */
	if (warn && o->has_num_labels && t->head != VP_HEAD_SEQ_CLS && t->head != VP_HEAD_TOKEN_CLS)
		vp_cli_warn(o, "--num-labels is ignored: the %s head has no classes (a classifier is "
			    "--head sequence-classification or token-classification)", vp_head_name(t->head));
	if (vp_head_uses_target(m, t->head)) {
		if (!o->has_target_len) {
			t->tgt_len = 128;
			if (warn)
				vp_cli_note(o, "target-len 128, the default for an encoder-decoder model");
		}
	} else {
		if (o->has_target_len && warn) {
			if (m->arch == VP_ARCH_ENCDEC)
				vp_cli_warn(o, "--target-len applies to a seq2seq-lm head; the %s head runs %s, so "
					    "it is ignored", vp_head_name(t->head),
					    t->head == VP_HEAD_ENCODER ? "no decoder" : "the decoder on the source");
			else
				vp_cli_warn(o, "--target-len applies to encoder-decoder models; '%s' is not one, "
					    "so it is ignored", m->name);
		}
		t->tgt_len = 0;
	}

	if (stored_quant(o, m, t, warn, &quant_known, err) != 0)
		return -1;
	adapter = vp_train_has_adapters(t);
	t->n_lora_targets = 0;
	t->lora_all_linear = false;
	if (adapter) {
		const char *targets = o->lora_targets;

		if (targets == NULL && o->profile == VP_PROFILE_LLAMAFACTORY) {
			/* LLaMA-Factory passes PEFT its own lora_target, default
			 * "all": every linear layer but the LM head
			 * (hparams/finetuning_args.py LoraArguments at 00577a85;
			 * model_utils/misc.py find_all_linear_modules), the
			 * vision tower's and projector's dropped (lora_skip_vision,
			 * below), what check reads from a file without the key
			 * (tc_settle.c). PEFT's default for the model type never
			 * reaches it. Until 2026-12-01 the profile planned PEFT's
			 * default (q_proj,v_proj for Llama), and for a model PEFT
			 * has none for (Qwen2.5-VL) warned that PEFT would ask
			 * for targets, which LLaMA-Factory never lets it do. */
			targets = "all-linear";
			if (warn)
				vp_cli_note(o, "LoRA targets all-linear: LLaMA-Factory's default lora_target: all, every "
					    "linear layer but the LM head");
		} else if (targets == NULL) {
			targets = vp_default_lora_targets(m);
			if (!vp_peft_has_default_targets(m) && o->profile == VP_PROFILE_AXOLOTL) {
				/* axolotl passes PEFT lora_target_modules (and
				 * lora_target_linear's names) or an empty list, never
				 * None, so PEFT's default is not what it lacks
				 * (loaders/adapter.py load_lora: cfg.lora_target_modules
				 * or []); the printed keys name the targets assumed */
				if (warn)
					vp_cli_warn(o, "PEFT has no default target_modules for model_type '%s', and axolotl "
						    "passes only the lora_target_modules it is given; assuming %s, which "
						    "the printed keys name (give --lora-targets for others)",
						    vp_peft_model_type(m), targets);
			} else if (!vp_peft_has_default_targets(m)) {
				if (warn)
					vp_cli_warn(o, "PEFT has no default target_modules for model_type '%s'; "
						    "assuming %s (give --lora-targets, as PEFT will ask for them)",
						    vp_peft_model_type(m), targets);
			} else if (warn) {
				vp_cli_note(o, "LoRA targets %s: PEFT's default for model_type '%s'", targets,
					    m->model_type);
			}
		}
		if (vp_train_set_lora_targets(t, targets, err) != 0)
			return -1;
		if (peft_unwrappable_target(m, t, err))
			return -1;
		if (peft_finds_no_target(m, t))
			return peft_targets_error(m, t, t->lora_skip_vision || o->profile == VP_PROFILE_LLAMAFACTORY, err);
		/* a catalogue entry written before the tower's shapes were
		 * (vision_params without vision_layers: an older 'vramplan
		 * import', a hand-written --catalog entry) counts none of the
		 * adapters PEFT puts on the tower (parameters.c
		 * tower_adapters): said, where until 2026-12-01 the count fell
		 * short without a word; of Qwen2-VL's and Qwen2.5-VL's, only
		 * where the targets reach the tower (q_proj,v_proj does not).
		 * Until 2026-12-01 no Qwen2-VL tower's shapes were kept, and
		 * every such estimate said so */
		if (warn && m->vision_params > 0 && m->vision_layers == 0 && !t->lora_skip_vision &&
		    o->profile != VP_PROFILE_LLAMAFACTORY &&
		    (strcmp(m->model_type, "qwen2") != 0 || qwen_tower_targeted(t)))
			vp_cli_warn(o, "model '%s' gives 'vision_params' without the vision tower's shapes "
				    "('vision_hidden_size', 'vision_intermediate_size', 'vision_layers'%s), so the "
				    "LoRA adapters PEFT puts on the tower's linears are not counted ('vramplan import' "
				    "of its config.json writes them)",
				    m->name, strcmp(m->model_type, "qwen2") == 0 ? ", 'vision_merge_size'" : "");
		/* PEFT's SEQ_CLS defaults (classifier, score) do not name T5's
		 * or BART's classification_head: it stays as initialized */
		if (warn && t->head == VP_HEAD_SEQ_CLS && m->arch == VP_ARCH_ENCDEC)
			vp_cli_warn(o, "%s's classification_head stays frozen at its random initialization "
				    "under PEFT's sequence-classification defaults (they train only classifier and "
				    "score); give it in lora_modules_to_save (vramplan check reads it)",
				    m->model_type);
	} else if (warn) {
		/* adapter options without adapters: nothing to apply them to */
		const struct {
			const char *name;
			bool given;
		} adapter_opts[] = {
			{"--lora-targets", o->lora_targets != NULL},
			{"--lora-r", o->has_lora_r},
			{"--lora-dropout", o->has_lora_dropout},
			{"--dora", t->dora},
		};
		size_t i;

		for (i = 0; i < sizeof adapter_opts / sizeof adapter_opts[0]; i++)
			if (adapter_opts[i].given)
				vp_cli_warn(o, "%s has no effect with --method %s", adapter_opts[i].name,
					    vp_method_name(t->method));
	}
	if (t->method != VP_METHOD_LORA && t->method != VP_METHOD_QLORA)
		t->dora = false; /* no adapter, no DoRA layer */

	if (t->method == VP_METHOD_QLORA && !o->has_quant && !quant_known) {
		t->quant = VP_QUANT_NF4;
		if (warn)
			vp_cli_note(o, "quantization nf4, the default with --method qlora");
	}
	if (t->method == VP_METHOD_FULL && t->quant != VP_QUANT_NONE)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--quant %s needs --method lora, qlora or frozen (a quantized base is not trained)",
				    vp_quant_name(t->quant));

	/* axolotl loads the model in the dtype its bf16/fp16 keys name
	 * (resolve_dtype; docs/check.md): over an unquantized base that is
	 * 16-bit weights, gradients and states, the run its keys describe.
	 * Over a bitsandbytes base too: prepare_model_for_kbit_training casts
	 * the unquantized parameters to fp32, but for any adapter axolotl then
	 * casts every module named *norm* and the embeddings and LM head
	 * (get_linear_embedding_layers) back to cfg.torch_dtype
	 * (src/axolotl/loaders/model.py _configure_embedding_dtypes,
	 * should_convert: needs_fa2_dtype is True with adapter lora or qlora;
	 * utils/models.py load_model in older releases, "LlamaRMSNorm layers
	 * are in fp32 after kbit_training ... convert them back"): a 16-bit
	 * unquantized rest, as --precision bf16 counts it. Until 2026-11-30
	 * the plan kept amp-* over a quantized base, and check read
	 * --precision bf16's keys as amp-* (up to 20% above the plan). A GPTQ
	 * base (gptq: true, no prepare_model_for_kbit_training) is left as
	 * it was. */
	if (o->profile == VP_PROFILE_AXOLOTL && t->quant != VP_QUANT_GPTQ_INT4) {
		const char *key = g->bf16 ? "bf16" : "fp16", *rest;

		if (!o->has_precision && t->precision == VP_PREC_FP32) {
			/* chosen above for a model that overflows fp16: bf16 and
			 * fp16 false, axolotl's float32 (normalize_config) */
		} else if (!o->has_precision) {
			t->precision = g->bf16 ? VP_PREC_BF16 : VP_PREC_FP16;
			if (warn && t->quant == VP_QUANT_NONE)
				vp_cli_note(o, "precision %s: axolotl loads the weights in the dtype of its %s key",
					    vp_precision_name(t->precision), key);
			else if (warn)
				vp_cli_note(o, "precision %s: axolotl casts the norms, embeddings and LM head that "
					    "prepare_model_for_kbit_training upcast back to the dtype of its %s key "
					    "(loaders/model.py _configure_embedding_dtypes)",
					    vp_precision_name(t->precision), key);
		} else if ((t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16) && warn) {
			if (t->quant == VP_QUANT_NONE)
				vp_cli_warn(o, "axolotl loads the weights in 16 bit when %s is true, so its keys cannot "
					    "say %s (fp32 weights); the printed plan is that of fp32 weights, the run "
					    "will hold less",
					    t->precision == VP_PREC_AMP_BF16 ? "bf16" : "fp16",
					    vp_precision_name(t->precision));
			else
				vp_cli_warn(o, "axolotl casts a quantized base's norms, embeddings and LM head to 16 "
					    "bit when %s is true (loaders/model.py _configure_embedding_dtypes), so its "
					    "keys cannot say %s (fp32 ones); the printed plan is that of fp32 ones, the "
					    "run will hold less",
					    t->precision == VP_PREC_AMP_BF16 ? "bf16" : "fp16",
					    vp_precision_name(t->precision));
		}
		/* only a 16-bit torch_dtype casts anything back: in fp32 (the
		 * keys' bf16 and fp16 false) every unquantized module is fp32,
		 * as counted */
		if (warn && t->quant != VP_QUANT_NONE &&
		    (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16) &&
		    (rest = vp_axolotl_kbit_fp32_rest(m)) != NULL)
			vp_cli_warn(o, "axolotl casts back to 16 bit only modules named *norm*, embed_tokens and "
				    "lm_head after prepare_model_for_kbit_training; '%s' (%s) has other unquantized "
				    "tables or norms (%s), which stay fp32: the plan counts them 16-bit, the run may "
				    "hold more",
				    m->name, m->model_type, rest);
	}

	/* axolotl's 4-bit base is double-quantized unless its bnb_config_kwargs
	 * say otherwise (src/axolotl/loaders/model.py:
	 * bnb_4bit_use_double_quant=True), which its keys here do not */
	if (o->profile == VP_PROFILE_AXOLOTL && t->quant == VP_QUANT_NF4) {
		if (!o->has_quant) {
			t->quant = VP_QUANT_NF4_DQ;
			if (warn)
				vp_cli_note(o, "quant nf4-dq: axolotl double-quantizes its 4-bit base");
		} else if (warn) {
			vp_cli_warn(o, "axolotl double-quantizes a 4-bit base (bnb_4bit_use_double_quant), which "
				    "its keys here do not turn off: the plan is nf4's, the run holds a little less");
		}
	}

	/* DeepSpeed's engine casts the module to the dtype its bf16/fp16
	 * section enables (engine.py _configure_distributed_model) and keeps
	 * fp32 master weights only under ZeRO: without ZeRO its 16-bit
	 * optimizer wrappers are not modelled (docs/memory-model.md "ZeRO"),
	 * and a DeepSpeed config cannot say FSDP */
	if (o->profile == VP_PROFILE_DEEPSPEED) {
		if (t->fsdp)
			return vp_error_set(err, VP_ERR_INPUT, "--profile deepspeed cannot say --fsdp (a DeepSpeed config "
					    "shards with ZeRO: --zero 3)");
		if (t->quant == VP_QUANT_NONE && !o->has_precision &&
		    (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16)) {
			t->precision = g->bf16 ? VP_PREC_BF16 : VP_PREC_FP16;
			if (warn)
				vp_cli_note(o, "precision %s: DeepSpeed's %s engine holds the weights in 16 bit",
					    vp_precision_name(t->precision), g->bf16 ? "bf16" : "fp16");
		}
		if (t->zero_stage == 0 && t->precision != VP_PREC_FP32)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--profile deepspeed without --zero: DeepSpeed without ZeRO in 16 bit runs "
					    "BF16_Optimizer or FP16_Optimizer, which vramplan does not model; give --zero 1, "
					    "2 or 3, or --precision fp32");
	}

	/* Lightning names ZeRO-Offload by its registered strategies
	 * (DeepSpeedStrategy.register_strategies: deepspeed_stage_2_offload
	 * with offload_optimizer, deepspeed_stage_3_offload with
	 * offload_optimizer and offload_parameters): stage 3 with one of the
	 * two has no name a config can give, nor stage 1 with the optimizer
	 * offloaded (deepspeed_stage_1 offloads nothing) */
	if (o->profile == VP_PROFILE_LIGHTNING && t->zero_stage == 3 &&
	    t->zero_offload_optimizer != t->zero_offload_param)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--profile lightning: ZeRO-3 offloads the optimizer and the parameters together "
				    "(strategy deepspeed_stage_3_offload); give both --offload-optimizer cpu and "
				    "--offload-param cpu, or neither");
	if (o->profile == VP_PROFILE_LIGHTNING && t->zero_stage == 1 && t->zero_offload_optimizer)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--profile lightning: Lightning registers no ZeRO-1 strategy with the optimizer "
				    "offloaded (deepspeed_stage_1 offloads nothing); give --zero 2 with "
				    "--offload-optimizer cpu (strategy deepspeed_stage_2_offload)");

	/* `trl sft` loads the model with AutoModelForCausalLM: other heads
	 * are another script's, whose keys these are not */
	if (o->profile == VP_PROFILE_TRL && t->head != VP_HEAD_CAUSAL_LM)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--profile trl: `trl sft` trains a causal LM (AutoModelForCausalLM), not a %s head; "
				    "use --profile hf with the script that builds it",
				    vp_head_name(t->head));

	/* --loss chunked prints loss_type: chunked_nll (settings.c), which
	 * SFTTrainer.__init__ refuses when LoRA wraps the LM head: its
	 * chunked forward reads lm_head.weight directly, so it raises
	 * ValueError "`loss_type='chunked_nll'` is not supported when
	 * `lm_head` is wrapped by a PEFT adapter" (trl/trainer/sft_trainer.py,
	 * huggingface/trl#5676). all-linear leaves the head out (PEFT's
	 * _maybe_include_all_linear_layers). Until 2026-11-30 the plan printed
	 * keys the trainer refuses at startup. */
	if (o->profile == VP_PROFILE_TRL && t->loss == VP_LOSS_CHUNKED && !t->liger_loss && vp_train_has_adapters(t)) {
		for (size_t i = 0; i < t->n_lora_targets; i++)
			if (strcmp(t->lora_targets[i], vp_model_lm_head_name(m)) == 0)
				return vp_error_set(err, VP_ERR_INPUT,
						    "--profile trl: --loss chunked prints loss_type: chunked_nll, which "
						    "SFTTrainer refuses with LoRA on %s (\"`loss_type='chunked_nll'` is not "
						    "supported when `lm_head` is wrapped by a PEFT adapter\"); drop %s from "
						    "--lora-targets, or plan without --loss chunked",
						    vp_model_lm_head_name(m), vp_model_lm_head_name(m));
	}

	/* TRL loads a bitsandbytes base in dtype, which is its compute
	 * dtype too (get_quantization_config: bnb_4bit_compute_dtype), and
	 * with bf16 SFTTrainer keeps the embeddings and head in bf16
	 * (peft_module_casting_to_bf16): a 16-bit base, as check reads the
	 * keys it prints (settings.c settings_trl). Autocast's fp32 weights
	 * under a 16-bit compute dtype have no keys; fp32 throughout has:
	 * dtype float32 with neither bf16 nor fp16, nothing cast (seed 003's
	 * QLoRA in fp32; refused until 2026-11-30, found replaying it) */
	if (o->profile == VP_PROFILE_TRL &&
	    (t->quant == VP_QUANT_NF4 || t->quant == VP_QUANT_NF4_DQ || t->quant == VP_QUANT_INT8) &&
	    (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16)) {
		if (o->has_precision)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--profile trl: TRL loads a bitsandbytes base in dtype, its compute dtype "
					    "too, so its keys cannot say --precision %s (fp32 weights under a 16-bit "
					    "compute dtype); use bf16, fp16 or fp32",
					    vp_precision_name(t->precision));
		t->precision = g->bf16 ? VP_PREC_BF16 : VP_PREC_FP16;
		if (warn)
			vp_cli_note(o, "precision %s: TRL loads a quantized base in dtype %s, its compute dtype",
				    vp_precision_name(t->precision), g->bf16 ? "bfloat16" : "float16");
	}

	/* LLaMA-Factory loads the model in its compute dtype and casts what
	 * trains to fp32 (docs/check.md, "llamafactory"): LoRA and QLoRA over
	 * a 16-bit base (their unquantized parts too), a full fine-tune in
	 * fp32 under autocast or, with pure_bf16, in bf16 */
	if (o->profile == VP_PROFILE_LLAMAFACTORY) {
		/* no adapter on a vision tower or projector: its
		 * freeze_vision_tower and freeze_multi_modal_projector
		 * defaults (model_utils/visual.py patch_target_modules) */
		t->lora_skip_vision = true;
		if (t->method == VP_METHOD_FROZEN)
			return vp_error_set(err, VP_ERR_INPUT,
					    "--profile llamafactory: LLaMA-Factory trains lora or full, not a frozen model");
		if (vp_train_has_adapters(t) && !o->has_precision) {
			t->precision = g->bf16 ? VP_PREC_BF16 : VP_PREC_FP16;
			if (warn)
				vp_cli_note(o, "precision %s: LLaMA-Factory loads the base in the dtype of its %s key "
					    "and casts the adapters to fp32",
					    vp_precision_name(t->precision), g->bf16 ? "bf16" : "fp16");
		} else if (vp_train_has_adapters(t) && t->precision != VP_PREC_BF16 && t->precision != VP_PREC_FP16) {
			return vp_error_set(err, VP_ERR_INPUT,
					    "--profile llamafactory: LLaMA-Factory loads a LoRA base in bf16 or fp16 "
					    "(its compute dtype), so its keys cannot say --precision %s",
					    vp_precision_name(t->precision));
		} else if (!vp_train_has_adapters(t) && t->precision == VP_PREC_FP16) {
			return vp_error_set(err, VP_ERR_INPUT,
					    "--profile llamafactory: LLaMA-Factory has no pure fp16 training (pure_bf16 "
					    "only); use --precision amp-fp16 or bf16");
		}
	}

	/* What the printed trainer keys make of 16-bit weights
	 * (keys16_autocast). Until 2026-11-30 the llamafactory plan left
	 * autocast unstated, and check read a gelu_new model's plan (phi-1.5,
	 * GPT-J) back above it. The estimate then counts the step those keys
	 * run (docs/memory-model.md "Logits and loss", "gelu_new"). */
	if (t->precision == VP_PREC_BF16 || t->precision == VP_PREC_FP16)
		keys16_autocast(o, t, t->precision, &t->no_autocast, &t->autocast_stated);
	/* and what --precision bf16 (fp16) would get, for the 16-bit
	 * alternative that a plan under autocast offers (plan.c as_base16) */
	else if (t->precision == VP_PREC_AMP_BF16 || t->precision == VP_PREC_AMP_FP16)
		keys16_autocast(o, t, t->precision == VP_PREC_AMP_BF16 ? VP_PREC_BF16 : VP_PREC_FP16,
				&req->base16_no_autocast, &req->base16_autocast_stated);

	if (warn)
		vp_cli_warn_unquantized_experts(o, m, t);

	req->util = o->util;
	/* NCCL's buffers sit outside PyTorch's allocator and the estimate
	 * (docs/memory-model.md "Device level") */
	if (warn && t->gpus > 1)
		vp_cli_note(o, "NCCL's communication buffers (about 0.5-1 GiB per GPU over NVLink, less over PCIe) "
			    "are not in the estimate; --util %.2g leaves %.1f GiB of GPU '%s' for them",
			    o->util, (1.0 - o->util) * (double)g->memory_mib / 1024.0, g->name);
	req->max_batch = o->max_batch;
	req->batch_multiple = o->batch_multiple;
	req->effective_batch = o->effective_batch;

	req->eval.generate = o->generate || o->num_beams > 0 || o->max_new_tokens > 0;
	req->eval.predictions = o->eval_predictions;
	/* `trl sft` passes SFTTrainer no compute_metrics, so evaluation runs
	 * with prediction_loss_only and keeps no logits (check reads TRL's
	 * SFTTrainer so too, docs/check.md). So do axolotl's trainers (built
	 * without compute_metrics) and LLaMA-Factory's SFT without
	 * compute_accuracy or generation, which check reads alike
	 * (tc_settle.c); a DeepSpeed config has no evaluation loop, and
	 * Lightning 2 keeps no validation_step outputs (Lightning-AI/
	 * pytorch-lightning#16520 removed the epoch-end hooks that held
	 * them). Until 2026-11-29 these profiles planned the eval batch
	 * with every step's logits kept and gathered, which check of the
	 * printed config did not count. */
	if ((o->profile == VP_PROFILE_TRL || o->profile == VP_PROFILE_AXOLOTL || o->profile == VP_PROFILE_LLAMAFACTORY ||
	     o->profile == VP_PROFILE_DEEPSPEED || o->profile == VP_PROFILE_LIGHTNING) &&
	    !o->has_eval_predictions && !req->eval.generate)
		req->eval.predictions = VP_PREDS_NONE;
	req->eval.eval_samples = o->eval_samples;
	req->no_eval = o->no_eval;
	/* --use-cache is TrainingArguments' use_cache, printed by the hf and
	 * trl profiles alone: axolotl's and LLaMA-Factory's keys have no
	 * such setting (LLaMA-Factory's use_cache is generation's), and the
	 * Lightning and DeepSpeed loops build the cache already */
	if (t->trainer_use_cache && o->profile != VP_PROFILE_HF && o->profile != VP_PROFILE_TRL)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--use-cache is TrainingArguments' use_cache, which the hf and trl profiles print; "
				    "--profile %s has no such key%s",
				    vp_profile_name(o->profile),
				    o->profile == VP_PROFILE_LIGHTNING || o->profile == VP_PROFILE_DEEPSPEED
					    ? " (its loop calls the model, and the plan counts the cache already)"
					    : "");
	/* Seq2SeqTrainer generates only for a metric (prediction_step) */
	if (req->eval.generate && o->eval_predictions == VP_PREDS_NONE)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--eval-predictions none evaluates the loss alone: nothing is generated "
				    "(drop --generate, --num-beams and --max-new-tokens)");
	if (req->eval.generate && o->eval_predictions == VP_PREDS_ARGMAX)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--eval-predictions argmax reduces logits; generation keeps the generated ids "
				    "(drop --eval-predictions or --generate)");
	req->eval.num_beams = o->num_beams > 0 ? o->num_beams : 1;
	req->eval.max_new_tokens = o->max_new_tokens > 0 ? o->max_new_tokens
				   : vp_head_uses_target(m, t->head) ? t->tgt_len
							       : 128;

	/* Lightning's and DeepSpeed's jobs run loops of their own:
	 * DeepSpeed's saves through the engine's save_checkpoint alone,
	 * Lightning's ModelCheckpoint with torch.save into memory first
	 * (train.h vp_save_writer) */
	/* axolotl's profile writes fsdp_version 2, whose saves are sharded
	 * (settings.c; train.h fsdp_sharded_save); the HF profiles' fsdp
	 * string is FSDP1's, which gathers the full state dict */
	t->fsdp_sharded_save = o->profile == VP_PROFILE_AXOLOTL;
	if (o->profile == VP_PROFILE_LIGHTNING)
		t->save_writer = VP_SAVE_TORCH_BUFFERED;
	else if (o->profile == VP_PROFILE_DEEPSPEED)
		t->save_writer = VP_SAVE_DEEPSPEED_LOOP;
	req->host.host_ram_bytes = o->host_ram;
	req->host.cpus = o->cpus;
	req->host.nodes = o->nodes;
	/* torchrun and accelerate start the same number of processes on
	 * every node (--nproc_per_node) */
	if (o->nodes > 1 && (t->gpus > 0 ? t->gpus : 1) % o->nodes != 0)
		return vp_error_set(err, VP_ERR_INPUT,
				    "--nodes %llu does not divide the %llu GPU%s (--gpus): a launcher runs the same "
				    "number of processes on every node",
				    (unsigned long long)o->nodes, (unsigned long long)(t->gpus > 0 ? t->gpus : 1),
				    t->gpus > 1 ? "s" : "");
	if (o->worker_ram > 0)
		req->host.worker_ram_bytes = o->worker_ram;
	req->host.dataset_ram_bytes = o->dataset_ram;
	req->host.eval_dataset_ram_bytes = o->eval_dataset_ram;
	req->host.dataset_ram_given = o->dataset_ram_given;
	req->host.eval_dataset_ram_given = o->eval_dataset_ram_given;
	req->host.replay_buffer = o->replay_buffer;
	/* axolotl hands TrainingArguments dataloader_num_workers,
	 * dataloader_pin_memory and dataloader_prefetch_factor, but no
	 * persistent_workers (src/axolotl/core/builders/base.py
	 * _set_base_training_args), so its workers are TrainingArguments'
	 * default, forked anew each epoch: each copies a 1/N share of the
	 * training set, not all of it (docs/memory-model.md "Host RAM"), as
	 * check reads an axolotl config. Until 2026-11-30 the axolotl plan
	 * counted persistent workers, which its keys cannot say: with
	 * --dataset-ram 4GiB in 30 GiB it planned 2 workers at 15.06 GiB,
	 * which check read back at 11.06 GiB */
	if (o->profile == VP_PROFILE_AXOLOTL)
		req->host.persistent_workers = false;
	/* WSL 2 caps pinned host memory (NVIDIA's CUDA on WSL guide, "WSL 2
	 * Support Constraints"); docs/planner.md "Windows and WSL 2" */
	if (o->no_pin_memory)
		req->host.pin_memory = false;
	/* nothing trains in a frozen forward: no penalty to keep (warned above) */
	req->ewc = o->ewc && t->method != VP_METHOD_FROZEN;
	return 0;
}
