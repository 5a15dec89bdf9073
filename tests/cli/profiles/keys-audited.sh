# Every key each profile prints, over setups that reach every branch of
# src/settings.c (ZeRO and ZeRO-Offload, FSDP, generation, eval
# accumulation, packing (with FlashAttention-2 and without), the chunked
# loss, activation offload, DoRA, each quantization, each optimizer, Liger,
# use_cache, label smoothing, DataLoader workers or none, no evaluation
# (--no-eval), every precision and attention), must be a row of the audit
# table in docs/planner.md ("Keys each profile emits": the consumer's
# field and status for each key, read from the consumer's current source),
# with the YAML type the table gives; and every row must still be printed
# by some setup. A new key, or a key that changes type, fails here until
# the table audits it.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
i=0
while read -r args; do
	i=$((i + 1))
	for p in hf trl lightning deepspeed axolotl llamafactory; do
		# a profile that refuses the setup (exit 2) or a plan that does
		# not fit (exit 1) prints no keys
		# shellcheck disable=SC2086
		"$VRAMPLAN" $args --profile $p -q >"$d/$p.$i.yaml" 2>/dev/null || rm -f "$d/$p.$i.yaml"
	done
done <<'SETUPS'
--model llama-3.2-3b --gpu a100-80gb
--model llama-3.2-3b --gpu rtx4090 --method qlora --grad-ckpt --zero 2 --compile
--model llama-3.2-3b --gpu rtx4090 --method qlora --quant nf4-dq --dora --lora-targets all-linear --grad-ckpt
--model llama-3.2-3b --gpu rtx4090 --method lora --quant int8 --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --method lora --quant gptq-int4 --grad-ckpt
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --lora-dropout 0 --attn flash2 --packed --liger
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --packed --loss chunked
--model llama-3.2-3b --gpu rtx4090 --method lora --attn eager --precision bf16
--model llama-3.2-3b --gpu v100-32gb --method lora --precision fp16 --grad-ckpt
--model llama-3.2-3b --gpu v100-32gb --method qlora --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --precision bf16 --optimizer sgd-momentum
--model llama-3.2-3b --gpu a100-80gb --precision fp32 --optimizer sgd
--model llama-3.2-3b --gpu a100-80gb --optimizer adamw --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --optimizer adamw-8bit --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --optimizer paged-adamw --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --optimizer paged-adamw-8bit --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --optimizer adafactor --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --optimizer lion --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --gpus 4 --zero 1 --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --gpus 4 --zero 3 --offload-optimizer cpu --offload-param cpu --grad-ckpt --host-ram 400GiB
--model llama-3.2-3b --gpu a100-80gb --gpus 2 --zero 2 --offload-optimizer cpu --optimizer adafactor --grad-ckpt --host-ram 400GiB
--model llama-3.2-3b --gpu a100-80gb --gpus 2 --zero 2 --offload-optimizer cpu --grad-ckpt --host-ram 400GiB
--model llama-3.2-3b --gpu a100-80gb --gpus 2 --zero 3 --precision bf16 --grad-ckpt
--model llama-3.2-3b --gpu v100-32gb --gpus 2 --zero 2 --precision fp16 --method lora
--model llama-3.2-3b --gpu a100-80gb --gpus 2 --fsdp --grad-ckpt
--model llama-3.2-3b --gpu a100-80gb --gpus 2 --zero 3 --grad-ckpt --effective-batch 64
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --eval-predictions argmax --eval-samples 2000
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --eval-predictions none
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --eval-predictions logits --eval-samples 200
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --use-cache
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --label-smoothing 0.1
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --generate --max-new-tokens 64
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --no-pin-memory --cpus 2
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --cpus 1
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --activation-offload --optimizer-in-backward
--model gemma-2-2b --gpu rtx4090 --method lora --grad-ckpt
--model mt5 --gpu rtx3090 --generate --num-beams 4
--model t5-base --gpu rtx3090 --eval-predictions argmax
--model t5-base --gpu rtx3090 --head encoder
--model t5-base --gpu rtx3090 --attn sdpa
--model bert-base-uncased --gpu t4 --grad-ckpt --seq-len 128
--model bert-base-uncased --gpu t4 --head sequence-classification --num-labels 5 --precision amp-fp16
--model mt5 --gpu rtx3090 --method lora --eval-predictions none
--model llama-3.2-3b --gpu rtx4090 --grad-ckpt --method lora --no-eval
SETUPS
python3 - "$d" docs/planner.md <<'PY'
import glob, os, re, sys, yaml

tmp, doc = sys.argv[1], sys.argv[2]

# the audit table: | `key` | profiles | type | definition | status |
audited, inside = {}, False
for line in open(doc, encoding="utf-8"):
    if line.startswith("## "):
        inside = line.strip() == "## Keys each profile emits"
        continue
    if not inside or not line.startswith("| `"):
        continue
    # cells split at the pipes a table row has; `\|` inside one is text
    cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
    key = cells[0].strip("`")
    for p in cells[1].split(", "):
        audited[(p, key)] = set(cells[2].split(" or "))

def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, dict):
        return "map"
    return {int: "int", float: "float", str: "str", list: "list"}[type(v)]

emitted = {}
def walk(p, d, pre):
    for k, v in d.items():
        emitted.setdefault((p, pre + k), set()).add(kind(v))
        if isinstance(v, dict):
            walk(p, v, pre + k + ".")

for f in sorted(glob.glob(os.path.join(tmp, "*.yaml"))):
    p = os.path.basename(f).split(".")[0]
    walk(p, yaml.safe_load(open(f)) or {}, "")

bad = {}
for pk in sorted(emitted):
    if pk not in audited:
        print("not in the audit table: %s %s (%s)" % (pk[0], pk[1], " or ".join(sorted(emitted[pk]))))
    elif not emitted[pk] <= audited[pk]:
        print("type not audited: %s %s is %s, the table says %s" % (pk[0], pk[1], " or ".join(sorted(emitted[pk])),
                                                                 " or ".join(sorted(audited[pk]))))
    else:
        continue
    bad[pk[0]] = bad.get(pk[0], 0) + 1
for pk in sorted(audited):
    if pk not in emitted:
        print("audited but printed by no setup here: %s %s" % pk)
        bad[pk[0]] = bad.get(pk[0], 0) + 1
for p in ("hf", "trl", "lightning", "deepspeed", "axolotl", "llamafactory"):
    n = sum(1 for q, _ in emitted if q == p)
    print("%s: %d keys, %s" % (p, n, "%d not audited" % bad[p] if p in bad else "all audited"))
PY
