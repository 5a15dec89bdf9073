"$VRAMPLAN" -q --model eenzeenee --gpu v100-16gb --precision amp-bf16 >/dev/null
