#ifndef VRAMPLAN_TREE_H
#define VRAMPLAN_TREE_H

/*
 * A training config as a small tree whose every key and value carries its
 * line:column, read from YAML (libyaml's document API) or JSON (cJSON for
 * the values, a scanner over the same text for the positions cJSON does not
 * keep). The check's readers (src/trainconfig.c) walk it; errors name the
 * file, line and column. A key given twice, a YAML merge key, a second YAML
 * document, text after the JSON object, a NUL in a value, more than 100,000
 * values or nesting deeper than 64 levels are input errors.
 */

#include <stdbool.h>
#include <stddef.h>

#include "vramplan/error.h"

enum vp_tkind { VP_T_NULL = 0, VP_T_SCALAR, VP_T_SEQ, VP_T_MAP };

struct vp_tnode;

struct vp_tmember {
	char *key;
	unsigned long line, column;  /* the last copy's, whose value this is */
	/* where the key was first given and where it was given the second
	 * time, when it is given more than once in its mapping; 0 when once */
	unsigned long first_line, first_column, again_line, again_column;
	struct vp_tnode *value;
};

struct vp_tnode {
	enum vp_tkind kind;
	bool quoted;          /* a quoted YAML scalar or a JSON string */
	char *text;           /* VP_T_SCALAR */
	unsigned long line, column;
	size_t n;
	struct vp_tnode **items;     /* VP_T_SEQ */
	struct vp_tmember *members;  /* VP_T_MAP */
};

/* An empty mapping, NULL out of memory; and a member added to it, which
 * then owns `value` (freed on failure too): -1 out of memory. Settings
 * given on a command line are built so (vp_trainconfig_parse_with). */
struct vp_tnode *vp_tree_new_map(void);
int vp_tree_map_add(struct vp_tnode *map, const char *key, unsigned long line, unsigned long column,
		    struct vp_tnode *value);

/* Positions set to 0 through the tree: a value that has no place in a file. */
void vp_tree_forget_positions(struct vp_tnode *t);

/* Parse YAML text; NULL with err filled (name is the file named in it). The
 * caller owns the tree (vp_tree_free). */
struct vp_tnode *vp_tree_parse_yaml(const char *name, const char *text, size_t len, struct vp_error *err);

/* Parse JSON text whose value starts at byte `start` (after a byte-order
 * mark); NULL with err filled. */
struct vp_tnode *vp_tree_parse_json(const char *name, const char *text, size_t len, size_t start,
				    struct vp_error *err);

void vp_tree_free(struct vp_tnode *t);

/* The error for a key given twice anywhere in the tree, where OmegaConf's
 * loader raises it: each mapping's keys are checked before its values are
 * built, level by level, so in the first mapping that holds a key twice in
 * that order (the shallowest, then the first in the file), at the earliest
 * second copy there (the message names the first copy's line): -1 with err
 * filled, 0 when every key is given once. For readers that refuse
 * duplicates (OmegaConf, DeepSpeed, the command line's settings). */
int vp_tree_refuse_duplicates(const struct vp_tnode *t, const char *name, struct vp_error *err);

/* A plain scalar's YAML 1.1 boolean as PyYAML's resolver matches it:
 * 1 true, 0 false, -1 none (true/false, yes/no, on/off in three cases);
 * the trainer configs' reader and the cases file's both take it. */
int vp_yaml11_bool(const char *s);

#endif
