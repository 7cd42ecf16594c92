// expect-error: 4: '__sync_synchronize' is not supported
// gcc-accepts
int main(void) {
    __sync_synchronize();
    return 0;
}
