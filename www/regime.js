// The regime map: every launch speed × time step of the sliders' ranges (log axes) at once, for
// the current k, d̂, κ, mass and wall, in two panels, each of any of the four models (by
// default the red ball left and the green one right, as Rust's Regime has them). A cell is
// hatched if its ball went through, grey if it reached the wall, else coloured by its closest
// gap. Both carry the lines v·h = W/2 and v·h = W and a crosshair at the current v0 and h; a
// click or tap on a cell throws there.
//
// The map in four parts: compute (www/regime-compute.js: the worker's answers, or the page's
// own sliced fill), cell painting (www/regime-paint.js), overlays (www/regime-overlays.js:
// axes, lines, cursor; the legends and words are here) and input (www/regime-input.js). This
// file is the panel: its DOM and words, and `mount`, which wires the parts around one state.

import * as api from './api.js';
import { t, fmtSig, fmtPow, fmtLength, fmtTime, withUnit, getLang } from './i18n.js';
import { el, fmtDecadeLength, setText } from './chart.js';
import { hidpiCanvas } from './draw.js';
import { MODELS, look } from './models.js';
import { N_FULL, newCompute, compute, cellNow, valuesAt, cellAtValues, statusWords } from './regime-compute.js';
import { viridisCss, rangeOf, newLayer, painting, paintLayer } from './regime-paint.js';
import { geometry, newStatic, drawMap, cellAt } from './regime-overlays.js';
import { listen } from './regime-input.js';
import { cellWords, modelWord } from './outcome.js';

// ---- the panel's DOM and words ------------------------------------------------------------

/** One panel: a caption with its model's picker, the canvas and a legend of what it shows
 * (its kinds hidden until a picture shows which it has). */
function makePanel(side, onPick) {
  const canvas = el('canvas', { id: `regime-${side}`, tabindex: '0', role: 'img', class: 'regime-canvas' });
  const select = el('select', { id: `regime-model-${side}`, class: 'map-model' });
  select.addEventListener('change', () => onPick(select.value));
  const label = el('span', { class: 'visually-hidden' });
  const caption = el('span', { class: 'map-params' });
  const bar = el('div', { class: 'scale-bar' });
  bar.style.backgroundImage = viridisCss();
  const legend = {
    through: [el('span', { class: 'swatch through', 'aria-hidden': 'true', hidden: true }), el('span', { hidden: true })],
    reached: [el('span', { class: 'swatch stopped', 'aria-hidden': 'true', hidden: true }), el('span', { hidden: true })],
    gaps: el('div', { class: 'legend-gaps', hidden: true }, el('span', { class: 'legend-title' }), el('div', { class: 'scale' }, bar, el('div', { class: 'scale-ticks' }))),
  };
  const figcaption = el('figcaption', { class: 'map-caption' }, el('label', {}, label, select), ' ', caption);
  const legendRoot = el('div', { class: 'map-legend' }, ...legend.through, ...legend.reached, legend.gaps);
  return { side, canvas, select, label, caption, legend, model: null, figure: el('figure', { class: 'map' }, figcaption, canvas, legendRoot) };
}

/** The section's DOM: the title, the two panels, the lines' words, the readout, the status. */
function buildDom(root, onPick) {
  const maps = [makePanel('left', onPick(0)), makePanel('right', onPick(1))];
  const readout = el('p', { class: 'regime-readout', id: 'regime-readout' });
  const status = el('p', { class: 'hint regime-status', id: 'regime-status' });
  const lines = el('p', { class: 'map-lines hint' });
  root.append(
    el('h2', { id: 'regime-title', 'data-i18n': 'regime.title', text: t('regime.title') }),
    el('p', { class: 'hint', 'data-i18n': 'regime.lede', text: t('regime.lede') }),
    el('div', { class: 'maps' }, ...maps.map((m) => m.figure)),
    lines,
    readout,
    status,
  );
  return { maps, readout, status, lines };
}

