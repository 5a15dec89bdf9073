# Story 001's per-model file checked with --model: --model names the model,
# but the section's trainer keys stay unread, so the check used to report
# on TrainingArguments' default batch 8 (DOES NOT FIT, exit 1; with -q the
# result line alone) while the file says batch 1. It is the input error
# "no model" is without --model, at the nested batch key, naming the
# section, with the same merge command (exit 2); -q keeps the error.
f=tests/data/check/seed001-xlsum-mt5-section.yaml
"$VRAMPLAN" check -q $f --gpu rtx3090 --model mt5
echo "exit $?"
"$VRAMPLAN" check tests/data/check/seed001-per-model.yaml --gpu v100-16gb --model mt5
echo "exit $?"
"$VRAMPLAN" check tests/data/check/seed001-per-model.yaml --gpu v100-16gb --model mt5 --format json |
	grep '"kind"\|"line"\|"column"' | tr -d '\t'
# a file that names no model, its batch two sections down beside another
# mapping of trainer keys: that one is merged, then the section again and
# each one on the way down, whose values win (nested-batch-two-sections.sh)
printf 'run:\n  eval:\n    per_device_eval_batch_size: 4\n  stage1:\n    trainer:\n      per_device_train_batch_size: 2\n' |
	"$VRAMPLAN" check -q - --gpu rtx3090 --model mt5
# axolotl's micro_batch_size, whose default (1) would be reported
printf 'base_model: google/mt5-base\nrun:\n  micro_batch_size: 4\n' | "$VRAMPLAN" check -q - --gpu rtx3090 --model mt5
# the top level's own batch key is what the check reads, whatever a section
# holds: a Hydra-like model: section beside top-level trainer keys, and a
# stage nested beside them, are checked at the top level's batch 2
printf 'model:\n  model_name_or_path: google/mt5-base\nper_device_train_batch_size: 2\nbf16: true\n' |
	"$VRAMPLAN" check -q - --gpu rtx3090 --model mt5 | grep -o 'train batch [0-9]*'
printf 'per_device_train_batch_size: 2\nstage2:\n  training:\n    per_device_train_batch_size: 4\n' |
	"$VRAMPLAN" check -q - --gpu rtx3090 --model mt5 | grep -o 'train batch [0-9]*'
# The command the error gives, applied as jq defines its parts ('. * .a' a
# recursive merge, 'del(.a)' a removal), and its result checked with the
# same --model: the file's batch 1 and accumulation 16, bf16 kept.
exec python3 - "$f" <<'PY'
import json, os, re, subprocess, sys
import yaml  # PyYAML, what the trainers load with
V, f = os.environ["VRAMPLAN"], sys.argv[1]
err = subprocess.run([V, "check", f, "--gpu", "rtx3090", "--model", "mt5"], capture_output=True, text=True).stderr
cmd = re.search(r"yq '([^']*)' (\S+) \| vramplan check - (.*)\)$", err.strip())
expr, args = cmd.group(1), cmd.group(3).split()

def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out

doc = yaml.safe_load(open(f))
for step in expr.split(" | "):
    m = re.fullmatch(r"\. \* \.([A-Za-z_][A-Za-z0-9_]*)", step) or re.fullmatch(r"del\(\.([A-Za-z_][A-Za-z0-9_]*)\)", step)
    assert m, step
    if step.startswith("del("):
        doc.pop(m.group(1), None)
    else:
        doc = merge(doc, doc.get(m.group(1), {}))
p = subprocess.run([V, "check", "-", "--gpu", "rtx3090", "--format", "json"] + args, input=json.dumps(doc),
                   capture_output=True, text=True)
r = json.loads(p.stdout)[0]
ok = r["train"]["batch"] == 1 and r["train"]["gradient_accumulation_steps"] == 16 and "amp-bf16" in r["setup"]
print("command: yq '" + expr + "' FILE | vramplan check - " + " ".join(args))
print(("ok" if ok else "FAILED") + ": the merged file is checked at the section's batch 1, accumulation 16, in bf16")
sys.exit(0 if ok else 1)
PY
