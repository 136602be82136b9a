//! The kernel graph: translation, the verifier, serialization, DOT, the
//! coordinate evaluation, and each transform (graph in, graph out).

use std::collections::{BTreeMap, BTreeSet};

use silk_kernel::graph::NodeId;
use silk_kernel::kernel_graph::{ControlOp, CoordEdge, DimKind, KernelGraph};
use silk_kernel::matrix::Arch;
use silk_kernel::recipes::{gemm, GemmSpec};
use silk_kernel::transforms;
use silk_kernel::{translate, BinaryFn, Command, DataType, Expr, Params, XOp};

fn gemm_graph() -> (Command, KernelGraph) {
    let (c, _) = gemm(&GemmSpec::default());
    let g = translate(&c).unwrap();
    (c, g)
}

fn count(g: &KernelGraph, f: impl Fn(&ControlOp) -> bool) -> usize {
    g.find_ops(f).len()
}

fn kinds(g: &KernelGraph, n: NodeId) -> Vec<String> {
    g.body(n)
        .unwrap()
        .iter()
        .map(|&m| {
            format!("{:?}", g.op(m).unwrap())
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn translate_builds_one_control_node_per_operation() {
    let (_, g) = gemm_graph();
    g.verify().unwrap();
    // Loads of A, B, C; the contraction; alpha/beta assign; store of D.
    assert_eq!(
        kinds(&g, g.kernel),
        [
            "LoadTiled",
            "LoadTiled",
            "LoadTiled",
            "TensorContraction",
            "Assign",
            "StoreTiled"
        ]
    );
    let users = g
        .coordinates
        .nodes()
        .filter(|(_, d)| matches!(d.kind, DimKind::User { .. }))
        .count();
    assert_eq!(users, 4);
    let splits = g
        .coordinates
        .edges()
        .filter(|(_, e)| e.kind == CoordEdge::Split)
        .count();
    assert_eq!(splits, 4);
    let joins = g
        .coordinates
        .edges()
        .filter(|(_, e)| e.kind == CoordEdge::Join)
        .count();
    assert_eq!(joins, 1, "only D is stored");
}

#[test]
fn bad_commands_are_reported() {
    let mut c = Command::new();
    let t = c.tensor(1, DataType::F32);
    let l = c.load_linear(t);
    let bogus = c.allocate_tag();
    let d = c.allocate_tag();
    c.execute(
        &[l],
        vec![XOp::Binary {
            dest: d,
            f: BinaryFn::Add,
            a: l,
            b: bogus,
        }],
    );
    let e = translate(&c).unwrap_err().to_string();
    assert!(e.contains("neither an input nor an earlier step"), "{e}");
    let mut c = Command::new();
    let s = c.scalar(DataType::F32);
    c.load_tiled(s);
    let e = translate(&c).unwrap_err().to_string();
    assert!(e.contains("needs a tensor"), "{e}");
    // A linear value stored as tiles.
    let mut c = Command::new();
    let t = c.tensor(1, DataType::F32);
    let l = c.load_linear(t);
    c.store_tiled(l, t);
    let e = translate(&c).unwrap_err().to_string();
    assert!(e.contains("as tiles but it is a linear value"), "{e}");
}

#[test]
fn verifier_rejects_broken_graphs() {
    let (_, g) = gemm_graph();
    // A control node outside every body.
    let mut bad = g.clone();
    bad.control.add_node(ControlOp::Barrier);
    let e = bad.verify().unwrap_err().to_string();
    assert!(e.contains("in 0 bodies"), "{e}");
    // An operation naming a coordinate of the wrong kind.
    let mut bad = g.clone();
    let load = bad.find_ops(|o| matches!(o, ControlOp::LoadTiled { .. }))[0];
    if let Some(ControlOp::LoadTiled { tile, .. }) = bad.control.node_mut(load) {
        *tile = NodeId(0); // a User node
    }
    let e = bad.verify().unwrap_err().to_string();
    assert!(e.contains("needs a macro tile"), "{e}");
    // A sequence cycle.
    let mut bad = g.clone();
    let body = bad.body(bad.kernel).unwrap();
    bad.control.add_edge(
        silk_kernel::kernel_graph::ControlEdge::Sequence,
        &[body[5]],
        &[body[0]],
    );
    let e = bad.verify().unwrap_err().to_string();
    assert!(e.contains("sequence cycle"), "{e}");
}

#[test]
fn command_and_graph_round_trip_through_json() {
    let (c, g) = gemm_graph();
    let text = c.to_json().unwrap();
    assert_eq!(Command::from_json(&text).unwrap(), c);
    for graph in [
        g.clone(),
        transforms::lower(
            &g,
            &Params {
                prefetch: true,
                unroll: 2,
                ..Params::default()
            },
        )
        .unwrap(),
    ] {
        let text = graph.to_json().unwrap();
        assert_eq!(KernelGraph::from_json(&text).unwrap(), graph);
    }
    assert!(Command::from_json("{\"operations\": 3}").is_err());
    assert!(KernelGraph::from_json("[").is_err());
    // Valid JSON of an invalid graph: the verifier speaks.
    let mut broken = g.clone();
    broken.control.add_node(ControlOp::Barrier);
    let e = KernelGraph::from_json(&broken.to_json().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("bodies"), "{e}");
}

#[test]
fn dot_export_shows_both_graphs() {
    let (_, g) = gemm_graph();
    let g = transforms::lower(&g, &Params::default()).unwrap();
    let dot = g.to_dot();
    assert!(dot.starts_with("digraph"));
    assert!(dot.contains("cluster_coordinates") && dot.contains("cluster_control"));
    assert!(dot.contains("Multiply") && dot.contains("ForLoop") && dot.contains("Tile"));
    assert!(dot.matches("[label=").count() >= g.coordinates.node_count() + g.control.node_count());
}

/// Every (row, column) of D is reached by exactly one (workgroup,
/// work-item, register), through the coordinate graph alone.
#[test]
fn coordinates_cover_the_output_once() {
    let (_, g) = gemm_graph();
    let params = Params {
        macro_tile: [8, 4],
        thread_tile: [2, 2],
        ..Params::default()
    };
    let g = transforms::lower(&g, &params).unwrap();
    let t = g.tiling.clone().unwrap();
    let (m, n) = (13i64, 6i64);
    let d_user = g
        .coordinates
        .nodes()
        .filter(|(_, d)| matches!(d.kind, DimKind::User { .. }))
        .nth(3)
        .unwrap()
        .0;
    let mut known = BTreeMap::new();
    for x in [
        t.workgroup,
        t.workitem,
        t.thread_index[0],
        t.thread_index[1],
    ] {
        known.insert(x, Expr::Dim(x));
    }
    let offset = g.evaluate(&known, d_user).unwrap();
    let subs = g
        .coordinates
        .out_edges(d_user)
        .iter()
        .find(|(_, e)| e.kind == CoordEdge::Split)
        .map(|(_, e)| e.dst.clone())
        .unwrap();
    let row = g.evaluate(&known, subs[0]).unwrap();
    let col = g.evaluate(&known, subs[1]).unwrap();
    let names = |s: &str| match s {
        "Tensor_t3_size_0" => Some(m),
        "Tensor_t3_size_1" => Some(n),
        "Tensor_t3_stride_0" => Some(1),
        "Tensor_t3_stride_1" => Some(m),
        _ => None,
    };
    let wgs = g
        .launch
        .as_ref()
        .unwrap()
        .workgroups
        .eval(&names, &|_| None)
        .unwrap();
    assert_eq!(wgs, 2 * 2);
    let mut seen = BTreeSet::new();
    for wg in 0..wgs {
        for wi in 0..8 {
            for i in 0..2 {
                for j in 0..2 {
                    let v = |d: NodeId| {
                        Some(if d == t.workgroup {
                            wg
                        } else if d == t.workitem {
                            wi
                        } else if d == t.thread_index[0] {
                            i
                        } else {
                            j
                        })
                    };
                    let off = offset.eval(&names, &v).unwrap();
                    assert_eq!(off, offset.fast_division().eval(&names, &v).unwrap());
                    let (r, cl) = (row.eval(&names, &v).unwrap(), col.eval(&names, &v).unwrap());
                    assert_eq!(off, r + cl * m);
                    if r < m && cl < n {
                        assert!(seen.insert((r, cl)), "({r}, {cl}) twice");
                    }
                }
            }
        }
    }
    // 16 x 8 slots for a 13 x 6 output: every element exactly once.
    assert_eq!(seen.len() as i64, m * n);
}

#[test]
fn lower_tiles_distributes_result_tiles() {
    let (_, g) = gemm_graph();
    let out = transforms::lower_tiles(&g, &Params::default(), &Arch::default()).unwrap();
    out.verify().unwrap();
    // C's load and D's store are element-wise; A and B wait for the contraction.
    assert_eq!(
        kinds(&out, out.kernel),
        [
            "LoadTiled",
            "LoadTiled",
            "LoadGlobal",
            "TensorContraction",
            "Assign",
            "StoreGlobal"
        ]
    );
    assert_eq!(out.launch.as_ref().unwrap().workgroup_size, 64);
    let regs = out
        .coordinates
        .nodes()
        .filter(|(_, d)| matches!(d.kind, DimKind::Registers { .. }))
        .count();
    assert_eq!(regs, 3, "C, the contraction result and D");
    assert!(transforms::lower_tiles(
        &g,
        &Params {
            thread_tile: [3, 2],
            ..Params::default()
        },
        &Arch::default()
    )
    .is_err());
}

#[test]
fn lower_contraction_makes_a_k_loop() {
    let (_, g) = gemm_graph();
    let g = transforms::lower_tiles(&g, &Params::default(), &Arch::default()).unwrap();
    let out = transforms::lower_contraction(&g, &Params::default()).unwrap();
    out.verify().unwrap();
    assert_eq!(
        kinds(&out, out.kernel),
        ["LoadGlobal", "Assign", "ForLoop", "Assign", "StoreGlobal"]
    );
    let lp = out.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }))[0];
    assert_eq!(kinds(&out, lp), ["LoadGlobal", "LoadGlobal", "Multiply"]);
    let ControlOp::ForLoop { trip, .. } = out.op(lp).unwrap() else {
        panic!()
    };
    assert_eq!(trip.to_string(), "ceil(Tensor_t0_size_1 / 4)");
    // Without lower_tiles first the pass says so.
    let (_, raw) = gemm_graph();
    assert!(transforms::lower_contraction(&raw, &Params::default())
        .unwrap_err()
        .to_string()
        .contains("after lower_tiles"));
}

