# import reads the catalogue only to warn about an HF id that a built-in
# entry already holds: a $VRAMPLAN_CATALOG file that fails to load skips
# that warning (the import itself needs no catalogue) and leaks nothing of
# what the loader read before the error (the ASan and valgrind runs of
# this test catch a leak), and the entry is the one imported without it.
a=$(VRAMPLAN_CATALOG=tests/data/cli/bad-key.yaml "$VRAMPLAN" import tests/data/cli/t5-small-dir)
echo "exit $?"
b=$("$VRAMPLAN" import tests/data/cli/t5-small-dir 2>/dev/null)
[ "$a" = "$b" ] && echo "same entry as without the catalogue"
