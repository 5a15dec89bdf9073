# A frozen model trains nothing: sweep refuses it once, with a usage error,
# rather than printing the planner's refusal in every cell.
"$VRAMPLAN" sweep --method frozen --gpu rtx3090
