# mT5 XLSum's 4,500 evaluation samples with compute_metrics over the logits:
# 128 x 250,112 fp32 logits a sample, twice at the last concatenation, do
# not fit a 60 GiB container (exit 1, nothing on stdout)
"$VRAMPLAN" --model mt5 --gpu rtx3090 --host-ram 60GiB --cpus 48 --eval-samples 4500
