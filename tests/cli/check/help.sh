"$VRAMPLAN" check --help
