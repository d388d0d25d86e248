// Beyond the article (issue 4): presets for its claims, the solver's own trace, the throw over
// time (x(t) and Newton iterations per step), the regime map, and its table, live.
//
// main.js calls setupExtras() once and updateExtras() from its one requestAnimationFrame loop;
// this module owns its DOM (#presets and #extras) and talks to the figure through
// window.ipcWall (the same path as an embedding page) and api.guard. It also adds to
// window.ipcWall: iterates(model, step), trace(), regime().

import * as api from './api.js';
import { t, onLangChange, applyStatic } from './i18n.js';
import { el } from './chart.js';
import { readColors } from './scene.js';
import { setupPresets } from './presets.js';
import { setupTrace } from './trace.js';
import { setupTimeline } from './timeline.js';
import { setupRegime } from './regime.js';
import { setupTable } from './table.js';
import { startOffload } from './offload.js';
import { inView } from './embed.js';
import { MODELS, readModelColors } from './models.js';

// The map fills until this long after the frame began (and always one group of cells), so
// the frame with everything else stays well inside 16 ms.
const FRAME_BUDGET_MS = 10;

let presets = null;
let trace = null;
let timeline = null;
let regime = null;
let table = null;
let offload = null;
let colors = null;
let dark = null;
let restarts = -1;
let started = 0; // panels started at load, one per frame (see updateExtras)
let shown = null; // which panels the page's view (?view=) shows: only those are updated

// Every step's position and Newton count, appended as the throw advances.
const history = Object.fromEntries(MODELS.map(({ name }) => [name, { x: new Float64Array(256), n: new Uint32Array(256), len: 0 }]));

function updateHistory(state) {
  for (const m of state.models) {
    const hs = history[m];
    const steps = state[m].steps;
    if (steps < hs.len) hs.len = 0;
    if (steps === hs.len) continue;
    const xs = api.guard((f) => f.positionsFrom(m, hs.len));
    const ns = api.guard((f) => f.newtonCountsFrom(m, hs.len));
    const need = hs.len + xs.length;
    if (need > hs.x.length) {
      const size = Math.max(2 * hs.x.length, need);
      const x = new Float64Array(size);
      const n = new Uint32Array(size);
      x.set(hs.x.subarray(0, hs.len));
      n.set(hs.n.subarray(0, hs.len));
      hs.x = x;
      hs.n = n;
    }
    hs.x.set(xs, hs.len);
    hs.n.set(ns, hs.len);
    hs.len = need;
  }
}

/** The step with the most Newton iterations (the first of them): the impact step. */
function impactStep(model) {
  updateHistory(window.ipcWall.getState());
  const hs = history[model];
  let best = 0;
  for (let i = 0; i < hs.len; i++) if (hs.n[i] > (best ? hs.n[best - 1] : 0)) best = i + 1;
  return best;
}

/** The kept step of `model` with the most CCD-clipped iterations (the first of them), or 0. */
function clippedStep(model) {
  updateHistory(window.ipcWall.getState());
  const hs = history[model];
  let best = 0;
  let most = 0;
  // Only the latest 4096 steps keep iterates; free flight (2 iterations) never clips.
  for (let i = Math.max(0, hs.len - 4096); i < hs.len; i++) {
    if (hs.n[i] <= 2) continue;
    const clipped = api.guard((f) => f.iterates(model, i + 1)).filter((it) => it.ccd_clipped).length;
    if (clipped > most) {
      most = clipped;
      best = i + 1;
    }
  }
  return best;
}

/** Sets parameters the way window.ipcWall.set does, then plays (or, with reduced motion,
 * runs to the end). */
function throwWith(partial) {
  window.ipcWall.set(partial);
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) window.ipcWall.runToEnd();
  else window.ipcWall.play();
}

