/* vramplan list models|gpus: the catalogue as a table (or JSON). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "vramplan/cli.h"

static void join_aliases(const char (*aliases)[VP_NAME_MAX], size_t n, char *buf, size_t size)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		int w = snprintf(buf + used, size - used, "%s%s", i > 0 ? "," : "", aliases[i]);

		if (w < 0 || (size_t)w >= size - used)
			break;
		used += (size_t)w;
	}
}

/* 582401280 -> "582.4M", 6738415616 -> "6.74B" (integer arithmetic). */
static void format_params(uint64_t p, char *buf, size_t size)
{
	if (p >= 1000000000u) {
		uint64_t h = (p + 5000000u) / 10000000u;

		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 "B", h / 100, h % 100);
	} else {
		uint64_t t = (p + 50000u) / 100000u;

		snprintf(buf, size, "%" PRIu64 ".%" PRIu64 "M", t / 10, t % 10);
	}
}

static cJSON *add_raw_u64(cJSON *o, const char *key, uint64_t v)
{
	char num[32];

	snprintf(num, sizeof num, "%" PRIu64, v);
	return cJSON_AddRawToObject(o, key, num);
}

static cJSON *alias_array(cJSON *o, const char (*aliases)[VP_NAME_MAX], size_t n)
{
	cJSON *a = cJSON_AddArrayToObject(o, "aliases");
	size_t i;

	for (i = 0; a != NULL && i < n; i++) {
		cJSON *s = cJSON_CreateString(aliases[i]);

		if (s == NULL)
			return NULL;
		cJSON_AddItemToArray(a, s);
	}
	return a;
}

static int models_table(const struct vp_catalog *cat, FILE *out)
{
	static const char *const head[] = {"NAME", "TYPE", "PARAMS", "LAYERS", "HIDDEN", "HEADS", "VOCAB",
					   "HF ID", "ALIASES"};
	struct vp_table t;
	size_t i;
	int rc;

	vp_table_init(&t, 9, (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5) | (1u << 6));
	vp_table_add(&t, head);
	for (i = 0; i < cat->n_models; i++) {
		const struct vp_model *m = &cat->models[i];
		char params[32], layers[48], hidden[32], heads[48], vocab[32], aliases[VP_MAX_ALIASES * VP_NAME_MAX];
		const char *row[9];

		format_params(vp_model_param_count(m), params, sizeof params);
		if (m->arch == VP_ARCH_ENCDEC)
			snprintf(layers, sizeof layers, "%" PRIu64 "+%" PRIu64, m->num_layers, m->num_decoder_layers);
		else
			snprintf(layers, sizeof layers, "%" PRIu64, m->num_layers);
		snprintf(hidden, sizeof hidden, "%" PRIu64, m->hidden_size);
		if (m->num_kv_heads != m->num_heads)
			snprintf(heads, sizeof heads, "%" PRIu64 "/%" PRIu64, m->num_heads, m->num_kv_heads);
		else
			snprintf(heads, sizeof heads, "%" PRIu64, m->num_heads);
		snprintf(vocab, sizeof vocab, "%" PRIu64, m->vocab_size);
		join_aliases((const char (*)[VP_NAME_MAX])m->aliases, m->n_aliases, aliases, sizeof aliases);
		row[0] = m->name;
		row[1] = m->model_type;
		row[2] = params;
		row[3] = layers;
		row[4] = hidden;
		row[5] = heads;
		row[6] = vocab;
		row[7] = m->hf_id;
		row[8] = aliases;
		vp_table_add(&t, row);
	}
	rc = vp_table_print(&t, out);
	vp_table_free(&t);
	return rc;
}

static int gpus_table(const struct vp_catalog *cat, FILE *out)
{
	static const char *const head[] = {"NAME", "MEMORY", "CC", "BF16", "FLASH2", "TFLOPS", "GB/S",
					   "FULL NAME", "ALIASES"};
	struct vp_table t;
	size_t i;
	int rc;

	vp_table_init(&t, 9, (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6));
	vp_table_add(&t, head);
	for (i = 0; i < cat->n_gpus; i++) {
		const struct vp_gpu *g = &cat->gpus[i];
		char mem[32], cc[16], tflops[32], bw[32], aliases[VP_MAX_ALIASES * VP_NAME_MAX];
		const char *row[9];

		snprintf(mem, sizeof mem, "%" PRIu64 " MiB", g->memory_mib);
		snprintf(cc, sizeof cc, "%u.%u", g->compute_capability / 10, g->compute_capability % 10);
		snprintf(tflops, sizeof tflops, "%.1f", g->fp16_tflops);
		snprintf(bw, sizeof bw, "%.0f", g->bandwidth_gbs);
		join_aliases((const char (*)[VP_NAME_MAX])g->aliases, g->n_aliases, aliases, sizeof aliases);
		row[0] = g->name;
		row[1] = mem;
		row[2] = cc;
		row[3] = g->bf16 ? "yes" : "no";
		row[4] = g->flash_attn ? "yes" : "no";
		row[5] = tflops;
		row[6] = bw;
		row[7] = g->full_name;
		row[8] = aliases;
		vp_table_add(&t, row);
	}
	rc = vp_table_print(&t, out);
	vp_table_free(&t);
	return rc;
}

