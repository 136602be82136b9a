// HIP C++ twin of examples/apps/classifier.slk: train a 1-D
// nearest-centroid threshold on the host, classify on the GPU, check.
#include "hip_min.h"
#include <stdint.h>

static __host__ __device__ bool at_or_above_threshold(uint64_t value, uint64_t threshold) {
  return value >= threshold;
}

__global__ void classify_batch(uint64_t input, uint64_t output, uint64_t threshold) {
  unsigned index = global_id_x();
  uint32_t value = ((const uint32_t *)input)[index];
  ((uint32_t *)output)[index] = at_or_above_threshold(value, threshold) ? 1 : 0;
}

static uint64_t centroid(uint64_t first, uint64_t last) {
  uint64_t sum = 0;
  for (uint64_t v = first; v <= last; v++) sum += v;
  return sum / (last - first + 1);
}

int main() {
  uint64_t threshold = (centroid(1, 4) + centroid(10, 13) + 1) / 2;
  if (threshold != 7) return 3;
  int count = 0;
  if (hipGetDeviceCount(&count) != 0 || count == 0) return 77;
  const uint32_t samples[8] = {0, 5, 6, 7, 8, 9, 14, 20};
  uint32_t labels[8];
  void *input = 0, *output = 0;
  if (hipMalloc(&input, sizeof samples) || hipMalloc(&output, sizeof labels)) return 1;
  if (hipMemcpy(input, samples, sizeof samples, hipMemcpyHostToDevice)) return 1;
  classify_batch<<<dim3(1), dim3(8), 0, 0>>>((uint64_t)input, (uint64_t)output, threshold);
  if (hipDeviceSynchronize()) return 2;
  if (hipMemcpy(labels, output, sizeof labels, hipMemcpyDeviceToHost)) return 1;
  for (int k = 0; k < 8; k++)
    if (labels[k] != (samples[k] >= threshold ? 1u : 0u)) return 1;
  hipFree(input);
  hipFree(output);
  return 0;
}
