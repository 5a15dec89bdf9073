# A config.json whose _name_or_path is a built-in entry's HF id (story
# 000's csebuetnlp/mT5_multilingual_XLSum, a local copy or fine-tune):
# imported and loaded with --catalog, a training config naming that id
# still finds the built-in 'mt5' (lookup takes HF ids in catalogue order,
# built-in first), so import warns and names the entry to give instead
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
sed 's/^{/{"_name_or_path": "csebuetnlp\/mT5_multilingual_XLSum",/' tests/data/configs/mt5-base.json >"$d/config.json" 2>/dev/null ||
	exit 1
"$VRAMPLAN" import "$d/config.json" >"$d/entry.yaml"
echo "exit $?"
# the warning's claim: the id finds the built-in, the name the imported entry
# (the name is also an alias of the built-in mt5, which the catalogue warns
# of: list/shared-keys.sh; from $d, so that the warning's path is the same
# in every run)
cd "$d" || exit 1
"$VRAMPLAN" --catalog entry.yaml --model csebuetnlp/mT5_multilingual_XLSum --gpu a100 | head -1
"$VRAMPLAN" --catalog entry.yaml --model mt5_multilingual_xlsum --gpu a100 | head -1
