#ifndef VRAMPLAN_CLI_H
#define VRAMPLAN_CLI_H

/*
 * The command-line layer: exit codes, the parsed options, and the commands.
 * Only this layer (src/cli/) prints diagnostics and decides exit codes;
 * the core library reports through struct vp_error.
 *
 * main() parses argv into a struct vp_cli_opts (vp_cli_parse), runs one
 * command, then closes stdout and turns a write failure into VP_EXIT_IO.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vramplan/catalog.h"
#include "vramplan/emit.h"
#include "vramplan/error.h"
#include "vramplan/gpu.h"
#include "vramplan/model.h"
#include "vramplan/plan.h"
#include "vramplan/train.h"

/* Exit codes, as --help lists them. */
enum vp_exit {
	VP_EXIT_OK = 0,    /* plan (or other output) printed */
	VP_EXIT_NOFIT = 1, /* nothing fits, not even batch 1 (or host RAM) */
	VP_EXIT_USAGE = 2, /* usage or input error */
	VP_EXIT_IO = 3     /* I/O error: a file could not be read or written */
};

/* vp_cli_parse() returns this when the command should run. */
#define VP_CLI_RUN (-1)

enum vp_command {
	VP_CMD_PLAN = 0,
	VP_CMD_ESTIMATE,
	VP_CMD_SWEEP,
	VP_CMD_LIST,
	VP_CMD_IMPORT,
	VP_CMD_CHECK
};

enum vp_output_format {
	VP_OUT_DEFAULT = 0, /* YAML for plan/estimate, a table for sweep/list */
	VP_OUT_YAML,
	VP_OUT_JSON,
	VP_OUT_TABLE /* sweep's and list's default, named */
};

#define VP_CLI_MAX_CATALOGS 32

/* The diagnostics a command has printed, by a hash of their text, so that
 * it prints each once (sweep: one model's warnings are the same on every
 * GPU). Past VP_CLI_SEEN_MAX distinct ones, the rest print every time. */
#define VP_CLI_SEEN_MAX 1024
struct vp_cli_seen {
	uint64_t hash[VP_CLI_SEEN_MAX];
	size_t n;
};

struct vp_cli_opts {
	enum vp_command command;
	const char *command_name;   /* "plan", "estimate", ... */
	const char *operand;        /* list: models|gpus; import: the config path */

	int verbosity;              /* 0 with -q, 1 by default, 2 with -v */
	struct vp_cli_seen *seen;   /* non-NULL: each distinct warning and note once */
	const char *output;         /* -o FILE; NULL: stdout */
	enum vp_output_format format;
	enum vp_profile profile;
	bool explain;

	const char *catalogs[VP_CLI_MAX_CATALOGS]; /* --catalog, in order */
	size_t n_catalogs;
	const char *model;
	const char *gpu;

	/* The training setup: vp_train_defaults() with every option given
	 * applied; the has_* flags say which were given, because their
	 * defaults depend on the model and the GPU (vp_cli_setup). */
	struct vp_train train;
	bool has_method, has_precision, has_attn, has_head, has_target_len, has_quant, has_optimizer, has_num_labels;
	bool has_lora_r, has_lora_dropout, has_texts;
	const char *lora_targets;   /* --lora-targets; NULL: PEFT's default */

	uint64_t batch;             /* estimate --batch; 0 when not given */
	uint64_t grad_accum;        /* estimate --grad-accum; 0 when not given */
	bool seq_max;               /* --seq-len max: the longest sequence that fits */
	double util;
	uint64_t batch_multiple;
	uint64_t max_batch;
	uint64_t effective_batch;
	bool generate;
	uint64_t num_beams;         /* 0 when not given */
	uint64_t max_new_tokens;    /* 0 when not given */
	enum vp_eval_preds eval_predictions;
	bool has_eval_predictions;
	uint64_t eval_samples;      /* 0 when not given */
	uint64_t host_ram;
	uint64_t nodes;             /* --nodes; 0 when not given */
	uint64_t cpus;
	uint64_t worker_ram;        /* 0: VP_DEFAULT_WORKER_RAM */
	uint64_t dataset_ram;       /* 0: unknown */
	uint64_t eval_dataset_ram;  /* 0: unknown (eval workers costed as training workers) */
	/* the two above were given: a given 0 is a set that adds nothing to
	 * the trainer's RSS, not an unknown one (vp_host_request) */
	bool dataset_ram_given, eval_dataset_ram_given;
	bool no_pin_memory;         /* dataloader_pin_memory: false */
	bool no_eval;               /* --no-eval: the run evaluates nothing (plan, sweep) */
	uint64_t replay_buffer;
	bool ewc;
};

/*
 * Parse argv. Returns VP_CLI_RUN with *o filled when a command should run;
 * otherwise the exit code, after printing --help or --version (0) or a
 * usage error (VP_EXIT_USAGE). Prints to stdout (help, version) and stderr.
 */
