// std::vector of class objects: elements are copy-constructed into the
// vector, copied on reallocation and destroyed when they leave (pop_back,
// erase, clear, resize, the vector's own end), as libstdc++ does; a vector
// of std::string and of structs holding strings copies and frees them.
#include <cstdio>
#include <string>
#include <vector>

static int live = 0;

struct Obj {
	int id;
	Obj() : id(0) { live++; }
	Obj(int i) : id(i) { live++; }
	Obj(const Obj &o) : id(o.id) { live++; }
	~Obj() { live--; }
	Obj &operator=(const Obj &o)
	{
		id = o.id;
		return *this;
	}
};

struct Person {
	std::string name;
	int age;
};

int main()
{
	{
		std::vector<Obj> v;
		for (int i = 0; i < 10; i++)
			v.push_back(Obj(i));
		printf("size %d live %d\n", (int)v.size(), live);
		v.pop_back();
		v.erase(v.begin());
		printf("front %d back %d live %d\n", v.front().id, v.back().id, live);
		v.resize(3);
		printf("after resize live %d\n", live);
		v.resize(5);
		printf("grown live %d last %d\n", live, v[4].id);
		std::vector<Obj> w = v;
		printf("copy live %d\n", live);
		w.clear();
		printf("cleared live %d\n", live);
	}
	printf("scope end live %d\n", live);

	std::vector<std::string> names;
	names.push_back("ada");
	names.push_back("grace");
	names.push_back(names[0] + "!");
	std::vector<std::string> more(names);
	more[0] = "alan";
	for (size_t i = 0; i < names.size(); i++)
		printf("%s %s\n", names[i].c_str(), more[i].c_str());

	std::vector<Person> people;
	Person p;
	p.name = "edsger";
	p.age = 72;
	people.push_back(p);
	p.name = "barbara";
	people.push_back(p);
	people.insert(people.begin(), p);
	for (size_t i = 0; i < people.size(); i++)
		printf("%s %d\n", people[i].name.c_str(), people[i].age);
	return 0;
}
