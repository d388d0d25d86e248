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

/** The balls the figure throws (the two of the article; the "both halves" switch is to come). */
export const MODEL_NAMES = ['penalty', 'ipc'];

const BY_NAME = new Map(MODELS.map((m) => [m.name, m]));

/** The row of model `name` (an Error for a name the table does not have). */
export function look(name) {
  const m = BY_NAME.get(name);
  if (!m) throw new Error(`no such model: ${name}`);
  return m;
}
