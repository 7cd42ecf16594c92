/* A small container library: an AVL tree (insert, delete, lookup, traversals, height checks) and a
 * doubly linked list (push, pop, insert sorted, reverse, merge sort). Recursion, pointers to
 * pointers, struct returns, function-pointer visitors and malloc/free. */
#include <stdio.h>
#include <stdlib.h>

struct avl {
    int key;
    int height;
    long payload;
    struct avl *left, *right;
};

static int height(const struct avl *n) { return n ? n->height : 0; }
static int max2(int a, int b) { return a > b ? a : b; }
static void fix_height(struct avl *n) { n->height = 1 + max2(height(n->left), height(n->right)); }

static struct avl *rotate_right(struct avl *y)
{
    struct avl *x = y->left;
    y->left = x->right;
    x->right = y;
    fix_height(y);
    fix_height(x);
    return x;
}

static struct avl *rotate_left(struct avl *x)
{
    struct avl *y = x->right;
    x->right = y->left;
    y->left = x;
    fix_height(x);
    fix_height(y);
    return y;
}

static struct avl *balance(struct avl *n)
{
    fix_height(n);
    int bf = height(n->left) - height(n->right);
    if (bf > 1) {
        if (height(n->left->left) < height(n->left->right))
            n->left = rotate_left(n->left);
        return rotate_right(n);
    }
    if (bf < -1) {
        if (height(n->right->right) < height(n->right->left))
            n->right = rotate_right(n->right);
        return rotate_left(n);
    }
    return n;
}

static struct avl *avl_insert(struct avl *n, int key, long payload)
{
    if (!n) {
        n = malloc(sizeof *n);
        n->key = key;
        n->payload = payload;
        n->height = 1;
        n->left = n->right = NULL;
        return n;
    }
    if (key < n->key)
        n->left = avl_insert(n->left, key, payload);
    else if (key > n->key)
        n->right = avl_insert(n->right, key, payload);
    else
        n->payload = payload;
    return balance(n);
}

static struct avl *remove_min(struct avl *n, struct avl **min)
{
    if (!n->left) {
        *min = n;
        return n->right;
    }
    n->left = remove_min(n->left, min);
    return balance(n);
}

static struct avl *avl_delete(struct avl *n, int key)
{
    if (!n)
        return NULL;
    if (key < n->key)
        n->left = avl_delete(n->left, key);
    else if (key > n->key)
        n->right = avl_delete(n->right, key);
    else {
        struct avl *l = n->left, *r = n->right;
        free(n);
        if (!r)
            return l;
        struct avl *m;
        r = remove_min(r, &m);
        m->left = l;
        m->right = r;
        return balance(m);
    }
    return balance(n);
}

static const struct avl *avl_find(const struct avl *n, int key)
{
    while (n && n->key != key)
        n = key < n->key ? n->left : n->right;
    return n;
}

typedef void (*visitor)(const struct avl *, void *);

static void inorder(const struct avl *n, visitor v, void *ctx)
{
    if (!n)
        return;
    inorder(n->left, v, ctx);
    v(n, ctx);
    inorder(n->right, v, ctx);
}

static void preorder(const struct avl *n, visitor v, void *ctx)
{
    if (!n)
        return;
    v(n, ctx);
    preorder(n->left, v, ctx);
    preorder(n->right, v, ctx);
}

static int check(const struct avl *n, int lo, int hi)
{
    if (!n)
        return 1;
    int bf = height(n->left) - height(n->right);
    return n->key > lo && n->key < hi && bf >= -1 && bf <= 1 && check(n->left, lo, n->key) && check(n->right, n->key, hi);
}

static void avl_free(struct avl *n)
{
    if (!n)
        return;
    avl_free(n->left);
    avl_free(n->right);
    free(n);
}

static void print_key(const struct avl *n, void *ctx) { (void)ctx; printf("%d ", n->key); }
static void sum_payload(const struct avl *n, void *ctx) { *(long *)ctx += n->payload; }

struct dnode { int v; struct dnode *prev, *next; };
struct dlist { struct dnode *head, *tail; int len; };

static void push_back(struct dlist *l, int v)
{
    struct dnode *n = malloc(sizeof *n);
    n->v = v;
    n->next = NULL;
    n->prev = l->tail;
    if (l->tail)
        l->tail->next = n;
    else
        l->head = n;
    l->tail = n;
    l->len++;
}

static int pop_front(struct dlist *l)
{
    struct dnode *n = l->head;
    int v = n->v;
    l->head = n->next;
    if (l->head)
        l->head->prev = NULL;
    else
        l->tail = NULL;
    free(n);
    l->len--;
    return v;
}

static struct dnode *merge(struct dnode *a, struct dnode *b)
{
    struct dnode head = { 0, NULL, NULL }, *t = &head;
    while (a && b) {
        if (a->v <= b->v) { t->next = a; a = a->next; }
        else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

static struct dnode *merge_sort(struct dnode *h)
{
    if (!h || !h->next)
        return h;
    struct dnode *slow = h, *fast = h->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct dnode *second = slow->next;
    slow->next = NULL;
    return merge(merge_sort(h), merge_sort(second));
}

static void relink(struct dlist *l)
{
    struct dnode *prev = NULL;
    for (struct dnode *n = l->head; n; n = n->next) {
        n->prev = prev;
        prev = n;
    }
    l->tail = prev;
}

static void print_list(const char *tag, const struct dlist *l)
{
    printf("%s(%d):", tag, l->len);
    for (const struct dnode *n = l->head; n; n = n->next)
        printf(" %d", n->v);
    printf(" | back:");
    for (const struct dnode *n = l->tail; n; n = n->prev)
        printf(" %d", n->v);
    printf("\n");
}

int main(void)
{
    struct avl *root = NULL;
    for (int i = 0; i < 64; i++) {
        int key = (i * 37) % 101;
        root = avl_insert(root, key, key * 10L);
    }
    printf("height %d valid %d\n", height(root), check(root, -1, 1000));
    inorder(root, print_key, NULL);
    printf("\n");
    long total = 0;
    inorder(root, sum_payload, &total);
    printf("payload sum %ld root %d\n", total, root->key);
    for (int k = 0; k < 101; k += 3)
        root = avl_delete(root, k);
    printf("after delete height %d valid %d\n", height(root), check(root, -1, 1000));
    preorder(root, print_key, NULL);
    printf("\n");
    const struct avl *f = avl_find(root, 37);
    printf("find 37: %s, find 36: %s\n", f ? "yes" : "no", avl_find(root, 36) ? "yes" : "no");
    avl_free(root);

    struct dlist l = { NULL, NULL, 0 };
    unsigned s = 12345;
    for (int i = 0; i < 15; i++) {
        s = s * 1103515245u + 12345u;
        push_back(&l, (int)(s >> 16) % 100);
    }
    print_list("raw", &l);
    l.head = merge_sort(l.head);
    relink(&l);
    print_list("sorted", &l);
    int a = pop_front(&l), b = pop_front(&l);
    printf("popped %d %d\n", a, b);
    print_list("rest", &l);
    while (l.len)
        pop_front(&l);
    return 0;
}
