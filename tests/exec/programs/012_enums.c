/* Enumerations: implicit and explicit values, negative values, use in switch and arrays. */
#include <stdio.h>

enum color { RED, GREEN, BLUE, NCOLORS };
enum level { LOW = -2, MID = 5, HIGH, TOP = HIGH * 10, ALIAS = MID };
typedef enum { NORTH = 1, EAST = 2, SOUTH = 4, WEST = 8 } dir_t;

static const char *color_names[NCOLORS] = { "red", "green", "blue" };

static const char *dir_name(dir_t d)
{
    switch (d) {
    case NORTH: return "north";
    case EAST: return "east";
    case SOUTH: return "south";
    case WEST: return "west";
    }
    return "?";
}

int main(void)
{
    for (enum color c = RED; c < NCOLORS; c++)
        printf("%d %s\n", c, color_names[c]);
    printf("%d %d %d %d %d\n", LOW, MID, HIGH, TOP, ALIAS);
    int mask = NORTH | WEST;
    for (int d = 1; d <= 8; d <<= 1)
        printf("%s: %s\n", dir_name((dir_t)d), (mask & d) ? "yes" : "no");
    enum level lv = LOW;
    printf("%d %d\n", lv < 0, (int)sizeof(lv));
    enum { LOCAL_A = 'a', LOCAL_B } e = LOCAL_B;
    printf("%c %d\n", e, e);
    int arr[NCOLORS * 2];
    printf("%d\n", (int)(sizeof arr / sizeof arr[0]));
    enum color k = (enum color)(BLUE - 1);
    printf("%s\n", color_names[k]);
    return 0;
}
