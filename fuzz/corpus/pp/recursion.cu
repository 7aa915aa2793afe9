#define a b b
#define b c c
#define c a a
a
#define f(x) f(x) g
f(f(f(1)))
