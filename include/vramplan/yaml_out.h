#ifndef VRAMPLAN_YAML_OUT_H
#define VRAMPLAN_YAML_OUT_H

/*
 * Small helpers over libyaml's event emitter, shared by the writers of
 * catalogue entries (emit_model.c) and plans (emit_plan.c). A failed event
 * sets `failed` and later calls do nothing, so a writer can emit a whole
 * document and check once at the end.
 */

#include <stdbool.h>
#include <yaml.h>

struct vp_yaml_out {
	yaml_emitter_t em;
	yaml_event_t ev;
	bool failed;
};

/* Emit the event just initialized in y->ev (initialized is the
 * *_event_initialize result). yaml_emitter_emit() owns the event and
 * destroys it, even on failure (yaml.h), so nothing is deleted here. */
void vp_yaml_send(struct vp_yaml_out *y, int initialized);

/* A scalar, plain or double-quoted. */
void vp_yaml_scalar(struct vp_yaml_out *y, const char *s, bool quoted);

/* True for a string that a YAML 1.1 reader (libyaml's users, PyYAML) would
 * resolve to a bool, null or number if written plain: it must be quoted. */
bool vp_yaml_ambiguous(const char *s);

#endif
