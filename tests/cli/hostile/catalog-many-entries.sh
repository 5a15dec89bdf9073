# A catalogue holds at most 4096 models and 4096 GPUs, the built-in ones
# and every file's together: loading checks each name against those read
# before it, so the time grew with the square of the count (until
# 2026-11-30 a 1.8 MB file of 20,000 GPUs took 40 s to load, and the
# 64 MiB a file may hold, hours). One file past the limit is refused at
# its list; files that together pass it, at the one that does. The
# built-in catalogue's 79 GPUs count: 4000 + 17 + 79 is the limit.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
gpus() { # gpus FIRST COUNT
	awk -v a="$1" -v n="$2" 'BEGIN { print "gpus:"; for (i = a; i < a + n; i++)
		printf "  - name: g%d\n    full_name: G %d\n    memory_mib: 8192\n", i, i }'
}
cd "$d" || exit 1
gpus 0 4097 >over.yaml
"$VRAMPLAN" --catalog over.yaml list gpus | wc -l
gpus 0 4000 >a.yaml
gpus 4000 17 >b.yaml
"$VRAMPLAN" --catalog a.yaml --catalog b.yaml list gpus | wc -l
gpus 4000 18 >b.yaml
"$VRAMPLAN" --catalog a.yaml --catalog b.yaml list gpus | wc -l
# replacing entries adds none
"$VRAMPLAN" --catalog a.yaml --catalog a.yaml list gpus | wc -l
