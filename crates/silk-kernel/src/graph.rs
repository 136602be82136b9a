//! A directed hypergraph: each edge goes from an ordered tail set of nodes
//! to an ordered head set. The coordinate graph uses it with many-to-many
//! edges, the control graph with one-to-one edges.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(pub u32);

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeId(pub u32);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Edge<E> {
    pub kind: E,
    pub src: Vec<NodeId>,
    pub dst: Vec<NodeId>,
}

/// Nodes and edges live in slots; removing one leaves a hole so ids stay
/// stable through rewrites.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HyperGraph<N, E> {
    nodes: Vec<Option<N>>,
    edges: Vec<Option<Edge<E>>>,
}

impl<N, E> Default for HyperGraph<N, E> {
    fn default() -> Self {
        HyperGraph {
            nodes: vec![],
            edges: vec![],
        }
    }
}

impl<N: Clone, E: Clone> HyperGraph<N, E> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add_node(&mut self, n: N) -> NodeId {
        self.nodes.push(Some(n));
        NodeId(self.nodes.len() as u32 - 1)
    }

    pub fn add_edge(&mut self, kind: E, src: &[NodeId], dst: &[NodeId]) -> EdgeId {
        self.edges.push(Some(Edge {
            kind,
            src: src.to_vec(),
            dst: dst.to_vec(),
        }));
        EdgeId(self.edges.len() as u32 - 1)
    }

    pub fn node(&self, id: NodeId) -> Option<&N> {
        self.nodes.get(id.0 as usize).and_then(|n| n.as_ref())
    }

    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut N> {
        self.nodes.get_mut(id.0 as usize).and_then(|n| n.as_mut())
    }

    pub fn edge(&self, id: EdgeId) -> Option<&Edge<E>> {
        self.edges.get(id.0 as usize).and_then(|e| e.as_ref())
    }

    pub fn edge_mut(&mut self, id: EdgeId) -> Option<&mut Edge<E>> {
        self.edges.get_mut(id.0 as usize).and_then(|e| e.as_mut())
    }

    /// Remove a node and every edge touching it.
    pub fn remove_node(&mut self, id: NodeId) {
        if let Some(n) = self.nodes.get_mut(id.0 as usize) {
            *n = None;
        }
        for e in self.edges.iter_mut() {
            if e.as_ref()
                .is_some_and(|e| e.src.contains(&id) || e.dst.contains(&id))
            {
                *e = None;
            }
        }
    }

    pub fn remove_edge(&mut self, id: EdgeId) {
        if let Some(e) = self.edges.get_mut(id.0 as usize) {
            *e = None;
        }
    }

    pub fn nodes(&self) -> impl Iterator<Item = (NodeId, &N)> {
        self.nodes
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_ref().map(|n| (NodeId(i as u32), n)))
    }

    pub fn edges(&self) -> impl Iterator<Item = (EdgeId, &Edge<E>)> {
        self.edges
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|e| (EdgeId(i as u32), e)))
    }

    pub fn node_count(&self) -> usize {
        self.nodes().count()
    }

    pub fn edge_count(&self) -> usize {
        self.edges().count()
    }

    /// Edges whose tail contains `n`, with their kinds.
    pub fn out_edges(&self, n: NodeId) -> Vec<(EdgeId, &Edge<E>)> {
        self.edges().filter(|(_, e)| e.src.contains(&n)).collect()
    }

    /// Edges whose head contains `n`.
    pub fn in_edges(&self, n: NodeId) -> Vec<(EdgeId, &Edge<E>)> {
        self.edges().filter(|(_, e)| e.dst.contains(&n)).collect()
    }
}
