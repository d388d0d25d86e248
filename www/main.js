// The live figure: the page's state, the `figure` controller the panels talk to, one
// requestAnimationFrame loop that steps the throw and updates every panel (the figure's own and
// those below it) through one function, window.ipcWall, the figure in an iframe, and the start.
// State stays in Rust (the Figure); each frame JS asks for small plain values and draws.

import * as api from './api.js';
import { SPECS } from '../pkg/specs.js';
import { t, setLang, getLang, pickLang, onLangChange, applyStatic, fmtCompact, withUnit } from './i18n.js';
import { setupSliders, updateSliders, relabelSliders, setupTransport, relabelTransport, DEFAULT_SPEED, sliderHeld } from './controls.js';
import { readUrl, queryFor, linkWith, copyPartial, checkPartial, takeHalves, clip } from './url.js';
import { MSG, isFramed, postToParent, setupMessages, setupResizePosts, embedSnippet, measureHeight, inView } from './embed.js';
import { setupShare } from './share.js';
import { drawCounts, setDraft, inDraft, draftGovernor, useFontFamily } from './draw.js';
import * as scene from './scene.js';
import * as energy from './energy.js';
import * as readouts from './readouts.js';
import * as numbers from './numbers.js';
import { MODELS as TABLE, MODEL_NAMES, readModelColors } from './models.js';

// The panels below the figure (presets, the solver's trace, the throw over time, the regime
// map, the table) are imported, not statically: this module runs once the figure's own 17
// modules are in, not all 30, and they are built after the figure's first frame.
const extrasModule = import('./extras.js');
let extras = null; // that module, once the panels below are built
let extrasError = null; // why that module did not load, if it did not

// The wasm compiles while the page sets itself up (index.html preloads it); api.load waits.
const compiledWasm = WebAssembly.compileStreaming(fetch(new URL('../pkg/ipc_wall_bg.wasm', import.meta.url)));
compiledWasm.catch(() => {}); // a failure is reported by api.load's own fetch
// The address is rewritten this long after the last change, so a drag writes it once.
const URL_DEBOUNCE_MS = 350;
// The map fills until this long after the frame began (and always one group of cells), so
// the frame with everything else stays well inside 16 ms.
const FRAME_BUDGET_MS = 10;
// While loading, how far into a frame a panel may start drawing (see drawFrame).
const LOAD_SLICE_MS = 12;
// While the figure is hurried (a slider held, or the picture moving on a device judged slow:
// see `hurried`), the words that change with each step (the clock, the cards, the plot's
// readouts, the trace's step) follow at most this often. They changed at every frame, too fast
// to read, and each change cost the page a style, layout and paint pass: most of a phone's
// frame besides the drawings. The ball and the plot keep every frame; the words catch up in the
// frame the slider is let go or the throw stops.
const WORDS_HURRIED_MS = 100;
// A panel this close to the viewport counts as on screen: it is drawn just before it shows.
const PANEL_MARGIN = '100px 0px';
const $ = (id) => document.getElementById(id);

// ---- page state -------------------------------------------------------------------------

const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');
const darkQuery = matchMedia('(prefers-color-scheme: dark)');

const ui = {
  playing: false,
  speed: DEFAULT_SPEED, // slow-motion factor of simulated time (Infinity: as fast as possible)
  due: 0, // fractional steps owed to the pace
  lastTime: null,
  rate: 3, // steps per second, from speed and h
  ffSteps: 0, // steps of free flight played faster, so a long approach stays short
  xTildeUser: null, // x̃ chosen by the reader (drag/keys/API); null: follow the throw
  plotStep: 0, // the step the energy plot shows (picked in the trace); 0: follow the throw
  dragWindow: null, // x window frozen while dragging, so the plot does not move under the pointer
  restarts: 0, // bumps on every restart: part of the panels' keys
  frameStart: 0, // performance.now() when this frame's work began
  colors: null,
  dark: darkQuery.matches,
  state: null,
  // The balls thrown, in model order: the core's state().models (four with "both halves").
  models: MODEL_NAMES,
  // What the energy plot shows (Figure.energyLayers): per ball its x̃, marked minimizer, step.
  plotted: { key: '', xTilde: NaN, x0: NaN, x1: NaN },
  langChosen: null, // the language the link asked for or the reader picked; null: the browser's
  embed: false, // ?embed=1: no page chrome
  view: 'full', // ?view=: which part of the figure the page shows (index.html's data-views)
  theme: 'auto', // ?theme=: light or dark whatever the system says, or auto
  // The address: the changes it shows (`seen`), its query, and the latest change not yet written
  // (`pending`, since `since`).
  url: { seen: '', query: '', pending: '', since: 0 },
  posted: '', // outcomes last posted to the parent frame
  note: null, // () => text of the visible note, redone when the language changes
};

// Each ball's step positions, appended as the throw advances (no per-frame copy of the whole
// history); the panels read them through figure.positions.
const track = Object.fromEntries(TABLE.map((m) => [m.name, { buf: new Float64Array(256), n: 0 }]));

// For the frame-budget benchmark (`cargo xtask bench`): of the latest frames that stepped or
// drew, the figure's own work (input handlers since the last frame, steps, the figure's own
// panels) and the whole callback (with the panels below the figure).
const frameTimes = { work: new Float64Array(600), whole: new Float64Array(600) };
let frameCount = 0;
// Work done by the sliders' input handlers (set, restart) since the last frame: it is part of
// the frame the reader waits for.
let inputWork = 0;

let share = null;
let resolveReady;
const ready = new Promise((r) => (resolveReady = r));
let firstFrameDrawn = false;
let readyResolved = false;
// Distill's d-figure: get ready within two viewport heights of the screen, run while on screen,
// pause off screen or in a hidden tab. A page on its own starts as seen (its figure is at the
// top); in a frame, nothing runs before the first IntersectionObserver report.
const seen = { near: !isFramed(), on: !isFramed(), looping: false };

// ---- the figure controller --------------------------------------------------------------

