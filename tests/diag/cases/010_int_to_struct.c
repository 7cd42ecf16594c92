// expect-error: 6: incompatible
struct point { int x, y; };
int main(void)
{
    struct point p;
    p = 3;
    return p.x;
}
