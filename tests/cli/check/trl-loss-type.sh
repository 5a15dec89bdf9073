# TRL's SFTConfig loss_type and packing keys, read by check. nll is the
# standard loss checked; chunked_nll (TRL's default from 1.7,
# huggingface/trl#5846) keeps no logits, which is not the chunked loss
# vramplan models (litgpt's and torchtune's keep the LM head's chunks): a
# remark, the standard loss checked (an over-estimate); dft the standard
# loss too; unset, a default note for a TRL config of a causal LM; any
# other value an error, as SFTTrainer raises. packing: true with
# SFTConfig's default packing_strategy bfd (or padding_free: true) runs
# one flattened row that only FlashAttention reads as separate sequences:
# a warning under SDPA, none with wrapped or FlashAttention-2.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
base='model_name_or_path: meta-llama/Llama-3.2-1B\nper_device_train_batch_size: 4\nmax_length: 1024\nbf16: true\nuse_peft: true\ngradient_checkpointing: true\n'
for extra in 'loss_type: nll' 'loss_type: chunked_nll' 'loss_type: dft' '' 'loss_type: nll\nuse_liger_kernel: true' \
	'loss_type: mse' 'loss_type: nll\npacking: true' 'loss_type: nll\npacking: true\npacking_strategy: wrapped' \
	'loss_type: nll\npacking: true\nattn_implementation: flash_attention_2' 'loss_type: nll\npadding_free: true' \
	'loss_type: nll\npacking: true\npacking_strategy: first_fit'; do
	printf "$base$extra\n" >c.yaml
	echo "== $(printf "$extra" | tr '\n' ' ')"
	"$VRAMPLAN" check c.yaml --gpu a100-80gb -v 2>&1 | grep -o "FITS: train batch [0-9]* peak [0-9.]* GiB\|key 'loss_type'.*\|default loss_type.*\|warning: .*padding-free.*\|c.yaml:[0-9]*:[0-9]*: unknown.*"
done
