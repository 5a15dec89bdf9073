/*
 * vramplan's entry point: argument parsing (getopt_long) and dispatch.
 * The options and their help live in one table, so the two cannot drift.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vramplan/cli.h"
#include "vramplan/error.h"
#include "vramplan/sizes.h"

/* Which commands an option applies to. */
#define A_PLAN (1u << VP_CMD_PLAN)
#define A_ESTIMATE (1u << VP_CMD_ESTIMATE)
#define A_SWEEP (1u << VP_CMD_SWEEP)
#define A_LIST (1u << VP_CMD_LIST)
#define A_IMPORT (1u << VP_CMD_IMPORT)
#define A_TRAIN (A_PLAN | A_ESTIMATE | A_SWEEP)
#define A_PLANNER (A_PLAN | A_SWEEP)
#define A_ALL (A_PLAN | A_ESTIMATE | A_SWEEP | A_LIST | A_IMPORT)

enum opt_id {
	OPT_HELP = 'h',
	OPT_OUTPUT = 'o',
	OPT_QUIET = 'q',
	OPT_VERBOSE = 'v',
	/* -m and -g, as check spells them: one spelling for every command */
	OPT_MODEL = 'm',
	OPT_GPU = 'g',
	OPT_VERSION = 256,
	OPT_CATALOG,
	OPT_SEQ_LEN,
	OPT_TARGET_LEN,
	OPT_PRECISION,
	OPT_METHOD,
	OPT_LORA_R,
	OPT_LORA_DROPOUT,
	OPT_DORA,
	OPT_LORA_TARGETS,
	OPT_QUANT,
	OPT_OPTIMIZER,
	OPT_GRAD_CKPT,
	OPT_EXPANDABLE,
	OPT_MEMORY_FRACTION,
	OPT_TORCH_VERSION,
	OPT_BNB_VERSION,
	OPT_ATTN,
	OPT_HEAD,
	OPT_NUM_LABELS,
	OPT_TEXTS,
	OPT_LOSS,
	OPT_LABEL_SMOOTHING,
	OPT_COMPILE,
	OPT_PACKED,
	OPT_LIGER,
	OPT_ROUTER_AUX_LOSS,
	OPT_ACT_OFFLOAD,
	OPT_OPT_IN_BWD,
	OPT_ZERO,
	OPT_OFFLOAD_OPTIMIZER,
	OPT_OFFLOAD_PARAM,
	OPT_FSDP,
	OPT_GPUS,
	OPT_UTIL,
	OPT_BATCH,
	OPT_GRAD_ACCUM,
	OPT_BATCH_MULTIPLE,
	OPT_MAX_BATCH,
	OPT_EFFECTIVE_BATCH,
	OPT_GENERATE,
	OPT_NUM_BEAMS,
	OPT_MAX_NEW_TOKENS,
	OPT_EVAL_PREDS,
	OPT_EVAL_SAMPLES,
	OPT_USE_CACHE,
	OPT_NO_EVAL,
	OPT_HOST_RAM,
	OPT_NODES,
	OPT_CPUS,
	OPT_WORKER_RAM,
	OPT_DATASET_RAM,
	OPT_EVAL_DATASET_RAM,
	OPT_NO_PIN_MEMORY,
	OPT_EWC,
	OPT_REPLAY_BUFFER,
	OPT_FORMAT,
	OPT_PROFILE,
	OPT_EXPLAIN,
	OPT_END
};

struct opt_def {
	const char *name;  /* long name; NULL: a group heading in the help */
	int id;
	const char *arg;   /* metavariable; NULL: no argument */
	unsigned applies;
	const char *help;  /* may hold '\n' for continuation lines */
};

