// Small helpers shared by the panels beyond the article (presets, trace, timeline, regime map,
// table): DOM building, HiDPI canvases drawn in CSS pixels, number formats for axes.

import { fmtSig, fmtFixed, fmtPow, withUnit } from './i18n.js';

export const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const FONT_SMALL = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const FONT_BOLD = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** `el('div', {class: 'x', text: 'hi', 'data-i18n': 'k'}, child…)`. */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || ['for', 'role', 'tabindex', 'scope', 'lang'].includes(k)) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** How many times each canvas (by id) was drawn: a test hook, window.ipcWall.__draws(). */
export const drawCounts = {};

/** Call once per redraw of `canvas`. */
export function countDraw(canvas) {
  drawCounts[canvas.id] = (drawCounts[canvas.id] ?? 0) + 1;
}

/**
 * A canvas whose backing store follows its CSS box × devicePixelRatio; `draw(ctx, w, h)` is
 * called with the context scaled to CSS pixels; a change of devicePixelRatio resizes it too.
 * Returns {size, begin}.
 */
export function hidpiCanvas(canvas, onResize) {
  const size = { w: 0, h: 0, dpr: 1 };
  function apply(w, h) {
    const dpr = window.devicePixelRatio || 1;
    size.w = w;
    size.h = h;
    size.dpr = dpr;
    const bw = Math.max(1, Math.round(w * dpr));
    const bh = Math.max(1, Math.round(h * dpr));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
    onResize?.();
  }
  const ro = new ResizeObserver((entries) => {
    for (const e of entries) {
      const box = e.contentBoxSize?.[0];
      apply(box ? box.inlineSize : e.contentRect.width, box ? box.blockSize : e.contentRect.height);
    }
  });
  ro.observe(canvas);
  apply(canvas.clientWidth, canvas.clientHeight);
  // A new devicePixelRatio (a zoom, another screen) leaves the CSS box as it was, so the
  // observer above says nothing: watch the resolution itself, one query per ratio.
  const watchDpr = () =>
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener(
      'change',
      () => {
        apply(canvas.clientWidth, canvas.clientHeight);
        watchDpr();
      },
      { once: true },
    );
  watchDpr();
  return {
    size,
    /** The 2d context, cleared and scaled to CSS pixels. */
    begin(bg) {
      countDraw(canvas);
      const ctx = canvas.getContext('2d');
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (bg) {
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      } else {
        ctx.clearRect(0, 0, canvas.width, canvas.height);
      }
      ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
      return ctx;
    },
  };
}

/** A pointer position in CSS pixels relative to the canvas. */
export function pointerAt(canvas, ev) {
  const b = canvas.getBoundingClientRect();
  return { x: ev.clientX - b.left, y: ev.clientY - b.top };
}

/** Text with an optional halo, so labels read over lines and cells. */
export function text(ctx, s, x, y, { color, font = FONT, align = 'left', baseline = 'alphabetic', halo } = {}) {
  ctx.font = font;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  if (halo) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = 3;
    ctx.strokeStyle = halo;
    ctx.strokeText(s, x, y);
  }
  ctx.fillStyle = color;
  ctx.fillText(s, x, y);
}

/** `x` with an SI prefix that keeps 1 ≤ mantissa < 1000 (f to k), `sig` significant digits;
 * beyond that range a power of ten. */
export function fmtPrefixed(x, unit, sig = 3) {
  const a = Math.abs(x);
  if (a === 0) return withUnit('0', unit);
  const prefixes = [
    [1e3, 'k'],
    [1, ''],
    [1e-3, 'm'],
    [1e-6, 'µ'],
    [1e-9, 'n'],
    [1e-12, 'p'],
    [1e-15, 'f'],
  ];
  const found = prefixes.find(([f]) => a >= f * (1 - 1e-12));
  if (!found || a >= 1e6) {
    const s = fmtPow(a, sig);
    return withUnit(x < 0 ? `−${s}` : s, unit);
  }
  const [f, p] = found;
  return withUnit(fmtSig(x / f, sig), `${p}${unit}`);
}

/** A length with a sign in the unit that reads best (m down to fm), `sig` significant digits. */
export function fmtSignedLength(m, sig = 3) {
  return fmtPrefixed(m, 'm', sig);
}

/** A tick label for a power of ten of metres: 1 nm, 10 µm, 1 mm. */
export function fmtDecadeLength(m) {
  const e = Math.round(Math.log10(m));
  const units = [
    [-12, 'pm'],
    [-9, 'nm'],
    [-6, 'µm'],
    [-3, 'mm'],
    [0, 'm'],
  ];
  let [base, u] = units[0];
  for (const [b, name] of units) if (e >= b) [base, u] = [b, name];
  return withUnit(String(10 ** (e - base)), u);
}

/** A tick label for a decade: 0.1, 1, 10, 100 (decimal comma in Spanish). */
export function fmtDecade(x) {
  const e = Math.round(Math.log10(x));
  return e < 0 ? fmtFixed(10 ** e, -e) : String(10 ** e);
}

/** Everyday magnitudes as 0.0125 or 250, others as 1.25 × 10⁻⁷; `sig` significant digits. */
