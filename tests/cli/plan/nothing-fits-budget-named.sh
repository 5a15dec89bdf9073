# Where not even batch 1 fits, the message says the budget as the plan's
# "# budget:" line does (util x the card's memory): until 2026-12-01 it
# read "batch 1 needs 10.33 GiB of 8.00 GiB" for seed 001's 10 GB RTX 3080,
# a figure a user takes for the card's memory.
"$VRAMPLAN" --model mt5 --gpu rtx3080 2>&1 >/dev/null | head -n 1