static const struct opt_def opts[] = {
	{NULL, 0, NULL, 0, "Model and GPU:"},
	{"model", OPT_MODEL, "M", A_TRAIN, "a catalogue name, alias or HF id, or a config.json\n(or the directory holding it)"},
	{"gpu", OPT_GPU, "G", A_TRAIN, "a catalogue name or alias, or the name nvidia-smi\nprints (see 'vramplan list gpus')"},
	{"catalog", OPT_CATALOG, "FILE", A_TRAIN | A_LIST, "more catalogue entries, read after $VRAMPLAN_CATALOG\n(repeatable)"},
	{NULL, 0, NULL, 0, "Training setup:"},
	{"seq-len", OPT_SEQ_LEN, "N", A_TRAIN, "tokens per sample; the source for seq2seq\n(default 512); max: the longest that fits at\nbatch 1 (plan) or --batch (estimate), a multiple\nof 128"},
	{"target-len", OPT_TARGET_LEN, "N", A_TRAIN, "target tokens of an encoder-decoder model\n(default 128)"},
	{"precision", OPT_PRECISION, "P", A_TRAIN, "fp32, amp-fp16, amp-bf16, bf16 or fp16\n(default amp-bf16 where the GPU has bf16,\nelse amp-fp16; fp32 for the T5 family,\nwhich overflows fp16)"},
	{"method", OPT_METHOD, "M", A_TRAIN, "full, lora or qlora (default full), or frozen:\nnothing trains, a forward alone (estimate only)"},
	{"lora-r", OPT_LORA_R, "N", A_TRAIN, "LoRA rank (default 8)"},
	{"lora-dropout", OPT_LORA_DROPOUT, "P", A_TRAIN, "LoRA dropout probability (default 0.05; with 0 the\nadapters share their input instead of each saving a copy)"},
	{"dora", OPT_DORA, NULL, A_TRAIN, "PEFT's DoRA (LoraConfig(use_dora=True)): a trained\nmagnitude per adapted linear's output, and its\nweight norm at every forward"},
	{"lora-targets", OPT_LORA_TARGETS, "LIST", A_TRAIN, "modules to adapt, comma-separated, or all-linear\n(default: PEFT's default for the model)"},
	{"quant", OPT_QUANT, "Q", A_TRAIN, "quantized base: nf4, nf4-dq, int8, gptq-int4\nor none (default none; nf4 with --method\nqlora)"},
	{"optimizer", OPT_OPTIMIZER, "NAME", A_TRAIN, "adamw, adamw-fused, adamw-8bit, adamw-8bit-ao,\nadamw-4bit, paged-adamw, paged-adamw-8bit,\nadafactor, sgd, sgd-momentum, lion, none\n(estimate only: a step without one), or a\nTrainingArguments optim name\n(default adamw-fused; adamw with --torch-version\n1.x)"},
	{"grad-ckpt", OPT_GRAD_CKPT, NULL, A_TRAIN, "gradient checkpointing"},
	{"expandable-segments", OPT_EXPANDABLE, NULL, A_TRAIN, "the run sets PYTORCH_CUDA_ALLOC_CONF=\nexpandable_segments:True (less fragmentation)"},
	{"memory-fraction", OPT_MEMORY_FRACTION, "F", A_TRAIN, "the run calls torch.cuda.\nset_per_process_memory_fraction(F): the\nallocator may reserve at most F x the GPU's\nmemory, in (0, 1]"},
	{"attn", OPT_ATTN, "A", A_TRAIN, "eager, sdpa or flash2 (default sdpa; eager with\n--torch-version 1.x, and for the T5 family, whose\nSDPA came with transformers' PR #47014)"},
	{"head", OPT_HEAD, "H", A_TRAIN, "causal-lm, seq2seq-lm, masked-lm,\nsequence-classification,\ntoken-classification (an encoder's label per\ntoken: NER) or encoder (for T5 or BART: the\nencoder alone, no decoder)\n(default: from the architecture)"},
	{"num-labels", OPT_NUM_LABELS, "N", A_TRAIN, "classes of a sequence- or token-classification\nhead (default: a classifier checkpoint's\nid2label, else 2)"},
	{"texts-per-example", OPT_TEXTS, "N", A_TRAIN, "sequences each example runs through the model\nin a step, all kept for backward: 2 for a\nsentence-transformers pair (anchor, positive),\n3 with a hard negative (default 1)"},
	{"loss", OPT_LOSS, "L", A_TRAIN, "standard or chunked (default standard)"},
	{"label-smoothing", OPT_LABEL_SMOOTHING, "F", A_TRAIN, "the HF Trainer's label_smoothing_factor, 0 to 1\n(default 0, off): its LabelSmoother computes the\nloss from the logits the model returns"},
	{"compile", OPT_COMPILE, NULL, A_TRAIN, "torch_compile: the whole model and its loss"},
	{"packed", OPT_PACKED, NULL, A_TRAIN, "every sample is exactly --seq-len tokens, no\npadding (packing): SDPA then runs unmasked and,\non PyTorch 2.5+, takes grouped k/v heads"},
	{"liger", OPT_LIGER, NULL, A_TRAIN, "Liger kernels (use_liger_kernel): fused linear\ncross-entropy, no logits kept; SwiGLU; RMSNorm"},
	{"router-aux-loss", OPT_ROUTER_AUX_LOSS, NULL, A_TRAIN, "a mixture of experts adds the load-balancing loss\n(output_router_logits: true; LLaMA-Factory's\nmoe_aux_loss_coef)"},
	{"activation-offload", OPT_ACT_OFFLOAD, NULL, A_TRAIN, "saved activations offloaded to host memory"},
	{"optimizer-in-backward", OPT_OPT_IN_BWD, NULL, A_TRAIN, "each parameter stepped during backward"},
	{"zero", OPT_ZERO, "N", A_TRAIN, "DeepSpeed ZeRO stage, 0 to 3"},
	{"offload-optimizer", OPT_OFFLOAD_OPTIMIZER, "DEV", A_TRAIN, "ZeRO-Offload: cpu puts the fp32 master, optimizer\nstates and gradient partitions in host RAM and\nsteps on the CPU (--zero 1, 2 or 3; default none)"},
	{"offload-param", OPT_OFFLOAD_PARAM, "DEV", A_TRAIN, "cpu keeps the 16-bit parameter partition in host\nRAM (--zero 3 only; default none)"},
	{"fsdp", OPT_FSDP, NULL, A_TRAIN, "PyTorch FSDP full sharding over --gpus\n(instead of --zero)"},
	{"gpus", OPT_GPUS, "N", A_TRAIN, "data-parallel GPUs (default 1); evaluation\nkeeps every GPU's predictions on each\n(gather_for_metrics)"},
	{"bnb-version", OPT_BNB_VERSION, "V", A_TRAIN, "the run's bitsandbytes, as its __version__ prints it\n(default: one before 0.43.2, whose 4-bit layers\nkeep their inputs for backward, the safe side)"},
	{"torch-version", OPT_TORCH_VERSION, "V", A_TRAIN, "the run's PyTorch, as torch.__version__ prints it\n(default 2.5 or later; 1.x keeps the gradients\nbetween steps, 2.0's AdamW holds two temporaries)"},
	{"util", OPT_UTIL, "F", A_TRAIN, "fraction of GPU memory the peak may fill, in (0, 1]\n(default 0.8)"},
	{"batch", OPT_BATCH, "N", A_ESTIMATE, "the batch size to estimate (estimate only); with an\nevaluation option below, also the eval batch"},
	{"grad-accum", OPT_GRAD_ACCUM, "N", A_ESTIMATE, "gradient accumulation steps (estimate only; default 1):\nthe earlier micro-batches' gradients stay through\nthe next forward, as in a plan that accumulates"},
	{NULL, 0, NULL, 0, "Planner (plan, sweep):"},
	{"batch-multiple", OPT_BATCH_MULTIPLE, "N", A_PLANNER, "round the train batch down to a multiple of N\n(default: as far as batch x tokens is a multiple\nof 8, none at 512 tokens)"},
	{"max-batch", OPT_MAX_BATCH, "N", A_PLANNER, "the largest micro-batch to consider (default 4096)"},
	{"effective-batch", OPT_EFFECTIVE_BATCH, "N", A_PLANNER, "keep batch x accumulation x GPUs equal to N"},
	{NULL, 0, NULL, 0, "Evaluation (plan, sweep; estimate at --batch):"},
	{"generate", OPT_GENERATE, NULL, A_TRAIN, "evaluate with generation (predict_with_generate)"},
	{"num-beams", OPT_NUM_BEAMS, "N", A_TRAIN, "beams when generating (default 1; implies\n--generate)"},
	{"max-new-tokens", OPT_MAX_NEW_TOKENS, "N", A_TRAIN, "tokens generated per sample (default: the target\nlength, else 128; implies --generate)"},
	{"eval-predictions", OPT_EVAL_PREDS, "P", A_TRAIN, "what evaluation keeps for compute_metrics: logits\n(default), argmax (preprocess_logits_for_metrics\nreduces them to token ids) or none (no metric:\nthe loss alone, nothing generated)"},
	{"eval-samples", OPT_EVAL_SAMPLES, "N", A_TRAIN, "samples in the evaluation set: their kept\npredictions, on the GPU and in host RAM"},
	{"use-cache", OPT_USE_CACHE, NULL, A_TRAIN, "the run sets TrainingArguments' use_cache: true\n(transformers 5): every evaluation forward builds\nthe KV cache (hf and trl profiles)"},
	{"no-eval", OPT_NO_EVAL, NULL, A_PLANNER, "the run evaluates nothing: plan the training alone\nand print the profile's keys that run no evaluation\n(eval_strategy: \"no\", val_set_size: 0, ...)"},
	{NULL, 0, NULL, 0, "Host (plan, sweep):"},
	{"host-ram", OPT_HOST_RAM, "SIZE", A_PLANNER, "host memory limit, e.g. 60GiB (a container's)"},
	{"cpus", OPT_CPUS, "N", A_PLANNER, "CPU cores; DataLoader workers use at most a third\n(default: 4 workers a process)"},
	{"nodes", OPT_NODES, "N", A_PLANNER, "hosts the --gpus are spread over (default 1):\n--host-ram and --cpus are one host's"},
	{"worker-ram", OPT_WORKER_RAM, "SIZE", A_PLANNER, "host memory of one DataLoader worker (default 2GiB,\nor the fork and --dataset-ram)"},
	{"dataset-ram", OPT_DATASET_RAM, "SIZE", A_PLANNER, "host memory the training set takes in the trainer\n(what loading it added to its RSS): the trainer\nholds it, and each worker copies what it reads;\n0: a set that adds nothing (memory-mapped)"},
	{"eval-dataset-ram", OPT_EVAL_DATASET_RAM, "SIZE", A_PLANNER, "the evaluation set's, alike, for the eval\nDataLoader's workers (default: an eval worker\nis costed as a training worker)"},
	{"no-pin-memory", OPT_NO_PIN_MEMORY, NULL, A_PLANNER, "DataLoader without pinned host buffers\n(dataloader_pin_memory: false; WSL 2 limits\npinned memory)"},
	{NULL, 0, NULL, 0, "Continual learning:"},
	{"ewc", OPT_EWC, NULL, A_TRAIN, "count EWC's Fisher diagonal and anchor copy\n(fp32, on the GPU)"},
	{"replay-buffer", OPT_REPLAY_BUFFER, "N", A_PLANNER, "samples of a replay buffer kept in host memory\n(plan, sweep)"},
	{NULL, 0, NULL, 0, "Output:"},
	{"format", OPT_FORMAT, "F", A_PLAN | A_ESTIMATE | A_SWEEP | A_LIST, "yaml or json (default yaml); list and sweep:\ntable (the default) or json"},
	{"profile", OPT_PROFILE, "P", A_TRAIN, "trainer keys: hf, lightning, deepspeed, axolotl,\nllamafactory or trl (default hf: TrainingArguments);\nestimate and sweep count the run those keys set up"},
	{"explain", OPT_EXPLAIN, NULL, A_PLAN | A_ESTIMATE, "the breakdown with bars, headroom and uncertainty,\non stderr"},
	{"output", OPT_OUTPUT, "FILE", A_ALL, "write the data to FILE instead of stdout"},
	{"quiet", OPT_QUIET, NULL, A_ALL, "no warnings"},
	{"verbose", OPT_VERBOSE, NULL, A_ALL, "notes on what was assumed"},
	{"help", OPT_HELP, NULL, A_ALL, "this help"},
	{"version", OPT_VERSION, NULL, A_ALL, "the version"},
};

