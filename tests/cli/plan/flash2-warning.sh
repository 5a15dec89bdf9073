"$VRAMPLAN" --model eenzeenee --gpu t4 --attn flash2 | grep "^# setup"
