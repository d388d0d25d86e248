// The solver's own trace: every Newton iteration of one step of one ball, as the core recorded
// it (Figure.iterates): the distance to the wall, the Newton direction Δx, the step size α
// after the CCD clip and after backtracking, E and |∇E|. By default it follows the latest step;
// the reader can pick any earlier one (slider, arrows, "impact step"), which also shows that
// step's x̃ and iterates on the energy plot. Each number cell carries the exact value in
// data-v, so a test can hold the panel to the core's report.

import * as api from './api.js';
import { t, fmtSig, fmtPosition, getLang } from './i18n.js';
import { el, fmtSignedLength, fmtPrefixed, setText } from './chart.js';

import { MODELS as TABLE, MODEL_NAMES, look, paintMarker } from './models.js';
import { endWords } from './outcome.js';

/** α as read: up to 4 significant digits (0.9, 0.45, 0.05625). */
function fmtAlpha(a) {
  return fmtSig(a, 4);
}

const COLUMNS = ['trace.col.d', 'trace.col.dx', 'trace.col.alphaCcd', 'trace.col.alpha', 'trace.col.e', 'trace.col.g'];

/** The panel's elements: the balls' buttons (`modelButtons`, by model), the step slider and
 * its buttons, the jumps, the summary and the table. */
function build(root) {
  const modelButtons = new Map();
  const models = el('div', { class: 'seg', role: 'group', 'data-i18n-label': 'trace.model', 'aria-label': t('trace.model') });
  // Four buttons with the "both halves" switch: they wrap on a narrow screen.
  models.style.flexWrap = 'wrap';
  // A button per model; only those of the balls thrown are in the group (see showModels).
  for (const { name: m } of TABLE) {
    const b = el('button', { type: 'button', 'data-model': m, 'aria-pressed': String(m === MODEL_NAMES.at(-1)) });
    const shape = el('span', { class: `shape ${look(m).marker}`, 'aria-hidden': 'true' });
    paintMarker(shape, m);
    b.append(shape, el('span', { class: 'seg-label' }));
    modelButtons.set(m, b);
    if (MODEL_NAMES.includes(m)) models.append(b);
  }
  const icon = (key, text) => el('button', { type: 'button', class: 'icon-button', 'data-i18n-label': key, 'aria-label': t(key), text });
  const d = {
    models,
    modelButtons,
    range: el('input', { type: 'range', id: 'trace-step', name: 'trace-step', min: '1', max: '1', step: '1', value: '1' }),
    rangeLabel: el('label', { for: 'trace-step', class: 'trace-step-label' }),
    prev: icon('trace.prev', '◀'),
    next: icon('trace.next', '▶'),
    latest: el('button', { type: 'button', id: 'trace-latest', 'aria-pressed': 'true' }),
    impact: el('button', { type: 'button', id: 'trace-impact' }),
    clip: el('button', { type: 'button', id: 'trace-clipped' }),
    summary: el('p', { class: 'trace-summary', id: 'trace-summary' }),
    table: el('table', { class: 'trace-table', id: 'trace-table' }),
    empty: el('p', { class: 'hint trace-empty', hidden: true }),
  };
  const step = el('div', { class: 'trace-step' }, d.rangeLabel, el('div', { class: 'trace-nav' }, d.prev, d.range, d.next));
  root.append(
    el('h2', { id: 'trace-title', 'data-i18n': 'trace.title', text: t('trace.title') }),
    el('div', { class: 'trace-controls' }, models, step, el('div', { class: 'trace-jumps' }, d.latest, d.impact, d.clip)),
    d.summary,
    el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'data-i18n-label': 'trace.tableLabel', 'aria-label': t('trace.tableLabel') }, d.table),
    d.empty,
    el('p', { class: 'hint', 'data-i18n': 'trace.legend', text: t('trace.legend') }),
  );
  return d;
}

/** The controls' words and state for ball `m` at step `step` of `steps`. */
function labelControls(d, m, step, steps, follow) {
  for (const [k, b] of d.modelButtons) setText(b.querySelector('.seg-label'), t(`ball.${k}`));
  const at = (e, prop, v) => e[prop] !== v && (e[prop] = v);
  at(d.range, 'max', String(Math.max(1, steps)));
  at(d.range, 'value', String(Math.max(1, step)));
  at(d.range, 'disabled', steps === 0);
  at(d.prev, 'disabled', steps === 0 || step <= 1);
  at(d.next, 'disabled', steps === 0 || step >= steps);
  const where = steps ? t('trace.stepOf', { step, steps }) : t('trace.noStep');
  setText(d.rangeLabel, where);
  setText(d.range, where, 'aria-valuetext');
  setText(d.latest, t('trace.latest'));
  setText(d.latest, String(follow), 'aria-pressed');
  setText(d.impact, t('trace.impact'));
  at(d.impact, 'disabled', steps === 0);
  setText(d.clip, t('trace.clipped'));
  at(d.clip, 'hidden', !look(m).clipsByCcd);
}