#define N_OPTS (sizeof opts / sizeof opts[0])

static const struct opt_def *find_def(int id);

static const char *const commands[] = {"plan", "estimate", "sweep", "list", "import", "check"};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

/*
 * Each command's part of the help, in the order of enum vp_command. The
 * options are not here: a command's help lists the entries of opts[] that
 * apply to it, the test vp_cli_parse makes for "does not apply", so the
 * help cannot offer what the parser refuses (tests/cli/basic/
 * help-options-apply.sh runs both). '\n' in a text starts a line, indented
 * as the help indents it.
 */
struct cmd_help {
	const char *usage;   /* the usage line, after "vramplan " */
	const char *summary; /* its entry under the full help's "Commands:" */
	const char *about;   /* the paragraph of `vramplan COMMAND --help`; NULL for check, which has its own help */
	const char *exits;   /* the lines under that help's "Exit status:" */
};

/* the exit statuses as the full help and the commands' helps say them */
#define EXIT_NOFIT                                                                                                     \
	"  1  nothing fits: not even batch 1, its evaluation at eval batch 1, or\n"                                    \
	"     the host RAM of loading, training or evaluation within --host-ram\n"
#define EXIT_USAGE "  2  usage or input error\n"
#define EXIT_IO "  3  I/O error\n"

static const struct cmd_help cmd_helps[] = {
	[VP_CMD_PLAN] = {"[plan] --model M --gpu G [OPTIONS]",
			 "the largest train batch that fits, accumulation, eval batch and\nDataLoader workers (the default)",
			 "Plan the largest per-device train batch that fits the GPU, the gradient\n"
			 "accumulation, the eval batch and the DataLoader workers, and print them as the\n"
			 "trainer keys of --profile (default TrainingArguments): YAML on stdout, the\n"
			 "reasons in comments. plan is the default command: 'vramplan --model M --gpu G'\n"
			 "plans.",
			 "  0  the plan was printed\n" EXIT_NOFIT EXIT_USAGE EXIT_IO},
	[VP_CMD_ESTIMATE] = {"estimate --model M --gpu G --batch N [OPTIONS]", "the memory breakdown of one batch size",
			     "Estimate the memory of one training step at one batch size (--batch): its\n"
			     "allocated, reserved and device peaks, their breakdown and the phase of the\n"
			     "step where the peak falls, as YAML on stdout. A batch over the budget is\n"
			     "printed too, with fits: false and a warning. --method frozen (a forward that\n"
			     "trains nothing) and --optimizer none are taken here only. With an evaluation\n"
			     "option (--generate, --num-beams, --max-new-tokens, --eval-predictions,\n"
			     "--eval-samples, --use-cache), also the evaluation step at eval batch --batch,\n"
			     "as the plan's eval batch of that size; with --method frozen, an inference\n"
			     "batch (generation included).",
			     "  0  the estimate was printed, also one over the budget (fits: false)\n" EXIT_USAGE EXIT_IO},
	[VP_CMD_SWEEP] = {"sweep [--model M | --gpu G] [OPTIONS]",
			  "the plan on every GPU of the catalogue, every model on --gpu,\nor, with neither, every model on every GPU",
			  "Plan on every GPU of the catalogue (--model), every model on one GPU (--gpu)\n"
			  "or, with neither, every model on every GPU: a table, one row each (the\n"
			  "batches, the peak and whether it fits), or with --format json an array.",
			  "  0  the table was printed; rows that do not fit say so in it\n"
			  "  2  usage or input error (also when every row is an input error)\n" EXIT_IO},
	[VP_CMD_LIST] = {"list models|gpus", "the catalogue's models or GPUs",
			 "List the catalogue's models or GPUs, with their names and aliases (and a\n"
			 "model's Hugging Face id), as a table, or with --format json an array. Entries\n"
			 "from --catalog and VRAMPLAN_CATALOG are included.",
			 "  0  the list was printed\n" EXIT_USAGE EXIT_IO},
	[VP_CMD_IMPORT] = {"import CONFIG.json", "a config.json as a catalogue entry",
			   "Print a Hugging Face config.json (or the directory holding it) as a catalogue\n"
			   "entry in YAML, for a catalogue file that --catalog or VRAMPLAN_CATALOG names\n"
			   "(--model also takes the config.json or its directory as it is).",
			   "  0  the entry was printed\n" EXIT_USAGE EXIT_IO},
	[VP_CMD_CHECK] = {"check FILE... [OPTIONS]", "training configs against their GPUs (see 'vramplan check --help')",
			  NULL, NULL},
};

