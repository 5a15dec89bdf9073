# --loss chunked (litgpt's and torchtune's chunked cross-entropy, logits
# kept in chunks) is printed where the consumer has the same mechanism:
# axolotl's chunked_cross_entropy (torchtune's CEWithChunkedOutputLoss),
# with chunked_cross_entropy_num_chunks ceil(s/128) so that no chunk
# exceeds the 128 positions counted; TRL prints chunked_nll with its own
# note (trl-loss-packing.sh). TrainingArguments, LLaMA-Factory, Lightning
# and a DeepSpeed config have no key: their note says the keys run the
# standard loss. Until 2026-11-30 they printed neither key nor note. The
# axolotl keys read back through check as the chunked loss at the plan's
# peak; its default 8 chunks at 4096 tokens make 512-position chunks,
# which check remarks.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in axolotl hf llamafactory lightning deepspeed; do
	echo "$p: $("$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --method lora --grad-ckpt --loss chunked --zero 2 \
		--seq-len 2048 --profile $p -q | grep -E "^chunked_cross_entropy|chunked-loss key" | cut -c1-110 | tr '\n' ' ')"
done
echo "axolotl --liger: $("$VRAMPLAN" --model llama-3.2-3b --gpu a100-80gb --method lora --grad-ckpt --loss chunked --liger \
	--profile axolotl -q | grep -c "^chunked_cross_entropy") chunked keys"
"$VRAMPLAN" --model llama-3.2-3b --gpu a100-40gb --seq-len 2048 --method lora --grad-ckpt --loss chunked \
	--profile axolotl -q >"$d/c.yaml"
plan=$(grep -E "^# train batch" "$d/c.yaml" | sed 's/: device peak \([0-9.]* GiB\).*/ \1/; s/# //')
check=$("$VRAMPLAN" check "$d/c.yaml" --model llama-3.2-3b --gpu a100-40gb 2>"$d/err" |
	sed 's/.*: \(train batch [0-9]*\) peak \([0-9.]* GiB\).*/\1 \2/')
echo "axolotl: plan $plan | check $check ($(grep -c "chunked loss" "$d/err") chunked)"
sed -e 's/^sequence_len: .*/sequence_len: 4096/' -e '/^chunked_cross_entropy_num_chunks/d' "$d/c.yaml" >"$d/d.yaml"
"$VRAMPLAN" check "$d/d.yaml" --model llama-3.2-3b --gpu a100-40gb 2>&1 >/dev/null | grep -o "key 'chunked_cross_entropy'.*"
