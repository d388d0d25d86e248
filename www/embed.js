// The figure inside an article's iframe: it tells the parent its height and outcomes, and
// takes the same commands as window.ipcWall by postMessage. Only the parent window may
// command it, and only with the documented shapes; anything else is dropped without a word
// (a page may receive messages from extensions and other frames that are none of its
// business).

export const MSG = {
  resize: 'ipc-wall:resize',
  state: 'ipc-wall:state',
  error: 'ipc-wall:error',
  set: 'ipc-wall:set',
  play: 'ipc-wall:play',
  pause: 'ipc-wall:pause',
  reset: 'ipc-wall:reset',
  step: 'ipc-wall:step',
};

const COMMANDS = new Set([MSG.set, MSG.play, MSG.pause, MSG.reset, MSG.step]);

/** True when the page runs in a frame (an iframe of the article). */
export function isFramed() {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** A plain {…} object (what structured cloning makes of one), not an array, Map, Date…. */
export function isPlainObject(x) {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/**
 * The command in `data` as {type, params?}, or null unless it is exactly a documented shape:
 * {type: "ipc-wall:set", params: {…}} or {type: "ipc-wall:play" | "pause" | "reset" | "step"}.
 */
export function parseCommand(data) {
  if (!isPlainObject(data)) return null;
  const keys = Object.keys(data);
  if (typeof data.type !== 'string' || !COMMANDS.has(data.type)) return null;
  if (data.type === MSG.set) {
    if (keys.length !== 2 || !keys.includes('params') || !isPlainObject(data.params)) return null;
    return { type: data.type, params: data.params };
  }
  return keys.length === 1 ? { type: data.type } : null;
}

/** Posts `msg` to the parent frame, if there is one. The figure's state is no secret, and
 * the article's origin is not known in advance, hence "*". */
export function postToParent(msg) {
  if (!isFramed()) return;
  try {
    window.parent.postMessage(msg, '*');
  } catch {
    // A state that cannot be cloned is a bug elsewhere; the figure itself goes on.
  }
}

/** Calls `run(command)` for every well-formed command from the parent window. */
export function setupMessages(run) {
  if (!isFramed()) return;
  window.addEventListener('message', (ev) => {
    if (ev.source !== window.parent) return;
    let cmd = null;
    try {
      cmd = parseCommand(ev.data);
    } catch {
      cmd = null;
    }
    if (cmd) run(cmd);
  });
}

/** The figure's height in the shapes that article hosts already listen for: ours, Embedly's
 * and Observable's, and AMP's amp-iframe (which also needs `resizable` on the iframe). */
export function heightMessages(height) {
  return [{ type: MSG.resize, height }, { context: 'iframe.resize', height }, { sentinel: 'amp', type: 'embed-size', height }];
}

/** Whether `el` is part of the page's view (?view=, as <html data-view>): each part of the page
 * lists in data-views the views it belongs to; a part without one is in every view. */
export function inView(el) {
  const part = el.closest('[data-views]');
  return !part || part.dataset.views.split(' ').includes(document.documentElement.dataset.view || 'full');
}

/** Posts the height messages whenever `el`'s height (whole CSS px) changes. */
export function setupResizePosts(el) {
  if (!isFramed()) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last && height > 0) {
      last = height;
      for (const msg of heightMessages(height)) postToParent(msg);
    }
  };
  new ResizeObserver(post).observe(el);
  post();
}

/** `s` safe inside a double-quoted HTML attribute. */
function attr(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML an author pastes into the article, returned as text for the clipboard: the iframe
 * at `src`, `height` CSS px tall (the view measured at the article's width, so nothing jumps
 * when it loads, and nothing is blank if a CMS strips the script), allowed to copy; a link to
 * `link` for readers without scripts (with the static figure at `image`, if there is one); and
 * a few lines that size every such iframe from its resize messages. `id` is for the article's
 * own commands (getElementById(id).contentWindow.postMessage).
 */
export function embedSnippet({ src, title, height, id, link, image = null, fallback }) {
  const inner = image ? `<img src="${attr(image)}" alt="${attr(fallback)}" style="display:block;max-width:100%;height:auto">` : attr(fallback);
  return [
    `<iframe id="${attr(id)}" class="ipc-wall" src="${attr(src)}" title="${attr(title)}" width="100%" height="${Math.ceil(height)}" style="border:0;display:block" loading="lazy" allow="clipboard-write"></iframe>`,
    `<noscript><a href="${attr(link)}">${inner}</a></noscript>`,
    '<script>',
    "addEventListener('message', (e) => {",
    "  for (const f of document.querySelectorAll('iframe.ipc-wall')) {",
    `    if (e.source === f.contentWindow && e.data && e.data.type === '${MSG.resize}') f.style.height = e.data.height + 'px';`,
    '  }',
    '});',
    '</script>',
  ].join('\n');
}

const PROBE_TIMEOUT_MS = 15_000;

/**
 * The height (CSS px) of the figure at `src` (same origin) in a column `width` px wide: it
 * is loaded in an invisible iframe and sized the way the snippet sizes it, until the
 * height it reports stops changing. Rejects after PROBE_TIMEOUT_MS.
 */
export async function measureHeight(src, width) {
  const probe = document.createElement('iframe');
  probe.className = 'embed-probe';
  probe.tabIndex = -1;
  probe.setAttribute('aria-hidden', 'true');
  probe.style.width = `${width}px`;
  probe.src = src;
  const frames = (n) => new Promise((r) => (n ? requestAnimationFrame(() => frames(n - 1).then(r)) : r()));
  let timer = 0;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the figure did not load')), PROBE_TIMEOUT_MS)));
  const measure = async () => {
    await new Promise((r) => probe.addEventListener('load', r, { once: true }));
    const win = probe.contentWindow;
    while (!win.ipcWall?.ready) await frames(1);
    await win.ipcWall.ready;
    const figure = probe.contentDocument.getElementById('figure');
    let height = 0;
    for (let i = 0; i < 5; i++) {
      const h = Math.ceil(figure.getBoundingClientRect().height);
      if (h === height) break;
      height = h;
      probe.style.height = `${h}px`;
      await frames(2);
    }
    return height;
  };
  document.body.append(probe);
  try {
    return await Promise.race([measure(), timeout]);
  } finally {
    clearTimeout(timer);
    probe.remove();
  }
}
