# The evaluation line of host RAM on several GPUs: "each process" adds its
# eval workers and the gathered predictions, and the sum it ends with is
# over all the trainer processes (of one host with --nodes), as the training
# line's is. The text says so, and the numbers add up: the training total
# plus every process's eval workers and predictions (JSON's own fields;
# the eval DataLoader's pinned batches are the few MiB left).
exec python3 - <<'PY'
import json, os, re, subprocess, sys
V = os.environ["VRAMPLAN"]
GIB = 1024 ** 3
bad = False
for args, procs, where in (
        (["--gpus", "2"], 2, "in all 2 processes"),
        (["--gpus", "8", "--nodes", "2"], 4, "in the 4 processes of each host")):
    base = ["--model", "llama-3.2-1b", "--gpu", "a100-40gb", "--host-ram", "256GiB", "--cpus", "32", *args]
    text = subprocess.run([V, *base], capture_output=True, text=True).stdout
    h = json.loads(subprocess.run([V, *base, "--format", "json"], capture_output=True, text=True).stdout)["host"]
    line = next(l for l in text.splitlines() if l.startswith("# host RAM during evaluation"))
    ok = line.endswith(where) and "each process" in line
    total = float(re.search(r"= ([0-9.]+) GiB", line).group(1))
    per = h["num_workers"] * h["eval_worker_bytes"] + h["eval_predictions_bytes"]
    ok = ok and h["processes"] == procs and abs(h["train_total_bytes"] + procs * per - h["eval_total_bytes"]) < 64 * 2 ** 20  # pinned eval batches are the rest
    ok = ok and abs(total - h["eval_total_bytes"] / GIB) < 0.006
    print(("ok: " if ok else "FAILED: ") + " ".join(args) + ": " + line.split(" = ")[-1])
    bad = bad or not ok
sys.exit(1 if bad else 0)
PY
