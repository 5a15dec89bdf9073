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
