# A file that $VRAMPLAN_CATALOG names and that fails to load is said to come
# from there: the command line does not name it, and a variable set in a
# shell profile long ago is easy to forget (until 2026-11-30 the message
# was the bare "cannot open 'FILE'" of a file the user never typed).
VRAMPLAN_CATALOG=tests/data/cli/no-such.yaml "$VRAMPLAN" --model gpt2 --gpu a100
echo "exit $?"
VRAMPLAN_CATALOG=tests/data/cli/lab-gpu.yaml:tests/data/cli/bad-key.yaml "$VRAMPLAN" sweep --model gpt2
echo "exit $?"
# a --catalog file is on the command line: no such note
"$VRAMPLAN" --catalog tests/data/cli/no-such.yaml list gpus
echo "exit $?"
