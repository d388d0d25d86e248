// The solver's own trace: every Newton iteration of one step of one ball, as the core recorded
// it (Figure.iterates): the distance to the wall, the Newton direction Δx, the step size α
// after the CCD clip and after backtracking, E and |∇E|. By default it follows the latest step;
// the reader can pick any earlier one (slider, arrows, "impact step"), which also shows that
// step's x̃ and iterates on the energy plot. Each number cell carries the exact value in
// data-v, so a test can hold the panel to the core's report.

import * as api from './api.js';
import { t, fmtSig, fmtPosition, getLang } from './i18n.js';
import { el, fmtSignedLength, fmtPrefixed } from './chart.js';

import { MODELS as TABLE, MODEL_NAMES, look, paintMarker } from './models.js';
import { endWords } from './outcome.js';

/** α as read: up to 4 significant digits (0.9, 0.45, 0.05625). */
function fmtAlpha(a) {
  return fmtSig(a, 4);
}

/** How many halvings turned `from` into `to`, if it is a whole number of them. */
function halvings(from, to) {
  if (!(to > 0) || !(from > 0)) return 0;
  const k = Math.round(Math.log2(from / to));
  return k > 0 && from / 2 ** k === to ? k : 0;
}

/**
 * The panel (`root`: its section). `figure` gives the state, the restarts and `showStep(step)`,
 * which shows a picked step on the energy plot.
 */
