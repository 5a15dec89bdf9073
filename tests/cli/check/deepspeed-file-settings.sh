# A DeepSpeed file that a real config names is read for more than its ZeRO
# stage (configs: tests/data/check/real/SOURCES.md).
# LLaMA-Factory's examples/train_lora/llama3_lora_sft_ds3.yaml names
# examples/deepspeed/ds_z3_config.json from the repository's root, whose
# reduce_bucket_size "auto" (hidden x hidden, filled in by the HF Trainer)
# sizes ZeRO's gradient bucket: the same file written inline as the
# `deepspeed:` mapping must give the same peak (before, the file's bucket
# was dropped and DeepSpeed's default 5e8 elements counted, about 1 GiB
# more).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$PWD
cd tests/data/check/real/llamafactory || exit 1
cfg=examples/train_lora/llama3_lora_sft_ds3.yaml
python3 - "$cfg" examples/deepspeed/ds_z3_config.json >"$tmp/inline.yaml" <<'PY'
import json, sys
cfg, ds = sys.argv[1:]
inline = json.dumps(json.load(open(ds)))
for line in open(cfg):
    print("deepspeed: " + inline if line.startswith("deepspeed:") else line, end="")
PY
"$VRAMPLAN" check --format json --gpu a100-80gb --model llama-3.1-8b "$cfg" >"$tmp/file.json" 2>/dev/null
"$VRAMPLAN" check --format json --gpu a100-80gb --model llama-3.1-8b "$tmp/inline.yaml" >"$tmp/inline.json" 2>/dev/null
python3 - "$tmp/file.json" "$tmp/inline.json" <<'PY'
import json, sys
f, i = (json.load(open(p))[0] for p in sys.argv[1:])
print(f["setup"])
print("file and inline mapping: same train peak:", f["train"]["peak_bytes"] == i["train"]["peak_bytes"],
      "same eval peak:", f["eval"]["peak_bytes"] == i["eval"]["peak_bytes"])
PY
# axolotl's deepspeed_configs/zero1.json has an optimizer section (AdamW):
# the HF Trainer then lets DeepSpeed build the optimizer and never builds
# the config's adamw_bnb_8bit (transformers integrations/deepspeed.py
# deepspeed_optim_sched), so the setup says adamw-fused (DeepSpeed's
# FusedAdam) and a note at 'optimizer' says why. The FinLoRA card's
# config, run from the directory it names zero1.json from.
cd "$root/tests/data/check/real/axolotl" || exit 1
"$VRAMPLAN" check --gpu a100-80gb --model llama-3.1-8b finlora-finer-8bit.yaml 2>&1 >/dev/null |
	grep "axolotl config\|'optimizer'"
