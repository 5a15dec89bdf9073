# A container's memory limit as Kubernetes and docker spell it: 60Gi
# (Kubernetes, binary) and 60gb (docker's go-units, binary) are 60 GiB, as
# 60GiB is; 60GB stays decimal (55.88 GiB).
for size in 60Gi 60gb 60g 60GiB 60GB; do
	"$VRAMPLAN" check -q examples/configs/seed000-stage4.yaml --host-ram "$size" --format json |
		grep -o '"limit_bytes":[^,]*' | tr -d "\t"
done
