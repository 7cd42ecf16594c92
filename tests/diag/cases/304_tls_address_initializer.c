// expect-error: 4: initializer element is not constant
// A thread-local object's address differs per thread: no static initialiser can hold it.
__thread int per_thread;
int *ptr = &per_thread;
