/* Diagnostics, output streams and tables of the command-line layer. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vramplan/utf8.h"
#include "vramplan/cli.h"
#include "vramplan/names.h"
#include "vramplan/sizes.h"

int vp_cli_usage_error(const char *command, const char *fmt, ...)
{
	va_list ap;

	fputs("vramplan: ", stderr);
	if (command != NULL)
		fprintf(stderr, "%s: ", command);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'vramplan %s%s--help' for more information.\n", command != NULL ? command : "",
		command != NULL ? " " : "");
	return VP_EXIT_USAGE;
}

/* An option as a message names it: --name when it has one, else -c (a
 * byte that does not print as \xNN, so no control byte reaches a
 * terminal). */
static void getopt_label(int id, const struct option *longopts, char *buf, size_t size)
{
	const struct option *l;

	for (l = longopts; l->name != NULL; l++) {
		if (l->val == id) {
			snprintf(buf, size, "--%s", l->name);
			return;
		}
	}
	if (id > ' ' && id < 0x7f)
		snprintf(buf, size, "-%c", id);
	else
		snprintf(buf, size, "-\\x%02x", (unsigned)id & 0xffu);
}

/*
 * The option an unknown long one misspells: Hugging Face's and Python's
 * flags are written with underscores (--seq_len, --host_ram, --grad_ckpt),
 * so '_' reads as '-' and case is ignored; then the nearest name at most
 * one edit per four characters of it (two at most), as a config key's typo
 * is found (tc_values.c note_ignored). NULL where none is that near.
 */
