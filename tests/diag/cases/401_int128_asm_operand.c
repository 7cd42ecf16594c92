// gcc-accepts
// expect-error: 8: 'asm' output 0 of type '__int128' does not fit a register (unsupported)
/* gcc gives an __int128 asm operand a register pair; atomc's inline asm
   operands are single registers. */
int main(void)
{
    __int128 v = 5;
    __asm__("" : "+r"(v));
    return (int)v;
}
