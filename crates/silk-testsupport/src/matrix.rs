//! The matrix-tile kernels of `silk-gpu-ir/tests/data/matrix/`: inputs,
//! the CPU reference and the lane layout of the results, written here
//! from the layouts `silk-gpu-ir`'s `matrix` module documents (not from
//! the shared implementation, so a wrong layout there fails the tests).
//!
//! Inputs are small integers, so every product and sum is exact in f32
//! whatever the summation order, and results compare bit for bit.

use silk_gpu_ir::interp::to_bytes;
use silk_gpu_ir::{Elem, MatrixOp, MatrixUnit, Module};

/// One tile kernel: `file` and `kernel` in the data directory, its op.
#[derive(Clone, Copy, Debug)]
pub struct TileKernel {
    pub file: &'static str,
    pub kernel: &'static str,
    pub op: MatrixOp,
}

/// Every lane-major tile kernel (see the files' headers).
pub fn tile_kernels() -> Vec<TileKernel> {
    MatrixOp::ALL
        .iter()
        .map(|&op| {
            let kernel = op.keyword().replace('.', "_");
            let file = match op.unit() {
                MatrixUnit::Mfma => "mfma_tiles.sir",
                MatrixUnit::Wmma => "wmma_tiles.sir",
            };
            TileKernel {
                file,
                kernel: Box::leak(kernel.into_boxed_str()),
                op,
            }
        })
        .collect()
}

/// The data directory's module `file`.
pub fn module(file: &str) -> Module {
    let path = format!(
        "{}/../silk-gpu-ir/tests/data/matrix/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Module::parse_verified(file, &src).unwrap_or_else(|e| panic!("{e}"))
}

/// Row and column of the result element `r` of lane `l`.
pub fn d_pos(op: MatrixOp, r: usize, l: usize) -> (usize, usize) {
    let (m, _, _) = op.mnk();
    match (op.unit(), m) {
        (MatrixUnit::Mfma, 16) => (4 * (l / 16) + r, l % 16),
        (MatrixUnit::Mfma, _) => (8 * (r / 4) + 4 * (l / 32) + r % 4, l % 32),
        (MatrixUnit::Wmma, _) => (op.wave_size() as usize / 16 * r + l / 16, l % 16),
    }
}

/// The element value `x` (a small integer) in `e`'s memory form.
pub fn elem_bytes(e: Elem, x: f32) -> Vec<u8> {
    match e {
        Elem::F16 => silk_gpu_ir::eval::f64_to_f16(x as f64)
            .to_le_bytes()
            .to_vec(),
        Elem::BF16 => ((x.to_bits() >> 16) as u16).to_le_bytes().to_vec(),
        _ => x.to_le_bytes().to_vec(),
    }
}

/// A tile problem: `A[m][kt]` row-major, `Bt[n][kt]` (B transposed) and
/// the reference `D = A * B` (`D[i][j]`, row-major `m x n`).
pub struct Tile {
    pub m: usize,
    pub n: usize,
    pub kt: usize,
    pub a: Vec<f32>,
    pub bt: Vec<f32>,
    pub d: Vec<f32>,
}

impl Tile {
    pub fn new(m: usize, n: usize, kt: usize, seed: usize) -> Tile {
        let a: Vec<f32> = (0..m * kt)
            .map(|x| ((x * 7 + seed * 3) % 9) as f32 - 4.0)
            .collect();
        let bt: Vec<f32> = (0..n * kt)
            .map(|x| ((x * 5 + seed) % 7) as f32 - 3.0)
            .collect();
        let mut d = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                d[i * n + j] = (0..kt).map(|k| a[i * kt + k] * bt[j * kt + k]).sum();
            }
        }
        Tile { m, n, kt, a, bt, d }
    }

    pub fn bytes(xs: &[f32], e: Elem) -> Vec<u8> {
        xs.iter().flat_map(|&x| elem_bytes(e, x)).collect()
    }

    /// B row-major (`B[k][j]`) in memory form.
    pub fn b_rows(&self, e: Elem) -> Vec<u8> {
        let mut out = Vec::new();
        for k in 0..self.kt {
            for j in 0..self.n {
                out.extend(elem_bytes(e, self.bt[j * self.kt + k]));
            }
        }
        out
    }
}

/// The problem of `op` with `steps` K steps, and the output buffer size.
pub fn tile_for(op: MatrixOp, steps: usize) -> (Tile, usize) {
    let (m, n, k) = op.mnk();
    let t = Tile::new(m as usize, n as usize, k as usize * steps, steps);
    let out = op.wave_size() as usize * op.acc_type().dwords() as usize * 4;
    (t, out)
}

/// Check a lane-major output buffer (lane `l`'s accumulator vector at
/// `l * dwords * 4`) against the reference.
pub fn check_lane_major(op: MatrixOp, tile: &Tile, out: &[u8]) -> Result<(), String> {
    let dw = op.acc_type().dwords() as usize;
    let words: Vec<f32> = silk_gpu_ir::interp::from_bytes(out);
    for l in 0..op.wave_size() as usize {
        for r in 0..dw {
            let (i, j) = d_pos(op, r, l);
            let got = words[l * dw + r];
            let want = tile.d[i * tile.n + j];
            if got.to_bits() != want.to_bits() {
                return Err(format!(
                    "{}: lane {l} element {r} (D[{i}][{j}]) is {got}, expected {want}",
                    op.keyword()
                ));
            }
        }
    }
    Ok(())
}

/// Zeroed output of `n` bytes.
pub fn zeros(n: usize) -> Vec<u8> {
    to_bytes(&vec![0u32; n / 4])
}
