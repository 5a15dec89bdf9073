# --cpus alone (no --host-ram) warns about DataLoader workers past a third
# of the cores (seed 000's rule, docs/check.md's --cpus row); until
# 2026-11-29 the warning came only when --host-ram was given too
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: %s/tests/data/configs/t5-small.json\ndataloader_num_workers: 16\n' "$PWD" >"$d/c.yaml"
"$VRAMPLAN" check "$d/c.yaml" --gpu a100 --cpus 12 2>&1 | grep "cores" | sed 's#^vramplan: warning: [^ ]*c.yaml#vramplan: warning: FILE#'
# within a third: no warning
"$VRAMPLAN" check "$d/c.yaml" --gpu a100 --cpus 48 2>&1 | grep -c "cores"
