// gcc-accepts
// 16-byte atomics on __int128 values go to libatomic in gcc; atomc has no
// __int128 values yet and says so.
__int128 big;

long low(void) {
    return (long)__atomic_load_n(&big, __ATOMIC_SEQ_CST);
}
// expect-error: 7: '__atomic_load_n' on a 16-byte integer is unsupported
