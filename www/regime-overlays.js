// The regime map's overlays: the plotting rectangle and its log axes, the axes and the lines
// v·h = W/2 and v·h = W (a static layer, drawn again only when its inputs change), and the
// crosshair at the current v0 and h with the cell under the cursor; then one map canvas whole.

import { t, getLang } from './i18n.js';
import { fmtDecade } from './chart.js';
import { FONT_SMALL, text, perRatio } from './draw.js';
import { N_FULL } from './regime-compute.js';

const M = { left: 44, right: 14, top: 10, bottom: 34 };

/** The plotting rectangle of a map canvas `w × h` CSS px, with the axes' ends `range`
 * (`{v: {min, max}, h: {min, max}}`, from Rust's Regime.axes()). */
export const geometry = (w, h, range) => ({ left: M.left, top: M.top, right: w - M.right, bottom: h - M.bottom, ...range });

/** CSS px of v0 and h in `plot` (log axes). */
function axesOf(plot) {
  const { v: V, h: H } = plot;
  return {
    px: (v) => plot.left + ((plot.right - plot.left) * Math.log(v / V.min)) / Math.log(V.max / V.min),
    py: (h) => plot.bottom - ((plot.bottom - plot.top) * Math.log(h / H.min)) / Math.log(H.max / H.min),
  };
}

/** Axes: decades labelled, 2 and 5 as minor ticks; the frame around the plot. */
function drawAxes(ctx, plot, w, h, c) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(left - 0.5, top - 0.5, right - left + 1, bottom - top + 1);
  const decades = (r) => [Math.floor(Math.log10(r.min) + 1e-9), Math.ceil(Math.log10(r.max) - 1e-9), r];
  for (const [axis, lo, hi, at] of [
    ['v', ...decades(plot.v)],
    ['h', ...decades(plot.h)],
  ]) {
    for (let e = lo; e <= hi; e++) {
      for (const m of [1, 2, 5]) {
        const v = m * 10 ** e;
        if (v < at.min * 0.999 || v > at.max * 1.001) continue;
        const len = m === 1 ? 5 : 3;
        ctx.beginPath();
        if (axis === 'v') {
          const x = Math.round(px(v)) + 0.5;
          ctx.moveTo(x, bottom);
          ctx.lineTo(x, bottom + len);
          if (m === 1) text(ctx, fmtDecade(v), x, bottom + 16, { color: c.muted, font: FONT_SMALL, align: 'center' });
        } else {
          const y = Math.round(py(v)) + 0.5;
          ctx.moveTo(left, y);
          ctx.lineTo(left - len, y);
          if (m === 1) text(ctx, fmtDecade(v * 1e3), left - 7, y + 4, { color: c.muted, font: FONT_SMALL, align: 'right' });
        }
        ctx.strokeStyle = c.line;
        ctx.stroke();
      }
    }
  }
  text(ctx, t('regime.v0axis'), right, h - 3, { color: c.muted, font: FONT_SMALL, align: 'right' });
  text(ctx, t('regime.haxis'), 4, top + 8, { color: c.muted, font: FONT_SMALL, baseline: 'middle' });
}

/** v·h = W/2 (dashed) and v·h = W (solid): straight lines of slope −1 on log–log axes. */
function drawLines(ctx, plot, c, W) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  const { v: V, h: H } = plot;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();
  for (const [c0, dash, key] of [
    [W / 2, [6, 4], 'regime.lineHalf'],
    [W, [], 'regime.lineFull'],
  ]) {
    ctx.setLineDash(dash);
    for (const [color, width] of [
      [c.bg, 4],
      [c.fg, 1.6],
    ]) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.moveTo(px(V.min), py(c0 / V.min));
      ctx.lineTo(px(V.max), py(c0 / V.max));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // W near the top, to the right of its line; W/2 near the bottom, to its left: apart
    // from each other and from the crosshair at the article's values.
    const full = c0 === W;
    let lh = full ? H.max / 2 : H.min * 4;
    let lv = c0 / lh;
    if (!(lv > V.min * 1.5 && lv < V.max / 1.5)) {
      lv = Math.sqrt(V.min * V.max);
      lh = c0 / lv;
    }
    const [lx, ly] = [px(lv), py(lh)];
    text(ctx, t(key), full ? lx + 6 : lx - 6, full ? ly + 4 : ly + 2, { color: c.fg, font: FONT_SMALL, halo: c.bg, align: full ? 'left' : 'right' });
  }
  ctx.restore();
}

