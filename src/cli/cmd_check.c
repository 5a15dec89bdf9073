/*
 * `vramplan check FILE...`: committed training configs against GPU memory
 * and host RAM, as a CI gate (docs/check.md). For each file and each GPU:
 * the device-level peak of one training step at the config's micro-batch
 * against util x memory, the eval step at the eval batch, and, with a host
 * RAM limit, the trainer and its DataLoader workers against that limit.
 *
 * stdout carries only results (one line per file and GPU, a matrix when
 * there are several GPUs, or JSON); notes about ignored keys and defaults
 * go to stderr. Under GitHub Actions (GITHUB_ACTIONS=true) each failure is
 * also a workflow command, `::error file=...,line=...::`, at the config key
 * that sets what failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vramplan/checked.h"
#include "vramplan/cli.h"
#include "vramplan/estimate.h"
#include "vramplan/fileio.h"
#include "vramplan/heads.h"
#include "vramplan/host.h"
#include "vramplan/plan.h"
#include "vramplan/sizes.h"
#include "vramplan/trainconfig.h"
#include "vramplan/utf8.h"

#define MAX_GPUS VP_TC_MAX_GPUS

struct check_opts {
	struct vp_cli_opts cli;        /* catalogues and verbosity, for resolve.c */
	const char *gpus[MAX_GPUS];
	size_t n_gpus;
	const char *model;
	double util;                   /* 0: the config's, else VP_DEFAULT_UTIL */
	uint64_t host_ram, cpus, worker_ram;
	/* --dataset-ram, --eval-dataset-ram; without them (has_ false) the
	 * config's vramplan.dataset_ram and eval_dataset_ram. A given 0GiB
	 * wins as any value does: a set that adds nothing to the trainer (a
	 * memory-mapped one), as plan's 0GiB is (vp_host_request's _given) */
	uint64_t dataset_ram, eval_dataset_ram;
	bool has_dataset_ram, has_eval_dataset_ram;
	uint64_t eval_samples;         /* --eval-samples; 0: the config's */
	bool expandable;               /* --expandable-segments */
	double memory_fraction;        /* --memory-fraction; 0: the config's vramplan.memory_fraction */
	bool has_torch;                /* --torch-version */
	enum vp_pytorch torch;
	bool has_bnb;                  /* --bnb-version */
	enum vp_bnb bnb;
	bool json;
	bool github;                   /* GITHUB_ACTIONS=true */
	char **files;
	size_t n_files;
	/* --set KEY=VALUE and its shorthands: vramplan: block keys, winning
	 * over the file's block (vp_trainconfig_parse_with); owned */
	struct vp_tnode *settings;
	/* one per setting: the shorthand it was typed as ("--quant"), whose
	 * errors name it so, or NULL for a --set; owned, the names static */
	const char **typed;
};

static const char usage_text[] =
	"Usage: vramplan check FILE... [--gpu G]... [--model M] [--host-ram SIZE --cpus N]\n"
	"                      [--util F] [--set KEY=VALUE]... [--format text|json]\n"
	"                      [--catalog FILE]...\n"
	"\n"
	"Check training configs (Hugging Face TrainingArguments, axolotl, LLaMA-Factory\n"
	"or DeepSpeed; YAML or JSON) against GPU memory and host RAM before a job is\n"
	"queued. For each FILE and GPU: the peak of a training step at the config's\n"
	"micro-batch against util x GPU memory, the eval step at its eval batch, and\n"
	"with --host-ram the trainer and its DataLoader workers, in training and during\n"
	"evaluation, against the limit. A torchtune recipe config, a litgpt finetune\n"
	"config or a W&B sweep configuration is an error that gives the 'vramplan\n"
	"estimate' command it amounts to.\n"
	"\n"
	"Options:\n"
	"  -g, --gpu G           a GPU to check on (repeatable; default: the config's\n"
	"                        vramplan.gpu)\n"
	"  -m, --model M         the model, instead of the config's model_name_or_path or\n"
	"                        base_model (a catalogue name, HF id or config.json)\n"
	"      --host-ram SIZE   host or container RAM limit, e.g. 60GB\n"
	"      --cpus N          CPU cores of the host\n"
	"      --worker-ram SIZE RAM of one DataLoader worker (default 2GiB, or the\n"
	"                        fork and --dataset-ram)\n"
	"      --dataset-ram SIZE  RAM the training set takes in the trainer: held\n"
	"                        there, and copied into each worker as it is read\n"
	"      --eval-dataset-ram SIZE  the evaluation set's, alike, for the eval\n"
	"                        DataLoader's workers (default: an eval worker is\n"
	"                        costed as a training worker)\n"
	"      --util F          fraction of GPU memory the peak may reach (default 0.8)\n"
	"      --eval-samples N  samples in the evaluation set: the predictions kept\n"
	"                        for compute_metrics, on the GPU and in host RAM\n"
	"                        (default: the config's max_eval_samples)\n"
	"      --set KEY=VALUE   a 'vramplan:' block setting from the command line,\n"
	"                        winning over the config's block (repeatable), for a\n"
	"                        config whose parser refuses unknown keys:\n"
	"                        --set seq_len=512 --set lora_targets=[q_proj,v_proj]\n"
	"      --seq-len N, --target-len N, --method M, --quant Q, --lora-r R,\n"
	"      --lora-targets L, --precision P, --optimizer O, --attn A, --grad-ckpt,\n"
	"      --dora, --gpus N, --zero N, --fsdp, --head H, --num-labels N, --nodes N,\n"
	"      --texts-per-example N\n"
	"                        the same as --set seq_len=N, ... (plan's names; N is\n"
	"                        read as plan reads it: decimal digits, plan's bounds)\n";

/* the rest of the help: C11 promises string literals of 4095 characters */
static const char usage_text_more[] =
	"      --expandable-segments\n"
	"                        the job runs with PYTORCH_CUDA_ALLOC_CONF=\n"
	"                        expandable_segments:True (an environment variable,\n"
	"                        which no trainer key says)\n"
	"      --memory-fraction F\n"
	"                        the job calls torch.cuda.set_per_process_memory_\n"
	"                        fraction(F): its allocator may reserve at most F x\n"
	"                        the GPU's memory, in (0, 1]\n"
	"      --torch-version V the job's PyTorch, as torch.__version__ prints it\n"
	"                        (default 2.5 or later; 1.x keeps the gradients between\n"
	"                        steps and has no SDPA, 2.0's AdamW holds two\n"
	"                        temporaries)\n"
	"      --bnb-version V   the job's bitsandbytes, as its __version__ prints it\n"
	"                        (default: one before 0.43.2, whose 4-bit layers keep\n"
	"                        their inputs for backward, the safe side)\n"
	"      --format FMT      text (default) or json (every number in bytes)\n"
	"      --catalog FILE    add or override catalogue entries (repeatable)\n"
	"  -q, --quiet           no notes or warnings on stderr\n"
	"  -v, --verbose         more notes\n"
	"  -h, --help            this help\n"
	"\n"
	"FILE - reads standard input.\n"
	"\n"
	"Settings the trainer keys cannot say go in a top-level 'vramplan:' mapping of\n"
	"the config (gpu, util, host_ram, cpus, method, quant, lora_targets, ...) or\n"
	"in --set; the command line wins over the file. Ignored keys and the defaults\n"
	"applied are listed on stderr. See docs/check.md.\n"
	"\n"
	"Exit status:\n"
	"  0  every check fits\n"
	"  1  some check does not fit\n"
	"  2  usage or input error (FILE:LINE:COL)\n"
	"  3  I/O error\n"
	"\n"
	"Environment:\n"
	"  GITHUB_ACTIONS=true  also print ::error annotations at the offending line\n"
	"  VRAMPLAN_CATALOG     catalogue files, colon-separated\n";

enum {
	OPT_HOST_RAM = 256,
	OPT_CPUS,
	OPT_WORKER_RAM,
	OPT_DATASET_RAM,
	OPT_EVAL_DATASET_RAM,
	OPT_UTIL,
	OPT_FORMAT,
	OPT_CATALOG,
	OPT_EXPANDABLE,
	OPT_MEMORY_FRACTION,
	OPT_TORCH_VERSION,
	OPT_BNB_VERSION,
	OPT_EVAL_SAMPLES,
	OPT_SET,
	/* shorthands for --set, named as plan's options */
	OPT_SET_SEQ_LEN,
	OPT_SET_TARGET_LEN,
	OPT_SET_METHOD,
	OPT_SET_QUANT,
	OPT_SET_LORA_R,
	OPT_SET_LORA_TARGETS,
	OPT_SET_PRECISION,
	OPT_SET_OPTIMIZER,
	OPT_SET_ATTN,
	OPT_SET_GRAD_CKPT,
	OPT_SET_DORA,
	OPT_SET_FSDP,
	OPT_SET_GPUS,
	OPT_SET_ZERO,
	OPT_SET_HEAD,
	OPT_SET_NUM_LABELS,
	OPT_SET_NODES,
	OPT_SET_TEXTS
};

/* Each shorthand's vramplan: block key (docs/check.md), and the option as
 * the user types it, which its errors and notes name (longopts below).
 * max > 0: a whole number from min to max, read as plan reads the option
 * of that name (main.c apply: decimal digits alone, nothing else), not as
 * YAML reads a --set value, for which 010 is octal 8, 0x200 is 512 and
 * " 7" is 7 while `vramplan plan --seq-len 010` plans 10 tokens and
 * refuses the others; the bounds are plan's, which the block's key has
 * too (docs/check.md, "Each number has one ceiling"). */
static const struct {
	int opt;
	const char *key;
	const char *typed;
	uint64_t min, max;
} set_shorthands[] = {
	{OPT_SET_SEQ_LEN, "seq_len", "--seq-len", 1, VP_MAX_COUNT},
	{OPT_SET_TARGET_LEN, "target_len", "--target-len", 1, VP_MAX_COUNT},
	{OPT_SET_METHOD, "method", "--method", 0, 0},
	{OPT_SET_QUANT, "quant", "--quant", 0, 0},
	{OPT_SET_LORA_R, "lora_r", "--lora-r", 1, VP_MAX_COUNT},
	{OPT_SET_LORA_TARGETS, "lora_targets", "--lora-targets", 0, 0},
	{OPT_SET_PRECISION, "precision", "--precision", 0, 0},
	{OPT_SET_OPTIMIZER, "optimizer", "--optimizer", 0, 0},
	{OPT_SET_ATTN, "attn", "--attn", 0, 0},
	{OPT_SET_GRAD_CKPT, "grad_ckpt", "--grad-ckpt", 0, 0},
	{OPT_SET_GPUS, "gpus", "--gpus", 1, VP_MAX_GPUS},
	{OPT_SET_ZERO, "zero_stage", "--zero", 0, 3},
	{OPT_SET_HEAD, "head", "--head", 0, 0},
	{OPT_SET_NUM_LABELS, "num_labels", "--num-labels", 1, VP_MAX_LABELS},
	{OPT_SET_NODES, "nodes", "--nodes", 1, VP_MAX_GPUS},
	{OPT_SET_DORA, "dora", "--dora", 0, 0},
	{OPT_SET_FSDP, "fsdp", "--fsdp", 0, 0},
	{OPT_SET_TEXTS, "texts_per_example", "--texts-per-example", 1, VP_MAX_TEXTS_PER_EXAMPLE},
};

static const struct option longopts[] = {
	{"gpu", required_argument, NULL, 'g'},
	{"model", required_argument, NULL, 'm'},
	{"host-ram", required_argument, NULL, OPT_HOST_RAM},
	{"cpus", required_argument, NULL, OPT_CPUS},
	{"worker-ram", required_argument, NULL, OPT_WORKER_RAM},
	{"dataset-ram", required_argument, NULL, OPT_DATASET_RAM},
	{"eval-dataset-ram", required_argument, NULL, OPT_EVAL_DATASET_RAM},
	{"util", required_argument, NULL, OPT_UTIL},
	{"expandable-segments", no_argument, NULL, OPT_EXPANDABLE},
	{"memory-fraction", required_argument, NULL, OPT_MEMORY_FRACTION},
	{"torch-version", required_argument, NULL, OPT_TORCH_VERSION},
	{"bnb-version", required_argument, NULL, OPT_BNB_VERSION},
	{"eval-samples", required_argument, NULL, OPT_EVAL_SAMPLES},
	{"set", required_argument, NULL, OPT_SET},
	{"seq-len", required_argument, NULL, OPT_SET_SEQ_LEN},
	{"target-len", required_argument, NULL, OPT_SET_TARGET_LEN},
	{"method", required_argument, NULL, OPT_SET_METHOD},
	{"quant", required_argument, NULL, OPT_SET_QUANT},
	{"lora-r", required_argument, NULL, OPT_SET_LORA_R},
	{"lora-targets", required_argument, NULL, OPT_SET_LORA_TARGETS},
	{"precision", required_argument, NULL, OPT_SET_PRECISION},
	{"optimizer", required_argument, NULL, OPT_SET_OPTIMIZER},
	{"attn", required_argument, NULL, OPT_SET_ATTN},
	{"grad-ckpt", no_argument, NULL, OPT_SET_GRAD_CKPT},
	{"dora", no_argument, NULL, OPT_SET_DORA},
	{"fsdp", no_argument, NULL, OPT_SET_FSDP},
	{"gpus", required_argument, NULL, OPT_SET_GPUS},
	{"zero", required_argument, NULL, OPT_SET_ZERO},
	{"head", required_argument, NULL, OPT_SET_HEAD},
	{"num-labels", required_argument, NULL, OPT_SET_NUM_LABELS},
	{"nodes", required_argument, NULL, OPT_SET_NODES},
	{"texts-per-example", required_argument, NULL, OPT_SET_TEXTS},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"catalog", required_argument, NULL, OPT_CATALOG},
	{"quiet", no_argument, NULL, 'q'},
	{"verbose", no_argument, NULL, 'v'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

/* ':' first: a missing value returns ':', not '?' */
const char vp_check_shortopts[] = ":g:m:qvh";

/*
 * One command-line setting into the settings mapping, `key` a vramplan:
 * block key and `value` read as a YAML value is (`512`, `true`,
 * `[q_proj, v_proj]`), the n-th setting at "line" n and column 0: stated,
 * with no place in the file (vp_tc_origin_on_command_line). Unknown keys
 * and bad values are reported when the block is read, naming the command
 * line and `typed`, the shorthand the user typed ("--quant"), or for a
 * --set (`typed` NULL) "--set KEY". Returns VP_CLI_RUN or an exit status.
 */
static int add_setting(struct check_opts *o, const char *key, const char *value, const char *typed)
{
	struct vp_error err = {0};
	struct vp_tnode *v;
	const char **grown;
	char option[80];

	if (typed != NULL)
		snprintf(option, sizeof option, "%s", typed);
	else
		snprintf(option, sizeof option, "--set %.64s", key);
	if (key[0] == '\0')
		return vp_cli_usage_error("check", "--set needs KEY=VALUE (a vramplan: block key, docs/check.md)");
	if (o->settings == NULL && (o->settings = vp_tree_new_map()) == NULL)
		return vp_cli_usage_error("check", "out of memory");
	/* the n-th setting's name beside it (vp_trainconfig_parse_with) */
	grown = realloc(o->typed, (o->settings->n + 1) * sizeof *grown);
	if (grown == NULL)
		return vp_cli_usage_error("check", "out of memory");
	o->typed = grown;
	o->typed[o->settings->n] = typed;
	/* an empty value is YAML's null, which every key refuses by name */
	v = vp_tree_parse_yaml(option, value[0] != '\0' ? value : "~", strlen(value[0] != '\0' ? value : "~"), &err);
	/* a value that is all comment (`#5`) is YAML's nothing: null too */
	if (v == NULL && strstr(err.message, "empty training config") != NULL)
		v = vp_tree_parse_yaml(option, "~", 1, &err);
	/* a mapping value with a key twice ({r: 8, r: 16}) is refused: no
	 * trainer's loader stands behind the command line to say which wins */
	if (v != NULL && vp_tree_refuse_duplicates(v, option, &err) != 0) {
		vp_tree_free(v);
		v = NULL;
	}
	if (v == NULL)
		return vp_cli_usage_error("check", "%s: %s", option, err.message);
	vp_tree_forget_positions(v);
	if (vp_tree_map_add(o->settings, key, o->settings->n + 1, 0, v) != 0)
		return vp_cli_usage_error("check", "out of memory");
	return VP_CLI_RUN;
}

static int parse_args(int argc, char **argv, struct check_opts *o)
{
	struct vp_error err = {0};
	int c;

	memset(o, 0, sizeof *o);
	o->cli.verbosity = 1;
	o->cli.command = VP_CMD_CHECK;
	o->cli.command_name = "check";
	/* main() may have run getopt over its own options already */
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, vp_check_shortopts, longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			if (o->n_gpus == MAX_GPUS)
				return vp_cli_usage_error("check", "too many --gpu options (at most %d)", MAX_GPUS);
			o->gpus[o->n_gpus++] = optarg;
			break;
		case 'm':
			o->model = optarg;
			break;
		case OPT_HOST_RAM:
			if (vp_parse_size(optarg, "--host-ram", &o->host_ram, &err) == 0 && o->host_ram == 0)
				return vp_cli_usage_error("check", "--host-ram must be more than 0");
			if (vp_parse_host_ram(optarg, "--host-ram", &o->host_ram, &err) != 0)
				return vp_cli_report(&err);
			break;
		case OPT_CPUS:
			if (vp_parse_u64(optarg, "--cpus", 1, VP_MAX_CPUS, &o->cpus, &err) != 0)
				return vp_cli_report(&err);
			break;
		case OPT_WORKER_RAM:
			if (vp_parse_size(optarg, "--worker-ram", &o->worker_ram, &err) != 0)
				return vp_cli_report(&err);
			if (o->worker_ram == 0) /* 0 would read as "not given" */
				return vp_cli_usage_error("check", "--worker-ram must be more than 0");
			break;
		case OPT_DATASET_RAM:
			if (vp_parse_size(optarg, "--dataset-ram", &o->dataset_ram, &err) != 0)
				return vp_cli_report(&err);
			o->has_dataset_ram = true;
			break;
		case OPT_EVAL_DATASET_RAM:
			if (vp_parse_size(optarg, "--eval-dataset-ram", &o->eval_dataset_ram, &err) != 0)
				return vp_cli_report(&err);
			o->has_eval_dataset_ram = true;
			break;
		case OPT_UTIL:
			if (vp_cli_parse_fraction(optarg, "--util", &o->util, &err) != 0)
				return vp_cli_report(&err);
			break;
		case OPT_EXPANDABLE:
			o->expandable = true;
			break;
		case OPT_MEMORY_FRACTION:
			if (vp_cli_parse_fraction(optarg, "--memory-fraction", &o->memory_fraction, &err) != 0)
				return vp_cli_report(&err);
			break;
		case OPT_EVAL_SAMPLES:
			if (vp_parse_u64(optarg, "--eval-samples", 1, VP_MAX_SAMPLES, &o->eval_samples, &err) != 0)
				return vp_cli_report(&err);
			break;
		case OPT_TORCH_VERSION:
			if (vp_pytorch_parse(optarg, &o->torch, &err) != 0)
				return vp_cli_report_option("--torch-version", &err);
			o->has_torch = true;
			break;
		case OPT_BNB_VERSION:
			if (vp_bnb_parse(optarg, &o->bnb, &err) != 0)
				return vp_cli_report_option("--bnb-version", &err);
			o->has_bnb = true;
			break;
		case OPT_SET: {
			const char *eq = strchr(optarg, '=');
			char key[64];

			if (eq == NULL)
				return vp_cli_usage_error("check", "--set needs KEY=VALUE, got '%s'", optarg);
			if ((size_t)(eq - optarg) >= sizeof key)
				return vp_cli_usage_error("check", "--set: no vramplan: block key is %zu characters long",
							  (size_t)(eq - optarg));
			memcpy(key, optarg, (size_t)(eq - optarg));
			key[eq - optarg] = '\0';
			if ((c = add_setting(o, key, eq + 1, NULL)) != VP_CLI_RUN)
				return c;
			break;
		}
		case OPT_SET_SEQ_LEN:
		case OPT_SET_TARGET_LEN:
		case OPT_SET_METHOD:
		case OPT_SET_QUANT:
		case OPT_SET_LORA_R:
		case OPT_SET_LORA_TARGETS:
		case OPT_SET_PRECISION:
		case OPT_SET_OPTIMIZER:
		case OPT_SET_ATTN:
		case OPT_SET_GRAD_CKPT:
		case OPT_SET_DORA:
		case OPT_SET_FSDP:
		case OPT_SET_GPUS:
		case OPT_SET_ZERO:
		case OPT_SET_HEAD:
		case OPT_SET_NUM_LABELS:
		case OPT_SET_NODES:
		case OPT_SET_TEXTS: {
			size_t k;

			for (k = 0; set_shorthands[k].opt != c; k++)
				;
			/* plan's and estimate's search for the longest length;
			 * a config's check is at the length it runs */
			if (c == OPT_SET_SEQ_LEN && strcmp(optarg, "max") == 0)
				return vp_cli_usage_error("check", "--seq-len max searches the longest length that fits "
							  "(vramplan plan, estimate); check takes the length the run "
							  "uses, a whole number");
			if (set_shorthands[k].max > 0) {
				uint64_t n;
				char digits[24];

				if (vp_parse_u64(optarg, set_shorthands[k].typed, set_shorthands[k].min,
						 set_shorthands[k].max, &n, &err) != 0)
					return vp_cli_report(&err);
				snprintf(digits, sizeof digits, "%" PRIu64, n);
				c = add_setting(o, set_shorthands[k].key, digits, set_shorthands[k].typed);
			} else {
				bool flag = c == OPT_SET_GRAD_CKPT || c == OPT_SET_DORA || c == OPT_SET_FSDP;

				c = add_setting(o, set_shorthands[k].key, flag ? "true" : optarg, set_shorthands[k].typed);
			}
			if (c != VP_CLI_RUN)
				return c;
			break;
		}
		case OPT_FORMAT:
			if (strcmp(optarg, "json") == 0)
				o->json = true;
			else if (strcmp(optarg, "text") != 0)
				return vp_cli_usage_error("check", "unknown --format '%s' (expected text or json)", optarg);
			break;
		case OPT_CATALOG:
			if (o->cli.n_catalogs == VP_CLI_MAX_CATALOGS)
				return vp_cli_usage_error("check", "too many --catalog options (at most %d)", VP_CLI_MAX_CATALOGS);
			o->cli.catalogs[o->cli.n_catalogs++] = optarg;
			break;
		case 'q':
			o->cli.verbosity = 0;
			break;
		case 'v':
			o->cli.verbosity = 2;
			break;
		case 'h':
			fputs(usage_text, stdout);
			fputs(usage_text_more, stdout);
			return VP_EXIT_OK;
		default:
			/* plan's --batch, --explain, -o, ...: vramplan knows them,
			 * check does not take them (its help lists what it takes) */
			if (c == '?' && optopt == 0 && vp_cli_is_main_option(argv[optind - 1])) {
				const char *arg = argv[optind - 1];
				int len = (int)strcspn(arg, "=");

				if ((len == 7 && strncmp(arg, "--batch", 7) == 0) ||
				    (len == 12 && strncmp(arg, "--grad-accum", 12) == 0))
					return vp_cli_usage_error("check",
								  "option '%.*s' does not apply to 'check', which takes the "
								  "batch and the accumulation from each config",
								  len, arg);
				return vp_cli_usage_error("check", "option '%.*s' does not apply to 'check'", len, arg);
			}
			if (c == '?' && optopt > ' ' && optopt < 0x7f && strchr(vp_check_shortopts, optopt) == NULL) {
				char shown[3] = {'-', (char)optopt, '\0'};

				if (vp_cli_is_main_option(shown))
					return vp_cli_usage_error("check", "option '%s' does not apply to 'check'", shown);
			}
			return vp_cli_getopt_error("check", c, argv, longopts);
		}
	}
	if (optind >= argc)
		return vp_cli_usage_error("check", "no training config given");
	o->files = argv + optind;
	o->n_files = (size_t)(argc - optind);
	/* standard input can be read once: a second "-" would be checked as
	 * an empty training config, a verdict on nothing */
	{
		size_t i, dashes = 0;

		for (i = 0; i < o->n_files; i++)
			if (strcmp(o->files[i], "-") == 0 && ++dashes > 1)
				return vp_cli_usage_error("check", "'-' (standard input) given more than once: "
							  "standard input holds one training config");
	}
	{
		const char *gh = getenv("GITHUB_ACTIONS");
		o->github = gh != NULL && strcmp(gh, "true") == 0;
	}
	return VP_CLI_RUN;
}

