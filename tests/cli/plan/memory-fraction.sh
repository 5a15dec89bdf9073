# A run that calls torch.cuda.set_per_process_memory_fraction(0.5) (seed 004 caps
# its process the same way, at 0.7): the allocator may reserve at most half of the
# 24 GiB, so the budget is that cap plus the CUDA context, below util's 0.8 x 24
# GiB, and the train batch is 2 where the uncapped plan (mt5-rtx3090) picks 7.
"$VRAMPLAN" --model mt5 --gpu rtx3090 --memory-fraction 0.5
