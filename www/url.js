// The figure's state in its address (?v0=50&h=0.002&lang=es), read once on load and written
// back with history.replaceState as the reader changes things, so a link shows what they saw.
// Nothing read here is executed or inserted as HTML: values are parsed as plain decimal
// numbers, and whatever is refused is only ever shown as text (textContent) in a note.

/** The parameters a link carries, with the API's names; always written, in this order. */
export const URL_PARAMS = ['v0', 'h', 'k', 'dhat', 'kappa', 'mass', 'wall', 'thickness'];
/** Also read from a link; written only when they differ from the default. */
export const URL_EXTRA = ['ccd_safety', 'tol', 'steps'];
export const URL_LANGS = ['en', 'es'];
/** ?view=: one focused figure per paragraph of the article (index.html's data-views say
 * which parts each shows); `full` is the whole figure and the default. */
export const VIEWS = ['full', 'throw', 'energy', 'numbers', 'trace', 'timeline', 'map', 'table'];
/** ?theme=: an iframe cannot see its host page's dark-mode toggle, so the host may say. */
export const THEMES = ['auto', 'light', 'dark'];

// A decimal number as people and String(x) write it: 5, -0.5, .5, 1e-3, 2.5E+4. No hex, no
// spaces, no "Infinity": Number() would take those, a link should not.
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The longest value or key echoed back in a note. */
const ECHO = 24;

/** `s` cut to a length a note can show. */
export function clip(s, n = ECHO) {
  const str = String(s);
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}

/** Is `v` inside the spec's range (open or closed ends as the core has them)? */
export function inRange(spec, v) {
  const above = spec.open_min ? v > spec.min : v >= spec.min;
  const below = spec.open_max ? v < spec.max : v <= spec.max;
  return above && below;
}

/**
 * Reads a query string. `specs` is the core's parameterSpecs() (name, unit, min, max,
 * open_min, open_max, default); `check(name, value)` is the core's checkParameter, which
 * returns a message when the core refuses a value the ranges let through.
 *
 * Returns `{params, lang, embed, view, theme, halves, problems}`: `params` holds only valid
 * numbers; `halves` is the "both halves" switch (halves=1); each problem is `{key, value,
 * reason, spec}` with reason "unknown", "number", "range", "refused", "lang", "embed",
 * "halves", "view" or "theme". A repeated key is read in order, so the last
 * valid value wins.
 */
export function readUrl(search, specs, check = () => undefined) {
  const bySpec = new Map(specs.map((s) => [s.name, s]));
  const linkable = new Set([...URL_PARAMS, ...URL_EXTRA]);
  const out = { params: {}, lang: null, embed: false, view: 'full', theme: 'auto', halves: false, problems: [] };
  const refuse = (key, value, reason, spec) => out.problems.push({ key, value, reason, spec });
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'lang') {
      if (URL_LANGS.includes(value)) out.lang = value;
      else refuse(key, value, 'lang');
    } else if (key === 'embed' || key === 'halves') {
      if (value === '1' || value === 'true') out[key] = true;
      else if (value === '0' || value === 'false') out[key] = false;
      else refuse(key, value, key);
    } else if (key === 'view' || key === 'theme') {
      if ((key === 'view' ? VIEWS : THEMES).includes(value)) out[key] = value;
      else refuse(key, value, key);
    } else if (linkable.has(key) && bySpec.has(key)) {
      const spec = bySpec.get(key);
      const v = NUMBER.test(value) ? Number(value) : NaN;
      if (!Number.isFinite(v)) refuse(key, value, 'number', spec);
      else if (!inRange(spec, v)) refuse(key, value, 'range', spec);
      else if (check(key, v)) refuse(key, value, 'refused', spec);
      else out.params[key] = v;
    } else {
      refuse(key, value, 'unknown');
    }
  }
  return out;
}

