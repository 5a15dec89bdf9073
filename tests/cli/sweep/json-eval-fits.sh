# A row whose training fits but whose evaluation does not (64 beams of 4096
# new tokens) says so in JSON too (eval_fits), and every row's JSON gives
# the table's status.
opts="sweep --gpu rtx3090 --method lora --grad-ckpt --generate --num-beams 64 --max-new-tokens 4096 -q"
# shellcheck disable=SC2086
"$VRAMPLAN" $opts >"${TMPDIR:-/tmp}/vp-sweep-table.$$"
# shellcheck disable=SC2086
"$VRAMPLAN" $opts --format json | python3 -c '
import json, re, sys
table = {}
row = re.compile(r"^(\S+)\s+\S+\s+\S+ GiB\s+\S+\s+\S+\s+\S+\s+(?:\S+ GiB|-)\s+(.*)$")
for line in open(sys.argv[1]).read().splitlines()[1:]:
    m = row.match(line)
    table[m.group(1)] = m.group(2)
rows = json.load(sys.stdin)
for r in rows:
    if "error" in r:
        status = "error: " + r["error"]
    elif not r["fits"]:
        status = "does not fit"
    elif not r["eval_fits"]:
        status = "evaluation does not fit"
    elif not r["host_fits"]:
        status = "host RAM over --host-ram"
    else:
        status = "fits"
    assert status == table[r["model"]], (r, table[r["model"]])
    assert "error" in r or r["fits"] or not r["eval_fits"], r
mt5xl = [r for r in rows if r["model"] == "mt5-xl"][0]
print("mt5-xl: fits", mt5xl["fits"], "eval_fits", mt5xl["eval_fits"])
print("every row agrees with the table;", "some" if any(r.get("fits") and not r["eval_fits"] for r in rows) else "no",
      "row trains but does not evaluate")
' "${TMPDIR:-/tmp}/vp-sweep-table.$$"
rc=$?
rm -f "${TMPDIR:-/tmp}/vp-sweep-table.$$"
exit $rc
