# "auto" is a DeepSpeed config's batch value, which the HF Trainer fills in
# from its own keys; the trainers' keys take a number (HfArgumentParser hands
# a YAML's string to TrainingArguments unconverted and the DataLoader refuses
# it; axolotl's pydantic and LLaMA-Factory's parser alike). Until 2026-12-01
# an hf, axolotl or LLaMA-Factory config's "auto" was dropped, and the
# default batch (8, axolotl's 1) checked with a note calling it the default.
dir=$(mktemp -d "${TMPDIR:-/tmp}/vp-auto.XXXXXX")
printf 'model_name_or_path: gogamza/kobart-base-v2\nper_device_train_batch_size: auto\n' >"$dir/hf.yaml"
printf 'base_model: meta-llama/Llama-3.2-3B\nmicro_batch_size: 2\ngradient_accumulation_steps: auto\n' >"$dir/axolotl.yaml"
printf 'model_name_or_path: meta-llama/Llama-3.2-3B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: auto\n' >"$dir/lf.yaml"
# an eval batch's "auto" fills nothing: DeepSpeed has no evaluation batch
# (until 2026-12-01 the error said the Trainer fills DeepSpeed's in from it)
printf 'model_name_or_path: gogamza/kobart-base-v2\nper_device_eval_batch_size: auto\n' >"$dir/eval.yaml"
for f in hf axolotl lf eval; do
	out=$("$VRAMPLAN" check "$dir/$f.yaml" --gpu rtx4090 2>&1)
	echo "exit $?: $out" | sed "s|$dir/||"
done
rm -rf "$dir"
