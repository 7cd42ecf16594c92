/* Nested blocks with shadowing: which variable is visible where. */
#include <stdio.h>

//! break: inner_most middle_end outer_end
//! globals: value
//! step: shadows 12
//! next: shadows 12
//! finish: shadows
//! bt: helper_body

int value = 1000;

static int helper(int value)
{
    int doubled = value * 2;                       //@ label: helper_body
    return doubled;
}

static int shadows(int n)
{
    int value = n + 1;
    int acc = value;
    {
        int value = n * 10;
        int mid = value + 1;
        acc += mid;
        {
            int value = helper(mid);
            int deepest = value - acc;
            acc += deepest;                        //@ label: inner_most
        }
        acc += value;                              //@ label: middle_end
    }
    acc += value;
    return acc;                                    //@ label: outer_end
}

int main(void)
{
    int r = shadows(4);
    int s = shadows(-2);
    printf("%d %d %d\n", r, s, value);
    return 0;
}
