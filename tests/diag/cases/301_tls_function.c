// expect-error: 3: invalid storage class for function
// Functions cannot be thread-local.
_Thread_local int g(void);
