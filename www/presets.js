// One button per claim of the article. A button sets the article's parameters with its own
// changes through the figure controller (as window.ipcWall.set would), plays the throw, and
// says the claim in one sentence; once every ball is decided it also says what this very
// throw did, so the reader sees the claim reproduced (or not) rather than taking it on trust.

import { SPECS } from '../pkg/specs.js';
import { t } from './i18n.js';
import { el, setText } from './chart.js';
import { presetWords } from './outcome.js';

/** The article's parameters (the core's defaults). */
const DEFAULTS = Object.fromEntries(SPECS.map((s) => [s.name, s.default]));

/** The claims: the parameters each one changes from the article's, and how to check it. */
export const PRESETS = [
  {
    id: 'default',
    set: {},
    check: (s) => s.penalty.outcome === 'through' && s.ipc.outcome === 'stopped' && gapText(s) === '24.0',
  },
  {
    id: 'k1e8',
    set: { k: 1e8 },
    check: (s) => s.penalty.outcome === 'through' && s.ipc.outcome === 'stopped',
  },
  {
    // One step 5 m/s × 1.5 ms = 7.5 mm, under half the 20 mm wall: it lands inside, where
    // the stiff spring acts (at 2 ms the step is exactly W/2 and the red ball still stops).
    id: 'smallh',
    set: { k: 1e8, h: 0.0015 },
    check: (s) => s.penalty.outcome === 'stopped' && s.penalty.xmax_minus_wall_m > 0 && s.ipc.outcome === 'stopped',
  },
  {
    id: 'v50',
    set: { v0: 50 },
    check: (s) => s.penalty.outcome === 'through' && s.ipc.outcome === 'stopped' && gapText(s) === '2.1' && s.ipc.newton_max === 12,
  },
  {
    id: 'v1',
    set: { v0: 1, k: 1e4 },
    check: (s) =>
      s.penalty.outcome === 'stopped' && (s.penalty.xmax_minus_wall_m * 1e3).toFixed(2) === '5.00' && s.ipc.outcome === 'stopped',
  },
  {
    // "La barrera sola no basta": the four balls at the article's 5 m/s. The barrier without
    // CCD goes through; CCD without the barrier never crosses the face; IPC stops short.
    id: 'halves',
    set: { v0: 5 },
    halves: true,
    check: (s) =>
      s['barrier-alone'].outcome === 'through' &&
      s['ccd-alone'].outcome === 'stopped' &&
      s['ccd-alone'].xmax_minus_wall_m <= 0 &&
      s.ipc.outcome === 'stopped' &&
      s.ipc.xmax_minus_wall_m < 0,
  },
];

/** The IPC gap in µm to the article's one decimal. */
function gapText(s) {
  return (-s.ipc.xmax_minus_wall_m * 1e6).toFixed(1);
}

/** What this throw did, ball by ball: "the red ball went through; the green ball stopped …". */
function outcomeWords(s) {
  return s.models.map((m) => presetWords(m, s[m])).join('; ');
}

/** Whether every ball thrown is decided. */
function decidedAll(s) {
  return s.models.every((m) => s[m].outcome !== 'flying');
}

/** The article's parameters with the preset's changes. */
function paramsOf(p) {
  return { ...DEFAULTS, ...p.set };
}

/** The preset whose parameters (and switch) are the state's, or null. */
function presetOf(state) {
  const p = state.params;
  return PRESETS.find((pr) => {
    const want = paramsOf(pr);
    return Boolean(pr.halves) === state.halves && Object.keys(want).every((k) => want[k] === p[k]);
  }) ?? null;
}

/** The panel's elements: a button per claim, the claim and the verdict (a live region). */
function build(root, onPick) {
  const buttons = new Map();
  const group = el('div', { class: 'preset-buttons', role: 'group', 'aria-labelledby': 'presets-title' });
  for (const p of PRESETS) {
    const b = el('button', { type: 'button', class: 'preset', 'data-preset': p.id, 'aria-pressed': 'false', text: t(`preset.${p.id}`) });
    b.addEventListener('click', () => onPick(p));
    buttons.set(p.id, b);
    group.append(b);
  }
  const claim = el('p', { class: 'preset-claim', id: 'preset-claim' });
  const verdict = el('p', { class: 'preset-verdict', id: 'preset-verdict', 'aria-live': 'polite' });
  root.append(el('h2', { id: 'presets-title', class: 'presets-title', 'data-i18n': 'presets.title', text: t('presets.title') }), group, claim, verdict);
  return { buttons, claim, verdict };
}

/** The buttons, the active preset's claim and, once every ball is decided, its verdict
 * (each written only where it changed: this runs on every slider move, on screen or off). */
function render(d, active, state) {
  for (const [id, b] of d.buttons) {
    setText(b, t(`preset.${id}`));
    setText(b, String(id === active?.id), 'aria-pressed');
  }
  if (!active) {
    setText(d.claim, t('presets.hint'));
    setText(d.verdict, '');
    delete d.verdict.dataset.verdict;
    return;
  }
  setText(d.claim, t(`preset.${active.id}.claim`));
  if (!decidedAll(state)) {
    setText(d.verdict, t('preset.running'));
    setText(d.verdict, 'running', 'data-verdict');
    return;
  }
  const ok = active.check(state);
  setText(d.verdict, t(ok ? 'preset.ok' : 'preset.no', { what: outcomeWords(state) }));
  setText(d.verdict, ok ? 'ok' : 'no', 'data-verdict');
}

/** The panel (`root`: its section); `figure.throwWith` throws a preset's parameters. */
export function mount(root, figure) {
  const d = build(root, (p) => {
    figure.throwWith({ ...paramsOf(p), halves: Boolean(p.halves) });
    // Said at once, not on the next frame: the previous preset's verdict never shows beside
    // this one's claim.
    panel.keep(figure.state());
  });
  let shownKey = '';
  let last = null;
  const panel = {
    /** Words only, and the verdict a live region: kept current on screen or off. */
    keep(state) {
      last = state;
      const key = `${Object.values(state.params).join('|')}|${state.halves}|${decidedAll(state)}`;
      if (key === shownKey) return;
      shownKey = key;
      render(d, presetOf(state), state);
    },
    key: () => '',
    update() {},
    relabel() {
      if (last) render(d, presetOf(last), last);
    },
    resize() {},
  };
  return panel;
}
