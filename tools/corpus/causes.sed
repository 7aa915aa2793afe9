# causes.sed - turns the first diagnostic warpstep gave on a corpus program (survey.sh's
# fourth column) into the name of its cause, as docs/compat.md and tests/corpus/KNOWN use
# them. Rules are tried in order; the first that matches wins (each is followed by `t`).
s/.*#error "warpstep: \(<[^>]*>\) is not supported (the C++ standard library.*/C++ library header \1 refused (#error)/; t
s/.*#error "warpstep: \(<iostream>\) is not supported.*/C++ library header \1 refused (#error)/; t
s/.*#error "warpstep: \(<[^>]*>\) is not supported yet.*/CUDA header \1 not supported yet (#error)/; t
s/.*error: '\(sys\/[^']*\|pthread\.h\|strings\.h\|unistd\.h\)' file not found.*/POSIX header <\1> missing/; t
s/.*error: '\(thrust\/[^']*\)' file not found.*/Thrust header <\1> missing/; t
s/.*error: '\(cuda_profiler_api\.h\|[a-z_]*\.h\)' file not found.*/header <\1> missing/; t
s/.*error: '\([a-z_]*\)' file not found.*/C++ library header <\1> missing/; t
s/.*error: 'new' is not supported.*/new \/ delete expressions not supported/; t
s/.*error: operator new\/delete are not supported.*/class-specific operator new \/ delete not supported/; t
s/.*error: use of undeclared identifier '\(cuda[A-Za-z0-9_]*\)'.*/runtime API \1 missing/; t
s/.*error: use of undeclared identifier '\(fill_n\|fill\|copy\|sort\|accumulate\|iota\|transform\|generate\)'.*/<algorithm>\/<numeric> function \1 missing/; t
s/.*error: expected an expression before '\(double\|float\|int\|unsigned\|char\)'.*/functional cast \1(x) not parsed/; t
s/.*error: expected an expression before '<'.*/launch spelled `k << <grid, block >> > (...)` not parsed/; t
s/.*error: \(lambda expressions\|virtual functions\|explicit template specializations\|default member initializers\) are not supported.*/\1 not supported/; t
s/^no end after .*/too slow in the emulator (no end within the survey timeout)/; t
s/.*error: \(.*\)/other compile error: \1/; t
