# With --format json a plan that does not fit (exit 1) prints a document
# on stdout as well as the text on stderr: no settings (never keys for a run
# the estimate says will not fit), what does not fit, the batch-1 estimate,
# and for a train step the changes that would help. Before, stdout was
# empty and a script had only stderr's text to read.
show() {
	python3 -c '
import json, sys
d = json.load(sys.stdin)
p = d["plan"]
print("settings:", d["settings"], "| fits:", p["fits"], "| does_not_fit:", p["does_not_fit"])
print("estimate device_bytes:", d["estimate"]["device_bytes"], "| budget_bytes:", d["estimate"]["budget_bytes"])
print("eval:", "null" if d["eval"] is None else "object", "| host:", "null" if d["host"] is None else "object")
for s in d.get("suggestions", []):
    print("  suggestion:", s["change"], s["device_bytes"], s["fits"])
'
}
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx3090 --format json 2>/dev/null | show
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx3090 --format json >/dev/null 2>&1
echo "exit $?"
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 4GiB --format json 2>/dev/null | show
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 4GiB --format json >/dev/null 2>&1
echo "exit $?"
# a write error is an I/O error (exit 3), not hidden behind exit 1
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx3090 --format json -o /dev/full 2>&1 | tail -1
"$VRAMPLAN" --model llama-3.2-1b --gpu rtx3090 --format json -o /dev/full >/dev/null 2>&1
echo "exit $?"