_Static_assert(sizeof cmd_helps / sizeof cmd_helps[0] == N_COMMANDS, "a help entry per command");

/* text, its continuation lines (after each '\n') indented by indent */
static void put_lines(FILE *f, const char *text, int indent)
{
	const char *nl;

	for (;; text = nl + 1) {
		nl = strchr(text, '\n');
		if (nl == NULL) {
			fprintf(f, "%s\n", text);
			return;
		}
		fprintf(f, "%.*s\n%*s", (int)(nl - text), text, indent, "");
	}
}

/* The options that apply to a command of mask, under their headings; a
 * heading none of whose options apply is left out. *has_n and *has_size:
 * whether an option with the placeholder N, and one with SIZE, was listed
 * (the notes after the options explain those two). */
static void put_options(FILE *f, unsigned mask, bool *has_n, bool *has_size)
{
	size_t i, j;

	*has_n = *has_size = false;
	for (i = 0; i < N_OPTS; i++) {
		const struct opt_def *d = &opts[i];
		char left[48];

		if (d->name == NULL) {
			for (j = i + 1; j < N_OPTS && opts[j].name != NULL; j++)
				if ((opts[j].applies & mask) != 0)
					break;
			if (j < N_OPTS && opts[j].name != NULL)
				fprintf(f, "\n%s\n", d->help);
			continue;
		}
		if ((d->applies & mask) == 0)
			continue;
		if (d->arg != NULL) {
			*has_n = *has_n || strcmp(d->arg, "N") == 0;
			*has_size = *has_size || strcmp(d->arg, "SIZE") == 0;
		}
		if (d->id < 256)
			snprintf(left, sizeof left, "-%c, --%s%s%s", d->id, d->name, d->arg ? " " : "",
				 d->arg ? d->arg : "");
		else
			snprintf(left, sizeof left, "    --%s%s%s", d->name, d->arg ? " " : "", d->arg ? d->arg : "");
		fprintf(f, "  %-26s", left);
		if (strlen(left) > 26)
			fprintf(f, "\n  %-26s", "");
		put_lines(f, d->help, 28);
	}
}

/* whether option id applies to a command of mask */
static bool applies(int id, unsigned mask)
{
	const struct opt_def *d = find_def(id);

	return d != NULL && (d->applies & mask) != 0;
}

/* The help: the full one (cmd < 0: `vramplan --help`, every command), or
 * one command's (`vramplan estimate --help`): its usage, what it does, and
 * only the options, notes and variables that apply to it. */
static void usage(FILE *f, int cmd)
{
	unsigned mask = cmd < 0 ? A_ALL : 1u << cmd;
	bool has_n, has_size;
	size_t i;

	if (cmd < 0) {
		for (i = 0; i < N_COMMANDS; i++)
			fprintf(f, "%svramplan %s\n", i == 0 ? "Usage: " : "       ", cmd_helps[i].usage);
		fputs("\n"
		      "Plan per-device batch sizes for fine-tuning a Hugging Face model on a GPU and\n"
		      "print them as trainer settings: YAML on stdout, the reasons in comments.\n"
		      "\n"
		      "Commands:\n",
		      f);
		for (i = 0; i < N_COMMANDS; i++) {
			fprintf(f, "  %-10s", commands[i]);
			put_lines(f, cmd_helps[i].summary, 12);
		}
	} else {
		fprintf(f, "Usage: vramplan %s\n\n", cmd_helps[cmd].usage);
		put_lines(f, cmd_helps[cmd].about, 0);
	}
	put_options(f, mask, &has_n, &has_size);
	if (has_n || has_size)
		fputs("\n", f);
	if (has_n)
		fputs(has_size ? "N is a whole number. " : "N is a whole number.\n", f);
	if (has_size)
		fputs("SIZE is a number with a unit: B, K or KiB, M or MiB, G or\n"
		      "GiB, T or TiB (binary), KB, MB, GB, TB (decimal), Kubernetes' Ki, Mi, Gi, Ti,\n"
		      "or docker's b, k, m, g, t, kb, mb, gb, tb (binary, as docker reads them);\n"
		      "e.g. 60GiB, 81920MiB, 60Gi, 60g.\n",
		      f);
	fputs("\nExit status:\n", f);
	if (cmd < 0)
		fputs("  0  the plan (or other output) was printed; an estimate over the budget and\n"
		      "     a sweep's rows that do not fit say so in the output, not here (a sweep\n"
		      "     whose every row is an input error exits 2)\n" EXIT_NOFIT EXIT_USAGE EXIT_IO,
		      f);
	else
		fputs(cmd_helps[cmd].exits, f);
	/* VRAMPLAN_CATALOG is read where the catalogue is (the commands
	 * that take --catalog), NO_COLOR where --explain colours */
	if (applies(OPT_CATALOG, mask) || applies(OPT_EXPLAIN, mask))
		fputs("\nEnvironment:\n", f);
	if (applies(OPT_CATALOG, mask))
		fputs("  VRAMPLAN_CATALOG  catalogue files, colon-separated, read after the built-in\n"
		      "                    catalogue and before --catalog\n",
		      f);
	if (applies(OPT_EXPLAIN, mask))
		fputs("  NO_COLOR          no colour in --explain\n", f);
	if (cmd >= 0)
		fputs("\nEvery command and every option: 'vramplan --help'.\n", f);
}

static int value_error(const struct vp_error *err)
{
	return vp_cli_report(err);
}

static const struct opt_def *find_def(int id)
{
	size_t i;

	for (i = 0; i < N_OPTS; i++)
		if (opts[i].name != NULL && opts[i].id == id)
			return &opts[i];
	return NULL;
}

