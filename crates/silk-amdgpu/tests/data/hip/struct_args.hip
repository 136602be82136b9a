// By-value aggregates, mixed sizes and alignments, and pointers.
#define __global__ __attribute__((global))
struct Params { double scale; int count; char tag; };
struct Big { long long v[5]; };
// kernel: struct_args(Params p, char c, float *out, Big b, const double *in, long long z)
// computes: out[t] = (float)(in[t]*p.scale + p.count + p.tag + c + b.v[t % 5] + z), t = TID_X
extern "C" __global__ void struct_args(Params p, char c, float *out, Big b, const double *in, long long z) {
  unsigned t = __builtin_amdgcn_workitem_id_x();
  out[t] = (float)(in[t] * p.scale + p.count + p.tag + c + b.v[t % 5] + z);
}
