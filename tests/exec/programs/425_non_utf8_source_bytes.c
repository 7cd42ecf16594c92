/* Source bytes that are not UTF-8 (this file is EUC-JP and Latin-1, like oniguruma's
   test/testc.c) go into narrow string literals and character constants unchanged, as gcc
   copies them; decoding the source with replacement turned each into U+FFFD (3 bytes). */
#include <stdio.h>
#include <string.h>

#define STR(x) #x
static const char pattern[] = "¤¢¤¤";       /* EUC-JP: two characters */
static const char *subject = "x¤¦¤¢¤¤y";
static const char latin1[] = "café " "naïve";
static const char *stringized = STR(¤³);
static const char u8lit[] = u8"¤¢" "\xa4¦";
static struct { const char *s; char c; } table[] = { { "´Á", '¤' }, { "ab", 'z' } };

/* characters of an EUC-JP string: a byte >= 0xa1 leads a two-byte character */
static int euc_chars(const char *s) {
  int n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p += *p >= 0xa1 ? 2 : 1)
    n++;
  return n;
}

static void hex(const char *what, const char *s, size_t len) {
  printf("%s %zu:", what, len);
  for (size_t i = 0; i < len; i++)
    printf(" %02x", (unsigned char)s[i]);
  printf("\n");
}

static int kind(char c) {
  switch (c) {
  case '¤': return 1;
  case 'é': return 2;
  default: return 0;
  }
}

int main(void) {
  hex("pattern", pattern, sizeof pattern);
  hex("subject", subject, strlen(subject));
  hex("latin1", latin1, sizeof latin1);
  hex("stringized", stringized, strlen(stringized));
  hex("u8", u8lit, sizeof u8lit);
  hex("table", table[0].s, strlen(table[0].s));
  const char *hit = strstr(subject, pattern);
  printf("match %ld-%ld chars %d %d\n", hit ? (long)(hit - subject) : -1L,
         hit ? (long)(hit - subject + strlen(pattern)) : -1L, euc_chars(pattern),
         euc_chars(subject));
  printf("char %d %d multichar %d kinds %d %d %d\n", '¤', table[0].c, '¤¢',
         kind('¤'), kind(latin1[3]), kind('a'));
  return 0;
}