static void option_label(int id, char *buf, size_t size)
{
	const struct opt_def *d = find_def(id);

	if (d == NULL)
		snprintf(buf, size, "-%c", id);
	else
		snprintf(buf, size, "--%s", d->name);
}

static int parse_u64(const char *s, const char *flag, uint64_t min, uint64_t max, uint64_t *out)
{
	struct vp_error err;

	if (vp_parse_u64(s, flag, min, max, out, &err) != 0)
		return value_error(&err);
	return VP_CLI_RUN;
}

/* positive: 0 would read as "not given" (the default), so it is refused */
static int parse_size(const char *s, const char *flag, bool positive, uint64_t *out)
{
	struct vp_error err;

	if (vp_parse_size(s, flag, out, &err) != 0)
		return value_error(&err);
	if (positive && *out == 0) {
		vp_error_set(&err, VP_ERR_INPUT, "%s must be more than 0", flag);
		return value_error(&err);
	}
	return VP_CLI_RUN;
}

/* DeepSpeed's offload devices (deepspeed/runtime/zero/offload_config.py
 * OffloadDeviceEnum: none, cpu, nvme); NVMe (ZeRO-Infinity's swap files)
 * is not modelled (docs/memory-model.md "ZeRO-Offload") */
static int parse_offload(const char *s, const char *flag, bool *out)
{
	struct vp_error err;

	if (strcmp(s, "cpu") == 0 || strcmp(s, "none") == 0) {
		*out = strcmp(s, "cpu") == 0;
		return VP_CLI_RUN;
	}
	if (strcmp(s, "nvme") == 0)
		vp_error_set(&err, VP_ERR_INPUT,
			     "%s nvme (ZeRO-Infinity) is not modelled: only cpu offload is (or none)", flag);
	else
		vp_error_set(&err, VP_ERR_INPUT, "%s must be cpu or none, not '%s'", flag, s);
	return value_error(&err);
}

static int parse_fraction(const char *s, const char *flag, double *out)
{
	struct vp_error err;

	if (vp_cli_parse_fraction(s, flag, out, &err) != 0)
		return value_error(&err);
	return VP_CLI_RUN;
}

static int parse_probability(const char *s, const char *flag, double *out)
{
	struct vp_error err;

	if (vp_parse_double(s, flag, 0.0, 1.0, out, &err) != 0)
		return value_error(&err);
	return VP_CLI_RUN;
}

