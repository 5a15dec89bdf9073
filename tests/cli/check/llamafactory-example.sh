# A LLaMA-Factory config is read as one (its finetuning_type, lora_target,
# cutoff_len and quantization_bit), with LLaMA-Factory's defaults: a bf16
# base with fp32 adapters, double quantization, gradient checkpointing on;
# its evaluation keeps the loss alone (no compute_accuracy)
"$VRAMPLAN" check examples/configs/llamafactory-qlora-sft.yaml --gpu rtx4090 -v 2>&1 | grep -E "llamafactory config|FITS|OVER|checkpointing: on"
