# --dataset-ram 0GiB wins over the config's vramplan.dataset_ram (4GiB here)
# as any other value does: the command line wins over the block
# (docs/check.md, the man page). Until 2026-11-30 a given 0 read as "not
# given" and the config's 4GiB was checked (host RAM 71.51 GiB, does not
# fit). A 0 is what plan's --dataset-ram 0GiB is: no size, so each worker is
# costed at --worker-ram's default (host.c), 35.01 GiB here; any size, 1B
# included, is a set of that size read by the workers.
"$VRAMPLAN" check -q --dataset-ram 0GiB tests/data/check/seed000-dataset.yaml
echo "exit $?"
"$VRAMPLAN" check -q --dataset-ram 1B tests/data/check/seed000-dataset.yaml
echo "exit $?"
