/* Entry point of the multi-file project: registers shapes and prints measurements. */
#include <stdio.h>
#include "shapes.h"

int main(void)
{
    banner("shapes");
    registry_add(make_shape(SHAPE_RECT, "door", 90, 210));
    registry_add(make_shape(SHAPE_SQUARE, "tile", 30, 0));
    registry_add(make_shape(SHAPE_TRIANGLE, "ramp", 300, 400));
    registry_add(make_shape(SHAPE_RECT, "field", 10500, 6800));
    for (int i = 0; i < registry_count(); i++) {
        const struct shape *s = registry_get(i);
        char a[32];
        format_number(a, sizeof a, area2(s));
        printf("%-6s %-8s area2=%s perimeter=%ld\n", s->name, kind_names[s->kind], a, perimeter(s));
    }
    const char *measures[] = { "area2", "perimeter", "volume" };
    for (int i = 0; i < 3; i++) {
        measure_fn f = measure_by_name(measures[i]);
        if (!f) {
            printf("%s: unknown\n", measures[i]);
            continue;
        }
        char t[32];
        format_number(t, sizeof t, registry_total(f));
        printf("%s total %s\n", measures[i], t);
    }
    int added = 0;
    while (registry_add(make_shape(SHAPE_SQUARE, "filler", added + 1, 0)) >= 0)
        added++;
    printf("added %d more, capacity %d, count %d\n", added, registry_capacity, registry_count());
    return registry_get(99) == 0 ? 0 : 1;
}
