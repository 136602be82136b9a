// Builtins that select the emulator's less common compute opcodes
// (tests/compute_builtins.rs checks them against the ISA pseudocode):
// normalized and u8 conversions, v_mqsad_u32_u8, the cube-map helpers
// v_cube{id,sc,tc,ma}, the GFX11 16-bit dot products and WMMA bf16 / iu4,
// ds_append / ds_consume, s_sendmsg_rtn, and gfx942's loads to LDS (global_load_lds_*, buffer_load ... lds);
// valu_ops also carries the performance-counter and thread-trace hints
// (s_incperflevel, s_decperflevel, GFX11 s_ttracedata_imm), which change
// nothing a kernel can see.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
typedef unsigned u32;
typedef unsigned long long u64;
typedef u32 u32x4 __attribute__((ext_vector_type(4)));
typedef _Float16 half2 __attribute__((ext_vector_type(2)));
typedef short short2 __attribute__((ext_vector_type(2)));
typedef __bf16 bf16x2 __attribute__((ext_vector_type(2)));
#define LDS(p) ((__attribute__((address_space(3))) void *)(p))

// in[t], in[t + 256], in[t + 512] are the lane's a, b, c; out[16 t ...].
extern "C" __global__ void valu_ops(const u32 *in, u32 *out) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  u32 a = in[t], b = in[t + 256], c = in[t + 512];
  u32 *o = out + 16 * t;
  __builtin_amdgcn_s_incperflevel(1);
  float x = (float)(int)a * 0x1p-30f, y = (float)(int)b * 0x1p-30f;
  o[0] = __builtin_bit_cast(u32, __builtin_amdgcn_cvt_pknorm_i16(x, y));
  o[1] = __builtin_bit_cast(u32, __builtin_amdgcn_cvt_pknorm_u16(x, y));
  o[2] = __builtin_amdgcn_cvt_pk_u8_f32(x * 256.0f, b, c);
  u32x4 acc = {a, b, c, a ^ c};
  u32x4 r = __builtin_amdgcn_mqsad_u32_u8(((u64)b << 32) | a, c, acc);
  o[3] = r.x;
  o[4] = r.y;
  o[5] = r.z;
  o[6] = r.w;
  float z = (float)(int)c * 0x1p-30f;
  o[11] = __builtin_bit_cast(u32, __builtin_amdgcn_cubeid(x, y, z));
  o[12] = __builtin_bit_cast(u32, __builtin_amdgcn_cubesc(x, y, z));
  o[13] = __builtin_bit_cast(u32, __builtin_amdgcn_cubetc(x, y, z));
  o[14] = __builtin_bit_cast(u32, __builtin_amdgcn_cubema(x, y, z));
#if !defined(__gfx942__)
  o[7] = __builtin_bit_cast(u32, __builtin_amdgcn_fdot2_f32_bf16(__builtin_bit_cast(bf16x2, a), __builtin_bit_cast(bf16x2, b), __builtin_bit_cast(float, c), false));
  o[8] = __builtin_bit_cast(unsigned short, __builtin_amdgcn_fdot2_f16_f16(__builtin_bit_cast(half2, a), __builtin_bit_cast(half2, b), __builtin_bit_cast(_Float16, (unsigned short)c)));
  o[9] = (unsigned short)__builtin_amdgcn_fdot2_bf16_bf16(__builtin_bit_cast(short2, a), __builtin_bit_cast(short2, b), (short)c);
  o[10] = __builtin_amdgcn_s_sendmsg_rtn(130) | __builtin_amdgcn_s_sendmsg_rtn(133);
  __builtin_amdgcn_s_ttracedata_imm(2);
#endif
  __builtin_amdgcn_s_decperflevel(1);
}

__shared__ int counter[4];

// Every lane appends to counter[1] (which starts at base); lanes below
// `consumers` then consume from it. out[t] = append's value, out[64 + t]
// = consume's (or ~0), out[128] = the counter at the end.
extern "C" __global__ void append_consume(u32 *out, int base, u32 consumers) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  if (t == 0)
    counter[1] = base;
  __builtin_amdgcn_s_waitcnt(0);
  __builtin_amdgcn_s_barrier();
  out[t] = __builtin_amdgcn_ds_append((__attribute__((address_space(3))) int *)&counter[1]);
  u32 v = ~0u;
  if (t < consumers)
    v = __builtin_amdgcn_ds_consume((__attribute__((address_space(3))) int *)&counter[1]);
  out[64 + t] = v;
  __builtin_amdgcn_s_waitcnt(0);
  __builtin_amdgcn_s_barrier();
  if (t == 0)
    out[128] = counter[1];
}

#if defined(__gfx942__)
__shared__ u32 tile[4 * 64];

