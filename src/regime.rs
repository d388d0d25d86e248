//! The regime map: two models' outcomes over launch speed × time step, on log axes, for the
//! current k, d̂, κ and wall (by default the article's two, penalty and IPC; any of the four
//! models in either panel). Filled progressively so the page never blocks a frame, whole or in
//! parts of interleaved rows that two workers compute side by side.

use crate::model::Model;
use crate::params::{Field, Params};
use crate::sim::{throw, throw_both, throw_both_lanes, throw_lanes, Horizon, Outcome, ThrowResult};

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

/// One cell: each panel's model thrown until decided at the cell's v0 and h, in the order of
/// [`RegimeMap::models`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell(pub [ThrowResult; 2]);

impl Cell {
    /// Whether panel `p`'s ball went through.
    pub fn through(&self, p: usize) -> bool {
        self.0[p].outcome == Outcome::Through
    }

    /// Panel `p`'s ball's closest approach to the front face [m]: positive in front, zero
    /// touching, negative when it got into the wall.
    pub fn gap(&self, p: usize) -> f64 {
        -self.0[p].xmax_minus_wall
    }
}

/// The rows of the map a part computes: rows `j` with `j % stride == offset`. Interleaved, not
/// contiguous, because a row's cost depends strongly on its h: each part gets its share of the
/// slow rows, so parts computed side by side (one per worker) finish together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    offset: usize,
    stride: usize,
}

impl Rows {
    /// Every row: the whole map.
    pub const ALL: Rows = Rows { offset: 0, stride: 1 };

    /// Rows `offset`, `offset + stride`, …; `None` unless `offset < stride`.
    pub fn new(offset: usize, stride: usize) -> Option<Self> {
        (offset < stride).then_some(Self { offset, stride })
    }

    pub fn offset(&self) -> usize {
        self.offset
    }

    pub fn stride(&self) -> usize {
        self.stride
    }

    /// How many of the `n` rows of a map are in this part.
    pub fn count(&self, n: usize) -> usize {
        (n + self.stride - 1 - self.offset) / self.stride
    }

    /// The map's row of this part's `r`-th row.
    pub fn row(&self, r: usize) -> usize {
        self.offset + r * self.stride
    }

    /// This part's row index of the map's row `j`, if `j` is one of its rows.
    pub fn index(&self, j: usize) -> Option<usize> {
        (j % self.stride == self.offset).then(|| j / self.stride)
    }
}

/// A v0 × h map, filled row by row (h outer, v0 inner): the whole map, or only some of its rows
/// (a part, see [`Rows`]), whose cells are bit for bit those of the whole map.
#[derive(Clone, Debug)]
pub struct RegimeMap {
    params: Params,
    models: [Model; 2],
    pub v0: LogAxis,
    pub h: LogAxis,
    rows: Rows,
    cells: Vec<Cell>,
}

impl RegimeMap {
    /// An empty `n × n` map of the article's two models over the figure's slider ranges of
    /// v0 and h.
    pub fn new(params: &Params, n: usize) -> Self {
        Self::with_models(params, n, Model::BOTH)
    }

    /// An empty `n × n` map of `models` (left panel, right panel).
    pub fn with_models(params: &Params, n: usize, models: [Model; 2]) -> Self {
        let n = n.max(1);
        let (rv, rh) = (Field::V0.figure_range(), Field::H.figure_range());
        Self {
            params: *params,
            models,
            v0: LogAxis { min: rv.min, max: rv.max, n },
            h: LogAxis { min: rh.min, max: rh.max, n },
            rows: Rows::ALL,
            cells: Vec::with_capacity(n * n),
        }
    }

    /// This empty map reduced to the part of its rows `rows`.
    pub fn part(self, rows: Rows) -> Self {
        let cells = Vec::with_capacity(self.v0.n * rows.count(self.h.n));
        Self { rows, cells, ..self }
    }

    /// The parameters of cell `(i, j)`: v0 from column `i`, h from row `j`.
    pub fn cell_params(&self, i: usize, j: usize) -> Params {
        Params { v0: self.v0.value(i), h: self.h.value(j), ..self.params }
    }

    /// The parameters of this part's `idx`-th cell (row-major over its rows).
    fn nth_params(&self, idx: usize) -> Params {
        self.cell_params(idx % self.v0.n, self.rows.row(idx / self.v0.n))
    }

    /// Computes up to `max_cells` more cells; returns whether the map (or part) is complete.
    pub fn fill(&mut self, max_cells: usize) -> bool {
        let mut left = max_cells.min(self.cell_count() - self.cells.len());
        while left >= LANES {
            let idx = self.cells.len();
            let params = std::array::from_fn(|k| self.nth_params(idx + k));
            let cells = self.lanes(&params);
            self.cells.extend(cells);
            left -= LANES;
        }
        for _ in 0..left {
            let p = self.nth_params(self.cells.len());
            let cell = self.one(&p);
            self.cells.push(cell);
        }
        self.is_complete()
    }

    /// [`LANES`] cells side by side. The article's pair shares its approach ([`throw_both`]);
    /// any other pair flies each model's lanes on their own.
    fn lanes(&self, params: &[Params; LANES]) -> [Cell; LANES] {
        let h = Horizon::UntilDecided;
        if self.models == Model::BOTH {
            return throw_both_lanes::<LANES>(params, h).map(Cell);
        }
        let [a, b] = self.models;
        let left = throw_lanes::<LANES>(params, a, h);
        let right = if b == a { left } else { throw_lanes::<LANES>(params, b, h) };
        std::array::from_fn(|k| Cell([left[k], right[k]]))
    }

    fn one(&self, p: &Params) -> Cell {
        let h = Horizon::UntilDecided;
        if self.models == Model::BOTH {
            return Cell(throw_both(p, h));
        }
        Cell(self.models.map(|m| throw(p, m, h)))
    }

    pub fn is_complete(&self) -> bool {
        self.cells.len() == self.cell_count()
    }

    /// How many cells the map (or part) has when complete.
    pub fn cell_count(&self) -> usize {
        self.v0.n * self.rows.count(self.h.n)
    }

    /// The cells computed so far, row-major over this part's rows (index `r · n_v0 + i` for its
    /// `r`-th row; the whole map's `j · n_v0 + i`).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Cell `(i, j)` of the map, if computed and in this part.
    pub fn cell(&self, i: usize, j: usize) -> Option<&Cell> {
        let r = self.rows.index(j)?;
        (i < self.v0.n).then(|| self.cells.get(r * self.v0.n + i)).flatten()
    }

    /// The rows this map computes.
    pub fn rows(&self) -> Rows {
        self.rows
    }

    /// The parameters the map was made for.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The models of the left and right panels.
    pub fn models(&self) -> [Model; 2] {
        self.models
    }
}
