# gradient_checkpointing_kwargs {use_reentrant: false} (LLaMA-Factory:
# use_reentrant_gc: false): bitsandbytes keeps its layers' inputs as ctx
# attributes, outside non-reentrant checkpointing's saved-tensor hooks, so
# over a base that keeps them (4-bit before 0.43.2, int8) every layer's
# stays; vramplan models the reentrant default, and a remark at the key
# says the estimate is low there (until 2026-11-29 the key was ignored)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: Qwen/Qwen2.5-3B\nper_device_train_batch_size: 4\nbf16: true\nmax_length: 1024\ngradient_checkpointing: true\ngradient_checkpointing_kwargs:\n  use_reentrant: false\nuse_peft: true\nload_in_4bit: true\neval_strategy: "no"\n' >"$d/c.yaml"
echo "4-bit, bitsandbytes default (before 0.43.2):"
"$VRAMPLAN" check "$d/c.yaml" --gpu rtx4090 2>&1 >/dev/null | grep -i reentrant | sed 's#^vramplan: note: [^ ]*c.yaml#FILE#'
echo "4-bit, bitsandbytes 0.45.0 (keeps none): $("$VRAMPLAN" check "$d/c.yaml" --gpu rtx4090 --bnb-version 0.45.0 2>&1 | grep -c reentrant) remarks"
echo "no quantized base: $(sed /load_in_4bit/d "$d/c.yaml" | "$VRAMPLAN" check - --gpu rtx4090 2>&1 | grep -c -e reentrant -e ": DOES NOT FIT\|: FITS") line (the verdict alone)"
echo "reentrant: $(sed 's/use_reentrant: false/use_reentrant: true/' "$d/c.yaml" | "$VRAMPLAN" check - --gpu rtx4090 2>&1 | grep -c reentrant) remarks"
"$VRAMPLAN" check "$d/c.yaml" --gpu rtx4090 --format json 2>/dev/null | grep -A2 '"remarks"' | grep -E '"key"|"line"'
printf 'model_name_or_path: Qwen/Qwen2.5-3B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_target: all\nquantization_bit: 8\nuse_reentrant_gc: false\nper_device_train_batch_size: 2\n' |
	"$VRAMPLAN" check - --gpu rtx4090 2>&1 >/dev/null | grep -i reentrant
# TrainingArguments takes the kwargs as a JSON string too: not read, said so
printf 'model_name_or_path: Qwen/Qwen2.5-3B\nper_device_train_batch_size: 2\ngradient_checkpointing_kwargs: "{\\"use_reentrant\\": false}"\n' |
	"$VRAMPLAN" check - --gpu rtx4090 2>&1 >/dev/null | grep "gradient_checkpointing_kwargs"