/* Apply one option; returns VP_CLI_RUN or an exit code. */
static int apply(struct vp_cli_opts *o, int id, const char *arg)
{
	struct vp_error err;
	uint64_t v;
	int rc = VP_CLI_RUN;

	memset(&err, 0, sizeof err);
	switch (id) {
	case OPT_QUIET: o->verbosity = 0; break;
	case OPT_VERBOSE: o->verbosity = 2; break;
	case OPT_OUTPUT: o->output = arg; break;
	case OPT_MODEL: o->model = arg; break;
	case OPT_GPU: o->gpu = arg; break;
	case OPT_CATALOG:
		if (o->n_catalogs == VP_CLI_MAX_CATALOGS) {
			vp_error_set(&err, VP_ERR_INPUT, "too many --catalog files (at most %d)", VP_CLI_MAX_CATALOGS);
			return value_error(&err);
		}
		o->catalogs[o->n_catalogs++] = arg;
		break;
	case OPT_SEQ_LEN:
		o->seq_max = strcmp(arg, "max") == 0;
		if (!o->seq_max)
			rc = parse_u64(arg, "--seq-len", 1, VP_MAX_COUNT, &o->train.seq_len);
		break;
	case OPT_TARGET_LEN:
		rc = parse_u64(arg, "--target-len", 1, VP_MAX_COUNT, &o->train.tgt_len);
		o->has_target_len = true;
		break;
	case OPT_PRECISION:
		if (vp_precision_parse(arg, &o->train.precision, &err) != 0)
			return value_error(&err);
		o->has_precision = true;
		break;
	case OPT_METHOD:
		if (vp_method_parse(arg, &o->train.method, &err) != 0)
			return value_error(&err);
		o->has_method = true;
		break;
	case OPT_LORA_R:
		rc = parse_u64(arg, "--lora-r", 1, VP_MAX_COUNT, &o->train.lora_r);
		o->has_lora_r = true;
		break;
	case OPT_LORA_DROPOUT:
		rc = parse_probability(arg, "--lora-dropout", &o->train.lora_dropout);
		o->has_lora_dropout = true;
		break;
	case OPT_LORA_TARGETS: {
		struct vp_train probe;

		/* checked now, applied by vp_cli_setup() */
		vp_train_defaults(&probe);
		if (vp_train_set_lora_targets(&probe, arg, &err) != 0)
			return vp_cli_report_option("--lora-targets", &err);
		o->lora_targets = arg;
		break;
	}
	case OPT_QUANT:
		if (vp_quant_parse(arg, &o->train.quant, &err) != 0)
			return value_error(&err);
		o->has_quant = true;
		break;
	case OPT_OPTIMIZER:
		if (vp_optimizer_parse(arg, &o->train.optimizer, &err) != 0)
			return vp_cli_report_option("--optimizer", &err);
		o->has_optimizer = true;
		break;
	case OPT_GRAD_CKPT: o->train.grad_ckpt = true; break;
	case OPT_EXPANDABLE: o->train.expandable_segments = true; break;
	case OPT_MEMORY_FRACTION: rc = parse_fraction(arg, "--memory-fraction", &o->train.memory_fraction); break;
	case OPT_TORCH_VERSION:
		if (vp_pytorch_parse(arg, &o->train.pytorch, &err) != 0)
			return vp_cli_report_option("--torch-version", &err);
		break;
	case OPT_BNB_VERSION:
		if (vp_bnb_parse(arg, &o->train.bnb, &err) != 0)
			return vp_cli_report_option("--bnb-version", &err);
		break;
	case OPT_ATTN:
		if (vp_attn_parse(arg, &o->train.attn, &err) != 0)
			return value_error(&err);
		o->has_attn = true;
		break;
	case OPT_HEAD:
		if (vp_head_parse(arg, &o->train.head, &err) != 0)
			return value_error(&err);
		o->has_head = true;
		break;
	case OPT_NUM_LABELS:
		rc = parse_u64(arg, "--num-labels", 1, VP_MAX_LABELS, &o->train.num_labels);
		o->has_num_labels = true;
		break;
	case OPT_TEXTS:
		rc = parse_u64(arg, "--texts-per-example", 1, VP_MAX_TEXTS_PER_EXAMPLE, &o->train.texts_per_example);
		o->has_texts = true;
		break;
	case OPT_LOSS:
		if (vp_loss_parse(arg, &o->train.loss, &err) != 0)
			return value_error(&err);
		break;
	case OPT_LABEL_SMOOTHING:
		rc = parse_probability(arg, "--label-smoothing", &o->train.label_smoothing);
		break;
	case OPT_COMPILE: o->train.compile = true; break;
	case OPT_PACKED: o->train.packed = true; break;
	case OPT_DORA: o->train.dora = true; break;
	case OPT_LIGER: o->train.liger_loss = o->train.liger_swiglu = o->train.liger_rms_norm = true; break;
	case OPT_ROUTER_AUX_LOSS: o->train.router_aux_loss = true; break;
	case OPT_ACT_OFFLOAD: o->train.activation_offload = true; break;
	case OPT_OPT_IN_BWD: o->train.optimizer_in_backward = true; break;
	case OPT_ZERO:
		rc = parse_u64(arg, "--zero", 0, 3, &v);
		o->train.zero_stage = (int)v;
		break;
	case OPT_OFFLOAD_OPTIMIZER:
		rc = parse_offload(arg, "--offload-optimizer", &o->train.zero_offload_optimizer);
		break;
	case OPT_OFFLOAD_PARAM: rc = parse_offload(arg, "--offload-param", &o->train.zero_offload_param); break;
	case OPT_FSDP: o->train.fsdp = true; break;
	case OPT_GPUS: rc = parse_u64(arg, "--gpus", 1, VP_MAX_GPUS, &o->train.gpus); break;
	case OPT_UTIL: rc = parse_fraction(arg, "--util", &o->util); break;
	case OPT_BATCH: rc = parse_u64(arg, "--batch", 1, VP_MAX_COUNT, &o->batch); break;
	case OPT_GRAD_ACCUM: rc = parse_u64(arg, "--grad-accum", 1, VP_MAX_COUNT, &o->grad_accum); break;
	case OPT_BATCH_MULTIPLE: rc = parse_u64(arg, "--batch-multiple", 1, 4096, &o->batch_multiple); break;
	case OPT_MAX_BATCH: rc = parse_u64(arg, "--max-batch", 1, VP_MAX_COUNT, &o->max_batch); break;
	case OPT_EFFECTIVE_BATCH:
		rc = parse_u64(arg, "--effective-batch", 1, VP_MAX_COUNT, &o->effective_batch);
		break;
	case OPT_GENERATE: o->generate = true; break;
	case OPT_NUM_BEAMS: rc = parse_u64(arg, "--num-beams", 1, VP_MAX_COUNT, &o->num_beams); break;
	case OPT_MAX_NEW_TOKENS:
		rc = parse_u64(arg, "--max-new-tokens", 1, VP_MAX_COUNT, &o->max_new_tokens);
		break;
	case OPT_EVAL_PREDS:
		if (vp_eval_preds_parse(arg, &o->eval_predictions, &err) != 0)
			return value_error(&err);
		o->has_eval_predictions = true;
		break;
	case OPT_EVAL_SAMPLES:
		rc = parse_u64(arg, "--eval-samples", 1, VP_MAX_SAMPLES, &o->eval_samples);
		break;
	case OPT_USE_CACHE: o->train.trainer_use_cache = true; break;
	case OPT_NO_EVAL: o->no_eval = true; break;
	case OPT_HOST_RAM:
		if (vp_parse_host_ram(arg, "--host-ram", &o->host_ram, &err) != 0)
			return value_error(&err);
		break;
	case OPT_CPUS: rc = parse_u64(arg, "--cpus", 1, VP_MAX_CPUS, &o->cpus); break;
	case OPT_NODES: rc = parse_u64(arg, "--nodes", 1, VP_MAX_GPUS, &o->nodes); break;
	case OPT_WORKER_RAM: rc = parse_size(arg, "--worker-ram", true, &o->worker_ram); break;
	case OPT_DATASET_RAM:
		rc = parse_size(arg, "--dataset-ram", false, &o->dataset_ram);
		o->dataset_ram_given = true;
		break;
	case OPT_EVAL_DATASET_RAM:
		rc = parse_size(arg, "--eval-dataset-ram", false, &o->eval_dataset_ram);
		o->eval_dataset_ram_given = true;
		break;
	case OPT_NO_PIN_MEMORY: o->no_pin_memory = true; break;
	case OPT_EWC: o->ewc = true; break;
	case OPT_REPLAY_BUFFER:
		rc = parse_u64(arg, "--replay-buffer", 0, VP_MAX_SAMPLES, &o->replay_buffer);
		break;
	case OPT_FORMAT: {
		/* list and sweep print a table or JSON; the others YAML or JSON */
		bool tables = o->command == VP_CMD_LIST || o->command == VP_CMD_SWEEP;

		if (strcmp(arg, "yaml") == 0 && !tables) {
			o->format = VP_OUT_YAML;
		} else if (strcmp(arg, "table") == 0 && tables) {
			o->format = VP_OUT_TABLE;
		} else if (strcmp(arg, "json") == 0) {
			o->format = VP_OUT_JSON;
		} else {
			vp_error_set(&err, VP_ERR_INPUT, "unsupported format '%s' for '%s' (expected %s)", arg,
				     o->command_name, tables ? "table or json" : "yaml or json");
			return value_error(&err);
		}
		break;
	}
	case OPT_PROFILE:
		if (vp_profile_parse(arg, &o->profile, &err) != 0)
			return value_error(&err);
		break;
	case OPT_EXPLAIN: o->explain = true; break;
	default: break;
	}
	return rc;
}

static void opts_defaults(struct vp_cli_opts *o)
{
	memset(o, 0, sizeof *o);
	o->command = VP_CMD_PLAN;
	o->command_name = "plan";
	o->verbosity = 1;
	o->format = VP_OUT_DEFAULT;
	o->profile = VP_PROFILE_HF;
	vp_train_defaults(&o->train);
	/* Plans recommend fused AdamW (TrainingArguments optim
	 * adamw_torch_fused, PyTorch >= 2.0 on CUDA): the same states without
	 * the foreach path's temporary the size of every trained parameter
	 * (docs/memory-model.md "Optimizer states"), and faster. */
	o->train.optimizer = VP_OPT_ADAMW_FUSED;
	o->util = VP_DEFAULT_UTIL;
	o->max_batch = VP_DEFAULT_MAX_BATCH;
}

/* The evaluation option given, which describes an evaluation that --no-eval
 * says does not run; NULL when none was. */
