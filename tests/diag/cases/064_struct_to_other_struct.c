// expect-error: 8: incompatible
struct a { int v; };
struct b { int v; };
int main(void)
{
    struct a x = { 1 };
    struct b y;
    y = x;
    return y.v;
}
