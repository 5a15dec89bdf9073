#ifndef VRAMPLAN_CASES_H
#define VRAMPLAN_CASES_H

/*
 * Measured training runs in the schema of ../shared/groundtruth/README.md,
 * read with libyaml's document API. Each case becomes a model path, a GPU id
 * and a struct vp_train. The list owns its array; release it with
 * vp_cases_free().
 */

#include <stdbool.h>
#include <stddef.h>

#include "vramplan/error.h"
#include "vramplan/estimate.h"
#include "vramplan/train.h"

enum vp_metric {
	VP_METRIC_NONE = 0,      /* null: the source does not say */
	VP_METRIC_ALLOCATED,     /* max_allocated, peak_active */
	VP_METRIC_RESERVED,      /* max_reserved */
	VP_METRIC_DEVICE,        /* nvml_used */
	VP_METRIC_CONTEXT_FIT    /* max_context_fit: the run fit on that card */
};

struct vp_case {
	char id[96];
	char quality[16];
	char config_path[1024]; /* resolved relative to the cases file */
	char gpu[64];           /* "" when null */
	bool has_step;          /* false when batch is null (a load-only calibration point) */
	enum vp_metric metric;
	double measured_gib;
	struct vp_train train;
	bool pytorch_stated;    /* the case had a pytorch key (else the oldest its keys allow) */
	bool lora_dtype_stated; /* the case had a lora_dtype key (else PEFT's fp32) */
	bool compile_scope_stated; /* the case had a compile_scope key (else "layers") */
	bool bnb_stated;        /* the case had a bitsandbytes key (else one before 0.43.2) */
	bool graph_stated;      /* the case had a last_step_graph key (else "kept") */
	bool quant_inferred;    /* method qlora with quant null: read as nf4 */
	/* Keys the schema always fills that a case left null or out: head (the
	 * architecture's), attn (SDPA, transformers' default) and loss
	 * (standard) are read with those defaults; without a precision or a
	 * method the case cannot be estimated. */
	bool head_unstated, attn_unstated, loss_unstated, precision_unstated, method_unstated;
	/* optimizer null on a case that trains: read as AdamW, the frameworks'
	 * default (cases.c); nothing trained, none */
	bool optimizer_unstated;
	/* A LoRA rank left out is PEFT's LoraConfig default, 8; a training step
	 * without a sequence length, or a case whose config is null, cannot be
	 * estimated; one whose measured_gib is null is estimated, not scored. */
	bool lora_r_unstated, seq_unstated, config_unstated, measured_unstated;
	/* tgt_len null or absent: a seq2seq-lm case (head stated, or the
	 * config's when null) is read with the target as long as the source */
	bool tgt_unstated;
	/* batch null on a case whose method trains (full, lora, qlora): the
	 * step's size is unknown, not absent, so it is not read as the
	 * load-only calibration point a frozen case without batch is */
	bool batch_unstated;
	/* the first value read in another spelling of a schema word ("BF16",
	 * "causal_lm", zero "3", a quoted number), as the note shows it:
	 * "precision 'BF16' read as bf16" */
	char respelled[128];
	unsigned more_respelled; /* other values so read in the case */
	/* the first key given twice in one mapping, where and that the last
	 * copy was read (as yaml.safe_load keeps it) */
	char twice[128];
	/* a schema key named a value vramplan does not know (`attn:
	 * flash_attention_3`, `quant: awq`): the reason, with its line and
	 * column; the case is reported unsupported, the file still scored */
	char unexpressible[256];
	/* Extension keys (not in the shared schema) for a case measured during
	 * HF Trainer's evaluation after training steps: eval_batch,
	 * eval_steps, eval_accumulation_steps, generate, num_beams, max_new_tokens and
	 * eval_loss (false: generation without labels, no loss forward). The
	 * case is then estimated with vp_estimate_eval at eval_batch. */
	uint64_t eval_batch;    /* 0: a training case */
	uint64_t eval_steps;    /* steps the evaluation ran; 0: not stated */
	struct vp_eval_opts eval;
	unsigned long line, column; /* where the case starts */
};

struct vp_case_list {
	struct vp_case *cases;
	size_t n;
	size_t ignored_keys; /* keys outside the schema, skipped */
	/* the first VP_CASES_IGNORED_NAMES distinct ones, each with the line
	 * (1-based) where it first appeared */
#define VP_CASES_IGNORED_NAMES 8
	char ignored_names[VP_CASES_IGNORED_NAMES][48];
	unsigned long ignored_lines[VP_CASES_IGNORED_NAMES];
	size_t n_ignored_names;
	bool more_ignored_names; /* other names beyond those */
};

int vp_cases_load(struct vp_case_list *list, const char *path, struct vp_error *err);
void vp_cases_free(struct vp_case_list *list);

const char *vp_metric_name(enum vp_metric m);

#endif