static const char *near_long_option(const char *name, size_t len, const struct option *longopts)
{
	char norm[64];
	const char *best = NULL;
	size_t best_d = 3, i;

	if (len >= sizeof norm)
		return NULL;
	for (i = 0; i < len; i++)
		norm[i] = name[i] == '_' ? '-' : (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
	norm[len] = '\0';
	for (const struct option *l = longopts; l->name != NULL; l++) {
		size_t d = vp_edit_distance(norm, l->name);

		if (d < best_d && 4 * d <= len) {
			best_d = d;
			best = l->name;
		}
	}
	return best;
}

int vp_cli_getopt_error(const char *command, int c, char *const *argv, const struct option *longopts)
{
	char label[64];

	/* named as typed: "-m" (or "-qm") for the short form, which getopt
	 * reports by its long option's value alike */
	if (c == ':') {
		if (optind > 0 && strncmp(argv[optind - 1], "--", 2) != 0 && optopt > ' ' && optopt < 0x7f)
			snprintf(label, sizeof label, "-%c", optopt);
		else
			getopt_label(optopt, longopts, label, sizeof label);
		return vp_cli_usage_error(command, "option '%s' needs a value", label);
	}
	/*
	 * optopt tells the cases apart, where the argument before optind does
	 * not: inside a cluster ("-xv") optind has not moved past it yet.
	 * 0 is a long option getopt_long could not resolve; a long option's
	 * value is one given to an option without a value (--quiet=1); any
	 * other is an unknown short option.
	 */
	if (optopt == 0) {
		const char *arg = argv[optind - 1];
		size_t len = strcspn(arg, "="), n = 0;
		char arg_shown[61];
		char cands[512];
		const struct option *l;

		if (len > 60)
			len = 60;
		/* cut at 60 bytes, not inside a character (a message is one
		 * line of valid UTF-8), control characters shown as '?' */
		memcpy(arg_shown, arg, len);
		arg_shown[len] = '\0';
		vp_utf8_trim_cut(arg_shown);
		vp_text_one_line(arg_shown);
		cands[0] = '\0';
		for (l = longopts; len > 2 && strncmp(arg, "--", 2) == 0 && l->name != NULL; l++) {
			if (strncmp(l->name, arg + 2, len - 2) == 0) {
				size_t used = strlen(cands);

				snprintf(cands + used, sizeof cands - used, "%s--%s", n > 0 ? ", " : "", l->name);
				n++;
			}
		}
		if (n > 1)
			return vp_cli_usage_error(command, "option '%s' is ambiguous (%s)", arg_shown, cands);
		if (n == 0 && len > 2 && strncmp(arg, "--", 2) == 0) {
			const char *near = near_long_option(arg + 2, len - 2, longopts);

			if (near != NULL)
				return vp_cli_usage_error(command, "unknown option '%s' (did you mean '--%s'?)",
							  arg_shown, near);
		}
		return vp_cli_usage_error(command, "unknown option '%s'", arg_shown);
	}
	getopt_label(optopt, longopts, label, sizeof label);
	if (label[1] == '-')
		return vp_cli_usage_error(command, "option '%s' takes no value", label);
	return vp_cli_usage_error(command, "unknown option '%s'", label);
}

int vp_cli_parse_fraction(const char *s, const char *flag, double *out, struct vp_error *err)
{
	double v;

	if (vp_parse_double(s, flag, -1e308, 1e308, &v, err) != 0)
		/* the parser's message would give its own range, not the fraction's */
		return vp_error_set(err, VP_ERR_INPUT,
				    "invalid number '%.40s' for %s (expected a fraction greater than 0 and at most 1)", s,
				    flag);
	if (!(v > 0.0 && v <= 1.0))
		return vp_error_set(err, VP_ERR_INPUT,
				    "value '%s' for %s is out of range (expected a fraction greater than 0 and at most 1)", s,
				    flag);
	*out = v;
	return 0;
}

int vp_cli_report(const struct vp_error *err)
{
	char line[1200];

	vp_error_format(err, line, sizeof line);
	fprintf(stderr, "vramplan: %s\n", line);
	return err->code == VP_ERR_IO ? VP_EXIT_IO : VP_EXIT_USAGE;
}

/* Print "vramplan: KIND: " and the message, unless o->seen holds its text
 * already (FNV-1a over the whole line; a collision, one in 2^64 a pair,
 * would drop a line). */
static void diagnostic(const struct vp_cli_opts *o, const char *kind, const char *fmt, va_list ap)
{
	struct vp_cli_seen *seen = o != NULL ? o->seen : NULL;
	uint64_t h = 14695981039346656037u;
	char *text;
	va_list again;
	int len;
	size_t i;

	if (seen == NULL) {
		fprintf(stderr, "vramplan: %s: ", kind);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		return;
	}
	va_copy(again, ap);
	len = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	text = len >= 0 ? malloc((size_t)len + 1) : NULL;
	if (text == NULL) { /* print it, as without seen */
		fprintf(stderr, "vramplan: %s: ", kind);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		return;
	}
	vsnprintf(text, (size_t)len + 1, fmt, ap);
	for (i = 0; kind[i] != '\0'; i++)
		h = (h ^ (unsigned char)kind[i]) * 1099511628211u;
	for (i = 0; text[i] != '\0'; i++)
		h = (h ^ (unsigned char)text[i]) * 1099511628211u;
	for (i = 0; i < seen->n && seen->hash[i] != h; i++)
		;
	if (i == seen->n) {
		if (seen->n < VP_CLI_SEEN_MAX)
			seen->hash[seen->n++] = h;
		fprintf(stderr, "vramplan: %s: %s\n", kind, text);
	}
	free(text);
}

void vp_cli_warn(const struct vp_cli_opts *o, const char *fmt, ...)
{
	va_list ap;

	if (o != NULL && o->verbosity < 1)
		return;
	va_start(ap, fmt);
	diagnostic(o, "warning", fmt, ap);
	va_end(ap);
}

bool vp_cli_past_context(const struct vp_model *m, uint64_t seq_len, uint64_t gen, char *buf, size_t size)
{
	uint64_t context = vp_model_context_tokens(m);
	const char *key = vp_model_context_key(m);
	const char *kind = m->pos == VP_POS_ROTARY ? "RoPE" : m->pos == VP_POS_ALIBI ? "ALiBi" : "relative positions";

	if (context == 0 || seq_len > UINT64_MAX - gen || seq_len + gen <= context)
		return false;
	/* Releases that scale RoPE state the scaled context in the key
	 * (Llama 3.1: rope_type llama3 from 8192 trained tokens, 131072 in
	 * max_position_embeddings), so the limit already includes it;
	 * without one, scaling is how a run goes longer on purpose. */
	if (m->rope_scaled)
		snprintf(buf, size,
			 "the %" PRIu64 "-token context of model '%s' (%s %" PRIu64 ", its rope_scaling already "
			 "counted, as in Llama 3.1's config): %s runs past it, but on positions the model was not "
			 "trained for, so expect worse results",
			 context, m->name, key, context, kind);
	else
		snprintf(buf, size,
			 "the %" PRIu64 "-token context of model '%s' (%s %" PRIu64 "): %s runs past it, but on "
			 "positions the model was not trained for, so expect worse results%s",
			 context, m->name, key, context, kind,
			 m->pos == VP_POS_ROTARY ? " unless config.json extends it (rope_scaling)" : "");
	return true;
}

void vp_cli_note(const struct vp_cli_opts *o, const char *fmt, ...)
{
	va_list ap;

	if (o == NULL || o->verbosity < 2)
		return;
	va_start(ap, fmt);
	diagnostic(o, "note", fmt, ap);
	va_end(ap);
}

static bool to_stdout(const struct vp_cli_opts *o)
{
	return o->output == NULL || strcmp(o->output, "-") == 0;
}

FILE *vp_cli_open_output(const struct vp_cli_opts *o, struct vp_error *err)
{
	FILE *f;

	if (to_stdout(o))
		return stdout;
	f = fopen(o->output, "w");
	if (f == NULL)
		vp_error_set(err, VP_ERR_IO, "cannot open '%s' for writing: %s", o->output, strerror(errno));
	return f;
}

int vp_cli_close_output(const struct vp_cli_opts *o, FILE *out, int rc)
{
	int bad, e = 0;

	if (out == NULL || out == stdout)
		return rc;
	bad = ferror(out);
	if (bad)
		e = errno;
	if (fclose(out) != 0) {
		bad = 1;
		e = errno;
	}
	if (bad && (rc == VP_EXIT_OK || rc == VP_EXIT_NOFIT)) {
		fprintf(stderr, "vramplan: cannot write '%s': %s\n", o->output, e != 0 ? strerror(e) : "write error");
		rc = VP_EXIT_IO;
	}
	return rc;
}

void vp_cli_guard_std_fds(void)
{
	int fd;

	/* A closed descriptor would be handed to the next open(): the
	 * catalogue, or the -o file, would become "stdout". Hold each closed
	 * one with /dev/null opened read-only, so writes to it still fail
	 * (EBADF) and the closed stdout is reported. */
	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
			int nfd = open("/dev/null", O_RDONLY);

			if (nfd >= 0 && nfd != fd)
				close(nfd);
		}
	}
	/* A pipe whose reader has gone (`vramplan ... | head -c0`, a launcher
	 * that stopped reading) is a closed stdout too. By default the first
	 * write past it raises SIGPIPE, which ends the process with status 141
	 * and no message: a wrapper saw neither the documented exit 3 nor a
	 * reason (README "Exit codes"). Ignored, the write fails with EPIPE
	 * instead, and vp_cli_finish reports it as any other failed write
	 * (POSIX write(2): EPIPE when SIGPIPE is ignored). */
	signal(SIGPIPE, SIG_IGN);
}