/** After set() or reset(): clear the history, follow the throw again, plan the pace. */
function restartAfterChange(autoplay) {
  for (const tr of Object.values(track)) tr.n = 0;
  ui.xTildeUser = null;
  ui.plotStep = 0;
  ui.dragWindow = null;
  ui.restarts += 1;
  ui.due = 0;
  refreshState();
  planPace();
  const p = ui.state.params;
  updateSliders(p);
  if (autoplay && !reduceMotion.matches && !ui.playing) ui.playing = true;
}

/** Steps per second for the chosen slow motion, and how much free flight to fast-forward. */
function planPace() {
  if (!ui.state) return;
  const p = ui.state.params;
  ui.rate = ui.speed === Infinity ? Infinity : Math.max(0.5, ui.speed / p.h);
  // Free flight until ~8 steps before the barrier's reach: play it in ≈1.5 s when it would
  // take longer than 2 s at the chosen pace, so the contact itself stays watchable.
  const stepsToNear = api.guard((f) => f.approachSteps()) - 8;
  ui.ffSteps = stepsToNear > 2 * ui.rate ? stepsToNear : 0;
}

function play() {
  if (api.isDead()) return;
  if (api.guard((f) => f.done())) reset();
  ui.xTildeUser = null;
  ui.plotStep = 0;
  ui.playing = true;
  ui.lastTime = null;
}

function pause() {
  ui.playing = false;
}

function reset() {
  api.guard((f) => f.reset());
  restartAfterChange(false);
}

function stepOnce() {
  pause();
  ui.xTildeUser = null;
  ui.plotStep = 0;
  api.guard((f) => f.step());
  refreshState();
  return ui.state;
}

function runToEnd() {
  pause();
  ui.xTildeUser = null;
  ui.plotStep = 0;
  api.guard((f) => f.runToEnd());
  refreshState();
  return ui.state;
}

function setXTilde(x) {
  ui.xTildeUser = x;
}

/** Shows step `step` of both balls on the energy plot (a ball decided earlier: its last). */
function showStep(step) {
  pause();
  ui.xTildeUser = null;
  ui.plotStep = step;
}

/** Copies what changed out of the Figure: state, new step positions. */
function refreshState() {
  ui.state = api.guard((f) => f.state());
  ui.models = ui.state.models;
  for (const m of ui.models) {
    const tr = track[m];
    const steps = ui.state[m].steps;
    if (steps !== tr.n) {
      const fresh = api.guard((f) => f.positionsFrom(m, tr.n));
      if (tr.n + fresh.length > tr.buf.length) {
        const grown = new Float64Array(Math.max(tr.buf.length * 2, tr.n + fresh.length));
        grown.set(tr.buf.subarray(0, tr.n));
        tr.buf = grown;
      }
      tr.buf.set(fresh, tr.n);
      tr.n += fresh.length;
    }
  }
}

/** Each ball's step count, as one key: what changes when any ball steps. */
function stepsKey() {
  return ui.models.map((m) => ui.state[m].steps).join('/');
}

/** One object keyed by the balls thrown, from `f(model)`. */
function perBall(f) {
  return Object.fromEntries(ui.models.map((m) => [m, f(m)]));
}

/**
 * What the energy plot shows, from the core (Figure.energyLayers, asked again only when the
 * throw, the step picked or x̃ changed): the window [x0, x1] (held while x̃ is dragged), the
 * step picked (`picked`, 0: follow the throw), x̃ chosen (`chosen`, null: follow), per ball
 * {x_tilde, minimizer, step}, and `xTilde`: that of the ball shown at the latest step.
 */
function plotted() {
  const xt = ui.xTildeUser ?? NaN;
  const key = `${ui.restarts}|${stepsKey()}|${ui.plotStep}|${xt}`;
  if (key !== ui.plotted.key) {
    const r = api.guard((f) => f.energyLayers(ui.plotStep, xt));
    const pl = { key, window: [r[0], r[1]], picked: ui.plotStep, chosen: ui.xTildeUser };
    ui.models.forEach((m, i) => (pl[m] = { x_tilde: r[2 + 3 * i], minimizer: r[3 + 3 * i], step: r[4 + 3 * i] }));
    // x̃ of the ball shown at the latest step (IPC keeps stepping after penalty is decided).
    pl.xTilde = pl[ui.models.reduce((a, m) => (pl[m].step >= pl[a].step ? m : a))].x_tilde;
    ui.plotted = pl;
  }
  [ui.plotted.x0, ui.plotted.x1] = ui.dragWindow ?? ui.plotted.window;
  return ui.plotted;
}

/**
 * What the panels (the figure's own and those below it) may ask of the figure. They talk to
 * this controller, never to window.ipcWall, which is the authors' and tests' API: one path per
 * action, no global.
 */
const figure = {
  /** The figure's state, fresh from the core (the API may have stepped since the frame). */
  state: () => api.guard((f) => f.state()),
  /** Sets parameters (and `halves`) as set() does, then plays; without motion, to the end. */
  throwWith(partial) {
    setParams(partial);
    if (reduceMotion.matches) runToEnd();
    else play();
  },
  /** Shows step `step` of every ball on the energy plot. */
  showStep: (step) => showStep(step),
  /** Counts the restarts: a new count is a new throw. */
  restarts: () => ui.restarts,
  /** The palette (CSS variables and the models' colours), and whether it is the dark one. */
  colors: () => ui.colors,
  dark: () => ui.dark,
  /** Until when (performance.now() ms) work sliced over frames may run in this frame. */
  deadline: () => ui.frameStart + FRAME_BUDGET_MS,
  /** Each step's position of ball `model` so far: {buf, n} (the first n of buf; read only). */
  positions: (model) => track[model],
  /** Whether the throw plays, at how many steps per second, and how many steps of free flight
   * go faster. */
  pace: () => ({ playing: ui.playing, rate: ui.rate, ffSteps: ui.ffSteps }),
  pause: () => pause(),
  /** What the energy plot shows (see `plotted` above). */
  plotted: () => plotted(),
  /** x̃ as shown, and the reader's x̃ (the energy plot's drag and keys). */
  xTilde: () => ui.xTildeUser ?? plotted().xTilde,
  setXTilde: (x) => setXTilde(x),
  /** Whether this device was seen too slow for full resolution in motion (www/draw.js): the
   * map's workers then leave the page a core. */
  slowDevice: () => draftWanted.slow(),
  /** Whether a slider is being dragged (the regime map then computes its preview only). */
  sliderHeld: () => sliderHeld(),
  /** While x̃ is dragged, the plot's x window stays as it is, so it does not move under the
   * pointer. */
  holdWindow(on) {
    ui.dragWindow = on ? [plotted().x0, plotted().x1] : null;
  },
};

