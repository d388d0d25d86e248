// The throw, drawn with Canvas 2D in CSS pixels (setTransform(dpr) keeps it crisp).
//
// Top: the track to scale, one lane per ball, the wall hatched, a faint marker at every step's
// discrete position, and a dashed arc over any step that jumps the wall. Bottom: a zoom on the
// front face with a log axis of the distance to the wall, so a 24 µm gap (and the Newton
// iterates that approach it geometrically) can be seen. Balls are drawn with their leading
// edge at x, each model with its own marker (www/models.js). A ball that came back from its
// closest approach (or deepest point) has that point marked with its distance.
//
// Everything that depends only on the size, dpr, colours, language, parameters, lanes and the
// inset's decades is drawn once into an offscreen layer and blitted each frame. Labels are
// placed where they overlap no other label, ball or d̂ line; what was drawn is kept as plain
// data for tests (`drawn()`).

import { t, getLang, fmtLength, fmtGap, fmtDepth, fmtSig } from './i18n.js';
import { MODEL_NAMES, look } from './models.js';
import * as api from './api.js';
import { placeOf, insetWords } from './outcome.js';
import { FONT_SMALL, FONT_BOLD, addShape, shapePath, sizeCanvas, hidpiCanvas, countDraw, hatch, measure, labelBox, fitLeft, text, drawPlate, placeLabel, perRatio } from './draw.js';

const PAD = 14; // the track's side margins
const EDGE = 8; // words stay this far inside the canvas (the inset's frame)
const E_HI = -1; // the inset's log axis starts at 10 cm

export function readColors() {
  const cs = getComputedStyle(document.documentElement);
  const v = (n) => cs.getPropertyValue(n).trim();
  const muted = v('--muted');
  // The models beyond the article's two may have no colour of their own yet.
  const or = (n) => v(n) || muted;
  return {
    bg: v('--canvas-bg'),
    fg: v('--fg'),
    muted,
    line: v('--line'),
    lane: v('--lane'),
    penalty: v('--penalty'),
    penaltyText: v('--penalty-text'),
    ipc: v('--ipc'),
    ipcText: v('--ipc-text'),
    barrierAlone: or('--barrier-alone'),
    barrierAloneText: or('--barrier-alone-text'),
    ccdAlone: or('--ccd-alone'),
    ccdAloneText: or('--ccd-alone-text'),
    xtilde: v('--xtilde'),
    wallFill: v('--wall-fill'),
    wallHatch: v('--wall-hatch'),
    wallEdge: v('--wall-edge'),
    barrier: v('--barrier'),
    barrierText: v('--barrier-text'),
  };
}