/* ----------------------------------------------------------- annotations */

#if defined(__GNUC__)
#define VP_CHECK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VP_CHECK_PRINTF(f, a)
#endif

/* GitHub workflow commands: in a property value %, CR, LF, ':' and ','
 * are escaped; in the message %, CR and LF (actions/toolkit
 * packages/core/src/command.ts escapeProperty / escapeData). */
static void gh_escaped(FILE *f, const char *s, bool property)
{
	for (; *s != '\0'; s++) {
		if (*s == '%')
			fputs("%25", f);
		else if (*s == '\r')
			fputs("%0D", f);
		else if (*s == '\n')
			fputs("%0A", f);
		else if (property && *s == ':')
			fputs("%3A", f);
		else if (property && *s == ',')
			fputs("%2C", f);
		else
			fputc(*s, f);
	}
}

static void gh_error(const struct check_opts *o, const char *file, unsigned long line, unsigned long column,
		     const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

static void gh_command(const struct check_opts *o, const char *level, const char *file, unsigned long line,
		       unsigned long column, const char *fmt, va_list ap) VP_CHECK_PRINTF(6, 0);

/* `::error` or `::warning` (level) at file:line:column */
static void gh_command(const struct check_opts *o, const char *level, const char *file, unsigned long line,
		       unsigned long column, const char *fmt, va_list ap)
{
	/* with JSON on stdout, annotations go to stderr: the runner reads
	 * workflow commands from both, and stdout stays valid JSON */
	FILE *f = o->json ? stderr : stdout;
	char msg[1536];

	vsnprintf(msg, sizeof msg, fmt, ap);
	fprintf(f, "::%s file=", level);
	gh_escaped(f, file, true);
	if (line > 0) {
		fprintf(f, ",line=%lu", line);
		if (column > 0)
			fprintf(f, ",col=%lu", column);
	}
	fputs("::", f);
	gh_escaped(f, msg, false);
	fputc('\n', f);
}

static void gh_error(const struct check_opts *o, const char *file, unsigned long line, unsigned long column,
		     const char *fmt, ...)
{
	va_list ap;

	if (!o->github)
		return;
	va_start(ap, fmt);
	gh_command(o, "error", file, line, column, fmt, ap);
	va_end(ap);
}

static void gh_warning(const struct check_opts *o, const char *file, unsigned long line, unsigned long column,
		       const char *fmt, ...) VP_CHECK_PRINTF(5, 6);

static void gh_warning(const struct check_opts *o, const char *file, unsigned long line, unsigned long column,
		       const char *fmt, ...)
{
	va_list ap;

	if (!o->github)
		return;
	va_start(ap, fmt);
	gh_command(o, "warning", file, line, column, fmt, ap);
	va_end(ap);
}

/* An input or I/O error about one file: the one-line diagnostic, and the
 * annotation. */
static int report(const struct check_opts *o, const struct vp_error *err)
{
	char line[1200];

	vp_error_format(err, line, sizeof line);
	fprintf(stderr, "vramplan: %s\n", line);
	gh_error(o, err->file[0] != '\0' ? err->file : "", err->line, err->column, "%s", err->message);
	return err->code == VP_ERR_IO ? VP_EXIT_IO : VP_EXIT_USAGE;
}

/* ---------------------------------------------------------------- checks */

struct result {
	const char *gpu_name;
	const struct vp_gpu *gpu;
	struct vp_train train;         /* the setup on this GPU */
	uint64_t budget;
	struct vp_estimate est;
	/* the config's batch is past what the estimator represents (2^60
	 * bytes) while batch 1 is not: it fits no GPU, a verdict, not an
	 * input error. est is then batch 1's, its device_bytes 2^60, a lower
	 * bound (likewise eval_past_limit and ev). */
	bool train_past_limit, eval_past_limit;
	bool train_fits;
	uint64_t largest_batch;        /* largest micro-batch that fits; 0: not even 1 */
	/* auto_find_batch_size over a batch that does not fit: where the
	 * Trainer's retries settle (0: nowhere) after how many OOM errors */
	bool auto_done;
	uint64_t auto_batch, auto_retries;
	bool eval_done, eval_fits;
	/* the eval batch that runs: the config's, on one GPU capped at a
	 * known evaluation set (vp_plan_eval_batch_cap) */
	uint64_t eval_batch;
	struct vp_eval_estimate ev;
	/* the most eval steps whose kept predictions fit (under 100; 0 when
	 * 100 do, nothing is kept or not even one step fits): the
	 * eval_accumulation_steps to set */
	uint64_t eval_steps_fit;
	/* an eval step over the budget that fewer kept steps cannot cure:
	 * the largest eval batch that fits with the config's other settings
	 * (0: not even 1) */
	bool eval_largest_done;
	uint64_t eval_largest_batch;
	/* The prediction pass (tc->predict: do_predict), its eval_* fields
	 * kept here while eval_* hold the evaluation's; prediction_view
	 * swaps them in for the code that reports an eval step. pred_same:
	 * its step is the evaluation's (the same batch and options, so the
	 * same peak), which the text then says without repeating it. */
	bool pred_done, pred_fits, pred_past_limit, pred_largest_done, pred_same;
	uint64_t pred_batch, pred_steps_fit, pred_largest_batch;
	struct vp_eval_estimate pv;
	/* this result is such a view: its set is the test set (max_predict_samples) */
	bool prediction;
	/* host RAM is the prediction's: its predictions kept in host RAM
	 * outweigh the evaluation's (or it runs alone) */
	bool host_in_predict;
	bool host_done;
	struct vp_host_plan host;
	uint64_t host_limit;
	/* persistent workers over the limit because each copies the known
	 * dataset: would the same count fit forked anew each epoch? */
	bool host_fits_unpersistent;
	/* the weights a ZeRO-3 save gathers into rank 0's host RAM
	 * (vp_plan_zero3_save_bytes), with or without --host-ram */
	uint64_t save_bytes;
	/* the file each save builds in rank 0's host RAM before writing it
	 * (vp_plan_save_file_bytes) */
	uint64_t save_file_bytes;
	/* host RAM over the limit: the most DataLoader workers with which it
	 * fits (host_workers_fit), or none (host_workers_none: the trainer
	 * alone is over) */
	bool host_workers_done;
	bool host_workers_none;
	uint64_t host_workers_fit;
	bool fits;
};

/* JSON numbers are doubles; host sums and --host-ram reach 2^64 - 1, past int64_t */
/* A count as JSON text: cJSON holds numbers as doubles, exact only below
 * 2^53, and prints those from 1e17 in exponent form (as emit_json.c's
 * jint says); byte counts reach 2^60, and 2^64 - 1 where host sums
 * saturate. */
static void json_u64(cJSON *o, const char *key, uint64_t v)
{
	char num[32];

	snprintf(num, sizeof num, "%" PRIu64, v);
	cJSON_AddRawToObject(o, key, num);
}

/* limit - used, below zero when over */
static void json_headroom(cJSON *o, const char *key, uint64_t limit, uint64_t used)
{
	char num[32];

	snprintf(num, sizeof num, "%s%" PRIu64, used <= limit ? "" : "-", used <= limit ? limit - used : used - limit);
	cJSON_AddRawToObject(o, key, num);
}

/* Does `batch` fit? With est, the setup's parameter totals counted once
 * (vp_estimator, the same estimate); without (out of memory), afresh. */
static bool fits_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_estimator *est,
		    struct vp_train *t, uint64_t batch, uint64_t budget)
{
	struct vp_estimate e;
	struct vp_error err;

	t->batch = batch;
	if (est != NULL)
		return vp_estimator_train(est, batch, &e, &err) == 0 && e.device_bytes <= budget;
	return vp_estimate(m, g, t, &e, &err) == 0 && e.device_bytes <= budget;
}

/* Largest micro-batch under the budget: the estimate is monotone in the
 * batch (docs/planner.md), so bisect between the largest batch known to fit
 * (0 when the config's does not) and the smallest known not to. Above a
 * config's batch that fits, doubling finds the latter, up to the planner's
 * default --max-batch. */
static uint64_t largest_fit(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *base,
			    uint64_t budget, bool base_fits)
{
	struct vp_train t = *base;
	struct vp_estimator *est = NULL;
	struct vp_error err;
	uint64_t lo = 0, hi = base->batch;

	if (vp_estimator_new(m, g, base, &est, &err) != 0)
		est = NULL;
	if (base_fits) {
		lo = base->batch;
		for (;;) {
			if (lo >= VP_DEFAULT_MAX_BATCH)
				goto done;
			hi = lo * 2 < VP_DEFAULT_MAX_BATCH ? lo * 2 : VP_DEFAULT_MAX_BATCH;
			if (!fits_at(m, g, est, &t, hi, budget))
				break;
			lo = hi;
		}
	}
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (fits_at(m, g, est, &t, mid, budget))
			lo = mid;
		else
			hi = mid;
	}
done:
	vp_estimator_free(est);
	return lo;
}

static enum vp_tc_setting about_setting(const struct vp_trainconfig *tc, const char *about);

/* Where a diagnostic about the evaluation points: the eval-batch key, or
 * the micro-batch key when the config has none (DeepSpeed, a default). */
static const char *eval_where(const struct vp_trainconfig *tc, unsigned long *line, unsigned long *col)
{
	enum vp_tc_setting s = tc->at[VP_TC_EVAL_BATCH].line > 0 ? VP_TC_EVAL_BATCH : VP_TC_BATCH;

	vp_trainconfig_where(tc, s, line, col);
	return vp_trainconfig_where_file(tc, s);
}

/*
 * Where an ::error about the eval batch goes. An hf or LLaMA-Factory config
 * without per_device_eval_batch_size gets TrainingArguments' default 8,
 * which no line of the file holds and which the train batch does not set:
 * the annotation is the file's (no line), and its text says the key is
 * absent (*absent). axolotl's eval_batch_size defaults to micro_batch_size
 * and DeepSpeed's eval batch is the micro-batch, so theirs stays at the
 * train batch's key (eval_where). Until 2026-11-30 the hf default pointed
 * at per_device_train_batch_size's line.
 */
static void eval_annotation_where(const struct vp_trainconfig *tc, unsigned long *line, unsigned long *col,
				  bool *absent)
{
	*absent = tc->at[VP_TC_EVAL_BATCH].line == 0 &&
		  (tc->flavour == VP_TC_HF || tc->flavour == VP_TC_LLAMAFACTORY);
	if (*absent) {
		*line = 0;
		*col = 0;
		return;
	}
	(void)eval_where(tc, line, col);
}

/* what an annotation about a default eval batch adds (eval_annotation_where) */
#define DEFAULT_EVAL_BATCH_TEXT " (per_device_eval_batch_size is not set: TrainingArguments' default)"

/* 2^60 bytes: where the estimator stops (src/estimate.c VP_BYTES_LIMIT) */
#define PAST_LIMIT_BYTES ((uint64_t)1 << 60)

/* Does a failed estimate at `batch` fail for the batch alone? When batch 1
 * estimates, a larger batch only adds to the peak (the estimate is monotone
 * in it, docs/planner.md), so it failed past 2^60 bytes: it does not fit,
 * as a smaller batch past the GPU does not (docs/check.md "Exit status"). */
static bool past_limit_at(const struct vp_model *m, const struct vp_gpu *g, const struct vp_train *t,
			  const struct vp_eval_opts *eval, struct vp_estimate *train_one, struct vp_eval_estimate *eval_one)
{
	struct vp_train one = *t;
	struct vp_error err;

	if (t->batch <= 1)
		return false;
	one.batch = 1;
	if (eval == NULL)
		return vp_estimate(m, g, &one, train_one, &err) == 0;
	return vp_estimate_eval(m, g, &one, eval, eval_one, &err) == 0;
}