// ---- the loop ---------------------------------------------------------------------------

/** The steps the pace owes since the last frame; returns whether the throw stepped. */
function updateSimulation(now) {
  if (!ui.playing) {
    ui.lastTime = now;
    return false;
  }
  const dt = ui.lastTime === null ? 0 : Math.min(0.1, (now - ui.lastTime) / 1000);
  ui.lastTime = now;
  const step = ui.state.step;
  // Free flight is fast-forwarded; a tail where every ball left is at rest (CCD alone glued
  // to the face until the duration cap) changes nothing but the clock: taken at once.
  const settled = api.guard((f) => f.settled());
  const rate = settled ? Infinity : step < ui.ffSteps ? Math.max(ui.rate, ui.ffSteps / 1.5) : ui.rate;
  let n;
  if (rate === Infinity) {
    n = Infinity;
  } else {
    ui.due += rate * dt;
    // The first step comes right away, so Play always shows movement.
    if (step === 0 && ui.due < 1) ui.due = 1;
    n = Math.floor(ui.due);
    ui.due -= n;
  }
  if (n <= 0) return false;
  const t0 = performance.now();
  let going = true;
  api.guard((f) => {
    for (let i = 0; i < n; i++) {
      going = f.step();
      if (!going) break;
      // Keep each frame short: check the clock every 64 steps.
      if ((i & 63) === 63 && performance.now() - t0 > 6) break;
    }
  });
  if (!going) ui.playing = false;
  refreshState();
  return true;
}

// Draft resolution while the picture moves, on a device too slow for full resolution. Frames
// before `ready` are late from loading (modules, workers, the panels below), not from the
// device, so they are not judged.
const draftWanted = draftGovernor();

/** `draw()` while the core is alive and has a throw. Fatal errors already raised the banner;
 * anything else is a bug worth seeing. */
function drawSafely(draw) {
  if (api.isDead() || !ui.state) return;
  try {
    draw();
  } catch (e) {
    if (!api.isDead()) console.error(e);
  }
}

function frame(now) {
  setDraft(draftWanted(now, readyResolved && (sliderHeld() || ui.playing)));
  drawSafely(() => drawFrame(now));
  if (wantsFrames()) requestAnimationFrame(frame);
  else {
    seen.looping = false;
    extras?.pauseExtras(true);
  }
}

/** One frame: the steps the pace owes, the figure's panels, the address, the panels below. */
function drawFrame(now) {
  const t0 = performance.now();
  ui.frameStart = t0;
  const stepped = updateSimulation(now);
  // While loading, a panel that would start LOAD_SLICE_MS into the frame draws in a task of
  // its own right after it (drawLate): each panel's first drawing is slow (canvases made, fonts
  // found, the wasm's first calls), and together they made the figure's first frames long tasks.
  const until = readyResolved ? Infinity : t0 + LOAD_SLICE_MS;
  const own = updatePanels(panels.figure, ui.state, until);
  updateUrl(now);
  updateEmbedState();
  const work = performance.now() - t0 + inputWork;
  // The panels below from the second frame on, so that the figure shows first, on the same
  // slice as the figure's while loading; the regime map fills until t0 + 10 ms (outside the
  // work time above).
  const below = firstFrameDrawn && extras ? updatePanels(startedBelow(), ui.state, until, own.drew) : { current: false, late: [] };
  drawLate([...own.late, ...below.late]);
  // Playing frames between two paced steps do nothing: they count only when they step or draw.
  if (stepped || own.drew || inputWork > 0) recordFrameTime(work, performance.now() - t0 + inputWork);
  inputWork = 0;
  if (!firstFrameDrawn) {
    firstFrameDrawn = true;
    // Navigation to the figure's first drawn frame, for the benchmark (performance.now()
    // counts from the navigation's start).
    performance.mark('ipc-wall:first-frame');
    // The panels below in a task of their own, once this frame is on screen.
    setTimeout(() => extrasModule.then(mountBelow, belowDidNotLoad));
  } else if (!readyResolved && own.current && below.current && panels.started === panels.below.length) {
    // `ready` once the panels below have drawn too.
    readyResolved = true;
    resolveReady();
  }
}

/** Keeps a frame's times for __frameTimes: the figure's own work and the whole frame (ms). */
function recordFrameTime(work, whole) {
  const i = frameCount++ % frameTimes.work.length;
  frameTimes.work[i] = work;
  frameTimes.whole[i] = whole;
}

// Every panel has one shape: mount(root, figure) → {update(state), relabel(lang), resize(),
// key(state), keep(state, seen)?, prepare(state)?, stepWords?}. `key(state)` names the inputs
// of what it draws; the loop calls `update(state)` only on a frame where that key changed and
// the panel is on screen. `keep(state, seen)`, where a panel has one, is what must stay
// current off screen too (`seen`: whether the panel is on screen, or not known to be off):
// data the API and the Copy buttons give, and words that take room in the layout or are read
// aloud (off screen, it waits while a slider is held: see updatePanels).
// `prepare(state)`, where a panel has one, draws its static layers off the page ahead of its
// first drawing and says whether it drew: while loading, in a task of its own (see drawLate).
// `stepWords: true` says that its words change with each step (see WORDS_HURRIED_MS).
//
// The whole figure pauses off screen (setupVisibility). Within it, the two drawings (the scene
// and the energy plot) and the panels below are watched by one IntersectionObserver
// (PANEL_MARGIN ahead): a phone's reader who scrolled down to the sliders may have the scene
// above the screen, where nobody sees it drawn. A panel off screen is left stale and
// brought up to date in the first frame it is back. The drawings count as on screen until the
// observer's first report, so that the first frame does not wait for it; the panels below as
// not known. The figure's words (its readouts and the three numbers) are kept current
// whenever the loop runs; while it is hurried, the words of each step at most every
// WORDS_HURRIED_MS.
// A panel not in the page's ?view= is never drawn.
const panels = { figure: [], below: [], started: 0 };

