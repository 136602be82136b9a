/*
 * C-side test of libsilk.a through include/silk.h, compiled and run by
 * tests/c_abi.rs. Builds valid AQL dispatch packets and checks their bytes,
 * exercises every invalid configuration, passes NULL to every entry point,
 * and calls the library from several threads at once.
 *
 * Exit status 0 when every check passed; each failed check is printed.
 */
#include "silk.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/* The layout the Rust side asserts too (src/aql.rs, config_has_the_c_layout). */
typedef SilkAmdGpuAqlDispatchPacketConfig Config;
_Static_assert(SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE == 64, "packet size");
_Static_assert(sizeof(Config) == 72, "config size");
_Static_assert(offsetof(Config, dimensions) == 0, "dimensions");
_Static_assert(offsetof(Config, workgroup_size_x) == 2, "workgroup_size_x");
_Static_assert(offsetof(Config, workgroup_size_z) == 6, "workgroup_size_z");
_Static_assert(offsetof(Config, grid_size_x) == 8, "grid_size_x");
_Static_assert(offsetof(Config, grid_size_z) == 16, "grid_size_z");
_Static_assert(offsetof(Config, private_segment_size) == 20, "private");
_Static_assert(offsetof(Config, group_segment_size) == 24, "group");
_Static_assert(offsetof(Config, max_flat_workgroup_size) == 28, "max flat");
_Static_assert(offsetof(Config, kernel_object) == 32, "kernel_object");
_Static_assert(offsetof(Config, kernarg_address) == 40, "kernarg_address");
_Static_assert(offsetof(Config, completion_signal) == 48, "signal");
_Static_assert(offsetof(Config, barrier) == 56, "barrier");
_Static_assert(offsetof(Config, acquire_fence_scope) == 60, "acquire");
_Static_assert(offsetof(Config, release_fence_scope) == 64, "release");

static uint64_t le(const uint8_t *p, size_t at, size_t size) {
    uint64_t v = 0;
    for (size_t i = 0; i < size; i++) v |= (uint64_t)p[at + i] << (8 * i);
    return v;
}

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

static Config one_d(void) {
    Config c;
    memset(&c, 0, sizeof c);
    c.dimensions = 1;
    c.workgroup_size_x = 256;
    c.workgroup_size_y = 1;
    c.workgroup_size_z = 1;
    c.grid_size_x = 65536;
    c.grid_size_y = 1;
    c.grid_size_z = 1;
    c.private_segment_size = 16;
    c.group_segment_size = 4096;
    c.kernel_object = 0x00007f0000001000ull;
    c.kernarg_address = 0x00007f0000002000ull;
    c.completion_signal = 0x1234;
    c.barrier = 1;
    c.acquire_fence_scope = SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM;
    c.release_fence_scope = SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM;
    return c;
}

static void test_version(void) {
    const char *v = silk_version();
    CHECK(v != NULL);
    CHECK(v != NULL && strlen(v) >= 5 && strchr(v, '.') != NULL);
}

