# adafactor: true replaces a stated optim in either order, as
# TrainingArguments.__post_init__ does; the setup line names adafactor and
# the optim key gets a note (until 2026-11-29 the key later in the file
# won, and LLaMA-Factory's adafactor was ignored)
for f in tests/data/check/adafactor-over-optim.yaml tests/data/check/lf-adafactor.yaml; do
	"$VRAMPLAN" check "$f" --gpu a100-80gb 2>&1 >/dev/null | grep -E 'config, model|ignored key' || exit 1
done