export function mount(root, figure) {
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
    b.addEventListener('click', () => pickModel(m));
    modelButtons.set(m, b);
    if (MODEL_NAMES.includes(m)) models.append(b);
  }
  const range = el('input', { type: 'range', id: 'trace-step', name: 'trace-step', min: '1', max: '1', step: '1', value: '1' });
  const rangeLabel = el('label', { for: 'trace-step', class: 'trace-step-label' });
  const prev = el('button', { type: 'button', class: 'icon-button', 'data-i18n-label': 'trace.prev', 'aria-label': t('trace.prev'), text: '◀' });
  const next = el('button', { type: 'button', class: 'icon-button', 'data-i18n-label': 'trace.next', 'aria-label': t('trace.next'), text: '▶' });
  const latest = el('button', { type: 'button', id: 'trace-latest', 'aria-pressed': 'true' });
  const impact = el('button', { type: 'button', id: 'trace-impact' });
  const clip = el('button', { type: 'button', id: 'trace-clipped' });
  const summary = el('p', { class: 'trace-summary', id: 'trace-summary' });
  const table = el('table', { class: 'trace-table', id: 'trace-table' });
  const empty = el('p', { class: 'hint trace-empty', hidden: true });
  const legend = el('p', { class: 'hint', 'data-i18n': 'trace.legend', text: t('trace.legend') });
  root.append(
    el('h2', { id: 'trace-title', 'data-i18n': 'trace.title', text: t('trace.title') }),
    el('div', { class: 'trace-controls' }, models, el('div', { class: 'trace-step' }, rangeLabel, el('div', { class: 'trace-nav' }, prev, range, next)), el('div', { class: 'trace-jumps' }, latest, impact, clip)),
    summary,
    el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'data-i18n-label': 'trace.tableLabel', 'aria-label': t('trace.tableLabel') }, table),
    empty,
    legend,
  );

  const sel = { model: MODEL_NAMES.at(-1), follow: true, step: 0 };
  let state = null;
  let shownKey = '';

  function pickModel(m) {
    sel.model = m;
    for (const [k, b] of modelButtons) b.setAttribute('aria-pressed', String(k === m));
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

  range.addEventListener('input', () => pick(Number(range.value)));
  prev.addEventListener('click', () => pick((sel.follow ? state[sel.model].steps : sel.step) - 1));
  next.addEventListener('click', () => pick((sel.follow ? state[sel.model].steps : sel.step) + 1));
  latest.addEventListener('click', () => {
    sel.follow = true;
    render(true);
  });
  impact.addEventListener('click', () => {
    // Where "Most iterations" and "Most CCD clips" go: the core's recorded throw knows.
    const s = api.guard((f) => f.mostNewtonStep(sel.model));
    if (s > 0) pick(s);
  });
  clip.addEventListener('click', () => {
    const s = api.guard((f) => f.mostClippedStep(sel.model));
    if (s > 0) pick(s);
  });

  /** Only the balls thrown have a button; a ball no longer thrown hands over to IPC's. */
  function showModels(names) {
    if (models.children.length !== names.length) models.replaceChildren(...names.map((k) => modelButtons.get(k)));
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

  let controlsKey = '';
  /** The controls' words and state: labelled on screen or off (they are read aloud). */
  function renderControls(force = false) {
    const m = sel.model;
    const steps = state[m].steps;
    const step = currentStep();
    const key = `${renderKey()}|${getLang()}`;
    if (!force && key === controlsKey) return;
    controlsKey = key;
    for (const [k, b] of modelButtons) b.querySelector('.seg-label').textContent = t(`ball.${k}`);
    range.max = String(Math.max(1, steps));
    range.value = String(Math.max(1, step));
    range.disabled = steps === 0;
    prev.disabled = steps === 0 || step <= 1;
    next.disabled = steps === 0 || step >= steps;
    rangeLabel.textContent = steps ? t('trace.stepOf', { step, steps }) : t('trace.noStep');
    range.setAttribute('aria-valuetext', rangeLabel.textContent);
    latest.textContent = t('trace.latest');
    latest.setAttribute('aria-pressed', String(sel.follow));
    impact.textContent = t('trace.impact');
    impact.disabled = steps === 0;
    clip.textContent = t('trace.clipped');
    clip.hidden = !look(m).clipsByCcd;
  }

  function render(force = false) {
    if (!state) return;
    const m = sel.model;
    const steps = state[m].steps;
    const step = currentStep();
    const key = renderKey();
    if (!force && key === shownKey) return;
    shownKey = key;
    renderControls(force);
    if (steps === 0) {
      table.replaceChildren();
      summary.textContent = t('trace.noStep');
      empty.hidden = true;
      return;
    }
    const its = api.guard((f) => f.iterates(m, step));
    const xTilde = api.guard((f) => f.stepXTilde(m, step));
    if (its.length === 0) {
      table.replaceChildren();
      empty.hidden = false;
      empty.textContent = t('trace.notKept', { n: api.guard((_, g) => g.traceWindow()) });
      summary.textContent = t('trace.summaryShort', { step, xt: fmtPosition(xTilde) });
      return;
    }
    empty.hidden = true;
    renderTable(its);
    const clipped = its.filter((it) => it.ccd_clipped).length;
    const last = its[its.length - 1];
    const p = state.params;
    summary.textContent = t('trace.summary', {
      step,
      xt: fmtPosition(xTilde),
      n: its.length,
      clipped,
      end: endWords(last.x, p),
    });
    // The geometric approach: a clipped, accepted step keeps 1 − s of the distance.
    const ratios = [];
    for (let i = 0; i + 1 < its.length; i++) {
      // (A step that lands on the face exactly keeps nothing: not part of the approach.)
      if (its[i].ccd_clipped && its[i].alpha === its[i].alpha_ccd && its[i].distance > 0 && its[i + 1].distance > 0) ratios.push(its[i + 1].distance / its[i].distance);
    }
    if (!last.converged) summary.textContent += ` ${t('trace.stuck', { n: its.length, g: fmtPrefixed(Math.abs(last.gradient), 'N', 3) })}`;
    if (ratios.length >= 2) {
      summary.textContent += ` ${t('trace.geometric', { k: ratios.length, r: `${fmtSig(100 * ratios[ratios.length - 1], 2)} %`, s: `${fmtSig(100 * p.ccd_safety, 3)} %` })}`;
    }
  }

  function cell(value, textOut, cls) {
    const td = el('td', { class: cls, text: textOut });
    td.dataset.v = Object.is(value, -0) ? '-0' : String(value);
    return td;
  }

  function renderTable(its) {
    const head = el(
      'tr',
      {},
      ...['trace.col.it', 'trace.col.d', 'trace.col.dx', 'trace.col.alphaCcd', 'trace.col.alpha', 'trace.col.e', 'trace.col.g'].map((k) => el('th', { scope: 'col', text: t(k) })),
    );
    const rows = its.map((it, i) => {
      const tr = el('tr', { 'data-it': String(i + 1) });
      if (it.ccd_clipped) tr.classList.add('clipped');
      if (it.converged) tr.classList.add('converged');
      tr.append(el('th', { scope: 'row', text: String(i + 1), 'data-label': t('trace.col.itLong') }));
      const d = cell(it.distance, fmtSignedLength(it.distance, 4), 'val d');
      d.dataset.field = 'distance';
      const dx = cell(it.dx, fmtSignedLength(it.dx, 4), 'val');
      dx.dataset.field = 'dx';
      let aText;
      let alphaText;
      if (it.converged) {
        aText = '—';
        alphaText = t('trace.converged');
      } else {
        aText = it.ccd_clipped ? `${fmtAlpha(it.alpha_ccd)} ✂` : fmtAlpha(it.alpha_ccd);
        const k = halvings(it.alpha_ccd, it.alpha);
        alphaText = k ? `${fmtAlpha(it.alpha)} (÷2${k > 1 ? `^${k}` : ''})` : fmtAlpha(it.alpha);
      }
      const ac = cell(it.alpha_ccd, aText, 'val');
      ac.dataset.field = 'alpha_ccd';
      ac.dataset.clipped = String(it.ccd_clipped);
      if (it.ccd_clipped) ac.title = t('trace.clippedTitle');
      const a = cell(it.alpha, alphaText, 'val');
      a.dataset.field = 'alpha';
      const e = cell(it.energy, fmtPrefixed(it.energy, 'J', 4), 'val');
      e.dataset.field = 'energy';
      const g = cell(Math.abs(it.gradient), fmtPrefixed(Math.abs(it.gradient), 'N', 3), 'val');
      g.dataset.field = 'gradient_abs';
      const cells = [d, dx, ac, a, e, g];
      ['trace.col.d', 'trace.col.dx', 'trace.col.alphaCcd', 'trace.col.alpha', 'trace.col.e', 'trace.col.g'].forEach((k, c) => (cells[c].dataset.label = t(k)));
      tr.append(...cells);
      return tr;
    });
    table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  }

  let restarts = -1;
  return {
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
