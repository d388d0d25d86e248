// The throw over time, on one shared time axis: above, x(t) of both balls with the wall as a
// band and every discrete step as a marker (so the single step that jumps the wall shows);
// below, Newton iterations per step (the cost of the guarantee shows up at the impact). The
// step picked in the trace panel is a purple line on both; clicking picks a step.

import * as api from './api.js';
import { t, fmtTime, fmtSig, withUnit, getLang } from './i18n.js';
import { el } from './chart.js';
import { MODELS, MODEL_NAMES, look } from './models.js';
import { FONT_SMALL, FONT_BOLD, hidpiCanvas, pointerAt, text, addShape, hatch } from './draw.js';

const M = { left: 50, right: 12, top: 24, gap: 40, bottom: 30 };

/** Round tick values covering [0, max]: about `n` of them. */
function ticks(max, n) {
  if (!(max > 0)) return [0];
  const raw = max / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out = [];
  for (let v = 0; v <= max * (1 + 1e-9); v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** Every step's position and Newton count of each ball, appended as the throw advances. The
 * positions are the figure's own (`figure.positions`), read in place. */
function newHistory() {
  return Object.fromEntries(MODELS.map(({ name }) => [name, { x: new Float64Array(0), n: new Uint32Array(256), len: 0 }]));
}

/** Catches up with the steps taken since the last call (all of them after a restart): the
 * positions of `positions(model)` ({buf, n}), the Newton counts from the core. */
function syncHistory(history, state, positions) {
  for (const m of state.models) {
    const hs = history[m];
    const { buf, n } = positions(m);
    if (n < hs.len) hs.len = 0;
    hs.x = buf;
    if (n === hs.len) continue;
    const ns = api.guard((f) => f.newtonCountsFrom(m, hs.len));
    if (n > hs.n.length) {
      const grown = new Uint32Array(Math.max(2 * hs.n.length, n));
      grown.set(hs.n.subarray(0, hs.len));
      hs.n = grown;
    }
    hs.n.set(ns.subarray(0, n - hs.len), hs.len);
    hs.len = n;
  }
}

/**
 * The panel (`root`: its section): x(t) and Newton counts of the throw. `figure` gives the
 * colours, the restarts, the steps' positions, the trace's step (`selection()`) and
 * `pickStep(step)` for a click.
 */
export function mount(root, figure) {
  const canvas = el('canvas', { id: 'timeline', role: 'img', 'data-i18n-label': 'timeline.alt' });
  const hint = el('p', { class: 'hint', id: 'timeline-hint', 'data-i18n': 'timeline.hint' });
  root.append(el('h2', { id: 'timeline-title', 'data-i18n': 'timeline.title' }), canvas, hint);
  let sized = 0; // bumps when the canvas is resized: part of the key
  const view = hidpiCanvas(canvas, () => (sized += 1));
  let history = newHistory();
  let restarts = -1;

  const draw = (input) => drawTimeline(view, input);

  // A click maps the throw as it is now, drawn or not yet (a panel just scrolled into view).
  listen(canvas, () => {
    const state = figure.state();
    const steps = Math.max(...state.models.map((m) => state[m].steps));
    return { left: M.left, right: view.size.w - M.right, t1: Math.max(steps, 4) * state.params.h, h: state.params.h };
  }, figure.pickStep);

  return {
    /** What the drawing shows: the steps taken, the trace's step, words, colours, size. */
    key(state) {
      const sel = figure.selection();
      const steps = state.models.map((m) => state[m].steps).join('|');
      return `${figure.restarts()}|${steps}|${sel.step}|${sel.follow}|${sel.model}|${getLang()}|${figure.dark()}|${sized}`;
    },
    /** The legend in words names the four balls while the "both halves" switch is on. */
    keep(state) {
      const hintKey = state.halves ? 'timeline.hintHalves' : 'timeline.hint';
      if (hint.dataset.i18n === hintKey) return;
      hint.dataset.i18n = hintKey;
      hint.textContent = t(hintKey);
    },
    /** Catches up with the throw (all of it after a restart) and draws. */
    update(state) {
      if (figure.restarts() !== restarts) {
        restarts = figure.restarts();
        history = newHistory();
      }
      syncHistory(history, state, figure.positions);
      draw({ history, models: state.models, params: state.params, colors: figure.colors(), selected: figure.selection() });
    },
    relabel() {},
    resize() {
      sized += 1;
    },
  };
}

/** The largest of `key` ('x' or 'n') over the steps of `models`, and `floor`. */
function largest(history, models, key, floor) {
  let max = floor;
  for (const m of models) {
    const hs = history[m];
    for (let i = 0; i < hs.len; i++) if (hs[key][i] > max) max = hs[key][i];
  }
  return max;
}

/**
 * The frame of a canvas `w × H` CSS px: the x(t) plot above (xTop..xBottom), the Newton counts
 * below (nTop..nBottom), one time axis (tx: s → px, up to t1) and each plot's scale (yx, yn).
 */
function frameOf({ w, h: H }, history, models, params) {
  const left = M.left;
  const right = w - M.right;
  const plotH = H - M.top - M.gap - M.bottom;
  const xTop = M.top;
  const xBottom = M.top + Math.round(plotH * 0.6);
  const nTop = xBottom + M.gap;
  const nBottom = H - M.bottom;
  const steps = Math.max(...models.map((m) => history[m].len));
  const h = params.h;
  const t1 = Math.max(steps, 4) * h;
  const xMax = largest(history, models, 'x', params.wall + params.thickness) * 1.04;
  const nMax = largest(history, models, 'n', 4) + 1;
  return {
    left,
    right,
    xTop,
    xBottom,
    nTop,
    nBottom,
    h,
    t1,
    xMax,
    nMax,
    spacing: (right - left) / Math.max(steps, 1),
    tx: (tt) => left + ((right - left) * tt) / t1,
    yx: (x) => xBottom - ((xBottom - xTop) * x) / xMax,
    yn: (n) => nBottom - ((nBottom - nTop) * n) / nMax,
  };
}

/** The wall as a hatched band across the x(t) plot, its front face a line. */
function drawWall(ctx, f, params, c) {
  const { left, right } = f;
  ctx.fillStyle = c.wallFill;
  const wy0 = f.yx(params.wall + params.thickness);
  const wy1 = f.yx(params.wall);
  ctx.fillRect(left, wy0, right - left, Math.max(1, wy1 - wy0));
  hatch(ctx, left, wy0, right - left, Math.max(1, wy1 - wy0), { stroke: c.wallHatch, spacing: 7 });
  ctx.strokeStyle = c.wallEdge;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, Math.round(wy1) + 0.5);
  ctx.lineTo(right, Math.round(wy1) + 0.5);
  ctx.stroke();
  text(ctx, t('timeline.wall'), right - 4, wy0 - 3, { color: c.muted, font: FONT_SMALL, align: 'right', halo: c.bg });
}

/** A gridline across the plot at `y`, labelled at the left. */
function gridLine(ctx, f, y, label, c) {
  text(ctx, label, f.left - 5, y + 4, { color: c.muted, font: FONT_SMALL, align: 'right' });
  ctx.lineWidth = 1;
  ctx.strokeStyle = c.lane;
  ctx.beginPath();
  ctx.moveTo(f.left + 1, Math.round(y) + 0.5);
  ctx.lineTo(f.right, Math.round(y) + 0.5);
  ctx.stroke();
}

/** Both plots' axes, gridlines and titles, and the shared time axis's ticks. */
function drawAxes(ctx, f, c) {
  const { left, right, xTop, xBottom, nTop, nBottom } = f;
  ctx.lineWidth = 1;
  ctx.strokeStyle = c.line;
  ctx.beginPath();
  ctx.moveTo(left + 0.5, xTop);
  ctx.lineTo(left + 0.5, xBottom);
  ctx.lineTo(right, xBottom + 0.5);
  ctx.moveTo(left + 0.5, nTop);
  ctx.lineTo(left + 0.5, nBottom);
  ctx.lineTo(right, nBottom + 0.5);
  ctx.stroke();
  for (const v of ticks(f.xMax / 1.04, 3)) gridLine(ctx, f, f.yx(v), withUnit(fmtSig(v, 3), 'm'), c);
  text(ctx, t('timeline.position'), left, xTop - 8, { color: c.fg, font: FONT_BOLD });
  for (const v of ticks(f.t1, Math.max(2, Math.floor((right - left) / 80)))) {
    const x = Math.round(f.tx(v)) + 0.5;
    for (const yb of [xBottom, nBottom]) {
      ctx.lineWidth = 1;
      ctx.strokeStyle = c.line;
      ctx.beginPath();
      ctx.moveTo(x, yb);
      ctx.lineTo(x, yb + 4);
      ctx.stroke();
    }
    text(ctx, fmtTime(v), f.tx(v), nBottom + 16, { color: c.muted, font: FONT_SMALL, align: 'center' });
  }
  for (const v of ticks(f.nMax - 1, 3)) if (v === Math.round(v)) gridLine(ctx, f, f.yn(v), String(v), c);
  text(ctx, t('timeline.newton'), left, nTop - 8, { color: c.fg, font: FONT_BOLD });
}

/**
 * Each ball's x(t) and Newton counts: the last model (IPC, solid green) first, under the
 * dashed ones (as in the energy plot); markers when the steps are far enough apart to tell.
 */
function drawSeries(ctx, f, history, models, c) {
  for (const m of [...models].reverse()) {
    const hs = history[m];
    if (!hs.len) continue;
    const style = look(m);
    const color = c[style.color];
    for (const [values, y, start] of [
      [hs.x, f.yx, 0],
      [hs.n, f.yn, null],
    ]) {
      drawCurve(ctx, f, { values, len: hs.len, y, start }, style, color);
      if (f.spacing >= 4) drawMarkers(ctx, f, { values, len: hs.len, y }, style.marker, color, c.bg);
    }
  }
}

/** One series `s` ({values, len, y: value → px, start: the value at t = 0, or null}). */
function drawCurve(ctx, f, s, style, color) {
  const { values, len, y } = s;
  ctx.strokeStyle = color;
  ctx.lineWidth = style.width;
  ctx.setLineDash(style.dash);
  ctx.beginPath();
  if (s.start !== null) ctx.moveTo(f.tx(0), y(s.start));
  else ctx.moveTo(f.tx(f.h), y(values[0]));
  if (f.spacing >= 1) {
    for (let i = 0; i < len; i++) ctx.lineTo(f.tx((i + 1) * f.h), y(values[i]));
  } else {
    columns(ctx, f, s);
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Many steps per pixel: each pixel column's range of the series, as one vertical stroke. */
function columns(ctx, f, { values, len, y }) {
  let col = -1;
  let lo = 0;
  let hi = 0;
  const flush = () => {
    if (col < 0) return;
    ctx.lineTo(f.left + col + 0.5, y(lo));
    ctx.lineTo(f.left + col + 0.5, y(hi));
  };
  for (let i = 0; i < len; i++) {
    const cx = Math.floor(f.tx((i + 1) * f.h) - f.left);
    const v = values[i];
    if (cx !== col) {
      flush();
      col = cx;
      lo = v;
      hi = v;
    } else {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  flush();
}

/** A marker at every step of a series, all in one path. */
function drawMarkers(ctx, f, { values, len, y }, marker, color, bg) {
  ctx.fillStyle = color;
  ctx.strokeStyle = bg;
  ctx.lineWidth = 1;
  ctx.beginPath();
  // A diamond's half-diagonal a little longer than a disc's radius: the same weight.
  const r = marker === 'disc' ? 2.6 : 3.6;
  for (let i = 0; i < len; i++) addShape(ctx, marker, f.tx((i + 1) * f.h) + r, y(values[i]), r);
  ctx.fill();
  ctx.stroke();
}

/** The step shown in the trace panel: a dashed line across both plots, and its number. */
function drawSelection(ctx, f, step, c) {
  const px = Math.round(f.tx(step * f.h)) + 0.5;
  ctx.strokeStyle = c.xtilde;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(px, f.xTop);
  ctx.lineTo(px, f.xBottom);
  ctx.moveTo(px, f.nTop);
  ctx.lineTo(px, f.nBottom);
  ctx.stroke();
  ctx.setLineDash([]);
  const label = t('timeline.step', { step });
  ctx.font = FONT_SMALL;
  const wLabel = ctx.measureText(label).width;
  const lx = px + 4 + wLabel > f.right ? px - 4 : px + 4;
  text(ctx, label, lx, f.xBottom - 6, { color: c.xtilde, font: FONT_SMALL, align: lx < px ? 'right' : 'left', halo: c.bg });
}

/** The whole chart on `view` (a hidpiCanvas): frame, wall, axes, the balls, the trace's step. */
function drawTimeline(view, { history, models = MODEL_NAMES, params, colors: c, selected }) {
  const { w, h } = view.size;
  if (w < 50 || h < 80) return;
  const ctx = view.begin(c.bg);
  const f = frameOf(view.size, history, models, params);
  drawWall(ctx, f, params, c);
  drawAxes(ctx, f, c);
  drawSeries(ctx, f, history, models, c);
  if (selected && selected.step > 0) drawSelection(ctx, f, selected.step, c);
}

/** Click or tap: the nearest step of the time axis `frameNow()`, for the trace panel. */
function listen(canvas, frameNow, onPick) {
  let down = null;
  canvas.addEventListener('pointerdown', (ev) => {
    down = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
  });
  canvas.addEventListener('pointerup', (ev) => {
    if (!down || down.id !== ev.pointerId) return;
    const moved = Math.hypot(ev.clientX - down.x, ev.clientY - down.y);
    down = null;
    if (moved > 8) return;
    const { x } = pointerAt(canvas, ev);
    const frame = frameNow();
    if (x < frame.left - 6 || x > frame.right + 6) return;
    const tt = ((x - frame.left) / (frame.right - frame.left)) * frame.t1;
    onPick?.(Math.max(1, Math.round(tt / frame.h)));
  });
  canvas.addEventListener('pointercancel', () => (down = null));
}
