"$VRAMPLAN" --ma 4
