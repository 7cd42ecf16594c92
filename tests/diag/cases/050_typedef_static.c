// expect-error: 2: storage
typedef static int number;
int main(void) { return 0; }