/* a - b, or 0 */
static uint64_t less(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* An evaluation over the budget that fewer kept steps cure: the
 * predictions it keeps overflow, eval_accumulation_steps above 1 (or
 * unset, the whole known set kept) and some count of steps fits. Its
 * remedy is that count (eval_steps_fit), not a smaller eval batch. */
static bool eval_steps_cure(const struct vp_trainconfig *tc, const struct result *r)
{
	return !r->eval_past_limit && r->ev.peak_moment == VP_EVAL_PREDICTIONS && r->eval_steps_fit > 0 &&
	       (tc->eval.accumulation_steps > 1 || (tc->eval.accumulation_steps == 0 && tc->eval.eval_samples > 0));
}

/* The samples of an eval step's set, as its texts name them: the
 * evaluation set's, or the test set's that predict() runs over
 * (max_predict_samples; LLaMA-Factory predicts over its evaluation split) */
static const char *samples_word(const struct vp_trainconfig *tc, const struct result *r)
{
	return r->prediction && tc->flavour != VP_TC_LLAMAFACTORY ? "predict samples" : "eval samples";
}

/*
 * The prediction pass seen as an evaluation, so that the code that checks
 * and reports an eval step serves it too: tc with the prediction's options
 * (tc->predict.opts: what predict() keeps, its set, its generation), its
 * set's key, and the timing of trainer.predict(), after training (or
 * alone: no training DataLoader beside it); r with the pred_* fields in
 * place of the eval_* ones. The views share tc's note arrays, read only.
 */
static void prediction_tc(const struct vp_trainconfig *tc, struct vp_trainconfig *v)
{
	*v = *tc;
	v->eval = tc->predict.opts;
	v->at[VP_TC_EVAL_SAMPLES] = tc->predict.samples_at;
	/* predict() keeps the logits whatever compute_metrics is: nothing
	 * assumed (tc_settle.c settle_predict) */
	v->eval_logits_assumed = false;
	v->evaluation = VP_TC_EVAL_AFTER;
}

/* the fields an eval step's check fills, kept as eval_<f> for the
 * evaluation and pred_<f> for the prediction (struct result) */
#define PASS_FIELDS(X) X(done) X(fits) X(past_limit) X(largest_done) X(batch) X(steps_fit) X(largest_batch)

static void prediction_view(const struct result *r, struct result *v)
{
#define TO_VIEW(f) v->eval_##f = r->pred_##f;
	*v = *r;
	v->prediction = true;
	PASS_FIELDS(TO_VIEW)
	v->ev = r->pv;
#undef TO_VIEW
}

/* the eval step that `v` (a prediction_view) checked, stored as the prediction's */
static void store_prediction(struct result *r, const struct result *v)
{
#define FROM_VIEW(f) r->pred_##f = v->eval_##f;
	PASS_FIELDS(FROM_VIEW)
	r->pv = v->ev;
#undef FROM_VIEW
}

/* Do the two passes run the same step? The same batch and options give
 * the same estimate (and the same searches); the set's size counts only
 * where predictions are kept (the caller compares the batches it caps). */
static bool same_step(const struct vp_eval_opts *a, const struct vp_eval_opts *b)
{
	return a->generate == b->generate && a->num_beams == b->num_beams && a->max_new_tokens == b->max_new_tokens &&
	       a->generate_only == b->generate_only && a->labels_returned == b->labels_returned &&
	       a->accumulation_steps == b->accumulation_steps && a->predictions == b->predictions &&
	       a->keep_batches == b->keep_batches &&
	       (a->predictions == VP_PREDS_NONE || a->eval_samples == b->eval_samples);
}

/*
 * The eval step of tc (tc->eval at the eval batch, capped by a known set)
 * on r->train: r's eval_* fields. samples_cli: the set's size came from
 * --eval-samples, which has no place in the file. Returns 0, or -1 with
 * err at the key to blame.
 */
static int eval_pass(const struct vp_trainconfig *tc, bool samples_cli, const struct vp_model *m,
		     const struct vp_gpu *g, uint64_t ewc, struct result *r, struct vp_error *err)
{
	struct vp_train et;
	bool failed;

	/* a known evaluation set bounds the batch that runs on one GPU: 10
	 * samples at per_device_eval_batch_size 64 are one batch of 10
	 * (vp_plan_eval_batch_cap: the DataLoader's last batch). On several
	 * GPUs accelerate's even_batches fills every rank's batch to 64 with
	 * repeated samples, so 64 runs. The plan's eval search stops at a
	 * GPU's share, so a plan read back agrees. Until 2026-11-30 check
	 * estimated the config's 64 on one GPU: Qwen3-0.6B on an H100 with 10
	 * eval samples, "eval batch 64 peak 89.51 GiB", DOES NOT FIT, for a
	 * run whose one eval batch is 10; and until 2026-12-01 it capped 2
	 * GPUs at 5, FITS, for a run whose ranks forward 64 rows each
	 * (tests/cli/check/eval-batch-set-share.sh). accelerator_config's
	 * even_batches: false leaves the last batch short on every GPU
	 * count: capped as on one */
	r->eval_batch = vp_plan_eval_batch_cap(tc->eval_batch, tc->eval.eval_samples, r->train.gpus,
					       !tc->uneven_eval_batches);
	et = r->train;
	et.batch = r->eval_batch;
	if (r->eval_batch == 0)
		return 0;
	failed = vp_estimate_eval(m, g, &et, &tc->eval, &r->ev, err) != 0;
	if (failed && past_limit_at(m, g, &et, &tc->eval, NULL, &r->ev)) {
		r->eval_past_limit = true;
		memset(err, 0, sizeof *err);
	} else if (failed) {
		unsigned long line, col;
		const char *file;

		/* at the eval batch's key, not the train batch's (the
		 * caller's default place); an error about another input
		 * (a length past what the estimator represents) at that
		 * input's key, as a training step's is: a run that only
		 * evaluates has no train batch, whose default place is
		 * the model's line */
		if (tc->eval.eval_samples == 0 || tc->eval.accumulation_steps > 0) {
			char msg[sizeof err->message];
			enum vp_tc_setting at = about_setting(tc, err->about);

			snprintf(msg, sizeof msg, "%s", err->message);
			if (at == VP_TC_BATCH) {
				file = eval_where(tc, &line, &col);
			} else if (vp_tc_origin_on_command_line(&tc->at[at])) {
				return vp_error_at(err, VP_ERR_INPUT, VP_TC_COMMAND_LINE, 0, 0, "'%s': %s",
						   tc->at[at].key, msg);
			} else {
				vp_trainconfig_where(tc, at, &line, &col);
				file = vp_trainconfig_where_file(tc, at);
			}
			return vp_error_at(err, VP_ERR_INPUT, file, line, col, "%s", msg);
		}
		/* the whole set kept on the GPU is past what the
		 * estimator represents: say so at the set's size, else
		 * (--eval-samples) at the eval batch */
		if (tc->at[VP_TC_EVAL_SAMPLES].line > 0 && !samples_cli) {
			vp_trainconfig_where(tc, VP_TC_EVAL_SAMPLES, &line, &col);
			file = vp_trainconfig_where_file(tc, VP_TC_EVAL_SAMPLES);
		} else {
			file = eval_where(tc, &line, &col);
		}
		return vp_error_at(err, VP_ERR_INPUT, file, line, col,
				   "the predictions of %" PRIu64 " %s, all kept on the GPU "
				   "(eval_accumulation_steps not set), exceed 2^60 bytes",
				   tc->eval.eval_samples, samples_word(tc, r));
	}
	r->eval_done = true;
	r->ev.device_bytes = r->eval_past_limit ? PAST_LIMIT_BYTES : r->ev.device_bytes + ewc;
	r->eval_fits = !r->eval_past_limit && r->ev.device_bytes <= r->budget;
	if (!r->eval_past_limit &&
	    vp_plan_eval_accumulation(m, g, &et, &tc->eval, less(r->budget, ewc), &r->eval_steps_fit, err) != 0)
		return -1;
	/* the eval batch must come down: the planner's search, with the
	 * config's own eval settings (kept predictions, accumulation,
	 * generation, GPUs) and room for EWC's copies, below the eval
	 * batch that does not fit (the estimate grows with the batch) */
	if (!r->eval_fits && !eval_steps_cure(tc, r)) {
		if (vp_plan_largest_eval_batch(m, g, &et, &tc->eval, less(r->budget, ewc), r->eval_batch - 1,
					       &r->eval_largest_batch, err) != 0)
			return -1;
		r->eval_largest_done = true;
	}
	return 0;
}

static int run_checks(const struct check_opts *o, const struct vp_trainconfig *tc, const struct vp_model *m,
		      const struct vp_gpu *g, double util, uint64_t host_ram, uint64_t cpus, uint64_t worker_ram,
		      struct result *r, struct vp_error *err)
{
	struct vp_train et;
	const struct vp_train *ht;
	uint64_t ewc;
	bool failed;

	(void)o;
	r->gpu = g;
	vp_trainconfig_train_for(tc, g, &r->train);
	r->budget = vp_budget_bytes(g, util, &r->train);
	/* a run that only evaluates or predicts (tc->eval_only): no train
	 * step to check, the frozen model's evaluation alone */
	if (tc->eval_only) {
		r->train_fits = true;
		ewc = 0;
		goto evaluation;
	}
	failed = vp_estimate(m, g, &r->train, &r->est, err) != 0;
	if (failed && past_limit_at(m, g, &r->train, NULL, &r->est, NULL)) {
		r->train_past_limit = true;
		memset(err, 0, sizeof *err);
	} else if (failed) {
		/* past the position table: at the length's own key */
		unsigned long line = 0, col = 0;
		uint64_t limit = vp_model_max_tokens(m);
		enum vp_tc_setting at = VP_TC_SETTING_COUNT;

		if (limit > 0 && r->train.seq_len > limit)
			at = VP_TC_SEQ_LEN;
		else if (limit > 0 && vp_head_uses_target(m, r->train.head) && r->train.tgt_len > limit)
			at = VP_TC_TGT_LEN;
		if (at != VP_TC_SETTING_COUNT) {
			char msg[sizeof err->message];

			vp_trainconfig_where(tc, at, &line, &col);
			snprintf(msg, sizeof msg, "%s", err->message);
			/* on the command line the option names the place */
			if (vp_tc_origin_on_command_line(&tc->at[at]))
				vp_error_at(err, VP_ERR_INPUT, VP_TC_COMMAND_LINE, 0, 0, "'%s': %s", tc->at[at].key, msg);
			else
				vp_error_at(err, VP_ERR_INPUT, tc->file, line, col, "%s", msg);
		}
		return -1;
	}
	/* EWC's copies (vramplan.ewc) sit beside every step, training's and
	 * evaluation's: the device peaks carry them, the searches leave
	 * room for them */
	ewc = tc->ewc ? vp_plan_ewc_bytes(&r->est) : 0;
	r->est.device_bytes = r->train_past_limit ? PAST_LIMIT_BYTES : r->est.device_bytes + ewc;
	r->train_fits = !r->train_past_limit && r->est.device_bytes <= r->budget;
	r->largest_batch = largest_fit(m, g, &r->train, less(r->budget, ewc), r->train_fits);
	/* the retries stop at the first batch the GPU runs, whatever the
	 * budget: against the whole card (or the allocator's cap) */
	if (tc->auto_find_batch && !r->train_fits) {
		r->auto_batch = vp_plan_auto_find_batch(m, g, &r->train, less(vp_budget_bytes(g, 1.0, &r->train), ewc),
							&r->auto_retries);
		r->auto_done = true;
	}

evaluation:
	if (tc->evaluation != VP_TC_EVAL_NONE && eval_pass(tc, o->eval_samples > 0, m, g, ewc, r, err) != 0)
		return -1;
	/* trainer.predict() (do_predict), after training or alone: the eval
	 * step again with what predict() keeps and over the test set
	 * (prediction_tc) */
	if (tc->predict.on) {
		struct vp_trainconfig ptc;
		struct result pr;

		prediction_tc(tc, &ptc);
		prediction_view(r, &pr);
		if (eval_pass(&ptc, tc->flavour == VP_TC_LLAMAFACTORY && o->eval_samples > 0, m, g, ewc, &pr, err) != 0)
			return -1;
		store_prediction(r, &pr);
		r->pred_same = r->eval_done && r->pred_done && r->pred_batch == r->eval_batch &&
			       same_step(&tc->eval, &tc->predict.opts);
	}
	et = r->train;
	et.batch = r->eval_done ? r->eval_batch : r->pred_batch;

	/* the host's copy of the checkpoint while loading: the frozen
	 * model's weights, in the dtype evaluation runs them */
	if (tc->eval_only && (r->eval_done || r->pred_done)) {
		struct vp_error ignored;

		if (vp_estimate(m, g, &et, &r->est, &ignored) != 0)
			memset(&r->est, 0, sizeof r->est);
	}
	/* ZeRO-3's gathered weights at each save, which a run that trains
	 * writes (a run that only evaluates saves nothing) */
	r->save_bytes = tc->eval_only ? 0 : vp_plan_zero3_save_bytes(m, &r->train, &r->est);
	/* a DeepSpeed config alone is a job of its own loop, which saves
	 * through the engine's save_checkpoint alone, no model file (train.h
	 * vp_save_writer) */
	if (tc->flavour == VP_TC_DEEPSPEED)
		r->train.save_writer = VP_SAVE_DEEPSPEED_LOOP;
	r->save_file_bytes = tc->eval_only ? 0 : vp_plan_save_file_bytes(m, &r->train, &r->est);
	if (host_ram > 0) {
		struct vp_host_request req;

		vp_host_request_defaults(&req);
		req.host_ram_bytes = host_ram;
		req.cpus = cpus;
		req.nodes = tc->nodes;
		if (worker_ram > 0)
			req.worker_ram_bytes = worker_ram;
		req.dataset_ram_bytes = o->has_dataset_ram ? o->dataset_ram : tc->dataset_ram_bytes;
		req.eval_dataset_ram_bytes = o->has_eval_dataset_ram ? o->eval_dataset_ram : tc->eval_dataset_ram_bytes;
		req.dataset_ram_given = o->has_dataset_ram || tc->dataset_ram_given;
		req.eval_dataset_ram_given = o->has_eval_dataset_ram || tc->eval_dataset_ram_given;
		req.persistent_workers = tc->persistent_workers;
		req.prefetch_factor = tc->prefetch_factor;
		req.num_workers = tc->num_workers; /* the config's count, not a choice */
		req.pin_memory = tc->pin_memory;
		/* a continual-learning replay buffer feeds training: a run
		 * that only evaluates holds none (docs/check.md: host RAM
		 * counts the eval DataLoader alone) */
		req.replay_buffer = tc->eval_only ? 0 : tc->replay_buffer;
		/* without training, the DataLoader's batches are the eval batch's */
		ht = tc->eval_only ? &et : &r->train;
		/* ZeRO-Offload's partitions, which a run that trains holds */
		req.offload_bytes = tc->eval_only ? 0 : r->est.offload_host_bytes;
		/* the prediction's predictions, kept in host RAM until predict()
		 * returns them (evaluation_loop's all_preds, numpy on the
		 * host), as evaluation's are: the pass that holds more decides.
		 * predict() runs after trainer.train() returns, so no training
		 * DataLoader's workers are beside its own */
		if (r->pred_done && !r->pred_past_limit) {
			struct vp_host_request preq = req;
			struct vp_host_plan pplan;

			vp_plan_host_eval(&preq, r->pred_batch, &tc->predict.opts, tc->predict.opts.accumulation_steps,
					  &r->pv);
			preq.eval_beside_training = false;
			if (vp_host_plan(m, ht, &preq, vp_plan_checkpoint_bytes(m, ht, &r->est), &pplan) != 0)
				return vp_error_set(err, VP_ERR_INPUT, "the host RAM estimate failed");
			if (!(r->eval_done && !r->eval_past_limit)) {
				req = preq;
				r->host_in_predict = true;
			} else {
				struct vp_host_request ereq = req;
				struct vp_host_plan eplan;

				vp_plan_host_eval(&ereq, r->eval_batch, &tc->eval, tc->eval.accumulation_steps, &r->ev);
				ereq.eval_beside_training = vp_trainconfig_eval_beside_training(tc);
				if (vp_host_plan(m, ht, &ereq, vp_plan_checkpoint_bytes(m, ht, &r->est), &eplan) != 0)
					return vp_error_set(err, VP_ERR_INPUT, "the host RAM estimate failed");
				r->host_in_predict = pplan.total_bytes > eplan.total_bytes;
				req = r->host_in_predict ? preq : ereq;
			}
		} else if (r->eval_done && !r->eval_past_limit) {
			/* an eval batch past 2^60 bytes on the GPU gives no host figure */
			vp_plan_host_eval(&req, r->eval_batch, &tc->eval, tc->eval.accumulation_steps, &r->ev);
			req.eval_beside_training = vp_trainconfig_eval_beside_training(tc);
		}
		/* a save's file and ZeRO-3's gathered weights (host.c), a moment
		 * of their own */
		if (!tc->eval_only)
			vp_plan_save_request(m, &r->train, &r->est, &req);
		if (vp_host_plan(m, ht, &req, vp_plan_checkpoint_bytes(m, ht, &r->est), &r->host) != 0)
			return vp_error_set(err, VP_ERR_INPUT, "the host RAM estimate failed");
		/* the plan's eval phase is the prediction's */
		r->host_in_predict = r->host_in_predict && r->host.peak_in_eval;
		if (!r->host.fits && req.num_workers > 1) {
			struct vp_host_plan alt;

			r->host_fits_unpersistent =
				vp_host_plan_unpersistent(m, ht, &req, vp_plan_checkpoint_bytes(m, ht, &r->est), &alt) &&
				alt.fits;
		}
		/* the count that fits, as the train batch's largest_batch: the
		 * remedy seed 000 searched for by hand (32 workers, then 16,
		 * both over a 60 GB container); host RAM grows with the workers,
		 * so a bisection over [0, workers) finds it */
		if (!r->host.fits && req.num_workers > 0) {
			struct vp_host_request fewer = req;
			struct vp_host_plan alt;
			uint64_t lo = 0, hi = req.num_workers; /* fits below lo; not at hi */

			fewer.num_workers = 0;
			r->host_workers_done = true;
			if (vp_host_plan(m, ht, &fewer, vp_plan_checkpoint_bytes(m, ht, &r->est), &alt) != 0 || !alt.fits) {
				r->host_workers_none = true;
			} else {
				while (hi - lo > 1) {
					uint64_t mid = lo + (hi - lo) / 2;

					fewer.num_workers = mid;
					if (vp_host_plan(m, ht, &fewer, vp_plan_checkpoint_bytes(m, ht, &r->est), &alt) == 0 &&
					    alt.fits)
						lo = mid;
					else
						hi = mid;
				}
				r->host_workers_fit = lo;
			}
		}
		r->host_done = true;
		r->host_limit = host_ram;
	}
	r->fits = r->train_fits && (!r->eval_done || r->eval_fits) && (!r->pred_done || r->pred_fits) &&
		  (!r->host_done || r->host.fits);
	return 0;
}

/* ---------------------------------------------------------------- output */

/* "" or, where no eval batch fits while the config keeps several steps'
 * predictions, what it keeps (" with eval_accumulation_steps 4"): that
 * setting, not the batch alone, must change too */
static const char *none_fits_with(const struct vp_trainconfig *tc, const struct result *r, char *buf, size_t size)
{
	buf[0] = '\0';
	if (r->eval_largest_done && r->eval_largest_batch == 0 && r->ev.peak_moment == VP_EVAL_PREDICTIONS) {
		if (tc->eval.accumulation_steps > 1)
			snprintf(buf, size, " with eval_accumulation_steps %" PRIu64, tc->eval.accumulation_steps);
		else if (tc->eval.accumulation_steps == 0 && tc->eval.eval_samples > 0)
			snprintf(buf, size, " with every step's predictions kept");
	}
	return buf;
}

static void gib(uint64_t bytes, char *buf, size_t size)
{
	char n[32];

	vp_format_gib(bytes, n, sizeof n);
	snprintf(buf, size, "%s GiB", n);
}

/* The train step over the budget but within the whole card (and the
 * allocator's cap, where the run sets one). */
static bool card_fits(const struct result *r)
{
	uint64_t card = (r->gpu->memory_mib << 20), cap = vp_budget_cap_bytes(r->gpu, &r->train);

	return !r->train_fits && r->est.device_bytes <= card && (cap == 0 || r->est.device_bytes <= cap);
}

/* "headroom 1.17 GiB" or "over by 2.30 GiB" */
static void room(uint64_t limit, uint64_t used, char *buf, size_t size)
{
	char b[48];

	if (used <= limit) {
		vp_format_margin(limit - used, b, sizeof b);
		snprintf(buf, size, "headroom %s", b);
	} else if (used == UINT64_MAX) {
		/* a saturated sum is past 2^64 bytes: so is its excess */
		gib(UINT64_MAX, b, sizeof b);
		snprintf(buf, size, "over by %s", b);
	} else {
		vp_format_margin(used - limit, b, sizeof b);
		snprintf(buf, size, "over by %s", b);
	}
}

/* A device peak: "12.34 GiB", or past the estimator's limit (2^60 bytes,
 * beyond any GPU) without a number that would read as measured */
static void peak_text(uint64_t bytes, bool past_limit, char *buf, size_t size)
{
	if (past_limit)
		snprintf(buf, size, "past 2^60 bytes");
	else
		gib(bytes, buf, size);
}

/* A step's peak and its room under the budget, as the result line says them */
static void step_peak_text(const struct result *r, uint64_t bytes, bool past_limit, char peak[static 48],
			   char rm[static 64])
{
	peak_text(bytes, past_limit, peak, 48);
	if (past_limit)
		snprintf(rm, 64, "beyond any GPU");
	else
		room(r->budget, bytes, rm, 64);
}

/* ", gathered from N GPUs" on several data-parallel GPUs, where every rank
 * keeps every rank's predictions (evaluation_loop's gather_for_metrics);
 * else "" */
static const char *gathered_text(const struct vp_train *t, char *buf, size_t size)
{
	buf[0] = '\0';
	if (t->gpus > 1)
		snprintf(buf, size, ", gathered from %" PRIu64 " GPUs", t->gpus);
	return buf;
}

/* The keys of tc whose mechanism is not modelled in direction dir (an
 * overestimate OVER, an underestimate UNDER: vp_tc_bound), each once */
#define BOUND_KEYS 16
struct bound_keys {
	const struct vp_tc_note *n[BOUND_KEYS];
	size_t count;
};

static void bound_keys(const struct vp_trainconfig *tc, enum vp_tc_bound dir, struct bound_keys *b)
{
	b->count = vp_trainconfig_bound_keys(tc, dir, b->n, BOUND_KEYS);
}

/* "a, b are not modelled and would lower the peak" (raise, for UNDER) */
static const char *bound_words(const struct bound_keys *b, enum vp_tc_bound dir, char *buf, size_t size)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < b->count && at < size; i++) {
		int n = snprintf(buf + at, size - at, "%s%s", i > 0 ? ", " : "", b->n[i]->key);

		if (n < 0)
			break;
		at += (size_t)n;
	}
	if (at < size)
		snprintf(buf + at, size - at, " %s not modelled and would %s the peak", b->count > 1 ? "are" : "is",
			 dir == VP_TC_BOUND_OVER ? "lower" : "raise");
	return buf;
}

