"$VRAMPLAN" sweep --model eenzeenee --format json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
for r in rows:
    assert set(r) >= {"model", "gpu", "memory_mib", "fits", "train_batch", "device_bytes"}, r
    assert r["fits"] == (r["train_batch"] > 0)
    assert not r["fits"] or r["device_bytes"] <= r["budget_bytes"]
print(len(rows), "rows; fits on", sum(r["fits"] for r in rows))
' 
