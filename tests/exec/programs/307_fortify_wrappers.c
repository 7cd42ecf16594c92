/* glibc's _FORTIFY_SOURCE wrappers exercised with in-bounds arguments: string.h,
   strings.h, stdio.h (printf family, fgets, fread), unistd.h (read, pread, getcwd,
   readlink, gethostname), wchar.h, fcntl.h (open with and without mode), poll.h,
   sys/socket.h (recv), stdlib.h (realpath, wctomb, mbstowcs); run the same with
   and without fortification. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wchar.h>

struct rec { int id; char name[8]; char tail[4]; };

static int logf_(char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(dst, n, fmt, ap);
    va_end(ap);
    return r;
}

static int vs(char *dst, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsprintf(dst, fmt, ap);
    va_end(ap);
    return r;
}

int main(int argc, char **argv)
{
    char buf[32], small[6], line[64];
    struct rec r;
    memset(&r, 0, sizeof r);
    memcpy(buf, "hello", 6);
    memmove(buf + 1, buf, 5);
    char *e = mempcpy(small, "ab", 2);
    *e = 0;
    strcpy(r.name, "abc");
    strncpy(r.tail, "xyzw", sizeof r.tail);
    strcat(buf, "!");
    strncat(buf, "0123456789", 3);
    char *s = stpcpy(line, "stp");
    s = stpncpy(s, "ncpy", 8);
    bzero(small + 3, 2);
    explicit_bzero(r.tail, 1);
    printf("%s|%s|%s|%.3s|%s|%d\n", buf, small, r.name, r.tail + 1, line, (int)(s - line));
    int n1 = snprintf(small, sizeof small, "%d", 1234567);
    int n2 = sprintf(line, "%s-%d-%c", "sp", argc, 'z');
    int n3 = logf_(small, sizeof small, "%x", 0xabcdef);
    int n4 = vs(line + 10, "%05d", 42);
    printf("%d %s %d %s %d %s %d %s\n", n1, small, n2, line, n3, small, n4, line + 10);
    fprintf(stdout, "fprintf %d %s\n", argc, "x");
    dprintf(1, "dprintf %d\n", 7);
    fflush(stdout);

    char path[] = "/tmp/atomc-fortify-XXXXXX";
    int fd = mkstemp(path);
    if (write(fd, "line one\nline two\n", 18) != 18)
        return 1;
    close(fd);
    fd = open(path, O_RDONLY);
    char rb[8];
    ssize_t got = read(fd, rb, sizeof rb - 1);
    rb[got > 0 ? got : 0] = 0;
    ssize_t got2 = pread(fd, rb, 4, 5);
    printf("read %zd %zd %.4s\n", got, got2, rb);
    close(fd);
    int fd2 = open(path, O_WRONLY | O_APPEND, 0600);
    int fd3 = openat(AT_FDCWD, path, O_RDONLY);
    printf("open %d %d\n", fd2 >= 0, fd3 >= 0);
    close(fd2);
    FILE *f = fdopen(fd3, "r");
    printf("fgets %s", fgets(line, sizeof line, f));
    size_t fr = fread(rb, 1, 3, f);
    printf("fread %zu %.3s\n", fr, rb);
    fclose(f);
    unlink(path);

    char cwd[PATH_MAX];
    printf("getcwd %d\n", getcwd(cwd, sizeof cwd) != NULL);
    char host[256];
    printf("gethostname %d\n", gethostname(host, sizeof host));
    char link[64];
    printf("readlink %zd\n", readlink("/nonexistent-atomc", link, sizeof link));
    char *rp = realpath("/", NULL);
    printf("realpath %s\n", rp);
    free(rp);

    wchar_t wb[16];
    wmemcpy(wb, L"wide", 5);
    wmemset(wb + 5, L'x', 2);
    wcscpy(wb + 8, L"cp");
    wcsncpy(wb + 11, L"nc", 3);
    printf("%ls %lc %ls %ls\n", wb, wb[5], wb + 8, wb + 11);
    char mb[8];
    printf("wctomb %d mbstowcs %zu\n", wctomb(mb, L'A'), mbstowcs(wb, "abc", 16));

    struct pollfd pf = { -1, POLLIN, 0 };
    printf("poll %d\n", poll(&pf, 1, 0));
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    send(sv[0], "sock", 4, 0);
    char sb[8] = {0};
    printf("recv %zd %s\n", recv(sv[1], sb, sizeof sb - 1, 0), sb);
    close(sv[0]);
    close(sv[1]);
    printf("%zu %zu %zu %zu\n", __builtin_object_size(buf, 0), __builtin_object_size(r.name, 1),
           __builtin_object_size(&r, 0), __builtin_object_size(&r.name[2], 1));
    return 0;
}