static void test_one_d_packet_bytes(void) {
    static const uint8_t expected[64] = {
        0x02, 0x15,             /* header: dispatch | barrier | acq sys | rel sys */
        0x01, 0x00,             /* setup: 1 dimension */
        0x00, 0x01,             /* workgroup x = 256 */
        0x01, 0x00, 0x01, 0x00, /* workgroup y, z = 1 */
        0x00, 0x00,             /* reserved */
        0x00, 0x00, 0x01, 0x00, /* grid x = 65536 */
        0x01, 0x00, 0x00, 0x00, /* grid y = 1 */
        0x01, 0x00, 0x00, 0x00, /* grid z = 1 */
        0x10, 0x00, 0x00, 0x00, /* private segment = 16 */
        0x00, 0x10, 0x00, 0x00, /* group segment = 4096 */
        0x00, 0x10, 0x00, 0x00, 0x00, 0x7f, 0x00, 0x00, /* kernel object */
        0x00, 0x20, 0x00, 0x00, 0x00, 0x7f, 0x00, 0x00, /* kernarg address */
        0, 0, 0, 0, 0, 0, 0, 0,                         /* reserved */
        0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* completion signal */
    };
    Config c = one_d();
    uint8_t packet[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    memset(packet, 0xAA, sizeof packet);
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&c, packet));
    CHECK(silk_last_error() == NULL);
    CHECK(memcmp(packet, expected, sizeof expected) == 0);

    Config back;
    memset(&back, 0xEE, sizeof back);
    CHECK(silk_amdgpu_aql_dispatch_packet_parse(packet, sizeof packet, &back));
    c.max_flat_workgroup_size = 1024; /* what the decoder reports */
    CHECK(back.dimensions == c.dimensions);
    CHECK(back.workgroup_size_x == 256 && back.workgroup_size_y == 1 && back.workgroup_size_z == 1);
    CHECK(back.grid_size_x == 65536 && back.grid_size_y == 1 && back.grid_size_z == 1);
    CHECK(back.private_segment_size == 16 && back.group_segment_size == 4096);
    CHECK(back.max_flat_workgroup_size == 1024);
    CHECK(back.kernel_object == c.kernel_object && back.kernarg_address == c.kernarg_address);
    CHECK(back.completion_signal == c.completion_signal);
    CHECK(back.barrier == 1);
    CHECK(back.acquire_fence_scope == SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM);
    CHECK(back.release_fence_scope == SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM);
}

static void test_three_d_packet_fields(void) {
    Config c;
    memset(&c, 0, sizeof c);
    c.dimensions = 3;
    c.workgroup_size_x = 4;
    c.workgroup_size_y = 8;
    c.workgroup_size_z = 16;
    c.grid_size_x = 0x11223344u;
    c.grid_size_y = 0x55667788u;
    c.grid_size_z = 0x0a0b0c0du;
    c.private_segment_size = 0x13579bdfu;
    c.group_segment_size = 0x2468ace0u;
    c.max_flat_workgroup_size = 512;
    c.kernel_object = 0x0123456789abcdefull;
    c.kernarg_address = 0xfedcba9876543210ull;
    c.completion_signal = 0x0f1e2d3c4b5a6978ull;
    c.barrier = 0;
    c.acquire_fence_scope = SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT;
    c.release_fence_scope = SILK_AMDGPU_AQL_FENCE_SCOPE_NONE;
    uint8_t p[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&c, p));
    CHECK(le(p, 0, 2) == 0x0202); /* type 2, acquire agent 1<<9, release none */
    CHECK(le(p, 2, 2) == 3);
    CHECK(le(p, 4, 2) == 4);
    CHECK(le(p, 6, 2) == 8);
    CHECK(le(p, 8, 2) == 16);
    CHECK(le(p, 10, 2) == 0);
    CHECK(le(p, 12, 4) == 0x11223344u);
    CHECK(le(p, 16, 4) == 0x55667788u);
    CHECK(le(p, 20, 4) == 0x0a0b0c0du);
    CHECK(le(p, 24, 4) == 0x13579bdfu);
    CHECK(le(p, 28, 4) == 0x2468ace0u);
    CHECK(le(p, 32, 8) == 0x0123456789abcdefull);
    CHECK(le(p, 40, 8) == 0xfedcba9876543210ull);
    CHECK(le(p, 48, 8) == 0);
    CHECK(le(p, 56, 8) == 0x0f1e2d3c4b5a6978ull);

    /* Each fence scope and the barrier land in their own header bits. */
    static const struct {
        uint8_t barrier;
        int32_t acquire, release;
        uint16_t header;
    } headers[] = {
        {0, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, 0x0002},
        {1, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, 0x0102},
        {0, SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, 0x0202},
        {0, SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, 0x0402},
        {0, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT, 0x0802},
        {0, SILK_AMDGPU_AQL_FENCE_SCOPE_NONE, SILK_AMDGPU_AQL_FENCE_SCOPE_SYSTEM, 0x1002},
        {1, SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT, SILK_AMDGPU_AQL_FENCE_SCOPE_AGENT, 0x0b02},
    };
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
        c.barrier = headers[i].barrier;
        c.acquire_fence_scope = headers[i].acquire;
        c.release_fence_scope = headers[i].release;
        CHECK(silk_amdgpu_aql_dispatch_packet_build(&c, p));
        CHECK(le(p, 0, 2) == headers[i].header);
    }

    /* 2-D, flat size exactly 1024 with the default maximum (0 means 1024). */
    Config two = one_d();
    two.dimensions = 2;
    two.workgroup_size_x = 32;
    two.workgroup_size_y = 32;
    two.grid_size_x = 1920;
    two.grid_size_y = 1080;
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&two, p));
    CHECK(le(p, 2, 2) == 2 && le(p, 4, 2) == 32 && le(p, 6, 2) == 32 && le(p, 8, 2) == 1);
    CHECK(le(p, 12, 4) == 1920 && le(p, 16, 4) == 1080 && le(p, 20, 4) == 1);
}