/*
 * A verdict that rests on keys check reads but does not model. Where the
 * config has keys whose mechanism would lower the peak (context
 * parallelism, tiled MLP, Cut Cross Entropy, offload: each note says "an
 * overestimate"), a DOES NOT FIT is an upper bound: the step may fit as
 * it runs (axolotl's ALST recipes, built to fit 500k tokens on 8 GPUs,
 * were "DOES NOT FIT" at ~1009 GiB: tests/cli/check/real-config-round2.sh).
 * Where it has keys that would raise it (QAT's fake-quantized copies), a
 * FITS is a lower bound. A host RAM failure is not one: the GPU keys do
 * not lower it (offload raises it). Either is said with the verdict; the
 * exit status stays the counted one (docs/check.md "Exit status").
 * Returns OVER, UNDER or NONE (the verdict as it is).
 */
static enum vp_tc_bound verdict_bound(const struct vp_trainconfig *tc, const struct result *r, struct bound_keys *b)
{
	if (!r->fits && !(r->host_done && !r->host.fits)) {
		bound_keys(tc, VP_TC_BOUND_OVER, b);
		if (b->count > 0)
			return VP_TC_BOUND_OVER;
	}
	if (r->fits) {
		bound_keys(tc, VP_TC_BOUND_UNDER, b);
		if (b->count > 0)
			return VP_TC_BOUND_UNDER;
	}
	b->count = 0;
	return VP_TC_BOUND_NONE;
}

/* "" or, where a known evaluation set caps the config's eval batch
 * (r->eval_batch, one GPU), the cap: " (64 capped at the 10 eval samples)";
 * on several GPUs, where the batch runs whole past a GPU's share of the set
 * (vp_plan_eval_batch_cap: accelerate's even_batches fills it with repeated
 * samples), the share that runs the set in one step: " (a GPU's share of
 * the 10 eval samples is 5: accelerate fills the batch with repeated
 * samples)" */
static const char *eval_cap_text(const struct vp_trainconfig *tc, const struct result *r, char *buf, size_t size)
{
	uint64_t share = vp_plan_eval_share(tc->eval.eval_samples, r->train.gpus);

	buf[0] = '\0';
	if (r->eval_batch < tc->eval_batch)
		snprintf(buf, size, " (%" PRIu64 " capped at the %" PRIu64 " %s)", tc->eval_batch,
			 tc->eval.eval_samples, samples_word(tc, r));
	else if (r->train.gpus > 1 && !tc->uneven_eval_batches && tc->eval.eval_samples > 0 && share < r->eval_batch)
		snprintf(buf, size,
			 " (a GPU's share of the %" PRIu64 " %s is %" PRIu64
			 ": accelerate fills the batch with repeated samples)",
			 tc->eval.eval_samples, samples_word(tc, r), share);
	return buf;
}

/* An eval step's part of the result: "eval batch 16 peak 13.63 GiB (headroom
 * 5.56 GiB)", with " of BUDGET" where show_budget, and what overflows where
 * it does not fit. r may be a prediction_view. */
static void print_eval_step(const struct vp_trainconfig *tc, const struct result *r, const char *budget,
			    bool show_budget)
{
	char peak[48], rm[64], with[64], cap[160];
	bool kept;

	step_peak_text(r, r->ev.device_bytes, r->eval_past_limit, peak, rm);
	printf("eval batch %" PRIu64 "%s peak %s", r->eval_batch, eval_cap_text(tc, r, cap, sizeof cap), peak);
	if (show_budget)
		printf(" of %s", budget);
	printf(" (%s", rm);
	/* what overflows: the predictions kept on the GPU, not the forward */
	kept = !r->eval_fits && r->ev.peak_moment == VP_EVAL_PREDICTIONS;
	if (kept) {
		char from[48];

		gathered_text(&r->train, from, sizeof from);
		/* one step at a time: its gather on several GPUs */
		if (tc->eval.accumulation_steps == 1 || (tc->eval.accumulation_steps == 0 && tc->eval.eval_samples == 0))
			printf(", one step's predictions%s", from);
		else if (tc->eval.accumulation_steps > 0)
			printf(", the predictions of eval_accumulation_steps %" PRIu64 " kept%s",
			       tc->eval.accumulation_steps, from);
		else
			printf(", every step's predictions kept without eval_accumulation_steps%s", from);
		if (r->eval_steps_fit > 0)
			printf("; at most %" PRIu64 " step%s", r->eval_steps_fit,
			       r->eval_steps_fit > 1 ? "s fit" : " fits");
		/* vp_plan_eval_accumulation's 0 here, with steps kept
		 * and over the budget: fewer steps cannot help */
		else if (tc->eval.accumulation_steps != 1 &&
			 !(tc->eval.accumulation_steps == 0 && tc->eval.eval_samples == 0))
			fputs("; not even one step's fits: the eval batch must come down", stdout);
	}
	/* after the kept predictions' clause, apart from it */
	if (r->eval_largest_done && r->eval_largest_batch > 0)
		printf("%slargest eval batch that fits %" PRIu64, kept ? "; " : ", ", r->eval_largest_batch);
	else if (r->eval_largest_done)
		printf("%snot even eval batch 1 fits%s", kept ? "; " : ", ", none_fits_with(tc, r, with, sizeof with));
	fputc(')', stdout);
}

static void print_text(const struct vp_trainconfig *tc, const struct result *r)
{
	struct bound_keys b;
	enum vp_tc_bound bound = verdict_bound(tc, r, &b);
	char words[BOUND_KEYS * 100];
	char peak[48], budget[48], rm[64], fail[64] = "";

	if (!r->train_fits)
		strcat(fail, "train");
	if (r->eval_done && !r->eval_fits)
		strcat(fail, fail[0] ? ", eval" : "eval");
	if (r->pred_done && !r->pred_fits)
		strcat(fail, fail[0] ? ", prediction" : "prediction");
	if (r->host_done && !r->host.fits)
		strcat(fail, fail[0] ? ", host RAM" : "host RAM");

	printf("%s %s: ", tc->name, r->gpu->name);
	if (r->fits)
		fputs("FITS", stdout);
	else
		printf("DOES NOT FIT (%s)", fail);
	if (bound != VP_TC_BOUND_NONE)
		printf(" as counted (%s: %s)", bound == VP_TC_BOUND_OVER ? "an upper bound" : "a lower bound",
		       bound_words(&b, bound, words, sizeof words));

	gib(r->budget, budget, sizeof budget);
	/* on several GPUs every peak and the budget are one GPU's (each rank
	 * holds its shard and its own activations): said, since "151.90 GiB of
	 * 63.72 GiB" on 8 H100s read as a total that 8 x 80 GB would hold */
	if (r->train.gpus > 1)
		strcat(budget, " per GPU");
	/* the run only evaluates or predicts: no train part, the budget
	 * with the eval part */
	if (tc->eval_only) {
		if (tc->eval_only_at.key[0] != '\0' && strcmp(tc->eval_only_at.key, "do_train") == 0)
			printf(": no training (do_train: false, line %lu)", tc->eval_only_at.line);
		else
			fputs(": no training (no do_train: true)", stdout);
		goto eval_part;
	}
	step_peak_text(r, r->est.device_bytes, r->train_past_limit, peak, rm);
	printf(": train batch %" PRIu64 " peak %s of %s (%s", r->train.batch, peak, budget, rm);
	if (r->train_fits && r->largest_batch > r->train.batch)
		printf(", largest batch that fits %" PRIu64, r->largest_batch);
	if (!r->train_fits) {
		if (r->largest_batch > 0)
			printf(", largest batch that fits %" PRIu64, r->largest_batch);
		else
			fputs(", not even batch 1 fits", stdout);
		/* it retries against the whole card, not the budget */
		if (r->auto_done && r->auto_batch > 0)
			printf("; auto_find_batch_size: the Trainer settles at batch %" PRIu64
			       " on the whole card after %" PRIu64 " out-of-memory error%s",
			       r->auto_batch, r->auto_retries, r->auto_retries == 1 ? "" : "s");
		else if (r->auto_done)
			fputs("; auto_find_batch_size: no batch runs", stdout);
		/* over the budget is not over the card: such a step may run,
		 * with memory near full (seed 003: 2.4x slower at ~95%) */
		if (card_fits(r)) {
			char card[48];

			gib((r->gpu->memory_mib << 20), card, sizeof card);
			printf("; under the card's %s, so it may run with memory near full", card);
		}
	}
	fputc(')', stdout);
eval_part:
	if (r->eval_done) {
		fputs("; ", stdout);
		print_eval_step(tc, r, budget, tc->eval_only);
	}
	if (r->host_done) {
		char procs[48] = "";

		gib(r->host.total_bytes, peak, sizeof peak);
		gib(r->host_limit, budget, sizeof budget);
		room(r->host_limit, r->host.total_bytes, rm, sizeof rm);
		if (r->host.processes > 1 && r->host.nodes > 1)
			snprintf(procs, sizeof procs, "%" PRIu64 " processes a host of ", r->host.processes);
		else if (r->host.processes > 1)
			snprintf(procs, sizeof procs, "%" PRIu64 " processes of ", r->host.processes);
		printf("; host RAM %s of %s (%s, %s%" PRIu64 " workers%s", peak, budget, rm, procs, r->host.num_workers,
		       r->host_in_predict     ? ", during prediction"
		       : r->host.peak_in_eval ? ", during evaluation"
		       : r->host.peak_in_load ? ", loading the checkpoint"
		       : r->host.peak_in_save ? (r->host.save_in_checkpoint ? (r->train.fsdp ? ", at an FSDP checkpoint save"
											      : ", at a DeepSpeed checkpoint save")
						 : r->save_bytes > 0	       ? ", at a ZeRO-3 save"
										 : ", at a save")
					      : "");
		/* the weights a ZeRO-3 save gathers into rank 0 (host.c), a
		 * term of their own; the file a save builds, where it makes
		 * the peak */
		if (r->save_bytes > 0) {
			char save[48];

			gib(r->save_bytes, save, sizeof save);
			printf(", %s of weights gathered on rank 0 at each save", save);
		}
		if (r->host.peak_in_save && r->host.save_in_checkpoint) {
			char save[48];

			vp_format_bytes(r->host.save_bytes, save, sizeof save);
			printf(r->train.fsdp ? ", %s of optimizer state gathered on rank 0" : ", %s cloned to the CPU for it",
			       save);
		} else if (r->host.peak_in_save && r->train.fsdp) {
			char save[48];

			vp_format_bytes(r->host.save_bytes, save, sizeof save);
			printf(", %s of the full state dict and its file on rank 0", save);
		} else if (r->host.peak_in_save && r->host.save_clones) {
			char save[48];

			vp_format_bytes(r->host.save_bytes, save, sizeof save);
			printf(", %s of module copies and the file at each save", save);
		} else if (r->save_file_bytes > 0 && r->host.peak_in_save) {
			char save[48];

			/* an adapter's file is a few MiB */
			vp_format_bytes(r->save_file_bytes, save, sizeof save);
			printf(", %s of the file each save builds on rank 0", save);
		}
		if (r->host_workers_done && r->host_workers_none)
			fputs(", over without workers too", stdout);
		else if (r->host_workers_done)
			printf(", at most %" PRIu64 " worker%s fit%s", r->host_workers_fit,
			       r->host_workers_fit == 1 ? "" : "s", r->host_workers_fit == 1 ? "s" : "");
		fputc(')', stdout);
	}
	fputc('\n', stdout);
	/* trainer.predict() (do_predict), on its own line, naming its key: the
	 * step the evaluation's part checked, where it is that step, else
	 * its own part against the budget */
	if (r->pred_done) {
		printf("  in prediction: do_predict (line %lu): ", tc->predict.at.line);
		if (r->pred_same) {
			printf("eval batch %" PRIu64 ", the same step as in evaluation\n", r->pred_batch);
		} else {
			struct vp_trainconfig ptc;
			struct result pr;

			prediction_tc(tc, &ptc);
			prediction_view(r, &pr);
			gib(r->budget, budget, sizeof budget);
			if (r->train.gpus > 1)
				strcat(budget, " per GPU");
			print_eval_step(&ptc, &pr, budget, true);
			fputc('\n', stdout);
		}
	}
}

/* room for the host RAM notes (print_eval_notes: at most eight), each a
 * file name (at most a path) and a few hundred characters */
#define HOST_NOTES_SIZE (8 * (4096 + 512))

/* printf into buf at `at`, returning the new end (kept within size: a
 * truncated note still ends the buffer) */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static size_t append(char *buf, size_t size, size_t at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (at >= size)
		return at;
	va_start(ap, fmt);
	n = vsnprintf(buf + at, size - at, fmt, ap);
	va_end(ap);
	if (n < 0)
		return at;
	return (size_t)n < size - at ? at + (size_t)n : size - 1;
}

/* Why evaluation overflows, when the kept predictions are the reason: on
 * stderr, after the result line. The host RAM notes name no GPU and read
 * the same for every GPU of a file (the host has one RAM, whichever card),
 * so `host_said` (the file's last ones, "" before the first GPU) keeps them
 * from repeating once a GPU. */
