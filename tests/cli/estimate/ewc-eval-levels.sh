# EWC's Fisher diagonal and anchor copy are tensors the caching allocator
# holds through evaluation too, so they count in the evaluation's allocated
# and reserved levels as in the training step's, not only in its device
# level: the CUDA context is then what lies between reserved and device.
# Until 2026-11-30 the eval line read "device peak 28.08 GiB (allocated
# 15.93, reserved 22.98)" beside a 0.66 GiB context, and the JSON's eval
# levels left the 4.44 GiB out where its device level had them
"$VRAMPLAN" estimate --model qwen3-0.6b --gpu a100-40gb --batch 4 --ewc --eval-samples 100 |
	grep "^# eval batch\|^#   ewc\|^#   allocator\|^#   cuda context"
"$VRAMPLAN" --model qwen3-0.6b --gpu a100-40gb --ewc --format json |
	sed -n '/"eval":/,/}/p' | grep '"\(allocated\|reserved\|device\)_bytes"'
"$VRAMPLAN" --model qwen3-0.6b --gpu a100-40gb --ewc --format json |
	sed -n '/"estimate":/,/}/p' | grep '"\(context\|ewc\)_bytes"'
