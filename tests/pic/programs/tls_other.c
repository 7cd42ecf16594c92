/* The other unit of tls_threads.c: defines a thread-local variable it uses. */
__thread int other_tls = 42;

int other_bump(int by)
{
    other_tls += by;
    return other_tls;
}