typedef void (*Mutate)(Config *);
static void dims_0(Config *c) { c->dimensions = 0; }
static void dims_4(Config *c) { c->dimensions = 4; }
static void unused_y_workgroup(Config *c) { c->workgroup_size_y = 2; }
static void unused_z_grid(Config *c) {
    c->dimensions = 2;
    c->grid_size_z = 3;
}
static void unused_y_zero(Config *c) { c->grid_size_y = 0; }
static void zero_workgroup_x(Config *c) { c->workgroup_size_x = 0; }
static void zero_workgroup_z(Config *c) {
    c->dimensions = 3;
    c->workgroup_size_z = 0;
}
static void zero_grid_x(Config *c) { c->grid_size_x = 0; }
static void zero_grid_y(Config *c) {
    c->dimensions = 2;
    c->grid_size_y = 0;
}
static void grid_smaller_x(Config *c) { c->grid_size_x = 255; }
static void grid_smaller_y(Config *c) {
    c->dimensions = 2;
    c->workgroup_size_x = 8;
    c->workgroup_size_y = 8;
    c->grid_size_y = 7;
}
static void flat_over_default(Config *c) {
    c->dimensions = 3;
    c->workgroup_size_x = 32;
    c->workgroup_size_y = 32;
    c->workgroup_size_z = 2;
    c->grid_size_y = 64;
    c->grid_size_z = 64;
}
static void flat_over_custom(Config *c) { c->max_flat_workgroup_size = 128; }
static void flat_u16_max(Config *c) {
    c->dimensions = 3;
    c->workgroup_size_x = c->workgroup_size_y = c->workgroup_size_z = 65535;
    c->grid_size_x = c->grid_size_y = c->grid_size_z = 0xffffffffu;
}
static void barrier_2(Config *c) { c->barrier = 2; }
static void acquire_3(Config *c) { c->acquire_fence_scope = 3; }
static void release_negative(Config *c) { c->release_fence_scope = -1; }

