// Beyond the article (issue 4): presets for its claims, the solver's own trace, the throw over
// time (x(t) and Newton iterations per step), the regime map, and its table, live.
//
// main.js calls extraPanels(figure) once and builds the panels, each of the one shape (see
// main.js "panels"), which its one requestAnimationFrame loop updates. This module owns their
// DOM (#presets and #extras), the worker, and what the panels say to each other (the trace's
// step, shown and picked on the timeline).

import * as api from './api.js';
import { t, applyStatic } from './i18n.js';
import { el } from './chart.js';
import * as presets from './presets.js';
import * as trace from './trace.js';
import * as timeline from './timeline.js';
import * as regime from './regime.js';
import * as table from './table.js';
import { startOffload } from './offload.js';
import { inView } from './embed.js';

let offload = null;

/** The sections of the panels below the figure, in #extras. */
function sections(extrasRoot) {
  const section = (cls, id, views) => el('section', { class: `panel ${cls}`, id, 'aria-labelledby': `${cls}-title`, 'data-views': views });
  const roots = {
    trace: section('trace', 'trace', 'full trace'),
    timeline: section('timeline', 'timeline-panel', 'full timeline'),
    regime: section('regime', 'regime', 'full map'),
    table: section('table', 'table', 'full table'),
  };
  extrasRoot.append(el('div', { class: 'solver' }, roots.trace, roots.timeline), roots.regime, roots.table);
  return roots;
}

/** Embedded in the article, the whole figure stays compact: these panels wait behind one
 * button (the iframe grows through the resize message when they open). A view of one of them
 * shows it at once. */
function collapseInEmbed(presetsRoot, extrasRoot) {
  if (!document.documentElement.classList.contains('embed') || !inView(presetsRoot)) return;
  const toggle = el('button', {
    type: 'button',
    id: 'extras-toggle',
    class: 'extras-toggle',
    'aria-expanded': 'false',
    'aria-controls': 'extras',
    'data-i18n': 'extras.more',
    text: t('extras.more'),
  });
  toggle.addEventListener('click', () => {
    const open = extrasRoot.hidden;
    extrasRoot.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  });
  extrasRoot.hidden = true;
  extrasRoot.before(toggle);
}

/**
 * The panels below the figure, in the order the loop updates them: [{name, root, mount()}],
 * each built (and its words put in) by its `mount()`. main.js calls them a task apart: built
 * together they were one long task, with the first style and layout of all their DOM forced
 * when their canvases are measured. The trace is built before the timeline, which shows its
 * step.
 */
export function extraPanels(figure) {
  const presetsRoot = document.getElementById('presets');
  const extrasRoot = document.getElementById('extras');
  const roots = { presets: presetsRoot, ...sections(extrasRoot) };
  collapseInEmbed(presetsRoot, extrasRoot);
  offload = startOffload(api.compiled(), figure.slowDevice);
  let tracePanel = null;
  const build = {
    presets: (root) => presets.mount(root, figure),
    trace: (root) => (tracePanel = trace.mount(root, figure)),
    timeline: (root) => timeline.mount(root, {
      ...figure,
      selection: () => tracePanel.selection(),
      pickStep: (step) => tracePanel.pick(tracePanel.selection().model, step),
    }),
    regime: (root) => regime.mount(root, { ...figure, offload }),
    table: (root) => table.mount(root, { ...figure, offload }),
  };
  return Object.entries(build).map(([name, mount]) => ({
    name,
    root: roots[name],
    mount() {
      const panel = mount(roots[name]);
      applyStatic(roots[name]);
      return panel;
    },
  }));
}

/** The figure's loop stopped (out of view, hidden tab) or runs again: so does the worker. */
export function pauseExtras(paused) {
  offload?.pause(paused);
}
