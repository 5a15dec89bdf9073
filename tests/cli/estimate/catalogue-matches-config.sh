# The catalogue's entries of the MoE families added with their config.json
# readers (deepseek_v2, deepseek_v3, phimoe, granitemoe), and the Korean 2025
# models added from a verbatim config.json (KT's Mi:dm 2.0 Mini), and
# ERNIE-4.5-0.3B (ernie4_5, a family of its own since 2026-12-01), and
# Qwen2.5-VL-7B-Instruct (a multimodal qwen2_5_vl since 2026-12-01), estimate
# what their config.json does: the JSON from "setup" on (every memory component, the
# parameter counts, the warnings) is the same for the name as for the file.
# Only the model block may differ (name, hf_id; granite's dtype, which the
# entry leaves out where no config of the checkpoint said it). A LoRA run
# over every linear, so the module names and shapes count too.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for pair in deepseek-v2-lite:deepseek-v2-lite-chat moonlight-16b-a3b:moonlight-16b-a3b-instruct \
	phi-3.5-moe:phi-3.5-moe-instruct granite-3.0-1b-a400m:granite-3.0-1b-a400m-base \
	midm-2.0-mini:midm-2.0-mini-instruct ernie-4.5-0.3b:ernie-4.5-0.3b-pt \
	qwen2.5-vl-7b:qwen2.5-vl-7b-instruct; do
	name=${pair%%:*}
	file=tests/data/configs/${pair#*:}.json
	"$VRAMPLAN" estimate --model "$name" --gpu a100-80gb --method lora --lora-targets all-linear \
		--batch 2 --seq-len 1024 --format json 2>"$d/name.err" | sed -n '/"setup":/,$p' >"$d/name"
	"$VRAMPLAN" estimate --model "$file" --gpu a100-80gb --method lora --lora-targets all-linear \
		--batch 2 --seq-len 1024 --format json 2>"$d/file.err" | sed -n '/"setup":/,$p' >"$d/file"
	if [ -s "$d/name" ] && cmp -s "$d/name" "$d/file" && cmp -s "$d/name.err" "$d/file.err"; then
		echo "$name: same as $file"
	else
		echo "$name: differs from $file"
		diff "$d/name" "$d/file" | head -5
		diff "$d/name.err" "$d/file.err" | head -5
	fi
done
