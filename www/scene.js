// The throw, drawn with Canvas 2D in CSS pixels (setTransform(dpr) keeps it crisp).
//
// Top: the track to scale, one lane per ball, the wall hatched, a faint marker at every step's
// discrete position, and a dashed arc over any step that jumps the wall. Bottom: a zoom on the
// front face with a log axis of the distance to the wall, so a 24 µm gap (and the Newton
// iterates that approach it geometrically) can be seen. Balls are drawn with their leading
// edge at x: the penalty ball is a disc, the IPC ball a diamond, each labelled.

import { t, fmtLength, fmtGap, fmtDepth, fmtSig } from './i18n.js';
import { MODEL_NAMES, look } from './models.js';
import { addShape, shapePath } from './draw.js';

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const FONT_SMALL = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const FONT_BOLD = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function readColors() {
  const cs = getComputedStyle(document.documentElement);
  const v = (n) => cs.getPropertyValue(n).trim();
  return {
    bg: v('--canvas-bg'),
    fg: v('--fg'),
    muted: v('--muted'),
    line: v('--line'),
    lane: v('--lane'),
    penalty: v('--penalty'),
    penaltyText: v('--penalty-text'),
    ipc: v('--ipc'),
    ipcText: v('--ipc-text'),
    xtilde: v('--xtilde'),
    wallFill: v('--wall-fill'),
    wallHatch: v('--wall-hatch'),
    wallEdge: v('--wall-edge'),
    barrier: v('--barrier'),
    barrierText: v('--barrier-text'),
  };
}

function drawBall(ctx, shape, x, y, r, fill, edge) {
  shapePath(ctx, shape, x, y, r);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = edge;
  ctx.stroke();
}

function hatch(ctx, x0, y0, w, h, c) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, y0, w, h);
  ctx.fillStyle = c.wallFill;
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = c.wallHatch;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let s = -h; s < w + h; s += 6) {
    ctx.moveTo(x0 + s, y0 + h);
    ctx.lineTo(x0 + s + h, y0);
  }
  ctx.stroke();
  ctx.restore();
  ctx.strokeStyle = c.wallEdge;
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y0 + 0.5, Math.max(0, w - 1), h - 1);
}

function text(ctx, s, x, y, color, align = 'left', font = FONT, baseline = 'alphabetic', maxWidth = undefined) {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  if (maxWidth === undefined) ctx.fillText(s, x, y);
  else ctx.fillText(s, x, y, maxWidth);
}

/** Text on a background-coloured plate, for labels that may sit over markers or lines. */
function label(ctx, s, x, y, color, bg, align = 'left', font = FONT) {
  ctx.font = font;
  ctx.textAlign = align;
  ctx.textBaseline = 'alphabetic';
  const w = ctx.measureText(s).width;
  const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  ctx.fillStyle = bg;
  ctx.globalAlpha = 0.92;
  ctx.fillRect(left - 3, y - 11, w + 6, 15);
  ctx.globalAlpha = 1;
  ctx.fillStyle = color;
  ctx.fillText(s, x, y);
}

/** Keeps a label of width `w` anchored at `x` inside [lo, hi]; returns the left edge. */
function fit(x, w, lo, hi, align) {
  let left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  left = Math.min(Math.max(left, lo), hi - w);
  return left;
}