/** A mounted panel as the loop keeps it. `on`: whether it is on screen (null: not known);
 * `every`: while the figure is hurried, the panel is kept and drawn at most every that many
 * ms (a panel whose words change with each step says so: `stepWords`); `at`: when its key
 * last changed. */
function entry(name, root, panel, on) {
  const every = panel.stepWords ? WORDS_HURRIED_MS : 0;
  return { name, root, panel, shown: inView(root), on, drawn: null, prepared: false, every, at: -Infinity, keyed: null };
}

/** Whether the figure's words of each step wait their turn (WORDS_HURRIED_MS): a slider is
 * held (the throw restarts at every move), or the picture moves in draft. */
const hurried = () => sliderHeld() || inDraft();

let panelWatch = null; // one IntersectionObserver for the panels watched

/** Panel entry `p`, its `on` kept from now on by whether its root is on screen (PANEL_MARGIN
 * ahead); until the observer's first report, as it was. */
function watched(p) {
  panelWatch ??= new IntersectionObserver((entries) => {
    for (const e of entries) for (const q of [...panels.figure, ...panels.below]) if (q.root === e.target) q.on = e.isIntersecting;
  }, { rootMargin: PANEL_MARGIN });
  panelWatch.observe(p.root);
  return p;
}

function mountPanels() {
  const canvas = { scene: $('scene'), energy: $('energy') };
  panels.figure = [
    watched(entry('scene', canvas.scene, scene.mount(canvas.scene, figure), true)),
    watched(entry('energy', canvas.energy, energy.mount(canvas.energy, figure), true)),
    entry('readouts', $('figure'), readouts.mount($('figure'), figure), true),
    entry('numbers', $('numbers'), numbers.mount($('numbers'), figure), true),
  ];
  onLangChange(() => {
    for (const p of [...panels.figure, ...panels.below]) {
      p.panel.relabel(getLang());
      p.drawn = null;
    }
  });
}

/** Builds the panels below the figure (`mod`: extras.js), one a task (see extraPanels); the
 * loop draws them once all are built. */
async function mountBelow(mod) {
  for (const p of mod.extraPanels(figure)) {
    await nextTask();
    panels.below.push(watched(entry(p.name, p.root, p.mount(), null)));
  }
  extras = mod;
  if (!seen.looping) mod.pauseExtras(true);
}

/** The figure works without the panels below: `ready` resolves (a parent's commands wait for
 * it), and asking for one of them says why it is missing. */
function belowDidNotLoad(e) {
  console.error('the panels below the figure did not load', e);
  extrasError = e;
  readyResolved = true;
  resolveReady();
}

/** The panel below the figure `name`; an Error before they are built (`ready` waits). */
function belowPanel(name) {
  const p = panels.below.find((q) => q.name === name);
  if (p) return p.panel;
  if (extrasError) throw new Error(`the panels below the figure did not load: ${extrasError.message}`);
  throw new Error('the panels below the figure are not built yet; await window.ipcWall.ready');
}

/** The figure's panel `name`. */
const figurePanel = (name) => panels.figure.find((p) => p.name === name).panel;

/** The panels below the figure started so far: one more each frame at load, so that no frame
 * is one long task. */
function startedBelow() {
  if (panels.started < panels.below.length) panels.started += 1;
  return panels.below.slice(0, panels.started);
}

/**
 * Once per frame, for one list of panels: each panel of the view keeps its data (one known to
 * be off screen, only while no slider is held), and draws if it is on screen and its inputs
 * changed (while the figure is hurried, a panel with `every` is kept and drawn not sooner
 * than that after its key last changed); after `until` (performance.now() ms) none but the
 * task's first (`drewBefore`: how many drew before this list) starts drawing; while loading
 * (`until` finite), none whose static layers are not drawn yet (see drawLate). Returns
 * {current: every panel is up to date (drawn, or known to be off screen), drew: how many of
 * this list drew, late: those left for after `until`}.
 */
function updatePanels(list, state, until = Infinity, drewBefore = 0) {
  let current = true;
  let drew = 0;
  const late = [];
  const held = sliderHeld();
  const waits = hurried();
  for (const p of list) {
    if (!p.shown) continue;
    // While a slider is held, a panel known to be off screen keeps nothing: the map's previews
    // and the table, asked of a worker at every move, and the words, would all be thrown away
    // unseen, and took a core from the page. It catches up in the frame the slider is let go.
    if (held && p.on === false) continue;
    // Words of each step wait their turn, on screen or off (a screen reader reads them there).
    if (waits && ui.frameStart - p.at < p.every) {
      current = false;
      continue;
    }
    p.panel.keep?.(state, p.on !== false);
    const key = p.on || p.every ? p.panel.key(state) : null;
    if (p.every && key !== p.keyed) {
      p.keyed = key;
      p.at = ui.frameStart;
    }
    if (!p.on) {
      if (p.on === null) current = false;
      continue;
    }
    if (key === p.drawn) continue;
    const unprepared = until !== Infinity && p.panel.prepare && !p.prepared;
    if (unprepared || (drew + drewBefore > 0 && performance.now() > until)) {
      late.push(p);
      current = false;
      continue;
    }
    p.drawn = key;
    p.panel.update(state);
    drew += 1;
  }
  return { current, drew, late };
}

/** The panels left past a slice while loading, drawn in the task after this one (a message,
 * which comes before the next frame), from a slice of its own: each task draws at least one,
 * so none waits for ever, and the frame's commit is not in the same task. A first panel with
 * static layers to draw (`prepare`) draws them alone in one task, and the rest in the next:
 * together they were one long task (the energy plot's first drawing, 17–62 ms). */
