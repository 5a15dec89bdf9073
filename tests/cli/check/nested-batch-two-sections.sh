# The batch key only under a section, set in two of its mappings (stage1:
# 2, stage2: 8), or in the section itself and in one of its mappings: the
# error names the first, and its merge command must give a file that is
# checked at that value. jq's '*' lets the later mapping win, so the
# command merges the other mappings first, then the section and the path
# to the named key again (it used to merge stage2 last, and the merged file
# was checked at batch 8 while the error named stage1's 2).
check_merge() {
	python3 - "$1" "$2" <<'PY'
import json, os, re, subprocess, sys
import yaml  # PyYAML, what the trainers load with
V, text, want = os.environ["VRAMPLAN"], sys.argv[1], int(sys.argv[2])
err = subprocess.run([V, "check", "-", "--gpu", "rtx3090", "--model", "mt5"], input=text, capture_output=True,
                     text=True).stderr.strip()
print(re.sub(r"\(yq .*", "...", err))
expr = re.search(r"yq '([^']*)' FILE \| vramplan check - --model mt5\)$", err).group(1)

def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out

doc = yaml.safe_load(text)
for step in expr.split(" | "):
    m = re.fullmatch(r"\. \* \.([A-Za-z_][A-Za-z0-9_]*)", step) or re.fullmatch(r"del\(\.([A-Za-z_][A-Za-z0-9_]*)\)", step)
    assert m, step
    if step.startswith("del("):
        doc.pop(m.group(1), None)
    else:
        doc = merge(doc, doc.get(m.group(1), {}))
p = subprocess.run([V, "check", "-", "--gpu", "rtx3090", "--model", "mt5", "--format", "json"],
                   input=json.dumps(doc), capture_output=True, text=True)
got = json.loads(p.stdout)[0]["train"]["batch"]
print("command: yq '" + expr + "'")
print(("ok" if got == want else "FAILED") + ": the merged file is checked at batch %d (the error's key: %d)" % (got, want))
sys.exit(0 if got == want else 1)
PY
}
check_merge "$(printf 'run:\n  stage1:\n    per_device_train_batch_size: 2\n  stage2:\n    per_device_train_batch_size: 8\n')" 2 || exit 1
check_merge "$(printf 'run:\n  per_device_train_batch_size: 2\n  stage2:\n    per_device_train_batch_size: 8\n')" 2 || exit 1
