// expect-error: 4: non-thread-local declaration of 'slot' follows thread-local
// Every declaration of an object agrees on being thread-local.
__thread int slot;
int slot;
