# Packed rows that keep an attention mask unless FlashAttention-2 runs
# (axolotl's sample_packing, LLaMA-Factory's neat_packing), with
# flash_attention asked for on a GPU that does not run it (a V100): SDPA is
# assumed there, and SDPA gets the mask, as the setup says ("packed samples
# with a mask") and estimate --profile axolotl --attn flash2 --packed
# counts after its own fallback; an A100 runs them unmasked. Until
# 2026-12-01 check counted them unmasked on the V100 too (found by
# differential testing of check against estimate).
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'base_model: meta-llama/Llama-3.2-1B\nmicro_batch_size: 2\nsequence_len: 2048\nfp16: true\nflash_attention: true\nsample_packing: true\n' >"$d/axolotl.yaml"
printf 'model_name_or_path: meta-llama/Llama-3.2-1B\nstage: sft\ndo_train: true\nfinetuning_type: lora\nper_device_train_batch_size: 2\ncutoff_len: 2048\nfp16: true\nflash_attn: fa2\nneat_packing: true\n' >"$d/lf.yaml"
"$VRAMPLAN" check "$d/axolotl.yaml" "$d/lf.yaml" --gpu v100-32gb --gpu a100-80gb --format json -q >"$d/check.json"
sed -n 's/^[[:space:]]*"setup":[[:space:]]*"[^"]*\(packed[^"]*\)".*/\1/p' "$d/check.json"
c=$(grep -o '"peak_bytes":[^,]*' "$d/check.json" | head -1 | tr -dc 0-9)
e=$("$VRAMPLAN" estimate --model llama-3.2-1b --gpu v100-32gb --batch 2 --seq-len 2048 --precision fp16 \
	--method full --optimizer adamw-fused --attn flash2 --packed --profile axolotl --format json -q |
	grep -o '"device_bytes":[^,]*' | tr -dc 0-9)
[ "$c" = "$e" ] && echo "axolotl on v100-32gb: check's train peak is estimate's" || echo "check $c, estimate $e"
