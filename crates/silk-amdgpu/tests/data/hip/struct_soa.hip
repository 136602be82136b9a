// Array-of-structs particle update (mixed field widths).
#include "silk_hip.h"
struct Particle { float x, y, z; float vx, vy, vz; int alive; short kind; };
// kernel: particles_step(Particle *p, float dt, int n)
// computes: for i = GID_X < n with p[i].alive != 0: position += velocity * dt; vz -= 9.81 * dt; if z < 0 then z = -z, vz = -vz * 0.5 and kind += 1
extern "C" __global__ void particles_step(Particle *p, float dt, int n) {
  unsigned i = GID_X;
  if (i >= (unsigned)n || !p[i].alive) return;
  Particle q = p[i];
  q.x += q.vx * dt; q.y += q.vy * dt; q.z += q.vz * dt;
  q.vz -= 9.81f * dt;
  if (q.z < 0) { q.z = -q.z; q.vz = -q.vz * 0.5f; q.kind += 1; }
  p[i] = q;
}
