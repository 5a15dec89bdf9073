# PyYAML reads a leading-zero count as octal: gradient_accumulation_steps
# 010 is 8 in the run, and check checks 8 and warns at its line; 08 is a
# string to PyYAML, an error at its position.
f="${TMPDIR:-/tmp}/vp-count-$$.yaml"
sed 's/^gradient_accumulation_steps: .*/gradient_accumulation_steps: 010/' examples/configs/seed000-stage4.yaml >"$f"
"$VRAMPLAN" check "$f" --gpu rtx3090 --format json 2>/dev/null | tr -d "\t\n" | grep -o '"gradient_accumulation_steps":[0-9]*'
"$VRAMPLAN" check "$f" --gpu rtx3090 2>&1 | grep "is octal" | sed "s|$f|FILE|"
sed 's/^gradient_accumulation_steps: .*/gradient_accumulation_steps: 08/' examples/configs/seed000-stage4.yaml >"$f"
"$VRAMPLAN" check "$f" --gpu rtx3090 2>"$f.err"
echo "exit $?"
sed "s|$f|FILE|" "$f.err"
rm -f "$f" "$f.err"
# JSON carries the reading too
sed 's/^gradient_accumulation_steps: .*/gradient_accumulation_steps: 010/' examples/configs/seed000-stage4.yaml >"$f"
"$VRAMPLAN" check "$f" --gpu rtx3090 --format json 2>/dev/null | tr -d "\t\n" | grep -o '"readings":\[[^]]*\]'
rm -f "$f"
