// The models, one row each, by the core's model name: the one place the page learns a
// model's words, colours and marker, so that no panel branches on a model's name. `color` and
// `text` name entries of the palette read from the CSS variables --NAME and --NAME-text
// (scene.js readColors); `label` is an i18n key; `reports` says which of the article's
// numbers its cards give (the depth reached inside the wall, or the closest gap).

export const MODELS = [
  { name: 'penalty', label: 'ball.penalty', color: 'penalty', text: 'penaltyText', marker: 'disc', dash: [6, 4], width: 1.6, clipsByCcd: false, reports: 'depth' },
  { name: 'ipc', label: 'ball.ipc', color: 'ipc', text: 'ipcText', marker: 'diamond', dash: [], width: 2, clipsByCcd: true, reports: 'gap' },
  { name: 'barrier-alone', label: 'ball.barrier-alone', color: 'barrierAlone', text: 'barrierAloneText', marker: 'square', dash: [], width: 2, clipsByCcd: false, reports: 'gap' },
  { name: 'ccd-alone', label: 'ball.ccd-alone', color: 'ccdAlone', text: 'ccdAloneText', marker: 'triangle', dash: [2, 3], width: 1.6, clipsByCcd: true, reports: 'depth' },
];

/** The article's two balls, which the figure throws until the core reports its own set
 * (Figure.state().models: all four with the "both halves of the guarantee" switch). */
export const MODEL_NAMES = ['penalty', 'ipc'];

const BY_NAME = new Map(MODELS.map((m) => [m.name, m]));

/** The row of model `name` (an Error for a name the table does not have). */
export function look(name) {
  const m = BY_NAME.get(name);
  if (!m) throw new Error(`no such model: ${name}`);
  return m;
}

/** Each model's palette entries (`color`, `text`) from the CSS variables --NAME and
 * --NAME-text. */
export function readModelColors() {
  const cs = getComputedStyle(document.documentElement);
  const out = {};
  for (const m of MODELS) {
    out[m.color] = cs.getPropertyValue(`--${m.name}`).trim();
    out[m.text] = cs.getPropertyValue(`--${m.name}-text`).trim();
  }
  return out;
}

// The page's marker spans (.shape) have CSS for the article's disc and diamond only; these
// give every model's span its colour and, for the triangle, its outline.
const CLIP = { triangle: 'polygon(50% 0, 100% 100%, 0 100%)' };

/** Paints marker span `span` (class "shape <marker>") as model `name`'s. */
export function paintMarker(span, name) {
  span.style.background = `var(--${name})`;
  const clip = CLIP[look(name).marker];
  if (clip) span.style.clipPath = clip;
}