static void print_eval_notes(const struct vp_trainconfig *tc, const struct result *r, char *host_said,
			     size_t host_said_size)
{
	char bytes[48];
	char host[HOST_NOTES_SIZE];
	size_t at = 0;

	if (r->eval_done && !r->eval_fits && r->ev.peak_moment == VP_EVAL_PREDICTIONS &&
	    tc->eval.accumulation_steps == 0 && tc->eval.eval_samples > 0) {
		char from[48];

		gib(r->ev.predictions_peak_bytes, bytes, sizeof bytes);
		fprintf(stderr,
			"vramplan: note: %s: %s of the eval peak on %s are the %" PRIu64 " eval samples' predictions%s, "
			"kept on the GPU (eval_accumulation_steps not set)",
			tc->name, bytes, r->gpu->name, tc->eval.eval_samples, gathered_text(&r->train, from, sizeof from));
		if (r->eval_steps_fit > 0)
			fprintf(stderr, "; eval_accumulation_steps: %" PRIu64 " fits", r->eval_steps_fit);
		fputc('\n', stderr);
	}
	host[0] = '\0';
	/* the eval check assumed because the file says nothing: a failing eval
	 * the run may never do (TrainingArguments' eval_strategy defaults to
	 * "no") is said to be assumed, as host RAM's is below. Until
	 * 2026-11-30 a ZeRO-3 config without eval keys failed "(train, eval)"
	 * with no word that the eval was vramplan's assumption. Named no GPU,
	 * so said once a file (host_said). Not for a DeepSpeed file, which has
	 * no evaluation keys to state: the trainer config that names it does */
	if (r->eval_done && !r->eval_fits && tc->evaluation == VP_TC_EVAL_ASSUMED && tc->flavour != VP_TC_DEEPSPEED)
		at = append(host, sizeof host, at,
			"vramplan: note: %s: no eval_strategy or do_eval: the eval batch is checked as if evaluation "
			"ran mid-epoch (TrainingArguments' default \"no\" evaluates nothing; say which)\n",
			tc->name);
	/* an hf config's evaluation keeps the logits for a compute_metrics
	 * its script may not pass (tc_settle.c: eval_logits_assumed): TRL's
	 * scripts build SFTTrainer without one (trl/scripts/sft.py,
	 * alignment-handbook's run_sft.py), and Trainer.evaluate then keeps
	 * the loss alone (prediction_loss_only=True if self.compute_metrics
	 * is None). Where the logits are what fails, say so, whatever
	 * eval_accumulation_steps (the warning below says it only where some
	 * steps fit): until 2026-11-30 alignment-handbook's recipes/gemma-7b/
	 * sft/config_full_neftune.yaml on 8 GPUs failed at its eval batch,
	 * one step's logits gathered, with no word. Once a file, as the notes
	 * below. */
	if (r->eval_done && !r->eval_fits && tc->eval_logits_assumed && r->ev.peak_moment == VP_EVAL_PREDICTIONS)
		at = append(host, sizeof host, at,
			"vramplan: note: %s: the eval check keeps each step's logits for a compute_metrics, which "
			"the config's script decides: without one (TRL's SFTTrainer as TRL's scripts build it) the "
			"Trainer keeps the loss alone, which prediction_loss_only: true (or "
			"vramplan.eval_predictions: none) checks\n",
			tc->name);
	if (r->host_done && !r->host.fits && r->host.peak_in_eval && vp_host_within(r->host.train_total_bytes, r->host_limit) &&
	    tc->evaluation == VP_TC_EVAL_ASSUMED)
		at = append(host, sizeof host, at,
			"vramplan: note: %s: no eval_strategy: host RAM is checked with an evaluation mid-epoch, its "
			"DataLoader's workers beside the training's (TrainingArguments' default \"no\" evaluates "
			"nothing; say which)\n",
			tc->name);
	/* ZeRO-Offload's partitions (docs/memory-model.md "ZeRO-Offload"):
	 * host RAM the run needs whatever the workers, said with or without
	 * --host-ram, since without it nothing else would say it */
	if (!tc->eval_only && r->est.offload_host_bytes > 0) {
		uint64_t nodes = tc->nodes > 1 ? tc->nodes : 1;
		uint64_t procs = r->train.gpus > 1 ? r->train.gpus / nodes + (r->train.gpus % nodes != 0) : 1;
		uint64_t on_node;
		char node[48];

		/* each process's share is under the estimator's 2^60 bytes, but
		 * 65536 of them can pass 2^64: saturated, which vp_format_gib
		 * prints as "at least" */
		if (vp_mul_u64(r->est.offload_host_bytes, procs, &on_node) != 0)
			on_node = UINT64_MAX;
		gib(r->est.offload_host_bytes, bytes, sizeof bytes);
		gib(on_node, node, sizeof node);
		at = append(host, sizeof host, at,
			    "vramplan: note: %s: ZeRO-Offload keeps %s a process in host RAM (%s over the %" PRIu64
			    " process%s of a node)%s\n",
			    tc->name, bytes, node, procs, procs == 1 ? "" : "es",
			    r->host_done ? ", counted in host RAM" : "; --host-ram checks it with the rest");
	}
	/* the same for the weights a ZeRO-3 save gathers into rank 0 */
	if (r->save_bytes > 0) {
		gib(r->save_bytes, bytes, sizeof bytes);
		at = append(host, sizeof host, at,
			    "vramplan: note: %s: at each save ZeRO-3 gathers the whole model's weights into rank 0's "
			    "host RAM (stage3_gather_16bit_weights_on_model_save: true), %s%s\n",
			    tc->name, bytes,
			    r->host_done ? ", counted in host RAM" : "; --host-ram checks it with the rest");
	}
	/* DeepSpeed's engine checkpoint, where it makes the host's peak
	 * (plan.c vp_plan_save_request) */
	if (r->host_done && r->host.peak_in_save && r->host.save_in_checkpoint) {
		vp_format_bytes(r->host.save_bytes, bytes, sizeof bytes);
		at = append(host, sizeof host, at,
			    "vramplan: note: %s: at each checkpoint save %s%s, %s here%s; save_only_model: true saves "
			    "the model alone\n",
			    tc->name, vp_plan_save_phrase(&r->train, &r->host),
			    r->train.fsdp ? " (save_fsdp_optimizer)" : " (TorchCheckpointEngine.save, clone_tensors_for_torch_save)",
			    bytes, r->host.processes > 1 && !r->train.fsdp ? ", over the host's processes" : "");
	}
	/* every process's copy of its module beside rank 0's file (plan.c
	 * vp_plan_save_request) */
	else if (r->host_done && r->host.peak_in_save && r->host.save_clones) {
		vp_format_bytes(r->host.save_bytes, bytes, sizeof bytes);
		at = append(host, sizeof host, at, "vramplan: note: %s: at each save %s, %s here%s\n", tc->name,
			    vp_plan_save_phrase(&r->train, &r->host), bytes,
			    r->host.processes > 1 ? ", over the host's processes" : "");
	}
	/* FSDP's full state dict gathered onto rank 0 (plan.c
	 * vp_plan_save_request) */
	else if (r->host_done && r->host.peak_in_save && r->train.fsdp) {
		vp_format_bytes(r->host.save_bytes, bytes, sizeof bytes);
		at = append(host, sizeof host, at,
			    "vramplan: note: %s: at each save %s, %s here; fsdp_config's state_dict_type: "
			    "SHARDED_STATE_DICT writes each rank's shards instead\n",
			    tc->name, vp_plan_save_phrase(&r->train, &r->host), bytes);
	}
	/* the file a save builds, where it makes the host's peak (plan.c
	 * vp_plan_save_file_bytes) */
	else if (r->host_done && r->host.peak_in_save && r->save_file_bytes > 0) {
		vp_format_bytes(r->save_file_bytes, bytes, sizeof bytes);
		at = append(host, sizeof host, at,
			    "vramplan: note: %s: each save builds the file it writes whole in rank 0's host RAM "
			    "(safetensors' save_file), %s here: %s\n",
			    tc->name, bytes,
			    r->train.save_writer == VP_SAVE_SAFETENSORS_4X
				    ? "save_safetensors is a transformers 4.x key, and 4.x's save_pretrained "
				      "writes files of up to 10 GB (5 GB from 4.35)"
				    : "save_pretrained's files are of up to 50 GB since transformers 5, 5 GB before");
	}
	if (r->host_done && r->host_fits_unpersistent)
		at = append(host, sizeof host, at,
			"vramplan: note: %s: each persistent worker comes to copy the dataset's pages it reads; with "
			"dataloader_persistent_workers: false the %" PRIu64 " workers, forked anew each epoch, read a "
			"1/%" PRIu64 " share each and fit\n",
			tc->name, r->host.num_workers, r->host.num_workers);
	/* under 0.005 GiB the predictions print as 0.00 GiB: no reason to
	 * name (a generating eval keeps token ids, a few KiB a sample) */
	if (r->host_done && !r->host.fits && r->host.peak_in_eval &&
	    r->host.eval_predictions_bytes >= ((uint64_t)1 << 30) / 200) {
		gib(r->host.eval_predictions_bytes, bytes, sizeof bytes);
		char whose[96];

		/* the set's size unknown, the first move's samples (a lower bound) */
		if (r->host.eval_predictions_unknown)
			snprintf(whose, sizeof whose, "one move's %" PRIu64 " eval samples' predictions at least",
				 r->host.eval_predictions_samples);
		else
			snprintf(whose, sizeof whose, "the %" PRIu64 " eval samples' predictions", tc->eval.eval_samples);
		append(host, sizeof host, at,
		       "vramplan: note: %s: %s of the host RAM are %s, kept until compute_metrics runs%s\n",
		       tc->name, bytes, whose,
		       tc->eval.predictions == VP_PREDS_LOGITS && !tc->eval.generate
		       	? " (a preprocess_logits_for_metrics taking the argmax keeps token ids instead)"
		       	: "");
	}
	if (strcmp(host, host_said) != 0) {
		fputs(host, stderr);
		snprintf(host_said, host_said_size, "%s", host);
	}
}

static cJSON *json_notes(const struct vp_tc_note *notes, size_t n, bool positions)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; arr != NULL && i < n; i++) {
		cJSON *it;
		if (!positions) {
			cJSON_AddItemToArray(arr, cJSON_CreateString(notes[i].text));
			continue;
		}
		it = cJSON_CreateObject();
		if (it == NULL)
			break;
		cJSON_AddStringToObject(it, "key", notes[i].key);
		/* a --set setting's note has no place in the file: line and
		 * column 0, as an error about one has (vp_tc_fail_at), not the
		 * setting's ordinal that its origin keeps as a line */
		cJSON_AddNumberToObject(it, "line", notes[i].column == 0 ? 0.0 : (double)notes[i].line);
		cJSON_AddNumberToObject(it, "column", (double)notes[i].column);
		if (notes[i].text[0] != '\0')
			cJSON_AddStringToObject(it, "note", notes[i].text);
		cJSON_AddItemToArray(arr, it);
	}
	return arr;
}

/* upper_bound_keys and lower_bound_keys: the config's keys not modelled
 * each way, whatever the verdict; verdict_bound, "upper" or "lower" where
 * the text's verdict says "as counted" (verdict_bound()), else null */
static void json_bounds(cJSON *o, const struct vp_trainconfig *tc, const struct result *r)
{
	static const char *const name[] = {"upper_bound_keys", "lower_bound_keys"};
	static const enum vp_tc_bound dir[] = {VP_TC_BOUND_OVER, VP_TC_BOUND_UNDER};
	struct bound_keys b;
	enum vp_tc_bound v;

	for (size_t k = 0; k < 2; k++) {
		cJSON *arr = cJSON_AddArrayToObject(o, name[k]);

		bound_keys(tc, dir[k], &b);
		for (size_t i = 0; arr != NULL && i < b.count; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(b.n[i]->key));
	}
	v = verdict_bound(tc, r, &b);
	if (v == VP_TC_BOUND_NONE)
		cJSON_AddNullToObject(o, "verdict_bound");
	else
		cJSON_AddStringToObject(o, "verdict_bound", v == VP_TC_BOUND_OVER ? "upper" : "lower");
}

static void json_at(cJSON *obj, const struct vp_trainconfig *tc, enum vp_tc_setting s)
{
	if (tc->at[s].line > 0) {
		cJSON_AddStringToObject(obj, "key", tc->at[s].key);
		cJSON_AddNumberToObject(obj, "line", (double)tc->at[s].line);
	}
}

/* An eval step's object: "eval" (the evaluation) or "prediction"
 * (trainer.predict(), where r is a prediction_view), with the pass it is
 * as "pass"; the two carry the same fields. */
static void json_eval(cJSON *x, const struct vp_trainconfig *tc, const struct result *r)
{
	cJSON_AddStringToObject(x, "pass", r->prediction ? "prediction" : "evaluation");
	/* the batch that runs, and the config's, which a known
	 * evaluation set may cap (eval_cap_text) */
	json_u64(x, "batch", r->eval_batch);
	json_u64(x, "config_batch", tc->eval_batch);
	json_u64(x, "peak_bytes", r->ev.device_bytes);
	cJSON_AddBoolToObject(x, "peak_lower_bound", r->eval_past_limit);
	json_headroom(x, "headroom_bytes", r->budget, r->ev.device_bytes);
	cJSON_AddBoolToObject(x, "fits", r->eval_fits);
	/* null where it fits and where fewer kept steps cure it
	 * (accumulation_steps_that_fit); 0 where no batch does,
	 * as train.largest_batch_that_fits says it */
	if (r->eval_largest_done)
		json_u64(x, "largest_batch_that_fits", r->eval_largest_batch);
	else
		cJSON_AddNullToObject(x, "largest_batch_that_fits");
	cJSON_AddStringToObject(x, "peak_moment", vp_eval_moment_name(r->ev.peak_moment));
	json_u64(x, "predictions_bytes_per_step", r->ev.predictions_bytes_per_step);
	cJSON_AddStringToObject(x, "predictions", vp_eval_preds_name(tc->eval.predictions));
	if (tc->eval.eval_samples > 0)
		json_u64(x, "samples", tc->eval.eval_samples);
	else
		cJSON_AddNullToObject(x, "samples");
	if (tc->eval.accumulation_steps > 0)
		json_u64(x, "accumulation_steps", tc->eval.accumulation_steps);
	else
		cJSON_AddNullToObject(x, "accumulation_steps");
	if (r->eval_steps_fit > 0)
		json_u64(x, "accumulation_steps_that_fit", r->eval_steps_fit);
	else
		cJSON_AddNullToObject(x, "accumulation_steps_that_fit");
	/* the key to change: the accumulation when the kept
	 * predictions decide and fewer steps fit (as the
	 * annotation says); the eval batch when not even one does */
	json_at(x, tc,
		!r->eval_fits && r->ev.peak_moment == VP_EVAL_PREDICTIONS &&
				tc->at[VP_TC_EVAL_ACCUM].line > 0 && tc->eval.accumulation_steps > 1 &&
				r->eval_steps_fit > 0
			? VP_TC_EVAL_ACCUM
			: VP_TC_EVAL_BATCH);
}

static cJSON *json_result(const struct vp_trainconfig *tc, const struct vp_model *m, const struct result *r,
			  double util)
{
	cJSON *o = cJSON_CreateObject(), *x;
	char setup[512];
	struct vp_train shown = r->train;

	if (o == NULL)
		return NULL;
	/* The result's setup is what was estimated on its GPU: FlashAttention
	 * that the GPU does not run is counted as the kernel that does
	 * (vp_est_effective_attn; the warning says so), as plan's setup says
	 * it. Until 2026-11-30 it said "flash2 attention" over SDPA's numbers.
	 * A model's own fallback (mT5 has no FlashAttention path) is left to
	 * vp_format_setup, which names it. */
	if (vp_attn_that_runs(m, r->gpu, shown.attn) != vp_attn_that_runs(m, NULL, shown.attn))
		shown.attn = vp_attn_that_runs(m, r->gpu, shown.attn);
	cJSON_AddStringToObject(o, "file", tc->file);
	cJSON_AddStringToObject(o, "flavour", vp_tc_flavour_name(tc->flavour));
	cJSON_AddStringToObject(o, "model", m->name);
	cJSON_AddStringToObject(o, "gpu", r->gpu->name);
	cJSON_AddBoolToObject(o, "fits", r->fits);
	vp_format_setup(m, &shown, setup, sizeof setup);
	cJSON_AddStringToObject(o, "setup", setup);
	cJSON_AddNumberToObject(o, "util", util);
	if (r->train.memory_fraction > 0.0)
		cJSON_AddNumberToObject(o, "memory_fraction", r->train.memory_fraction);
	else
		cJSON_AddNullToObject(o, "memory_fraction");
	json_u64(o, "gpu_memory_bytes", r->gpu->memory_mib << 20);
	json_u64(o, "budget_bytes", r->budget);

	/* null where the run trains nothing (tc->eval_only; its remark says why) */
	x = tc->eval_only ? NULL : cJSON_AddObjectToObject(o, "train");
	if (tc->eval_only)
		cJSON_AddNullToObject(o, "train");
	if (x != NULL) {
		json_u64(x, "batch", r->train.batch);
		json_u64(x, "gradient_accumulation_steps", r->train.grad_accum);
		json_u64(x, "peak_bytes", r->est.device_bytes);
		/* past the estimator's 2^60 bytes: peak_bytes is that bound */
		cJSON_AddBoolToObject(x, "peak_lower_bound", r->train_past_limit);
		json_headroom(x, "headroom_bytes", r->budget, r->est.device_bytes);
		cJSON_AddBoolToObject(x, "fits", r->train_fits);
		json_u64(x, "largest_batch_that_fits", r->largest_batch);
		cJSON_AddBoolToObject(x, "within_card", r->train_fits || card_fits(r));
		/* ZeRO-Offload: one process's partitions in host RAM */
		if (r->est.offload_host_bytes > 0)
			json_u64(x, "offload_host_bytes", r->est.offload_host_bytes);
		if (r->auto_done) {
			cJSON *a = cJSON_AddObjectToObject(x, "auto_find_batch_size");
			if (a != NULL) {
				json_u64(a, "batch", r->auto_batch);
				json_u64(a, "oom_retries", r->auto_retries);
			}
		}
		json_at(x, tc, VP_TC_BATCH);
	}
	if (r->eval_done) {
		x = cJSON_AddObjectToObject(o, "eval");
		if (x != NULL)
			json_eval(x, tc, r);
	} else {
		cJSON_AddNullToObject(o, "eval");
	}
	/* trainer.predict() (do_predict); null where the run predicts
	 * nothing. same_as_eval: the step is the evaluation's (the same
	 * batch and options, so the same figures) */
	if (r->pred_done) {
		x = cJSON_AddObjectToObject(o, "prediction");
		if (x != NULL) {
			struct vp_trainconfig ptc;
			struct result pr;

			prediction_tc(tc, &ptc);
			prediction_view(r, &pr);
			json_eval(x, &ptc, &pr);
			cJSON_AddBoolToObject(x, "same_as_eval", r->pred_same);
		}
	} else {
		cJSON_AddNullToObject(o, "prediction");
	}
	if (r->host_done) {
		x = cJSON_AddObjectToObject(o, "host");
		if (x != NULL) {
			json_u64(x, "processes", r->host.processes);
			json_u64(x, "nodes", r->host.nodes);
			json_u64(x, "workers", r->host.num_workers);
			/* over the limit: the most workers that fit (null: fits,
			 * or not even without workers) */
			if (r->host_workers_done && !r->host_workers_none)
				json_u64(x, "largest_workers_that_fit", r->host_workers_fit);
			else
				cJSON_AddNullToObject(x, "largest_workers_that_fit");
			json_u64(x, "trainer_bytes", r->host.trainer_bytes);
			json_u64(x, "dataset_bytes", r->host.dataset_bytes);
			json_u64(x, "eval_dataset_bytes", r->host.eval_dataset_bytes);
			json_u64(x, "replay_bytes", r->host.replay_bytes);
			if (r->host.offload_bytes > 0)
				json_u64(x, "offload_bytes", r->host.offload_bytes);
			/* what a save adds: ZeRO-3's gather, where the config
			 * turns it on, and the file safetensors builds */
			if (r->host.save_bytes > 0) {
				json_u64(x, "save_bytes", r->host.save_bytes);
				json_u64(x, "save_gathered_bytes", r->save_bytes);
				json_u64(x, "save_file_bytes", r->save_file_bytes);
				json_u64(x, "save_total_bytes", r->host.save_total_bytes);
				cJSON_AddBoolToObject(x, "save_in_checkpoint", r->host.save_in_checkpoint);
				cJSON_AddBoolToObject(x, "save_clones", r->host.save_clones);
			}
			json_u64(x, "load_total_bytes", r->host.load_total_bytes);
			json_u64(x, "worker_bytes", r->host.worker_bytes);
			json_u64(x, "train_total_bytes", r->host.train_total_bytes);
			json_u64(x, "eval_worker_bytes", r->host.eval_worker_bytes);
			json_u64(x, "eval_predictions_bytes", r->host.eval_predictions_bytes);
			cJSON_AddBoolToObject(x, "eval_predictions_lower_bound", r->host.eval_predictions_unknown || r->host.eval_predictions_bytes == UINT64_MAX);
			json_u64(x, "eval_total_bytes", r->host.eval_total_bytes);
			json_u64(x, "total_bytes", r->host.total_bytes);
			cJSON_AddStringToObject(x, "peak_phase", r->host_in_predict	? "prediction"
								 : r->host.peak_in_eval ? "evaluation"
								 : r->host.peak_in_load ? "loading"
								 : r->host.peak_in_save ? "saving"
											: "training");
			json_u64(x, "limit_bytes", r->host_limit);
			json_headroom(x, "headroom_bytes", r->host_limit, r->host.total_bytes);
			cJSON_AddBoolToObject(x, "fits", r->host.fits);
			json_at(x, tc, VP_TC_WORKERS);
		}
	} else {
		cJSON_AddNullToObject(o, "host");
	}
	json_bounds(o, tc, r);
	cJSON_AddItemToObject(o, "ignored_keys", json_notes(tc->ignored, tc->n_ignored, true));
	cJSON_AddItemToObject(o, "readings", json_notes(tc->readings, tc->n_readings, true));
	cJSON_AddItemToObject(o, "remarks", json_notes(tc->remarks, tc->n_remarks, true));
	cJSON_AddItemToObject(o, "warnings", json_notes(tc->warnings, tc->n_warnings, true));
	cJSON_AddItemToObject(o, "defaults", json_notes(tc->defaults, tc->n_defaults, false));
	return o;
}

