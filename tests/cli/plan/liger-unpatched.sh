# --liger on a model Liger has no kernels for (mT5): transformers then trains
# without them, so the estimate is the plain one, stderr says so, and the
# setup line names no Liger kernels (until 2026-11-30 it did).
"$VRAMPLAN" plan --model mt5 --gpu rtx3090 --liger
