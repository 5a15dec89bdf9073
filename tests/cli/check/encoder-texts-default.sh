# Story 002: a bare encoder checkpoint (bge-m3-ko, XLMRobertaModel) is what
# sentence-transformers trains, whose pairs run two texts an example
# through it. No trainer key says how many, so check's default of one is
# said among the defaults applied, as the bare model's head is (until
# 2026-11-30 it was applied without a word, half a pair's activations);
# a stated count says nothing.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf 'model_name_or_path: dragonkue/BGE-m3-ko\nper_device_train_batch_size: 64\nmax_seq_length: 256\nbf16: true\nuse_peft: true\n' >"$d/bi.yaml"
"$VRAMPLAN" check "$d/bi.yaml" --gpu h100 2>&1 >/dev/null | grep -o "default texts_per_example.*"
"$VRAMPLAN" check "$d/bi.yaml" --gpu h100 --texts-per-example 2 2>&1 >/dev/null | grep -c "default texts_per_example"
# a checkpoint with a head of its own (a classifier) has no such note
printf 'model_name_or_path: xlm-roberta-base\nper_device_train_batch_size: 8\n' >"$d/cls.yaml"
"$VRAMPLAN" check "$d/cls.yaml" --gpu h100 2>&1 >/dev/null | grep -c "default texts_per_example"
true
