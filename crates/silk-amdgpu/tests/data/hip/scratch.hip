// Dynamically indexed private array: scratch (private segment) in use.
#define __global__ __attribute__((global))
// kernel: private_table(int *out, int k)
// computes: table[i] = i*k + TID_X for i < 64 (private array); out[TID_X] = table[(TID_X*7 + k) & 63]
extern "C" __global__ void private_table(int *out, int k) {
  volatile int table[64];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 64; ++i)
    table[i] = i * k + t;
  out[t] = table[(t * 7 + k) & 63];
}
