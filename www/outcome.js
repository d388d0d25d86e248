// What a ball did, and where a position is: decided once here, said in each place's words.
// The facts are the core's: a ball's outcome, its largest x − wall (exactly 0 when it reached
// the face: the core's `touching`), `converged` and Newton's maximum, and which side of the
// wall a position is on (api.side). outcomeOf and placeOf turn them into a plain {kind, …};
// the functions below them word that for the cards, the live region, a preset's verdict, the
// map's readout, the trace and the live table, from i18n.js keys. No sentence about an outcome is built
// anywhere else, so no two places can tell one throw differently.

import * as api from './api.js';
import { t, fmtGap, fmtDepth, fmtFixed, fmtLength, fmtPosition } from './i18n.js';
import { fmtSignedLength } from './chart.js';
import { look } from './models.js';

/** Where position `x` is: {kind: 'front' | 'face' | 'inside' | 'behind', len}, `len` the
 * gap to the front face, the depth past it, or how far past the back face. */
export function placeOf(x, p) {
  // Exactly on the face (CCD alone glues the ball there) is no gap of "0.0 nm".
  if (x === p.wall) return { kind: 'face', len: 0 };
  const kind = api.side(x);
  const len = kind === 'front' ? p.wall - x : kind === 'inside' ? x - p.wall : x - p.wall - p.thickness;
  return { kind, len };
}

/**
 * What ball `b` did (a state's ball, or a map cell's {outcome, xmax_minus_wall_m,
 * newton_max}): {kind, len, n, stuck}. `kind` is 'flying', 'through', or for a stopped
 * ball where its closest approach was: 'inside' (`len` the depth), 'touching' (a gap of
 * exactly 0; `stuck` when the core says Newton did not converge) or 'front' (`len` the gap).
 */
export function outcomeOf(b) {
  if (b.outcome !== 'stopped') return { kind: b.outcome };
  const x = b.xmax_minus_wall_m;
  const n = b.newton_max;
  // A stopped ball is never behind the wall: the core calls that "through".
  if (x === 0) return { kind: 'touching', n, stuck: b.converged === false };
  return x > 0 ? { kind: 'inside', len: x, n } : { kind: 'front', len: -x, n };
}

/** A model's name as a reader calls it, capitalised for a caption or a list. */
export function modelWord(name) {
  const w = t(look(name).label);
  return w.charAt(0).toLocaleUpperCase() + w.slice(1);
}

/** How far, in the words of the where.* keys: the gap, the depth, the distance behind. */
const PLACE_LEN = { front: fmtGap, face: () => '', inside: fmtDepth, behind: (m) => fmtLength(m, 3) };

/** Where `x` is relative to the wall, in words (the energy plot's minimizers). */
export function where(x, p) {
  const at = placeOf(x, p);
  return t(`where.${at.kind}`, { x: fmtPosition(x), len: PLACE_LEN[at.kind](at.len) });
}

/** Where a place (placeOf) is, as the scene's µm inset labels its ball: behind, on the face,
 * how deep inside, or the gap: three significant digits (771 µm, 1.24 mm), below 100 µm the
 * article's gap to 0.1 µm (24.0 µm, as the card says). */
export function insetWords(at) {
  if (at.kind === 'behind') return t('scene.behind');
  if (at.kind === 'face') return t('scene.touching');
  if (at.kind === 'inside') return t('scene.inside', { len: fmtDepth(at.len) });
  return at.len < 1e-4 ? fmtGap(at.len) : fmtLength(at.len, 3);
}

/** Where a Newton step's last iterate `x` ends, in the trace's words. */
export function endWords(x, p) {
  const at = placeOf(x, p);
  if (at.kind === 'face') return t('trace.endFace');
  if (at.kind === 'front') return t('trace.endGap', { len: fmtGap(at.len) });
  if (at.kind === 'inside') return t('trace.endInside', { len: fmtSignedLength(at.len, 3) });
  return t('trace.endBehind', { len: fmtLength(at.len, 3) });
}

/** A stopped ball's closest approach in the article's formats: the depth, else the gap. */
function stoppedLen(o) {
  return o.kind === 'inside' ? fmtDepth(o.len) : fmtGap(o.len ?? 0);
}

/** A ball's card: what it did, or while flying, where it is now. */
export function ballDetail(m, b, p) {
  const o = outcomeOf(b);
  if (o.kind === 'through') return t('detail.behind', { x: fmtPosition(b.x) });
  if (o.kind === 'inside') return t('detail.penetration', { len: fmtDepth(o.len) });
  if (o.kind === 'touching') return t('detail.touching');
  if (o.kind === 'front') return t('detail.gap', { len: fmtGap(o.len) });
  const at = placeOf(b.x, p);
  if (at.kind === 'behind') return t('detail.behind', { x: fmtPosition(b.x) });
  if (at.kind === 'inside') return t('detail.inside', { len: fmtDepth(at.len) });
  if (at.kind === 'face') return t('detail.touching');
  if (look(m).reports === 'gap' && at.len < p.dhat) return t('detail.gapNow', { len: fmtGap(at.len) });
  return t('detail.distance', { len: fmtLength(at.len, 3) });
}

/** The live region's sentence for ball `m` once decided, as a function of the language; null
 * if flying or already said (`announced`: model → the outcome last announced). */
export function announcement(m, b, announced) {
  if (b.outcome === announced[m]) return null;
  announced[m] = b.outcome;
  const o = outcomeOf(b);
  if (o.kind === 'flying') return null;
  const x = b.x;
  // Numbers formatted when said: a reader who switches language hears them in the new one.
  return () => t(`announce.${m}.${o.kind}`, { x: fmtPosition(x), len: stoppedLen(o) });
}

/** What ball `m` of a decided throw did, for a preset's verdict: "the red ball went through". */
export function presetWords(m, b) {
  const who = t(`preset.who.${m}`);
  const o = outcomeOf(b);
  if (o.kind === 'inside') return t('preset.did.inside', { who, len: fmtDepth(o.len) });
  if (o.kind === 'touching') return t(o.stuck ? 'preset.did.stuck' : 'preset.did.touching', { who, n: o.n });
  if (o.kind === 'front' && look(m).reports === 'gap') return t('preset.did.gap', { who, len: fmtGap(o.len), n: o.n });
  return t(`preset.did.${o.kind}`, { who });
}

/** What a map cell's throw of `model` did, for the map's readout (a map's throw is decided). */
export function cellWords(model, r) {
  const o = outcomeOf(r);
  return t(`regime.read.${o.kind}`, { model: modelWord(model), n: o.n, len: stoppedLen(o) });
}

/** A cell of the live table, in the article's words: through; penalty's depth (or how far
 * short of the face its 80 steps stopped); a barrier's gap and Newton count (or how far short
 * of d̂). By the sign of x − wall, as the article's table reads it, so an undecided cell is
 * short rather than stopped. */
export function tableWords(r, p) {
  const d = r.xmax_minus_wall_m;
  if (r.outcome === 'through') return t('table.through');
  if (look(r.model).reports === 'depth') {
    return d < 0 ? t('table.short', { len: fmtFixed(-d * 1e3, 2) }) : t('table.stop', { len: fmtFixed(d * 1e3, 2) });
  }
  if (-d >= p.dhat) return t('table.shortNewton', { len: fmtFixed(-d * 1e3, 2), n: r.newton_max });
  return t('table.gap', { len: fmtFixed(-d * 1e6, 1), n: r.newton_max });
}
