// expect-error: 2: storage
auto int counter;
int main(void) { return 0; }
