# A Hugging Face config.json given as a catalogue parses (JSON is YAML) and
# failed at its first key with no more than "unknown key"; it now says what
# the file is and what takes it (--model, or vramplan import). An empty
# file, or one of comments only, is refused while 'models: []' loads: a
# failed `vramplan import CONFIG > FILE` leaves an empty file, whose model
# would otherwise be missing without a word; the message says how to write
# a file of no entries, as does the one for 'models:' with nothing after it.
"$VRAMPLAN" list models --catalog tests/data/configs/gpt2-large.json >/dev/null
echo "exit $?"
VRAMPLAN_CATALOG=tests/data/configs/gpt2-large.json "$VRAMPLAN" list models >/dev/null
echo "exit $?"
cd "$TMPDIR" || exit 1
: >empty.yaml
printf '# none yet\n' >comments.yaml
printf 'models:\n' >models-null.yaml
printf 'models: []\n' >models-none.yaml
for f in empty comments models-null models-none; do
	"$VRAMPLAN" list models --catalog $f.yaml >/dev/null
	echo "$f: exit $?"
done
