// Dispatch and queue pointers as user SGPRs.
#define __global__ __attribute__((global))
// kernel: dispatch_info(unsigned long long *out)
// computes: out[0] = workgroup_size_x field of the AQL dispatch packet (u16 at byte 4) + the queue pointer value
extern "C" __global__ void dispatch_info(unsigned long long *out) {
  const unsigned short *packet = (const unsigned short *)__builtin_amdgcn_dispatch_ptr();
  const char *queue = (const char *)__builtin_amdgcn_queue_ptr();
  out[0] = packet[2] + (unsigned long long)queue;
}
