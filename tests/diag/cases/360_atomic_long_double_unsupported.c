// gcc-accepts
// gcc gives a 16-byte _Atomic floating-point object libatomic's 16-byte operations
// (__atomic_load_16 and a compare-exchange loop); atomc supports 16-byte atomic
// integers and structs only, and says so.
_Atomic long double total;

int main(void) {
    return (int)total;
}
// expect-error: 5: '_Atomic long double' is unsupported
