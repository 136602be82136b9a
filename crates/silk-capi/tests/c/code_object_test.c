/*
 * C-side test of libsilk.a's code-object entry points, compiled and run by
 * tests/c_abi.rs as
 *
 *   code_object_test KERNEL.slk PROCESSOR FILE.s OUT_DIR
 *
 * Compiles the Silk kernel for PROCESSOR and assembles the .s file (its
 * processor taken from .amdgcn_target), checks that both are AMDGPU code
 * objects, writes them to OUT_DIR/kernel.hsaco and OUT_DIR/asm.hsaco (the
 * Rust side compares them with the library paths of `silk build` and
 * `silk asm`), then checks the diagnostics of broken input, passes NULL,
 * non-UTF-8 text and impossible sizes to every argument, and calls both
 * entry points from several threads at once.
 *
 * Exit status 0 when every check passed; each failed check is printed.
 */
#include "silk.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks;
static int failures;

#define CHECK(cond)                                                          \
    do {                                                                     \
        checks++;                                                            \
        if (!(cond)) {                                                       \
            failures++;                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
        }                                                                    \
    } while (0)

/* True when the thread's last error exists and contains `needle`. */
static int last_error_has(const char *needle) {
    const char *e = silk_last_error();
    if (e == NULL) {
        fprintf(stderr, "  expected an error containing \"%s\", got none\n", needle);
        return 0;
    }
    if (strstr(e, needle) == NULL) {
        fprintf(stderr, "  expected an error containing \"%s\", got \"%s\"\n", needle, e);
        return 0;
    }
    return 1;
}

typedef struct {
    char *data;
    size_t len;
} File;

static File read_file(const char *path) {
    File f = {NULL, 0};
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    size_t cap = 1 << 16;
    f.data = malloc(cap);
    size_t n;
    while (f.data != NULL && (n = fread(f.data + f.len, 1, cap - f.len, in)) > 0) {
        f.len += n;
        if (f.len == cap) f.data = realloc(f.data, cap *= 2);
    }
    fclose(in);
    if (f.data == NULL) {
        fprintf(stderr, "out of memory reading %s\n", path);
        exit(2);
    }
    return f;
}

static void write_bytes(const char *dir, const char *name, const SilkBytes *bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *out = fopen(path, "wb");
    CHECK(out != NULL);
    if (out == NULL) return;
    CHECK(fwrite(silk_bytes_data(bytes), 1, silk_bytes_len(bytes), out) == silk_bytes_len(bytes));
    CHECK(fclose(out) == 0);
}

static uint64_t le(const uint8_t *p, size_t at, size_t size) {
    uint64_t v = 0;
    for (size_t i = 0; i < size; i++) v |= (uint64_t)p[at + i] << (8 * i);
    return v;
}

/* An AMDHSA code object: ELF64, little-endian, OS ABI AMDGPU_HSA (64),
 * ET_DYN, e_machine EM_AMDGPU (224). */
static int is_code_object(const SilkBytes *bytes) {
    const uint8_t *p = silk_bytes_data(bytes);
    size_t n = silk_bytes_len(bytes);
    return p != NULL && n >= 64 && memcmp(p, "\x7f" "ELF", 4) == 0 && p[4] == 2 && p[5] == 1 &&
           p[7] == 64 && le(p, 16, 2) == 3 && le(p, 18, 2) == 224 && p[n] == 0;
}

static File kernel, assembly;
static const char *processor;

static void test_compile_and_assemble(const char *out_dir) {
    SilkBytes *obj = silk_compile_kernel(kernel.data, kernel.len, "kernel.slk", processor, false);
    CHECK(obj != NULL);
    if (obj == NULL) {
        fprintf(stderr, "  silk_compile_kernel: %s\n", silk_last_error());
        return;
    }
    CHECK(silk_last_error() == NULL);
    CHECK(is_code_object(obj));
    write_bytes(out_dir, "kernel.hsaco", obj);
    silk_bytes_free(obj);

    SilkBytes *asm_obj = silk_amdgpu_assemble(assembly.data, assembly.len, "kernel.s", NULL);
    CHECK(asm_obj != NULL);
    if (asm_obj == NULL) {
        fprintf(stderr, "  silk_amdgpu_assemble: %s\n", silk_last_error());
        return;
    }
    CHECK(silk_last_error() == NULL);
    CHECK(is_code_object(asm_obj));
    write_bytes(out_dir, "asm.hsaco", asm_obj);
    silk_bytes_free(asm_obj);
}