/** A number cell: `textOut` shown, the exact value in data-v, its column in data-field. */
function cell(value, textOut, field) {
  const td = el('td', { class: field === 'distance' ? 'val d' : 'val', text: textOut });
  td.dataset.v = Object.is(value, -0) ? '-0' : String(value);
  td.dataset.field = field;
  return td;
}

/** One iterate's row: d, Δx, α after CCD (✂ when clipped), α (÷2^k: backtracking's
 * halvings, as the core counted them), E and |∇E|. */
function iterateRow(it, i) {
  const tr = el('tr', { 'data-it': String(i + 1) });
  if (it.ccd_clipped) tr.classList.add('clipped');
  if (it.converged) tr.classList.add('converged');
  tr.append(el('th', { scope: 'row', text: String(i + 1), 'data-label': t('trace.col.itLong') }));
  const k = it.halvings;
  const aText = it.converged ? '—' : `${fmtAlpha(it.alpha_ccd)}${it.ccd_clipped ? ' ✂' : ''}`;
  const alphaText = it.converged ? t('trace.converged') : k ? `${fmtAlpha(it.alpha)} (÷2${k > 1 ? `^${k}` : ''})` : fmtAlpha(it.alpha);
  const ac = cell(it.alpha_ccd, aText, 'alpha_ccd');
  ac.dataset.clipped = String(it.ccd_clipped);
  if (it.ccd_clipped) ac.title = t('trace.clippedTitle');
  const g = Math.abs(it.gradient);
  const cells = [
    cell(it.distance, fmtSignedLength(it.distance, 4), 'distance'),
    cell(it.dx, fmtSignedLength(it.dx, 4), 'dx'),
    ac,
    cell(it.alpha, alphaText, 'alpha'),
    cell(it.energy, fmtPrefixed(it.energy, 'J', 4), 'energy'),
    cell(g, fmtPrefixed(g, 'N', 3), 'gradient_abs'),
  ];
  COLUMNS.forEach((key, c) => (cells[c].dataset.label = t(key)));
  tr.append(...cells);
  return tr;
}

function renderTable(table, its) {
  const head = el('tr', {}, ...['trace.col.it', ...COLUMNS].map((k) => el('th', { scope: 'col', text: t(k) })));
  table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...its.map(iterateRow)));
}

/** The step in one paragraph: x̃, iterations, clips and where it ends, then (from the core's
 * TraceSummary) a Newton stopped at its cap and the geometric approach to the wall. */
function summaryText(step, xTilde, its, s, p) {
  const last = its[its.length - 1];
  let text = t('trace.summary', { step, xt: fmtPosition(xTilde), n: its.length, clipped: s.clipped, end: endWords(last.x, p) });
  if (!s.converged) text += ` ${t('trace.stuck', { n: its.length, g: fmtPrefixed(Math.abs(last.gradient), 'N', 3) })}`;
  if (s.approach_steps >= 2) {
    text += ` ${t('trace.geometric', { k: s.approach_steps, r: `${fmtSig(100 * s.approach_ratio, 2)} %`, s: `${fmtSig(100 * p.ccd_safety, 3)} %` })}`;
  }
  return text;
}

/** Shows step `step` of ball `m`: its rows and summary, or why there are none. */
function showStep(d, m, step, params) {
  if (step === 0) {
    d.table.replaceChildren();
    d.summary.textContent = t('trace.noStep');
    d.empty.hidden = true;
    return;
  }
  const its = api.guard((f) => f.iterates(m, step));
  const xTilde = api.guard((f) => f.stepXTilde(m, step));
  d.empty.hidden = its.length > 0;
  if (its.length === 0) {
    d.table.replaceChildren();
    d.empty.textContent = t('trace.notKept', { n: api.guard((_, g) => g.traceWindow()) });
    d.summary.textContent = t('trace.summaryShort', { step, xt: fmtPosition(xTilde) });
    return;
  }
  renderTable(d.table, its);
  d.summary.textContent = summaryText(step, xTilde, its, api.guard((f) => f.traceSummary(m, step)), params);
}