function drawLate(list) {
  if (list.length === 0) return;
  nextTask().then(() => drawSafely(() => {
    if (prepared(list[0])) drawLate(list);
    else drawLate(updatePanels(list, ui.state, performance.now() + LOAD_SLICE_MS).late);
  }));
}

/** Whether panel entry `p`, on screen, drew its static layers now (`prepare`): once a panel. */
function prepared(p) {
  if (p.prepared || !p.shown || !p.on || !p.panel.prepare) return false;
  p.prepared = true;
  return p.panel.prepare(ui.state);
}

/** What the address keeps besides the parameters. */
function linkKeys() {
  return { lang: ui.langChosen, embed: ui.embed, view: ui.view, theme: ui.theme, halves: ui.state.halves };
}

/** The address follows the parameters (and the chosen language), URL_DEBOUNCE_MS after the
 * last change, with replaceState: no history entry per slider move. While changes keep coming
 * (a drag) nothing is worked out: the query is written once they pause. */
function updateUrl(now) {
  const seen = `${ui.restarts}|${ui.langChosen}`;
  if (seen === ui.url.seen) return;
  if (seen !== ui.url.pending) {
    ui.url.pending = seen;
    ui.url.since = now;
    return;
  }
  if (now - ui.url.since < URL_DEBOUNCE_MS) return;
  ui.url.seen = seen;
  const query = queryFor(ui.state.params, SPECS, linkKeys());
  if (query === ui.url.query) return;
  try {
    history.replaceState(history.state, '', query + location.hash);
  } catch {
    // Some sandboxed frames refuse it: the figure works without it.
  }
  ui.url.query = query;
  share?.refresh();
}

/** In a frame, tell the parent each time an outcome (or the throw) changes. */
function updateEmbedState() {
  if (!isFramed()) return;
  const s = ui.state;
  const key = `${ui.restarts}|${ui.models.map((m) => s[m].outcome).join('|')}`;
  if (key === ui.posted) return;
  ui.posted = key;
  postToParent({ type: MSG.state, state: s });
}

/** Frames while on screen, or near it until ready; never in a hidden tab. */
function wantsFrames() {
  return !document.hidden && (seen.on || (seen.near && !readyResolved));
}

/** Restarts the loop if it stopped and may run again; the throw goes on from where it was. */
function wake() {
  if (seen.looping || !wantsFrames()) return;
  seen.looping = true;
  ui.lastTime = null;
  extras?.pauseExtras(false);
  requestAnimationFrame(frame);
}

function setupVisibility() {
  const figure = $('figure');
  const watch = (key, options) => new IntersectionObserver((entries) => {
    seen[key] = entries.at(-1).isIntersecting;
    wake();
  }, options).observe(figure);
  watch('on', {});
  // Two viewport heights above and below (ignored by browsers in a cross-origin frame: there
  // the iframe's loading="lazy" gets it ready ahead).
  watch('near', { rootMargin: '200% 0px' });
  document.addEventListener('visibilitychange', wake);
}

// ---- the automation and embedding API ---------------------------------------------------

// window.ipcWall (SI units throughout):
//   ready                 Promise, resolves once the figure and the panels below it are drawn
//                         (or the figure, if the panels below failed to load).
//   getState()            {params: {v0, h, k, dhat, kappa, mass, wall, thickness, ccd_safety, tol,
//                         steps}, step, time, halves, models, penalty: {x, v, x_tilde, outcome,
//                         xmax_minus_wall_m, newton_max, newton_last, steps, touched, touching,
//                         converged}, ipc: {…the same}}; with halves (the "both halves" switch)
//                         also "barrier-alone" and "ccd-alone". outcome: "flying" | "through" |
//                         "stopped". models: the balls thrown, in order.
//   set(partial)          partial: a plain object of parameters by name (and halves: true |
//                         false, the switch). Validates every value
//                         (throws an Error naming the parameter and changes nothing if one is
//                         bad: not a number, out of range, unknown name), applies them,
//                         restarts the throw, moves the sliders, rewrites the link. Returns
//                         getState(). parameterSpecs() of the wasm module lists the ranges.
//   play(), pause()       Animation; play() after the end replays.
//   step()                One step of both balls (pauses); returns getState().
//   reset()               Restarts the throw. After a crash it rebuilds the figure (returns a
//                         Promise then).
//   runToEnd()            Steps until both balls are decided, synchronously; returns getState().
//   minimizers(x_tilde)   {penalty, ipc}: the global minimizer of each model's E for that x̃
//                         (x̃ a finite number in [-100, 100] m, else an Error).
//   setXTilde(x)          What dragging x̃ does: pauses and shows the plot at x̃ = x; returns
//                         minimizers(x). play() or step() hands x̃ back to the throw.
//   showStep(step)        Shows step `step` (1-based) of both balls on the energy plot (pauses;
//                         0: follow the throw again); play() or step() follow the throw again.
//   energyView()          {x_tilde, following, step, models: {penalty: {x_tilde, minimizer,
//                         step}, ipc}, left, right, top, bottom, x0, x1}: the energy plot as
//                         drawn (its rectangle in CSS px relative to the canvas). Following the
//                         throw, each ball's latest step; once both are decided, each one's
//                         impact step (its largest x: the red jump, the green closest approach).
//   table()               The article's table at the current parameters: [{v0, model, k,
//                         outcome, xmax_minus_wall_m, newton_max}].
//   iterates(model, step) The Newton iterates of step `step` (1-based; 0: the latest) of model
//                         "penalty" | "ipc": [{x, energy, gradient, dx, distance, alpha_ccd,
//                         ccd_clipped, alpha, halvings, converged}].
//   trace()               The trace panel's step: {model, step, follow, x_tilde}.
//   regime()              The regime map (128 × 128, v0 × h): {n, complete, progress, fill_ms,
//                         cell(i, j), cellOf(v0, h), v0At(i), hAt(j), plot()}. trace() and
//                         regime() throw until the panels below the figure are built (ready).
//   __frameTimes(from)    For benchmarks: {next, work, whole}, the times (ms) of the frames
//                         numbered from `from` on (of the latest 600 that stepped or drew):
//                         the figure's own work, and the whole frame with the panels.
//   __panic()             Test hook: a real Rust panic through the guarded path.
//
// The link (url.js): ?v0=&h=&k=&dhat=&kappa=&mass=&wall=&thickness= (SI units, plain decimal
// numbers; also ccd_safety, tol, steps), halves=1, lang=en|es, embed=1. Read on load; refused values
// are named in a note and the defaults apply. Rewritten with replaceState after each change.
//
// In a frame (embed.js), to the parent: {type: "ipc-wall:resize", height} (CSS px, on every
// change of the figure's height); {type: "ipc-wall:state", state} (getState(), on load and
// whenever an outcome or the throw changes); {type: "ipc-wall:error", message} (a set it
// refused). From the parent window only, exactly these shapes: {type: "ipc-wall:set",
// params}, {type: "ipc-wall:play" | "ipc-wall:pause" | "ipc-wall:reset" | "ipc-wall:step"}.
// Anything else is ignored silently.

