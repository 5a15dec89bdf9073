"$VRAMPLAN" check tests/data/check/deepspeed-stage-only.yaml -v 2>&1 | grep "ZeRO stage 2 from\|FITS"
