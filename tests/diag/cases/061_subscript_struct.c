// expect-error: 6: subscript
struct point { int x, y; };
int main(void)
{
    struct point p = { 1, 2 };
    return p[0].x;
}
