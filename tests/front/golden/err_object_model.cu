// Errors of the C++ object model: new/delete misuse, rvalue references bound
// to lvalues, arrays of a class without a default constructor.
struct NoDefault {
	NoDefault(int v) : v_(v) {}
	int v_;
};

void sink(NoDefault &&n) {}

int main()
{
	int x = 1;
	delete x;
	void *p = new void;
	NoDefault *a = new NoDefault[4];
	int *q = new (5) int;
	NoDefault nd(1);
	sink(nd);
	int *r = new int[3]{1, 2, 3};
	return 0;
}
