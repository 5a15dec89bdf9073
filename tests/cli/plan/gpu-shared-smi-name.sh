# nvidia-smi prints "NVIDIA GeForce RTX 4060 Ti" for the 8 GB and the 16 GB
# card; the name finds the 8 GB entry (the safe side, docs/catalogue.md).
# A 16 GB owner who pastes it gets a warning naming the card planned and the
# other's name, from plan, estimate, sweep and check (once, for two
# configs). Until 2026-11-30 nothing was said: the plan was for half her
# memory. The entry's own name or alias chooses the card: no warning.
"$VRAMPLAN" --model kobart --gpu "NVIDIA GeForce RTX 4060 Ti" | sed -n 1p
"$VRAMPLAN" estimate --model kobart --gpu "RTX 4060 Ti" --batch 4 >/dev/null
"$VRAMPLAN" sweep --gpu "NVIDIA GeForce RTX 4060 Ti" --format json | python3 -c 'import json,sys; print(sorted(set(r["gpu"] for r in json.load(sys.stdin))))'
printf 'model_name_or_path: gogamza/kobart-base-v2\nper_device_train_batch_size: 8\n' >"${TMPDIR:-/tmp}/vp-smi-name-$$.yaml"
"$VRAMPLAN" check "${TMPDIR:-/tmp}/vp-smi-name-$$.yaml" "${TMPDIR:-/tmp}/vp-smi-name-$$.yaml" --gpu "NVIDIA GeForce RTX 4060 Ti" 2>&1 >/dev/null | grep -c "names two cards"
rm -f "${TMPDIR:-/tmp}/vp-smi-name-$$.yaml"
for g in rtx4060ti rtx4060ti-8gb rtx4060ti-16gb "Tesla T4"; do
	"$VRAMPLAN" --model kobart --gpu "$g" | sed -n 1p
done