/** The picker's options in this language, the panel's model chosen (built again only when
 * one of those changed, not for every parameter the legends follow). */
function fillPicker(P) {
  const key = `${getLang()}|${P.model}`;
  if (P.pickerKey === key) return;
  P.pickerKey = key;
  P.label.textContent = t('regime.panel');
  P.select.replaceChildren(...MODELS.map((m) => el('option', { value: m.name, text: modelWord(m.name) })));
  P.select.value = P.model;
  P.figure.style.setProperty('--model', `var(--${P.model})`);
  P.figure.style.setProperty('--model-text', `var(--${P.model}-text)`);
}

/** The panels' models, left and right. */
const modelsOf = (S) => S.maps.map((P) => P.model);

/**
 * The words that must stay current off screen too (they take room and are read aloud): the
 * pickers, captions, text alternatives, the legends' words and the lines'. Each is written
 * only when its text changed, so a slider dragged far above costs this section no layout.
 */
function keepWords(S, p) {
  const key = `${p.k}|${p.dhat}|${p.kappa}|${p.ccd_safety}|${p.thickness}|${getLang()}|${modelsOf(S)}`;
  if (key === S.wordsKey) return;
  S.wordsKey = key;
  const vars = { k: withUnit(fmtPow(p.k, 3), 'N/m'), dhat: fmtLength(p.dhat, 3), kappa: fmtPow(p.kappa, 3), s: fmtSig(p.ccd_safety, 3) };
  for (const P of S.maps) {
    fillPicker(P);
    setText(P.caption, t(`regime.caption.${P.model}`, vars));
    setText(P.canvas, t('regime.alt', { model: t(look(P.model).label) }), 'aria-label');
    setText(P.legend.through[1], t('regime.through'));
    setText(P.legend.reached[1], t('regime.stopped'));
    setText(P.legend.gaps.firstChild, t('regime.gapLegend'));
  }
  setText(S.lines, t('regime.lines', { half: fmtLength(p.thickness / 2, 3), w: fmtLength(p.thickness, 3) }));
}

/** A panel's legend: only the kinds of cell its grid has, and the gap scale's ticks. */
function fillLegend(P, grid, idx, params) {
  const has = { through: false, reached: false, gaps: false };
  if (grid) {
    const [o, g] = [grid.outcomes[idx], grid.gaps[idx]];
    for (let k = 0; k < o.length; k++) {
      if (o[k] === 2) has.through = true;
      else if (g[k] > 0) has.gaps = true;
      else has.reached = true;
    }
  }
  const show = (e, on) => e.hidden === on && (e.hidden = !on); // no write that changes nothing
  for (const k of ['through', 'reached']) for (const e of P.legend[k]) show(e, has[k]);
  show(P.legend.gaps, has.gaps);
  const [lo, hi] = rangeOf(params);
  const ticksKey = `${lo}|${hi}|${getLang()}`;
  if (P.ticksKey === ticksKey) return;
  P.ticksKey = ticksKey;
  const labels = [];
  const stepE = hi - lo > 5 ? 2 : 1;
  for (let e = lo; e <= hi; e += stepE) {
    const s = el('span', { text: fmtDecadeLength(10 ** e) });
    s.style.left = `${(100 * (e - lo)) / (hi - lo)}%`;
    labels.push(s);
  }
  P.legend.gaps.querySelector('.scale-ticks').replaceChildren(...labels);
}

// ---- the panel's workings, on one state `S` (see mount) -----------------------------------

/** The plotting rectangle of map `idx`, CSS px. */
const plotOf = (S, idx) => geometry(S.views[idx].size.w, S.views[idx].size.h, S.C.range);

/** The cells, off screen too (`seen`: whether the map is on screen, or not known to be off):
 * asked again when their inputs change, filled on the page until `deadline` when there is no
 * worker. */
