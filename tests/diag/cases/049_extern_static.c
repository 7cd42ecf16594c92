// expect-error: 2: storage
extern static int counter;
int main(void) { return 0; }
