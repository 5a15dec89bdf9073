# --texts-per-example takes a whole number from 1 to 64
"$VRAMPLAN" --model bge-m3 --gpu h100 --texts-per-example 0
"$VRAMPLAN" --model bge-m3 --gpu h100 --texts-per-example two
