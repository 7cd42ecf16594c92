// expect-error: 4: static assertion failed: "int must be 8 bytes"
struct S {
    int a;
    _Static_assert(sizeof(int) == 8, "int must be 8 bytes");
};
int main(void) { return 0; }
