// MUBUF and MTBUF kernels: raw and structured (idxen) buffer loads and
// stores with range checking, buffer atomics, and typed (tbuffer) access.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
typedef unsigned u32;
typedef __amdgpu_buffer_rsrc_t rsrc_t;
typedef float float4 __attribute__((ext_vector_type(4)));
typedef u32 u32x2 __attribute__((ext_vector_type(2)));

// Intrinsics clang has no builtin for, bound by their LLVM names.
extern "C" __device__ u32 struct_load(rsrc_t, u32 vindex, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.struct.ptr.buffer.load.i32");
extern "C" __device__ void struct_store(u32, rsrc_t, u32 vindex, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.struct.ptr.buffer.store.i32");
extern "C" __device__ u32 atomic_add(u32, rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.atomic.add.i32");
extern "C" __device__ u32 atomic_cmpswap(u32 src, u32 cmp, rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32");
extern "C" __device__ u32 atomic_umax(u32, rsrc_t, u32 voffset, u32 soffset, int aux)
    __asm("llvm.amdgcn.raw.ptr.buffer.atomic.umax.i32");
extern "C" __device__ float4 tload_v4f32(rsrc_t, u32 voffset, u32 soffset, int format, int aux)
    __asm("llvm.amdgcn.raw.ptr.tbuffer.load.v4f32");
extern "C" __device__ u32x2 tload_v2i32(rsrc_t, u32 voffset, u32 soffset, int format, int aux)
    __asm("llvm.amdgcn.raw.ptr.tbuffer.load.v2i32");
extern "C" __device__ void tstore_i32(u32, rsrc_t, u32 voffset, u32 soffset, int format, int aux)
    __asm("llvm.amdgcn.raw.ptr.tbuffer.store.i32");

// Word 3 of the V#: 32-bit float data format, and on GFX11 raw range checking.
#if defined(__gfx942__)
#define WORD3 0x00027000
// dfmt | nfmt << 4: 32_32_32_32 float, 32_32 uint, 8_8_8_8 unorm, 16 uint.
#define FMT_V4F32 (14 | 7 << 4)
#define FMT_V2U32 (11 | 4 << 4)
#define FMT_8888_UNORM (10 | 0 << 4)
#define FMT_16_UINT (2 | 4 << 4)
#else
#define WORD3 0x31016fac
#define FMT_V4F32 63
#define FMT_V2U32 48
#define FMT_8888_UNORM 42
#define FMT_16_UINT 11
#endif

static __device__ u32 tid() { return __builtin_amdgcn_workitem_id_x(); }
static __device__ u32 gid() { return tid() + __builtin_amdgcn_workgroup_id_x() * 256; }
static __device__ rsrc_t rsrc(void *p, short stride, int bytes) {
  return __builtin_amdgcn_make_buffer_rsrc(p, stride, bytes, WORD3);
}

// Raw buffers (offen): lanes past num_records read 0, their stores are dropped.
extern "C" __global__ void buffer_copy(u32 *in, u32 *out, int in_bytes, int out_bytes) {
  rsrc_t ri = rsrc(in, 0, in_bytes), ro = rsrc(out, 0, out_bytes);
  u32 t = gid();
  u32 v = __builtin_amdgcn_raw_buffer_load_b32(ri, t * 4, 0, 0);
  __builtin_amdgcn_raw_buffer_store_b32(v * 3 + 1, ro, t * 4, 0, 0);
}

// Wider and narrower raw accesses with an instruction offset and soffset.
extern "C" __global__ void buffer_widths(u32 *in, u32 *out, int in_bytes, u32 soff) {
  rsrc_t ri = rsrc(in, 0, in_bytes), ro = rsrc(out, 0, 1 << 20);
  u32 t = gid();
  u32x2 w = __builtin_amdgcn_raw_buffer_load_b64(ri, t * 8, 0, 0);
  unsigned char b = __builtin_amdgcn_raw_buffer_load_b8(ri, t + 4, soff, 0);
  unsigned short h = __builtin_amdgcn_raw_buffer_load_b16(ri, t * 2 + 16, 0, 0);
  __builtin_amdgcn_raw_buffer_store_b64(w + (u32x2){1, 2}, ro, t * 8, 0, 0);
  __builtin_amdgcn_raw_buffer_store_b16((unsigned short)(h + b), ro, 4096 + t * 2, 0, 0);
}

// Structured buffers (idxen, and idxen with offen): record t of a 12-byte
// stride, field at byte 4 or 8; records at or past num_records read 0.
extern "C" __global__ void buffer_struct(u32 *in, u32 *out, int records) {
  rsrc_t ri = rsrc(in, 12, records), ro = rsrc(out, 8, 1 << 16);
  u32 t = gid();
  u32 v = struct_load(ri, t, 4, 0, 0) + struct_load(ri, t, 4 + (t & 1) * 4, 0, 0);
  struct_store(v ^ 0x5a5a, ro, t, 0, 0, 0);
  struct_store(t, ro, t, 4, 0, 0);
}

// Buffer atomics: a histogram (add, returning the old value), a max, and a
// compare-and-swap that claims slots (the first lane to reach one wins).
extern "C" __global__ void buffer_atomics(const u32 *in, u32 *bins, u32 *olds, u32 *slots) {
  rsrc_t rb = rsrc(bins, 0, 64), rs = rsrc(slots, 0, 4 * 64);
  u32 t = gid();
  u32 v = in[t];
  u32 old = atomic_add(1, rb, (v & 7) * 4, 0, 0);
  olds[t] = old;
  atomic_umax(v, rb, 32, 0, 0);
  atomic_cmpswap(t + 1, 0, rs, (v % 64) * 4, 0, 0);
}

// Typed buffers (MTBUF): 4 x f32, 2 x u32 and unorm8 x 4 loads stored as
// they come; a 16-bit uint store.
extern "C" __global__ void tbuffer_formats(const u32 *in, float *out, int in_bytes) {
  rsrc_t ri = rsrc((void *)in, 0, in_bytes), ro = rsrc(out, 0, 1 << 20);
  u32 t = gid();
  float4 f = tload_v4f32(ri, t * 16, 0, FMT_V4F32, 0);
  u32x2 u = tload_v2i32(ri, t * 8, 0, FMT_V2U32, 0);
  float4 n = tload_v4f32(ri, t * 4, 0, FMT_8888_UNORM, 0);
  ((float4 *)out)[t] = f;
  ((float4 *)out)[256 + t] = n;
  ((u32 *)out)[2048 + t] = u.x ^ u.y;
  tstore_i32(t * 3, ro, 4 * 4096 + t * 2, 0, FMT_16_UINT, 0);
}
