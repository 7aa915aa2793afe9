/* thrust/inner_product.h - warpstep built-in header: see thrust/detail/ws_thrust.h. */
#include <thrust/detail/ws_thrust.h>