static cJSON *json_error(const char *file, const struct vp_error *err)
{
	cJSON *o = cJSON_CreateObject(), *e;

	if (o == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "file", file);
	cJSON_AddBoolToObject(o, "fits", false);
	e = cJSON_AddObjectToObject(o, "error");
	if (e != NULL) {
		cJSON_AddStringToObject(e, "kind", err->code == VP_ERR_IO ? "io" : "input");
		cJSON_AddStringToObject(e, "message", err->message);
		cJSON_AddNumberToObject(e, "line", (double)err->line);
		cJSON_AddNumberToObject(e, "column", (double)err->column);
	}
	return o;
}

/* Every string and key of the JSON output made UTF-8, as JSON must be
 * (RFC 8259 section 8.1): a file name, and a key of a JSON training config
 * (cJSON reads its strings unchecked), reach it as given, and an invalid
 * byte made json.loads and jq refuse the whole document. */
static void json_utf8(cJSON *item)
{
	for (; item != NULL; item = item->next) {
		if (item->string != NULL)
			vp_utf8_repair(item->string);
		if (cJSON_IsString(item) && item->valuestring != NULL)
			vp_utf8_repair(item->valuestring);
		json_utf8(item->child);
	}
}

/* Notes on stderr: what was read, what was ignored, which defaults apply. */
/* Where a note's key stands: FILE:LINE:COLUMN, or the command line for a
 * --set setting (vp_tc_origin_on_command_line's convention). */
static const char *note_place(const struct vp_trainconfig *tc, const struct vp_tc_note *n, char *buf, size_t size)
{
	if (n->line > 0 && n->column == 0)
		return VP_TC_COMMAND_LINE;
	snprintf(buf, size, "%s:%lu:%lu", tc->name, n->line, n->column);
	return buf;
}

/* A key or note from the config shown on one line: a key's own control
 * characters (a quoted "a\nb" or an escape sequence) as '?', as a file
 * name's are, so a diagnostic cannot forge a second line or drive the
 * terminal; the JSON output keeps them, escaped. */
static const char *one_line(const char *s, char *buf, size_t size)
{
	vp_utf8_copy(buf, size, s);
	vp_text_one_line(buf);
	return buf;
}

static void print_notes(const struct check_opts *o, const struct vp_trainconfig *tc, const struct vp_model *m)
{
	char key[sizeof tc->ignored->key], text[sizeof tc->ignored->text];
	char place[sizeof tc->name + 48];
	char setup[512];
	size_t i;

	if (o->cli.verbosity < 1)
		return;
	vp_format_setup(m, &tc->train, setup, sizeof setup);
	fprintf(stderr, "vramplan: note: %s: %s config, model %s, %s", tc->name, vp_tc_flavour_name(tc->flavour),
		m->name, setup);
	/* the eval step's generation, which the result line's eval peak
	 * holds (its KV cache), as plan's eval line says it */
	if (tc->eval.generate && tc->evaluation != VP_TC_EVAL_NONE)
		fprintf(stderr, "; eval generates %" PRIu64 " beam%s x %" PRIu64 " new tokens", tc->eval.num_beams,
			tc->eval.num_beams == 1 ? "" : "s", tc->eval.max_new_tokens);
	/* predict()'s, where no evaluation says it or it differs
	 * (LLaMA-Factory's GeneratingArguments beside the Trainer's own
	 * arguments for evaluations inside training) */
	if (tc->predict.on && tc->predict.opts.generate &&
	    !(tc->eval.generate && tc->evaluation != VP_TC_EVAL_NONE &&
	      tc->predict.opts.num_beams == tc->eval.num_beams &&
	      tc->predict.opts.max_new_tokens == tc->eval.max_new_tokens))
		fprintf(stderr, "; prediction generates %" PRIu64 " beam%s x %" PRIu64 " new tokens",
			tc->predict.opts.num_beams, tc->predict.opts.num_beams == 1 ? "" : "s",
			tc->predict.opts.max_new_tokens);
	fputc('\n', stderr);
	/* EWC's copies and the replay buffer belong to training: a run that
	 * only evaluates counts neither (run_checks), and says so */
	if (tc->eval_only && (tc->ewc || tc->replay_buffer > 0))
		fprintf(stderr,
			"vramplan: note: %s: continual learning: %s not counted, as the run trains nothing\n",
			tc->name,
			tc->ewc && tc->replay_buffer > 0 ? "EWC's copies and the replay buffer are"
			: tc->ewc			  ? "EWC's copies are"
							  : "the replay buffer is");
	else if (tc->ewc)
		fprintf(stderr, "vramplan: note: %s: continual learning: EWC's Fisher diagonal and anchor copy on the GPU\n",
			tc->name);
	if (tc->replay_buffer > 0 && !tc->eval_only)
		fprintf(stderr,
			"vramplan: note: %s: continual learning: %" PRIu64 " replay samples in host RAM (counted with "
			"--host-ram)\n",
			tc->name, tc->replay_buffer);
	for (i = 0; i < tc->n_readings; i++)
		fprintf(stderr, "vramplan: warning: %s:%lu:%lu: %s\n", tc->name, tc->readings[i].line,
			tc->readings[i].column, one_line(tc->readings[i].text, text, sizeof text));
	for (i = 0; i < tc->n_warnings; i++)
		fprintf(stderr, "vramplan: warning: %s: key '%s': %s\n", note_place(tc, &tc->warnings[i], place, sizeof place),
			one_line(tc->warnings[i].key, key, sizeof key), one_line(tc->warnings[i].text, text, sizeof text));
	for (i = 0; i < tc->n_remarks; i++)
		fprintf(stderr, "vramplan: note: %s: key '%s': %s\n", note_place(tc, &tc->remarks[i], place, sizeof place),
			one_line(tc->remarks[i].key, key, sizeof key), one_line(tc->remarks[i].text, text, sizeof text));
	for (i = 0; i < tc->n_ignored; i++) {
		const struct vp_tc_note *n = &tc->ignored[i];
		if (n->text[0] != '\0' && strncmp(n->text, "did you mean", 12) == 0)
			fprintf(stderr, "vramplan: warning: %s: ignored key '%s' (%s)\n", note_place(tc, n, place, sizeof place),
				one_line(n->key, key, sizeof key), one_line(n->text, text, sizeof text));
		else if (n->text[0] != '\0')
			fprintf(stderr, "vramplan: note: %s: ignored key '%s': %s\n", note_place(tc, n, place, sizeof place),
				one_line(n->key, key, sizeof key), one_line(n->text, text, sizeof text));
	}
	if (tc->n_ignored > 0) {
		bool first = true;
		fprintf(stderr, "vramplan: note: %s: ignored keys:", tc->name);
		for (i = 0; i < tc->n_ignored; i++) {
			if (tc->ignored[i].text[0] != '\0')
				continue;
			fprintf(stderr, "%s %s", first ? "" : ",", one_line(tc->ignored[i].key, key, sizeof key));
			first = false;
		}
		if (first)
			fputs(" (listed above)", stderr);
		fputc('\n', stderr);
	}
	for (i = 0; i < tc->n_defaults; i++)
		fprintf(stderr, "vramplan: note: %s: default %s\n", tc->name, tc->defaults[i].text);
}

/* --------------------------------------------------------------- per file */

struct matrix {
	const char *gpus[MAX_GPUS * 4];
	size_t n_gpus;
	struct vp_table table;
};

/* The setting an error's input (vp_error.about, a struct vp_train field)
 * was read from, where the config states it; else the batch's. */
static enum vp_tc_setting about_setting(const struct vp_trainconfig *tc, const char *about)
{
	static const struct {
		const char *field;
		enum vp_tc_setting s;
	} map[] = {
		{"seq_len", VP_TC_SEQ_LEN},
		{"tgt_len", VP_TC_TGT_LEN},
		{"lora_targets", VP_TC_LORA_TARGETS},
		{"lora_r", VP_TC_LORA_R},
		{"batch", VP_TC_BATCH},
		{"zero_stage", VP_TC_ZERO},
		{"zero_offload_optimizer", VP_TC_ZERO},
		{"zero_offload_param", VP_TC_ZERO},
		/* DoRA where the estimator does not model it: at the key that
		 * turned it on (until 2026-11-30, at the batch's line) */
		{"dora", VP_TC_DORA},
		/* a generation's (vp_estimate_eval) */
		{"num_beams", VP_TC_NUM_BEAMS},
		{"max_new_tokens", VP_TC_GEN_LEN},
	};

	for (size_t i = 0; about != NULL && i < sizeof map / sizeof map[0]; i++)
		if (strcmp(about, map[i].field) == 0 && tc->at[map[i].s].line > 0)
			return map[i].s;
	return VP_TC_BATCH;
}

/* yq's path to a section whose components are apart by \x1f
 * (tc_values.c nested_model_key): .a.b, a key that is not a plain name as
 * .["a-b"] first and ["a-b"] after (.a["b-c"]); false for a key with a
 * quote, a backslash or a control character, or when it does not fit. */
static bool yq_path(const char *section, char *buf, size_t size)
{
	size_t used = 0;
	const char *p = section;

	while (*p != '\0') {
		size_t n = strcspn(p, "\x1f"), i;
		bool plain = !(p[0] >= '0' && p[0] <= '9');
		int w;

		for (i = 0; i < n; i++) {
			unsigned char ch = (unsigned char)p[i];

			if (ch < 0x20 || ch == 0x7f || ch == '"' || ch == '\\' || ch == '\'')
				return false;
			if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_'))
				plain = false;
		}
		/* jq 1.6 (the Python yq's) takes .a["b"] and .["a"]["b"],
		 * not .a.["b"] */
		w = plain      ? snprintf(buf + used, size - used, ".%.*s", (int)n, p)
		    : used > 0 ? snprintf(buf + used, size - used, "[\"%.*s\"]", (int)n, p)
			       : snprintf(buf + used, size - used, ".[\"%.*s\"]", (int)n, p);
		if (w < 0 || (size_t)w >= size - used)
			return false;
		used += (size_t)w;
		p += n;
		if (*p == '\x1f')
			p++;
	}
	return used > 0;
}

/* Can the shell take s as a word as it is? */
static bool shell_plain(const char *s)
{
	bool plain = s[0] != '\0' && strlen(s) < 64;

	for (size_t i = 0; plain && s[i] != '\0'; i++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+", s[i]) != NULL;
	return plain;
}

/* jq's expression that merges `section` (components apart by \x1f) over
 * the top level, whose shared keys (bf16, the vramplan: block) the run
 * takes too, then each of `inner` in turn, mappings of trainer keys that
 * the merge has brought to the top level (`training`), which would stay
 * nested and unread, their defaults checked instead; then removes them
 * all: ". * .s | . * .training | del(.s) | del(.training)". With
 * key_last, the first `n_lead` of `inner` lead down to the key the error
 * names (s.a.b.key: a, b), and since jq's `*` lets the later mapping win,
 * the section's other mappings merge first, then the section and that
 * path again: the merged file holds the named key's value, not the same
 * key of a sibling (s.stage1 and s.stage2 both setting the batch):
 * ". * .s | . * .stage2 | . * .s | . * .stage1 | del(...)". False when the
 * section or one of `inner` has no yq path (a quote in its name). */
static bool merge_expression(const char *section, const char (*inner)[96], size_t n_inner, bool key_last,
			     size_t n_lead, char *buf, size_t size)
{
	char yq[sizeof ((struct vp_tc_origin *)0)->key * 2];
	char merge[sizeof yq * 8 + 64] = "", drop[sizeof yq * 6 + 64] = "";
	size_t lead = n_lead < n_inner ? n_lead : n_inner;
	/* the section again between the others and the path: only when
	 * there are others to win over */
	bool again = key_last && n_inner > lead;

	if (!yq_path(section, yq, sizeof yq))
		return false;
	for (size_t k = 0; k < n_inner; k++) {
		/* key_last: the others (lead..n-1), then the path (0..lead-1) */
		size_t i = key_last ? (k + lead) % n_inner : k;
		char in[sizeof inner[0] * 2];
		size_t mn = strlen(merge), dn = strlen(drop);

		/* one left out would stay nested, its keys unread: no command */
		if (!yq_path(inner[i], in, sizeof in))
			return false;
		if (again && k == n_inner - lead) {
			snprintf(merge + mn, sizeof merge - mn, " | . * %s", yq);
			mn = strlen(merge);
		}
		snprintf(merge + mn, sizeof merge - mn, " | . * %s", in);
		snprintf(drop + dn, sizeof drop - dn, " | del(%s)", in);
	}
	/* the key in the section itself, after its others */
	if (again && lead == 0) {
		size_t mn = strlen(merge);

		snprintf(merge + mn, sizeof merge - mn, " | . * %s", yq);
	}
	return snprintf(buf, size, ". * %s%s | del(%s)%s", yq, merge, yq, drop) < (int)size;
}

/* A dotted path's shown form: the \x1f separators as dots */
static void dotted(const char *path, size_t len, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)len, path);
	for (size_t i = 0; buf[i] != '\0'; i++)
		if (buf[i] == '\x1f')
			buf[i] = '.';
}

/* "no model" for a config whose model key is under a section (seed 001's
 * per-model `xlsum_mt5:`): at that key, naming the section, and how to
 * check it, since check reads a config's top level only and takes no
 * option to pick a section. */
static int nested_model_error(const struct vp_trainconfig *tc, struct vp_error *err)
{
	const struct vp_tc_origin *at = &tc->nested_model;
	const char *dot = strrchr(at->key, '\x1f');
	char section[sizeof at->key], shown[sizeof at->key], expr[2048];
	/* the file's own name in the command when the shell takes it as is */
	const char *file = shell_plain(tc->name) && strcmp(tc->name, "-") != 0 ? tc->name : "FILE";

	snprintf(section, sizeof section, "%.*s", dot != NULL ? (int)(dot - at->key) : 0, at->key);
	dotted(section, strlen(section), shown, sizeof shown);
	if (!merge_expression(section, tc->nested_inner, tc->n_nested_inner, false, 0, expr, sizeof expr))
		return vp_error_at(err, VP_ERR_INPUT, tc->file, at->line, at->column,
				   "no model at the top level: '%s' is under '%s', and check reads a config's top level "
				   "only; merge that section into the top level, or give --model",
				   dot != NULL ? dot + 1 : at->key, shown);
	return vp_error_at(err, VP_ERR_INPUT, tc->file, at->line, at->column,
			   "no model at the top level: '%s' is under '%s', and check reads a config's top level only; "
			   "check the section merged into it (yq '%s' %s | vramplan check -), or give --model",
			   dot != NULL ? dot + 1 : at->key, shown, expr, file);
}

/* Does the file state any trainer setting itself (the model aside, which
 * --model may give, and what the command line gives)? */
static bool top_level_settings(const struct vp_trainconfig *tc)
{
	for (int s = 0; s < VP_TC_SETTING_COUNT; s++)
		if (s != VP_TC_MODEL && tc->at[s].line > 0 && !vp_tc_origin_on_command_line(&tc->at[s]))
			return true;
	return false;
}

/* With --model, a config whose per-device train batch key is under a
 * section and not at the top level (seed 001's per-model file checked as
 * `--model mt5`): --model stands in for the section's model, not for its
 * trainer keys, which check does not read there, so the check would
 * report on the flavour's default batch (TrainingArguments' 8), which the
 * file does not state, beside the section's own 1. An input error at that
 * key instead, as "no model" is without --model, with the same command. */
static int nested_batch_error(const struct check_opts *o, const struct vp_trainconfig *tc, struct vp_error *err)
{
	const struct vp_tc_origin *at = &tc->nested_batch;
	const char *first = strchr(at->key, '\x1f'), *last = strrchr(at->key, '\x1f');
	char section[sizeof at->key], shown[sizeof at->key], expr[2048];
	const char *file = shell_plain(tc->name) && strcmp(tc->name, "-") != 0 ? tc->name : "FILE";
	const char *model = o->model != NULL && shell_plain(o->model) ? o->model : "MODEL";
	size_t lead = 0;

	/* the top-level section: the merge brings each mapping below it up */
	snprintf(section, sizeof section, "%.*s", first != NULL ? (int)(first - at->key) : 0, at->key);
	/* the mappings between it and the key, which nested_batch
	 * (tc_values.c) lists first in the inner ones */
	for (const char *p = first; p != NULL && p < last; p = strchr(p + 1, '\x1f'))
		lead++;
	dotted(at->key, last != NULL ? (size_t)(last - at->key) : 0, shown, sizeof shown);
	if (!merge_expression(section, tc->nested_batch_inner, tc->n_nested_batch_inner, true, lead, expr, sizeof expr))
		return vp_error_at(err, VP_ERR_INPUT, tc->file, at->line, at->column,
				   "no '%s' at the top level: it is under '%s', and check reads a config's top level "
				   "only%s; merge that section into the top level",
				   last != NULL ? last + 1 : at->key, shown,
				   o->model != NULL ? " (--model gives the model, not the section's keys)" : "");
	return vp_error_at(err, VP_ERR_INPUT, tc->file, at->line, at->column,
			   "no '%s' at the top level: it is under '%s', and check reads a config's top level only"
			   "%s; check the section merged into it (yq '%s' %s | vramplan check -%s%s)",
			   last != NULL ? last + 1 : at->key, shown,
			   o->model != NULL ? " (--model gives the model, not the section's keys)" : "", expr, file,
			   o->model != NULL ? " --model " : "", o->model != NULL ? model : "");
}

/* Resolve the model: --model, else the config's reference, through the
 * catalogue first, then as a path relative to the config file, then as
 * given. Errors point at the model key. */
static int resolve_model(const struct check_opts *o, const struct vp_catalog *cat, const struct vp_trainconfig *tc,
			 struct vp_model *m, struct vp_error *err)
{
	char path[1100];
	struct stat st;
	unsigned long line, col;

