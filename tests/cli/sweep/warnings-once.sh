# sweep --model plans the model on every GPU, each GPU's warnings with it
# (no bf16 on a T4), but a warning about the model or the options alone is
# the same on every row: it is printed once, not once per GPU (until
# 2026-11-30 sixty identical lines, one per GPU of the catalogue).
"$VRAMPLAN" sweep --model gpt2 --num-labels 3 2>&1 >/dev/null | uniq -c | sed 's/^ *//'
"$VRAMPLAN" sweep --model llama-3.2-1b --target-len 64 --precision amp-bf16 2>&1 >/dev/null |
	sort | uniq -c | sed 's/^ *//' | cut -c1-100
# the notes of -v likewise
"$VRAMPLAN" sweep -v --model mt5 2>&1 >/dev/null | grep -c "note: model 'mt5'"
