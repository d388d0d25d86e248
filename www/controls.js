// Sliders and transport buttons. The sliders are log scales over "nice" values (1, 1.2, 1.5,
// 2, 2.5, 3, 4, 5, 6, 8 per decade), so the article's values (v0 = 5 m/s, h = 10 ms, k = 1e4,
// d̂ = 1 mm, κ = 1e4, and k = 1e8 from its text) sit exactly on a slider position.

import { t, fmtSig, fmtPow, fmtLength, fmtPlain, withUnit } from './i18n.js';
import { SPECS } from '../pkg/specs.js';
import { setText } from './chart.js';

const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/** Every nice value in [min, max], exactly as its decimal literal parses. */
export function niceValues(min, max) {
  const out = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
    for (const m of NICE) {
      const v = Number(`${m}e${e}`);
      if (v >= min * (1 - 1e-12) && v <= max * (1 + 1e-12)) out.push(v);
    }
  }
  return out;
}

/** Every step of a linear slider over [min, max]. */
function linearValues(min, max, step) {
  const n = Math.round((max - min) / step);
  return Array.from({ length: n + 1 }, (_, i) => Number((min + i * step).toFixed(10)));
}

// Each slider's ends are the core's figure ranges (SPECS, written from src/params.rs by
// `cargo xtask build`); only how a value is shown and how the track is divided live here.
export const SLIDERS = [
  { name: 'v0', show: (v) => withUnit(fmtSig(v, 3), 'm/s') },
  { name: 'h', show: (v) => withUnit(fmtSig(v * 1e3, 3), 'ms') },
  // Screen readers hear k and κ with all their digits ("10,000"), not as "10⁴".
  { name: 'k', show: (v) => withUnit(fmtPow(v, 3), 'N/m'), speak: (v) => withUnit(fmtPlain(v), 'N/m') },
  { name: 'dhat', show: (v) => fmtLength(v, 3) },
  { name: 'kappa', show: (v) => fmtPow(v, 3), speak: (v) => fmtPlain(v) },
  // The article's third number: a linear scale in steps of 0.01.
  { name: 'ccd_safety', step: 0.01, show: (v) => fmtSig(v, 2) },
].map((s) => {
  const { min, max } = SPECS.find((p) => p.name === s.name);
  return { ...s, min, max, values: s.step ? linearValues(min, max, s.step) : niceValues(min, max) };
});

/** Slider position whose value is closest to `v` on the log scale. */
function nearestIndex(values, v) {
  let best = 0;
  let bestErr = Infinity;
  const lv = Math.log10(v);
  for (let i = 0; i < values.length; i++) {
    const err = Math.abs(Math.log10(values[i]) - lv);
    if (err < bestErr) {
      bestErr = err;
      best = i;
    }
  }
  return best;
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'for' || k === 'role') e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

const sliders = new Map(); // name → {spec, input, value (span), sym (span), ends: [span, span]}
let held = false; // a slider is held by a pointer (a drag in progress)

/** Whether a slider is held by the mouse or a finger: a drag that is not over yet. */
export const sliderHeld = () => held;

/** A drag ends where the pointer is let go, on the slider or not. */
for (const type of ['pointerup', 'pointercancel']) addEventListener(type, () => (held = false), true);

/** The symbol a slider's name ends with ("launch speed v₀" → "v₀"): what a compact slider shows. */
function symbolOf(name) {
  return t(`param.${name}`).split(' ').at(-1);
}

