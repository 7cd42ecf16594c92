/* Wide string literals: L (wchar_t), u (char16_t with surrogates), U (char32_t), concatenation. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>
wchar_t gw[] = L"héllo";
const wchar_t *gp = L"ptr" L"cat";
int main(void) {
  wchar_t lw[8] = L"ab\x41";
  char16_t u16[] = u"z\U0001F600";
  char32_t u32[] = U"q";
  printf("%zu %d %d %ls %ls\n", sizeof gw / sizeof gw[0], gw[1], lw[2], gp, lw);
  printf("%zu %x %x %zu %u\n", sizeof u16, u16[1], u16[2], sizeof u32, (unsigned)u32[0]);
  printf("%d\n", (int)wcslen(gw));
  return 0;
}
