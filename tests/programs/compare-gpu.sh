#!/bin/sh
# compare-gpu.sh [NAME...]: diff each NAME.gpu-out / NAME.gpu-status recorded by
# record-gpu.sh against NAME.expected / NAME.status (0 when absent). Exit 1 on any difference.
dir=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
	set -- $(cd "$dir" && ls *.cu | sed 's/\.cu$//')
fi
bad=0 same=0 missing=0
for n in "$@"; do
	if [ ! -f "$dir/$n.gpu-out" ]; then
		echo "MISSING $n (no $n.gpu-out; run record-gpu.sh)"
		missing=$((missing + 1))
		continue
	fi
	want=0
	[ -f "$dir/$n.status" ] && want=$(cat "$dir/$n.status")
	got=$(cat "$dir/$n.gpu-status" 2>/dev/null)
	if cmp -s "$dir/$n.expected" "$dir/$n.gpu-out" && [ "$want" = "$got" ]; then
		same=$((same + 1))
	else
		echo "DIFF $n (status expected $want, gpu $got)"
		diff "$dir/$n.expected" "$dir/$n.gpu-out" | head -20
		bad=$((bad + 1))
	fi
done
echo "same: $same, different: $bad, missing: $missing"
[ $bad -eq 0 ] && [ $missing -eq 0 ]