	/* a model under a section says first what to merge (its hint lifts
	 * the section's batch too) */
	if (o->model == NULL && tc->model[0] == '\0' && tc->nested_model.line > 0)
		return nested_model_error(tc, err);
	/* no model anywhere: that first, so that the nested batch's
	 * command, once --model is given, carries it */
	/* another script's name for it: at that key, naming the one read */
	if (o->model == NULL && tc->model[0] == '\0' && tc->model_like.line > 0 && tc->flavour != VP_TC_DEEPSPEED)
		return vp_error_at(err, VP_ERR_INPUT, tc->file, tc->model_like.line, tc->model_like.column,
				   "no model: check reads it from '%s', not from '%s' (another script's name for it); "
				   "write %s: beside the trainer's keys, or give --model or vramplan.model",
				   tc->flavour == VP_TC_AXOLOTL ? "base_model" : "model_name_or_path", tc->model_like.key,
				   tc->flavour == VP_TC_AXOLOTL ? "base_model" : "model_name_or_path");
	/* a DeepSpeed file with an "auto" micro-batch is not checked on its
	 * own whatever model is given (vp_trainconfig_resolve): say that
	 * first, rather than "no model", which --model would not cure
	 * (LLaMA-Factory's examples/deepspeed/ds_z*_config.json, axolotl's
	 * deepspeed_configs/zero2.json; until 2026-11-30 the user gave --model
	 * and met this error next, tests/cli/check/real-config-corpus.sh) */
	if (o->model == NULL && tc->model[0] == '\0' && tc->batch_auto)
		return vp_trainconfig_auto_batch_error(tc, err);
	if (o->model == NULL && tc->model[0] == '\0')
		return vp_error_at(err, VP_ERR_INPUT, tc->file, 0, 0,
				   "no model: the config names none (%s); give --model or vramplan.model",
				   tc->flavour == VP_TC_AXOLOTL	  ? "base_model"
				   : tc->flavour == VP_TC_DEEPSPEED ? "DeepSpeed configs have no model key"
								    : "model_name_or_path");
	/* the file's batch under a section, none at the top level: the
	 * check would report on a default batch, whoever gives the model;
	 * another trainer key under a section, and none at the top level:
	 * on defaults alone, which the section contradicts (seed 003's
	 * `training:` with gradient_checkpointing: true was checked without
	 * checkpointing, 78.61 GiB, until 2026-11-30) */
	if (tc->nested_batch.line > 0 && tc->at[VP_TC_BATCH].line == 0 &&
	    (!tc->nested_batch_other || !top_level_settings(tc)))
		return nested_batch_error(o, tc, err);
	if (o->model != NULL)
		return vp_cli_resolve_model(cat, o->model, m, err);
	if (vp_catalog_find_model(cat, tc->model) != NULL)
		return vp_cli_resolve_model(cat, tc->model, m, err);
	vp_trainconfig_model_path(tc, path, sizeof path);
	if (strcmp(path, tc->model) != 0 && stat(path, &st) == 0) {
		if (vp_cli_resolve_model(cat, path, m, err) == 0)
			return 0;
	} else if (vp_cli_resolve_model(cat, tc->model, m, err) == 0) {
		return 0;
	}
	if (err->file[0] != '\0' && err->line > 0)
		return -1; /* a config.json error with its own position */
	{
		char msg[sizeof err->message];
		enum vp_status code = err->code;
		snprintf(msg, sizeof msg, "%s", err->message);
		vp_trainconfig_where(tc, VP_TC_MODEL, &line, &col);
		return vp_error_at(err, code, vp_trainconfig_where_file(tc, VP_TC_MODEL), line, col, "%s", msg);
	}
}

/* An hf or axolotl config's `deepspeed:` file gives the ZeRO stage (the
 * rest of it is "auto" values the HF Trainer fills in). The path is tried
 * relative to the config file, then as given: HfDeepSpeedConfig opens it
 * from the working directory, and LLaMA-Factory's and axolotl's examples
 * name it from the repository's root, where they are launched. Errors
 * point at the deepspeed key. */
static int apply_deepspeed_file(struct vp_trainconfig *tc, char *path, size_t size, struct vp_error *err)
{
	struct vp_trainconfig ds;
	struct stat st;

	path[0] = '\0';
	/* an inline mapping's batch keys (ds_given) match the trainer's */
	if (tc->deepspeed[0] == '\0')
		return tc->flavour == VP_TC_DEEPSPEED ? 0 : vp_trainconfig_match_deepspeed(tc, tc, tc->file, err);
	vp_trainconfig_relative_path(tc, tc->deepspeed, path, size);
	if (stat(path, &st) != 0 && stat(tc->deepspeed, &st) == 0)
		snprintf(path, size, "%s", tc->deepspeed);
	if (vp_trainconfig_load_referenced(&ds, path, err) != 0) {
		/* the stage stated (vramplan.zero_stage), the file may live
		 * on the training machine only: nothing to read */
		if (tc->at[VP_TC_ZERO].line > 0 && err->code == VP_ERR_IO) {
			path[0] = '\0';
			return 0;
		}
		if (err->line == 0 && tc->at[VP_TC_DS_FILE].line > 0) {
			char msg[sizeof err->message];
			enum vp_status code = err->code;
			/* a file that is not here (axolotl's and LLaMA-Factory's
			 * examples name one of their repository's): say the way
			 * on, the stage stated, which reads no file (above);
			 * until 2026-12-01 the error ended at the paths tried
			 * (tests/cli/check/deepspeed-file-missing.sh) */
			const char *how =
				code != VP_ERR_IO ? ""
				: tc->flavour == VP_TC_AXOLOTL
					? "; copy it here (axolotl fetch deepspeed_configs copies axolotl's), or give the stage "
					  "it sets: --zero N or vramplan.zero_stage, and check reads no file"
					: "; copy it here, or give the stage it sets: --zero N or vramplan.zero_stage, and "
					  "check reads no file";

			snprintf(msg, sizeof msg, "%s", err->message);
			vp_error_at(err, code, tc->file, tc->at[VP_TC_DS_FILE].line, tc->at[VP_TC_DS_FILE].column,
				    "deepspeed: %s (tried relative to this file and to the working directory)%s", msg,
				    how);
		}
		return -1;
	}
	{
		int rc = vp_trainconfig_match_deepspeed(tc, &ds, path, err);

		if (rc == 0)
			rc = vp_trainconfig_take_deepspeed(tc, &ds, path, err);
		/* vramplan.zero_stage wins over the file's stage */
		if (rc == 0 && tc->at[VP_TC_ZERO].line > 0)
			path[0] = '\0';
		else if (rc == 0)
			rc = vp_trainconfig_set_zero_from_file(tc, ds.train.zero_stage, err);
		vp_trainconfig_free(&ds);
		return rc;
	}
}

/* FILE, or standard input for "-" (named "<stdin>" in diagnostics). */
static int load_config(struct vp_trainconfig *tc, const char *file, const struct vp_tnode *settings,
		       const char *const *typed, const char *model, struct vp_error *err)
{
	char *text = NULL, *grown;
	size_t len = 0, cap = 0, n;
	int rc;

	if (strcmp(file, "-") != 0)
		return vp_trainconfig_load_with(tc, file, settings, typed, model, err);
	memset(tc, 0, sizeof *tc);
	do {
		if (len == cap) {
			if (cap >= VP_READ_FILE_MAX) {
				free(text);
				return vp_error_at(err, VP_ERR_INPUT, "<stdin>", 0, 0, "the input is larger than %zu bytes",
						   (size_t)VP_READ_FILE_MAX);
			}
			cap = cap == 0 ? 65536 : cap * 2;
			grown = realloc(text, cap + 1);
			if (grown == NULL) {
				free(text);
				return vp_error_set(err, VP_ERR_IO, "out of memory reading standard input");
			}
			text = grown;
		}
		n = fread(text + len, 1, cap - len, stdin);
		len += n;
	} while (n > 0);
	if (ferror(stdin)) {
		free(text);
		return vp_error_at(err, VP_ERR_IO, "<stdin>", 0, 0, "cannot read standard input");
	}
	text[len] = '\0';
	rc = vp_trainconfig_parse_with(tc, "<stdin>", text, len, settings, typed, model, err);
	free(text);
	return rc;
}

static size_t matrix_column(struct matrix *mx, const char *gpu)
{
	size_t i;

	for (i = 0; i < mx->n_gpus; i++)
		if (strcmp(mx->gpus[i], gpu) == 0)
			return i;
	if (mx->n_gpus < sizeof mx->gpus / sizeof mx->gpus[0])
		mx->gpus[mx->n_gpus++] = gpu;
	return i;
}

struct file_row {
	const char *cells[MAX_GPUS * 4];
};

static bool gpu_listed_before(const struct vp_gpu *const *checked, size_t n, const struct vp_gpu *g)
{
	for (size_t j = 0; j < n; j++)
		if (checked[j] == g)
			return true;
	return false;
}

/* The warning where an eval step keeps its predictions on the GPU
 * without eval_accumulation_steps over a set of unknown size: the step at
 * which `pass` ("evaluation", "prediction": r a prediction_view) runs out
 * of memory. */
static void warn_unmoved(const struct vp_trainconfig *tc, const struct result *r, const struct vp_gpu *g,
			 const char *pass)
{
	char step[48], from[48];
	unsigned long line, col;

	if (!(r->eval_done && tc->eval.accumulation_steps == 0 && tc->eval.eval_samples == 0 && r->eval_steps_fit > 0))
		return;
	gib(r->ev.predictions_bytes_per_step, step, sizeof step);
	eval_where(tc, &line, &col);
	fprintf(stderr,
		"vramplan: warning: %s:%lu:%lu: eval_accumulation_steps is not set, so every %s step's "
		"predictions (%s at eval batch %" PRIu64 "%s) stay on the GPU until %s ends; on %s "
		"%s runs out of memory at %s step %" PRIu64 " (set eval_accumulation_steps: %" PRIu64 "%s%s)%s\n",
		tc->name, line, col, r->prediction ? "prediction" : "eval", step, r->eval_batch,
		gathered_text(&r->train, from, sizeof from), pass, g->name, pass, r->prediction ? "prediction" : "eval",
		r->eval_steps_fit + 1, r->eval_steps_fit, r->eval_steps_fit > 1 ? " or smaller" : "",
		r->prediction ? "; max_predict_samples states the test set's size" : "",
		tc->eval_logits_assumed
			? "; this assumes a compute_metrics that takes the logits: without one the Trainer "
			  "keeps none (vramplan.eval_predictions: none says so)"
			: "");
}

/* The ::error of an eval step that does not fit (r may be a
 * prediction_view: `pass` then says so, "prediction (do_predict): "), at
 * the key to change; `upper` the verdict's bound. */
static void annotate_eval(const struct check_opts *o, const struct vp_trainconfig *tc, const struct result *r,
			  const struct vp_gpu *g, const char *pass, const char *upper)
{
	unsigned long line, col;
	char peak[48], budget[48], smaller[128] = "", with[64], cap[160];
	bool absent = false;

	peak_text(r->ev.device_bytes, r->eval_past_limit, peak, sizeof peak);
	gib(r->budget, budget, sizeof budget);
	if (r->eval_largest_done && r->eval_largest_batch > 0)
		snprintf(smaller, sizeof smaller, "; the largest eval batch that fits is %" PRIu64,
			 r->eval_largest_batch);
	else if (r->eval_largest_done)
		snprintf(smaller, sizeof smaller, "; not even eval batch 1 fits%s",
			 none_fits_with(tc, r, with, sizeof with));
	/* past one step: eval_accumulation_steps 1 overflows at its
	 * gather (several GPUs), which a smaller eval batch cures,
	 * and so does a larger count of which not even one step
	 * fits: the eval batch's key then */
	if (!r->eval_past_limit && r->ev.peak_moment == VP_EVAL_PREDICTIONS && tc->at[VP_TC_EVAL_ACCUM].line > 0 &&
	    tc->eval.accumulation_steps > 1 && r->eval_steps_fit > 0) {
		/* the kept predictions, not the forward, overflow */
		vp_trainconfig_where(tc, VP_TC_EVAL_ACCUM, &line, &col);
		gh_error(o, tc->file, line, col,
			 "%seval_accumulation_steps %" PRIu64 " does not fit on %s: the kept "
			 "predictions peak at %s, budget %s; at most %" PRIu64 " step%s%s",
			 pass, tc->eval.accumulation_steps, g->name, peak, budget, r->eval_steps_fit,
			 r->eval_steps_fit > 1 ? "s fit" : " fits", upper);
	} else if (!r->eval_past_limit && r->ev.peak_moment == VP_EVAL_PREDICTIONS &&
		   tc->eval.accumulation_steps == 0 && tc->eval.eval_samples > 0) {
		/* the whole set's predictions stay on the GPU */
		char steps_hint[64] = "";

		if (r->eval_steps_fit > 0)
			snprintf(steps_hint, sizeof steps_hint,
				 "; set eval_accumulation_steps: %" PRIu64 " or smaller", r->eval_steps_fit);
		eval_annotation_where(tc, &line, &col, &absent);
		gh_error(o, tc->file, line, col,
			 "%s%s of %" PRIu64 " samples does not fit on %s: eval_accumulation_steps is "
			 "not set, so every step's predictions stay on the GPU until it ends, peak %s, "
			 "budget %s%s%s%s%s",
			 pass, r->prediction ? "the test set" : "evaluation", tc->eval.eval_samples, g->name, peak, budget,
			 steps_hint, smaller, absent ? DEFAULT_EVAL_BATCH_TEXT : "", upper);
	} else {
		eval_annotation_where(tc, &line, &col, &absent);
		gh_error(o, tc->file, line, col,
			 "%seval batch %" PRIu64 "%s%s does not fit on %s: peak %s, budget %s%s%s", pass, r->eval_batch,
			 eval_cap_text(tc, r, cap, sizeof cap), absent ? DEFAULT_EVAL_BATCH_TEXT : "",
			 g->name, peak, budget, smaller, upper);
	}
}

/* The other card a GPU's name could mean (nvidia-smi's name of two cards,
 * 'a100' beside a100-80gb: vp_cli_warn_gpu_namesake) is checked too
 * (--gpu a100 --gpu a100-80gb): the warning that names it would ask for
 * what the command line already gives */
static bool other_card_checked(const struct vp_catalog *cat, const char *const *names, size_t n, const char *key,
			       const struct vp_gpu *g)
{
	const struct vp_gpu *other = vp_catalog_gpu_namesake(cat, key, g);

	if (other == NULL)
		other = vp_catalog_gpu_sibling(cat, key, g);
	if (other == NULL)
		return false;
	for (size_t j = 0; j < n; j++)
		if (vp_catalog_find_gpu(cat, names[j]) == other)
			return true;
	return false;
}

static int check_file(const struct check_opts *o, const struct vp_catalog *cat, const char *file, cJSON *json,
		      struct matrix *mx, struct file_row *row)
{
	struct vp_trainconfig tc;
	struct vp_model m;
	struct vp_error err = {0};
	const char *gpu_names[MAX_GPUS];
	const struct vp_gpu *checked[MAX_GPUS];
	char ds_path[1100] = "";
	char host_said[HOST_NOTES_SIZE];
	size_t n_gpus, i;
	double util;
	uint64_t host_ram, cpus, worker_ram;
	int rc = VP_EXIT_OK;

	if (load_config(&tc, file, o->settings, o->typed, o->model, &err) != 0)
		goto fail;
	if (resolve_model(o, cat, &tc, &m, &err) != 0)
		goto fail;
	if (vp_trainconfig_resolve(&tc, &m, &err) != 0 || vp_trainconfig_warn_read_as(&tc, &m, o->model != NULL, &err) != 0 ||
	    vp_trainconfig_warn_axolotl_kbit(&tc, &m, &err) != 0)
		goto fail;
	/* the experts' warning after the DeepSpeed file, whose ZeRO-3 shards
	 * them over the GPUs (vp_unquantized_experts_shard) */
	if (apply_deepspeed_file(&tc, ds_path, sizeof ds_path, &err) != 0 ||
	    vp_trainconfig_modelled_deepspeed(&tc, &err) != 0 ||
	    vp_trainconfig_warn_unquantized_experts(&tc, &m, &err) != 0)
		goto fail;
	/* a launcher runs the same number of processes on every node */
	if (tc.nodes > 1 && (tc.train.gpus > 0 ? tc.train.gpus : 1) % tc.nodes != 0) {
		bool cli = vp_tc_origin_on_command_line(&tc.nodes_at);

		vp_error_at(&err, VP_ERR_INPUT, cli ? VP_TC_COMMAND_LINE : tc.file, cli ? 0 : tc.nodes_at.line,
			    cli ? 0 : tc.nodes_at.column,
			    "%s%s%llu does not divide the %llu GPU%s: a launcher runs the same number of processes on "
			    "every node",
			    tc.nodes_at.key, cli ? vp_tc_origin_value_sep(&tc.nodes_at) : " ", (unsigned long long)tc.nodes,
			    (unsigned long long)(tc.train.gpus > 0 ? tc.train.gpus : 1), tc.train.gpus > 1 ? "s" : "");
		goto fail;
	}
	/* a card's number under vramplan.gpus ("gpus: 3090", meant as the
	 * RTX 3090) reads as that many GPUs: tc_vramplan.c names a card
	 * written with letters, and a count the catalogue also takes as a
	 * card's name is said here (a whole number, so not refused) */
	if (tc.train.gpus > 8 && strcmp(tc.at[VP_TC_GPUS].key, "vramplan.gpus") == 0 && tc.at[VP_TC_GPUS].line > 0 &&
	    !vp_tc_origin_on_command_line(&tc.at[VP_TC_GPUS]) && o->cli.verbosity >= 1) {
		char count[24];
		const struct vp_gpu *card;

		snprintf(count, sizeof count, "%llu", (unsigned long long)tc.train.gpus);
		card = vp_catalog_find_gpu(cat, count);
		if (card != NULL)
			fprintf(stderr,
				"vramplan: warning: %s:%lu:%lu: 'vramplan.gpus: %s' is read as %s data-parallel GPUs; "
				"'%s' also names the card %s, whose key is 'vramplan.gpu' (or --gpu)\n",
				tc.name, tc.at[VP_TC_GPUS].line, tc.at[VP_TC_GPUS].column, count, count, count,
				card->name);
	}
	if (o->expandable)
		tc.train.expandable_segments = true;
	if (o->memory_fraction > 0.0)
		tc.train.memory_fraction = o->memory_fraction;
	if (o->eval_samples > 0)
		tc.eval.eval_samples = o->eval_samples;
	/* LLaMA-Factory predicts over its evaluation split (tc_settle.c
	 * settle_predict), the example scripts over their test split */
	if (o->eval_samples > 0 && tc.predict.on && tc.flavour == VP_TC_LLAMAFACTORY)
		tc.predict.samples = tc.predict.opts.eval_samples = o->eval_samples;
	/* --bnb-version wins over the config's vramplan.bnb_version */
	if (o->has_bnb)
		tc.train.bnb = o->bnb;
	if (vp_trainconfig_note_reentrant(&tc, &err) != 0)
		goto fail;
	/* the command line wins over the config's vramplan.torch_version */
	if (o->has_torch ? vp_trainconfig_set_pytorch(&tc, &m, o->torch, "--torch-version", &err) != 0
			 : tc.has_pytorch &&
				   vp_trainconfig_set_pytorch(&tc, &m, tc.pytorch,
							      tc.at[VP_TC_TORCH].key[0] != '\0' ? tc.at[VP_TC_TORCH].key
												 : "vramplan.torch_version",
							      &err) != 0)
		goto fail;

