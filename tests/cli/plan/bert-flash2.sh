# The BERT family and ALBERT run FlashAttention-2 in transformers since
# huggingface/transformers#38301 (v4.54: BertPreTrainedModel
# _supports_flash_attn = True): the plan is FlashAttention-2's and its keys
# ask for it, without a warning. Until 2026-12-01 SDPA was planned and its
# keys printed, with a warning that from_pretrained refuses
# flash_attention_2, and check warned at the key
"$VRAMPLAN" --model bert-base --gpu a100-80gb --attn flash2 2>&1 | grep -E "FlashAttention|flash_attention_2|^# setup"
printf 'model_name_or_path: albert/albert-base-v2\nattn_implementation: flash_attention_2\nbf16: true\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 | grep -E "FlashAttention|flash2" || echo "check: no FlashAttention warning"
