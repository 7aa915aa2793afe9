/* cooperative_groups/scan.h - warpstep built-in header. */
#error "warpstep: cooperative groups are not supported yet"