function niceStep(span, target) {
  const raw = span / target;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** Lowest decade of the inset: 0.1 µm, or one below the smallest gap any ball has had. */
function decadeLow(view, models) {
  const wall = view.params.wall;
  let closest = 1;
  for (const m of models) {
    const b = view.balls[m];
    if (!b) continue;
    if (b.x < wall) closest = Math.min(closest, wall - b.x);
    if (b.xmax_minus_wall_m < 0) closest = Math.min(closest, -b.xmax_minus_wall_m);
  }
  return Math.min(-7, Math.floor(Math.log10(closest)) - 1);
}

/** The rows: lanes share what the fixed rows leave of the height, so a short canvas on a phone
 * and four balls both fit. Below ~230 px the lanes lose their names (the marker stays) and the
 * inset its title. */
function rows(H, n, narrow) {
  const roomy = H >= 230;
  const head = roomy ? 26 : 20; // the wall's label above the track
  const rulerGap = roomy ? 38 : 28; // ruler, its labels and the callout, down to the inset
  const title = roomy ? 18 : 0;
  const foot = roomy ? 18 : 0; // a line under the inset's lanes
  const axis = roomy ? 30 : 24;
  const avail = H - head - rulerGap - 4 - title - foot - axis;
  // Four balls need about 220 px; below that their lanes are too tight for every label.
  const pitch = Math.max(8, Math.min(46, avail / (2 * n)));
  const named = pitch >= 30;
  const R = named ? (narrow ? 7 : 8) : Math.max(3, Math.min(6, Math.floor((pitch - 4) / 2)));
  // Height left over goes first to the callout, then to the inset's lanes.
  const extra = Math.max(0, avail - 2 * n * pitch);
  const gapExtra = Math.min(extra, 20);
  const ipitch = Math.min(60, pitch + (extra - gapExtra) / n);
  const yTop = head;
  const yRuler = head + n * pitch;
  const fTop = yRuler + rulerGap + gapExtra;
  const yAx = H - axis;
  return { roomy, named, pitch, ipitch, R, yTop, yRuler, fTop, title, yAx, yFoot: yAx - 6, gapExtra };
}

/** Where everything goes, from the canvas size, the parameters, the lanes and the decades. */
function layout(W, H, p, models, eLo) {
  const narrow = W < 560;
  const L = { W, H, p, models, eLo, narrow, ...rows(H, models.length, narrow) };
  const { R, pitch, ipitch } = L;
  L.wall = p.wall;
  L.back = p.wall + p.thickness;
  // The track, to scale; without names each lane starts with its marker.
  L.xHi = 1.16 * L.back;
  L.x0 = PAD + (L.named ? 0 : 12) + 2 * R + 2;
  L.pxPerM = (W - PAD - L.x0) / L.xHi;
  L.sx = (x) => L.x0 + x * L.pxPerM;
  L.wx0 = L.sx(L.wall);
  L.wx1 = L.sx(L.back);
  L.lanes = new Map(models.map((m, i) => [m, L.yTop + pitch * (i + 1) - (R + 5)]));
  // The inset: a log axis of the distance to the wall, then the wall block (linear in depth).
  const i0 = L.fTop + L.title + 4;
  L.iLanes = new Map(models.map((m, i) => [m, i0 + ipitch * (i + 0.5)]));
  L.wallBlock = Math.round(Math.min(110, Math.max(54, 0.1 * W)));
  L.blockX1 = W - PAD - (narrow ? 22 : 34);
  L.blockX0 = L.blockX1 - L.wallBlock;
  L.axisL = PAD + 2 * R + 4;
  L.axisR = L.blockX0 - 14;
  L.su = (d) => L.axisL + ((E_HI - Math.log10(d)) / (E_HI - eLo)) * (L.axisR - L.axisL);
  L.half = Math.min(16, ipitch / 2); // half a lane of the inset, above the ball
  return L;
}

/** Where position x goes on the inset (null: off it, too far in front or behind the wall). */
function insetU(L, x) {
  const d = L.wall - x;
  if (d > 0) return d >= 10 ** E_HI ? null : Math.min(L.su(d), L.axisR);
  if (x <= L.back) return L.blockX0 + ((x - L.wall) / L.p.thickness) * L.wallBlock;
  return null;
}

// ---- the static layer ------------------------------------------------------------------

/** Words drawn at once (the static layer's, the d̂ band's), their box kept in `S.boxes` for the
 * labels drawn later. */
function staticWords(ctx, S, kind, model, s, x, y, align, { color, font = FONT_SMALL, maxWidth, plate } = {}) {
  const w = Math.min(measure(ctx, s, font), maxWidth ?? Infinity);
  const left = fitLeft(x, w, align, EDGE, S.W - EDGE);
  if (plate) drawPlate(ctx, s, left, y, { color, bg: plate, font });
  else text(ctx, s, left, y, { color, font, maxWidth });
  S.boxes.push({ kind, model, text: s, ...labelBox(left, y, w) });
  return left;
}

/** The track's wall, lanes and their names. */
function staticTrack(ctx, L, c, S) {
  const x0 = Math.round(L.wx0);
  hatch(ctx, x0, L.yTop, Math.max(2, Math.round(L.wx1) - x0), L.yRuler - L.yTop, { fill: c.wallFill, stroke: c.wallHatch, edge: c.wallEdge });
  staticWords(ctx, S, 'wall', null, t('scene.wall', { thickness: fmtLength(L.p.thickness, 3) }), (L.wx0 + L.wx1) / 2, L.yTop - 7, 'center', { color: c.muted });
  for (const [model, y] of L.lanes) {
    ctx.strokeStyle = c.lane;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(L.named ? L.sx(0) - 2 * L.R : PAD, y + L.R + 3.5);
    ctx.lineTo(L.W - PAD, y + L.R + 3.5);
    ctx.stroke();
    const m = look(model);
    // The lane's marker, then its name above the lane (when there is room for it).
    const gy = L.named ? y - 20 : y;
    shapePath(ctx, m.marker, PAD + 9, gy, 4.5);
    ctx.fillStyle = c[m.color];
    ctx.fill();
    if (L.named) staticWords(ctx, S, 'lane', model, t(m.label), PAD + 13, y - 16, 'left', { color: c[m.text], font: FONT_BOLD });
  }
}

/** The ruler under the track, with the wall's front face on it. */
function staticRuler(ctx, L, c, S) {
  const y = L.yRuler;
  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(L.sx(0), y + 0.5);
  ctx.lineTo(L.W - PAD, y + 0.5);
  const tick = niceStep(L.xHi, L.narrow ? 4 : 8);
  for (let x = 0; x <= L.xHi + 1e-9; x += tick) {
    const px = Math.round(L.sx(x)) + 0.5;
    ctx.moveTo(px, y);
    ctx.lineTo(px, y + 4);
  }
  ctx.stroke();
  const face = `${fmtSig(L.wall, 4)} m`;
  const faceW = measure(ctx, face, FONT_SMALL);
  const faceL = fitLeft(L.wx0, faceW, 'center', EDGE, L.W - EDGE);
  for (let x = 0; x <= L.xHi + 1e-9; x += tick) {
    const s = x === 0 ? '0 m' : fmtSig(x, 3);
    const px = L.sx(x);
    const w = measure(ctx, s, FONT_SMALL);
    if (px + w / 2 > faceL - 6 && px - w / 2 < faceL + faceW + 6) continue;
    if (px + w / 2 > L.W - EDGE || px - w / 2 < EDGE) continue;
    staticWords(ctx, S, 'tick', null, s, px, y + 15, 'center', { color: c.muted });
  }
  staticWords(ctx, S, 'tick', null, face, faceL, y + 15, 'left', { color: c.fg });
  ctx.beginPath();
  ctx.moveTo(Math.round(L.wx0) + 0.5, y);
  ctx.lineTo(Math.round(L.wx0) + 0.5, y + 5);
  ctx.strokeStyle = c.fg;
  ctx.stroke();
}

/** The callout: a bracket over the last 10 cm of the ruler, opening onto the inset. */
function staticCallout(ctx, L, c) {
  const b = L.yRuler + 21 + Math.min(4, L.gapExtra);
  const xs = L.sx(L.wall - 0.1);
  ctx.strokeStyle = c.line;
  ctx.beginPath();
  ctx.moveTo(xs, b - 4);
  ctx.lineTo(xs, b);
  ctx.lineTo(L.wx0, b);
  ctx.lineTo(L.wx0, b - 4);
  ctx.stroke();
  ctx.setLineDash([2, 3]);
  ctx.beginPath();
  ctx.moveTo(xs, b);
  ctx.lineTo(L.axisL, L.fTop);
  ctx.moveTo(L.wx0, b);
  ctx.lineTo(L.blockX0, L.fTop);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Lanes whose model keeps a gap (the barrier's) get the band d < d̂ and its dashed edge. Drawn
 * over the static layer, not in it: a drag of d̂ then leaves that layer as it is. */
function drawBarrier(ctx, L, dhat, rec) {
  const c = rec.c;
  const ud = Math.round(L.su(Math.min(dhat, 10 ** E_HI))) + 0.5;
  let named = false;
  for (const [model, y] of L.iLanes) {
    if (look(model).reports !== 'gap') continue;
    // On whole pixels: the dashes' ends are then rendered alike on every frame.
    const y0 = Math.round(y - L.half);
    const y1 = Math.round(y + Math.min(22, L.ipitch / 2));
    ctx.fillStyle = c.barrier;
    ctx.fillRect(ud, y0, L.axisR - ud, y1 - y0);
    ctx.strokeStyle = c.barrierText;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(ud, y0);
    ctx.lineTo(ud, y1);
    ctx.stroke();
    ctx.setLineDash([]);
    const edge = { kind: 'dhat', model, x: ud - 1.5, y: y0, w: 3, h: y1 - y0 };
    rec.dhat.push(edge);
    rec.avoid.push(edge);
    // Named once, above the first band, if the band and the lanes have room for the words.
    const s = t('scene.barrier');
    const w = measure(ctx, s, FONT_SMALL);
    if (!named && L.roomy && L.ipitch >= 30 && L.axisR - ud > w + 6) {
      staticWords(ctx, rec, 'barrier', model, s, L.axisR - 3, y0 - 4, 'right', { color: c.barrierText });
      named = true;
    }
  }
}

/** The inset's frame and title, and the wall block with a break from the log axis. */
function staticInset(ctx, L, c, S) {
  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(PAD - 6 + 0.5, L.fTop + 0.5, L.W - 2 * PAD + 12 - 1, L.H - L.fTop - 1);
  // On a phone the Spanish title is wider than the inset: squeezed a little rather than cut.
  if (L.title) staticWords(ctx, S, 'title', null, t('scene.inset'), PAD, L.fTop + 14, 'left', { color: c.muted, maxWidth: L.W - 2 * PAD });
  const yz0 = L.iLanes.values().next().value - L.half;
  hatch(ctx, L.blockX0, yz0, L.wallBlock, L.yAx - yz0, { fill: c.wallFill, stroke: c.wallHatch, edge: c.wallEdge });
  const s = t('scene.wall', { thickness: fmtLength(L.p.thickness, 3) });
  if (L.roomy && measure(ctx, s, FONT_SMALL) < L.wallBlock - 6) {
    staticWords(ctx, S, 'wall', null, s, L.blockX0 + L.wallBlock / 2, L.yAx - 5, 'center', { color: c.muted, plate: c.bg });
  }
}

/** The log axis of the distance to the wall: decades down to eLo, every other one labelled
 * when they are close. */
function staticAxis(ctx, L, c, S) {
  const y = L.yAx;
  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(L.axisL, y + 0.5);
  ctx.lineTo(L.axisR, y + 0.5);
  for (let e = E_HI; e >= L.eLo; e--) {
    const u = Math.round(L.su(10 ** e)) + 0.5;
    ctx.moveTo(u, y);
    ctx.lineTo(u, y + 4);
  }
  ctx.stroke();
  // Break marks: the log axis never reaches d = 0.
  ctx.strokeStyle = c.muted;
  ctx.beginPath();
  for (const dx of [L.axisR + 3, L.axisR + 8]) {
    ctx.moveTo(dx - 3, y + 5);
    ctx.lineTo(dx + 3, y - 5);
  }
  ctx.stroke();
  const every = (L.axisR - L.axisL) / (E_HI - L.eLo) < (L.narrow ? 46 : 40) ? 2 : 1;
  for (let e = E_HI; e >= L.eLo; e--) {
    const u = L.su(10 ** e);
    S.ticks.push({ e, x: u });
    if ((E_HI - e) % every === 0) staticWords(ctx, S, 'decade', null, fmtLength(10 ** e, 1), u, y + (L.roomy ? 16 : 14), 'center', { color: c.muted });
  }
}

/** Draws the static layer into its own canvas, the size of the scene's backing store. */
function drawStatic(layer, L, c, dpr) {
  const ctx = layer.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, layer.width, layer.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = c.bg;
  ctx.fillRect(0, 0, L.W, L.H);
  const S = { W: L.W, boxes: [], ticks: [] };
  staticTrack(ctx, L, c, S);
  staticRuler(ctx, L, c, S);
  staticCallout(ctx, L, c);
  staticInset(ctx, L, c, S);
  staticAxis(ctx, L, c, S);
  // Lines the labels drawn later keep off: the ruler, the inset's top edge and its axis.
  S.lines = [
    { x: L.sx(0), y: L.yRuler - 1, w: L.W - PAD - L.sx(0), h: 2 },
    { x: PAD - 6, y: L.fTop - 1, w: L.W - 2 * PAD + 12, h: 2 },
    { x: L.axisL, y: L.yAx - 1, w: L.axisR - L.axisL, h: 2 },
  ];
  return S;
}

// ---- what moves ------------------------------------------------------------------------

/** A frame's record: labels (static ones first), marks, balls; and what labels must avoid. */
function newRecord(L, S, c) {
  return { W: L.W, H: L.H, c, S, boxes: S.boxes.slice(), avoid: S.lines.slice(), dhat: [], ticks: S.ticks, marks: [], balls: [], markers: [], wanted: [] };
}

/** Asks for a label; labels are placed after every mark is drawn, in the order asked. */
function want(rec, kind, model, where, text, color, spots) {
  rec.wanted.push({ kind, model, where, text, color, spots });
}

/** Places and draws the labels asked for, each clear of those before it where it can be. */
function placeWanted(ctx, rec) {
  for (const q of rec.wanted) {
    const w = measure(ctx, q.text, FONT_SMALL);
    const at = placeLabel(w, q.spots, rec.boxes.concat(rec.avoid, rec.markers), EDGE, rec.W - EDGE);
    drawPlate(ctx, q.text, at.left, at.y, { color: q.color, bg: rec.c.bg, font: FONT_SMALL });
    rec.boxes.push({ kind: q.kind, model: q.model, where: q.where, text: q.text, ...at.box });
  }
}

/** A ball in its model's marker and colours; labels keep off it. */
function drawBall(ctx, rec, model, where, x, y, r) {
  const m = look(model);
  shapePath(ctx, m.marker, x, y, r);
  ctx.fillStyle = rec.c[m.color];
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = rec.c[m.text];
  ctx.stroke();
  rec.balls.push({ model, where, x, y, r });
  rec.avoid.push({ x: x - 2 * r, y: y - r, w: 2 * r, h: 2 * r });
}

// Labels keep off the middle of the newest few step markers of a lane: those just behind its
// ball, where its label goes first. A plate over half a marker reads as a broken mark; one
// that grazes its edge does not, and keeping off edges too would push a label away from what
// it names. Older markers are far behind, or too many to weigh against every label each frame.
const MARKERS_AVOIDED = 4;

/** Faint markers of the steps' positions along a lane (`at(x)`: where x goes, or null); the
 * middles of the newest few are kept in `rec` for the labels to avoid. */
function stepMarkers(ctx, rec, shape, col, buf, from, to, at, y, r) {
  ctx.globalAlpha = 0.45;
  ctx.strokeStyle = col;
  ctx.lineWidth = 1;
  ctx.beginPath();
  let last = -Infinity;
  let kept = 0;
  // Newest first, so the latest step always gets its marker.
  for (let i = to - 1; i >= from; i--) {
    const u = at(buf[i]);
    if (u === null || (Math.abs(u - last) < 2.5 && i !== to - 1)) continue;
    last = u;
    addShape(ctx, shape, u, y, r);
    if (kept++ < MARKERS_AVOIDED) rec.markers.push({ x: u - 1.5 * r, y: y - r / 2, w: r, h: r });
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** A step that starts in front of the wall and ends behind it: a dashed arc over the wall. */
function jumpArc(ctx, L, rec, model, y, from, to) {
  const R = L.R;
  const col = rec.c[look(model).color];
  const a = L.sx(from) - R;
  const b = L.sx(Math.min(to, L.xHi)) + (to > L.xHi ? -R : R);
  // Under the wall's label when the lanes are tight (the curve peaks half-way to `top`).
  const top = L.named ? y - 32 : y - R - 8;
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = col;
  ctx.lineWidth = 1.25;
  ctx.beginPath();
  ctx.moveTo(a, y - R - 2);
  ctx.quadraticCurveTo((a + b) / 2, top, b, y - R - 2);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(b, y - R - 2);
  ctx.lineTo(b - 6, y - R - 7);
  ctx.moveTo(b, y - R - 2);
  ctx.lineTo(b + 1, y - R - 9);
  ctx.stroke();
  const s = t('scene.jump', { len: fmtLength(to - from, 3) });
  want(rec, 'jump', model, 'track', s, rec.c[look(model).text], [
    { x: a - 8, y: y - R - 8, align: 'right' },
    { x: a + 24, y: top - 6, align: 'left' },
    { x: (a + b) / 2, y: top - 6, align: 'center' },
  ]);
}

/** The track: each lane's step markers, jump arcs and ball. */
function drawTrack(ctx, L, view, rec) {
  for (const [model, y] of L.lanes) {
    const b = view.balls[model];
    if (!b) continue;
    const buf = view.positions[model];
    const n = view.counts[model] ?? 0;
    // Behind the back face a marker's trailing edge is at x: it sits clear of the wall.
    const at = (x) => L.sx(Math.min(x, L.xHi)) + (x > L.back ? 7 : 0);
    stepMarkers(ctx, rec, look(model).marker, rec.c[look(model).color], buf, 0, n, at, y, Math.min(3.5, L.R - 1));
    for (let i = 0; i < n; i++) {
      const prev = i === 0 ? 0 : buf[i - 1];
      if (prev <= L.wall && buf[i] > L.back) jumpArc(ctx, L, rec, model, y, prev, buf[i]);
    }
    extremeMark(ctx, L, rec, model, b, 'track', L.sx, y, L.R);
    if (b.x > L.xHi) {
      // Off the track to the right: pinned to the edge with its position.
      drawBall(ctx, rec, model, 'track', L.W - PAD, y, L.R);
      want(rec, 'position', model, 'track', `→ x = ${fmtLength(b.x, 3)}`, rec.c[look(model).text], [
        { x: L.W - PAD - 2 * L.R - 4, y: y + 4, align: 'right' },
        { x: L.W - PAD, y: y - L.R - 5, align: 'right' },
      ]);
    } else {
      drawBall(ctx, rec, model, 'track', L.sx(b.x) + (b.x > L.back ? 2 * L.R : 0), y, L.R);
    }
  }
}

/** The point a ball came back from: its closest approach in front of the wall, or its
 * deepest point inside it. Null while the ball is still there or has gone through. */
function extreme(L, b) {
  const e = b.xmax_minus_wall_m;
  const x = L.wall + e;
  // The core's xmax − wall and this b.x − wall are the same operation: equal while the ball is
  // at its extreme (comparing b.x with wall + e would not be, by rounding).
  if (!(b.x - L.wall < e) || b.x > L.back) return null;
  if (e < 0) return { x, text: t('scene.closest', { len: fmtGap(-e) }), kind: 'closest', dist: -e };
  if (e <= L.p.thickness) return { x, text: t('scene.deepest', { len: fmtDepth(e) }), kind: 'deepest', dist: e };
  return null;
}

/** Marks a ball's extreme point on the track (`at` = L.sx) or the inset, a pin in its colour. */
function extremeMark(ctx, L, rec, model, b, where, at, y, r) {
  const ex = extreme(L, b);
  if (!ex) return;
  const u = where === 'track' ? at(ex.x) : insetU(L, ex.x);
  if (u === null) return;
  const col = rec.c[look(model).text];
  ctx.strokeStyle = col;
  ctx.fillStyle = col;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(u, y - r - 3);
  ctx.lineTo(u, y + r + 3);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(u - 3.5, y - r - 7);
  ctx.lineTo(u + 3.5, y - r - 7);
  ctx.lineTo(u, y - r - 2);
  ctx.fill();
  rec.marks.push({ kind: ex.kind, model, where, x: u, y, dist: ex.dist });
  rec.avoid.push({ x: u - 4, y: y - r - 7, w: 8, h: 2 * r + 10 });
  const spots =
    where === 'track'
      ? [
          { x: u - 8, y: y - r - 5, align: 'right' },
          { x: u + 8, y: y - r - 5, align: 'left' },
          { x: u - 2 * r - 8, y: y + 4, align: 'right' },
        ]
      : [
          { x: u + 8, y: y + 4, align: 'left' },
          { x: u, y: y - r - 10, align: 'center' },
          { x: u, y: y + r + 15, align: 'center' },
          { x: u - 8, y: y + 4, align: 'right' },
        ];
  want(rec, ex.kind, model, where, ex.text, col, spots);
}

/** The inset: each lane's step markers near the wall and the latest step's Newton iterates. */
function drawZoom(ctx, L, view, rec) {
  const at = (x) => insetU(L, x);
  let iterated = false;
  for (const [model, y] of L.iLanes) {
    if (!view.balls[model]) continue;
    const col = rec.c[look(model).color];
    const n = view.counts[model] ?? 0;
    // Only the last few hundred steps can be near the wall.
    stepMarkers(ctx, rec, look(model).marker, col, view.positions[model], Math.max(0, n - 400), n, at, y, 3);
    const its = view.iterates?.[model];
    if (!its || its.length < 2) continue;
    ctx.fillStyle = col;
    const dy = Math.min(L.R + 6, L.ipitch / 2 - 2);
    let shown = 0;
    its.forEach((x, i) => {
      const u = at(x);
      if (u === null) return;
      ctx.globalAlpha = 0.35 + (0.65 * (i + 1)) / its.length;
      ctx.beginPath();
      ctx.arc(u - 1.5, y + dy, 1.8, 0, 2 * Math.PI);
      ctx.fill();
      shown++;
    });
    ctx.globalAlpha = 1;
    iterated ||= shown > 2;
  }
  // Said once, under the lanes, where there is room.
  if (iterated && L.roomy && !L.narrow) {
    want(rec, 'iterates', null, 'inset', t('scene.iterates'), rec.c.muted, [{ x: L.axisL, y: L.yFoot, align: 'left' }]);
  }
}

/** The inset's balls, each labelled with where it is, and the point it came back from. */
function drawInsetBalls(ctx, L, view, rec) {
  const r = L.R - 1;
  for (const [model, y] of L.iLanes) {
    const b = view.balls[model];
    if (!b) continue;
    const d = L.wall - b.x;
    const at = placeOf(b.x, L.p);
    let s = insetWords(at);
    let u;
    if (at.kind === 'behind') u = L.blockX1 + 2 * r + 2;
    else if (at.kind !== 'front') u = insetU(L, b.x);
    else if (d >= 10 ** E_HI) {
      u = L.axisL;
      s = t('scene.away', { len: fmtLength(d, 3) });
    } else u = L.su(d);
    extremeMark(ctx, L, rec, model, b, 'inset', null, y, r);
    drawBall(ctx, rec, model, 'inset', u, y, r);
    const left = { x: u - 2 * r - 5, y: y + 4, align: 'right' };
    const right = { x: u + 5, y: y + 4, align: 'left' };
    const above = { x: at.kind === 'behind' ? u : u - r, y: y - r - 6, align: at.kind === 'behind' ? 'right' : 'center' };
    const below = { x: u - r, y: y + r + 15, align: 'center' };
    const spots = at.kind === 'behind' ? [above, left, below] : d >= 10 ** E_HI ? [right, above, below] : [left, right, above, below];
    want(rec, 'position', model, 'inset', s, rec.c[look(model).text], spots);
  }
}

/**
 * What the latest drawing showed, so that a view which would look the same is not drawn again:
 * a new k or κ restarts the throw, and its first steps (free flight) are those on the canvas.
 * `same(view, models)` compares; `shown(view, models)` once that view is drawn; `forget()`
 * once the canvas is cleared.
 */
function latestDrawing() {
  let words = null; // everything but the colours and step positions, as one string
  let asked = null; // those of the view last compared: drawn next, they are the latest
  let colors = null;
  const steps = new Map(); // model → a copy of its step positions
  const wordsOf = (view, models) => {
    const { wall, thickness, dhat } = view.params;
    return JSON.stringify([getLang(), models, wall, thickness, dhat, view.balls, view.iterates]);
  };
  const samePositions = (view, models) =>
    models.every((m) => {
      const n = view.counts[m] ?? 0;
      const had = steps.get(m);
      return had?.n === n && view.positions[m].subarray(0, n).every((x, i) => x === had.buf[i]);
    });
  return {
    same(view, models) {
      asked = wordsOf(view, models);
      return view.colors === colors && asked === words && samePositions(view, models);
    },
    shown(view, models) {
      words = asked;
      colors = view.colors;
      for (const m of models) {
        const n = view.counts[m] ?? 0;
        let had = steps.get(m);
        if (!had || had.buf.length < n) steps.set(m, (had = { buf: new Float64Array(Math.max(256, 2 * n)), n }));
        had.buf.set(view.positions[m].subarray(0, n));
        had.n = n;
      }
    },
    forget() {
      words = null;
    },
  };
}

export function setupScene(canvas) {
  const ctx = canvas.getContext('2d');
  // The static layer and what it was drawn from ({key, colors, L, S}), per backing ratio.
  const layers = perRatio(() => {
    const layer = document.createElement('canvas');
    layer.id = 'scene-static'; // for tests: the static layer, off the page
    return { layer, cached: null };
  });
  const size = { w: 0, h: 0, dpr: 1 };
  let staticDraws = 0;
  let last = null;
  const latest = latestDrawing();

  function resize(w, h, ratio) {
    Object.assign(size, { w, h, dpr: ratio });
    sizeCanvas(canvas, w, h, ratio);
    latest.forget();
  }

  /** The static layer for this view at the current ratio, and what it was drawn from:
   * {layer, cached: {key, colors, L, S}}; redrawn only when one of its inputs changed. */
  function staticFor(view, models) {
    const eLo = decadeLow(view, models);
    // Only the wall shapes the static layer: a drag of a slider leaves it as it is.
    const { wall, thickness } = view.params;
    const key = [size.w, size.h, size.dpr, getLang(), models.join(), eLo, wall, thickness].join('|');
    const at = layers(size.dpr);
    if (at.cached?.key === key && at.cached.colors === view.colors) return at;
    const L = layout(size.w, size.h, view.params, models, eLo);
    sizeCanvas(at.layer, size.w, size.h, size.dpr);
    const S = drawStatic(at.layer, L, view.colors, size.dpr);
    staticDraws++;
    at.cached = { key, colors: view.colors, L, S };
    return at;
  }

  /**
   * view: {params, models (names of the balls shown; MODEL_NAMES when absent), balls (state
   * per model), positions (Float64Array per model) and counts, iterates (x values of the
   * latest step per model), colors (readColors)}. What was drawn is kept (see `drawn`).
   * Returns whether it drew: not when the view would look as the latest drawing.
   */
  function draw(view) {
    if (size.w < 10 || size.h < 10) return false;
    const models = view.models ?? MODEL_NAMES;
    if (latest.same(view, models)) return false;
    const { layer, cached } = staticFor(view, models);
    const { L, S } = cached;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // Cleared first: a see-through background must not keep the last frame's balls.
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(layer, 0, 0);
    ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    const rec = newRecord(L, S, view.colors);
    drawBarrier(ctx, L, view.params.dhat, rec);
    drawTrack(ctx, L, view, rec);
    drawZoom(ctx, L, view, rec);
    drawInsetBalls(ctx, L, view, rec);
    placeWanted(ctx, rec);
    last = rec;
    latest.shown(view, models);
    return true;
  }

  /** The static layer for `view` (params, models, balls, colors: what `staticFor` reads),
   * drawn now if it is not there yet. Returns whether it drew. */
  function prepare(view) {
    if (size.w < 10 || size.h < 10) return false;
    const before = staticDraws;
    staticFor(view, view.models ?? MODEL_NAMES);
    return staticDraws > before;
  }

  /** What the latest frame drew, as plain data for tests: label boxes {kind, model, where,
   * text, x, y, w, h} in CSS px, marks of closest/deepest points, balls, the d̂ lines, the
   * inset's decade ticks, the middles of each lane's newest step markers, and how many times
   * the static layer was drawn. */
  function drawn() {
    if (!last) return { staticDraws };
    const { W, H, boxes, marks, balls, markers, dhat, ticks } = last;
    return structuredClone({ W, H, boxes, marks, balls, markers, dhat, ticks, staticDraws });
  }

  return { resize, draw, prepare, drawn };
}

/**
 * The panel (`canvas`: #scene): the throw to scale. `figure` gives the restarts, each ball's
 * step positions (`positions(model)`), the palette and whether it is the dark one. The latest
 * Newton iterates come from the core when the steps change.
 */
export function mount(canvas, figure) {
  const scene = setupScene(canvas);
  let sized = 0; // bumps when the canvas is resized (ResizeObserver, dpr): part of the key
  hidpiCanvas(canvas, (size) => {
    scene.resize(size.w, size.h, size.dpr);
    sized += 1;
  });
  /** One object keyed by the balls thrown, from `f(model)`. */
  const perBall = (models, f) => Object.fromEntries(models.map((m) => [m, f(m)]));
  /** What the static layer is drawn from. */
  const staticView = (state) => ({ params: state.params, models: state.models, balls: perBall(state.models, (m) => state[m]), colors: figure.colors() });
  return {
    /** What the drawing shows: the throw and each ball's steps, words, colours, size. */
    key(state) {
      const steps = state.models.map((m) => state[m].steps).join('/');
      return `${figure.restarts()}|${steps}|${getLang()}|${figure.dark()}|${sized}`;
    },
    update(state) {
      const models = state.models;
      const positions = perBall(models, (m) => figure.positions(m));
      const drew = scene.draw({
        ...staticView(state),
        positions: perBall(models, (m) => positions[m].buf),
        counts: perBall(models, (m) => positions[m].n),
        iterates: perBall(models, (m) => api.guard((f) => f.iterates(m, 0)).map((it) => it.x)),
      });
      if (drew) countDraw(canvas);
    },
    prepare: (state) => scene.prepare(staticView(state)),
    relabel() {},
    resize() {
      sized += 1;
    },
    drawn: scene.drawn,
  };
}
