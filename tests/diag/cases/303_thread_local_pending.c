// expect-error: 3: '__thread' (thread-local storage) is not supported
// gcc-accepts
__thread int counter;
int main(void) { return counter; }
