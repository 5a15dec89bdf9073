"$VRAMPLAN" --model eenzeenee --gpu t4 --attn flash2 | grep "^# setup"
# a model transformers gives no FlashAttention-2 path (BLOOM, T5...) on a GPU
# that runs it: from_pretrained refuses flash_attention_2 for it, so the plan
# is eager's and its keys ask for eager (until 2026-12-01 the TRL keys said
# attn_implementation: flash_attention_2, a run that does not start, beside
# an eager estimate); check warns at the key
"$VRAMPLAN" --model bloom-560m --gpu a100-80gb --attn flash2 --profile trl 2>&1 | grep -E "FlashAttention|^attn_implementation"
printf 'model_name_or_path: google/mt5-base\nattn_implementation: flash_attention_2\nbf16: true\nmax_source_length: 512\n' |
	"$VRAMPLAN" check - --gpu a100-80gb 2>&1 | grep -o "warning: .*FlashAttention-2 path.*"