/**
 * The query string for `params` (every URL_PARAMS value, URL_EXTRA ones off their default),
 * then `halves=1` when the switch is on, `lang`, `embed`, and `view` and `theme` off their defaults, then `extra` ([key, value]
 * pairs other modules own).
 * Numbers are written with String(), which parses back to the same double.
 */
export function queryFor(params, specs, { lang = null, embed = false, view = 'full', theme = 'auto', halves = false, extra = [] } = {}) {
  const q = new URLSearchParams();
  for (const name of URL_PARAMS) if (Number.isFinite(params[name])) q.set(name, String(params[name]));
  for (const spec of specs) {
    if (URL_EXTRA.includes(spec.name) && Number.isFinite(params[spec.name]) && params[spec.name] !== spec.default) {
      q.set(spec.name, String(params[spec.name]));
    }
  }
  if (halves) q.set('halves', '1');
  if (lang) q.set('lang', lang);
  if (embed) q.set('embed', '1');
  if (view !== VIEWS[0]) q.set('view', view);
  if (theme !== THEMES[0]) q.set('theme', theme);
  for (const [k, v] of extra) q.set(k, String(v));
  return `?${q.toString()}`;
}

/** This page's address (no query, no fragment) with `query` appended. */
export function linkWith(query) {
  return `${location.origin}${location.pathname}${query}`;
}

/** The most keys a partial parameter object may have (the core knows 11 names). */
const MAX_KEYS = 32;

/**
 * A plain, prototype-free copy of `partial` (own enumerable keys, values as they are), read
 * once, so that nothing handed in from outside (a getter, a Proxy) runs later inside the core.
 * Throws an Error when it is not a plain object, cannot be read, or has too many keys.
 */
export function copyPartial(partial) {
  let copy;
  try {
    const proto = typeof partial === 'object' && partial !== null && !Array.isArray(partial) ? Object.getPrototypeOf(partial) : undefined;
    if (proto !== Object.prototype && proto !== null) throw new TypeError();
    const keys = Object.keys(partial);
    if (keys.length > MAX_KEYS) throw new RangeError();
    copy = Object.create(null);
    for (const k of keys) copy[k] = partial[k];
  } catch (e) {
    if (e instanceof RangeError) throw new Error(`parameters: more than ${MAX_KEYS} keys; allowed: the names of parameterSpecs()`);
    throw new Error('parameters must be a plain object such as {v0: 5, h: 0.01}');
  }
  return copy;
}

/** A value from outside, as short text for a note. */
function describe(v) {
  if (typeof v === 'string') return clip(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === undefined || v === null) return String(v);
  if (typeof v === 'bigint') return clip(`${v}n`);
  return typeof v;
}

/**
 * Takes the "both halves" switch out of a copied partial (see copyPartial) from set() or
 * postMessage: `halves: true | false` (or 1 | 0). Returns it, or undefined when absent;
 * throws an Error for any other value.
 */
export function takeHalves(copy) {
  if (!('halves' in copy)) return undefined;
  const v = copy.halves;
  delete copy.halves;
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  throw new Error(`halves must be true or false, not ${describe(v)}`);
}

/**
 * Checks a copied partial (see copyPartial) the way readUrl checks a link, for messages:
 * returns `{params, problems}` with the valid numbers and what was refused.
 */
export function checkPartial(copy, specs, check = () => undefined) {
  const bySpec = new Map(specs.map((s) => [s.name, s]));
  const params = {};
  const problems = [];
  for (const key of Object.keys(copy)) {
    const v = copy[key];
    const spec = bySpec.get(key);
    if (!spec) problems.push({ key, value: '', reason: 'unknown' });
    else if (typeof v !== 'number' || !Number.isFinite(v)) problems.push({ key, value: describe(v), reason: 'number', spec, type: v === null ? 'null' : typeof v });
    else if (!inRange(spec, v)) problems.push({ key, value: String(v), reason: 'range', spec });
    else {
      const why = check(key, v);
      if (why) problems.push({ key, value: String(v), reason: 'refused', spec, message: why });
      else params[key] = v;
    }
  }
  return { params, problems };
}
