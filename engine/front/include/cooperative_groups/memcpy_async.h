/* cooperative_groups/memcpy_async.h - warpstep built-in header. */
#error "warpstep: cooperative groups are not supported yet"