/** The API's message for a refused value: English, short, naming the parameter. */
function apiMessage(p) {
  const key = clip(p.key);
  if (p.reason === 'unknown') return `unknown parameter "${key}"; known: ${SPECS.map((s) => s.name).join(', ')}`;
  const allowed = `allowed: [${p.spec.min}, ${p.spec.max}]${p.spec.unit ? ` ${p.spec.unit}` : ''}`;
  if (p.reason === 'number') {
    return p.type === 'number' ? `${key} = ${p.value} is not a finite number; ${allowed}` : `${key} must be a number, not ${p.type}; ${allowed}`;
  }
  if (p.reason === 'range') return `${key} = ${p.value} is out of range; ${allowed}`;
  return p.message || `${key} = ${p.value} is not accepted`;
}

function setParams(partial) {
  const copy = copyPartial(partial);
  const halves = takeHalves(copy);
  // Checked here first for short messages in the figure's ranges; the core checks again.
  const { problems } = checkPartial(copy, SPECS, checkParameter);
  if (problems.length) throw new Error(apiMessage(problems[0]));
  api.guard((f) => {
    f.set(copy);
    if (halves !== undefined) f.setHalves(halves);
  });
  api.rememberParams();
  restartAfterChange(false);
  return ui.state;
}

/** Each ball's global minimizer of E for `xTilde`; the core refuses an x̃ out of its range. */
function minimizers(xTilde) {
  // A string or an object would be coerced to a number on its way into the wasm.
  if (typeof xTilde !== 'number') throw new Error(`x_tilde must be a finite number, not ${xTilde === null ? 'null' : typeof xTilde}`);
  return api.guard((f) => perBall((m) => f.minimizer(m, xTilde)));
}

window.ipcWall = {
  ready,
  getState: () => api.guard((f) => f.state()),
  set: setParams,
  play,
  pause,
  step: stepOnce,
  reset: () => (api.isDead() ? recoverFigure() : reset()),
  runToEnd,
  minimizers,
  setXTilde: (x) => {
    const m = minimizers(x); // refuses a bad x̃ before anything changes
    pause();
    setXTilde(x);
    return m;
  },
  showStep: (step) => {
    if (!Number.isInteger(step) || step < 0) throw new Error(`step must be a whole number ≥ 0, not ${String(step)}`);
    showStep(step);
  },
  /** The energy plot as drawn: x̃ and the plot rectangle in CSS px relative to the canvas;
   * per ball the x̃, minimizer and step of its curve. */
  energyView: () => {
    const pl = plotted();
    const models = perBall((m) => ({ ...pl[m] }));
    return { x_tilde: pl.xTilde, following: ui.xTildeUser === null && ui.plotStep === 0, step: ui.plotStep, models, ...figurePanel('energy').view() };
  },
  table: () => api.guard((f) => f.table()),
  /** The Newton iterates of step `step` (1-based; 0: the latest) of `model`, from the core. */
  iterates: (model, step = 0) => api.guard((f) => f.iterates(model, step)),
  /** The trace panel's step: {model, step, follow, x_tilde}. */
  trace: () => belowPanel('trace').selection(),
  /** The regime map: {n, complete, progress, fill_ms, cell(i, j), cellOf(v0, h), v0At(i),
   * hAt(j), plot()}. */
  regime: () => belowPanel('regime').api(),
  /** Test hook: draws so far per canvas id (a canvas is drawn only when its inputs change). */
  __draws: () => ({ ...drawCounts }),
  /** Test hook: what the scene's latest frame drew (scene.js `drawn`). */
  __scene: () => figurePanel('scene').drawn(),
  /** Milliseconds of the frames that stepped or drew, numbered from `from` on (oldest first;
   * at most the latest 600): the figure's own work and the whole frame. `next`: the number the
   * next frame will get. */
  __frameTimes: (from = 0) => {
    const size = frameTimes.work.length;
    const out = { next: frameCount, work: [], whole: [] };
    for (let i = Math.max(from, frameCount - size, 0); i < frameCount; i++) {
      out.work.push(frameTimes.work[i % size]);
      out.whole.push(frameTimes.whole[i % size]);
    }
    return out;
  },
  /** Test hook: a real Rust panic through the same guarded path as every other call. */
  __panic: () => {
    try {
      api.guard((_, g) => g.__testPanic());
    } catch (e) {
      return String(e.message || e);
    }
    return 'no panic';
  },
};

// ---- the figure in an iframe ------------------------------------------------------------

/** A command from the parent frame (already checked to be a documented shape). */
async function runCommand(cmd) {
  await ready;
  if (api.isDead()) {
    if (cmd.type === MSG.reset) await recoverFigure();
    return;
  }
  if (cmd.type === MSG.set) setFromParent(cmd.params);
  else if (cmd.type === MSG.play) play();
  else if (cmd.type === MSG.pause) pause();
  else if (cmd.type === MSG.reset) reset();
  else if (cmd.type === MSG.step) stepOnce();
}