	n_gpus = o->n_gpus > 0 ? o->n_gpus : tc.n_gpus;
	for (i = 0; i < n_gpus; i++)
		gpu_names[i] = o->n_gpus > 0 ? o->gpus[i] : tc.gpus[i];
	if (n_gpus == 0) {
		vp_error_at(&err, VP_ERR_INPUT, tc.file, 0, 0, "no GPU: give --gpu or vramplan.gpu in the config");
		goto fail;
	}
	util = o->util > 0.0 ? o->util : tc.util > 0.0 ? tc.util : VP_DEFAULT_UTIL;
	host_ram = o->host_ram > 0 ? o->host_ram : tc.host_ram_bytes;
	cpus = o->cpus > 0 ? o->cpus : tc.cpus;
	worker_ram = o->worker_ram > 0 ? o->worker_ram : tc.worker_ram_bytes;
	if (!o->json) {
		print_notes(o, &tc, &m);
		if (ds_path[0] != '\0' && o->cli.verbosity >= 1) {
			char shown[sizeof ds_path];

			memcpy(shown, ds_path, sizeof shown);
			vp_text_one_line(shown);
			fprintf(stderr, "vramplan: note: %s: ZeRO stage %d from %s\n", tc.name, tc.train.zero_stage,
				shown);
		}
	}
	if (o->cli.verbosity >= 1) {
		/* the length the config trains at, past the context the
		 * model was trained for: it runs, so a warning at its key */
		uint64_t gen = tc.eval.generate && m.arch != VP_ARCH_ENCDEC ? tc.eval.max_new_tokens : 0;
		const struct vp_tc_origin *at = &tc.at[VP_TC_SEQ_LEN];
		char tail[512], where[64] = "";

		if (vp_cli_past_context(&m, tc.train.seq_len, gen, tail, sizeof tail)) {
			/* a default length has no key to point at */
			if (at->line > 0)
				snprintf(where, sizeof where, ":%lu:%lu", at->line, at->column);
			if (tc.train.seq_len > vp_model_context_tokens(&m) || gen == 0)
				fprintf(stderr, "vramplan: warning: %s%s: %s %" PRIu64 " is longer than %s\n", tc.name,
					where, at->line > 0 ? at->key : "the sequence length", tc.train.seq_len, tail);
			else
				fprintf(stderr, "vramplan: warning: %s%s: %s %" PRIu64 " and %" PRIu64
					" generated tokens reach position %" PRIu64 ", past %s\n",
					tc.name, where, at->line > 0 ? at->key : "the sequence length", tc.train.seq_len,
					gen, tc.train.seq_len + gen, tail);
		}
	}
	/* seed 000's rule holds whatever the RAM: --cpus alone warns (docs/check.md) */
	if (o->cli.verbosity >= 1 && cpus > 0 && tc.num_workers > cpus / 3)
		fprintf(stderr,
			"vramplan: warning: %s:%lu:%lu: %" PRIu64 " DataLoader workers on %" PRIu64
			" cores; more than a third of the cores starves the trainer's own threads\n",
			tc.name, tc.at[VP_TC_WORKERS].line, tc.at[VP_TC_WORKERS].column, tc.num_workers, cpus);

	host_said[0] = '\0';
	for (i = 0; i < n_gpus; i++) {
		const struct vp_gpu *g;
		struct result r;
		unsigned long line, col;
		size_t colm;
		struct bound_keys b;
		enum vp_tc_bound verdict;
		char words[BOUND_KEYS * 100], upper[sizeof words + 64];

		memset(&r, 0, sizeof r);
		if (vp_cli_resolve_gpu(cat, gpu_names[i], &g, &err) != 0) {
			if (o->n_gpus == 0) {
				char msg[sizeof err.message];
				snprintf(msg, sizeof msg, "%s", err.message);
				if (vp_tc_origin_on_command_line(&tc.gpu_at[i]))
					vp_error_at(&err, VP_ERR_INPUT, VP_TC_COMMAND_LINE, 0, 0, "--set gpu: %s", msg);
				else
					vp_error_at(&err, VP_ERR_INPUT, tc.file, tc.gpu_at[i].line, tc.gpu_at[i].column, "%s",
						    msg);
			}
			goto fail;
		}
		if (!other_card_checked(cat, gpu_names, n_gpus, gpu_names[i], g))
			vp_cli_warn_gpu_namesake(&o->cli, cat, gpu_names[i], g);
		/* two names of one GPU (--gpu v100 --gpu tesla-v100, or nvidia-smi's
		 * name beside the catalogue's) are one check: its line, JSON object
		 * and annotations once, as the matrix has one column for it */
		checked[i] = g;
		if (gpu_listed_before(checked, i, g)) {
			if (o->cli.verbosity >= 1)
				fprintf(stderr, "vramplan: note: %s: GPU '%s' is '%s', checked once\n", tc.name,
					gpu_names[i], g->name);
			continue;
		}
		if (run_checks(o, &tc, &m, g, util, host_ram, cpus, worker_ram, &r, &err) != 0) {
			char msg[sizeof err.message];
			/* an error that names its own place keeps it (the
			 * command line's has none); one about an input, at
			 * that input's key; any other at the batch's */
			if (err.line == 0 && strcmp(err.file, VP_TC_COMMAND_LINE) != 0) {
				enum vp_tc_setting at = about_setting(&tc, err.about);

				snprintf(msg, sizeof msg, "%s", err.message);
				vp_trainconfig_where(&tc, at, &line, &col);
				if (vp_tc_origin_on_command_line(&tc.at[at]))
					vp_error_at(&err, VP_ERR_INPUT, VP_TC_COMMAND_LINE, 0, 0, "'%s': %s", tc.at[at].key, msg);
				else
					vp_error_at(&err, VP_ERR_INPUT, tc.file, line, col, "%s", msg);
			}
			goto fail;
		}
		/*
		 * bf16 on a GPU without it (V100, T4). TrainingArguments raises
		 * "Your setup doesn't support bf16/gpu" where transformers'
		 * is_torch_bf16_gpu_available() is false, which asks
		 * torch.cuda.is_bf16_supported(): from PyTorch 2.3 that falls back
		 * to creating a bf16 tensor (pytorch/pytorch#115924, merged
		 * 2024-01-01), which any CUDA GPU can, so the Trainer starts and
		 * the step runs bf16 emulated, far slower. Before 2.3 it compared
		 * the compute capability with 8 and the Trainer refused.
		 */
		if ((r.train.precision == VP_PREC_AMP_BF16 || r.train.precision == VP_PREC_BF16) && !g->bf16 &&
		    o->cli.verbosity >= 1) {
			char pos[48] = "";

			vp_trainconfig_where(&tc, VP_TC_PRECISION, &line, &col);
			if (line > 0)
				snprintf(pos, sizeof pos, ":%lu:%lu", line, col);
			fprintf(stderr, "vramplan: warning: %s%s: bf16 on GPU '%s', which has no native bf16: %s\n",
				tc.name, pos, g->name,
				tc.train.pytorch == VP_PYTORCH_1 || tc.train.pytorch == VP_PYTORCH_2_0
					? "the HF Trainer refuses it (before PyTorch 2.3, torch.cuda.is_bf16_supported() "
					  "is false there)"
					: "from PyTorch 2.3 torch.cuda.is_bf16_supported() counts emulation, so the HF "
					  "Trainer starts and bf16 runs emulated, far slower (before 2.3 the Trainer "
					  "refuses it); the GPU runs fp16 natively");
		}
		/*
		 * FlashAttention-2 on a GPU that does not run it (pre-Ampere:
		 * V100, T4, RTX 20xx; the catalogue's flash_attn): flash-attn
		 * refuses it ("FlashAttention only supports Ampere GPUs or
		 * newer"), and the estimate counts SDPA there
		 * (activations.c vp_est_effective_attn), as plan warns
		 * (resolve.c). gpt-oss's FlashAttention path is
		 * FlashAttention-3 with sinks, Hopper's, and eager is counted
		 * below it. Until 2026-11-30 check said nothing of it.
		 */
		/* FlashAttention asked for where it does not run: a model
		 * without a FlashAttention-2 path, which from_pretrained
		 * refuses on every GPU (resolve.c says the same for plan; until
		 * 2026-12-01 check blamed the GPU, or said nothing on one that
		 * runs FlashAttention-2), else a GPU without it, or without
		 * gpt-oss's FlashAttention-3 */
		if (r.train.attn == VP_ATTN_FLASH2 && o->cli.verbosity >= 1) {
			enum vp_attn has = vp_attn_that_runs(&m, NULL, VP_ATTN_FLASH2);
			bool fa3_missing = vp_model_is_gpt_oss(&m) && g->compute_capability < 90;
			char pos[48] = "";

			vp_trainconfig_where(&tc, VP_TC_ATTN, &line, &col);
			if (line > 0)
				snprintf(pos, sizeof pos, ":%lu:%lu", line, col);
			if (has != VP_ATTN_FLASH2)
				fprintf(stderr,
					"vramplan: warning: %s%s: model_type '%s' has no FlashAttention-2 path in "
					"transformers (from_pretrained refuses attn_implementation=\"flash_attention_2\" "
					"for it, and the run does not start): checked with %s attention\n",
					tc.name, pos, m.model_type, vp_attn_name(has));
			else if (fa3_missing)
				fprintf(stderr,
					"vramplan: warning: %s%s: GPU '%s' does not run FlashAttention-3, "
					"gpt-oss's kernel with sinks; eager attention is assumed\n",
					tc.name, pos, g->name);
			else if (!g->flash_attn)
				fprintf(stderr,
					"vramplan: warning: %s%s: GPU '%s' does not run FlashAttention-2; "
					"%s attention is assumed\n",
					tc.name, pos, g->name, vp_attn_name(vp_attn_that_runs(&m, g, r.train.attn)));
		}
		/* T5's fp16 overflow (model.c vp_model_overflows_fp16) */
		if ((r.train.precision == VP_PREC_AMP_FP16 || r.train.precision == VP_PREC_FP16) &&
		    vp_model_overflows_fp16(&m) && o->cli.verbosity >= 1) {
			char pos[48] = "";

			vp_trainconfig_where(&tc, VP_TC_PRECISION, &line, &col);
			/* a precision from the command line has no place in the file */
			if (line > 0)
				snprintf(pos, sizeof pos, ":%lu:%lu", line, col);
			/* one a GPU, each naming it: the advice is the GPU's.
			 * LLaMA-Factory loads a LoRA base in fp16 on a GPU
			 * without bf16 whatever its keys say (infer_optim_dtype:
			 * fp16: false is read so, resolve.c), so fp32 there is a
			 * full fine-tune; until 2026-12-01 the advice was the
			 * fp16: false such a config may already say */
			fprintf(stderr,
				"vramplan: warning: %s%s: %s was pretrained in bf16 and overflows fp16 (training "
				"loss turns to nan); GPU '%s' %s\n",
				tc.name, pos, m.name, g->name,
				g->bf16 ? "has bf16: train it in bf16 (bf16: true)"
				: tc.flavour == VP_TC_LLAMAFACTORY && vp_train_has_adapters(&r.train)
					? "has no bf16, where LLaMA-Factory loads a LoRA base in fp16 (infer_optim_dtype): "
					  "train it in fp32 with finetuning_type: full and fp16: false"
					: "has no bf16, so train it in fp32 (fp16: false)");
		}
		if (o->cli.verbosity >= 1)
			warn_unmoved(&tc, &r, g, "evaluation");
		/* predict() over a test set of unknown size runs out alike,
		 * said once where its step is the evaluation's */
		if (o->cli.verbosity >= 1 && r.pred_done && !r.pred_same) {
			struct vp_trainconfig ptc;
			struct result pr;

			prediction_tc(&tc, &ptc);
			prediction_view(&r, &pr);
			warn_unmoved(&ptc, &pr, g, "prediction");
		}
		if (o->json)
			cJSON_AddItemToArray(json, json_result(&tc, &m, &r, util));
		else
			print_text(&tc, &r);
		if (!o->json && o->cli.verbosity >= 1)
			print_eval_notes(&tc, &r, host_said, sizeof host_said);
		colm = matrix_column(mx, g->name);
		if (colm < sizeof row->cells / sizeof row->cells[0])
			row->cells[colm] = r.fits ? "FITS" : "DOES NOT FIT";

		/* the verdict's bound (verdict_bound): a fit that rests on keys
		 * that would raise the peak is a warning at the first of them;
		 * each train or eval failure says that keys would lower its peak,
		 * whatever host RAM's verdict (which they do not lower) */
		verdict = verdict_bound(&tc, &r, &b);
		upper[0] = '\0';
		if (verdict == VP_TC_BOUND_UNDER)
			gh_warning(o, tc.file, b.n[0]->line, b.n[0]->column,
				   "%s fits on %s as counted, a lower bound: %s", m.name, g->name,
				   bound_words(&b, verdict, words, sizeof words));
		bound_keys(&tc, VP_TC_BOUND_OVER, &b);
		if (!r.fits && b.count > 0)
			snprintf(upper, sizeof upper, "; as counted, an upper bound: %s",
				 bound_words(&b, VP_TC_BOUND_OVER, words, sizeof words));
		if (r.fits)
			continue;
		rc = VP_EXIT_NOFIT;
		if (!r.train_fits) {
			char peak[48], budget[48], bound[64];
			peak_text(r.est.device_bytes, r.train_past_limit, peak, sizeof peak);
			gib(r.budget, budget, sizeof budget);
			/* the cap, where the job sets one, may be what decided the budget */
			if (r.train.memory_fraction > 0.0)
				snprintf(bound, sizeof bound, "util %g, memory fraction %g", util, r.train.memory_fraction);
			else
				snprintf(bound, sizeof bound, "util %g", util);
			if (r.largest_batch == 0) {
				vp_trainconfig_where(&tc, VP_TC_MODEL, &line, &col);
				gh_error(o, tc.file, line, col,
					 "%s does not fit on %s even at batch 1: peak %s, budget %s (%s)%s", m.name,
					 g->name, peak, budget, bound, upper);
			} else {
				vp_trainconfig_where(&tc, VP_TC_BATCH, &line, &col);
				gh_error(o, tc.file, line, col,
					 "train batch %" PRIu64 " does not fit on %s: peak %s, budget %s (%s); "
					 "the largest batch that fits is %" PRIu64 "%s",
					 r.train.batch, g->name, peak, budget, bound, r.largest_batch, upper);
			}
		}
		if (r.eval_done && !r.eval_fits)
			annotate_eval(o, &tc, &r, g, "", upper);
		if (r.pred_done && !r.pred_fits && !(r.pred_same && r.eval_done && !r.eval_fits)) {
			struct vp_trainconfig ptc;
			struct result pr;

			prediction_tc(&tc, &ptc);
			prediction_view(&r, &pr);
			annotate_eval(o, &ptc, &pr, g, "prediction (do_predict): ", upper);
		}
		if (r.host_done && !r.host.fits) {
			char total[48], limit[48];
			gib(r.host.total_bytes, total, sizeof total);
			gib(r.host_limit, limit, sizeof limit);
			vp_trainconfig_where(&tc, VP_TC_WORKERS, &line, &col);
			char fewer[64] = "";

			if (r.host_workers_done && r.host_workers_none)
				snprintf(fewer, sizeof fewer, "; over without workers too");
			else if (r.host_workers_done)
				snprintf(fewer, sizeof fewer, "; at most %" PRIu64 " worker%s fit%s", r.host_workers_fit,
					 r.host_workers_fit == 1 ? "" : "s", r.host_workers_fit == 1 ? "s" : "");
			gh_error(o, tc.file, line, col,
				 "host RAM %s exceeds the limit %s with %" PRIu64 " DataLoader workers%s%s", total, limit,
				 r.host.num_workers,
				 r.host_in_predict     ? " during prediction"
				 : r.host.peak_in_eval ? " during evaluation"
				 : r.host.peak_in_save ? (r.host.save_in_checkpoint ? (r.train.fsdp ? " at an FSDP checkpoint save"
											  : " at a DeepSpeed checkpoint save")
							  : r.save_bytes > 0	      ? " at a ZeRO-3 save"
										      : " at a save")
						       : "",
				 fewer);

		}
	}
	vp_trainconfig_free(&tc);
	return rc;

fail:
	rc = report(o, &err);
	if (o->json)
		cJSON_AddItemToArray(json, json_error(file, &err));
	for (i = 0; i < sizeof row->cells / sizeof row->cells[0]; i++)
		if (row->cells[i] == NULL)
			row->cells[i] = "ERROR";
	vp_trainconfig_free(&tc);
	return rc;
}

static int worse(int a, int b)
{
	return a > b ? a : b;
}

static void free_opts(struct check_opts *o)
{
	vp_tree_free(o->settings);
	free(o->typed);
}

int vp_cmd_check(int argc, char **argv)
{
	struct check_opts o;
	struct vp_catalog cat;
	struct vp_error err = {0};
	struct matrix mx;
	struct file_row *rows = NULL;
	cJSON *json = NULL;
	size_t i, j;
	int rc = parse_args(argc, argv, &o);

	if (rc != VP_CLI_RUN) {
		free_opts(&o);
		return rc;
	}
	if (vp_cli_load_catalog(&o.cli, &cat, &err) != 0) {
		vp_catalog_free(&cat);
		free_opts(&o);
		return report(&o, &err);
	}
	memset(&mx, 0, sizeof mx);
	rows = calloc(o.n_files, sizeof *rows);
	if (o.json)
		json = cJSON_CreateArray();
	if (rows == NULL || (o.json && json == NULL)) {
		free(rows);
		vp_catalog_free(&cat);
		free_opts(&o);
		fputs("vramplan: out of memory\n", stderr);
		return VP_EXIT_IO;
	}

	rc = VP_EXIT_OK;
	for (i = 0; i < o.n_files; i++)
		rc = worse(rc, check_file(&o, &cat, o.files[i], json, &mx, &rows[i]));

	if (o.json) {
		char *s;

		json_utf8(json);
		s = cJSON_Print(json);
		if (s == NULL) {
			fputs("vramplan: out of memory\n", stderr);
			rc = worse(rc, VP_EXIT_IO);
		} else {
			fputs(s, stdout);
			fputc('\n', stdout);
			cJSON_free(s);
		}
	} else if (mx.n_gpus > 1) {
		/* several GPUs: a matrix, rows = files, columns = GPUs */
		const char *cells[MAX_GPUS * 4 + 1];

		vp_table_init(&mx.table, mx.n_gpus + 1, 0);
		cells[0] = "file";
		for (j = 0; j < mx.n_gpus; j++)
			cells[j + 1] = mx.gpus[j];
		vp_table_add(&mx.table, cells);
		for (i = 0; i < o.n_files; i++) {
			char name[512];

			/* one row a file, whatever its name holds */
			vp_utf8_copy(name, sizeof name, o.files[i]);
			vp_text_one_line(name);
			cells[0] = name;
			for (j = 0; j < mx.n_gpus; j++)
				cells[j + 1] = rows[i].cells[j] != NULL ? rows[i].cells[j] : "-";
			vp_table_add(&mx.table, cells);
		}
		fputc('\n', stdout);
		if (vp_table_print(&mx.table, stdout) != 0) {
			fputs("vramplan: out of memory\n", stderr);
			rc = worse(rc, VP_EXIT_IO);
		}
		vp_table_free(&mx.table);
	}
	cJSON_Delete(json);
	free(rows);
	vp_catalog_free(&cat);
	free_opts(&o);
	return rc;
}
