// expect-error: 2: expected
int table[3;
int main(void) { return 0; }
