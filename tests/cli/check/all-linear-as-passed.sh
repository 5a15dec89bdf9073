# PEFT expands all-linear only when target_modules is that string (peft
# tuners_utils.py _maybe_include_all_linear_layers); a list of it is one
# module name, which no model has ("Target modules {'all-linear'} not found").
# TRL's ModelConfig.__post_init__ unwraps a one-item list, so [all-linear] is
# the shorthand there; axolotl hands lora_target_modules to LoraConfig as it
# is (loaders/adapter.py _build_peft_lora_config), and LLaMA-Factory splits
# lora_target into a list and expands only "all" (model/adapter.py). Until
# 2026-11-30 check read both as every linear layer.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
axo='base_model: meta-llama/Llama-3.2-1B\nadapter: lora\nlora_r: 8\nsequence_len: 512\nmicro_batch_size: 1\nbf16: true\n'
lf='model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\ncutoff_len: 512\nper_device_train_batch_size: 1\nbf16: true\n'
run() {
	echo "== $1"
	printf "$2" >"$d/c.yaml"
	"$VRAMPLAN" check "$d/c.yaml" --gpu a100-80gb >"$d/out" 2>&1
	echo "exit $?"
	grep -o "lora r [0-9]* on [^,]*\|c.yaml:[0-9:]*: .*" "$d/out" | head -1
}
run 'axolotl [all-linear]' "$axo"'lora_target_modules: [all-linear]\n'
run 'axolotl all-linear' "$axo"'lora_target_modules: all-linear\n'
run 'axolotl lora_target_linear then [all-linear]' "$axo"'lora_target_linear: true\nlora_target_modules: [all-linear]\n'
run 'LLaMA-Factory all-linear' "$lf"'lora_target: all-linear\n'
run 'LLaMA-Factory all' "$lf"'lora_target: all\n'
run 'axolotl [all-linear] then lora_target_linear' "$axo"'lora_target_modules: [all-linear]\nlora_target_linear: true\n'
run 'axolotl [all-linear], lora_target_linear false' "$axo"'lora_target_modules: [all-linear]\nlora_target_linear: false\n'
# no target key at all: axolotl hands PEFT `cfg.lora_target_modules or []`,
# an empty set that BaseTuner._prepare_adapter_config leaves as it is (it
# fills PEFT's default only for None), and inject_adapter raises; refused at
# `adapter` (until 2026-12-01 PEFT's q_proj,v_proj were counted). A
# lora_model_dir trains the saved adapter's targets: not refused
run 'axolotl without targets' "$axo"
run 'axolotl without targets, lora_target_linear false' "$axo"'lora_target_linear: false\n'
run 'axolotl without targets, lora_model_dir' "$axo"'lora_model_dir: out/adapter\n'