int vp_cli_parse(int argc, char **argv, struct vp_cli_opts *o);

/* The options of a listed change ("--method qlora --quant nf4") applied over
 * *o as if typed after the others; `flags` is cut into words in place and
 * must outlive *o. VP_CLI_RUN, or an exit code. */
int vp_cli_apply_flags(struct vp_cli_opts *o, char *flags);

/* The commands; each returns an exit code. */
int vp_cmd_plan(const struct vp_cli_opts *o);
int vp_cmd_estimate(const struct vp_cli_opts *o);
int vp_cmd_sweep(const struct vp_cli_opts *o);
int vp_cmd_list(const struct vp_cli_opts *o);
int vp_cmd_import(const struct vp_cli_opts *o);

/* `vramplan check ...` (src/cli/cmd_check.c): argv[0] is "check". */
int vp_cmd_check(int argc, char **argv);

/* ---------------------------------------------------------- resolve.c */

/* The catalogue: the built-in one, then each file of $VRAMPLAN_CATALOG
 * (colon-separated), then each --catalog FILE in order. */
int vp_cli_load_catalog(const struct vp_cli_opts *o, struct vp_catalog *cat, struct vp_error *err);
/* The same catalogue as far as o->model and o->gpu can tell: of the built-in
 * entries only those the two names can match (when both are given). */
int vp_cli_load_catalog_for(const struct vp_cli_opts *o, struct vp_catalog *cat, struct vp_error *err);

/* --model: a catalogue name, alias or HF id; else the path of a
 * config.json or of a directory holding one. */
int vp_cli_resolve_model(const struct vp_catalog *cat, const char *key, struct vp_model *out,
			 struct vp_error *err);

/* --gpu: a catalogue name or alias. */
int vp_cli_resolve_gpu(const struct vp_catalog *cat, const char *key, const struct vp_gpu **out,
		       struct vp_error *err);

/*
 * The plan request for model m on GPU g: the options given, and for those
 * not given the defaults that depend on the model and the GPU (precision,
 * head, target length, LoRA targets, quantization). Prints the warnings
 * (bf16 on a GPU without it, flash2 where it does not run) when `warn`.
 */
int vp_cli_setup(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
		 bool warn, struct vp_plan_request *req, struct vp_error *err);

/* A bitsandbytes base of a mixture of experts whose experts transformers 5
 * holds as 3-D parameters, which bitsandbytes leaves unquantized
 * (vp_estimate_unquantized_experts): a warning with the bytes that adds. */
void vp_cli_warn_unquantized_experts(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_train *t);

/* What runs a T5-family model planned in fp16 (vp_model_overflows_fp16)
 * without its loss turning to nan, as the profile can run it: bf16 where
 * the GPU has it, else fp32, which LLaMA-Factory's LoRA and QLoRA cannot
 * load (a full fine-tune in fp32 can); VP_FP16_FIX_NONE where the plan is
 * not in fp16 or the model does not overflow. vp_cli_warn_fp16's advice
 * and a sweep row's status, in the same words. */
enum vp_fp16_fix { VP_FP16_FIX_NONE, VP_FP16_FIX_BF16, VP_FP16_FIX_FP32, VP_FP16_FIX_FULL_FP32 };
enum vp_fp16_fix vp_cli_fp16_fix(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
				 const struct vp_train *t);
/* The options that take that advice under the profile: --precision
 * amp-bf16, bf16 (axolotl's, LLaMA-Factory's LoRA: 16-bit weights, the
 * only bf16 their keys say), fp32, or --method full --precision fp32 (with
 * --quant none where a --quant was given); NULL for NONE. */
const char *vp_cli_fp16_fix_option(const struct vp_cli_opts *o, const struct vp_train *t, enum vp_fp16_fix fix);

/* A T5-family model planned in fp16 (vp_model_overflows_fp16): a warning
 * that names the precision to use on this GPU; plan and estimate, once. */
void vp_cli_warn_fp16(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
		      const struct vp_train *t);

/* An explicit length past the model's soft context (vp_model_context_tokens:
 * rotary or ALiBi positions, which run past it untrained): a warning, the
 * plan unchanged. --seq-len, and with --generate on a decoder-only model
 * the tokens generated after it. Nothing for --seq-len max, which stops at
 * the context. */
void vp_cli_warn_context(const struct vp_cli_opts *o, const struct vp_model *m,
			 const struct vp_plan_request *req);

/* A --gpu given as nvidia-smi's name that two catalogue cards share (the
 * RTX 4060 Ti 8 GB and 16 GB): a warning naming the card planned and the
 * other one's name, once a process. */
void vp_cli_warn_gpu_namesake(const struct vp_cli_opts *o, const struct vp_catalog *cat, const char *key,
			      const struct vp_gpu *g);

/* --------------------------------------------------------- cli_util.c */