int vp_cli_finish(int rc)
{
	int bad = ferror(stdout), e = 0;

	errno = 0;
	if (fclose(stdout) != 0) {
		bad = 1;
		e = errno;
	}
	/* An output that was not written is an I/O error whatever else the
	 * command found: `check` reports the worst status of all (3 over 2
	 * over 1, docs/check.md "Exit status"), and a CI gate whose results
	 * were lost must not read as an ordinary "does not fit". */
	if (bad && rc != VP_EXIT_IO) {
		fprintf(stderr, "vramplan: cannot write the output: %s\n", e != 0 ? strerror(e) : "write error");
		rc = VP_EXIT_IO;
	}
	return rc;
}

int vp_cli_report_option(const char *option, const struct vp_error *err)
{
	char line[1200];

	vp_error_format(err, line, sizeof line);
	if (strstr(line, option) != NULL)
		fprintf(stderr, "vramplan: %s\n", line);
	else
		fprintf(stderr, "vramplan: %s: %s\n", option, line);
	return err->code == VP_ERR_IO ? VP_EXIT_IO : VP_EXIT_USAGE;
}

bool vp_cli_stderr_colour(void)
{
	const char *no_colour = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	if (no_colour != NULL && no_colour[0] != '\0')
		return false;
	if (term != NULL && strcmp(term, "dumb") == 0)
		return false;
	return isatty(STDERR_FILENO) == 1;
}

/* ------------------------------------------------------------------ table */

void vp_table_init(struct vp_table *t, size_t ncols, unsigned right_mask)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols;
	t->right_mask = right_mask;
}

void vp_table_add(struct vp_table *t, const char *const *cells)
{
	size_t c;

	if (t->failed)
		return;
	if (t->nrows == t->cap) {
		size_t ncap = t->cap > 0 ? t->cap * 2 : 16;
		char **n = realloc(t->cells, ncap * t->ncols * sizeof *n);

		if (n == NULL) {
			t->failed = true;
			return;
		}
		t->cells = n;
		t->cap = ncap;
	}
	for (c = 0; c < t->ncols; c++) {
		const char *s = cells[c] != NULL ? cells[c] : "";
		size_t len = strlen(s);
		char *copy = malloc(len + 1);

		if (copy == NULL) {
			t->failed = true;
			/* keep the row well-formed for vp_table_free() */
			for (; c < t->ncols; c++)
				t->cells[t->nrows * t->ncols + c] = NULL;
			t->nrows++;
			return;
		}
		memcpy(copy, s, len + 1);
		t->cells[t->nrows * t->ncols + c] = copy;
	}
	t->nrows++;
}

int vp_table_print(const struct vp_table *t, FILE *out)
{
	size_t width[32], r, c;

	if (t->failed || t->ncols > sizeof width / sizeof width[0])
		return -1;
	for (c = 0; c < t->ncols; c++) {
		width[c] = 0;
		for (r = 0; r < t->nrows; r++) {
			size_t len = strlen(t->cells[r * t->ncols + c]);

			if (len > width[c])
				width[c] = len;
		}
	}
	for (r = 0; r < t->nrows; r++) {
		size_t pending = 0; /* blanks owed before the next text: none trail */

		for (c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];
			size_t len = strlen(s);

			if (c > 0)
				pending += 2;
			if ((t->right_mask >> c) & 1u)
				pending += width[c] - len;
			if (len > 0) {
				fprintf(out, "%*s%s", (int)pending, "", s);
				pending = 0;
			}
			if (!((t->right_mask >> c) & 1u))
				pending += width[c] - len;
		}
		fputc('\n', out);
	}
	return 0;
}

void vp_table_free(struct vp_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof *t);
}
