// Globals with dynamic initialization: constructors (also of a static data
// member and of a class with std::string members), values computed at run
// time and `new` run before main in declaration order; destructors run after
// main returns, in reverse order.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Logger {
	const char *name;
	Logger(const char *n) : name(n) { printf("init %s\n", name); }
	~Logger() { printf("fini %s\n", name); }
};

struct Registry {
	static Logger log;
};

Logger first("first");
Logger Registry::log("static member");
std::string greeting = "hello";
std::vector<int> table(4, 7);
int computed = atoi("42");
Logger *heap = new Logger("heap");

struct Config {
	std::string path;
	int n;
};
Config cfg;
Logger last("last");

__global__ void kernel(int v) { printf("kernel %d\n", v); }

int main()
{
	printf("main: %s %d %d %d %s\n", greeting.c_str(), table[3], computed, (int)cfg.path.size(), heap->name);
	kernel<<<1, 1>>>(computed);
	cudaDeviceSynchronize();
	cfg.path = "x";
	delete heap;
	return 3;
}
