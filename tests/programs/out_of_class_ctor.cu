// Constructors and destructors defined outside their class (also in a
// namespace and with mem-initializers), as course code writes them.
#include <cstdio>

class Timer {
public:
	Timer(const char *label);
	~Timer();
	int ticks;

private:
	const char *label_;
};

Timer::Timer(const char *label) : ticks(0), label_(label) { printf("start %s\n", label_); }

Timer::~Timer() { printf("stop %s after %d ticks\n", label_, ticks); }

namespace geo {
struct Grid {
	int w, h;
	Grid(int w_, int h_);
	~Grid();
};
}

geo::Grid::Grid(int w_, int h_) : w(w_), h(h_) { printf("grid %dx%d\n", w, h); }
geo::Grid::~Grid() { printf("~grid\n"); }

int main()
{
	Timer t("main");
	{
		geo::Grid g(4, 3);
		t.ticks += g.w * g.h;
	}
	Timer *h = new Timer("heap");
	h->ticks = 7;
	delete h;
	return 0;
}
