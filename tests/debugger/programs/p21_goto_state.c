/* goto, labels and a small state machine driven by a switch. */
#include <stdio.h>

//! break: retried machine_done end
//! globals: g_transitions
//! step: machine 14
//! next: retry 12
//! finish: retry
//! bt: step_body

enum st { S_START, S_DIGIT, S_SPACE, S_END };

int g_transitions;

static enum st next_state(enum st cur, char c)
{
    enum st out = cur;                             //@ label: step_body
    if (c == '\0')
        out = S_END;
    else if (c >= '0' && c <= '9')
        out = S_DIGIT;
    else
        out = S_SPACE;
    if (out != cur)
        g_transitions++;
    return out;
}

static int machine(const char *s)
{
    enum st state = S_START;
    int numbers = 0;
    int pos = 0;
    while (state != S_END) {
        enum st n = next_state(state, s[pos]);
        if (n == S_DIGIT && state != S_DIGIT)
            numbers++;
        state = n;
        pos++;
    }
    return numbers;                                //@ label: machine_done
}

static int retry(int limit)
{
    int attempts = 0;
again:
    attempts++;
    if (attempts < limit)
        goto again;
    if (attempts == 2)
        goto out;
    attempts *= 10;
out:
    return attempts;                               //@ label: retried
}

int main(void)
{
    int n = machine("12 345 6");
    int r = retry(4);
    printf("%d %d %d\n", n, r, g_transitions);     //@ label: end
    return 0;
}
