# Story 002: a sentence-transformers bi-encoder (bge-m3-ko, LoRA) trains on
# (anchor, positive) pairs, two sequences an example, each kept for
# backward. plan takes --texts-per-example; check takes the same shorthand
# for --set texts_per_example (until 2026-11-30 it was an unknown option,
# exit 2), and the two agree.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: dragonkue/BGE-m3-ko\nper_device_train_batch_size: 64\nmax_seq_length: 256\nbf16: true\nuse_peft: true\ngradient_checkpointing: true\n' >"$d/bi.yaml"
"$VRAMPLAN" check -q "$d/bi.yaml" --gpu h100 --texts-per-example 2 | sed 's#.*bi.yaml ##'
"$VRAMPLAN" check -q "$d/bi.yaml" --gpu h100 --set texts_per_example=2 | sed 's#.*bi.yaml ##'
# one text an example, as without the option
"$VRAMPLAN" check -q "$d/bi.yaml" --gpu h100 | sed 's#.*bi.yaml ##'
# a bad count names the command line
"$VRAMPLAN" check -q "$d/bi.yaml" --gpu h100 --texts-per-example 0
echo "exit $?"