fn lowered_to_contraction() -> KernelGraph {
    let (_, g) = gemm_graph();
    let g = transforms::lower_tiles(&g, &Params::default(), &Arch::default()).unwrap();
    transforms::lower_contraction(&g, &Params::default()).unwrap()
}

#[test]
fn add_lds_stages_operands() {
    let g = lowered_to_contraction();
    let out = transforms::add_lds(&g, &Params::default()).unwrap();
    out.verify().unwrap();
    let lp = out.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }))[0];
    assert_eq!(
        kinds(&out, lp),
        [
            "LoadGlobal",
            "LoadGlobal",
            "StoreLds",
            "StoreLds",
            "Barrier",
            "LoadLds",
            "LoadLds",
            "Multiply",
            "Barrier"
        ]
    );
    let lds: Vec<u32> = out
        .coordinates
        .nodes()
        .filter_map(|(_, d)| match d.kind {
            DimKind::Lds { elements, .. } => Some(elements),
            _ => None,
        })
        .collect();
    assert_eq!(lds, [16 * 4, 4 * 16]);
}

#[test]
fn prefetch_moves_the_first_tile_before_the_loop() {
    let g = transforms::add_lds(&lowered_to_contraction(), &Params::default()).unwrap();
    let out = transforms::prefetch(&g).unwrap();
    out.verify().unwrap();
    assert_eq!(
        kinds(&out, out.kernel),
        [
            "LoadGlobal",
            "Assign",
            "SetCoordinate",
            "ForLoop",
            "Assign",
            "StoreGlobal"
        ]
    );
    let lp = out.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }))[0];
    assert_eq!(
        kinds(&out, lp),
        [
            "StoreLds",
            "StoreLds",
            "Barrier",
            "SetCoordinate",
            "LoadLds",
            "LoadLds",
            "Multiply",
            "Barrier"
        ]
    );
    let next = out.body(lp).unwrap()[3];
    assert_eq!(kinds(&out, next), ["LoadGlobal", "LoadGlobal"]);
    let ControlOp::SetCoordinate { value, .. } = out.op(next).unwrap() else {
        panic!()
    };
    assert!(value.to_string().ends_with("+ 1)"), "{value}");
}

