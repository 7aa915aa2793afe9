#define F(x, ...) x ## __VA_ARGS__ #x
#if defined(F) && (1 ? 2 : 3) > 0x1u
F(a, b) F((1,2),)
#elif 1
#else
#endif