static const char *eval_option_given(const struct vp_cli_opts *o)
{
	if (o->generate)
		return "--generate";
	if (o->num_beams > 0)
		return "--num-beams";
	if (o->max_new_tokens > 0)
		return "--max-new-tokens";
	if (o->has_eval_predictions)
		return "--eval-predictions";
	if (o->eval_samples > 0)
		return "--eval-samples";
	if (o->train.trainer_use_cache)
		return "--use-cache";
	if (o->eval_dataset_ram_given)
		return "--eval-dataset-ram";
	return NULL;
}

/* What each command needs once all options are read. */
static int check_command(struct vp_cli_opts *o, int nargs, char **args)
{
	switch (o->command) {
	case VP_CMD_LIST:
		if (nargs == 0)
			return vp_cli_usage_error(NULL, "list what? (expected 'models' or 'gpus')");
		if (strcmp(args[0], "models") != 0 && strcmp(args[0], "gpus") != 0)
			return vp_cli_usage_error(NULL, "cannot list '%s' (expected 'models' or 'gpus')", args[0]);
		o->operand = args[0];
		nargs--;
		args++;
		break;
	case VP_CMD_IMPORT:
		if (nargs == 0)
			return vp_cli_usage_error(NULL, "missing the config.json to import");
		o->operand = args[0];
		nargs--;
		args++;
		break;
	case VP_CMD_PLAN:
	case VP_CMD_ESTIMATE:
		if (o->model == NULL)
			return vp_cli_usage_error(NULL, "missing --model (the model to %s)",
					   o->command == VP_CMD_PLAN ? "plan for" : "estimate");
		if (o->gpu == NULL)
			return vp_cli_usage_error(NULL, "missing --gpu (the GPU to %s)",
					   o->command == VP_CMD_PLAN ? "plan for" : "estimate on");
		if (o->command == VP_CMD_ESTIMATE && o->batch == 0)
			return vp_cli_usage_error(NULL, "missing --batch (the batch size to estimate)");
		/* the planner refuses it too (plan.c); said here, before the
		 * setup warns about options frozen drops (resolve.c), which
		 * would read as if a plan followed */
		if (o->command == VP_CMD_PLAN && o->train.method == VP_METHOD_FROZEN)
			return vp_cli_usage_error(NULL, "--method frozen trains nothing, so there is no training batch "
							"to plan (a trainer's loss.backward() raises: the loss has no "
							"grad_fn); use `vramplan estimate --method frozen` for a forward "
							"pass's memory");
		break;
	case VP_CMD_SWEEP:
		if (o->seq_max)
			return vp_cli_usage_error(NULL, "--seq-len max is for plan and estimate; a sweep needs one length");
		/* every cell would be the planner's refusal (plan.c) */
		if (o->train.method == VP_METHOD_FROZEN)
			return vp_cli_usage_error(NULL, "--method frozen trains nothing, so there is no training batch "
							"to sweep; use `vramplan estimate --method frozen`");
		break;
	case VP_CMD_CHECK:
		break;
	}
	/* an evaluation option sizes an evaluation that --no-eval says the
	 * run never starts: one of the two is a mistake, and planning either
	 * would print keys for a run the user did not describe */
	if (o->no_eval && eval_option_given(o) != NULL)
		return vp_cli_usage_error(NULL, "--no-eval plans a run without evaluation, and %s describes its "
						"evaluation: drop one of them",
					  eval_option_given(o));
	if (nargs > 0)
		return vp_cli_usage_error(NULL, "unexpected argument '%s'", args[0]);
	return VP_CLI_RUN;
}

/* The option a long argument ("--mod", "--model=x") names: an exact name,
 * else a unique prefix, as getopt_long resolves it; NULL otherwise. */
static const struct opt_def *long_def(const char *arg)
{
	const struct opt_def *found = NULL;
	size_t len = strcspn(arg, "="), i;

	for (i = 0; i < N_OPTS; i++) {
		if (opts[i].name == NULL || strncmp(opts[i].name, arg, len) != 0)
			continue;
		if (opts[i].name[len] == '\0')
			return &opts[i];
		if (found != NULL)
			return NULL;
		found = &opts[i];
	}
	return found;
}

bool vp_cli_is_main_option(const char *arg)
{
	size_t len, i;

	if (arg[0] != '-')
		return false;
	if (arg[1] != '-') {
		for (i = 0; arg[1] != '\0' && i < N_OPTS; i++)
			if (opts[i].name != NULL && opts[i].id == (unsigned char)arg[1])
				return true;
		return false;
	}
	len = strcspn(arg + 2, "=");
	for (i = 0; i < N_OPTS; i++)
		if (opts[i].name != NULL && strncmp(opts[i].name, arg + 2, len) == 0 && opts[i].name[len] == '\0')
			return true;
	return false;
}

/* Whether short option c takes a value: -o FILE, -g G, -m M, and check's
 * own, which may come before the word "check" too. */
static bool short_takes_value(char c)
{
	const char *p;
	size_t i;

	for (i = 0; i < N_OPTS; i++)
		if (opts[i].name != NULL && opts[i].id == c)
			return opts[i].arg != NULL;
	p = c != ':' ? strchr(vp_check_shortopts, c) : NULL;
	return p != NULL && p[1] == ':';
}

/* Whether a cluster of short options ("qvo", after the '-') ends in one
 * that takes the next argument as its value: a value-taking option
 * before the end takes the rest of the cluster ("-ofile", "-qg3090"). */
static bool short_value_last(const char *cluster)
{
	for (; *cluster != '\0'; cluster++)
		if (short_takes_value(*cluster))
			return cluster[1] == '\0';
	return false;
}

/*
 * Move the command word to argv[1], so options may come before it
 * ("vramplan -v list models"). The first argument that is neither an
 * option nor an option's value is the candidate; it moves only when it
 * names a command.
 */
static void hoist_command(int argc, char **argv)
{
	int i;
	size_t k;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0)
			return;
		if (a[0] == '-' && a[1] == '-') {
			const struct opt_def *d = long_def(a + 2);

			if (d != NULL && d->arg != NULL && strchr(a, '=') == NULL)
				i++;
			continue;
		}
		if (a[0] == '-' && a[1] != '\0') {
			if (short_value_last(a + 1))
				i++;
			continue;
		}
		for (k = 0; k < sizeof commands / sizeof commands[0]; k++) {
			if (strcmp(a, commands[k]) == 0) {
				char *cmd = argv[i];

				memmove(&argv[2], &argv[1], (size_t)(i - 1) * sizeof argv[0]);
				argv[1] = cmd;
				return;
			}
		}
		return;
	}
}

/*
 * The options in `flags` ("--method qlora --quant nf4", as the planner lists
 * a change), applied over *o as if typed after the others, so that the
 * change is planned as the command line with it would plan it (cmd_plan.c).
 * `flags` is cut into its words in place and must outlive *o (apply keeps
 * pointers to values). VP_CLI_RUN, or an exit code for a word that is not
 * an option of ours or a value it refuses.
 */