function niceStep(span, target) {
  const raw = span / target;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** Label of a log-axis decade: 10 cm, 1 mm, 100 µm, 0.1 µm. */
function decadeLabel(e) {
  return fmtLength(10 ** e, 1);
}

export function setupScene(canvas) {
  const ctx = canvas.getContext('2d');
  let cssW = 0;
  let cssH = 0;
  let dpr = 1;

  function resize(w, h, ratio) {
    cssW = w;
    cssH = h;
    dpr = ratio;
    const bw = Math.max(1, Math.round(w * ratio));
    const bh = Math.max(1, Math.round(h * ratio));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
  }

  /**
   * view: {params, balls: {penalty, ipc} (state), positions: {penalty, ipc} (Float64Array
   * buffers) and counts, iterates: {penalty, ipc} (x values of the latest step), colors}
   */
  function draw(view) {
    const models = view.models ?? MODEL_NAMES;
    const c = view.colors;
    const W = cssW;
    const H = cssH;
    if (W < 10 || H < 10) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = c.bg;
    ctx.fillRect(0, 0, W, H);

    const p = view.params;
    const wall = p.wall;
    const back = p.wall + p.thickness;
    const narrow = W < 560;
    const R = narrow ? 7 : 8;
    const padL = 14;
    const padR = 14;

    // ---------------- the track, to scale ----------------
    const xHi = back + 0.16 * back;
    const x0px = padL + 2 * R + 2;
    const pxPerM = (W - padR - x0px) / xHi;
    const sx = (x) => x0px + x * pxPerM;
    const yTop = 26;
    const lanes = Object.fromEntries(models.map((m, i) => [m, 64 + 42 * i]));
    const yRuler = 126;

    // Wall
    const wx0 = sx(wall);
    const wx1 = sx(back);
    hatch(ctx, Math.round(wx0), yTop, Math.max(2, Math.round(wx1) - Math.round(wx0)), yRuler - yTop, c);
    {
      const s = t('scene.wall', { thickness: fmtLength(p.thickness, 3) });
      ctx.font = FONT_SMALL;
      const w = ctx.measureText(s).width;
      text(ctx, s, fit((wx0 + wx1) / 2, w, padL, W - padR, 'center'), yTop - 8, c.muted, 'left', FONT_SMALL);
    }

    // Lanes and their labels
    for (const [model, y] of Object.entries(lanes)) {
      ctx.strokeStyle = c.lane;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(sx(0) - 2 * R, y + R + 3.5);
      ctx.lineTo(W - padR, y + R + 3.5);
      ctx.stroke();
    }

    // Ruler
    ctx.strokeStyle = c.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(sx(0), yRuler + 0.5);
    ctx.lineTo(W - padR, yRuler + 0.5);
    const tick = niceStep(xHi, narrow ? 4 : 8);
    const faceLabel = `${fmtSig(wall, 4)} m`;
    ctx.font = FONT_SMALL;
    const faceW = ctx.measureText(faceLabel).width;
    const faceL = fit(wx0, faceW, 0, W, 'center');
    for (let x = 0; x <= xHi + 1e-9; x += tick) {
      const px = Math.round(sx(x)) + 0.5;
      ctx.moveTo(px, yRuler);
      ctx.lineTo(px, yRuler + 4);
    }
    ctx.stroke();
    for (let x = 0; x <= xHi + 1e-9; x += tick) {
      const s = x === 0 ? '0 m' : fmtSig(x, 3);
      const px = sx(x);
      const w = ctx.measureText(s).width;
      if (px + w / 2 > faceL - 6 && px - w / 2 < faceL + faceW + 6) continue;
      if (px + w / 2 > W) continue;
      text(ctx, s, px, yRuler + 16, c.muted, 'center', FONT_SMALL);
    }
    text(ctx, faceLabel, faceL, yRuler + 16, c.fg, 'left', FONT_SMALL);
    ctx.beginPath();
    ctx.moveTo(Math.round(wx0) + 0.5, yRuler);
    ctx.lineTo(Math.round(wx0) + 0.5, yRuler + 5);
    ctx.strokeStyle = c.fg;
    ctx.stroke();

    // Step markers and jump arcs
    for (const model of models) {
      const y = lanes[model];
      const shape = look(model).marker;
      const col = c[look(model).color];
      const buf = view.positions[model];
      const n = view.counts[model];
      ctx.globalAlpha = 0.45;
      ctx.strokeStyle = col;
      ctx.lineWidth = 1;
      let lastPx = -Infinity;
      ctx.beginPath();
      for (let i = 0; i < n; i++) {
        // Behind the back face a marker's trailing edge is at x: it sits clear of the wall.
        const px = sx(Math.min(buf[i], xHi)) + (buf[i] > back ? 7 : 0);
        if (Math.abs(px - lastPx) < 2.5 && i !== n - 1) continue;
        lastPx = px;
        addShape(ctx, shape, px, y, 3.5);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      // A step that starts in front of the wall and ends behind it.
      for (let i = 0; i < n; i++) {
        const prev = i === 0 ? 0 : buf[i - 1];
        if (prev <= wall && buf[i] > back) {
          const a = sx(prev) - R;
          const b = sx(Math.min(buf[i], xHi)) + (buf[i] > xHi ? -R : R);
          const top = y - 26;
          ctx.setLineDash([4, 3]);
          ctx.strokeStyle = col;
          ctx.lineWidth = 1.25;
          ctx.beginPath();
          ctx.moveTo(a, y - R - 2);
          ctx.quadraticCurveTo((a + b) / 2, top - 6, b, y - R - 2);
          ctx.stroke();
          ctx.setLineDash([]);
          // arrow head
          ctx.beginPath();
          ctx.moveTo(b, y - R - 2);
          ctx.lineTo(b - 6, y - R - 7);
          ctx.moveTo(b, y - R - 2);
          ctx.lineTo(b + 1, y - R - 9);
          ctx.stroke();
          const s = t('scene.jump', { len: fmtLength(buf[i] - prev, 3) });
          ctx.font = FONT_SMALL;
          const w = ctx.measureText(s).width;
          // Left of the arc's start if it clears the lane label, else above the arc.
          const col2 = c[look(model).text];
          if (a - 8 - w > padL + 90) label(ctx, s, a - 8 - w, y - R - 8, col2, c.bg, 'left', FONT_SMALL);
          else label(ctx, s, fit(a + 24, w, padL, W - padR, 'left'), top - 12, col2, c.bg, 'left', FONT_SMALL);
        }
      }
    }

    // Balls
    for (const model of models) {
      const b = view.balls[model];
      const y = lanes[model];
      const shape = look(model).marker;
      const fill = c[look(model).color];
      const edge = c[look(model).text];
      if (b.x > xHi) {
        // Off the track to the right: pin it to the edge with its position.
        drawBall(ctx, shape, W - padR, y, R, fill, edge);
        const s = `→ x = ${fmtLength(b.x, 3)}`;
        label(ctx, s, W - padR - 2 * R - 4, y + 4, edge, c.bg, 'right', FONT_SMALL);
      } else {
        drawBall(ctx, shape, sx(b.x) + (b.x > back ? 2 * R : 0), y, R, fill, edge);
      }
    }

    // Lane labels last, on plates, so a jump arc never crosses them.
    for (const [model, y] of Object.entries(lanes)) {
      const shape = look(model).marker;
      const tcol = c[look(model).text];
      label(ctx, t(look(model).label), padL + 13, y - 16, tcol, c.bg, 'left', FONT_BOLD);
      ctx.fillStyle = c.bg;
      ctx.fillRect(padL - 2, y - 27, 15, 15);
      shapePath(ctx, shape, padL + 9, y - 20, 4.5);
      ctx.fillStyle = c[look(model).color];
      ctx.fill();
    }

    // ---------------- zoom on the front face (log distance) ----------------
    const iTop = 168;
    const iBottom = H - 30;
    const iLanes = Object.fromEntries(models.map((m, i) => [m, iTop + 40 + 40 * i]));
    const wallBlock = Math.round(Math.min(110, Math.max(54, 0.1 * W)));
    const behindW = narrow ? 22 : 34;
    const blockX1 = W - padR - behindW;
    const blockX0 = blockX1 - wallBlock;
    const axisL = padL + 2 * R + 4;
    const axisR = blockX0 - 14;

    // Decades shown: 10 cm down to 0.1 µm, or further when the gap is smaller.
    const gap = view.balls.ipc.x < wall ? wall - view.balls.ipc.x : 1;
    const closest = Math.min(gap, -view.balls.ipc.xmax_minus_wall_m > 0 ? -view.balls.ipc.xmax_minus_wall_m : 1);
    const eHi = -1;
    const eLo = Math.min(-7, Math.floor(Math.log10(closest)) - 1);
    const su = (d) => axisL + ((eHi - Math.log10(d)) / (eHi - eLo)) * (axisR - axisL);

    // Callout from the track's front face to the zoom.
    ctx.strokeStyle = c.line;
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(sx(wall - 0.1), yRuler + 25);
    ctx.lineTo(axisL, iTop - 4);
    ctx.moveTo(wx0, yRuler + 25);
    ctx.lineTo(blockX0, iTop - 4);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(sx(wall - 0.1), yRuler + 21);
    ctx.lineTo(sx(wall - 0.1), yRuler + 25);
    ctx.lineTo(wx0, yRuler + 25);
    ctx.lineTo(wx0, yRuler + 21);
    ctx.stroke();

    // Panel
    ctx.strokeStyle = c.line;
    ctx.strokeRect(padL - 6 + 0.5, iTop - 4 + 0.5, W - padL - padR + 12 - 1, H - iTop);
    // On a phone the Spanish title is wider than the inset: squeezed a little rather than cut.
    text(ctx, t('scene.inset'), padL, iTop + 10, c.muted, 'left', FONT_SMALL, 'alphabetic', W - padL - padR);

    // Barrier zone d < d̂
    const ud = su(Math.min(p.dhat, 10 ** eHi));
    const yz0 = iTop + 30;
    const yz1 = iBottom;
    const yb0 = iLanes.ipc - 16;
    const yb1 = iLanes.ipc + 22;
    ctx.fillStyle = c.barrier;
    ctx.fillRect(ud, yb0, axisR - ud, yb1 - yb0);
    ctx.font = FONT_SMALL;
    const bl = t('scene.barrier');
    const blw = ctx.measureText(bl).width;
    if (axisR - ud > blw + 6) text(ctx, bl, axisR - 3, yb0 - 4, c.barrierText, 'right', FONT_SMALL);
    ctx.strokeStyle = c.barrierText;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(Math.round(ud) + 0.5, yb0);
    ctx.lineTo(Math.round(ud) + 0.5, yb1);
    ctx.stroke();
    ctx.setLineDash([]);

    // Wall block (linear in depth) with a break between it and the log axis.
    hatch(ctx, blockX0, yz0, wallBlock, yz1 - yz0, c);
    const wl = t('scene.wall', { thickness: fmtLength(p.thickness, 3) });
    ctx.font = FONT_SMALL;
    if (ctx.measureText(wl).width < wallBlock - 6) label(ctx, wl, blockX0 + wallBlock / 2, yz1 - 5, c.muted, c.bg, 'center', FONT_SMALL);

    // Axis with decade ticks
    const yAx = iBottom;
    ctx.strokeStyle = c.line;
    ctx.beginPath();
    ctx.moveTo(axisL, yAx + 0.5);
    ctx.lineTo(axisR, yAx + 0.5);
    ctx.stroke();
    // break marks: the log axis never reaches d = 0
    ctx.strokeStyle = c.muted;
    ctx.beginPath();
    for (const dx of [axisR + 3, axisR + 8]) {
      ctx.moveTo(dx - 3, yAx + 5);
      ctx.lineTo(dx + 3, yAx - 5);
    }
    ctx.stroke();
    const decades = eHi - eLo;
    const every = (axisR - axisL) / decades < (narrow ? 46 : 40) ? 2 : 1;
    ctx.beginPath();
    for (let e = eHi; e >= eLo; e--) {
      const u = Math.round(su(10 ** e)) + 0.5;
      ctx.moveTo(u, yAx);
      ctx.lineTo(u, yAx + 4);
    }
    ctx.strokeStyle = c.line;
    ctx.stroke();
    for (let e = eHi; e >= eLo; e--) {
      if ((eHi - e) % every) continue;
      text(ctx, decadeLabel(e), su(10 ** e), yAx + 16, c.muted, 'center', FONT_SMALL);
    }

    // Step markers within the zoom, then iterates, then balls.
    const uOf = (x) => {
      const d = wall - x;
      if (d > 0) return d >= 10 ** eHi ? null : Math.min(su(d), axisR);
      if (x <= back) return blockX0 + ((x - wall) / p.thickness) * wallBlock;
      return null;
    };
    for (const model of models) {
      const y = iLanes[model];
      const shape = look(model).marker;
      const col = c[look(model).color];
      const buf = view.positions[model];
      const n = view.counts[model];
      ctx.globalAlpha = 0.45;
      ctx.strokeStyle = col;
      ctx.lineWidth = 1;
      let lastPx = -Infinity;
      ctx.beginPath();
      // Newest first: only the last few hundred steps can be near the wall.
      for (let i = n - 1; i >= Math.max(0, n - 400); i--) {
        const u = uOf(buf[i]);
        if (u === null || Math.abs(u - lastPx) < 2) continue;
        lastPx = u;
        addShape(ctx, shape, u, y, 3);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;

      // Newton iterates of the latest step: dots just under the lane.
      const its = view.iterates[model];
      if (its && its.length > 1) {
        ctx.fillStyle = col;
        let shown = 0;
        for (let i = 0; i < its.length; i++) {
          const u = uOf(its[i]);
          if (u === null) continue;
          ctx.globalAlpha = 0.35 + (0.65 * (i + 1)) / its.length;
          ctx.beginPath();
          ctx.arc(u - 1.5, y + R + 6, 1.8, 0, 2 * Math.PI);
          ctx.fill();
          shown++;
        }
        ctx.globalAlpha = 1;
        // Said once, under the last lane.
        if (model === models.at(-1) && shown > 2 && !narrow) {
          text(ctx, t('scene.iterates'), axisL, y + R + 20, c.muted, 'left', FONT_SMALL);
        }
      }
    }

    for (const model of models) {
      const b = view.balls[model];
      const y = iLanes[model];
      const shape = look(model).marker;
      const fill = c[look(model).color];
      const edge = c[look(model).text];
      const r = R - 1;
      let u;
      let s;
      let align = 'right';
      const d = wall - b.x;
      if (b.x > back) {
        u = blockX1 + 2 * r + 2;
        s = t('scene.behind');
      } else if (d <= 0) {
        u = uOf(b.x);
        s = t('scene.inside', { len: fmtDepth(-d) });
      } else if (d >= 10 ** eHi) {
        u = axisL;
        s = t('scene.away', { len: fmtLength(d, 3) });
        align = 'left';
      } else {
        u = su(d);
        // Both balls alike (53 mm, not 53 mm and 53.00 mm); the article's µm gap below 1 mm.
        s = d < 1e-3 ? fmtGap(d) : fmtLength(d, 3);
      }
      drawBall(ctx, shape, u, y, r, fill, edge);
      ctx.font = FONT_SMALL;
      const w = ctx.measureText(s).width;
      if (b.x > back) {
        label(ctx, s, fit(u, w, padL, W - padR + 4, 'right'), y - r - 6, edge, c.bg, 'left', FONT_SMALL);
        continue;
      }
      let lx = align === 'left' ? u + 4 : u - 2 * r - 5 - w;
      if (lx < padL) lx = u + 4;
      lx = Math.min(lx, W - padR - w);
      label(ctx, s, lx, y + 4, edge, c.bg, 'left', FONT_SMALL);
    }
  }

  return { resize, draw };
}
