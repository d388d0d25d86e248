// What the canvases draw alike: each model's marker shape (www/models.js names it), HiDPI
// sizing (and the dpr watch), the wall's hatching, words (plain, with a halo or on a plate)
// whose boxes are returned, so a panel can keep its labels apart and a test can read where
// they went, and the draw counts behind window.ipcWall.__draws().

// The canvases' words are in the page's typeface: its families are the style sheet's `--font`,
// which main.js hands to useFontFamily with the colours, before anything is drawn.
export let FONT = '12px sans-serif';
export let FONT_SMALL = '11px sans-serif';
export let FONT_BOLD = '600 12px sans-serif';

/** Sets the families (a CSS list) of the canvases' fonts. */
export function useFontFamily(families) {
  const f = families.trim() || 'sans-serif';
  FONT = `12px ${f}`;
  FONT_SMALL = `11px ${f}`;
  FONT_BOLD = `600 12px ${f}`;
}

/** Path of a marker whose leading (right) edge is at (x, y), of radius r. */
export function shapePath(ctx, shape, x, y, r) {
  ctx.beginPath();
  addShape(ctx, shape, x, y, r);
}

/** Adds a marker (disc, diamond, square or triangle) to the current path, so many markers cost
 * one stroke. */
export function addShape(ctx, shape, x, y, r) {
  ctx.moveTo(x, y);
  if (shape === 'disc') {
    ctx.arc(x - r, y, r, 0, 2 * Math.PI);
    return;
  }
  if (shape === 'square') {
    const s = 0.82 * r;
    ctx.lineTo(x, y - s);
    ctx.lineTo(x - 2 * s, y - s);
    ctx.lineTo(x - 2 * s, y + s);
    ctx.lineTo(x, y + s);
  } else if (shape === 'triangle') {
    // Pointing the way the ball flies.
    ctx.lineTo(x - 2 * r, y - r);
    ctx.lineTo(x - 2 * r, y + r);
  } else {
    ctx.lineTo(x - r, y - r);
    ctx.lineTo(x - 2 * r, y);
    ctx.lineTo(x - r, y + r);
  }
  ctx.closePath();
}

/** Sizes a canvas's backing store to its CSS box × dpr; true if it changed (which clears it). */
export function sizeCanvas(canvas, w, h, dpr) {
  const bw = Math.max(1, Math.round(w * dpr));
  const bh = Math.max(1, Math.round(h * dpr));
  if (canvas.width === bw && canvas.height === bh) return false;
  canvas.width = bw;
  canvas.height = bh;
  return true;
}

/** The wall's hatching in the rectangle (x0, y0, w, h): a fill, diagonal strokes every
 * `spacing` px and an edge (each optional). */
export function hatch(ctx, x0, y0, w, h, { fill, stroke, edge, spacing = 6 }) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, y0, w, h);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  ctx.clip();
  ctx.strokeStyle = stroke;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let s = -h; s < w + h; s += spacing) {
    ctx.moveTo(x0 + s, y0 + h);
    ctx.lineTo(x0 + s + h, y0);
  }
  ctx.stroke();
  ctx.restore();
  if (!edge) return;
  ctx.strokeStyle = edge;
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y0 + 0.5, Math.max(0, w - 1), h - 1);
}

// Widths by font and text: a label is measured once, not on every frame that draws it. The
// canvas's scale is applied at draw time, so a width in CSS px holds at any size or dpr.
const widths = new Map();
const MAX_WIDTHS = 2000;

/** Width of `s` in `font` (CSS px; `ctx`'s font is left set to `font`). */
export function measure(ctx, s, font) {
  ctx.font = font;
  const key = `${font}|${s}`;
  let w = widths.get(key);
  if (w === undefined) {
    // Positions in a moving throw make new strings every frame: keep the map bounded.
    if (widths.size >= MAX_WIDTHS) widths.clear();
    w = ctx.measureText(s).width;
    widths.set(key, w);
  }
  return w;
}

/** The box a label of width `w` takes with its left edge at `left` and its baseline at `y`
 * (the plate's margin included): {x, y, w, h}. */
export function labelBox(left, y, w) {
  return { x: left - 3, y: y - 11, w: w + 6, h: 15 };
}

