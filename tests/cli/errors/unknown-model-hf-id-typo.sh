# A Hugging Face id with a typo is measured against the catalogue's ids as
# well as its names: until 2026-12-01 "Bllossom/llama-3.2-Korean-Blossom-3B"
# (one letter off the id of llama-3.2-korean-3b, seed 003's model) and a
# wrong version of KULLM's id got no suggestion, as their names are far from
# the id. In a config's model_name_or_path the same.
out=$("$VRAMPLAN" --model Bllossom/llama-3.2-Korean-Blossom-3B --gpu rtx4090 2>&1)
echo "exit $?: $out"
out=$("$VRAMPLAN" --model nlpai-lab/kullm-polyglot-12.8b-v3 --gpu rtx4090 2>&1)
echo "exit $?: $out"
cfg=$(mktemp "${TMPDIR:-/tmp}/vp-typo.XXXXXX")
printf 'model_name_or_path: Bllossom/llama3.2-Korean-Bllossom-3B\nper_device_train_batch_size: 4\n' >"$cfg"
out=$("$VRAMPLAN" check "$cfg" --gpu rtx4090 2>&1)
echo "exit $?: $out" | sed "s|$cfg|CONFIG|"
rm -f "$cfg"
