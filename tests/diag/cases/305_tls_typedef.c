// expect-error: 3: '__thread' used with 'typedef'
// Thread-locality belongs to objects, not types.
typedef __thread int tls_int;
