// gcc-accepts
// expect-error: 5: unsupported: bit-field 'wide' spans 17 bytes
/* A 128-bit bit-field at an odd bit of a packed record needs 17 bytes of
   access, more than any unit atomc composes. */
struct __attribute__((packed)) odd {
    unsigned char tag : 3;
    __int128 wide : 128;
};
int main(void)
{
    struct odd o = {1, 2};
    return (int)o.wide;
}
