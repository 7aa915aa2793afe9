// <iostream>, <iomanip> and <string> as libstdc++ formats them: integers in
// every base with showbase/uppercase, floats in general/fixed/scientific
// format, width/fill/adjustment, bool, null pointers, std::string operations.
#include <iostream>
#include <iomanip>
#include <string>
int main()
{
	std::cout << "hello " << 42 << ' ' << -7L << " " << 3u << std::endl;
	std::cout << 3.14159265358979 << " " << 1e20 << " " << 0.1f << " " << 100.0 << " " << 1.0/3 << std::endl;
	std::cout << std::fixed << std::setprecision(2) << 3.14159 << " " << 2.0 << std::endl;
	std::cout << std::scientific << 12345.678 << std::defaultfloat << " " << 12345.678 << std::endl;
	std::cout << std::setw(8) << 42 << "|" << std::left << std::setw(6) << "ab" << "|" << std::right << std::setfill('0') << std::setw(5) << -12 << std::endl;
	std::cout << std::setfill(' ') << std::hex << 255 << " " << std::showbase << 255 << " " << std::uppercase << 255 << std::dec << std::nouppercase << std::noshowbase << " " << 255 << std::endl;
	std::cout << true << " " << std::boolalpha << true << " " << false << std::noboolalpha << std::endl;
	std::cout << std::internal << std::setw(6) << -42 << std::left << std::endl;
	std::cout << std::showpos << 5 << " " << 2.5 << std::noshowpos << std::endl;
	int *np = 0;
	std::cout << (void *)np << std::endl;
	std::string s = "abc";
	std::string t("def");
	s += t;
	s += '!';
	std::cout << s << " " << s.size() << " " << s.substr(2, 3) << " " << s.find("cd") << " " << (s == "abcdef!") << std::endl;
	std::string u = s + "-" + std::to_string(42) + "-" + std::to_string(1.5);
	std::cout << u << " " << std::stoi("123") + 1 << " " << u.find_last_of('-') << std::endl;
	std::cerr << "to stderr" << std::endl;
	std::cout << std::setprecision(10) << 3.14159265358979 << std::endl;
	return 0;
}
