/* A short counted loop that -O2 unrolls completely: every copy of the body's
   statement is its own source atom and gets its own is_stmt row. */
volatile int sink;

void fill(int k)
{
    for (int i = 0; i < 3; i++)
        sink = i * k;
}

void (*volatile call_fill)(int) = fill;

int main(void)
{
    call_fill(5);
    return sink == 10 ? 0 : 1;
}
