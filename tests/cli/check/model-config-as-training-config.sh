# A model's config.json given to check as if it were the training config
# (the file the model directory holds beside the weights) is refused at its
# model_type with the commands that take it as the model; until 2026-12-01
# it asked for a model, and with --model was checked at TrainingArguments'
# defaults, its shape keys ignored and num_heads taken for num_beams. A
# trainer's batch key beside model_type keeps a file a training config.
out=$("$VRAMPLAN" check tests/data/configs/mt5-base.json --gpu rtx3090 2>&1)
echo "exit $?: $out"
out=$("$VRAMPLAN" check tests/data/configs/mt5-base.json --gpu rtx3090 --model mt5 2>&1)
echo "exit $?: $out"
out=$(printf '{"model_type": "mt5", "vocab_size": 250112, "d_model": 768, "per_device_train_batch_size": 2}' |
	"$VRAMPLAN" check - --gpu rtx3090 --model mt5 -q 2>&1)
echo "exit $?: $out"
