// expect-error: 2: wrong number of arguments specified for 'optimize'
__attribute__((optimize)) int f(int x) { return x; }
int main(void) { return f(0); }
