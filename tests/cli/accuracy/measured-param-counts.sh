# Every measured run in bench/measured logged how many parameters it held
# and trained ("trainable T of N parameters": sum(p.numel()) over the model
# after PEFT wrapped it, adapters and modules_to_save copies included). The
# estimate's counts for the same case must be those numbers to the unit:
# heads, frozen position tables, PEFT's copies and quantized bases alike.
"$VRAMPLAN_ACCURACY" -v --cases bench/measured/cases.yaml | python3 -c '
import re, sys
logged = {}
case = None
for line in open("bench/measured/cases.yaml", encoding="utf-8"):
    m = re.match(r"- id: \"([^\"]+)\"", line)
    if m:
        case = m.group(1)
    m = re.search(r"trainable (\d+) of (\d+) parameters", line)
    if m and line.lstrip().startswith("notes:"):
        logged[case] = (int(m.group(1)), int(m.group(2)))
checked = wrong = 0
case = None
for line in sys.stdin:
    m = re.match(r"(\S+)\s+[A-C]\s", line)
    if m:
        case = m.group(1)
        continue
    m = re.search(r"params trainable=(\d+) total=(\d+)", line)
    if m and case in logged:
        checked += 1
        got = (int(m.group(1)), int(m.group(2)))
        if got != logged[case]:
            wrong += 1
            print("%s: estimated %d of %d, logged %d of %d" % ((case,) + got + logged[case]))
print("%d cases with logged counts, %d differ" % (checked, wrong))
'