/**
 * The panel (`root`: its section). `figure` gives the state, the restarts and `showStep(step)`,
 * which shows a picked step on the energy plot.
 */
export function mount(root, figure) {
  const d = build(root);
  const sel = { model: MODEL_NAMES.at(-1), follow: true, step: 0 };
  let state = null;
  let shownKey = '';
  let controlsKey = '';

  function pickModel(m) {
    sel.model = m;
    for (const [k, b] of d.modelButtons) b.setAttribute('aria-pressed', String(k === m));
    if (!sel.follow) pick(Math.min(sel.step, state[m].steps), true);
    render(true);
  }

  /** The reader picked step `s` (1-based): stop following, show it on the energy plot. */
  function pick(s, quiet = false) {
    // The figure may have stepped since the last frame (runToEnd from the API).
    state = figure.state();
    const steps = state[sel.model].steps;
    if (steps === 0) return;
    sel.follow = false;
    sel.step = Math.max(1, Math.min(steps, s));
    if (!quiet) figure.showStep(sel.step);
    render(true);
  }

  /** A step the core's recorded throw names ("Most iterations", "Most CCD clips"). */
  const pickNamed = (ask) => () => {
    const s = api.guard((f) => f[ask](sel.model));
    if (s > 0) pick(s);
  };
  const shownStep = () => (sel.follow ? state[sel.model].steps : sel.step);
  for (const [m, b] of d.modelButtons) b.addEventListener('click', () => pickModel(m));
  d.range.addEventListener('input', () => pick(Number(d.range.value)));
  d.prev.addEventListener('click', () => pick(shownStep() - 1));
  d.next.addEventListener('click', () => pick(shownStep() + 1));
  d.latest.addEventListener('click', () => {
    sel.follow = true;
    render(true);
  });
  d.impact.addEventListener('click', pickNamed('mostNewtonStep'));
  d.clip.addEventListener('click', pickNamed('mostClippedStep'));

  /** Only the balls thrown have a button; a ball no longer thrown hands over to IPC's. */
  function showModels(names) {
    if (d.models.children.length !== names.length) d.models.replaceChildren(...names.map((k) => d.modelButtons.get(k)));
    if (!names.includes(sel.model)) pickModel(MODEL_NAMES.at(-1));
  }

  function currentStep() {
    return sel.follow ? state[sel.model].steps : Math.min(sel.step, state[sel.model].steps);
  }

  /** What the rows show: the ball, its step, its steps so far, following or not, d̂. */
  function renderKey() {
    const m = sel.model;
    return `${m}|${currentStep()}|${state[m].steps}|${sel.follow}|${state.params.dhat}`;
  }

  /** The controls' words and state: labelled on screen or off (they are read aloud). */
  function renderControls(force = false) {
    const key = `${renderKey()}|${getLang()}`;
    if (!force && key === controlsKey) return;
    controlsKey = key;
    labelControls(d, sel.model, currentStep(), state[sel.model].steps, sel.follow);
  }

  function render(force = false) {
    if (!state) return;
    const key = renderKey();
    if (!force && key === shownKey) return;
    shownKey = key;
    renderControls(force);
    showStep(d, sel.model, currentStep(), state.params);
  }

  let restarts = -1;
  return {
    /** The step's label and slider change with each step: while the figure is hurried they
     * wait their turn, and so does the step the timeline and window.ipcWall.trace() show. */
    stepWords: true,
    /** Off screen too: the step shown (window.ipcWall.trace()) and the balls' buttons; a new
     * throw is followed from its start. */
    keep(s) {
      state = s;
      showModels(s.models);
      if (figure.restarts() !== restarts) {
        restarts = figure.restarts();
        sel.follow = true;
        shownKey = '';
      }
      renderControls();
    },
    key: () => `${renderKey()}|${shownKey === '' ? 'stale' : ''}`,
    /** The rows of the step shown. */
    update() {
      render();
    },
    relabel() {
      render(true);
    },
    resize() {},
    /** The step shown: {model, step, follow, x_tilde}. */
    selection() {
      const step = state ? currentStep() : 0;
      const xTilde = step ? api.guard((f) => f.stepXTilde(sel.model, step)) : NaN;
      return { model: sel.model, step, follow: sel.follow, x_tilde: xTilde };
    },
    pick: (model, step) => {
      if (model !== sel.model) pickModel(model);
      pick(step);
    },
  };
}
