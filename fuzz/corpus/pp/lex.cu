int a = 'x' + '\n' + 0x1p3f + 1e5 + 077ull; const char *s = u8"\x41\u00e9";
k<<<1, 2>>>(a::b);
/* c */ // d
