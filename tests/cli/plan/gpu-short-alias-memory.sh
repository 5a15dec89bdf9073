# "a100" and "v100" are aliases of the card's smaller memory (a100-40gb,
# v100-16gb: the safe side, docs/catalogue.md). An 80 GB A100 owner who
# types "a100" gets a plan for half her memory: a warning names the entry
# planned and the other memory's (a100-80gb), as the shared nvidia-smi name
# of the RTX 4060 Ti does. Until 2026-12-01 nothing was said. An alias
# whose other memory's form is an alias, not a name ("a100-sxm4", whose
# 80 GB is a100-80gb's alias a100-sxm4-80gb; "3050", whose other memory is
# the smaller, rtx3050-6gb's 3050-6gb), warns alike: until 2026-12-01 only
# entry names were compared, and a100-sxm4 was said to name one memory.
# The entries' own names say nothing.
for g in a100 V100 a100-40gb a100-80gb a100-sxm4 3050 rtx3080; do
	echo "== $g"
	"$VRAMPLAN" estimate --model kobart --gpu "$g" --batch 1 2>&1 >/dev/null
done
# check given the other memory too (--gpu a100 --gpu a100-80gb) checks both
# and has nothing to ask for (until 2026-12-01 it warned to give a100-80gb)
echo "== check a100 a100-80gb"
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --gpu a100 --gpu a100-80gb 2>&1 >/dev/null | grep "planned here"
echo "== check a100"
"$VRAMPLAN" check examples/configs/seed000-stage3.yaml --gpu a100 2>&1 >/dev/null | grep "planned here"
# -v's catalogue note counts the GPUs the lookup can plan: the other
# memory's built-in entry, loaded for the warning alone, is not one (until
# 2026-12-01 "--gpu a100" noted 2 GPUs for the one given); a user file's
# entry of that name is, as the user's catalogue holds it
echo "== count"
"$VRAMPLAN" estimate --model kobart --gpu a100 --batch 1 -v 2>&1 >/dev/null | grep "catalogue:"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'gpus:\n  - name: a100-80gb\n    full_name: "NVIDIA A100-SXM4-80GB"\n    memory_mib: 81920\n    compute_capability: 8.0\n    bf16: true\n' >"$d/g.yaml"
"$VRAMPLAN" estimate --model kobart --gpu a100 --batch 1 -v --catalog "$d/g.yaml" 2>&1 >/dev/null | grep "catalogue:"
# a name the selection cannot hold (nvidia-smi's) loads the whole catalogue,
# whose note is the only one: until 2026-12-01 -v first noted the
# selection's "0 GPUs", then the whole catalogue's
echo "== full name"
"$VRAMPLAN" estimate --model kobart --gpu "NVIDIA A100-SXM4-40GB" --batch 1 -v 2>&1 >/dev/null | grep -c "catalogue:"
