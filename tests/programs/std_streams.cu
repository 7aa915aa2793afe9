// <sstream>, <fstream> and <istream>: string streams both ways, files written
// with ofstream and read back with ifstream and fstream (>>, getline, get,
// peek, read, write, ignore, eof/fail/good), open modes, std::cin at end of
// file. Identical to the program built by nvcc (host code; the kernel's
// results are printed through an ostringstream).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <cstdio>

__global__ void triple(int *v)
{
	v[threadIdx.x] = 3 * threadIdx.x + 1;
}

int main()
{
	int h[6], *d;
	cudaMalloc(&d, sizeof(h));
	triple<<<1, 6>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);

	std::ostringstream os;
	os << "values:";
	for (int i = 0; i < 6; i++)
		os << ' ' << h[i];
	os << ", pi " << 3.14159265 << ", hex " << std::hex << 255;
	std::cout << os.str() << std::endl;

	std::stringstream ss;
	ss << "12 3.5 word -7 " << 42;
	int a = 0, b2 = 0, c = 0;
	double x = 0;
	std::string w;
	ss >> a >> x >> w >> b2 >> c;
	std::cout << a << " " << x << " " << w << " " << b2 << " " << c << " eof " << ss.eof()
		  << " fail " << ss.fail() << std::endl;
	ss >> a;
	std::cout << "one more: fail " << ss.fail() << " a " << a << std::endl;

	std::istringstream nums("1 2 3 99999999999 5");
	int v = 0, sum = 0;
	while (!(nums >> v).fail())
		sum += v;
	std::cout << "sum " << sum << " overflow stores " << v << std::endl;
	std::istringstream bad("abc");
	bad >> v;
	std::cout << "no digits: " << v << " fail " << bad.fail() << std::endl;
	std::istringstream flt("  -1.25e2x 0.5");
	float f1;
	double f2;
	char ch;
	flt >> f1 >> ch >> f2;
	std::cout << f1 << " " << ch << " " << f2 << std::endl;

	const char *name = "std_streams.out.tmp";
	std::ofstream out(name);
	std::cout << "ofstream open " << out.is_open() << std::endl;
	out << "first line" << std::endl;
	out << 10 << " " << 20.5 << " " << std::string("thirty") << "\n";
	out.write("raw\n", 4);
	out.close();

	std::ifstream in(name);
	std::string line;
	std::getline(in, line);
	std::cout << "getline: [" << line << "]" << std::endl;
	int n;
	double dv;
	std::string s;
	in >> n >> dv >> s;
	std::cout << n << " " << dv << " " << s << std::endl;
	in.ignore(1);
	char raw[4];
	in.read(raw, 4);
	std::cout << "read " << in.gcount() << ": " << std::string(raw, 3) << std::endl;
	std::cout << "peek " << in.peek() << " eof " << in.eof() << std::endl;
	in.close();

	std::ofstream app(name, std::ios::app);
	app << "appended\n";
	app.close();
	std::fstream both(name, std::fstream::in | std::fstream::out);
	int lines = 0;
	while (!std::getline(both, line).fail())
		lines++;
	std::cout << "lines " << lines << ", last [" << line << "]" << std::endl;
	both.close();

	std::ifstream missing("no/such/file.txt");
	std::cout << "missing: open " << missing.is_open() << " fail " << missing.fail() << " ! " << !missing
		  << std::endl;
	std::remove(name);

	int k = 5;
	std::cin >> k;
	std::cout << "cin: fail " << std::cin.fail() << " eof " << std::cin.eof() << " k " << k << std::endl;
	return 0;
}
