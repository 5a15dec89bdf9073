"$VRAMPLAN" --version