static cJSON *models_json(const struct vp_catalog *cat)
{
	cJSON *root = cJSON_CreateArray();
	size_t i;

	for (i = 0; root != NULL && i < cat->n_models; i++) {
		const struct vp_model *m = &cat->models[i];
		cJSON *o = cJSON_CreateObject();

		if (o == NULL)
			goto fail;
		cJSON_AddItemToArray(root, o);
		if (cJSON_AddStringToObject(o, "name", m->name) == NULL ||
		    cJSON_AddStringToObject(o, "hf_id", m->hf_id) == NULL ||
		    cJSON_AddStringToObject(o, "model_type", m->model_type) == NULL ||
		    /* the layout an unmodelled model_type is estimated as
		     * (model.h read_as), null for the types vramplan models */
		    (m->read_as[0] != '\0' ? cJSON_AddStringToObject(o, "read_as", m->read_as)
					    : cJSON_AddNullToObject(o, "read_as")) == NULL ||
		    (vp_dtype_name(m->stored_dtype) != NULL
			     ? cJSON_AddStringToObject(o, "dtype", vp_dtype_name(m->stored_dtype))
			     : cJSON_AddNullToObject(o, "dtype")) == NULL ||
		    alias_array(o, (const char (*)[VP_NAME_MAX])m->aliases, m->n_aliases) == NULL ||
		    add_raw_u64(o, "params", vp_model_param_count(m)) == NULL ||
		    add_raw_u64(o, "hidden_size", m->hidden_size) == NULL ||
		    add_raw_u64(o, "intermediate_size", m->intermediate_size) == NULL ||
		    add_raw_u64(o, "num_layers", m->num_layers) == NULL ||
		    add_raw_u64(o, "num_decoder_layers", m->num_decoder_layers) == NULL ||
		    add_raw_u64(o, "num_heads", m->num_heads) == NULL ||
		    add_raw_u64(o, "num_kv_heads", m->num_kv_heads) == NULL ||
		    add_raw_u64(o, "vocab_size", m->vocab_size) == NULL)
			goto fail;
	}
	return root;
fail:
	cJSON_Delete(root);
	return NULL;
}

static cJSON *gpus_json(const struct vp_catalog *cat)
{
	cJSON *root = cJSON_CreateArray();
	size_t i;

	for (i = 0; root != NULL && i < cat->n_gpus; i++) {
		const struct vp_gpu *g = &cat->gpus[i];
		cJSON *o = cJSON_CreateObject();
		char cc[16];

		if (o == NULL)
			goto fail;
		cJSON_AddItemToArray(root, o);
		snprintf(cc, sizeof cc, "%u.%u", g->compute_capability / 10, g->compute_capability % 10);
		if (cJSON_AddStringToObject(o, "name", g->name) == NULL ||
		    cJSON_AddStringToObject(o, "full_name", g->full_name) == NULL ||
		    alias_array(o, (const char (*)[VP_NAME_MAX])g->aliases, g->n_aliases) == NULL ||
		    add_raw_u64(o, "memory_mib", g->memory_mib) == NULL ||
		    cJSON_AddRawToObject(o, "compute_capability", cc) == NULL ||
		    cJSON_AddBoolToObject(o, "bf16", g->bf16) == NULL ||
		    cJSON_AddBoolToObject(o, "flash_attn", g->flash_attn) == NULL ||
		    cJSON_AddNumberToObject(o, "fp16_tflops", g->fp16_tflops) == NULL ||
		    cJSON_AddNumberToObject(o, "bandwidth_gbs", g->bandwidth_gbs) == NULL)
			goto fail;
	}
	return root;
fail:
	cJSON_Delete(root);
	return NULL;
}

int vp_cmd_list(const struct vp_cli_opts *o)
{
	struct vp_catalog cat;
	struct vp_error err;
	bool models = strcmp(o->operand, "models") == 0;
	FILE *out;
	int rc = VP_EXIT_OK;

	memset(&err, 0, sizeof err);
	if (vp_cli_load_catalog(o, &cat, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if (o->format == VP_OUT_JSON) {
		cJSON *root = models ? models_json(&cat) : gpus_json(&cat);
		char *text = root != NULL ? cJSON_Print(root) : NULL;

		if (text == NULL) {
			vp_error_set(&err, VP_ERR_IO, "out of memory building the JSON output");
			rc = vp_cli_report(&err);
		} else {
			fputs(text, out);
			fputc('\n', out);
		}
		cJSON_free(text);
		cJSON_Delete(root);
	} else if ((models ? models_table(&cat, out) : gpus_table(&cat, out)) != 0) {
		vp_error_set(&err, VP_ERR_IO, "out of memory building the table");
		rc = vp_cli_report(&err);
	}
	rc = vp_cli_close_output(o, out, rc);
done:
	vp_catalog_free(&cat);
	return rc;
}