static void test_diagnostics(void) {
    const char *syntax = "export fn k( {\n";
    CHECK(silk_compile_kernel(syntax, strlen(syntax), "bad.slk", "gfx942", true) == NULL);
    CHECK(last_error_has("error[E0001]"));
    CHECK(last_error_has(" --> bad.slk:1:"));
    CHECK(last_error_has("1 | export fn k( {"));

    CHECK(silk_compile_kernel(kernel.data, kernel.len, "kernel.slk", "gfx1150", false) == NULL);
    CHECK(last_error_has("error[E4001]: unknown AMDGPU target `gfx1150`"));
    CHECK(last_error_has("did you mean `gfx1151`?"));

    /* The standard library is not there under nostd. */
    CHECK(silk_compile_kernel(kernel.data, kernel.len, "kernel.slk", processor, true) == NULL);
    CHECK(last_error_has("error[E1003]"));

    /* Length, not NUL, ends the text: a NUL inside is a lexical error. */
    const char nul[] = "export fn k\0() {}\n";
    CHECK(silk_compile_kernel(nul, sizeof nul - 1, "nul.slk", "gfx942", true) == NULL);
    CHECK(last_error_has("unexpected character `\\0`"));

    const char *bad_asm = "\t.text\n\tv_bogus v0\n\ts_endpgm v1\n";
    CHECK(silk_amdgpu_assemble(bad_asm, strlen(bad_asm), "bad.s", "gfx942") == NULL);
    CHECK(last_error_has("bad.s:2:2: error: "));
    CHECK(last_error_has("bad.s:3:"));
    CHECK(last_error_has("\tv_bogus v0\n\t^"));

    CHECK(silk_amdgpu_assemble(bad_asm, strlen(bad_asm), "bad.s", NULL) == NULL);
    CHECK(last_error_has("bad.s:"));

    CHECK(silk_amdgpu_assemble(assembly.data, assembly.len, "kernel.s", "gfx1150") == NULL);
    CHECK(last_error_has("unknown AMDGPU target `gfx1150`"));
    CHECK(silk_amdgpu_assemble(assembly.data, assembly.len, "kernel.s", "gfx942:xnack") == NULL);
    CHECK(last_error_has("malformed target feature `xnack`"));
}

static void test_bad_arguments(void) {
    const char *k = kernel.data;
    size_t kn = kernel.len;
    const char *a = assembly.data;
    size_t an = assembly.len;

    CHECK(silk_compile_kernel(NULL, kn, "k.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `source` is NULL"));
    CHECK(silk_compile_kernel(NULL, 0, "k.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `source` is NULL"));
    CHECK(silk_compile_kernel(k, kn, NULL, processor, false) == NULL);
    CHECK(last_error_has("argument `file_name` is NULL"));
    CHECK(silk_compile_kernel(k, kn, "k.slk", NULL, false) == NULL);
    CHECK(last_error_has("argument `target` is NULL"));
    CHECK(silk_compile_kernel(NULL, 0, NULL, NULL, true) == NULL);
    CHECK(last_error_has("is NULL"));
    CHECK(silk_compile_kernel(k, SIZE_MAX, "k.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `source` has an impossible size"));
    CHECK(silk_compile_kernel(k, (size_t)PTRDIFF_MAX + 1, "k.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `source` has an impossible size"));
    CHECK(silk_compile_kernel("fn \xff", 4, "k.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `source` is not valid UTF-8 (first invalid byte at offset 3)"));
    CHECK(silk_compile_kernel(k, kn, "k\xc3.slk", processor, false) == NULL);
    CHECK(last_error_has("argument `file_name` is not valid UTF-8"));
    CHECK(silk_compile_kernel(k, kn, "k.slk", "gfx\xe2\x82", false) == NULL);
    CHECK(last_error_has("argument `target` is not valid UTF-8"));

    CHECK(silk_amdgpu_assemble(NULL, an, "k.s", NULL) == NULL);
    CHECK(last_error_has("argument `text` is NULL"));
    CHECK(silk_amdgpu_assemble(NULL, 0, "k.s", "gfx942") == NULL);
    CHECK(last_error_has("argument `text` is NULL"));
    CHECK(silk_amdgpu_assemble(a, an, NULL, NULL) == NULL);
    CHECK(last_error_has("argument `file_name` is NULL"));
    CHECK(silk_amdgpu_assemble(NULL, 0, NULL, NULL) == NULL);
    CHECK(last_error_has("is NULL"));
    CHECK(silk_amdgpu_assemble(a, SIZE_MAX, "k.s", NULL) == NULL);
    CHECK(last_error_has("argument `text` has an impossible size"));
    CHECK(silk_amdgpu_assemble(a, (size_t)PTRDIFF_MAX + 1, "k.s", NULL) == NULL);
    CHECK(last_error_has("argument `text` has an impossible size"));
    CHECK(silk_amdgpu_assemble("s_endpgm \xfe", 10, "k.s", "gfx942") == NULL);
    CHECK(last_error_has("argument `text` is not valid UTF-8 (first invalid byte at offset 9)"));
    CHECK(silk_amdgpu_assemble(a, an, "\x80.s", NULL) == NULL);
    CHECK(last_error_has("argument `file_name` is not valid UTF-8"));
    CHECK(silk_amdgpu_assemble(a, an, "k.s", "gfx94\xff") == NULL);
    CHECK(last_error_has("argument `target` is not valid UTF-8"));

    /* A success afterwards clears the error. */
    SilkBytes *ok = silk_amdgpu_assemble(a, an, "k.s", NULL);
    CHECK(ok != NULL && silk_last_error() == NULL);
    silk_bytes_free(ok);
}