export function setupExtras() {
  const presetsRoot = document.getElementById('presets');
  const extrasRoot = document.getElementById('extras');
  presets = setupPresets(presetsRoot);

  const traceRoot = el('section', { class: 'panel trace', id: 'trace', 'aria-labelledby': 'trace-title', 'data-views': 'full trace' });
  const timelineCanvas = el('canvas', { id: 'timeline', role: 'img', 'data-i18n-label': 'timeline.alt' });
  const timelineRoot = el(
    'section',
    { class: 'panel timeline', id: 'timeline-panel', 'aria-labelledby': 'timeline-title', 'data-views': 'full timeline' },
    el('h2', { id: 'timeline-title', 'data-i18n': 'timeline.title' }),
    timelineCanvas,
    el('p', { class: 'hint', id: 'timeline-hint', 'data-i18n': 'timeline.hint' }),
  );
  const regimeRoot = el('section', { class: 'panel regime', id: 'regime', 'aria-labelledby': 'regime-title', 'data-views': 'full map' });
  const tableRoot = el('section', { class: 'panel table', id: 'table', 'aria-labelledby': 'table-title', 'data-views': 'full table' });
  extrasRoot.append(el('div', { class: 'solver' }, traceRoot, timelineRoot), regimeRoot, tableRoot);
  shown = { presets: inView(presetsRoot), trace: inView(traceRoot), timeline: inView(timelineRoot), regime: inView(regimeRoot), table: inView(tableRoot) };
  // Embedded in the article, the whole figure stays compact: these panels wait behind one
  // button (the iframe grows through the resize message when they open). A view of one of
  // them shows it at once.
  if (document.documentElement.classList.contains('embed') && inView(presetsRoot)) {
    const toggle = el('button', {
      type: 'button',
      id: 'extras-toggle',
      class: 'extras-toggle',
      'aria-expanded': 'false',
      'aria-controls': 'extras',
      'data-i18n': 'extras.more',
      text: t('extras.more'),
    });
    toggle.addEventListener('click', () => {
      const open = extrasRoot.hidden;
      extrasRoot.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
    });
    extrasRoot.hidden = true;
    extrasRoot.before(toggle);
  }

  // The energy plot shows that step of both balls, each on its own x̃ with its iterates.
  const showStep = (model, step) => window.ipcWall.showStep(step);
  trace = setupTrace(traceRoot, { onPick: showStep, impactStep, clippedStep });
  timeline = setupTimeline(timelineCanvas, { onPick: (step) => trace.pick(trace.selection().model, step) });
  offload = startOffload(api.compiled());
  regime = setupRegime(regimeRoot, { onSet: throwWith, offload });
  table = setupTable(tableRoot, { offload });

  applyStatic(presetsRoot);
  applyStatic(extrasRoot);
  onLangChange(() => {
    presets.relabel();
    trace.relabel();
    timeline.invalidate();
    regime.relabel();
    table.relabel();
  });

  Object.assign(window.ipcWall, {
    /** The Newton iterates of step `step` (1-based; 0: the latest) of `model`, from the core. */
    iterates: (model, step = 0) => api.guard((f) => f.iterates(model, step)),
    /** The trace panel's step: {model, step, follow, x_tilde}. */
    trace: () => trace.selection(),
    /** The regime map: {n, complete, progress, fill_ms, cell(i, j), cellOf(v0, h), v0At(i),
     * hAt(j), plot()}. */
    regime: () => regime.api(),
  });
}

/** The figure's loop stopped (out of view, hidden tab) or runs again: so does the worker. */
export function pauseExtras(paused) {
  offload?.pause(paused);
}

/**
 * Once per animation frame, after the figure's own updates. `frameStart` is the
 * performance.now() at which the frame's work began; `restarted` counts restarts. Returns
 * whether every panel has started drawing.
 */
export function updateExtras({ state, restarts: r, dark: d, frameStart }) {
  if (!state || api.isDead()) return;
  const restarted = r !== restarts;
  restarts = r;
  if (restarted) {
    for (const hs of Object.values(history)) hs.len = 0;
  }
  if (!colors || d !== dark) {
    dark = d;
    colors = { ...readColors(), ...readModelColors() };
    timeline.invalidate();
  }
  updateHistory(state);
  if (shown.presets) presets.update(state);
  trace.update(state, restarted); // also what the energy plot shows of a picked step
  // At load the panels start one per frame, so that no frame is one long task.
  if (started < 3) started += 1;
  const sel = trace.selection();
  if (shown.timeline) {
    // The legend in words names the four balls while the "both halves" switch is on.
    const hint = document.getElementById('timeline-hint');
    const hintKey = state.halves ? 'timeline.hintHalves' : 'timeline.hint';
    if (hint.dataset.i18n !== hintKey) {
      hint.dataset.i18n = hintKey;
      hint.textContent = t(hintKey);
    }
    const lens = state.models.map((m) => history[m].len).join('|');
    timeline.update({ history, models: state.models, params: state.params, colors, selected: sel }, `${r}|${lens}|${sel.step}|${sel.follow}|${sel.model}`);
  }
  if (started >= 2 && shown.table) table.update(state);
  if (started >= 3 && shown.regime) regime.update(state, colors, frameStart + FRAME_BUDGET_MS);
  return started >= 3;
}
