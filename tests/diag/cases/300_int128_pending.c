// expect-error: 4: '__int128' is not supported
// gcc-accepts
int main(void) {
    __int128 x = 1;
    return (int)x;
}
