/* thrust/iterator/constant_iterator.h - warpstep built-in header: see thrust/detail/ws_thrust.h. */
#include <thrust/detail/ws_thrust.h>
