"$VRAMPLAN" --model eenzeenee --gpu a100-40gb --effective-batch 32 | grep -E "^(# train|# effective|per_device_train|gradient_acc)"
