// expect-error: 5: bit-field
struct B { int x : 3; };
int f(struct B *b)
{
    return sizeof(b->x);
}
