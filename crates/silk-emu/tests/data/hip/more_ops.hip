// Less common VALU ops clang emits for builtins and 16-bit code: SAD,
// lerp, 16-bit min/max/mad, integer dot products and fp8 conversions
// (gfx942), f16 sin/cos. One lane's results go to out[16 * lane ...].
#define __global__ __attribute__((global))
typedef unsigned u32;
typedef short short2 __attribute__((ext_vector_type(2)));
typedef unsigned short ushort2 __attribute__((ext_vector_type(2)));
extern "C" __global__ void more_ops(const u32 *in, u32 *out) {
  u32 t = __builtin_amdgcn_workitem_id_x();
  u32 a = in[t], b = in[t + 256], c = in[t + 512];
  u32 *o = out + 16 * t;
  o[0] = __builtin_amdgcn_sad_u8(a, b, c);
  o[2] = __builtin_amdgcn_sad_hi_u8(a, b, c);
  o[3] = __builtin_amdgcn_sad_u16(a, b, c);
  o[4] = __builtin_amdgcn_lerp(a, b, c);
  short sa = (short)a, sb = (short)b;
  ((short *)o)[10] = sa < sb ? sa : sb;
  ((short *)o)[11] = sa > sb ? sa : sb;
#if defined(__gfx942__)
  o[7] = __builtin_amdgcn_sdot2(__builtin_bit_cast(short2, a), __builtin_bit_cast(short2, b), (int)c, false);
  o[8] = __builtin_amdgcn_udot2(__builtin_bit_cast(ushort2, a), __builtin_bit_cast(ushort2, b), c, false);
  o[9] = __builtin_amdgcn_sdot4((int)a, (int)b, (int)c, false);
  o[10] = __builtin_amdgcn_udot4(a, b, c, false);
  o[11] = __builtin_amdgcn_sdot8((int)a, (int)b, (int)c, false);
  o[12] = __builtin_amdgcn_udot8(a, b, c, false);
  o[13] = __builtin_bit_cast(u32, __builtin_amdgcn_cvt_f32_fp8((int)a, 1));
  o[14] = __builtin_bit_cast(u32, __builtin_amdgcn_cvt_f32_bf8((int)a, 2));
#endif
#if !defined(__gfx942__)
  o[7] = __builtin_amdgcn_sudot4(true, (int)a, false, (int)b, (int)c, false);
  o[8] = __builtin_amdgcn_sudot8(false, (int)a, true, (int)b, (int)c, false);
  ((unsigned short *)o)[18] = (unsigned short)a * (unsigned short)b + (unsigned short)c;
#endif
  // Small integers: every product and sum is exact in f32.
  typedef _Float16 half2 __attribute__((ext_vector_type(2)));
  half2 ha = {(_Float16)(float)((int)(a & 7) - 3), (_Float16)(float)((int)(b & 7) - 3)};
  half2 hb = {(_Float16)(float)((int)(c & 7) - 3), (_Float16)(float)((int)(a >> 29) - 3)};
  o[1] = __builtin_bit_cast(u32, __builtin_amdgcn_fdot2(ha, hb, (float)(int)(b & 15), false));
  o[6] = __builtin_bit_cast(u32, __builtin_amdgcn_cvt_pkrtz(__builtin_bit_cast(float, a & 0x3fffffff), __builtin_bit_cast(float, b & 0xbfffffff)));
  _Float16 h = (_Float16)((float)(a & 0xff) / 64.0f);
  ((_Float16 *)o)[30] = __builtin_amdgcn_sinh(h);
  ((_Float16 *)o)[31] = __builtin_amdgcn_cosh(h);
}
