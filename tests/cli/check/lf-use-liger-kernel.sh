# A LLaMA-Factory config's use_liger_kernel (TrainingArguments' own, which
# its training arguments inherit; its trainer is a transformers Trainer,
# which applies Liger) is read as enable_liger_kernel: the setup line says
# Liger kernels, and Llama 3.2 1B's 128k-vocabulary logits are no longer
# counted. Until 2026-11-30 the key was listed as ignored.
lf='model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\ncutoff_len: 2048\nper_device_train_batch_size: 4\nbf16: true\n'
for k in use_liger_kernel enable_liger_kernel; do
	printf "${lf}$k: true\n" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'config, model|FIT'
done
printf "${lf}" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'config, model|FIT'
# liger_kernel_config, which its Trainer passes with use_liger_kernel, turns
# the fused loss off (the logits counted again), unless enable_liger_kernel
# patched the model with Liger's defaults before it loaded
printf "${lf}use_liger_kernel: true\nliger_kernel_config:\n  fused_linear_cross_entropy: false\n" |
	"$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'FIT'
printf "${lf}enable_liger_kernel: true\nuse_liger_kernel: true\nliger_kernel_config:\n  fused_linear_cross_entropy: false\n" |
	"$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -E 'FIT'
