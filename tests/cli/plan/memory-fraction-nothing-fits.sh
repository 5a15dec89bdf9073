# Under a cap of 0.3 x 24 GiB not even batch 1 fits; the first change offered is
# the run's own cap, against util alone.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --memory-fraction 0.3
