# DoRA where the estimator does not model it (over a GPTQ base; on the LM
# head) is an error at the value of the key that turned DoRA on: axolotl's
# peft_use_dora, TRL's and LLaMA-Factory's use_dora, the vramplan: block's
# dora, or the command line's --dora and --set dora. Until 2026-11-30 each
# pointed at the batch's line (or the model's), which says nothing wrong.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf 'base_model: meta-llama/Llama-3.2-1B\nadapter: lora\ngptq: true\nmicro_batch_size: 1\nsequence_len: 512\npeft_use_dora: true\nlora_target_modules: [q_proj, v_proj]\n' >axolotl.yaml
"$VRAMPLAN" check -q axolotl.yaml --gpu a100-80gb
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nuse_peft: true\nper_device_train_batch_size: 1\nmax_seq_length: 512\nuse_dora: true\nvramplan:\n  quant: gptq-int4\n' >trl.yaml
"$VRAMPLAN" check -q trl.yaml --gpu a100-80gb
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nfinetuning_type: lora\nper_device_train_batch_size: 1\ncutoff_len: 512\nuse_dora: true\ndo_train: true\nvramplan:\n  quant: gptq-int4\n' >lf.yaml
"$VRAMPLAN" check -q lf.yaml --gpu a100-80gb
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 1\nvramplan:\n  method: lora\n  quant: gptq-int4\n  dora: true\n' >hf.yaml
"$VRAMPLAN" check -q hf.yaml --gpu a100-80gb
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 1\nvramplan:\n  method: lora\n  quant: gptq-int4\n' >hf-nodora.yaml
"$VRAMPLAN" check -q hf-nodora.yaml --gpu a100-80gb --dora
"$VRAMPLAN" check -q hf-nodora.yaml --gpu a100-80gb --set dora=true
# the LM head among the targets: the same place
printf 'base_model: meta-llama/Llama-3.2-1B\nadapter: lora\nmicro_batch_size: 1\nsequence_len: 512\nlora_target_modules:\n  - q_proj\n  - lm_head\npeft_use_dora: true\n' >head.yaml
"$VRAMPLAN" check -q head.yaml --gpu a100-80gb
echo "exit $?"
