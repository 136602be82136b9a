// A recursive call forces a dynamic stack.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
__device__ __attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
// kernel: recursive(int *out, int n)
// computes: out[TID_X] = fib(n) computed recursively (fib(n) = n for n < 2)
extern "C" __global__ void recursive(int *out, int n) { out[__builtin_amdgcn_workitem_id_x()] = fib(n); }
