@@ `` $$ ??? int int int ( ) ) ] [ { } } } ;;; __global__ __global__ <<< >>> :: :: template < > operator
