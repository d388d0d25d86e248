// Small helpers shared by the panels beyond the article (presets, trace, timeline, regime map,
// table): DOM building and number formats for axes (drawing is www/draw.js's).

import { fmtSig, fmtFixed, fmtPow, withUnit } from './i18n.js';

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

/** Sets `e`'s text, or attribute `attr`, to `s` only if it differs: a DOM write costs a
 * mutation, and layout, even when it changes nothing. */
export function setText(e, s, attr) {
  if (attr !== undefined) {
    if (e.getAttribute(attr) !== s) e.setAttribute(attr, s);
    return;
  }
  if (e.textContent === s) return;
  // A lone text node takes the new words in place: replacing the node (textContent) makes
  // the browser remove and insert it, for every readout on every frame of a drag.
  const only = e.firstChild;
  if (only && only === e.lastChild && only.nodeType === Node.TEXT_NODE) only.data = s;
  else e.textContent = s;
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

/** Puts `text` on the clipboard; resolves to whether the browser let it (plain http or a
 * refused permission does not: the caller then shows the text to copy by hand). */
export async function toClipboard(text) {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
