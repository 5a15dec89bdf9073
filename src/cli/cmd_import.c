/* vramplan import CONFIG.json: a config.json as a catalogue entry. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vramplan/cli.h"
#include "vramplan/emit_model.h"
#include "vramplan/hfconfig.h"

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
		memcpy(path + len, "/config.json", sizeof "/config.json");
		file = path;
	}
	if (vp_hfconfig_load(file, &m, &err) != 0) {
		rc = vp_cli_report(&err);
		goto done;
	}
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
