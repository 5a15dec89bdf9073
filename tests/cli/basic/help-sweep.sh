# sweep --help: its usage, what it does, and only the options it takes
"$VRAMPLAN" sweep --help
