// The figure's words, a panel of the figure (see main.js "panels"): each ball's card, the
// clock and the play button, the live region's announcements, the scene's text alternative,
// and the energy plot's readouts (x̃, each minimizer, what the plot follows, the slider's
// values). The three numbers below are numbers.js.

import * as api from './api.js';
import { t, getLang, fmtLength, fmtPosition, fmtSig, fmtTime, withUnit } from './i18n.js';
import { updatePlayButton } from './controls.js';
import { MODELS as TABLE, paintMarker } from './models.js';
import { where, ballDetail, announcement } from './outcome.js';
import { setText } from './chart.js';

const $ = (id) => document.getElementById(id);

// The live region's memory: the outcome last announced per model, and the latest news
// (() => sentence, in the current language).
const ui = { announced: {}, news: [] };

/** Element `id`'s text (or attribute `attr`), written only when it changes. */
export const setTextOf = (id, s, attr) => setText($(id), s, attr);

/** The live region's latest news, in the current language. */
function renderAnnouncement() {
  const text = ui.news.map((f) => f()).join(' ');
  setTextOf('announce', text);
}

/** Each card's edge and marker, and its minimizer's row under the energy plot, in its ball's
 * colour (CSS variables --NAME, as the plot reads them): once, at mount. */
function paintCards() {
  for (const { name } of TABLE) {
    const card = $(`card-${name}`);
    card.style.borderLeftColor = `var(--${name})`;
    paintMarker(card.querySelector('.shape'), name);
    const row = $(`min-${name}`);
    row.style.color = `var(--${name}-text)`;
    paintMarker(row.parentElement.querySelector('.shape'), name);
  }
}

/** The cards of the balls thrown show, and their minimizers' rows; the others are hidden. */
function updateCards(state) {
  for (const { name } of TABLE) {
    const hidden = !state.models.includes(name);
    const card = $(`card-${name}`);
    if (card.hidden !== hidden) card.hidden = hidden;
    const row = $(`min-${name}`).parentElement;
    if (row.hidden !== hidden) row.hidden = hidden;
  }
  if ($('halves').checked !== state.halves) $('halves').checked = state.halves;
}

/** Each card's outcome, detail and Newton count; what is newly decided, to the live region. */
function updateBalls(s) {
  const news = [];
  for (const m of s.models) {
    const b = s[m];
    const card = $(`card-${m}`);
    if (card.dataset.outcome !== b.outcome) card.dataset.outcome = b.outcome;
    setTextOf(`${m}-outcome`, t(`outcome.${b.outcome}`));
    setTextOf(`${m}-detail`, ballDetail(m, b, s.params));
    setTextOf(`${m}-newton`, b.steps ? t('detail.newton', { n: b.newton_last, max: b.newton_most }) : t('detail.noStep'));
    const said = announcement(m, b, ui.announced);
    if (said) news.push(said);
  }
  if (news.length) {
    ui.news = news;
    renderAnnouncement();
  }
}

/** The clock (with the pace while playing), the play button, the scene's text alternative. */
function updateStatus(s, pace) {
  const p = s.params;
  setTextOf('clock-time', t('transport.clock', { step: s.step, time: fmtTime(s.time) }));
  let rate = '';
  if (pace.playing) {
    rate = s.step < pace.ffSteps ? t('transport.fast') : pace.rate === Infinity ? t('transport.speedMax') : t('transport.rate', { n: fmtSig(pace.rate, 2) });
  }
  // The separator is read and copied with the line; the style sheet hides it on two lines.
  setTextOf('clock-sep', rate && ' · ');
  setTextOf('clock-pace', rate);
  updatePlayButton($('play'), pace.playing, api.guard((f) => f.done()));
  // One sentence per ball thrown: the article's two, then the halves' with the switch on.
  const said = s.models.map((m) => `${t(`card.${m}`)}: ${t(`outcome.${s[m].outcome}`)}, ${ballDetail(m, s[m], p)}.`);
  const alt = t('scene.alt', {
    wall: withUnit(fmtSig(p.wall, 4), 'm'),
    thickness: fmtLength(p.thickness, 3),
    penalty: said[0],
    ipc: said.slice(1).join(' '),
  });
  const sc = $('scene');
  if (sc.getAttribute('aria-label') !== alt) sc.setAttribute('aria-label', alt);
}

/** The steps the energy plot shows, in words: "step 11", or each ball's when they differ. */
function plottedSteps(models, pl) {
  const steps = models.map((m) => pl[m].step);
  if (steps.every((s) => s === steps[0])) return t('energy.stepN', { n: steps[0] });
  return models.map((m) => t('energy.stepOf', { model: t(`card.${m}`), n: pl[m].step })).join(', ');
}

/** What the energy plot follows, in words. */
function plotMode(s, pl) {
  if (pl.chosen !== null) return t('energy.dragged');
  const stepped = s.models.some((m) => pl[m].step > 0);
  const done = s.models.every((m) => s[m].outcome !== 'flying');
  if (pl.picked > 0) return t('energy.picked', { steps: plottedSteps(s.models, pl) });
  if (!stepped) return t('energy.following');
  return t(done ? 'energy.rest' : 'energy.followingStep', { steps: plottedSteps(s.models, pl) });
}

/** Under the energy plot: x̃ and each minimizer; on the plot, the slider's values. */
function updateEnergyText(s, pl) {
  const p = s.params;
  const models = s.models;
  const xt = pl.xTilde;
  const sameXt = models.every((m) => pl[m].x_tilde === pl[models[0]].x_tilde);
  setTextOf('xt-value', sameXt ? fmtPosition(xt) : models.map((m) => `${t(`card.${m}`)} ${fmtPosition(pl[m].x_tilde)}`).join(' · '));
  for (const m of models) setTextOf(`min-${m}`, where(pl[m].minimizer, p));
  setTextOf('energy-mode', plotMode(s, pl));
  setTextOf('energy', String(pl.x0), 'aria-valuemin');
  setTextOf('energy', String(pl.x1), 'aria-valuemax');
  setTextOf('energy', String(xt), 'aria-valuenow');
  const said = { x: fmtPosition(xt), pen: where(pl.penalty.minimizer, p), ipc: where(pl.ipc.minimizer, p) };
  setTextOf('energy', t('energy.valuetext', said), 'aria-valuetext');
}

/**
 * The panel (`root`: the figure; its words are in every view). `figure` gives the restarts,
 * the pace (`pace()`: playing, steps per second, steps fast-forwarded) and what the energy plot
 * shows (`plotted()`).
 */
export function mount(root, figure) {
  let restarts = -1;
  paintCards();
  return {
    /** Its words change with each step: while the figure is hurried they wait their turn. */
    stepWords: true,
    /** What the words say: the throw, its pace, what the energy plot shows, the language. */
    key(state) {
      const { playing, rate, ffSteps } = figure.pace();
      const pl = figure.plotted();
      const steps = state.models.map((m) => state[m].steps).join('/');
      return `${figure.restarts()}|${state.step}|${steps}|${playing}|${rate}|${ffSteps}|${pl.key}|${pl.x0}|${pl.x1}|${getLang()}`;
    },
    update(state) {
      if (figure.restarts() !== restarts) {
        // A new throw: the balls it throws, and nothing announced yet.
        restarts = figure.restarts();
        ui.announced = {};
        updateCards(state);
      }
      updateBalls(state);
      updateStatus(state, figure.pace());
      updateEnergyText(state, figure.plotted());
    },
    /** The last announcement again, in the new language (a reader who switched hears it anew). */
    relabel() {
      renderAnnouncement();
    },
    resize() {},
  };
}
