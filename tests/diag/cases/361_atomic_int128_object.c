// gcc-accepts
// An _Atomic 16-byte scalar needs libatomic's 16-byte operations in gcc; atomc
// says it does not support them rather than using an 8-byte atomic.
_Atomic __int128 big;

int main(void) {
    return (int)big;
}
// expect-error: 4: '_Atomic __int128' is unsupported