function keepCells(S, state, deadline, seen = true) {
  const defaults = (names) => S.maps.forEach((P, idx) => (P.model ??= names[idx]));
  if (compute(S.C, state.params, () => modelsOf(S), S.offload, deadline, defaults, S.figure.sliderHeld(), seen)) S.hover = null;
}

/** The legends, for the models and parameters of the picture shown (when that changed). */
function showLegends(S, p) {
  const { shown } = S.C;
  const key = `${shown?.version}|${modelsOf(S)}|${getLang()}|${shown ? '' : p.dhat}`;
  if (key === S.legendKey) return;
  S.legendKey = key;
  S.maps.forEach((P, idx) => fillLegend(P, shown?.grid.models[idx] === P.model ? shown.grid : null, idx, shown?.params ?? p));
}

/** Paints the layers' pending rows (a layer's version counts its finished pictures). */
function paintLayers(S) {
  S.layers.forEach((L, idx) => {
    const { dpr } = S.views[idx].size;
    const g = plotOf(S, idx);
    paintLayer(L, idx, S.C.shown, S.colors, dpr, Math.max(1, Math.round((g.right - g.left) * dpr)), Math.max(1, Math.round((g.bottom - g.top) * dpr)));
  });
}

/** What the two canvases show: the pictures, the crosshair, the cursor, words and size. */
function drawKey(S, p) {
  const pictures = `${S.layers[0].version}|${S.layers[1].version}|${S.C.shown?.version}`;
  return `${pictures}|${p.v0}|${p.h}|${p.thickness}|${getLang()}|${S.hover}|${S.figure.dark()}|${S.sized}`;
}

/** Readout of a cell of the fine grid (or the preview while the fine is not there). */
function describe(S, [i, j]) {
  const cell = cellNow(S.C, i, j, false);
  if (!cell) return t('regime.notYet');
  const names = [...new Set(S.C.shown.grid.models)];
  const cells = names.map((m) => cellWords(m, cell[m])).join('; ');
  return t('regime.read', { v0: withUnit(fmtSig(cell.v0, 3), 'm/s'), h: fmtTime(cell.h), vh: fmtLength(cell.v0 * cell.h, 3), cells });
}

/** The cell under the pointer or the keyboard cursor (null: none), outlined and read out. */
function setHover(S, cell, announce) {
  const key = cell ? cell.join(',') : '';
  if (key === (S.hover ? S.hover.join(',') : '')) return;
  S.hover = cell;
  S.drawnKey = '';
  S.readout.textContent = cell && S.C.shown ? describe(S, cell) : '';
  S.readout.setAttribute('aria-live', announce ? 'polite' : 'off');
}

/** What the map's input does with a cell: hover it, throw there, start from it. */
function inputOf(S, idx) {
  return {
    cellAt: (x, y) => cellAt(plotOf(S, idx), x, y),
    hover: (cell, announce) => setHover(S, cell, announce),
    // Throws at the centre of the cell, as the Rust map samples it.
    choose: (cell) => {
      if (!cell || !S.C.axes) return;
      const [v0, h] = valuesAt(S.C, cell);
      S.figure.throwWith({ v0, h });
    },
    cursor: () => S.hover ?? cellAtValues(S.C, S.state.params.v0, S.state.params.h),
  };
}

