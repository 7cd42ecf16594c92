/* Uses of the glibc/POSIX headers included above, printed so that the run can be
   compared with gcc's build (ISO C parts always, POSIX/GNU parts under _GNU_SOURCE). */
static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int main(void)
{
    char buf[64];
    int nums[] = { 42, 7, 19, 3, 25 };
    qsort(nums, 5, sizeof nums[0], cmp_int);
    int key = 19;
    int *hit = bsearch(&key, nums, 5, sizeof nums[0], cmp_int);
    snprintf(buf, sizeof buf, "%d-%d-%s", nums[0], nums[4], hit ? "found" : "missing");
    printf("stdlib %s %ld %d %d\n", buf, strtol("-0x1f", NULL, 16), atoi("123"), abs(-9));
    printf("ctype %c %c %d %d\n", toupper('q'), tolower('Q'), isdigit('7') != 0,
           isspace('x') != 0);
    printf("string %zu %s %d\n", strlen(buf), strchr(buf, 'f'), memcmp("ab", "ac", 2) < 0);
    double z = 0.0, one = 1.0;
    printf("math %d %d %d %d %d %.3f %d\n", isnan(NAN) != 0, isinf(HUGE_VAL) != 0,
           fpclassify(z) == FP_ZERO, signbit(-one) != 0, isgreater(2.0, one), sqrt(2.0),
           isfinite(one / 3) != 0);
    printf("limits %d %lld %u %d\n", CHAR_BIT, LLONG_MIN, UINT_MAX, INT8_MIN);
    printf("inttypes %" PRIu64 " %" PRId32 " %jd\n", UINT64_C(18446744073709551615),
           INT32_MIN, strtoimax("-77", NULL, 10));
    printf("wchar %zu %d\n", wcslen(L"wide"), wcscmp(L"a", L"b") < 0);
    time_t t0 = 86400 * 365;
    struct tm tmv;
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", gmtime(&t0));
    printf("time %s %d\n", buf, (int)sizeof tmv > 0);
    printf("locale %s\n", setlocale(LC_ALL, "C") ? "C" : "?");
    printf("errno %d %s\n", ERANGE, strerror(EDOM) ? "has-message" : "");
    jmp_buf jb;
    volatile int jumped = 0;
    if (setjmp(jb) == 0) {
        jumped = 1;
        longjmp(jb, 5);
    }
    printf("setjmp %d\n", jumped);
    signal(SIGUSR1, SIG_IGN);
    raise(SIGUSR1);
    printf("signal ok %d\n", SIGUSR1 > 0);
    bool flag = true;
    printf("stdbool %d alignof %zu\n", flag, alignof(long long));
#ifdef _GNU_SOURCE
    printf("byteswap %x %x %llx\n", bswap_16(0x1234), bswap_32(0x12345678u),
           (unsigned long long)bswap_64(0x0102030405060708ull));
    printf("endian %x %x %x\n", htobe32(1), htons(0x102), ntohl(htonl(77)));
    __u32 ku = 5;
    __s8 ks = -3;
    printf("linux/types %u %d\n", ku, ks);
    fd_set set;
    FD_ZERO(&set);
    FD_SET(3, &set);
    printf("select %d %d\n", FD_ISSET(3, &set) != 0, FD_ISSET(4, &set) != 0);
    char copy[16];
    char *end = stpcpy(mempcpy(copy, "ab", 2), "cd");
    printf("gnu string %s %d %s\n", copy, (int)(end - copy), strcasestr("HayStack", "st"));
    char *save = NULL, toks[] = "a,b,,c";
    int ntok = 0;
    for (char *tk = strtok_r(toks, ",", &save); tk; tk = strtok_r(NULL, ",", &save))
        ntok++;
    printf("strtok_r %d fnmatch %d\n", ntok, fnmatch("*.c", "x.c", 0));
    regex_t re;
    regcomp(&re, "^a[0-9]+b$", REG_EXTENDED | REG_NOSUB);
    printf("regex %d %d\n", regexec(&re, "a123b", 0, NULL, 0), regexec(&re, "ab", 0, NULL, 0));
    regfree(&re);
    pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    printf("pthread %d %d\n", pthread_mutex_lock(&mu), pthread_mutex_unlock(&mu));
    sigset_t ss;
    sigemptyset(&ss);
    sigaddset(&ss, SIGINT);
    printf("sigset %d %d\n", sigismember(&ss, SIGINT), sigismember(&ss, SIGTERM));
    struct stat st;
    int stat_rc = stat("/", &st); /* before reading st: argument order is unspecified */
    printf("stat %d %d\n", stat_rc, S_ISDIR(st.st_mode) != 0);
    printf("prctl %d\n", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) >= 0);
    int efd = eventfd(3, 0);
    uint64_t ev = 0;
    printf("eventfd %zd %llu\n", read(efd, &ev, sizeof ev), (unsigned long long)ev);
    close(efd);
    int ep = epoll_create1(0);
    printf("epoll %d\n", ep >= 0);
    close(ep);
    struct utsname un;
    printf("uname %d %s\n", uname(&un), un.sysname);
    struct sockaddr_in sa = { 0 };
    sa.sin_family = AF_INET;
    inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
    printf("inet %s %u\n", inet_ntoa(sa.sin_addr), (unsigned)ntohs(sa.sin_port));
    char *argv[] = { "prog", "-v", "-n", "5", "rest", NULL };
    int opt, verbose = 0, n = 0;
    optind = 1;
    while ((opt = getopt(5, argv, "vn:")) != -1) {
        if (opt == 'v') verbose = 1;
        if (opt == 'n') n = atoi(optarg);
    }
    printf("getopt %d %d %s\n", verbose, n, argv[optind]);
    printf("sysconf %d\n", sysconf(_SC_PAGESIZE) > 0);
#endif
    return 0;
}
