/*
 * The LM head's logits and the loss (docs/memory-model.md, "Logits and
 * loss").
 */
#include "estimate_internal.h"

#include <math.h>

/* litgpt's lm_head_chunk_size and the chunk of one cross-entropy call
 * (litgpt/utils.py chunked_cross_entropy, chunk_size=128), in positions of
 * each sequence: GPT.forward splits the LM head's input along the sequence
 * (x.split(lm_head_chunk_size, dim=1)), so a chunk holds 128 positions of
 * every sequence of the batch. */
#define VP_LOSS_CHUNK_TOKENS 128.0

/* transformers' ForCausalLMLoss upcasts (logits.float()) for every causal LM
 * it defines, and ForMaskedLMLoss for ModernBertForMaskedLM, which calls
 * self.loss_function; Qwen v1's remote code, T5, BART and BERT heads call
 * CrossEntropyLoss on the logits as they are. */
static bool loss_upcasts(const struct ctx *c)
{
	if (c->t->head == VP_HEAD_MASKED_LM)
		return c->m->naming == VP_NAMING_MODERNBERT;
	return c->t->head == VP_HEAD_CAUSAL_LM && c->m->naming != VP_NAMING_QWEN;
}


/* Is the training's loss counted at 12 bytes a logit? When the model's code
 * upcasts, or in fp32 training: log_softmax's fp32 output, saved, and two
 * fp32 gradients at the start of backward. And under autocast for a head
 * that calls CrossEntropyLoss on 16-bit logits, for other tensors:
 * cross_entropy_loss passes the logits' dtype to log_softmax (aten
 * LossNLL.cpp), which autocast's fp32_set_opt_dtype leaves alone, so the
 * saved log-probabilities are 16-bit; nll_loss (autocast's fp32 list) saves
 * its fp32 cast of them (NllLossBackward0 keeps self); accelerate converts
 * the returned logits to fp32 (convert_outputs_to_fp32): 2e + 8 = 12 at the
 * end of the forward (traced: MS-MT5B-bf16-gc-b32, traces/2026-11-23-
 * mt5-gc.txt, 1954 + 1954 + 3908 + 3908 MiB). */
static bool fp32_loss(const struct ctx *c)
{
	return c->e == 4.0 || loss_upcasts(c) || vp_est_under_autocast(c);
}

/*
 * Bytes per logit at the peak of the evaluation's loss (forward only, no_grad:
 * nothing is kept for a backward). transformers' ForCausalLMLoss upcasts
 * (logits.float()) and log_softmax writes fp32: the logits, the copy and the
 * log-probabilities, e + 8 (4 + 4 when the logits are fp32 already). A head
 * that calls CrossEntropyLoss on the logits as they are (T5, BART, BERT's
 * MLM, Qwen v1) gets 16-bit log-probabilities (cross_entropy_loss passes the
 * input's dtype to log_softmax) and, under autocast, nll_loss (on autocast's
 * fp32 list) casts them to fp32: 2e + 4; without autocast 2e. Traced
 * (bench/measured, evaluation): MS-L32-3B-lora-eval8 held 2 + 4 + 4 bytes
 * per logit, MS-MT5B-bf16-fused-eval24 2 + 2 + 4, MS-KOBART-gen32-beam4
 * 4 + 4 (BART adds its fp32 final_logits_bias, which promotes the logits:
 * the same 8 bytes). A causal LM that calls CrossEntropyLoss itself (Qwen
 * v1) shifts first: logits[..., :-1, :].contiguous() is one more e beside
 * the logits at a batch above 1 (at batch 1 the slice is contiguous and
 * .contiguous() returns it). Probed (bench/measured/probes/
 * label_smoother.py, CPU, no_grad): 5.97 bytes a bf16 logit at batch 2,
 * 3.98 at batch 1.
 */
static double eval_loss_factor(const struct ctx *c, double b)
{
	if (c->e >= 4.0)
		return 8.0;
	/* GPT-J casts the logits to fp32 itself and the 16-bit ones are gone
	 * before the loss: its fp32 logits and the log-probabilities */
	if (loss_upcasts(c) && vp_model_logits_fp32(c->m))
		return 8.0;
	if (loss_upcasts(c))
		return c->e + 8.0;
	return (vp_est_under_autocast(c) ? 2.0 * c->e + 4.0 : 2.0 * c->e) +
	       (c->t->head == VP_HEAD_CAUSAL_LM && b > 1.0 ? c->e : 0.0);
}

