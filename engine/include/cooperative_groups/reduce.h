/* cooperative_groups/reduce.h - warpstep built-in header. */
#error "warpstep: cooperative groups are not supported yet"