/**
 * The static layer of a map (axes, labels, the v·h lines) in an offscreen canvas, drawn again
 * only when the size, the colours, the language or W change; otherwise blitted.
 */
function staticLayer(S, size, plot, c, W) {
  const { w, h, dpr } = size;
  const key = `${w}x${h}|${dpr}|${c.bg}|${c.fg}|${c.line}|${c.muted}|${getLang()}|${W}`;
  if (key === S.key) return S.canvas;
  S.key = key;
  S.canvas.width = Math.max(1, Math.round(w * dpr));
  S.canvas.height = Math.max(1, Math.round(h * dpr));
  const ctx = S.canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawAxes(ctx, plot, w, h, c);
  drawLines(ctx, plot, c, W);
  return S.canvas;
}

/** The crosshair at the current v0 and h, and an outline on the cell under the pointer. */
function drawCursor(ctx, plot, c, p, hover) {
  const { left, top, right, bottom } = plot;
  const { px, py } = axesOf(plot);
  const cx = Math.round(px(p.v0)) + 0.5;
  const cy = Math.round(py(p.h)) + 0.5;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();
  for (const [color, width] of [
    [c.bg, 3],
    [c.xtilde, 1.4],
  ]) {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(cx, top);
    ctx.lineTo(cx, cy - 7);
    ctx.moveTo(cx, cy + 7);
    ctx.lineTo(cx, bottom);
    ctx.moveTo(left, cy);
    ctx.lineTo(cx - 7, cy);
    ctx.moveTo(cx + 7, cy);
    ctx.lineTo(right, cy);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, 5, 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (hover) {
    const [i, j] = hover;
    const cw = (right - left) / N_FULL;
    const ch = (bottom - top) / N_FULL;
    ctx.strokeStyle = c.fg;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(left + i * cw - 1, bottom - (j + 1) * ch - 1, cw + 2, ch + 2);
  }
  ctx.restore();
}

/** A map's static layers: `ratio → {canvas, key}`, an offscreen canvas per backing ratio. */
export const newStatic = () => perRatio(() => ({ canvas: document.createElement('canvas'), key: '' }));

/**
 * One map canvas (`view`: its hidpiCanvas): the cells of `layer`, the static layers `S`, the
 * crosshair at `p`'s v0 and h and the cell under the cursor, `hover`. Counts as one draw.
 */
export function drawMap(view, layer, S, plot, c, p, hover) {
  const { w, h, dpr } = view.size;
  if (w < 120 || h < 100) return;
  const ctx = view.begin(c.bg);
  // The cells and the static layer, pixel for pixel (no scaling per frame).
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer.canvas, Math.round(plot.left * dpr), Math.round(plot.top * dpr));
  ctx.drawImage(staticLayer(S(dpr), view.size, plot, c, p.thickness), 0, 0);
  ctx.restore();
  drawCursor(ctx, plot, c, p, hover);
}

/** [i, j] of the fine cell at (x, y) CSS px in `plot`, or null outside it. */
export function cellAt(plot, x, y) {
  if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom) return null;
  const n = N_FULL;
  const i = Math.min(n - 1, Math.floor(((x - plot.left) / (plot.right - plot.left)) * n));
  const j = Math.min(n - 1, Math.floor(((plot.bottom - y) / (plot.bottom - plot.top)) * n));
  return [i, j];
}