/** Whether two boxes {x, y, w, h} overlap (touching edges do not). */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Left edge of a label of width `w` anchored at `x` ('left', 'center' or 'right'), kept inside
 * [lo, hi]. */
export function fitLeft(x, w, align, lo, hi) {
  const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  return Math.max(lo, Math.min(left, hi - w));
}

/** Words on a plate of the background's colour, for labels that may sit over marks or lines. */
export function drawPlate(ctx, s, left, y, { color, bg, font = FONT }) {
  const b = labelBox(left, y, measure(ctx, s, font));
  ctx.fillStyle = bg;
  ctx.globalAlpha = 0.92;
  ctx.fillRect(b.x, b.y, b.w, b.h);
  ctx.globalAlpha = 1;
  text(ctx, s, left, y, { color, font });
}

/**
 * Where a label of width `w` goes: the first of `spots` ({x, y: baseline, align}) whose box,
 * kept inside [lo, hi], overlaps none of `taken`; failing that, the nearest free place along
 * the spots' rows; failing that, the spot that overlaps fewest. Returns {left, y, box}.
 */
export function placeLabel(w, spots, taken, lo, hi) {
  let best = null;
  const at = (x, s) => {
    const left = fitLeft(x, w, s.align, lo, hi);
    const box = labelBox(left, s.y, w);
    const hits = taken.reduce((n, b) => n + (overlaps(box, b) ? 1 : 0), 0);
    if (!best || hits < best.hits) best = { left, y: s.y, box, hits };
    return hits === 0;
  };
  for (const s of spots) if (at(s.x, s)) return best;
  // The smallest shift first, whichever spot's row it is in.
  for (let k = 1; k * 8 < hi - lo; k++) {
    for (const s of spots) if (at(s.x + 8 * k, s) || at(s.x - 8 * k, s)) return best;
  }
  return best;
}

/** How many times each canvas (by id) was drawn: a test hook, window.ipcWall.__draws(). */
export const drawCounts = {};

/** Call once per redraw of `canvas`. */
export function countDraw(canvas) {
  drawCounts[canvas.id] = (drawCounts[canvas.id] ?? 0) + 1;
}

// Canvases mounted in one go are measured together, once their page is built: reading a size
// forces a layout, and one per canvas, between the panels' DOM being added, cost 40 ms at load.
const toMeasure = [];

/** `apply(w, h)` with `canvas`'s CSS size, read when the code that mounts it has run (before
 * any animation frame, so the figure's first frame is drawn at its size). */
function measureSoon(canvas, apply) {
  if (toMeasure.length === 0) {
    queueMicrotask(() => {
      const all = toMeasure.splice(0);
      // Fractions of a pixel kept (clientWidth rounds them off), as the ResizeObserver reports
      // them: its first report, of this same size, then changes nothing.
      const sizes = all.map(([c]) => {
        const b = c.getBoundingClientRect();
        return [b.width, b.height];
      });
      all.forEach(([, f], i) => f(...sizes[i]));
    });
  }
  toMeasure.push([canvas, apply]);
}

// Draft resolution. On a phone-class CPU, committing canvases of 2–3 backing pixels per CSS
// pixel costs most of a frame by itself, whatever is drawn in them. On such a device, while the
// picture moves (a slider is held, or the throw plays), every canvas draws at one backing pixel
// per CSS pixel; full resolution comes back once it is still (main.js says when it moves).
let draft = false;
const resizers = new Set(); // per canvas, applies the current resolution (true if it changed)
let pending = []; // those of the canvases still at the other resolution

/** Draft resolution on or off, called once per frame. The canvases change one per call (a
 * change resizes, so clears and redraws, a canvas): no one frame redraws them all. */
export function setDraft(on) {
  if (on !== draft) {
    draft = on;
    pending = [...resizers];
  }
  // Those already at this resolution are passed over.
  for (let changed = false; !changed && pending.length > 0; ) changed = pending.shift()();
}

/** Whether the canvases are asked for draft resolution now: the picture moves on a device
 * judged slow (main.js holds the figure's words back then too). */
export const inDraft = () => draft;

// A frame interval over LATE_MS (60 Hz misses a frame at 16.7 ms) is late, and one over
// PAUSE_MS a pause (the loop slept), not a frame; LATE_FRAMES late ones among the last
// DRAFT_WINDOW while moving make the device slow.
const LATE_MS = 24;
const PAUSE_MS = 250;
const LATE_FRAMES = 4;
const DRAFT_WINDOW = 8;

