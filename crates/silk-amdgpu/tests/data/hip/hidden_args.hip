// Reads the implicit kernel arguments, so the metadata lists hidden args.
#define __global__ __attribute__((global))
// kernel: grid_size(unsigned *out, char c, short s)
// computes: out[TID_X] = implicit[0] * (u16 at implicit+12) + implicit[1] + implicit[2] + c + s, implicit = the hidden kernel arguments (block counts x,y,z, group sizes)
extern "C" __global__ void grid_size(unsigned *out, char c, short s) {
  const unsigned *implicit = (const unsigned *)__builtin_amdgcn_implicitarg_ptr();
  const unsigned short *sizes = (const unsigned short *)(implicit + 3);
  unsigned id = __builtin_amdgcn_workitem_id_x();
  out[id] = implicit[0] * sizes[0] + implicit[1] + implicit[2] + c + s;
}
