#ifndef VRAMPLAN_HEADS_H
#define VRAMPLAN_HEADS_H

/*
 * Which task heads each architecture has, and which of its stacks a head
 * runs. The head decides more than the last layer: an encoder-only class of
 * an encoder-decoder model (T5EncoderModel) runs no decoder at all, a
 * sequence classifier over T5 or BART runs the decoder on the shifted input
 * (no target length of its own), and only an LM head holds a vocabulary-wide
 * output matrix. docs/memory-model.md, "Heads", gives the transformers
 * classes behind each row.
 */

#include <stdbool.h>

#include "vramplan/error.h"
#include "vramplan/model.h"
#include "vramplan/train.h"

/* The head a model is fine-tuned with when none is asked for: decoder
 * models a causal LM, encoder-decoder a seq2seq LM, encoders a sequence
 * classifier. */
enum vp_head vp_model_default_head(const struct vp_model *m);

/* 0 when the architecture has the head; else -1 with err naming the model
 * type and the heads it has (VP_ERR_INPUT). */
int vp_head_check(const struct vp_model *m, enum vp_head head, struct vp_error *err);

/* Does the head run the decoder of an encoder-decoder model (every head but
 * the encoder-only one)? False for models without a decoder stack. */
bool vp_head_runs_decoder(const struct vp_model *m, enum vp_head head);

/* Is the decoder's length a choice of its own (a seq2seq LM's target
 * length)? A classifier over an encoder-decoder feeds the decoder the
 * shifted source, so its decoder length is the source length. */
bool vp_head_uses_target(const struct vp_model *m, enum vp_head head);

/* Does the head end in the LM head, a hidden x vocabulary projection with
 * its logits and loss? */
bool vp_head_is_lm(enum vp_head head);

/* Can the head generate (predict_with_generate): a causal or seq2seq LM?
 * These are also the heads every architecture's own checkpoint class
 * implies, so a default head of another kind is worth saying. */
bool vp_head_generates(enum vp_head head);

/* A checkpoint saved as an encoder's ...ForMultipleChoice: a 1-label
 * sequence classifier over every choice of an example, in one forward. */
bool vp_head_is_multiple_choice(const struct vp_model *m);

/* The choices an example is assumed to have where nothing says: SWAG,
 * RACE, ARC and HellaSwag have 4 (CommonsenseQA 5, COPA 2). */
#define VP_MULTIPLE_CHOICE_DEFAULT 4

#endif
