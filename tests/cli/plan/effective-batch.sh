"$VRAMPLAN" --model eenzeenee --gpu a100-40gb --effective-batch 32 | grep -E "^(# train|# effective|per_device_train|gradient_acc)"
# 30 on 4 GPUs cannot be met: of 7 and 8 a GPU, 8 runs 4 x 2 where 7 (a
# prime) would run 1 x 7, the same distance from 30
"$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 4 --effective-batch 30 2>&1 | grep "^# effective batch\|warning"
# with --batch-multiple the share it divides: 95 on 3 GPUs is 32 a GPU
"$VRAMPLAN" --model mt5 --gpu rtx3090 --gpus 3 --effective-batch 95 --batch-multiple 2 2>&1 | grep "^# effective batch"
