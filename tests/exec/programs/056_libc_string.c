/* libc string functions: strlen, strcmp, strncmp, strcpy, strncpy, strcat, strchr, strrchr, strstr. */
#include <stdio.h>
#include <string.h>

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void)
{
    const char *a = "apple", *b = "apricot", *c = "apple";
    printf("%d %d %d\n", (int)strlen(a), (int)strlen(b), (int)strlen(""));
    printf("%d %d %d\n", sign(strcmp(a, b)), sign(strcmp(b, a)), sign(strcmp(a, c)));
    printf("%d %d\n", sign(strncmp(a, b, 2)), sign(strncmp(a, b, 3)));
    char buf[64];
    strcpy(buf, "Hello");
    strcat(buf, ", ");
    strcat(buf, "world");
    printf("%s %d\n", buf, (int)strlen(buf));
    char small[8];
    memset(small, 'x', sizeof small);
    strncpy(small, "abc", sizeof small);
    printf("%s %d %d\n", small, small[3], small[7]);
    const char *comma = strchr(buf, ',');
    printf("%s %ld\n", comma, (long)(comma - buf));
    printf("%s\n", strrchr(buf, 'o'));
    printf("%s\n", strstr(buf, "wor"));
    printf("%d\n", strstr(buf, "xyz") == NULL);
    printf("%d\n", strchr(buf, 'z') == NULL);
    char words[] = "the quick brown fox";
    int count = 0;
    for (char *w = strtok(words, " "); w; w = strtok(NULL, " ")) {
        printf("[%s]", w);
        count++;
    }
    printf(" %d\n", count);
    printf("%d %d\n", (int)strspn("aaabbc", "ab"), (int)strcspn("hello world", " "));
    char dst[16] = "start";
    strncat(dst, "123456789", 4);
    printf("%s\n", dst);
    return 0;
}