/** For window.ipcWall.regime(): the full map and how it was computed. */
function mapApi(S) {
  const { C } = S;
  const g = C.grids[N_FULL];
  return {
    n: N_FULL,
    complete: !!g,
    progress: g ? 1 : C.progress?.n === N_FULL ? C.progress.progress : 0,
    fill_ms: { ...C.fill_ms },
    /** Whether the cells come from the worker (else from the page's own sliced fill). */
    worker: C.viaWorker,
    /** For the benchmark: a promise of the worker's wasm memory in bytes. */
    workerMemory: () => S.offload.memory(),
    cell: (i, j) => (i >= 0 && j >= 0 && i < N_FULL && j < N_FULL ? cellNow(C, i, j, true) : undefined),
    cellOf: (v0, h) => cellAtValues(C, v0, h),
    v0At: (i) => api.guard(() => C.axes.v0At(i)),
    hAt: (j) => api.guard(() => C.axes.hAt(j)),
    /** The two panels' models, left and right, of the map shown. */
    models: g ? [...g.models] : modelsOf(S),
    /** Panel `p`'s outcomes in the fine map (0 none, 1 stopped, 2 through; by default
     * the left panel's) and closest gaps [m] (by default the right panel's), row-major, as
     * Regime.outcomes(p) and Regime.gaps(p) give them. */
    outcomes: (p = 0) => g?.outcomes[p]?.slice(),
    gaps: (p = 1) => g?.gaps[p]?.slice(),
    /** The plotting rectangle of both map canvases, CSS px relative to each canvas. */
    plot: () => plotOf(S, 0),
  };
}

/**
 * The panel (`root`: its section). `figure` gives `throwWith` (a click throws there), the
 * worker (`offload`), the colours and `deadline()`, until when the page's own fill may run.
 * Off screen, `keep` computes the cells and keeps the words; on screen, `update` paints, draws
 * the overlays and shows the legends and the status.
 */
export function mount(root, figure) {
  const pick = (idx) => (name) => {
    S.maps[idx].model = name;
    fillPicker(S.maps[idx]);
    if (S.state) keepCells(S, S.state, 0);
  };
  const S = {
    figure,
    offload: figure.offload,
    ...buildDom(root, pick),
    C: newCompute(), // the cells
    views: null, // the two canvases' hidpiCanvas
    layers: [newLayer(), newLayer()], // the cells painted
    statics: [newStatic(), newStatic()], // the axes and lines
    state: null, // the figure's state of the last frame
    hover: null, // [i, j] of the fine grid under the pointer or keyboard cursor
    colors: null,
    sized: 0, // bumps when a canvas is resized: part of the draw key
    drawnKey: '',
    wordsKey: '',
    legendKey: '',
  };
  S.views = S.maps.map((m) => hidpiCanvas(m.canvas, () => (S.sized += 1)));
  S.maps.forEach((m, idx) => listen(m.canvas, inputOf(S, idx)));

  return {
    /** Off screen too: the cells (in the worker, or sliced until `figure.deadline()`; the
     * preview only if `seen`) and the words. Nothing else: no drawing, no legend, no DOM write
     * that changes no text. */
    keep(state, seen) {
      S.state = state;
      if (figure.colors() !== S.colors) {
        S.colors = figure.colors();
        S.drawnKey = '';
      }
      keepCells(S, state, figure.deadline(), seen);
      keepWords(S, state.params);
    },
    /** Changes while a new picture is painted a few rows a frame, with what is drawn, with the
     * legends' inputs and with the status's words. */
    key(state) {
      const busy = S.C.shown && S.layers.some((L) => painting(L, S.C.shown));
      return `${drawKey(S, state.params)}|${modelsOf(S)}|${busy ? performance.now() : ''}|${statusWords(S.C)}`;
    },
    /** Paints the pending rows, shows the legends and the status, and redraws the maps when
     * their inputs changed. */
    update(state) {
      paintLayers(S);
      showLegends(S, state.params);
      setText(S.status, statusWords(S.C));
      const key = drawKey(S, state.params);
      if (key === S.drawnKey) return;
      S.drawnKey = key;
      S.maps.forEach((_, idx) => drawMap(S.views[idx], S.layers[idx], S.statics[idx], plotOf(S, idx), S.colors, state.params, S.hover));
    },
    resize() {
      S.sized += 1;
    },
    /** The words in the new language now, on screen or not (the status is words too). */
    relabel() {
      S.drawnKey = '';
      setText(S.status, statusWords(S.C));
      if (S.hover) S.readout.textContent = describe(S, S.hover);
    },
    api: () => mapApi(S),
  };
}
