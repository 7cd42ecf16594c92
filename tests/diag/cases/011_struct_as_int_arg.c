// expect-error: 7: incompatible
struct point { int x, y; };
static int twice(int v) { return 2 * v; }
int main(void)
{
    struct point p = { 1, 2 };
    return twice(p);
}
