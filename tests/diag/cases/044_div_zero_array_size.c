// expect-error: 2: division by zero
int table[4 / 0];
int main(void) { return 0; }