/* Is a sequence of seq_len tokens, with gen tokens generated after it,
 * past the model's soft context? Then buf gets the tail of the warning:
 * "the N-token context of model 'x' (key N): ...", naming the config key,
 * whether rope_scaling is already in it, and what running past it means. */
bool vp_cli_past_context(const struct vp_model *m, uint64_t seq_len, uint64_t gen, char *buf, size_t size);

/* Print err as the one-line diagnostic; returns its exit code. */
int vp_cli_report(const struct vp_error *err);
/* As vp_cli_report, the message after the option that gave the value
 * ("--torch-version: PyTorch version 'v2.5' not understood"), unless it
 * names the option already. */
int vp_cli_report_option(const char *option, const struct vp_error *err);

/* A share of the GPU's memory, in (0, 1], given to flag (--util,
 * --memory-fraction): 0, or -1 with err filled. */
int vp_cli_parse_fraction(const char *s, const char *flag, double *out, struct vp_error *err);

/* A usage error: one line on stderr, then the hint, as jq and the GNU tools
 * do; command is NULL for the top level or the subcommand ("check") whose
 * --help the hint names. Returns VP_EXIT_USAGE. */
int vp_cli_usage_error(const char *command, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/*
 * A getopt_long() error as a usage error. c is what getopt_long returned,
 * '?' or ':' (opterr 0 and an optstring that starts with ':'); argv and
 * longopts are what it was given, and optind and optopt are still its.
 * Every parser gives the same messages: "unknown option '-x'", "unknown
 * option '--name'", "option '--n' is ambiguous (...)", "option '--name'
 * takes no value" and "option '--name' needs a value".
 */
struct option;
int vp_cli_getopt_error(const char *command, int c, char *const *argv, const struct option *longopts);

/* Whether arg ("--batch", "--batch=4", "-o") names, exactly, an option of
 * plan, estimate, sweep, list or import (main.c's table), so that check can
 * say such an option does not apply to it rather than that it is unknown. */
bool vp_cli_is_main_option(const char *arg);

/* `check`'s getopt optstring: main() hoists the command word past the
 * short options before it, so it needs to know which take a value. */
extern const char vp_check_shortopts[];

/* "vramplan: warning: ..." unless -q; "vramplan: note: ..." only with -v;
 * with o->seen, a text printed before is not printed again. */
void vp_cli_warn(const struct vp_cli_opts *o, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
void vp_cli_note(const struct vp_cli_opts *o, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Where data goes: stdout, or the -o file (opened for writing). */
FILE *vp_cli_open_output(const struct vp_cli_opts *o, struct vp_error *err);

/* Close the -o file (stdout is left to vp_cli_finish); a failed write or
 * close becomes VP_EXIT_IO with a message. Returns the exit code. */
int vp_cli_close_output(const struct vp_cli_opts *o, FILE *out, int rc);

/* Keep file descriptors 0-2 from being reused when the caller closed them,
 * so that a closed stdout fails writes instead of writing into a file; and
 * ignore SIGPIPE, so that a pipe whose reader has gone fails them too
 * (exit 3 with a message) rather than killing the process. */
void vp_cli_guard_std_fds(void);

/* Close stdout; a write error there turns rc into VP_EXIT_IO. */
int vp_cli_finish(int rc);

/* True when stderr takes ANSI colour: a terminal, NO_COLOR unset or empty,
 * TERM not "dumb". */
bool vp_cli_stderr_colour(void);

/* A text table for list and sweep: columns separated by two spaces, each as
 * wide as its widest cell, numbers right-aligned, no trailing blanks. */
struct vp_table {
	size_t ncols;
	size_t nrows;
	size_t cap;
	char **cells;         /* nrows x ncols, owned */
	unsigned right_mask;  /* bit c: right-align column c */
	bool failed;          /* an allocation failed */
};

void vp_table_init(struct vp_table *t, size_t ncols, unsigned right_mask);
/* Add a row of ncols cells (copied). */
void vp_table_add(struct vp_table *t, const char *const *cells);
/* Print (a header row is just the first row); returns 0, or -1 when an
 * allocation failed earlier. */
int vp_table_print(const struct vp_table *t, FILE *out);
void vp_table_free(struct vp_table *t);

/* ---------------------------------------------------------- explain.c */

/* --explain: the breakdown at the chosen batch and the next one up, with
 * bars against the GPU's memory, the headroom and the uncertainty band. */
void vp_cli_explain_plan(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
			 const struct vp_plan_request *req, const struct vp_plan *plan);

/* --explain for `estimate`: batch t->batch and t->batch + 1, and with
 * eval (NULL without one) the evaluation step at eval batch t->batch, its
 * device peak holding ewc_bytes of EWC's copies. */
void vp_cli_explain_estimate(const struct vp_cli_opts *o, const struct vp_model *m, const struct vp_gpu *g,
			     const struct vp_train *t, double util, const struct vp_estimate *e,
			     const struct vp_estimate *next, bool next_valid, const struct vp_emit_eval *eval,
			     uint64_t ewc_bytes);

#endif