/*
 * The HF Trainer's label smoothing (label_smoothing_factor > 0), over T
 * tokens of W logits each (the vocabulary, or a token classifier's labels).
 * Trainer.compute_loss pops the labels, so the model computes no loss and
 * returns its logits, and LabelSmoother.__call__ (transformers
 * trainer_pt_utils.py) computes it from them: for a causal LM (the model's
 * class in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES: shift_labels=True)
 * logits[..., :-1, :].contiguous(), then -log_softmax(logits), gather and
 * sum(dtype=float32). Seq2seq, masked-LM and token-classification heads
 * shift nothing. Evaluation (Trainer.prediction_step) runs the same
 * compute_loss under no_grad.
 *
 * The logits reach it as the model returns them: in fp32 under mixed
 * precision, because the Trainer leaves autocast to accelerate, which wraps
 * the model's forward alone in it and then in convert_outputs_to_fp32
 * (Accelerator.prepare_model), so the LabelSmoother runs outside autocast
 * on fp32 logits; in fp32 in fp32 training and where the model casts them
 * (GPT-J); otherwise, 16-bit weights without autocast (or DeepSpeed's
 * 16-bit engine, which has none), in the compute dtype: transformers' causal
 * LMs no longer upcast logits they compute no loss from (their
 * ForCausalLMLoss does). With `a` their bytes, at the end of the forward
 * the logits, the shifted copy (a causal LM at a batch above 1: at batch 1
 * the slice is contiguous already and .contiguous() returns it), the
 * log-probabilities (saved for backward) and their negation: 4a or 3a; at
 * the start of backward the saved log-probabilities, gather's and sum's
 * gradients and their sum: 3a, and 4a for 16-bit ones, whose sum(dtype=
 * float32) gradient is cast back to the 16-bit dtype whole. Evaluation
 * holds the forward's tensors, 4a or 3a. Probed (bench/measured/probes/
 * label_smoother.py, CPU, torch 1.13) in bytes per logit: training 15.9
 * (fp32 and amp causal LM at batch 2), 12.0 (batch 1, seq2seq), 8.0
 * (bf16 without autocast, either head); evaluation 15.9, 12.0, 8.0 (bf16
 * causal LM), 6.0 (bf16 seq2seq, bf16 causal LM at batch 1).
 */
static void label_smoother(const struct ctx *c, double b, double T, double W, struct totals *tt)
{
	const struct vp_train *t = c->t;
	bool causal = t->head == VP_HEAD_CAUSAL_LM;
	/* the head's output, and the logits the LabelSmoother gets */
	double out = causal && vp_model_logits_fp32(c->m) ? 4.0 : c->e;
	double a = c->e >= 4.0 || vp_est_under_autocast(c) ? 4.0 : out;
	double fwd = (causal && b > 1.0 ? 4.0 : 3.0) * a;
	double bwd = a >= 4.0 ? 3.0 * a : 4.0 * a;

	tt->logits_peak = T * W * fmax(fwd, bwd);
	/* the largest tensor, and the segments: under autocast the head's
	 * 16-bit output is freed at the fp32 conversion, a segment left idle
	 * as the standard fp32 loss leaves it (vp_est_logits) */
	tt->loss_block = T * W * (a == out || tt->trains_vocab_matrix || t->grad_ckpt ? a : out);
	tt->loss_set = (a == out ? 0.0 : T * W * out) + tt->logits_peak;
	/* a load-balancing loss runs inside the model's forward, beside the
	 * head's output alone */
	tt->loss_held = T * W * out;
	tt->logits_eval = T * W * fwd;
	/* Seq2SeqTrainer's generating evaluation calls it without the shift,
	 * after the model's own loss (vp_est_logits) */
	tt->logits_eval_gen = T * W * 3.0 * a;
}