// Lane t: tile[t] = in[t] (dword), tile[64 + t] = the byte at in + t
// (zero-extended), tile[128 + t] = in[t + 64] through a buffer resource
// with num_records `n` (out of range: 0); out[t + 64 k] = tile[t + 64 k].
extern "C" __global__ void lds_dma(const u32 *in, u32 *out, int n) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  __builtin_amdgcn_global_load_lds((__attribute__((address_space(1))) void *)(in + t), LDS(tile), 4, 0, 0);
  __builtin_amdgcn_global_load_lds((__attribute__((address_space(1))) void *)((const char *)in + t), LDS(tile + 64), 1, 0, 0);
  __amdgpu_buffer_rsrc_t r = __builtin_amdgcn_make_buffer_rsrc((void *)(in + 64), 0, n, 0x27000);
  __builtin_amdgcn_raw_ptr_buffer_load_lds(r, LDS(tile + 128), 4, 4 * t, 0, 0, 0);
  __builtin_amdgcn_s_waitcnt(0);
  __builtin_amdgcn_s_barrier();
  for (int k = 0; k < 3; k++)
    out[t + 64 * k] = tile[t + 64 * k];
}
#else
typedef short short16 __attribute__((ext_vector_type(16)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef int int8 __attribute__((ext_vector_type(8)));

// One 16x16x16 bf16 WMMA, bf16 C/D in the low halves.
extern "C" __global__ void wmma_bf16(const short16 *a, const short16 *b, short16 *c) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  c[t] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32(a[t], b[t], c[t], false);
}

// One 16x16x16 4-bit integer WMMA, A signed, B unsigned, clamped.
extern "C" __global__ void wmma_iu4(const int2 *a, const int2 *b, int8 *c) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  c[t] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32(true, a[t], false, b[t], c[t], true);
}
#endif

// Typed buffer accesses, by the LLVM intrinsics clang has no builtin for:
// MUBUF buffer_{load,store}_format (the format and dst_sel in the
// resource, here 8_8_8_8 UNORM and 16_16_16_16 FLOAT, XYZW) and their d16
// forms, MTBUF d16 loads and stores (16_16 SNORM, 8_8_8_8 SINT).
typedef __amdgpu_buffer_rsrc_t rsrc_t;
typedef float float4 __attribute__((ext_vector_type(4)));
typedef _Float16 half4 __attribute__((ext_vector_type(4)));
extern "C" __device__ float4 load_format(rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.load.format.v4f32");
extern "C" __device__ half4 load_format_d16(rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.load.format.v4f16");
extern "C" __device__ void store_format(float4, rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.store.format.v4f32");
extern "C" __device__ void store_format_d16(half4, rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.store.format.v4f16");
extern "C" __device__ half2 tload_d16(rsrc_t, u32 voffset, u32 soffset, int format, int aux)
    __asm("llvm.amdgcn.raw.ptr.tbuffer.load.v2f16");
extern "C" __device__ void tstore_d16(half4, rsrc_t, u32 voffset, u32 soffset, int format, int aux)
    __asm("llvm.amdgcn.raw.ptr.tbuffer.store.v4f16");
#if defined(__gfx942__)
// dst_sel XYZW | nfmt << 12 | dfmt << 15; MTBUF: dfmt | nfmt << 4.
#define W3_8888_UNORM (0xfac | 0 << 12 | 10 << 15)
#define W3_16X4_FLOAT (0xfac | 7 << 12 | 12 << 15)
#define FMT_1616_SNORM (5 | 1 << 4)
#define FMT_8888_SINT (10 | 5 << 4)
#else
// dst_sel XYZW | unified format << 12, raw range checking.
#define W3_8888_UNORM (0x31000fac | 42 << 12)
#define W3_16X4_FLOAT (0x31000fac | 57 << 12)
#define FMT_1616_SNORM 24
#define FMT_8888_SINT 47
#endif

// Lane t: in + 4 t as 8_8_8_8 unorm (f32 and d16), in + 4 t as 16_16
// snorm (d16) -> out[8 t ...]; the f32 x 2 stored as 16_16_16_16 float
// at out + 2048 + 8 t; the d16 halves stored as 16_16_16_16 float at
// out + 4096 + 8 t and as 8_8_8_8 sint at out + 6144 + 4 t.
extern "C" __global__ void format_ops(const u32 *in, u32 *out) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  rsrc_t ri = __builtin_amdgcn_make_buffer_rsrc((void *)in, 0, 1024, W3_8888_UNORM);
  rsrc_t ro = __builtin_amdgcn_make_buffer_rsrc(out, 0, 8192, W3_16X4_FLOAT);
  float4 f = load_format(ri, 4 * t, 0, 0);
  half4 h = load_format_d16(ri, 4 * t, 0, 0);
  half2 s = tload_d16(ri, 4 * t, 0, FMT_1616_SNORM, 0);
  ((float4 *)out)[2 * t] = f;
  ((half4 *)out)[4 * t + 2] = h;
  ((half2 *)out)[8 * t + 6] = s;
  store_format(f * 2.0f, ro, 2048 + 8 * t, 0, 0);
  store_format_d16(h, ro, 4096 + 8 * t, 0, 0);
  tstore_d16(h * (_Float16)100.0f, ro, 6144 + 4 * t, 0, FMT_8888_SINT, 0);
}
