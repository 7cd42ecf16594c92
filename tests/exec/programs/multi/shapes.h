/* Shared declarations for the multi-file test project: shapes, a registry and text helpers. */
#ifndef SHAPES_H
#define SHAPES_H

enum shape_kind { SHAPE_RECT, SHAPE_SQUARE, SHAPE_TRIANGLE };

struct shape {
    enum shape_kind kind;
    const char *name;
    long w, h;
};

typedef long (*measure_fn)(const struct shape *);

struct shape make_shape(enum shape_kind kind, const char *name, long w, long h);
long area2(const struct shape *s);          /* twice the area: stays an integer for triangles */
long perimeter(const struct shape *s);
measure_fn measure_by_name(const char *name);

int registry_add(struct shape s);
int registry_count(void);
const struct shape *registry_get(int i);
long registry_total(measure_fn f);

extern int registry_capacity;
extern const char *const kind_names[];

void banner(const char *title);
int format_number(char *out, int size, long v);

#endif
