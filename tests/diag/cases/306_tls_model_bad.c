// expect-error: 3: 'tls_model' argument should be one of
// The model must be one gcc knows.
__thread int x __attribute__((tls_model("fast")));
