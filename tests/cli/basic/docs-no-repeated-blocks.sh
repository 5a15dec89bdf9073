# Each Markdown file of the docs says a thing once: no heading appears twice
# in one file, and no run of eight non-blank lines appears twice. A scripted
# edit of docs/memory-model.md (commit cd282ed2) pasted a stale copy of its
# evaluation and host RAM sections after the new ones, 240 lines that
# contradicted the new text ("Not counted: the file a save writes" beside
# the item that counts it), and nothing noticed.
for f in README.md docs/*.md; do
	awk -v f="$f" '
		/^```/ { fence = !fence }
		!fence && /^#+ / {
			if ($0 in heading) printf "%s:%d: heading repeated from line %d: %s\n", f, NR, heading[$0], $0
			else heading[$0] = NR
		}
		{ line[NR] = $0 }
		END {
			for (i = 1; i + 7 <= NR; i++) {
				key = ""
				blank = 0
				for (j = i; j < i + 8; j++) {
					if (line[j] ~ /^[[:space:]]*$/ || line[j] ~ /^```/) blank = 1
					key = key "\n" line[j]
				}
				if (blank) continue
				if (key in seen) {
					if (!((i - 1) in reported)) printf "%s:%d: eight lines repeated from line %d\n", f, i, seen[key]
					reported[i] = 1
				} else seen[key] = i
			}
		}' "$f"
done
echo checked
