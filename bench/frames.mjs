// What both browser benches record in the page while a throw plays or a slider is dragged.

/**
 * Runs in the page (pass it to page.evaluate with a global's name): records the intervals
 * between animation frames into window[key] = {from, intervals, last, on} until `on` is set
 * to false; `from` is the number of the figure's next frame (for ipcWall.__frameTimes).
 */
export function recordFrames(key) {
  const rec = { from: window.ipcWall.__frameTimes().next, intervals: [], last: null, on: true };
  window[key] = rec;
  const tick = (now) => {
    if (!rec.on) return;
    // To the frame clock's 0.1 ms: a difference of two such times is not exact in floating
    // point (33.40000000000009 would miss a 33.4 ms budget that 33.4 meets).
    if (rec.last !== null) rec.intervals.push(Math.round((now - rec.last) * 10) / 10);
    rec.last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Runs in the page before its scripts (context.addInitScript, with a global's name): keeps
 * every long task as {start, duration} in window[key].tasks and, from Long Animation Frame
 * timing, every script of 5 ms or more as {start, duration, forced, source, invoker} in
 * window[key].scripts and each frame's rendering (style, layout, paint) as {start, end} in
 * window[key].layouts, so that a long task can say what ran in it (whatRan).
 */
export function observeTasks(key) {
  const rec = { tasks: [], scripts: [], layouts: [], frames: false };
  window[key] = rec;
  // A browser without one of these timings keeps nothing of it: no long task is seen, or
  // (rec.frames false) what ran in one is not recorded, and whatRan says so.
  const watch = (type, keep) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(keep)).observe({ type, buffered: true });
      return true;
    } catch {
      return false;
    }
  };
  watch('longtask', (e) => rec.tasks.push({ start: e.startTime, duration: e.duration }));
  rec.frames = watch('long-animation-frame', (f) => {
    if (f.styleAndLayoutStart > 0) rec.layouts.push({ start: f.styleAndLayoutStart, end: f.startTime + f.duration });
    for (const s of f.scripts) {
      const invoker = s.invokerType === 'module-script' || s.invokerType === 'classic-script' ? 'evaluation' : s.invoker;
      rec.scripts.push({ start: s.startTime, duration: s.duration, forced: s.forcedStyleAndLayoutDuration, source: s.sourceURL.split('/').pop() || '?', invoker });
    }
  });
}

// How a script was called, as the Long Animation Frame timing names it, in the report's words.
const CALLED = { FrameRequestCallback: 'animation frame', 'MessagePort.onmessage': 'message', 'TimerHandler:setTimeout': 'timeout' };

/**
 * What ran in the long task `task` ({start, duration}), from what observeTasks kept (`seen`):
 * each script of 5 ms or more (its file, how it was called, ms, and the style and layout it
 * forced), a frame's rendering from its style and layout on (paint too), then the rest: the
 * browser's other work (parsing, commit) and shorter scripts. E.g. "main.js animation frame 39, the rest 15".
 */
export function whatRan(task, { scripts, layouts, frames }) {
  if (!frames) return 'not recorded (no Long Animation Frame timing in this browser)';
  const end = task.start + task.duration;
  const within = (t) => t >= task.start - 1 && t < end;
  const mine = scripts.filter((s) => within(s.start));
  const ms = (x) => Math.round(x);
  const parts = mine.map((s) => {
    const forced = s.forced >= 1 ? ` (${ms(s.forced)} of it forced style and layout)` : '';
    return `${s.source} ${CALLED[s.invoker] ?? s.invoker} ${ms(s.duration)}${forced}`;
  });
  const layout = layouts.filter((l) => within(l.start)).reduce((a, l) => a + Math.min(l.end, end) - l.start, 0);
  if (layout >= 1) parts.push(`style, layout and paint ${ms(layout)}`);
  const rest = task.duration - layout - mine.reduce((a, s) => a + s.duration, 0);
  return [...parts, `the rest ${ms(Math.max(0, rest))}`].join(', ');
}
