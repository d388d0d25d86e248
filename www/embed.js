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

/** Posts {type: "ipc-wall:resize", height} whenever `el`'s height (whole CSS px) changes. */
export function setupResizePosts(el) {
  if (!isFramed()) return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last && height > 0) {
      last = height;
      postToParent({ type: MSG.resize, height });
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
 * The HTML an author pastes into the article: the iframe at `src`, and a few lines that size
 * it from the figure's resize messages. Returned as text, for the clipboard.
 */
export function embedSnippet(src, title, height) {
  const id = 'ipc-wall';
  return [
    `<iframe id="${id}" src="${attr(src)}" title="${attr(title)}" width="100%" height="${Math.ceil(height)}" style="border:0;display:block" loading="lazy"></iframe>`,
    '<script>',
    "addEventListener('message', (e) => {",
    `  const f = document.getElementById('${id}');`,
    `  if (f && e.source === f.contentWindow && e.data && e.data.type === '${MSG.resize}') f.style.height = e.data.height + 'px';`,
    '});',
    '</script>',
  ].join('\n');
}
