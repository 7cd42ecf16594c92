/* Arrays of structs: initialisation, searching, sorting by hand, aggregation. */
#include <stdio.h>
#include <string.h>

struct employee { char name[16]; int age; long salary; };

static struct employee staff[] = {
    { "alice", 34, 72000 },
    { "bob", 45, 65000 },
    { "carol", 29, 81000 },
    { "dave", 52, 59000 },
    { "eve", 38, 90000 },
    { "frank", 41, 47000 },
};

#define NSTAFF ((int)(sizeof staff / sizeof staff[0]))

static void sort_by_salary(struct employee *e, int n)
{
    for (int i = 1; i < n; i++) {
        struct employee key = e[i];
        int j = i - 1;
        while (j >= 0 && e[j].salary > key.salary) {
            e[j + 1] = e[j];
            j--;
        }
        e[j + 1] = key;
    }
}

static const struct employee *find(const char *name)
{
    for (int i = 0; i < NSTAFF; i++)
        if (strcmp(staff[i].name, name) == 0)
            return &staff[i];
    return NULL;
}

int main(void)
{
    long total = 0;
    int oldest = 0;
    for (int i = 0; i < NSTAFF; i++) {
        total += staff[i].salary;
        if (staff[i].age > staff[oldest].age)
            oldest = i;
    }
    printf("n=%d total=%ld avg=%ld oldest=%s\n", NSTAFF, total, total / NSTAFF, staff[oldest].name);
    const struct employee *e = find("carol");
    printf("%s %d\n", e ? e->name : "none", e ? e->age : -1);
    printf("%s\n", find("zed") ? "found" : "missing");
    sort_by_salary(staff, NSTAFF);
    for (int i = 0; i < NSTAFF; i++)
        printf("%-6s %3d %6ld\n", staff[i].name, staff[i].age, staff[i].salary);
    struct employee local[3];
    for (int i = 0; i < 3; i++) {
        local[i] = staff[NSTAFF - 1 - i];
        local[i].age += 1;
    }
    for (int i = 0; i < 3; i++)
        printf("%s %d (orig %d)\n", local[i].name, local[i].age, staff[NSTAFF - 1 - i].age);
    printf("%d %d\n", (int)sizeof(struct employee), (int)sizeof staff);
    return 0;
}
