//! The regime map: both balls' outcomes over launch speed × time step, on log axes, for the
//! current k, d̂, κ and wall. Filled progressively so the page never blocks a frame.

use crate::params::{Field, Params};
use crate::sim::{throw_both, throw_both_lanes, Horizon, Outcome, ThrowResult};

/// Neighbouring cells computed side by side (see [`crate::sim::coast_lanes`]). Neighbours
/// in a row have nearly the same approach length, so the lanes finish together.
pub const LANES: usize = 4;

/// A log-spaced axis of `n` cells over `[min, max]`; cell `i` is sampled at its centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogAxis {
    pub min: f64,
    pub max: f64,
    pub n: usize,
}

impl LogAxis {
    /// The value at the centre of cell `i`.
    pub fn value(&self, i: usize) -> f64 {
        let t = (i as f64 + 0.5) / self.n as f64;
        self.min * (self.max / self.min).powf(t)
    }

    /// The cell containing `value`, clamped to the axis.
    pub fn cell(&self, value: f64) -> usize {
        let t = (value / self.min).ln() / (self.max / self.min).ln();
        ((t * self.n as f64).floor().max(0.0) as usize).min(self.n - 1)
    }
}

/// One cell: both throws, run until decided, at the cell's v0 and h.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub penalty: ThrowResult,
    pub ipc: ThrowResult,
}

impl Cell {
    /// Whether the red ball went through.
    pub fn penalty_through(&self) -> bool {
        self.penalty.outcome == Outcome::Through
    }

    /// The green ball's closest approach to the wall [m].
    pub fn ipc_gap(&self) -> f64 {
        -self.ipc.xmax_minus_wall
    }
}

/// A v0 × h map, filled row by row (h outer, v0 inner).
#[derive(Clone, Debug)]
pub struct RegimeMap {
    params: Params,
    pub v0: LogAxis,
    pub h: LogAxis,
    cells: Vec<Cell>,
}

impl RegimeMap {
    /// An empty `n × n` map over the figure's slider ranges of v0 and h.
    pub fn new(params: &Params, n: usize) -> Self {
        let n = n.max(1);
        let (rv, rh) = (Field::V0.figure_range(), Field::H.figure_range());
        Self {
            params: *params,
            v0: LogAxis { min: rv.min, max: rv.max, n },
            h: LogAxis { min: rh.min, max: rh.max, n },
            cells: Vec::with_capacity(n * n),
        }
    }

    /// The parameters of cell `(i, j)`: v0 from column `i`, h from row `j`.
    pub fn cell_params(&self, i: usize, j: usize) -> Params {
        Params { v0: self.v0.value(i), h: self.h.value(j), ..self.params }
    }

    /// Computes up to `max_cells` more cells; returns whether the map is complete.
    pub fn fill(&mut self, max_cells: usize) -> bool {
        let total = self.v0.n * self.h.n;
        let mut left = max_cells.min(total - self.cells.len());
        while left >= LANES {
            let idx = self.cells.len();
            let params =
                std::array::from_fn(|k| self.cell_params((idx + k) % self.v0.n, (idx + k) / self.v0.n));
            let results = throw_both_lanes::<LANES>(&params, Horizon::UntilDecided);
            self.cells.extend(results.map(|[penalty, ipc]| Cell { penalty, ipc }));
            left -= LANES;
        }
        for _ in 0..left {
            let idx = self.cells.len();
            let p = self.cell_params(idx % self.v0.n, idx / self.v0.n);
            let [penalty, ipc] = throw_both(&p, Horizon::UntilDecided);
            self.cells.push(Cell { penalty, ipc });
        }
        self.is_complete()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.len() == self.v0.n * self.h.n
    }

    /// The cells computed so far, row-major (index `j · n_v0 + i`).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Cell `(i, j)`, if computed.
    pub fn cell(&self, i: usize, j: usize) -> Option<&Cell> {
        self.cells.get(j * self.v0.n + i)
    }

    /// The parameters the map was made for.
    pub fn params(&self) -> &Params {
        &self.params
    }
}
