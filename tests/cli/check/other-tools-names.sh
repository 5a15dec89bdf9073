# keys of other tools, and trainer keys nested under a stage: a warning each,
# since their defaults would apply without a word; the stage's batch is the
# only one the file writes, so check refuses to report on a default batch
# and says how to merge the stage (exit 2)
"$VRAMPLAN" check tests/data/check/other-tools-names.yaml --gpu rtx3090
echo "exit $?"
# with a top-level batch beside the stage, the warnings and the check
sed 's/^num_workers: 4$/num_workers: 4\nper_device_train_batch_size: 2/' tests/data/check/other-tools-names.yaml |
	"$VRAMPLAN" check - --gpu rtx3090
echo "exit $?"
