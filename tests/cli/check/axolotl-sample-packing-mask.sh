# axolotl's sample_packing rows carry an attention mask under every kernel
# but FlashAttention and flex attention (train.c vp_axolotl_packing_masks:
# its loader patches Llama-derived models' mask builders to a block-diagonal
# mask unless flash_attention or flex_attention runs the packing), so check
# counts the padded batch's mask and SDPA's k/v copies there, with a remark
# at the key; flash_attention: true and flex attention (read as SDPA, with no
# mask to count) keep the packed rows unmasked. Until 2026-11-30 every kernel
# was checked unmasked.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
base='base_model: meta-llama/Llama-3.2-1B\nmicro_batch_size: 2\nsequence_len: 2048\nadapter: lora\nlora_r: 8\nlora_target_linear: true\nbf16: true\nsample_packing: true\n'
printf "$base"'sdp_attention: true\n' >"$d/sdp.yaml"
printf "$base" >"$d/default.yaml"
printf "$base"'flash_attention: true\n' >"$d/flash.yaml"
printf "$base"'flex_attention: true\n' >"$d/flex.yaml"
printf "$base"'attn_implementation: flex_attention\n' >"$d/impl-flex.yaml"
printf "$base"'flex_attention: true\nattn_implementation: sdpa\n' >"$d/impl-wins.yaml"
for f in sdp default flash flex impl-flex impl-wins; do
	"$VRAMPLAN" check "$d/$f.yaml" --gpu a100-40gb 2>"$d/err" | sed "s|^$d/||; s/ (headroom.*//"
	grep -o "$f.yaml:[0-9:]*: key 'sample_packing': sample_packing without flash_attention or flex_attention[^:]*" "$d/err" || true
done
