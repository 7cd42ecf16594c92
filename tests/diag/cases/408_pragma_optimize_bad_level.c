// expect-error: 2: argument to '-O' should be a non-negative integer
#pragma GCC optimize ("Ofastest")
int main(void) { return 0; }
