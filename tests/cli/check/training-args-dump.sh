# A dump of TrainingArguments.to_dict() (to_json_string, a saved
# training_args.json) holds every field, do_train at its default, false,
# whether the script trained or not: the Trainer never reads it. to_dict
# writes "<HUB_TOKEN>" for hub_token (and "<PUSH_TO_HUB_TOKEN>"), which
# marks the file as a dump. tests/data/check/training-args-dump.json is
# such a dump's field list (transformers 4.46), written for this test.
# Before, check read its do_train: false as an evaluation-only run and said
# FITS at the eval batch for a train batch that does not fit (exit 0 in CI:
# the file's two lines below without the token lines). Now the dump is
# checked as training, with a note at do_train.
f=tests/data/check/training-args-dump.json
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$VRAMPLAN" check -q --gpu a100-80gb --model llama-3.2-1b --seq-len 2048 $f
echo "exit $?"
"$VRAMPLAN" check --gpu a100-80gb --model llama-3.2-1b --seq-len 2048 $f 2>&1 >/dev/null | grep "key 'do_train'"
# only the placeholder marks a dump: without the token lines do_train: false
# is read as the example scripts read it (evaluation alone) ...
grep -v '_token"' $f >"$d/no-token.json"
(cd "$d" && "$VRAMPLAN" check -q --gpu a100-80gb --model llama-3.2-1b --seq-len 2048 no-token.json)
echo "exit $?"
# ... and so it is where a token stands there instead of the placeholder
sed 's|"<HUB_TOKEN>"|"hf_abc"|; s|"<PUSH_TO_HUB_TOKEN>"|null|' $f >"$d/token.json"
(cd "$d" && "$VRAMPLAN" check -q --gpu a100-80gb --model llama-3.2-1b --seq-len 2048 token.json)
echo "exit $?"
