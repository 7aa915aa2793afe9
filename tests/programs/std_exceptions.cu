// <exception> and <stdexcept>: every standard exception class built from a
// std::string and a C string, what() through the class itself; a class
// derived from std::runtime_error as helper headers write them. (Throwing
// and catching: tests of the front end's exceptions.)
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

class MyError : public std::runtime_error {
public:
	int code;
	/* the base's injected class name, unqualified */
	MyError(const std::string &m, int c) : runtime_error(m), code(c) {}
};

__global__ void mark(int *flag) { *flag = 7; }

int main()
{
	std::exception e;
	std::bad_alloc ba;
	std::bad_exception be;
	printf("%s | %s | %s\n", e.what(), ba.what(), be.what());
	std::string s = "from a string";
	std::logic_error le(s);
	std::runtime_error re("from a C string");
	std::invalid_argument ia("invalid_argument");
	std::string what = std::string("out_of_range ") + "index 7";
	std::out_of_range oor(what);
	std::domain_error de("domain_error");
	std::length_error len("length_error");
	std::range_error rae("range_error");
	std::overflow_error oe("overflow_error");
	std::underflow_error ue("underflow_error");
	printf("%s | %s\n", le.what(), re.what());
	printf("%s | %s | %s | %s\n", ia.what(), oor.what(), de.what(), len.what());
	printf("%s | %s | %s\n", rae.what(), oe.what(), ue.what());
	int *d, h = 0;
	cudaMalloc(&d, sizeof(int));
	mark<<<1, 1>>>(d);
	cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d);
	MyError me("kernel wrote " + std::to_string(h), h);
	printf("%s (code %d)\n", me.what(), me.code);
	return 0;
}