/* Each thread compiles and assembles, alternating with failures of its own
 * kind; every object must equal the single-threaded one and every error
 * must be the thread's own. */
typedef struct {
    int id;
    const SilkBytes *kernel_obj, *asm_obj;
    int bad;
} ThreadResult;

static int same_bytes(const SilkBytes *a, const SilkBytes *b) {
    return a != NULL && b != NULL && silk_bytes_len(a) == silk_bytes_len(b) &&
           memcmp(silk_bytes_data(a), silk_bytes_data(b), silk_bytes_len(a)) == 0;
}

static void *hammer(void *arg) {
    ThreadResult *r = arg;
    char name[32], needle[48];
    snprintf(name, sizeof name, "thread%d.s", r->id);
    snprintf(needle, sizeof needle, "thread%d.s:2:2: error: ", r->id);
    const char *bad_asm = "\t.text\n\tv_bogus v0\n";
    for (int i = 0; i < 6; i++) {
        SilkBytes *k = silk_compile_kernel(kernel.data, kernel.len, "kernel.slk", processor, false);
        if (!same_bytes(k, r->kernel_obj) || silk_last_error() != NULL) r->bad++;
        silk_bytes_free(k);
        if (silk_amdgpu_assemble(bad_asm, strlen(bad_asm), name, "gfx1100") != NULL) r->bad++;
        const char *e = silk_last_error();
        if (e == NULL || strstr(e, needle) != e) r->bad++;
        SilkBytes *o = silk_amdgpu_assemble(assembly.data, assembly.len, "kernel.s", NULL);
        if (!same_bytes(o, r->asm_obj) || silk_last_error() != NULL) r->bad++;
        silk_bytes_free(o);
    }
    return NULL;
}

static void test_threads(void) {
    enum { THREADS = 4 };
    SilkBytes *k = silk_compile_kernel(kernel.data, kernel.len, "kernel.slk", processor, false);
    SilkBytes *o = silk_amdgpu_assemble(assembly.data, assembly.len, "kernel.s", NULL);
    CHECK(k != NULL && o != NULL);
    if (k == NULL || o == NULL) return;
    pthread_t threads[THREADS];
    ThreadResult results[THREADS];
    for (int i = 0; i < THREADS; i++) {
        results[i].id = i;
        results[i].kernel_obj = k;
        results[i].asm_obj = o;
        results[i].bad = 0;
        CHECK(pthread_create(&threads[i], NULL, hammer, &results[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        if (results[i].bad) fprintf(stderr, "  thread %d saw %d wrong results\n", i, results[i].bad);
        CHECK(results[i].bad == 0);
    }
    silk_bytes_free(k);
    silk_bytes_free(o);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s KERNEL.slk PROCESSOR FILE.s OUT_DIR\n", argv[0]);
        return 2;
    }
    kernel = read_file(argv[1]);
    processor = argv[2];
    assembly = read_file(argv[3]);
    test_compile_and_assemble(argv[4]);
    test_diagnostics();
    test_bad_arguments();
    test_threads();
    free(kernel.data);
    free(assembly.data);
    printf("code_object_test: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