#[test]
fn unroll_copies_the_body() {
    let g = lowered_to_contraction();
    let out = transforms::unroll(&g, 3).unwrap();
    out.verify().unwrap();
    let lp = out.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }))[0];
    assert_eq!(
        kinds(&out, lp),
        ["SetCoordinate", "SetCoordinate", "SetCoordinate"]
    );
    for (k, s) in out.body(lp).unwrap().into_iter().enumerate() {
        assert_eq!(kinds(&out, s), ["LoadGlobal", "LoadGlobal", "Multiply"]);
        let ControlOp::SetCoordinate { value, .. } = out.op(s).unwrap() else {
            panic!()
        };
        assert_eq!(value, &Expr::lit(k as i64));
    }
    let ControlOp::ForLoop { trip, .. } = out.op(lp).unwrap() else {
        panic!()
    };
    assert_eq!(trip.to_string(), "ceil(ceil(Tensor_t0_size_1 / 4) / 3)");
    assert_eq!(count(&out, |o| matches!(o, ControlOp::Multiply { .. })), 3);
    assert!(transforms::unroll(&g, 17).is_err());
}

#[test]
fn fuse_loops_merges_linear_loops() {
    let mut c = Command::new();
    let x = c.tensor(1, DataType::F32);
    let y = c.tensor(1, DataType::F32);
    let lx = c.load_linear(x);
    let d = c.allocate_tag();
    let e = c.execute(
        &[lx],
        vec![XOp::Binary {
            dest: d,
            f: BinaryFn::Mul,
            a: lx,
            b: lx,
        }],
    );
    c.store_linear(e, y);
    let g = transforms::lower_linear(&translate(&c).unwrap(), &Params::default()).unwrap();
    assert_eq!(kinds(&g, g.kernel), ["ForLoop", "ForLoop", "ForLoop"]);
    // Unfused, the product reads a value of another loop: a clear error.
    let e = silk_kernel::codegen::generate(&g).unwrap_err().to_string();
    assert!(e.contains("defined in another loop"), "{e}");
    let out = transforms::fuse_loops(&g).unwrap();
    out.verify().unwrap();
    assert_eq!(kinds(&out, out.kernel), ["ForLoop"]);
    let lp = out.body(out.kernel).unwrap()[0];
    assert_eq!(kinds(&out, lp), ["LoadGlobal", "Assign", "StoreGlobal"]);
    silk_kernel::codegen::generate(&out).unwrap();
}