static void test_invalid_configs(void) {
    static const struct {
        const char *name;
        Mutate mutate;
        const char *message;
    } cases[] = {
        {"zero dimensions", dims_0, "dispatch has 0 dimensions; AQL kernel dispatches have 1, 2 or 3"},
        {"four dimensions", dims_4, "dispatch has 4 dimensions"},
        {"unused y workgroup", unused_y_workgroup, "unused dimension y of a 1-dimensional dispatch has workgroup size 2"},
        {"unused z grid", unused_z_grid, "unused dimension z of a 2-dimensional dispatch has workgroup size 1 and grid size 3"},
        {"unused y zero", unused_y_zero, "unused dimension y"},
        {"zero workgroup x", zero_workgroup_x, "workgroup size x is 0"},
        {"zero workgroup z", zero_workgroup_z, "workgroup size z is 0"},
        {"zero grid x", zero_grid_x, "grid size x is 0"},
        {"zero grid y", zero_grid_y, "grid size y is 0"},
        {"grid smaller x", grid_smaller_x, "grid size x (255) is smaller than workgroup size x (256)"},
        {"grid smaller y", grid_smaller_y, "grid size y (7) is smaller than workgroup size y (8)"},
        {"flat over 1024", flat_over_default, "flat workgroup size 32x32x2 = 2048 exceeds the maximum of 1024"},
        {"flat over custom", flat_over_custom, "flat workgroup size 256x1x1 = 256 exceeds the maximum of 128"},
        {"flat u16 max", flat_u16_max, "= 281462092005375 exceeds the maximum of 1024"},
        {"barrier 2", barrier_2, "`barrier` is 2; expected 0 or 1"},
        {"acquire 3", acquire_3, "`acquire_fence_scope` is 3; expected SILK_AMDGPU_AQL_FENCE_SCOPE_NONE (0)"},
        {"release -1", release_negative, "`release_fence_scope` is -1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Config c = one_d();
        cases[i].mutate(&c);
        uint8_t packet[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
        memset(packet, 0xAA, sizeof packet);
        int built = silk_amdgpu_aql_dispatch_packet_build(&c, packet);
        if (built) fprintf(stderr, "  case \"%s\" was accepted\n", cases[i].name);
        CHECK(!built);
        CHECK(last_error_has(cases[i].message));
        int untouched = 1;
        for (size_t b = 0; b < sizeof packet; b++) untouched &= packet[b] == 0xAA;
        CHECK(untouched);
    }
    /* A success afterwards clears the error. */
    Config ok = one_d();
    uint8_t packet[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&ok, packet));
    CHECK(silk_last_error() == NULL);
}

static void test_invalid_packets(void) {
    Config c = one_d();
    uint8_t good[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&c, good));
    Config out;
    memset(&out, 0x5A, sizeof out);
    Config before = out;

    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(good, 63, &out));
    CHECK(last_error_has("exactly 64 bytes, got 63"));
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(good, SIZE_MAX, &out));
    CHECK(last_error_has("impossible size"));

    uint8_t bad[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    memcpy(bad, good, sizeof bad);
    bad[0] = 3; /* barrier-AND packet */
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(bad, sizeof bad, &out));
    CHECK(last_error_has("packet type 3 (barrier-AND) is not a kernel dispatch"));

    memcpy(bad, good, sizeof bad);
    bad[1] |= 0x06; /* acquire fence scope 3 */
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(bad, sizeof bad, &out));
    CHECK(last_error_has("acquire fence scope encoding 3 is reserved"));

    memcpy(bad, good, sizeof bad);
    bad[50] = 1; /* reserved bytes 48..56 */
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(bad, sizeof bad, &out));
    CHECK(last_error_has("reserved bytes 48..56 must be zero"));

    memcpy(bad, good, sizeof bad);
    bad[12] = 0; bad[13] = 0; bad[14] = 0; bad[15] = 0; /* grid x = 0 */
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(bad, sizeof bad, &out));
    CHECK(last_error_has("grid size x is 0"));

    CHECK(memcmp(&out, &before, sizeof out) == 0);
}

static void test_null_pointers(void) {
    Config c = one_d();
    uint8_t packet[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    memset(packet, 0xAA, sizeof packet);

    CHECK(!silk_amdgpu_aql_dispatch_packet_build(NULL, packet));
    CHECK(last_error_has("argument `config` is NULL"));
    CHECK(packet[0] == 0xAA);
    CHECK(!silk_amdgpu_aql_dispatch_packet_build(&c, NULL));
    CHECK(last_error_has("argument `out` is NULL"));
    CHECK(!silk_amdgpu_aql_dispatch_packet_build(NULL, NULL));
    CHECK(last_error_has("is NULL"));

    Config out;
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(NULL, 64, &out));
    CHECK(last_error_has("argument `packet` is NULL"));
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(NULL, 0, &out));
    CHECK(last_error_has("argument `packet` is NULL"));
    CHECK(silk_amdgpu_aql_dispatch_packet_build(&c, packet));
    CHECK(!silk_amdgpu_aql_dispatch_packet_parse(packet, sizeof packet, NULL));
    CHECK(last_error_has("argument `out_config` is NULL"));

    CHECK(silk_amdgpu_target_id(NULL) == NULL);
    CHECK(last_error_has("argument `name` is NULL"));

    CHECK(silk_bytes_data(NULL) == NULL);
    CHECK(last_error_has("argument `bytes` is NULL"));
    CHECK(silk_bytes_len(NULL) == 0);
    CHECK(last_error_has("argument `bytes` is NULL"));
    silk_bytes_free(NULL); /* a no-op, like free(NULL) */
    CHECK(last_error_has("argument `bytes` is NULL")); /* free leaves it alone */

    CHECK(silk_version() != NULL);
}

