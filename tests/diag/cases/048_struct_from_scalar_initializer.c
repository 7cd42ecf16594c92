// expect-error: 3: initializer
struct point { int x, y; };
struct point origin = 5;
int main(void) { return origin.x; }
