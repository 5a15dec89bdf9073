# One line per check of `vramplan check --format json` on stdin: the
# verdict, the peaks and which keys were noted, remarked or warned about;
# shared by tests/cli/check/real-config-corpus.sh and real-config-round2.sh.
import json, sys
for r in json.load(sys.stdin):
    if "error" in r:
        print(r["file"], r.get("gpu", "-"), "error:", r["error"]["kind"], r["error"]["line"], r["error"]["message"][:60])
        continue
    t, e = r["train"], r["eval"]
    notes = sorted(set(n["key"] for n in r["ignored_keys"] if n.get("note")))
    print(r["file"], r["gpu"], r["flavour"], r["model"], "fits" if r["fits"] else "does not fit",
          "train", t and t["peak_bytes"], "eval", e and e["peak_bytes"],
          "ignored", len(r["ignored_keys"]), "noted", ",".join(notes) or "-",
          "remarks", ",".join(n["key"] for n in r["remarks"]) or "-",
          "warnings", ",".join(n["key"] for n in r["warnings"]) or "-")
