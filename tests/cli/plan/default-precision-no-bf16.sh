# without bf16 the default is fp16 autocast (KoBART), but fp32 for a T5-family
# model, which overflows fp16 (its loss turns to nan; docs/planner.md "T5 in
# fp16"): until 2026-12-01 eenzeenee's default plan on a V100 printed
# fp16: true beside the warning that says so. --precision amp-fp16 still
# plans the fp16 run, with the warning.
"$VRAMPLAN" --model kobart --gpu v100-16gb | grep -E "^(# setup|bf16|fp16)"
"$VRAMPLAN" --model eenzeenee --gpu v100-16gb | grep -E "^(# setup|bf16|fp16)"
"$VRAMPLAN" --model eenzeenee --gpu v100-16gb --precision amp-fp16 | grep -E "^(# setup|bf16|fp16)"
# DeepSpeed's fp16 run needs ZeRO (its 16-bit engine without it is refused),
# which the warning says (until 2026-12-01 it named a bare --precision amp-fp16)
"$VRAMPLAN" --model eenzeenee --gpu v100-16gb --profile deepspeed 2>&1 >/dev/null | grep "planned in fp32" | sed "s/.*; //"