/** A parent's `ipc-wall:set`: all or nothing, like window.ipcWall.set. What is refused
 * leaves the state as it was, and the reader and the parent are told why. */
function setFromParent(partial) {
  const { params, halves, problems } = checkFromParent(partial);
  if (!problems.length) {
    try {
      setParams(halves === undefined ? params : { ...params, halves });
      return;
    } catch {
      // Each value passed on its own; together the core still refused them.
      if (api.isDead()) return;
      problems.push(...Object.entries(params).map(([key, value]) => ({ key, value: String(value), reason: 'refused' })));
    }
  }
  showNote(() => t('note.message', { list: problemsText(problems) }));
  postToParent({ type: MSG.error, message: problemsText(problems) });
}

/** A parent's parameters checked one by one: `{params, halves, problems}`. */
function checkFromParent(partial) {
  let copy;
  try {
    copy = copyPartial(partial);
  } catch {
    return { params: {}, problems: [{ key: '', value: '', reason: 'shape' }] };
  }
  const raw = copy.halves;
  try {
    const halves = takeHalves(copy);
    return { ...checkPartial(copy, SPECS, checkParameter), halves };
  } catch {
    return { params: {}, problems: [{ key: 'halves', value: typeof raw === 'string' ? raw : typeof raw, reason: 'halves' }] };
  }
}

function checkParameter(name, value) {
  return api.guard((_, g) => g.checkParameter(name, value));
}

function setupEmbed() {
  setupMessages((cmd) =>
    runCommand(cmd).catch((e) => {
      // A command that fails after passing every check is a bug worth seeing.
      if (!api.isDead()) console.error(e);
    }),
  );
  setupResizePosts($('figure'));
}

// Heights measured for the snippet, by address and width.
const measured = new Map();

/** The iframe snippet for `url` (a view), its height measured at `width`. */
async function snippetFor(url, { view, width }) {
  const key = `${url}|${width}`;
  if (!measured.has(key)) measured.set(key, measureHeight(url, width).catch(() => null));
  // If it cannot be measured, this page's own height is a better guess than none.
  const height = (await measured.get(key)) ?? $('figure').getBoundingClientRect().height;
  const name = view === 'full' ? '' : ` · ${t(`view.${view}`)}`;
  // The static figure (dist/figure.svg), where the page names it as its preview image.
  const preview = document.querySelector('meta[property="og:image"]')?.content;
  return embedSnippet({
    src: url,
    title: t('embed.title') + name,
    height,
    id: view === 'full' ? 'ipc-wall' : `ipc-wall-${view}`,
    link: linkWith(queryFor(ui.state.params, SPECS, { lang: getLang(), halves: ui.state.halves })),
    image: preview ? new URL(preview, location.href).href : null,
    fallback: t('embed.fallback') + name,
  });
}

/** The link to the figure with the current parameters (no embed), and the iframe snippet. */
function setupSharing() {
  share = setupShare({
    link: () => linkWith(queryFor(ui.state.params, SPECS, { lang: ui.langChosen, halves: ui.state.halves })),
    embedLink: (view) => linkWith(queryFor(ui.state.params, SPECS, { lang: getLang(), embed: true, view, theme: ui.theme, halves: ui.state.halves })),
    snippet: snippetFor,
  });
}

/** Parameters from the address: the valid ones apply, the rest are named in a note. */
function applyLink() {
  const link = readUrl(location.search, SPECS, checkParameter);
  let problems = link.problems;
  if (link.halves) {
    api.guard((f) => f.setHalves(true));
    api.rememberParams(); // a crash recovers with the switch on
  }
  if (Object.keys(link.params).length) {
    try {
      api.guard((f) => f.set(link.params));
      api.rememberParams();
    } catch (e) {
      // Each value passed on its own; together the core still refused them.
      if (api.isDead()) throw e;
      problems = problems.concat(Object.entries(link.params).map(([key, value]) => ({ key, value: String(value), reason: 'refused' })));
    }
  }
  if (problems.length) showNote(() => t('note.url', { list: problemsText(problems) }), { sticky: true });
}

// ---- start ------------------------------------------------------------------------------

function setupLanguage() {
  // Only lang and embed matter before the core is loaded; readUrl runs again after it.
  const link = readUrl(location.search, []);
  ui.langChosen = link.lang;
  ui.embed = link.embed;
  ui.view = link.view;
  ui.theme = link.theme;
  document.documentElement.classList.toggle('embed', ui.embed);
  document.documentElement.dataset.view = ui.view;
  setLang(link.lang ?? pickLang(''));
  applyStatic();
  updateLangSwitch();
  onLangChange(relabel);
  $('lang-switch').addEventListener('click', () => {
    ui.langChosen = getLang() === 'es' ? 'en' : 'es';
    setLang(ui.langChosen);
  });
}

/** The switch offers the other language, in that language. */
function updateLangSwitch() {
  $('lang-switch').lang = getLang() === 'es' ? 'en' : 'es';
}

/** After a language change: every string, number and the plot's words again. */
function relabel() {
  applyStatic();
  updateLangSwitch();
  relabelSliders();
  relabelTransport(document);
  if (ui.state) updateSliders(ui.state.params);
  if (ui.note && !$('note').hidden) $('note-text').textContent = ui.note();
  ui.url.seen = '';
  share?.relabel();
}

function onSlider(name, value) {
  const t0 = performance.now();
  try {
    api.guard((f) => f.set({ [name]: value }));
    api.rememberParams();
    restartAfterChange(true);
  } catch (e) {
    // A slider only offers valid values; if the core refuses one, show its reason.
    if (!api.isDead()) showNote(e.message);
  }
  inputWork += performance.now() - t0;
}

/** "Both halves of the guarantee": four balls instead of the article's two. */
function setHalves(on) {
  api.guard((f) => f.setHalves(on));
  api.rememberParams();
  restartAfterChange(true);
}

