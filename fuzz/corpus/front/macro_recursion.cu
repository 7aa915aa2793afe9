#define A B
#define B A
#define F(x) F(x) x
int main(){ A; F(1); return 0; }
