//! A model is data: a contact energy crossed with a line search. [`Model::spec`] is the one
//! table that says what each model is; nothing else matches on a model.

use crate::ccd::collision_free_stepsize;
use crate::energy::ContactKind;

/// How a model's line search chooses its first α.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineSearch {
    /// The article's backtracking from α = 1: only the step's endpoint is evaluated.
    Backtracking,
    /// IPC's: α starts at CCD's largest safe step ([`crate::ccd::collision_free_stepsize`]),
    /// then backtracks.
    CcdFiltered,
}

impl LineSearch {
    /// The α this search starts from along `dx` at `x`, if not 1: CCD's largest safe step
    /// against the front face at `wall` (safety factor `ccd_safety`) for a CCD-filtered search.
    pub fn first_alpha(self, x: f64, dx: f64, wall: f64, ccd_safety: f64) -> Option<f64> {
        match self {
            LineSearch::Backtracking => None,
            LineSearch::CcdFiltered => collision_free_stepsize(x, dx, wall, ccd_safety),
        }
    }
}

/// Which contact model a ball uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// `½ k p²` inside the wall, plain backtracking: the red ball.
    Penalty,
    /// IPC's log barrier with CCD: the green ball.
    Ipc,
    /// The barrier of the unsigned distance, plain backtracking: the first half alone.
    BarrierAlone,
    /// Penalty energy with IPC's CCD-filtered line search: the second half alone.
    CcdAlone,
}

/// What a model is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelSpec {
    /// As in the CSV, the link and the JS API.
    pub name: &'static str,
    /// The CLI table's column heading.
    pub short: &'static str,
    pub contact: ContactKind,
    pub line_search: LineSearch,
}

const SPECS: [ModelSpec; 4] = [
    ModelSpec {
        name: "penalty",
        short: "pen",
        contact: ContactKind::Penalty,
        line_search: LineSearch::Backtracking,
    },
    ModelSpec {
        name: "ipc",
        short: "IPC",
        contact: ContactKind::Barrier,
        line_search: LineSearch::CcdFiltered,
    },
    ModelSpec {
        name: "barrier-alone",
        short: "barrier alone",
        contact: ContactKind::UnsignedBarrier,
        line_search: LineSearch::Backtracking,
    },
    ModelSpec {
        name: "ccd-alone",
        short: "CCD alone",
        contact: ContactKind::Penalty,
        line_search: LineSearch::CcdFiltered,
    },
];

impl Model {
    /// The article's two models, penalty first (the order of its columns).
    pub const BOTH: [Model; 2] = [Model::Penalty, Model::Ipc];
    /// The 2×2 of "both halves of the guarantee": the article's two, then the halves alone.
    pub const ALL: [Model; 4] = [Model::Penalty, Model::Ipc, Model::BarrierAlone, Model::CcdAlone];

    /// Its contact energy and line search.
    pub fn spec(self) -> &'static ModelSpec {
        &SPECS[self as usize]
    }

    /// `"penalty"`, `"ipc"`, `"barrier-alone"` or `"ccd-alone"`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The model called `name`, if any.
    pub fn from_name(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_all() {
        for (i, m) in Model::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(Model::from_name(m.name()), Some(m));
        }
        assert_eq!(Model::from_name("IPC"), None);
    }

    #[test]
    fn the_halves_each_take_one_ingredient_of_ipc() {
        let (ipc, pen) = (Model::Ipc.spec(), Model::Penalty.spec());
        assert_eq!(Model::BarrierAlone.spec().line_search, pen.line_search);
        assert_eq!(Model::CcdAlone.spec().line_search, ipc.line_search);
        assert_eq!(Model::CcdAlone.spec().contact, pen.contact);
        assert_ne!(Model::BarrierAlone.spec().contact, ipc.contact);
    }
}
