/* vramplan import CONFIG.json: a config.json as a catalogue entry. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "vramplan/catalog.h"
#include "vramplan/cli.h"
#include "vramplan/emit_model.h"
#include "vramplan/hfconfig.h"

/*
 * The entry's name is the catalogue's key for it, and a --catalog entry
 * named like an entry replaces it (docs/catalogue.md): a checkpoint
 * directory called gpt2 imports as 'gpt2' and, loaded, stands in for the
 * built-in gpt2 wherever that name is given. Replacing an entry by name
 * is what an override is for, so the name is kept, and the user, who
 * may not have meant it, is told which entry it replaces and how to keep
 * both. A name that is another entry's alias takes that key from it (names
 * come before aliases in lookup).
 */
static void warn_named_like(const struct vp_cli_opts *o, const struct vp_catalog *cat, const struct vp_model *m)
{
	size_t i, j;

	for (i = 0; i < cat->n_models; i++) {
		const struct vp_model *c = &cat->models[i];

		if (strcasecmp(c->name, m->name) == 0) {
			vp_cli_warn(o,
				    "the entry's name '%s' is the catalogue's model '%s' (%s): with this entry in a "
				    "--catalog file, '%s' finds this entry instead; change its name: line to keep both",
				    m->name, c->name, c->hf_id[0] != '\0' ? c->hf_id : c->source, m->name);
			return;
		}
		for (j = 0; j < c->n_aliases; j++) {
			if (strcasecmp(c->aliases[j], m->name) == 0) {
				vp_cli_warn(o,
					    "the entry's name '%s' is an alias of the catalogue's model '%s' (%s): with "
					    "this entry in a --catalog file, '%s' finds this entry instead; change its "
					    "name: line to keep both",
					    m->name, c->name, c->hf_id[0] != '\0' ? c->hf_id : c->source, m->name);
				return;
			}
		}
	}
}

/*
 * The entry's keys that the catalogue already holds. Lookup takes names,
 * then aliases, then HF ids, each in catalogue order, built-in entries
 * first (catalog.c vp_catalog_find_model): a --catalog entry named like a
 * built-in one replaces it, one named like an alias takes that key, but
 * one whose hf_id is a built-in entry's is never found by it, so a
 * training config naming that id (vramplan check's model_name_or_path)
 * gets the built-in entry, not the imported one. Said, so that the user names the entry instead.
 */
static void warn_shadowed(const struct vp_cli_opts *o, const struct vp_model *m)
{
	struct vp_catalog cat;
	struct vp_error err;
	const struct vp_model *by_id;

	memset(&err, 0, sizeof err);
	if (o->verbosity < 1)
		return;
	/* a catalogue that fails to load (a broken $VRAMPLAN_CATALOG file)
	 * keeps what it read before the error: freed, as every caller does */
	if (vp_cli_load_catalog(o, &cat, &err) != 0) {
		vp_catalog_free(&cat);
		return;
	}
	by_id = m->hf_id[0] != '\0' ? vp_catalog_find_model(&cat, m->hf_id) : NULL;
	/* found by its hf_id (step 3), not by an HF-id alias (step 4), which
	 * the imported entry's own hf_id would come before */
	if (by_id != NULL && strcmp(by_id->name, m->name) != 0 && strcasecmp(by_id->hf_id, m->hf_id) == 0)
		vp_cli_warn(o,
			    "the catalogue's '%s' already has HF id '%s': with this entry in a --catalog file, that id "
			    "(a training config's model_name_or_path) still finds '%s'; give --model %s (or "
			    "vramplan.model) to use this one",
			    by_id->name, m->hf_id, by_id->name, m->name);
	warn_named_like(o, &cat, m);
	vp_catalog_free(&cat);
}

int vp_cmd_import(const struct vp_cli_opts *o)
{
	struct vp_model m;
	struct vp_error err;
	struct stat st;
	char *path = NULL;
	const char *file = o->operand;
	FILE *out;
	int rc = VP_EXIT_OK;

	memset(&err, 0, sizeof err);
	/* a model directory: its config.json */
	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
		size_t len = strlen(file);

		path = malloc(len + sizeof "/config.json");
		if (path == NULL) {
			vp_error_set(&err, VP_ERR_IO, "out of memory");
			return vp_cli_report(&err);
		}
		memcpy(path, file, len);
		/* "DIR/" as the shell completes it: DIR/config.json, as --model
		 * names it (resolve.c), not DIR//config.json */
		if (len > 0 && file[len - 1] == '/')
			memcpy(path + len, "config.json", sizeof "config.json");
		else
			memcpy(path + len, "/config.json", sizeof "/config.json");
		file = path;
	}
	if (vp_hfconfig_load(file, &m, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
	warn_shadowed(o, &m);
	out = vp_cli_open_output(o, &err);
	if (out == NULL) {
		rc = vp_cli_report(&err);
		goto done;
	}
	if (vp_emit_model_yaml(out, &m, &err) != 0)
		rc = vp_cli_report(&err);
	rc = vp_cli_close_output(o, out, rc);
done:
	free(path);
	return rc;
}
