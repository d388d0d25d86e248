// The three numbers to measure before adding a barrier (#numbers), a panel of the figure (see
// main.js "panels"): one step against the wall (v·h against W, with bars), d̂ against the gap
// IPC kept, and the most Newton iterations of a step, each with its verdict from the core.

import * as api from './api.js';
import { t, getLang, fmtGap, fmtLength, fmtSig } from './i18n.js';
import { setTextOf } from './readouts.js';

const $ = (id) => document.getElementById(id);

/** Number 1: one step v·h against the wall's thickness W, in words and as two bars. */
function updateStepAgainstWall(p) {
  const { vh, ratio, over_half: over } = api.guard((f) => f.stepAgainstWall());
  setTextOf('n-vh', t('numbers.vh.value', { vh: fmtLength(vh, 3) }));
  setTextOf('n-vh-ratio', t('numbers.vh.ratio', { w: fmtLength(p.thickness, 3), ratio: fmtSig(ratio, 2) }));
  setTextOf('n-vh-verdict', over ? t('numbers.vh.over') : t('numbers.vh.under'));
  setTextOf('n-vh-card', over ? 'over' : 'under', 'data-verdict');
  // Bars: one step against the wall, on a common scale.
  const scale = Math.max(vh, p.thickness) * 1.05;
  $('bar-step').style.width = `${(100 * vh) / scale}%`;
  $('bar-wall').style.width = `${(100 * p.thickness) / scale}%`;
  $('bar-half').style.left = `${(50 * p.thickness) / scale}%`;
}

/** Numbers 2 and 3: d̂ and IPC's gap; the most Newton iterations of a step, so far or final. */
function updateGapAndNewton(s) {
  const p = s.params;
  setTextOf('n-dhat', t('numbers.dhat.value', { dhat: fmtLength(p.dhat, 3) }));
  const gapKnown = s.ipc.outcome !== 'flying';
  setTextOf('n-gap', t('numbers.dhat.gap', { gap: gapKnown ? fmtGap(-s.ipc.xmax_minus_wall_m) : t('numbers.pending') }));
  const decided = s.ipc.outcome !== 'flying' && s.penalty.outcome !== 'flying';
  setTextOf('n-newton', t('numbers.newton.value', { ipc: s.ipc.newton_most, pen: s.penalty.newton_most }));
  setTextOf('n-newton-sub', t('numbers.newton.sub', { s: fmtSig(p.ccd_safety, 3), sofar: decided ? '' : t('numbers.sofar') }));
  setTextOf('n-newton-note', t('numbers.newton.note', { pct: `${fmtSig(p.ccd_safety * 100, 3)} %` }));
  setTextOf('numbers', decided ? 'yes' : 'no', 'data-decided');
}

/** The panel (`root`: #numbers). `figure` gives the restarts. */
export function mount(root, figure) {
  return {
    /** What the numbers say: the throw, its steps, the language. */
    key(state) {
      const steps = state.models.map((m) => state[m].steps).join('/');
      return `${figure.restarts()}|${steps}|${getLang()}`;
    },
    update(state) {
      updateStepAgainstWall(state.params);
      updateGapAndNewton(state);
    },
    relabel() {},
    resize() {},
  };
}
