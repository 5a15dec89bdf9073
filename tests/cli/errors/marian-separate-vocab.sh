# OPUS-MT tc-big models give the encoder and the decoder vocabularies of
# their own; one shared vocabulary is modelled, so the config is refused by
# name rather than estimated with the wrong embeddings.
"$VRAMPLAN" --model tests/data/cli/marian-separate-vocab.json --gpu rtx3090
