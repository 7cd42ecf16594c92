/* GCC bit builtins (popcount, clz, ctz, parity, ffs, bswap) lowered to libgcc helpers; glibc byte-order helpers. */
#include <stdio.h>
#include <stdint.h>
#include <arpa/inet.h>
int main(void) {
  unsigned x = 0xF0F0u; unsigned long y = 0x8000000000000001ul;
  printf("%d %d %d %d\n", __builtin_popcount(x), __builtin_clz(x), __builtin_ctz(x), __builtin_popcountl(y));
  printf("%d %d %d %d\n", __builtin_clzl(y), __builtin_ctzll(y), __builtin_parity(7), __builtin_ffs(8));
  printf("%x %x %lx\n", __builtin_bswap16(0x1234), __builtin_bswap32(0x12345678), (unsigned long)__builtin_bswap64(0x0102030405060708ul));
  printf("%x %x\n", htonl(0x11223344), ntohs(0xAABB));
  return 0;
}
