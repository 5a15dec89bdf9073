# --generate with --max-new-tokens: the eval batch is planned for
# Seq2SeqTrainer's generation of 64 tokens (KV cache, generated ids kept as
# predictions) as well as the loss forward
"$VRAMPLAN" --model mt5 --gpu rtx3090 --generate --max-new-tokens 64