function setupControls() {
  setupSliders($('sliders'), onSlider);
  $('halves').addEventListener('change', (e) => setHalves(e.target.checked));
  setupTransport(document, {
    togglePlay: () => (ui.playing ? pause() : play()),
    step: () => stepOnce(),
    reset: () => {
      reset();
      if (!reduceMotion.matches) play();
    },
    end: () => runToEnd(),
    speed: (s) => {
      ui.speed = s;
      ui.due = 0;
      planPace();
    },
  });
}

/** ?theme=light|dark forces the palette: the page's dark colours are one @media rule, whose
 * condition becomes always or never true (auto leaves it to the reader's system setting). */
function forceTheme(theme) {
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-color-scheme: dark')) {
        rule.media.mediaText = theme === 'dark' ? 'all' : 'not all';
      }
    }
  }
  document.documentElement.style.colorScheme = theme;
}

/** The colours the canvases draw with, read from the CSS (forceTheme has run). */
function setupTheme() {
  if (ui.theme !== 'auto') ui.dark = ui.theme === 'dark';
  ui.colors = { ...scene.readColors(), ...readModelColors() };
  useFontFamily(getComputedStyle(document.documentElement).getPropertyValue('--font'));
  darkQuery.addEventListener('change', () => {
    if (ui.theme !== 'auto') return;
    ui.dark = darkQuery.matches;
    ui.colors = { ...scene.readColors(), ...readModelColors() };
  });
}

function setupBanner() {
  api.setOnDeath((e) => {
    ui.playing = false;
    const banner = $('error-banner');
    $('error-detail').textContent = t('error.detail', { msg: e.name ? `${e.name}: ${e.message}` : String(e) });
    banner.hidden = false;
    $('error-reset').disabled = false;
    $('error-reset').focus();
  });
  $('error-reset').addEventListener('click', () => recoverFigure());
}

async function recoverFigure() {
  const button = $('error-reset');
  button.disabled = true;
  $('error-detail').textContent = t('error.recovering');
  try {
    await api.recover();
    $('error-banner').hidden = true;
    restartAfterChange(false);
    $('play').focus();
  } catch (e) {
    $('error-detail').textContent = t('error.detail', { msg: e.message || String(e) });
    button.disabled = false;
  }
}

let noteTimer = 0;
/** A non-blocking note. `msg` is a string, or a function that gives it in the current
 * language; a sticky note stays until dismissed, others go after 6 s. */
function showNote(msg, { sticky = false } = {}) {
  const n = $('note');
  ui.note = typeof msg === 'function' ? msg : () => msg;
  $('note-text').textContent = ui.note();
  n.hidden = false;
  clearTimeout(noteTimer);
  if (!sticky) noteTimer = setTimeout(() => (n.hidden = true), 6000);
}

function setupNote() {
  $('note-close').addEventListener('click', () => {
    clearTimeout(noteTimer);
    $('note').hidden = true;
  });
}

/** What was refused, as one line of text: "v0 = “abc” (not a number); foo (unknown …)";
 * every item named, up to a length no honest link reaches. */
function problemsText(problems) {
  const shown = problems.slice(0, 40).map((p) => {
    const vars = { key: clip(p.key), value: clip(p.value) };
    if (p.spec) {
      vars.min = withUnit(fmtCompact(p.spec.min), p.spec.unit);
      vars.max = withUnit(fmtCompact(p.spec.max), p.spec.unit);
    }
    return t(`reason.${p.reason}`, vars);
  });
  if (problems.length > shown.length) shown.push(t('reason.more', { n: problems.length - shown.length }));
  return shown.join('; ');
}

/** A promise that resolves in a task of its own: a message, which a hidden or off-screen frame
 * does not hold back as it does timers. */
function nextTask() {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

/** Resolves once every style sheet the page links is in (or failed): an async module does not
 * wait for them, and the colours, the typeface and the dark rule are read from them. A sheet
 * that failed before this looked may have no `sheet` and fire nothing more (Chromium gives it
 * an empty one): the page's load event, which waits for every sheet, covers it. */
function styleSheetsIn() {
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((l) => !l.sheet);
  if (!pending.length || document.readyState === 'complete') return Promise.resolve();
  const each = pending.map((l) => new Promise((r) => {
    l.addEventListener('load', r, { once: true });
    l.addEventListener('error', r, { once: true });
  }));
  return Promise.race([Promise.all(each), new Promise((r) => addEventListener('load', r, { once: true }))]);
}

/** The page's form fields (see index.html) come in templates: Chromium looks at the fields a
 * page has when parsing ends, which forces a whole style and layout there, before the figure's
 * first frame lays the page out again. Placed now, they are laid out once, in that frame. */
function placeFields() {
  for (const t of document.querySelectorAll('template.field')) t.replaceWith(t.content);
}

async function main() {
  // An async module (see index.html) may come in before the page is parsed.
  if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  placeFields();
  setupLanguage();
  setupBanner();
  setupNote();
  setupControls();
  setupSharing();
  setupEmbed();
  await styleSheetsIn();
  if (ui.theme !== 'auto') forceTheme(ui.theme);
  // The page's first style and first layout are each slow (every rule matched, the fonts
  // found): reading the colours forces the one and measuring the canvases the other, each in a
  // task of its own, not one long task with all the rest. The core compiles meanwhile.
  await nextTask();
  setupTheme();
  await nextTask();
  mountPanels();
  setupVisibility();
  wake();
  try {
    await api.load({}, compiledWasm);
    applyLink();
  } catch (e) {
    // Offer the same Reset as after a panic: it retries the import.
    $('error-detail').textContent = t('error.detail', { msg: e.message || String(e) });
    $('error-banner').hidden = false;
    throw e;
  }
  restartAfterChange(!reduceMotion.matches);
  // The first frame's first panel (the scene) draws its static layer here, in the short task
  // that brought the core in, not in the first frame: that frame was a long task at times.
  const first = panels.figure.find((p) => p.shown);
  if (first) drawSafely(() => prepared(first));
  // A view without the transport cannot be played: without motion it shows the whole throw.
  if (reduceMotion.matches && !inView($('play'))) runToEnd();
  // The address stays as it came until the reader changes something.
  ui.url.query = queryFor(ui.state.params, SPECS, linkKeys());
}

main();
