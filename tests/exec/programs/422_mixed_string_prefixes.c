/* String literals with different prefixes concatenated, as C11 allows: u8"a" "b"
   (autoconf 2.71's C11 probe, which decides whether a package gets -std=gnu11),
   L"a" "b", u"a" "b", "a" U"b"; the result takes the prefixed kind. */
#include <stdio.h>
#include <wchar.h>
#include <uchar.h>
char const a[] = u8"happens to be ASCII" "another string";
char const b[] = "y" u8"z\xc3\xa9" "w";
wchar_t const w[] = L"wi" "de" L"\x263a";
char16_t const s16[] = u"sixteen " "\U0001F600";
char32_t const s32[] = "thirty" U"two";
int main(void) {
  printf("%s %zu|%s %zu|%zu %x|%zu %x %x|%zu %x\n", a, sizeof a, b, sizeof b, sizeof w / sizeof *w,
         (unsigned)w[4], sizeof s16 / sizeof *s16, s16[8], s16[9], sizeof s32 / sizeof *s32,
         (unsigned)s32[7]);
  return 0;
}