/* Logits and loss (docs: "Logits and loss"), for tokens that reach the LM head. */
void vp_est_logits(const struct ctx *c, double b, double T_lm, struct totals *tt)
{
	double V = c->V;
	const struct vp_train *t = c->t;
	bool smoothing = t->label_smoothing > 0.0;

	tt->logits_peak = tt->logits_eval = tt->logits_eval_gen = tt->loss_block = tt->loss_set = tt->lm_tokens =
		tt->loss_held = 0.0;
	/* a sequence classifier's logits, b x labels, are negligible with
	 * or without the LabelSmoother; an encoder has none */
	if (t->head == VP_HEAD_SEQ_CLS || t->head == VP_HEAD_ENCODER)
		return;
	if (t->head == VP_HEAD_TOKEN_CLS) {
		/* a label per token: the classifier's logits (T x labels) and
		 * CrossEntropyLoss over them (fp32 under autocast), as the LM
		 * head's standard path with labels for the vocabulary */
		double L = (double)t->num_labels;
		tt->lm_tokens = T_lm;
		if (smoothing) {
			label_smoother(c, b, T_lm, L, tt);
		} else {
			tt->logits_peak = T_lm * L * 12.0;
			tt->loss_block = T_lm * L * 4.0;
			tt->loss_set = T_lm * L * c->e + tt->logits_peak;
			tt->logits_eval = T_lm * L * (2.0 * c->e + 4.0);
		}
		tt->logits_eval_gen = tt->logits_eval;
		return;
	}
	tt->lm_tokens = T_lm;
	if (smoothing) {
		/* before Liger's fused loss, which runs only when the model
		 * gets labels (its causal-LM forward computes the logits
		 * otherwise), and before torch.compile's fused loss: the
		 * LabelSmoother runs eagerly outside the compiled model */
		label_smoother(c, b, T_lm, V, tt);
	} else if (t->liger_loss && vp_liger_patches(c->m) && t->head == VP_HEAD_CAUSAL_LM) {
		/* Liger's fused linear cross-entropy (liger_kernel/ops/
		 * fused_linear_cross_entropy.py) never keeps the logits: over
		 * chunks of next_pow2(ceil(T / ceil(V / h))) tokens it computes
		 * the LM head, the loss and the logits' gradient in place, then
		 * the input's gradient into grad_input (zeros_like(_input), the
		 * final norm's output dtype) and, when the head trains, the
		 * weight's into grad_weight, both kept for backward; the loss
		 * per token is an fp32 vector. */
		double inc = ceil(V / c->h), chunk = ceil(T_lm / inc), pow2 = 1.0;
		while (pow2 < chunk)
			pow2 *= 2.0;
		chunk = fmin(pow2, T_lm);
		tt->loss_block = chunk * V * c->e;
		tt->logits_peak = T_lm * c->h * c->r + tt->loss_block + T_lm * 4.0;
		if (c->full)
			tt->logits_peak += V * c->h * c->wb;
		tt->loss_set = tt->logits_peak;
	} else if (t->loss == VP_LOSS_CHUNKED) {
		/* The LM head's output is kept in chunks (in the compute dtype);
		 * each chunk's cross-entropy runs in fp32: its upcast logits, their
		 * gradient and the gradient in the compute dtype exist for one
		 * chunk at a time, 128 positions of each of the b sequences
		 * (litgpt chunked_cross_entropy over the LM head's chunks of
		 * (b, 128, V), reshaped to b x 128 rows; torchtune's compiled
		 * CEWithChunkedOutputLoss fuses the upcast). */
		double chunk = b * fmin(T_lm / b, VP_LOSS_CHUNK_TOKENS);
		tt->logits_peak = T_lm * V * c->e + chunk * V * (8.0 + c->e);
		/* Without torch.compile every chunk's cross-entropy keeps its
		 * log_softmax output for backward (all chunks' losses are summed
		 * before backward), in fp32: torchtune's CEWithChunkedOutputLoss
		 * upcasts each chunk (compute_cross_entropy: logits.float()),
		 * litgpt's chunked_cross_entropy gets fp32 chunks because
		 * Lightning Fabric's precision plugin converts the model's
		 * outputs to the default dtype (convert_output), and autocast
		 * puts log_softmax on its fp32 list. Compiled, the loss is fused
		 * and recomputed from the logits (torchtune compiles it). */
		if (!t->compile)
			tt->logits_peak += T_lm * V * 4.0;
	} else if (fp32_loss(c) && t->compile && !t->compile_layers_only) {
		/* Compiled with the model (HF Trainer's torch_compile: the
		 * loss runs inside the causal LM's forward), inductor fuses the
		 * upcast, log_softmax and nll: it keeps the 16-bit logits and a
		 * logsumexp per token, and backward writes the logits' gradient
		 * in fp32 once. Traced: MS-L32-3B-lora-sdpa-compile held
		 * T x V x 2 (lm_head's output) and one T x V x 4 at its peak,
		 * where the same run without compile held three T x V x 4. */
		tt->logits_peak = T_lm * V * (c->e + 4.0) + T_lm * 4.0;
		tt->loss_block = T_lm * V * 4.0;
		tt->loss_set = tt->logits_peak;
	} else if (fp32_loss(c)) {
		/* Peak at the start of backward: log_softmax's saved fp32 output,
		 * the gradient arriving at it and the gradient it produces for
		 * the fp32 logits (transformers loss_utils ForCausalLMLoss:
		 * logits.float(); torch log_softmax_backward). The logits the
		 * step keeps are the LM head's output, or its fp32 cast where
		 * the model makes one (GPTJForCausalLM: .to(torch.float32)). */
		double kept = vp_model_logits_fp32(c->m) && t->head == VP_HEAD_CAUSAL_LM ? 4.0 : c->e;
		tt->logits_peak = T_lm * V * 12.0;
		/* The segment left idle at that peak (docs: "Reserved level"):
		 * the LM head's output, freed before backward and too small for
		 * the fp32 tensors, when nothing else splits the loss's
		 * segments. A trained vocabulary matrix (its gradient and states,
		 * larger than any block of the forward) or checkpointing's
		 * recomputed blocks split them between steps, and a segment of
		 * the fp32 size is left idle instead. Traced (bench/measured/
		 * traces/2026-11-23-loss*): Gemma-2B and Qwen3-4B with LoRA idle
		 * the 16-bit output's segment; GPT-2, EXAONE 4.0 and BGE-M3 full
		 * fine-tunes an fp32 one. */
		tt->loss_block = T_lm * V * (tt->trains_vocab_matrix || t->grad_ckpt ? 4.0 : kept);
		tt->loss_set = T_lm * V * kept + tt->logits_peak;
		/* when the loss call returns, the kept logits and the saved
		 * log-probabilities (the fp32 copy was a temporary of it) */
		tt->loss_held = T_lm * V * (kept + 4.0);
	} else {
		/* The whole loss in 16 bit: the logits, their shifted copy
		 * (causal LMs: logits[..., :-1, :].contiguous()) and
		 * log_softmax's output at the end of forward; the saved output
		 * and two gradients at the start of backward. Without the
		 * shift (seq2seq, masked LM) one tensor fewer: MS-NLLB600-bf16
		 * held log_softmax's output and two gradients, T x V x 2 each
		 * (bench/measured/traces/2026-11-23-new-families.txt). */
		tt->logits_peak = T_lm * V * (t->head == VP_HEAD_CAUSAL_LM ? 4.0 : 3.0) * c->e;
		tt->loss_block = T_lm * V * c->e;
		tt->loss_set = tt->logits_peak;
	}
	/* Seq2SeqTrainer.prediction_step with predict_with_generate keeps
	 * the labels in its loss forward: the model's own loss runs and its
	 * temporaries are gone when the LabelSmoother (no shift) starts on
	 * the returned logits */
	if (smoothing) {
		tt->logits_eval_gen = fmax(tt->logits_eval_gen, T_lm * V * eval_loss_factor(c, b));
	} else {
		tt->logits_eval = T_lm * V * eval_loss_factor(c, b);
		tt->logits_eval_gen = tt->logits_eval;
	}
	/* elsewhere counted at the loss's peak, the safe side */
	if (tt->loss_held == 0.0)
		tt->loss_held = tt->logits_peak;
	if (c->m->logit_softcap) {
		/* Gemma-2: logits / cap, tanh, * cap (Gemma2ForCausalLM.forward).
		 * Dividing and multiplying by a Python float keep only the
		 * scalar for backward (DivBackward0, MulBackward0); tanh keeps
		 * its output: one more saved copy. Measured: MS-GEMMA2-2B-lora-
		 * eager-gc, +9.7% with two. Liger's kernel soft-caps each chunk
		 * in place. Without a graph (evaluation, a frozen model)
		 * nothing is saved: each step's result replaces `logits` and
		 * the previous tensor is freed, two copies at most, fewer than
		 * the loss that follows holds. */
		if (smoothing || !(t->liger_loss && vp_liger_patches(c->m))) {
			tt->logits_peak += T_lm * V * c->e;
			tt->loss_held += T_lm * V * c->e;
		}
	}
}
