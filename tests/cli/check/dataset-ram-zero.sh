# --dataset-ram 0GiB wins over the config's vramplan.dataset_ram (4GiB here)
# as any other value does: the command line wins over the block
# (docs/check.md, the man page). Until 2026-11-30 a given 0 read as "not
# given" and the config's 4GiB was checked (host RAM 71.51 GiB, does not
# fit). A 0 is what plan's --dataset-ram 0GiB is: a set that adds nothing to
# the trainer (memory-mapped), so each worker holds the fork's own pages
# (host.c), as with 1B. Until the same day's second fix a given 0 read as
# "unknown" there too and each worker was costed at --worker-ram's 2 GiB
# default (35.01 GiB here, where 1B gave 4.08).
"$VRAMPLAN" check -q --dataset-ram 0GiB tests/data/check/seed000-dataset.yaml
echo "exit $?"
"$VRAMPLAN" check -q --dataset-ram 1B tests/data/check/seed000-dataset.yaml
echo "exit $?"
