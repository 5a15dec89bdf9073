# JSON carries the same settings and numbers as the YAML
y=$("$VRAMPLAN" --model mt5 --gpu rtx3090) || exit 1
"$VRAMPLAN" --model mt5 --gpu rtx3090 --format json | python3 -c '
import json, re, sys, yaml
y = sys.argv[1]
j = json.load(sys.stdin)
assert set(j) == {"vramplan", "profile", "model", "gpu", "setup", "settings", "plan",
                  "estimate", "next_batch", "eval", "host"}, sorted(j)
assert j["settings"] == yaml.safe_load(y), (j["settings"], yaml.safe_load(y))
e = j["estimate"]
gib = lambda b: "%.2f" % (b / 2**30)
m = re.search(r"# train batch (\d+): device peak ([0-9.]+) GiB \(allocated ([0-9.]+), reserved ([0-9.]+)\) in (\w+)", y)
assert m, y
assert int(m.group(1)) == j["plan"]["train_batch"] == e["batch"]
assert m.group(2) == gib(e["device_bytes"]) and m.group(3) == gib(e["allocated_bytes"])
assert m.group(4) == gib(e["reserved_bytes"]) and m.group(5) == e["peak_phase"]
parts = ("weights", "weight_copies", "gradients", "optimizer", "activations",
         "attention_scores", "logits", "transient")
assert sum(e[p + "_bytes"] for p in parts) == e["allocated_bytes"]
assert e["allocated_bytes"] + e["allocator_bytes"] == e["reserved_bytes"]
assert e["reserved_bytes"] + e["context_bytes"] == e["device_bytes"]
assert e["device_bytes"] <= e["budget_bytes"] and e["fits"]
for p in parts:
    assert ("#   %-18s %7s GiB" % (p.replace("_", " "), gib(e[p + "_bytes"]))) in y, p
print("ok")
' "$y"
