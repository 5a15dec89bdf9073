# --method frozen trains nothing: the options that describe training (an
# optimizer to offload, a backward to checkpoint, offload or step in, an
# EWC penalty) are each named in a warning and dropped, as --optimizer is,
# and the estimate is the forward's. Until 2026-11-30 all but --optimizer
# were accepted without a word.
b="estimate --model llama-3.2-1b --gpu a100-80gb --method frozen --batch 2 --seq-len 256"
"$VRAMPLAN" $b --zero 2 --offload-optimizer cpu --grad-ckpt --activation-offload --ewc --format json | grep -E '"(zero_offload_optimizer|grad_ckpt|activation_offload|device_bytes)"'
# ... the same forward without them
"$VRAMPLAN" $b --zero 2 --format json 2>/dev/null | grep -E '"device_bytes"'
# --offload-optimizer without ZeRO 2 is no longer the stage error: nothing trains
"$VRAMPLAN" $b --offload-optimizer cpu --optimizer-in-backward --format json 2>&1 >/dev/null
# ... nor is --optimizer-in-backward with ZeRO (until 2026-11-30 the error
# "cannot be combined with --zero 2" came before the frozen drop)
"$VRAMPLAN" $b --zero 2 --optimizer-in-backward --format json 2>&1 >/dev/null
echo "exit $?"
# ZeRO-3 partitions what trains in vramplan's model: said, not silent
"$VRAMPLAN" $b --zero 3 --gpus 2 --offload-param cpu --format json 2>&1 >/dev/null
"$VRAMPLAN" $b --offload-param cpu --format json 2>&1 >/dev/null
# the forward is estimated as an evaluation's: a fused or chunked loss is
# said to be left out, not dropped silently
"$VRAMPLAN" $b --liger --compile --loss chunked --format json 2>&1 >/dev/null
# --grad-accum: no gradients to keep between micro-batches; named, dropped
# (the JSON's grad_accum 1, the estimate unchanged). Until 2026-11-30 it
# was taken without a word and the JSON said grad_accum 2.
"$VRAMPLAN" $b --grad-accum 2 --format json | grep -E '"(grad_accum|device_bytes)"'
# ZeRO-1 and 2 partition optimizer states and gradients, which a frozen
# forward has none of: said (as --zero 3 is), with what is counted: the
# whole weights on each GPU, 16-bit under amp as DeepSpeed's engine casts
# them. Until 2026-11-30 --zero 1 and 2 said nothing.
"$VRAMPLAN" $b --zero 1 --gpus 2 --precision amp-bf16 --format json 2>&1 >/dev/null
"$VRAMPLAN" $b --zero 2 --gpus 2 --precision fp32 --format json 2>&1 >/dev/null