/** Builds the sliders into `container`; `onInput(name, value)` is called on every move. */
export function setupSliders(container, onInput) {
  container.replaceChildren();
  for (const spec of SLIDERS) {
    const id = `p-${spec.name}`;
    const value = el('span', { class: 'param-value', id: `${id}-value` });
    const name = el('span', { class: 'param-name', 'data-i18n': `param.${spec.name}`, text: t(`param.${spec.name}`) });
    // On narrow screens a slider is one line (symbol, track, value): the name stays for
    // screen readers, the symbol is shown instead.
    const sym = el('span', { class: 'param-sym', 'aria-hidden': 'true', text: symbolOf(spec.name) });
    const label = el('label', { for: id, class: 'param-label' }, name, sym, value);
    const input = el('input', {
      type: 'range',
      id,
      name: spec.name,
      min: '0',
      max: String(spec.values.length - 1),
      step: '1',
    });
    const lo = el('span', { text: spec.show(spec.values[0]) });
    const hi = el('span', { text: spec.show(spec.values[spec.values.length - 1]) });
    const ends = el('div', { class: 'param-ends', 'aria-hidden': 'true' }, lo, hi);
    input.addEventListener('pointerdown', () => (held = true));
    input.addEventListener('change', () => (held = false));
    input.addEventListener('input', () => {
      const v = spec.values[Number(input.value)];
      showValue(spec.name, v);
      onInput(spec.name, v);
    });
    container.append(el('div', { class: 'param' }, label, input, ends));
    sliders.set(spec.name, { spec, input, value, sym, ends: [lo, hi] });
  }
}

function showValue(name, v) {
  const s = sliders.get(name);
  const text = s.spec.show(v);
  setText(s.value, text);
  setText(s.input, s.spec.speak ? s.spec.speak(v) : text, 'aria-valuetext');
}

/** Moves the sliders and their labels to `params` (values off the nice grid keep their text). */
export function updateSliders(params) {
  for (const [name, s] of sliders) {
    const v = params[name];
    const i = nearestIndex(s.spec.values, v);
    if (Number(s.input.value) !== i) s.input.value = String(i);
    showValue(name, v);
  }
}

/** Redoes the sliders' words and numbers in the current language (values: updateSliders). */
export function relabelSliders() {
  for (const s of sliders.values()) {
    s.sym.textContent = symbolOf(s.spec.name);
    s.ends[0].textContent = s.spec.show(s.spec.values[0]);
    s.ends[1].textContent = s.spec.show(s.spec.values[s.spec.values.length - 1]);
  }
}

// Pace as slow motion of simulated time: at the default 1/30 and h = 10 ms that is ≈3 steps a
// second, and a smaller h only adds markers instead of slowing the ball down.
export const SPEEDS = [1 / 100, 1 / 30, 1 / 10, 1 / 3, 1, Infinity];
export const DEFAULT_SPEED = 1 / 30;
const SPEED_LABELS = ['1/100', '1/30', '1/10', '1/3'];

/** Play/pause, step, restart, to-the-end and the pace select. */
export function setupTransport(root, handlers) {
  const q = (id) => root.querySelector(`#${id}`);
  q('play').addEventListener('click', handlers.togglePlay);
  q('step').addEventListener('click', handlers.step);
  q('reset').addEventListener('click', handlers.reset);
  q('end').addEventListener('click', handlers.end);
  const speed = q('speed');
  speed.replaceChildren();
  SPEEDS.forEach((s, i) => {
    const o = el('option', { value: String(i), text: speedLabel(i) });
    if (s === DEFAULT_SPEED) o.selected = true;
    speed.append(o);
  });
  speed.addEventListener('change', () => handlers.speed(SPEEDS[Number(speed.value)]));
}

function speedLabel(i) {
  const s = SPEEDS[i];
  return s === Infinity ? t('transport.speedMax') : s === 1 ? t('transport.speedReal') : t('transport.speedSlow', { f: SPEED_LABELS[i] });
}

/** Redoes the pace options' words in the current language. */
export function relabelTransport(root) {
  root.querySelectorAll('#speed option').forEach((o) => (o.textContent = speedLabel(Number(o.value))));
}

export function updatePlayButton(button, playing, done) {
  const key = playing ? 'transport.pause' : done ? 'transport.replay' : 'transport.play';
  const label = t(key);
  const icon = button.querySelector('.icon');
  const text = button.querySelector('.label');
  setText(text, label);
  setText(icon, playing ? 'pause' : done ? 'replay' : 'play', 'data-icon');
  setText(button, playing ? 'true' : 'false', 'aria-pressed');
}
