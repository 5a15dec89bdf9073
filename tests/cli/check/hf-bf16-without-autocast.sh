# 16-bit weights with bf16/fp16 off train without autocast: the seq2seq
# loss stays in bf16 (three T x V x 2 tensors instead of three fp32 ones),
# so the same config with bf16: true (autocast) peaks higher, and mT5's gelu_new
# chain runs in fp32 under the autocast it states (pow is on autocast's fp32 list)
"$VRAMPLAN" check tests/data/trainconfig/good/hf-mt5-bf16-weights.yaml --gpu a100-40gb -v 2>&1 | grep -E "hf config|FIT"
sed 's/^torch_dtype: bfloat16$/torch_dtype: bfloat16\nbf16: true/' tests/data/trainconfig/good/hf-mt5-bf16-weights.yaml >"${TMPDIR:-/tmp}/vp-bf16-autocast.yaml"
"$VRAMPLAN" check "${TMPDIR:-/tmp}/vp-bf16-autocast.yaml" --gpu a100-40gb -v 2>&1 | grep -E "hf config|FIT" | sed "s|${TMPDIR:-/tmp}/||"
rm -f "${TMPDIR:-/tmp}/vp-bf16-autocast.yaml"
