// expect-error: 2: zero width
struct Z { int a; unsigned b : 0; };
