// expect-error: 7: incompatible
struct point { int x, y; };
int main(void)
{
    struct point p = { 1, 2 };
    int n;
    n = p;
    return n;
}
