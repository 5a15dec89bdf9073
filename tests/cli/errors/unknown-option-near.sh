# An ML engineer writes flags as Hugging Face's and Python's scripts do,
# with underscores (--seq_len, --host_ram); an unknown long option names the
# one it misspells ('_' read as '-', case ignored, then at most one edit per
# four characters), in plan and check alike; a name near none says nothing
# more. Until 2026-11-30 each was a bare "unknown option".
"$VRAMPLAN" --model mt5 --gpu rtx3090 --seq_len 512
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host_ram=60GB
"$VRAMPLAN" --model mt5 --gpu rtx3090 --Grad-Ckpt
"$VRAMPLAN" --model mt5 --gpu rtx3090 --seqlen 512
"$VRAMPLAN" check x.yaml --gpu rtx3090 --texts_per_example 2
"$VRAMPLAN" --model mt5 --gpu rtx3090 --per_device_train_batch_size 8
echo "exit $?"