#[test]
fn lower_matrix_makes_wave_tiles() {
    let (c, _) = gemm(&GemmSpec {
        input: DataType::F16,
        ..GemmSpec::default()
    });
    let g = translate(&c).unwrap();
    let params = Params {
        matrix: Some([16, 16, 16]),
        macro_tile: [32, 64],
        waves: [2, 1],
        depth_k: 32,
        ..Params::default()
    };
    let arch = Arch::of(silk_amdgpu::target::Processor::Gfx942);
    let tiled = transforms::lower_tiles(&g, &params, &arch).unwrap();
    let t = tiled.tiling.clone().unwrap();
    let m = t.matrix.clone().unwrap();
    assert_eq!(
        (m.blocks, tiled.launch.as_ref().unwrap().workgroup_size),
        ([1, 4], 128)
    );
    // FMA lowering refuses a matrix distribution.
    assert!(transforms::lower_contraction(&tiled, &params).is_err());
    let out = transforms::lower_matrix(&tiled, &params).unwrap();
    out.verify().unwrap();
    let lp = out.find_ops(|o| matches!(o, ControlOp::ForLoop { .. }))[0];
    assert_eq!(
        kinds(&out, lp),
        ["LoadGlobal", "LoadGlobal", "MatrixMultiply"]
    );
    // A: (block, K step, lane element) = 1 x 2 x 4 per lane; the
    // accumulator 1 x 4 blocks x 4 elements.
    let shape = |n: NodeId| match &out.dim(n).unwrap().kind {
        DimKind::Registers { dims, .. } => dims
            .iter()
            .map(|d| out.dim(*d).unwrap().literal_size().unwrap())
            .collect::<Vec<_>>(),
        k => panic!("{k:?}"),
    };
    let ControlOp::MatrixMultiply { a, b, acc, .. } =
        out.op(out.body(lp).unwrap()[2]).unwrap().clone()
    else {
        panic!()
    };
    assert_eq!(
        (shape(a), shape(b), shape(acc)),
        (vec![1, 2, 4], vec![4, 2, 4], vec![1, 4, 4])
    );
    assert_eq!(out.tiling.as_ref().unwrap().operands.len(), 2);
    // WMMA has no f32 inputs; the default (no matrix unit) has nothing.
    let f32_cmd = gemm(&GemmSpec::default()).0;
    let e = transforms::lower_tiles(
        &translate(&f32_cmd).unwrap(),
        &params,
        &Arch::of(silk_amdgpu::target::Processor::Gfx1100),
    )
    .unwrap_err();
    assert!(e.to_string().contains("no 16x16x16 F32"), "{e}");
    assert!(transforms::lower(&g, &params).is_err());
}