/* The next space-separated word at *p, cut off in place; NULL at the end */
static char *next_word(char **p)
{
	char *word;

	while (**p == ' ')
		(*p)++;
	if (**p == '\0')
		return NULL;
	word = *p;
	while (**p != '\0' && **p != ' ')
		(*p)++;
	if (**p == ' ')
		*(*p)++ = '\0';
	return word;
}

int vp_cli_apply_flags(struct vp_cli_opts *o, char *flags)
{
	char *p = flags;

	for (;;) {
		const struct opt_def *d = NULL;
		char *word = next_word(&p), *arg = NULL;
		size_t i;
		int rc;

		if (word == NULL)
			return VP_CLI_RUN;
		for (i = 0; strncmp(word, "--", 2) == 0 && i < N_OPTS && d == NULL; i++)
			if (opts[i].name != NULL && strcmp(opts[i].name, word + 2) == 0)
				d = &opts[i];
		if (d == NULL)
			return VP_EXIT_USAGE;
		if (d->arg != NULL && (arg = next_word(&p)) == NULL)
			return VP_EXIT_USAGE;
		rc = apply(o, d->id, arg);
		if (rc != VP_CLI_RUN)
			return rc;
	}
}

int vp_cli_parse(int argc, char **argv, struct vp_cli_opts *o)
{
	struct option longopts[N_OPTS + 1];
	bool given[OPT_END], typed_short[OPT_END];
	size_t i, n = 0;
	int c, rc, first = 1;

	opts_defaults(o);
	memset(given, 0, sizeof given);
	memset(typed_short, 0, sizeof typed_short);
	for (i = 0; i < N_OPTS; i++) {
		if (opts[i].name == NULL)
			continue;
		longopts[n].name = opts[i].name;
		longopts[n].has_arg = opts[i].arg != NULL ? required_argument : no_argument;
		longopts[n].flag = NULL;
		longopts[n].val = opts[i].id;
		n++;
	}
	memset(&longopts[n], 0, sizeof longopts[n]);

	hoist_command(argc, argv);
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 0; i < sizeof commands / sizeof commands[0]; i++) {
			if (strcmp(argv[1], commands[i]) == 0)
				break;
		}
		if (i == sizeof commands / sizeof commands[0])
			return vp_cli_usage_error(NULL, "unknown command '%s'", argv[1]);
		o->command = (enum vp_command)i;
		o->command_name = commands[i];
		first = 2;
	}

	/* getopt_long sees argv[first - 1] as the program name */
	opterr = 0;
	optind = 1;
	for (;;) {
		/* getopt_long sets it for a long option only: -1 after a short one */
		int long_index = -1;

		c = getopt_long(argc - (first - 1), argv + (first - 1), ":hqvo:m:g:", longopts, &long_index);
		if (c == -1)
			break;
		if (c == '?' || c == ':')
			return vp_cli_getopt_error(NULL, c, argv + (first - 1), longopts);
		if (c == OPT_HELP) {
			/* after a command word, that command's help */
			usage(stdout, first == 2 ? (int)o->command : -1);
			return VP_EXIT_OK;
		}
		if (c == OPT_VERSION) {
			printf("vramplan %s\n", VRAMPLAN_VERSION);
			puts("License MIT: free to use, change and redistribute; there is NO WARRANTY.");
			return VP_EXIT_OK;
		}
		if (c > 0 && c < OPT_END) {
			given[c] = true;
			typed_short[c] = long_index < 0;
		}
		rc = apply(o, c, optarg);
		if (rc != VP_CLI_RUN)
			return rc;
	}

	/* an option given to a command it means nothing to */
	for (i = 0; i < N_OPTS; i++) {
		if (opts[i].name != NULL && given[opts[i].id] && (opts[i].applies & (1u << o->command)) == 0) {
			char label[64];

			/* named as typed, as a missing value is (cli_util.c
			 * vp_cli_getopt_error): "-m", not "--model", for
			 * `vramplan list -m x` */
			if (typed_short[opts[i].id])
				snprintf(label, sizeof label, "-%c", opts[i].id);
			else
				option_label(opts[i].id, label, sizeof label);
			/* the planner picks the batch and the accumulation:
			 * say where one batch's peak is, and how to bound them */
			if ((opts[i].id == OPT_BATCH || opts[i].id == OPT_GRAD_ACCUM) &&
			    (o->command == VP_CMD_PLAN || o->command == VP_CMD_SWEEP))
				return vp_cli_usage_error(NULL,
							  "option '%s' does not apply to '%s', which picks the batch and "
							  "the accumulation (--max-batch N bounds the batch, "
							  "--effective-batch N sets batch x accumulation); 'vramplan "
							  "estimate --batch N --grad-accum K' gives one setup's peak",
							  label, o->command_name);
			/* estimate evaluates only when asked: without an
			 * evaluation option it is the training step alone */
			if (opts[i].id == OPT_NO_EVAL && o->command == VP_CMD_ESTIMATE)
				return vp_cli_usage_error(NULL,
							  "option '%s' does not apply to 'estimate', which evaluates only "
							  "with an evaluation option (--generate, --eval-predictions, "
							  "...): without one it estimates the training step alone",
							  label);
			return vp_cli_usage_error(NULL, "option '%s' does not apply to '%s'", label, o->command_name);
		}
	}
	return check_command(o, argc - (first - 1) - optind, argv + (first - 1) + optind);
}

int main(int argc, char **argv)
{
	struct vp_cli_opts o;
	int rc;

	vp_cli_guard_std_fds();
	/* check has its own options (training configs, GPU lists) */
	hoist_command(argc, argv);
	if (argc > 1 && strcmp(argv[1], "check") == 0)
		return vp_cli_finish(vp_cmd_check(argc - 1, argv + 1));

	rc = vp_cli_parse(argc, argv, &o);
	if (rc == VP_CLI_RUN) {
		switch (o.command) {
		case VP_CMD_PLAN: rc = vp_cmd_plan(&o); break;
		case VP_CMD_ESTIMATE: rc = vp_cmd_estimate(&o); break;
		case VP_CMD_SWEEP: rc = vp_cmd_sweep(&o); break;
		case VP_CMD_LIST: rc = vp_cmd_list(&o); break;
		case VP_CMD_IMPORT: rc = vp_cmd_import(&o); break;
		case VP_CMD_CHECK: rc = vp_cmd_check(argc - 1, argv + 1); break;
		}
	}
	return vp_cli_finish(rc);
}
