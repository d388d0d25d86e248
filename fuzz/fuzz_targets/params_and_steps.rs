//! Parameter parsing and validation, then both models stepped with every iterate checked.
//!
//! Invariants: no panic; a rejected value leaves the parameters unchanged; no NaN or
//! infinity in any state or iterate; every step ends within its Newton cap; the IPC ball is
//! strictly in front of the wall at every iterate; every error message is one short line.
#![no_main]

use arbitrary::Arbitrary;
use ipc_wall::integrator::MAX_NEWTON_ITERATIONS;
use ipc_wall::params::Field;
use ipc_wall::{Horizon, Model, Params, Simulation};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Edit {
    /// Any bit pattern, NaN and infinities included.
    Raw { field: u8, value: f64 },
    /// Text as the CLI, the URL or postMessage would hand it over.
    Text { name: String, text: String },
}

#[derive(Arbitrary, Debug)]
struct Input {
    edits: Vec<Edit>,
    steps: u8,
}

fuzz_target!(|input: Input| {
    let mut p = Params::default();
    for edit in &input.edits {
        let before = p;
        let result = match edit {
            Edit::Raw { field, value } => {
                let field = Field::ALL[usize::from(*field) % Field::ALL.len()];
                Some(p.set(field, *value))
            }
            Edit::Text { name, text } => text.trim().parse::<f64>().ok().map(|v| p.set_named(name, v)),
        };
        match result {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                assert_eq!(p, before, "a rejected value changed the parameters");
                // One short line, whatever the value (1e300, 5e-324) or name (any length).
                let msg = e.to_string();
                assert!(msg.chars().count() <= 200 && !msg.contains('\n'), "{msg:?}");
            }
            None => assert_eq!(p, before),
        }
    }
    assert!(p.validate().is_ok());
    // Keep an execution short: the cap on steps is what the fixed-length table uses.
    let steps = u32::from(input.steps).max(1);
    for model in Model::BOTH {
        let mut sim = Simulation::new(&p, model, Horizon::Steps(steps)).with_trace();
        while let Some(r) = sim.step() {
            assert!(r.newton_iterations >= 1 && r.newton_iterations <= MAX_NEWTON_ITERATIONS);
            for v in [r.x, r.v, r.x_tilde, r.energy, r.distance] {
                assert!(v.is_finite(), "{r:?} at {p:?}");
            }
            for it in sim.iterates() {
                for v in [it.x, it.energy, it.gradient, it.dx, it.distance, it.alpha] {
                    assert!(v.is_finite(), "{it:?} at {p:?}");
                }
                if model == Model::Ipc {
                    assert!(it.x < p.wall, "IPC iterate touched the wall: {it:?} at {p:?}");
                }
            }
            if model == Model::Ipc {
                assert!(r.x < p.wall, "IPC ball touched the wall: {r:?} at {p:?}");
            }
        }
    }
});
