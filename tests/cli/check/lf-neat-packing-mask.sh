# LLaMA-Factory's neat_packing numbers each packed row's samples in its
# attention_mask, and without FlashAttention-2 its collator turns that into a
# block-diagonal [b, 1, s, s] mask (SFTDataCollatorWith4DAttentionMask,
# prepare_4d_attention_mask): the step is checked with a mask and SDPA's k/v
# copies, the padded batch's peak, and a remark at the key says so. With
# flash_attn: fa2 (varlen, no mask) and with packing: true alone (an all-ones
# mask) the packed rows run unmasked (LLaMA-Factory checkpoints by default, so
# disable_gradient_checkpointing shows the copies in every layer). Until 2026-11-30 neat_packing was read
# as unmasked packing under every kernel.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
base='model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 2\ncutoff_len: 2048\nbf16: true\ndisable_gradient_checkpointing: true\n'
printf "$base"'neat_packing: true\n' >"$d/neat.yaml"
printf "$base"'neat_packing: true\nflash_attn: fa2\n' >"$d/neat-fa2.yaml"
printf "$base"'packing: true\n' >"$d/packing.yaml"
printf "$base" >"$d/padded.yaml"
for f in neat neat-fa2 packing padded; do
	"$VRAMPLAN" check "$d/$f.yaml" --gpu rtx4090 2>"$d/err" | sed "s|^$d/||; s/ (headroom.*//"
	grep -o "$f.yaml:[0-9:]*: key 'neat_packing': neat_packing without flash_attn[^:]*" "$d/err" || true
done
# the setup says what was checked
for f in neat packing; do
	"$VRAMPLAN" check "$d/$f.yaml" --gpu rtx4090 2>&1 >/dev/null | grep -o "$f.yaml: llamafactory config.*" | grep -o "packed samples.*"
done
