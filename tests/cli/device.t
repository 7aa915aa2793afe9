#!/bin/sh
# device.t - device profiles (--device, $WARPSTEP_DEVICE, the config file)
# and the CUDA version (--cuda-version 12 gives back CUDA 12's cudaDeviceProp
# fields, which CUDA 13 removed and nvcc 13 refuses).
. tests/tap.sh

t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT INT TERM
cat >"$t/p.cu" <<'CU'
#include <cstdio>
int main(void)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	int n = 0;
	cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, 0);
	size_t f, total;
	cudaMemGetInfo(&f, &total);
	printf("%s|%d|%d|%d.%d|%zu|%zu|%zu\n", p.name, p.multiProcessorCount, n, p.major, p.minor,
	       p.sharedMemPerMultiprocessor, total, sizeof p);
	return 0;
}
CU
cat >"$t/old.cu" <<'CU'
#include <cstdio>
int main(void)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("%d %d %d %zu\n", p.clockRate, p.memoryClockRate, p.deviceOverlap, sizeof p);
	return 0;
}
CU
run() { env HOME="$t/home" XDG_CONFIG_HOME= "$@" </dev/null 2>"$t/err"; }

out=$(run "$WARPSTEP" run "$t/p.cu")
[ "$out" = "NVIDIA H100 80GB HBM3|132|132|9.0|233472|85017493504|1008" ]
tap_result $? "the default device is the H100 ($out)"
out=$(run "$WARPSTEP" run --device t4 "$t/p.cu")
[ "$out" = "Tesla T4|40|40|7.5|65536|15843721216|1008" ]
tap_result $? "--device t4 ($out)"
out=$(run "$WARPSTEP" --device RTX3050-Laptop run "$t/p.cu")
case $out in "NVIDIA GeForce RTX 3050 Laptop GPU|16|16|8.6|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "--device before the command, any case ($out)"
for d in h100 a100 v100 t4 rtx3090 rtx4090 l4 rtx3050-laptop; do
	run "$WARPSTEP" --device list | grep -q "^$d "
	tap_result $? "--device list shows $d"
done
run "$WARPSTEP" run --device gtx480 "$t/p.cu" >/dev/null
st=$?
[ $st -eq 2 ] && grep -q "unknown device 'gtx480'" "$t/err" && grep -q "^a100 " "$t/err"
tap_result $? "an unknown device: exit 2, the list of devices (status $st)"
out=$(run WARPSTEP_DEVICE=a100 "$WARPSTEP" run "$t/p.cu")
case $out in "NVIDIA A100-SXM4-40GB|108|108|8.0|167936|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "\$WARPSTEP_DEVICE ($out)"
mkdir -p "$t/home/.config/warpstep"
printf '# my GPU\n  device = v100  \n\n' >"$t/home/.config/warpstep/config"
out=$(run "$WARPSTEP" run "$t/p.cu")
case $out in "Tesla V100-SXM2-16GB|80|80|7.0|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "the config file ~/.config/warpstep/config ($out)"
out=$(run WARPSTEP_DEVICE=l4 "$WARPSTEP" run "$t/p.cu")
case $out in "NVIDIA L4|58|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "\$WARPSTEP_DEVICE wins over the config file"
out=$(run WARPSTEP_DEVICE=l4 "$WARPSTEP" run --device rtx4090 "$t/p.cu")
case $out in "NVIDIA GeForce RTX 4090|128|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "--device wins over \$WARPSTEP_DEVICE"
mkdir -p "$t/xdg/warpstep"
printf 'device = rtx3090\n' >"$t/xdg/warpstep/config"
out=$(env HOME="$t/home" XDG_CONFIG_HOME="$t/xdg" "$WARPSTEP" run "$t/p.cu" 2>/dev/null)
case $out in "NVIDIA GeForce RTX 3090|82|"*) r=0 ;; *) r=1 ;; esac
tap_result $r "\$XDG_CONFIG_HOME/warpstep/config ($out)"
printf 'devise = v100\n' >"$t/home/.config/warpstep/config"
run "$WARPSTEP" run "$t/p.cu" >/dev/null
st=$?
[ $st -eq 2 ] && grep -q "config:1: unknown key 'devise'" "$t/err"
tap_result $? "a bad config key: exit 2 with file:line (status $st)"
printf 'device = nope\n' >"$t/home/.config/warpstep/config"
run "$WARPSTEP" run "$t/p.cu" >/dev/null
[ $? -eq 2 ] && grep -q "config:1: unknown device 'nope'" "$t/err"
tap_result $? "a bad device in the config: exit 2 with file:line"
rm -f "$t/home/.config/warpstep/config"

run "$WARPSTEP" run "$t/old.cu" >/dev/null
st=$?
[ $st -eq 2 ] && grep -q "no member named 'clockRate'" "$t/err"
tap_result $? "CUDA 13 (default): prop.clockRate is refused as nvcc 13 refuses it (status $st)"
out=$(run "$WARPSTEP" run --cuda-version 12 "$t/old.cu")
[ "$out" = "1980000 2619000 1 1032" ]
tap_result $? "--cuda-version 12: clockRate, memoryClockRate, deviceOverlap, sizeof 1032 ($out)"
cat >"$t/prefetch12.cu" <<'CU'
#include <cstdio>
int main(void)
{
	int *m;
	cudaMallocManaged(&m, 64);
	printf("%d %d\n", (int)cudaMemPrefetchAsync(m, 64, 0), (int)cudaMemAdvise(m, 64, cudaMemAdviseSetReadMostly, cudaCpuDeviceId));
	return 0;
}
CU
out=$(run "$WARPSTEP" run --cuda-version 12 "$t/prefetch12.cu")
[ "$out" = "0 0" ]
tap_result $? "--cuda-version 12: cudaMemPrefetchAsync and cudaMemAdvise take a device number ($out)"
run "$WARPSTEP" run "$t/prefetch12.cu" >/dev/null
[ $? -eq 2 ] && grep -q "too few arguments to function 'cudaMemPrefetchAsync'" "$t/err"
tap_result $? "CUDA 13: the device-number form is refused, as nvcc 13 refuses it"
tap_done