/**
 * `(now, moving) → draft?`, called once per animation frame with its time and whether the
 * picture moves: draft while it moves, once frames on this device have been seen to come late
 * while it moved. The verdict stays for the page's life, so later motion is in draft from its
 * first frame. Only intervals between two frames in motion count.
 */
export function draftGovernor() {
  const late = [];
  let slow = false;
  let last = null; // the previous frame's time, while moving
  const wanted = (now, moving) => {
    if (moving && last !== null && !slow && now - last < PAUSE_MS) {
      late.push(now - last > LATE_MS);
      if (late.length > DRAFT_WINDOW) late.shift();
      slow = late.filter(Boolean).length >= LATE_FRAMES;
    }
    last = moving ? now : null;
    return moving && slow;
  };
  /** Whether this device has been judged slow (it stays so). */
  wanted.slow = () => slow;
  return wanted;
}

/**
 * `(ratio) → make()`'s value for that backing ratio, kept for the two latest ratios (full and
 * draft resolution). A panel keeps its static layers so: on a slow device every motion
 * switches resolution twice, and each switch then copies layers drawn before instead of
 * drawing them again at the other resolution.
 */
export function perRatio(make) {
  const kept = new Map(); // the most recently used last
  return (ratio) => {
    let value = kept.get(ratio);
    if (value === undefined) {
      value = make();
      if (kept.size >= 2) kept.delete(kept.keys().next().value);
    }
    kept.delete(ratio);
    kept.set(ratio, value);
    return value;
  };
}

/** The backing pixels per CSS pixel a canvas is drawn at now. */
const backingRatio = () => (draft ? Math.min(1, window.devicePixelRatio || 1) : window.devicePixelRatio || 1);

/**
 * A canvas whose backing store follows its CSS box × devicePixelRatio (× 1 in draft);
 * `draw(ctx, w, h)` is called with the context scaled to CSS pixels; a change of
 * devicePixelRatio resizes it too. `onResize(size)` after each. Returns {size, begin}.
 */
export function hidpiCanvas(canvas, onResize) {
  const size = { w: 0, h: 0, dpr: 1 };
  let measured = false;
  function apply(w, h) {
    const dpr = backingRatio();
    // The same size again (the observer's first report): a resize would clear the canvas and
    // make its panel draw everything again, static layers too, in the frame after the first.
    if (measured && Math.abs(w - size.w) < 0.01 && Math.abs(h - size.h) < 0.01 && dpr === size.dpr) return;
    measured = true;
    Object.assign(size, { w, h, dpr });
    sizeCanvas(canvas, w, h, size.dpr);
    onResize?.(size);
  }
  const ro = new ResizeObserver((entries) => {
    for (const e of entries) {
      const box = e.contentBoxSize?.[0];
      apply(box ? box.inlineSize : e.contentRect.width, box ? box.blockSize : e.contentRect.height);
    }
  });
  ro.observe(canvas);
  measureSoon(canvas, apply);
  // The CSS box stays as it was measured (clientWidth would round off a fraction of a pixel).
  const rescale = () => {
    if (backingRatio() === size.dpr) return false;
    apply(size.w, size.h);
    return true;
  };
  watchDpr(rescale);
  resizers.add(rescale);
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

/** `onChange()` at each new devicePixelRatio (a zoom, another screen): it leaves the CSS box
 * as it was, so a ResizeObserver says nothing. One media query per ratio. */
function watchDpr(onChange) {
  const query = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
  query.addEventListener(
    'change',
    () => {
      onChange();
      watchDpr(onChange);
    },
    { once: true },
  );
}

/** A pointer position in CSS pixels relative to the canvas. */
export function pointerAt(canvas, ev) {
  const b = canvas.getBoundingClientRect();
  return { x: ev.clientX - b.left, y: ev.clientY - b.top };
}

/** Text with an optional halo, so labels read over lines and cells. */
export function text(ctx, s, x, y, { color, font = FONT, align = 'left', baseline = 'alphabetic', halo, maxWidth } = {}) {
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
  if (maxWidth === undefined) ctx.fillText(s, x, y);
  else ctx.fillText(s, x, y, maxWidth);
}
