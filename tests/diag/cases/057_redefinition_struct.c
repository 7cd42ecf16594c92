// expect-error: 3: redefinition
struct point { int x, y; };
struct point { long x, y; };
int main(void) { return 0; }
