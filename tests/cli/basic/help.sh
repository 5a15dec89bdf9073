"$VRAMPLAN" --help
