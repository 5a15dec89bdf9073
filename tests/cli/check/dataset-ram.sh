# A dataset held in the trainer and read by persistent workers: 16 copies of
# its 4 GiB overflow 60 GB; forked anew each epoch, each worker reads 1/16 of
# it and the same 16 fit. --dataset-ram overrides the config's size.
"$VRAMPLAN" check -q tests/data/check/seed000-dataset.yaml
echo "exit $?"
sed 's/dataloader_persistent_workers: true/dataloader_persistent_workers: false/' tests/data/check/seed000-dataset.yaml |
	"$VRAMPLAN" check -q -
echo "exit $?"
"$VRAMPLAN" check -q --dataset-ram 1GiB tests/data/check/seed000-dataset.yaml
echo "exit $?"
# the note that says so, when persistent workers are the reason
"$VRAMPLAN" check tests/data/check/seed000-dataset.yaml 2>&1 >/dev/null | grep "persistent worker"
