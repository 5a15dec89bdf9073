# --liger on a model Liger has no kernels for (mT5): transformers then trains
# without them, so the estimate is the plain one, and stderr says so.
"$VRAMPLAN" plan --model mt5 --gpu rtx3090 --liger
