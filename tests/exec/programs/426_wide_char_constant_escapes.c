/* Wide character constants with numeric escapes: L'\x1234' is the code point 0x1234, not
   the escape truncated to a byte as in a narrow constant. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>
int main(void) {
  wchar_t w[] = { L'\x1234', L'\x263a', L'\377', L'\0', L'a', L'\xff' };
  char32_t u32 = U'\x1f600';
  char16_t u16 = u'\x263a';
  for (unsigned i = 0; i < sizeof w / sizeof *w; i++)
    printf("%x ", (unsigned)w[i]);
  printf("| %x %x %d\n", (unsigned)u32, (unsigned)u16, L'\x1234' == 0x1234);
  return 0;
}
