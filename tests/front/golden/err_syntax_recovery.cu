int a = ;
int b = 2;
void f() { int x = (1 + ; x = 2; }
struct { int y } z;
int main() { return b; }
