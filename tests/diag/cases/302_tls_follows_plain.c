// expect-error: 4: thread-local declaration of 'shared' follows non-thread-local
// Every declaration of an object agrees on being thread-local.
extern int shared;
extern __thread int shared;
