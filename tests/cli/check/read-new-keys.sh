# Keys that real configs use (tests/cli/check/real-config-features.sh),
# at their edges. A Hub attention kernel: a repo, with or without a
# @revision, is flash attention (transformers' integrations/hub_kernels.py
# runs flash_attention_forward over it); a repo:function, an error; a
# path of three parts, not a kernel. axolotl's CutCrossEntropyPlugin
# turns CCE on unless cut_cross_entropy is false or null (its args.py
# default is true); without the plugin the key is read by nothing.
# LLaMA-Factory's use_unsloth_gc offloads the checkpointed block inputs,
# as axolotl's gradient_checkpointing: offload; without checkpointing
# nothing. All since 2026-11-30.
base='base_model: Qwen/Qwen2.5-0.5B\nmicro_batch_size: 2\nsequence_len: 2048\nadapter: lora\nlora_target_linear: true\nbf16: true\ngradient_checkpointing: true\n'
for a in kernels-community/flash-attn3 kernels-community/flash-attn3@v2 kernels-community/flash-attn3:flash_attn_func \
	a/b/c /x; do
	printf "${base}attn_implementation: $a\n" | "$VRAMPLAN" check -q --gpu rtx4090 -
	echo "exit $? ($a)"
done
plugin='plugins:\n  - axolotl.integrations.cut_cross_entropy.CutCrossEntropyPlugin\n'
for k in "" "cut_cross_entropy: true\n" "cut_cross_entropy: false\n" "cut_cross_entropy:\n"; do
	printf "${base}${plugin}${k}" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep -c "ignored key 'plugins': Cut Cross Entropy"
done
printf "${base}cut_cross_entropy: true\n" | "$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep "cut_cross_entropy'"
printf "${base}s2_attention: true\ncontext_parallel_size: 2\nsequence_parallel_degree: 1\n" |
	"$VRAMPLAN" check --gpu rtx4090 - 2>&1 | grep "ignored key"
lf='model_name_or_path: Qwen/Qwen3-4B-Instruct-2507\nstage: sft\ndo_train: true\nfinetuning_type: lora\ncutoff_len: 4096\nper_device_train_batch_size: 2\nbf16: true\n'
for k in "" "use_unsloth_gc: true\n" "use_unsloth_gc: true\ndisable_gradient_checkpointing: true\n" "use_unsloth: true\n" \
	"mixture_of_depths: load\n"; do
	printf "${lf}${k}" | "$VRAMPLAN" check --gpu a100-80gb - 2>&1 | grep "llamafactory config\|FIT\|use_unsloth\|mixture"
done