static void test_target_id_and_owned_bytes(void) {
    SilkBytes *id = silk_amdgpu_target_id("gfx942:xnack-");
    CHECK(id != NULL);
    CHECK(silk_last_error() == NULL);
    if (id != NULL) {
        const char *expected = "amdgcn-amd-amdhsa--gfx942:xnack-";
        CHECK(silk_bytes_len(id) == strlen(expected));
        const uint8_t *data = silk_bytes_data(id);
        CHECK(data != NULL && memcmp(data, expected, strlen(expected)) == 0);
        CHECK(data != NULL && data[silk_bytes_len(id)] == 0); /* usable as a C string */
        CHECK(data != NULL && strcmp((const char *)data, expected) == 0);
        silk_bytes_free(id);
    }
    SilkBytes *rdna = silk_amdgpu_target_id("amdgcn-amd-amdhsa-gfx1151");
    CHECK(rdna != NULL && strcmp((const char *)silk_bytes_data(rdna), "amdgcn-amd-amdhsa--gfx1151") == 0);
    silk_bytes_free(rdna);

    CHECK(silk_amdgpu_target_id("gfx1150") == NULL);
    CHECK(last_error_has("unknown AMDGPU target `gfx1150` (did you mean `gfx1151`?)"));
    CHECK(silk_amdgpu_target_id("gfx942:xnack") == NULL);
    CHECK(last_error_has("malformed target feature `xnack`"));
    CHECK(silk_amdgpu_target_id("") == NULL);
    CHECK(last_error_has("unknown AMDGPU target"));
    CHECK(silk_amdgpu_target_id("gfx9\xff\xfe") == NULL);
    CHECK(last_error_has("argument `name` is not valid UTF-8 (first invalid byte at offset 4)"));
}

/* Each thread provokes its own kind of failure and must only ever see its
 * own message; every valid packet must come out identical. */
typedef struct {
    int id;
    int bad;
} ThreadResult;

static void *hammer(void *arg) {
    ThreadResult *r = arg;
    uint8_t expected[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
    Config ok = one_d();
    if (!silk_amdgpu_aql_dispatch_packet_build(&ok, expected)) {
        r->bad++;
        return NULL;
    }
    char needle[64];
    snprintf(needle, sizeof needle, "dispatch has %d dimensions", 4 + r->id);
    for (int i = 0; i < 500; i++) {
        Config c = one_d();
        c.dimensions = (uint16_t)(4 + r->id);
        uint8_t p[SILK_AMDGPU_AQL_DISPATCH_PACKET_SIZE];
        if (silk_amdgpu_aql_dispatch_packet_build(&c, p)) r->bad++;
        const char *e = silk_last_error();
        if (e == NULL || strstr(e, needle) == NULL) r->bad++;
        if (!silk_amdgpu_aql_dispatch_packet_build(&ok, p) || memcmp(p, expected, sizeof p) != 0) r->bad++;
        if (silk_last_error() != NULL) r->bad++;
        SilkBytes *t = silk_amdgpu_target_id("gfx1100");
        if (t == NULL || strcmp((const char *)silk_bytes_data(t), "amdgcn-amd-amdhsa--gfx1100") != 0) r->bad++;
        silk_bytes_free(t);
    }
    return NULL;
}

static void test_threads(void) {
    enum { THREADS = 4 };
    pthread_t threads[THREADS];
    ThreadResult results[THREADS];
    for (int i = 0; i < THREADS; i++) {
        results[i].id = i;
        results[i].bad = 0;
        CHECK(pthread_create(&threads[i], NULL, hammer, &results[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        if (results[i].bad) fprintf(stderr, "  thread %d saw %d wrong results\n", i, results[i].bad);
        CHECK(results[i].bad == 0);
    }
}

int main(void) {
    test_version();
    test_one_d_packet_bytes();
    test_three_d_packet_fields();
    test_invalid_configs();
    test_invalid_packets();
    test_null_pointers();
    test_target_id_and_owned_bytes();
    test_threads();
    printf("aql_test: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
