// An error in a default argument of a function declaration is reported once
// (the quiet parse that tells parameters from constructor arguments is not kept).
void err_me(int a = 1 + undefined_name);
void err_too(char *s = "abc", int b = nothing_here);
int main() { return 0; }
