// Every visible string and number format of the page, in English and Spanish (the article's
// language). Numbers go through fmt*() so Spanish gets the decimal comma (0,503 m).

const STRINGS = {
  en: {
    'doc.title': 'A ball thrown at a 20 mm wall: penalty contact vs IPC',
    title: 'A ball thrown at a 20 mm wall',
    lede: 'Two copies of the same 1 kg ball, the same implicit Euler step. The red one feels penalty springs inside the wall; the green one feels IPC’s log barrier in front of it. Each step minimizes an energy E(x): watch where its minimum goes.',
    'error.title': 'Something went wrong.',
    'error.detail': 'The solver stopped unexpectedly ({msg}).',
    'error.reset': 'Reset the figure',
    'error.recovering': 'Restarting…',
    'scene.title': 'The throw, to scale',
    'scene.alt': 'Track to scale: the ball starts at 0 m, the wall’s front face is at {wall}, {thickness} thick. {penalty} {ipc}',
    'scene.wall': 'wall {thickness}',
    'scene.start': 'start',
    'scene.jump': 'one step: {len}',
    'scene.zoom': 'zoom',
    'scene.inset': 'Close to the front face: distance to the wall, log scale',
    'scene.barrier': 'barrier active: d < d̂',
    'scene.inside': '{len} inside',
    'scene.touching': 'on the face',
    'scene.behind': 'behind the wall',
    'scene.away': '{len} away',
    'scene.closest': 'closest {len}',
    'scene.deepest': 'deepest {len}',
    'scene.iterates': 'Newton iterates of this step',
    'ball.penalty': 'penalty',
    'ball.ipc': 'IPC',
    'card.penalty': 'Penalty',
    'card.penalty.sub': '½ k p² inside the wall',
    'card.ipc': 'IPC',
    'card.ipc.sub': 'log barrier + CCD line search',
    'outcome.flying': 'flying',
    'outcome.through': 'went through',
    'outcome.stopped': 'stopped',
    'detail.distance': '{len} from the wall',
    'detail.gap': 'closest gap {len}',
    'detail.gapNow': 'gap {len}',
    'detail.penetration': 'penetrated {len}',
    'detail.inside': '{len} inside the wall',
    'detail.behind': 'came out behind the wall at x = {x}',
    'detail.newton': 'Newton iterations: {n} in this step · {max} at most',
    'detail.noStep': 'No step taken yet',
    'detail.newtonCount': 'How Newton is counted: as in the article’s code and table, the final check that |Δx| < tol (which moves nothing) counts as an iteration, so free flight, solved in one Newton step, shows 2.',
    'announce.penalty.through': 'The red penalty ball went through the wall: it is behind it, at x = {x}.',
    'announce.penalty.inside': 'The red penalty ball stopped after {len} inside the wall.',
    'announce.penalty.front': 'The red penalty ball stopped in front of the wall.',
    'announce.penalty.touching': 'The red penalty ball stopped touching the front face: a gap of exactly 0.',
    'announce.ipc.through': 'The green IPC ball went through the wall: it is behind it, at x = {x}.',
    'announce.ipc.front': 'The green IPC ball stopped {len} from the wall.',
    'announce.ipc.inside': 'The green IPC ball stopped after {len} inside the wall.',
    'announce.ipc.touching': 'The green IPC ball stopped touching the front face: a gap of exactly 0.',
    'transport.label': 'Playback',
    'transport.play': 'Play',
    'transport.pause': 'Pause',
    'transport.replay': 'Replay',
    'transport.step': 'Step',
    'transport.reset': 'Restart',
    'transport.end': 'To the end',
    'transport.speed': 'Pace',
    'transport.speedSlow': 'slow motion {f}',
    'transport.speedReal': 'real time',
    'transport.speedMax': 'fastest',
    'transport.clock': 'step {step} · t = {time}',
    'transport.rate': '{n} steps/s',
    'transport.fast': 'fast-forwarding the flight',
    'energy.title': 'One step as a minimization',
    'energy.formula': 'E(x) = ½ M (x − x̃)² + h² C(x)',
    'energy.alt': 'Energy of the step as a function of the next position x. Slider: the predicted position x̃.',
    'energy.hint': 'Drag the purple dashed line x̃ (or focus the plot and use the arrow keys). Past the wall’s mid-plane the red minimum moves into the back half of the wall; past the back face it sits behind the wall, at x̃. The green curve rises to infinity in front of the wall, so its minimum always stays on the near side.',
    'energy.following': 'following the throw',
    'energy.dragged': 'x̃ set by you · press Play or Step to follow the throw again',
    'energy.xtilde': 'predicted position x̃',
    'energy.minPenalty': 'penalty minimizer',
    'energy.minIpc': 'IPC minimizer',
    'energy.minBarrierAlone': 'barrier-alone minimizer',
    'energy.minCcdAlone': 'CCD-alone minimizer',
    'energy.valuetext': 'x̃ = {x}; penalty minimizer {pen}; IPC minimizer {ipc}',
    'energy.followingStep': 'following the throw · {steps}',
    'energy.rest': 'throw decided · resting on the impact step: {steps}',
    'energy.picked': 'picked in the trace: {steps} · Play or Step follows the throw again',
    'energy.stepOf': '{model} step {n}',
    'energy.stepN': 'step {n}',
    'plot.model.penalty': 'penalty ½kp²',
    'plot.model.ipc': 'IPC log barrier',
    'plot.model.barrier-alone': 'barrier alone (no CCD)',
    'plot.model.ccd-alone': 'CCD alone (penalty energy)',
    // ---- issue 12: both halves of the guarantee (switch, cards, preset, link, s slider) ----
    'halves.switch': 'Both halves of the guarantee',
    'ball.barrier-alone': 'barrier alone',
    'ball.ccd-alone': 'CCD alone',
    'card.barrier-alone': 'Barrier alone',
    'card.barrier-alone.sub': 'log barrier, plain line search (no CCD)',
    'card.ccd-alone': 'CCD alone',
    'card.ccd-alone.sub': '½ k p² with the CCD line search (no barrier)',
    'announce.barrier-alone.through': 'The blue barrier-alone ball went through the wall: it is behind it, at x = {x}.',
    'announce.barrier-alone.front': 'The blue barrier-alone ball stopped {len} from the wall.',
    'announce.barrier-alone.inside': 'The blue barrier-alone ball stopped after {len} inside the wall.',
    'announce.barrier-alone.touching': 'The blue barrier-alone ball stopped touching the front face: a gap of exactly 0.',
    'announce.ccd-alone.through': 'The amber CCD-alone ball went through the wall: it is behind it, at x = {x}.',
    'announce.ccd-alone.inside': 'The amber CCD-alone ball stopped after {len} inside the wall.',
    'announce.ccd-alone.front': 'The amber CCD-alone ball stopped without crossing the front face.',
    'announce.ccd-alone.touching': 'The amber CCD-alone ball stopped touching the front face: a gap of exactly 0.',
    'param.ccd_safety': 'CCD safety factor s',
    'reason.halves': 'halves = “{value}” (allowed: 1, 0, true, false)',
    'preset.halves': 'The barrier alone is not enough',
    'preset.halves.claim': 'Both halves of the guarantee at 5 m/s. The barrier without CCD (blue) only looks at where a Newton step ends: one step lands behind the wall, where the barrier is worth zero, and it is accepted. CCD without the barrier (amber) never lets a step cross the face, but nothing pushes back. Only the two together (green) stop the ball short of the wall.',
    'preset.who.penalty': 'the red ball',
    'preset.who.ipc': 'the green ball',
    'preset.who.barrier-alone': 'the blue ball (barrier alone)',
    'preset.who.ccd-alone': 'the amber ball (CCD alone)',
    'preset.did.through': '{who} went through',
    'preset.did.inside': '{who} stopped after {len} inside the wall',
    'preset.did.front': '{who} stopped in front of the wall',
    'preset.did.gap': '{who} stopped {len} from the wall (at most {n} Newton iterations in a step)',
    'preset.did.stuck': '{who} never crossed the face but stuck to it, a gap of exactly 0, with Newton at its cap of {n} iterations without converging',
    'preset.did.touching': '{who} stopped touching the face, a gap of exactly 0 (at most {n} Newton iterations in a step)',
    'detail.touching': 'touching the front face: a gap of exactly 0',
    'timeline.hintHalves': 'Red dashed: penalty; green: IPC; blue: barrier alone; amber dotted: CCD alone. Click a step to see its iterations in the trace.',
    'trace.stuck': 'Newton stopped at its cap after {n} iterations without converging: |∇E| is still {g}.',
    // ---- end of issue 12 ----
    'plot.iterates': 'Newton iterates, numbered',
    'plot.wall': 'wall',
    'plot.xAxis': 'x − wall [mm]',
    'plot.frontFaceAt': 'front face at',
    'plot.offPlot': 'off the plot',
    'plot.step': 'step',
    'where.front': '{x} · {len} in front of the wall',
    'where.face': '{x} · on the front face',
    'where.inside': '{x} · {len} inside the wall',
    'where.behind': '{x} · {len} behind the wall',
    'controls.title': 'Parameters',
    'controls.note': 'Changing a parameter restarts the throw.',
    'param.v0': 'launch speed v₀',
    'param.h': 'time step h',
    'param.k': 'penalty stiffness k',
    'param.dhat': 'barrier activation distance d̂',
    'param.kappa': 'barrier stiffness κ',
    'numbers.title': 'Three numbers to measure before adding a barrier',
    'numbers.vh': 'Step length against thickness',
    'numbers.vh.value': 'v₀·h = {vh}',
    'numbers.vh.ratio': '{ratio} × the wall thickness W = {w}',
    'numbers.vh.over': 'Above half the thickness: the penalty ball can pass whatever k is.',
    'numbers.vh.under': 'Below half the thickness: the penalty ball can stop, if k is stiff enough.',
    'numbers.bar.step': 'one step v₀h',
    'numbers.bar.wall': 'wall W, mark at W/2',
    'numbers.dhat': 'Activation distance',
    'numbers.dhat.value': 'd̂ = {dhat}',
    'numbers.dhat.note': 'Everything closer than d̂ counts as contact, so it should match the geometric tolerance. The green ball never gets closer than its gap.',
    'numbers.dhat.gap': 'IPC gap this throw: {gap}',
    'numbers.newton': 'CCD safety and Newton cost',
    'numbers.newton.value': 'IPC {ipc} · penalty {pen}',
    'numbers.newton.sub': 'Newton iterations in the impact step{sofar} · CCD safety factor {s}',
    'numbers.sofar': ' (so far)',
    'numbers.newton.note': 'CCD clips each IPC step to {pct} of the time of impact, so the ball approaches the wall geometrically. A sudden jump in iterations means κ or d̂ do not fit the problem.',
    'numbers.pending': 'not decided yet',
    'footer': 'Computed live in your browser by the same Rust solver that reproduces the article’s table (compiled to WebAssembly).',
    'lang.switch': 'Español',
    'lang.switch.label': 'Ver la figura en español',
    'share.label': 'Share',
    'share.link': 'Copy link',
    'share.embed': 'Embed',
    'share.link.field': 'Link to the figure with these parameters',
    'share.embed.field': 'HTML to paste into an article (iframe, sized by the figure’s messages)',
    'share.link.copied': 'Link copied to the clipboard.',
    'share.embed.copied': 'Embed code copied to the clipboard.',
    'share.manual': 'The browser did not allow copying: the text below is selected, copy it with Ctrl+C (⌘C).',
    'embed.title': 'Live figure: a ball thrown at a 20 mm wall, penalty contact vs IPC',
    'embed.options': 'What to embed',
    'embed.view': 'View',
    'embed.width': 'Article column width',
    'embed.copy': 'Copy',
    'embed.measuring': 'Measuring the figure at this width…',
    'embed.fallback': 'Open the live figure',
    'view.full': 'The whole figure',
    'view.throw': 'The throw: scene, transport, sliders',
    'view.energy': 'E(x) with a draggable x̃',
    'view.numbers': 'The three numbers',
    'view.trace': 'The solver’s trace',
    'view.timeline': 'The throw over time',
    'view.map': 'The regime map',
    'view.table': 'The article’s table',
    'note.dismiss': 'Dismiss',
    'note.url': 'Ignored in the link: {list}. The defaults apply instead.',
    'note.message': 'Ignored a request from the page around the figure: {list}.',
    'reason.unknown': '{key} (unknown parameter)',
    'reason.number': '{key} = “{value}” (not a finite number)',
    'reason.range': '{key} = {value} (allowed: {min} to {max})',
    'reason.refused': '{key} = {value} (not accepted)',
    'reason.lang': 'lang = “{value}” (allowed: en, es)',
    'reason.embed': 'embed = “{value}” (allowed: 1, 0)',
    'reason.view': 'view = “{value}” (allowed: full, throw, energy, numbers, trace, timeline, map, table)',
    'reason.theme': 'theme = “{value}” (allowed: auto, light, dark)',
    'reason.shape': 'the parameters are not a plain object',
    'reason.more': 'and {n} more',
    // ---- issue 4: presets, trace, timeline, regime map, table (www/extras.js and friends) ----
    'presets.title': 'The article’s claims, one click each',
    'presets.hint': 'Each button sets the article’s parameters with one change, plays the throw and checks what the article says about it.',
    'preset.default': '5 m/s, h = 10 ms',
    'preset.default.claim': 'The article’s setup: one 50 mm step carries the red ball from in front of the wall to behind it; the green ball stops about 24 µm short of it.',
    'preset.k1e8': 'k = 10⁸',
    'preset.k1e8.claim': 'A penalty 10,000 times stiffer changes nothing: the step still lands behind the wall, where the spring never acts.',
    'preset.smallh': 'k = 10⁸, h = 1.5 ms',
    'preset.smallh.claim': 'With one step (7.5 mm) shorter than half the wall, the red ball lands inside it, and the stiff spring can stop it.',
    'preset.v50': '50 m/s',
    'preset.v50.claim': 'Ten times faster, the green ball still stops, about 2 µm from the wall; its hardest step (the impact) takes 12 Newton iterations, the article’s maximum over the throw.',
    'preset.v1': '1 m/s, k = 10⁴',
    'preset.v1.claim': 'Slow enough for both: the red ball stops after 5.00 mm inside the wall, the green one about 166 µm in front of it.',
    'preset.running': 'Running the throw…',
    'preset.ok': '✓ Reproduced here: {what}.',
    'preset.no': '✗ Not reproduced with these settings: {what}.',
    'trace.title': 'The solver’s trace: one step, iteration by iteration',
    'trace.model': 'Ball',
    'trace.prev': 'Previous step',
    'trace.next': 'Next step',
    'trace.stepOf': 'Step {step} of {steps}',
    'trace.noStep': 'No step taken yet: press Play or Step.',
    'trace.latest': 'Latest step',
    'trace.impact': 'Most iterations',
    'trace.clipped': 'Most CCD clips',
    'trace.notKept': 'Only the latest {n} steps keep their iterates; pick a later step.',
    'trace.summaryShort': 'Step {step}: x̃ = {xt}.',
    'trace.summary': 'Step {step}: x̃ = {xt}, {n} Newton iterations, {clipped} clipped by CCD; {end}.',
    'trace.endGap': 'it ends {len} from the wall',
    'trace.endInside': 'it ends {len} inside the wall',
    'trace.endBehind': 'it ends behind the wall, {len} past its back face',
    'trace.endFace': 'it ends on the front face',
    'trace.geometric': 'Each of the {k} clipped steps keeps {r} of the distance to the wall: the geometric approach of a line search that starts at {s} of the time of impact.',
    'trace.col.it': '#',
    'trace.col.itLong': 'iteration',
    'trace.tableLabel': 'Newton iterations of the step',
    'trace.col.d': 'd = wall − x',
    'trace.col.dx': 'Δx',
    'trace.col.alphaCcd': 'α: CCD',
    'trace.col.alpha': 'α: backtracked',
    'trace.col.e': 'E(x)',
    'trace.col.g': '|∇E|',
    'trace.converged': 'converged',
    'trace.clippedTitle': 'CCD clipped this step to a fraction of the time of impact',
    'trace.legend': 'Each row is one Newton iteration from x: the direction Δx = −∇E/∇²E, the step size α the line search starts from (1, or ✂ clipped by CCD before the wall), α after halving until E decreases, and E and |∇E| at x. The last row meets the tolerance |Δx| < 10⁻¹⁰ m and takes no step.',
    'timeline.title': 'The throw over time',
    'timeline.alt': 'Above: position x of both balls against time, the wall as a band, each step a marker. Below: Newton iterations of each step.',
    'timeline.hint': 'Red dashed: penalty; green: IPC. Click a step to see its iterations in the trace.',
    'timeline.wall': 'wall',
    'timeline.position': 'Position x(t)',
    'timeline.newton': 'Newton iterations per step',
    'timeline.step': 'step {step}',
    'regime.title': 'Regime map: every launch speed and time step at once',
    'regime.lede': 'Each cell is a complete throw at that v₀ and h, for the current k, d̂, κ and wall: hatched if the ball went through, grey if it reached the wall, else coloured by how close it came. Left, the red ball; right, the green one; either panel can show any of the four models. Click or tap a cell to throw there; the crosshair marks the current v₀ and h.',
    'regime.v0axis': 'v₀ [m/s]',
    'regime.haxis': 'h [ms]',
    'regime.lineHalf': 'v·h = W/2',
    'regime.lineFull': 'v·h = W',
    'regime.panel': 'Model',
    'regime.caption.penalty': 'k = {k}',
    'regime.caption.ipc': 'd̂ = {dhat}, κ = {kappa}, s = {s}',
    'regime.caption.barrier-alone': 'd̂ = {dhat}, κ = {kappa}',
    'regime.caption.ccd-alone': 'k = {k}, s = {s}',
    'regime.stopped': 'reached the wall',
    'regime.through': 'went through',
    'regime.gapLegend': 'closest gap to the wall',
    'regime.lines': 'Lines: one step covers half the wall (v·h = W/2 = {half}, dashed) or all of it (v·h = W = {w}). Up and to the right of the dashed line, the red ball can pass whatever k is.',
    'regime.alt': 'Regime map of the {model} ball over launch speed and time step: hatched cells went through the wall, grey ones reached it, the others are coloured by the closest gap. Arrow keys choose a cell, Enter throws there.',
    'regime.filling': 'Computing {n} × {n} cells… {pct} %',
    'regime.preview': 'A {n} × {n} preview while the slider moves: {full} × {full} cells once it is let go.',
    'regime.notYet': 'Not computed yet.',
    'regime.read.through': '{model} went through',
    'regime.read.inside': '{model} stopped after {len} inside',
    'regime.read.touching': '{model} stopped touching the wall ({n} Newton iterations at most)',
    'regime.read.front': '{model} stopped {len} from the wall ({n} Newton iterations at most)',
    'regime.read': 'v₀ = {v0}, h = {h} (one step {vh}): {cells}.',
    'regime.done': '{n} × {n} cells, both panels, computed in {ms} ms in your browser.',
    'extras.more': 'More: the solver’s trace, the throw over time, the regime map and the article’s table',
    'table.title': 'The article’s table, live',
    'table.lede': 'The article’s six launch speeds, penalty at k and 100·k, and IPC, each an 80-step throw as in its code, for the current h, d̂, κ and wall. With the defaults it is the article’s table.',
    'table.copyLabel': 'Copy the table',
    'table.copyMd': 'Copy as Markdown',
    'table.copyCsv': 'Copy as CSV',
    'table.field.md': 'The table as Markdown',
    'table.field.csv': 'The table as CSV (the CLI’s format: ipc-wall table --format csv)',
    'table.copied': 'Copied.',
    'table.manual': 'Your browser did not allow copying: the text is selected below, copy it by hand.',
    'table.v0': 'v₀ [m/s]',
    'table.pen': 'pen k={k}',
    'table.ipc': 'IPC d̂={dhat}',
    'table.through': 'through',
    'table.stop': 'stop {len}\u00a0mm',
    'table.short': 'short by {len}\u00a0mm',
    'table.shortNewton': 'short by {len}\u00a0mm, newton\u00a0{n}',
    'table.gap': 'gap {len}\u00a0µm, newton\u00a0{n}',
    'table.caption': 'wall at {wall}, thickness {w}, h = {h}',
    'table.note': 'Each throw is {n} steps long; “newton” is the most Newton iterations of a step in it.',
    'table.noteShort': 'Each throw is {n} steps long, as in the article: “short by” means the ball had not reached the wall when they ran out.',
  },
  es: {
    'doc.title': 'Una pelota lanzada contra una pared de 20 mm: penalización frente a IPC',
    title: 'Una pelota lanzada contra una pared de 20 mm',
    lede: 'Dos copias de la misma pelota de 1 kg y el mismo paso de Euler implícito. La roja siente resortes de penalización dentro de la pared; la verde siente la barrera logarítmica de IPC delante de ella. Cada paso minimiza una energía E(x): mira adónde va su mínimo.',
    'error.title': 'Algo salió mal.',
    'error.detail': 'El solver se detuvo inesperadamente ({msg}).',
    'error.reset': 'Reiniciar la figura',
    'error.recovering': 'Reiniciando…',
    'scene.title': 'El lanzamiento, a escala',
    'scene.alt': 'Pista a escala: la pelota parte de 0 m, la cara frontal de la pared está en {wall} y su espesor es {thickness}. {penalty} {ipc}',
    'scene.wall': 'pared {thickness}',
    'scene.start': 'salida',
    'scene.jump': 'un paso: {len}',
    'scene.zoom': 'zoom',
    'scene.inset': 'Junto a la cara frontal: distancia a la pared, escala logarítmica',
    'scene.barrier': 'barrera activa: d < d̂',
    'scene.inside': '{len} dentro',
    'scene.touching': 'sobre la cara',
    'scene.behind': 'detrás de la pared',
    'scene.away': 'a {len}',
    'scene.closest': 'mínimo {len}',
    'scene.deepest': 'máximo {len} dentro',
    'scene.iterates': 'iteraciones de Newton de este paso',
    'ball.penalty': 'penalización',
    'ball.ipc': 'IPC',
    'card.penalty': 'Penalización',
    'card.penalty.sub': '½ k p² dentro de la pared',
    'card.ipc': 'IPC',
    'card.ipc.sub': 'barrera logarítmica + búsqueda lineal con CCD',
    'outcome.flying': 'en vuelo',
    'outcome.through': 'atravesó',
    'outcome.stopped': 'detenida',
    'detail.distance': 'a {len} de la pared',
    'detail.gap': 'hueco mínimo {len}',
    'detail.gapNow': 'hueco {len}',
    'detail.penetration': 'penetró {len}',
    'detail.inside': '{len} dentro de la pared',
    'detail.behind': 'salió detrás de la pared en x = {x}',
    'detail.newton': 'Iteraciones de Newton: {n} en este paso · {max} como máximo',
    'detail.noStep': 'Aún no hay ningún paso',
    'detail.newtonCount': 'Cómo se cuenta Newton: como en el código y la tabla del artículo, la comprobación final |Δx| < tol (que no mueve nada) cuenta como una iteración, así que el vuelo libre, resuelto en un paso de Newton, muestra 2.',
    'announce.penalty.through': 'La pelota roja de penalización atravesó la pared: está detrás de ella, en x = {x}.',
    'announce.penalty.inside': 'La pelota roja de penalización se detuvo tras {len} dentro de la pared.',
    'announce.penalty.front': 'La pelota roja de penalización se detuvo delante de la pared.',
    'announce.penalty.touching': 'La pelota roja de penalización se detuvo tocando la cara frontal: a una distancia de exactamente 0.',
    'announce.ipc.through': 'La pelota verde de IPC atravesó la pared: está detrás de ella, en x = {x}.',
    'announce.ipc.front': 'La pelota verde de IPC se detuvo a {len} de la pared.',
    'announce.ipc.inside': 'La pelota verde de IPC se detuvo tras {len} dentro de la pared.',
    'announce.ipc.touching': 'La pelota verde de IPC se detuvo tocando la cara frontal: a una distancia de exactamente 0.',
    'transport.label': 'Reproducción',
    'transport.play': 'Reproducir',
    'transport.pause': 'Pausa',
    'transport.replay': 'Repetir',
    'transport.step': 'Paso',
    'transport.reset': 'Reiniciar',
    'transport.end': 'Hasta el final',
    'transport.speed': 'Ritmo',
    'transport.speedSlow': 'cámara lenta {f}',
    'transport.speedReal': 'tiempo real',
    'transport.speedMax': 'máxima',
    'transport.clock': 'paso {step} · t = {time}',
    'transport.rate': '{n} pasos/s',
    'transport.fast': 'avance rápido del vuelo',
    'energy.title': 'Un paso como minimización',
    'energy.formula': 'E(x) = ½ M (x − x̃)² + h² C(x)',
    'energy.alt': 'Energía del paso en función de la posición siguiente x. Deslizador: la posición predicha x̃.',
    'energy.hint': 'Arrastra la línea discontinua morada x̃ (o enfoca la gráfica y usa las flechas). Pasado el plano medio de la pared, el mínimo rojo pasa a la mitad trasera de la pared; pasada la cara trasera, queda detrás de la pared, en x̃. La curva verde sube al infinito delante de la pared, así que su mínimo queda siempre del lado cercano.',
    'energy.following': 'siguiendo el lanzamiento',
    'energy.dragged': 'x̃ fijada por ti · pulsa Reproducir o Paso para volver a seguir el lanzamiento',
    'energy.xtilde': 'posición predicha x̃',
    'energy.minPenalty': 'mínimo de penalización',
    'energy.minIpc': 'mínimo de IPC',
    'energy.minBarrierAlone': 'mínimo de barrera sola',
    'energy.minCcdAlone': 'mínimo de CCD sola',
    'energy.valuetext': 'x̃ = {x}; mínimo de penalización {pen}; mínimo de IPC {ipc}',
    'energy.followingStep': 'siguiendo el lanzamiento · {steps}',
    'energy.rest': 'lanzamiento decidido · en el paso de impacto: {steps}',
    'energy.picked': 'elegido en la traza: {steps} · Reproducir o Paso vuelve a seguir el lanzamiento',
    'energy.stepOf': '{model} paso {n}',
    'energy.stepN': 'paso {n}',
    'plot.model.penalty': 'penalización ½kp²',
    'plot.model.ipc': 'barrera logarítmica de IPC',
    'plot.model.barrier-alone': 'barrera sola (sin CCD)',
    'plot.model.ccd-alone': 'CCD sola (energía de penalización)',
    // ---- issue 12: both halves of the guarantee (switch, cards, preset, link, s slider) ----
    'halves.switch': 'Las dos mitades de la garantía',
    'ball.barrier-alone': 'barrera sola',
    'ball.ccd-alone': 'CCD sola',
    'card.barrier-alone': 'Barrera sola',
    'card.barrier-alone.sub': 'barrera logarítmica, búsqueda lineal simple (sin CCD)',
    'card.ccd-alone': 'CCD sola',
    'card.ccd-alone.sub': '½ k p² con la búsqueda lineal con CCD (sin barrera)',
    'announce.barrier-alone.through': 'La pelota azul de barrera sola atravesó la pared: está detrás de ella, en x = {x}.',
    'announce.barrier-alone.front': 'La pelota azul de barrera sola se detuvo a {len} de la pared.',
    'announce.barrier-alone.inside': 'La pelota azul de barrera sola se detuvo tras {len} dentro de la pared.',
    'announce.barrier-alone.touching': 'La pelota azul de barrera sola se detuvo tocando la cara frontal: a una distancia de exactamente 0.',
    'announce.ccd-alone.through': 'La pelota ámbar de CCD sola atravesó la pared: está detrás de ella, en x = {x}.',
    'announce.ccd-alone.inside': 'La pelota ámbar de CCD sola se detuvo tras {len} dentro de la pared.',
    'announce.ccd-alone.front': 'La pelota ámbar de CCD sola se detuvo sin cruzar la cara frontal.',
    'announce.ccd-alone.touching': 'La pelota ámbar de CCD sola se detuvo tocando la cara frontal: a una distancia de exactamente 0.',
    'param.ccd_safety': 'factor de seguridad de CCD s',
    'reason.halves': 'halves = “{value}” (se admite: 1, 0, true, false)',
    'preset.halves': 'La barrera sola no basta',
    'preset.halves.claim': 'Las dos mitades de la garantía a 5 m/s. La barrera sin CCD (azul) solo mira dónde acaba un paso de Newton: un paso cae detrás de la pared, donde la barrera vale cero, y se acepta. La CCD sin barrera (ámbar) nunca deja que un paso cruce la cara, pero nada empuja de vuelta. Solo las dos juntas (verde) detienen la pelota antes de la pared.',
    'preset.who.penalty': 'la pelota roja',
    'preset.who.ipc': 'la pelota verde',
    'preset.who.barrier-alone': 'la pelota azul (barrera sola)',
    'preset.who.ccd-alone': 'la pelota ámbar (CCD sola)',
    'preset.did.through': '{who} atravesó la pared',
    'preset.did.inside': '{who} se detuvo tras {len} dentro de la pared',
    'preset.did.front': '{who} se detuvo delante de la pared',
    'preset.did.gap': '{who} se detuvo a {len} de la pared (como mucho {n} iteraciones de Newton en un paso)',
    'preset.did.stuck': '{who} nunca cruzó la cara pero quedó pegada a ella, a una distancia de exactamente 0, con Newton en su tope de {n} iteraciones sin converger',
    'preset.did.touching': '{who} se detuvo tocando la cara, a una distancia de exactamente 0 (como mucho {n} iteraciones de Newton en un paso)',
    'detail.touching': 'tocando la cara frontal: a una distancia de exactamente 0',
    'timeline.hintHalves': 'Rojo discontinuo: penalización; verde: IPC; azul: barrera sola; ámbar punteado: CCD sola. Haz clic en un paso para ver sus iteraciones en la traza.',
    'trace.stuck': 'Newton se detuvo en su tope tras {n} iteraciones sin converger: |∇E| sigue valiendo {g}.',
    // ---- fin de issue 12 ----
    'plot.iterates': 'iteraciones de Newton, numeradas',
    'plot.wall': 'pared',
    'plot.xAxis': 'x − pared [mm]',
    'plot.frontFaceAt': 'cara frontal en',
    'plot.offPlot': 'fuera de la gráfica',
    'plot.step': 'paso',
    'where.front': '{x} · {len} delante de la pared',
    'where.face': '{x} · sobre la cara frontal',
    'where.inside': '{x} · {len} dentro de la pared',
    'where.behind': '{x} · {len} detrás de la pared',
    'controls.title': 'Parámetros',
    'controls.note': 'Cambiar un parámetro reinicia el lanzamiento.',
    'param.v0': 'velocidad inicial v₀',
    'param.h': 'paso de tiempo h',
    'param.k': 'rigidez de penalización k',
    'param.dhat': 'distancia de activación d̂',
    'param.kappa': 'rigidez de barrera κ',
    'numbers.title': 'Tres números para medir antes de añadir una barrera',
    'numbers.vh': 'Longitud del paso frente al espesor',
    'numbers.vh.value': 'v₀·h = {vh}',
    'numbers.vh.ratio': '{ratio} × el espesor de la pared W = {w}',
    'numbers.vh.over': 'Más de la mitad del espesor: la penalización puede atravesarla sea cual sea k.',
    'numbers.vh.under': 'Menos de la mitad del espesor: la pelota roja puede detenerse si k es suficientemente rígida.',
    'numbers.bar.step': 'un paso v₀h',
    'numbers.bar.wall': 'pared W, marca en W/2',
    'numbers.dhat': 'Distancia de activación',
    'numbers.dhat.value': 'd̂ = {dhat}',
    'numbers.dhat.note': 'Todo lo que esté dentro de d̂ cuenta como contacto, así que debe coincidir con la tolerancia geométrica. La pelota verde nunca se acerca más que su hueco.',
    'numbers.dhat.gap': 'Hueco de IPC en este lanzamiento: {gap}',
    'numbers.newton': 'Seguridad de la CCD y coste de Newton',
    'numbers.newton.value': 'IPC {ipc} · penalización {pen}',
    'numbers.newton.sub': 'Iteraciones de Newton en el paso de impacto{sofar} · factor de seguridad de la CCD {s}',
    'numbers.sofar': ' (hasta ahora)',
    'numbers.newton.note': 'La CCD recorta cada paso de IPC al {pct} del instante de impacto, así que la pelota se acerca a la pared de forma geométrica. Un salto repentino en las iteraciones indica que κ o d̂ no encajan con el problema.',
    'numbers.pending': 'aún sin decidir',
    'footer': 'Calculado en tu navegador por el mismo solver en Rust que reproduce la tabla del artículo (compilado a WebAssembly).',
    'lang.switch': 'English',
    'lang.switch.label': 'View the figure in English',
    'share.label': 'Compartir',
    'share.link': 'Copiar enlace',
    'share.embed': 'Insertar',
    'share.link.field': 'Enlace a la figura con estos parámetros',
    'share.embed.field': 'HTML para pegar en un artículo (iframe, dimensionado por los mensajes de la figura)',
    'share.link.copied': 'Enlace copiado al portapapeles.',
    'share.embed.copied': 'Código para insertar copiado al portapapeles.',
    'share.manual': 'El navegador no permitió copiar: el texto de abajo está seleccionado; cópialo con Ctrl+C (⌘C).',
    'embed.title': 'Figura interactiva: una pelota lanzada contra una pared de 20 mm, penalización frente a IPC',
    'embed.options': 'Qué insertar',
    'embed.view': 'Vista',
    'embed.width': 'Ancho de la columna del artículo',
    'embed.copy': 'Copiar',
    'embed.measuring': 'Midiendo la figura a este ancho…',
    'embed.fallback': 'Abrir la figura interactiva',
    'view.full': 'La figura completa',
    'view.throw': 'El lanzamiento: escena, reproducción, deslizadores',
    'view.energy': 'E(x) con x̃ arrastrable',
    'view.numbers': 'Los tres números',
    'view.trace': 'La traza del solver',
    'view.timeline': 'El lanzamiento en el tiempo',
    'view.map': 'El mapa de regímenes',
    'view.table': 'La tabla del artículo',
    'note.dismiss': 'Cerrar',
    'note.url': 'Se ignoró del enlace: {list}. Se usan los valores por defecto.',
    'note.message': 'Se ignoró una petición de la página que contiene la figura: {list}.',
    'reason.unknown': '{key} (parámetro desconocido)',
    'reason.number': '{key} = «{value}» (no es un número finito)',
    'reason.range': '{key} = {value} (permitido: de {min} a {max})',
    'reason.refused': '{key} = {value} (no aceptado)',
    'reason.lang': 'lang = «{value}» (permitido: en, es)',
    'reason.embed': 'embed = «{value}» (permitido: 1, 0)',
    'reason.view': 'view = «{value}» (permitido: full, throw, energy, numbers, trace, timeline, map, table)',
    'reason.theme': 'theme = «{value}» (permitido: auto, light, dark)',
    'reason.shape': 'los parámetros no son un objeto simple',
    'reason.more': 'y {n} más',
    // ---- issue 4: presets, trace, timeline, regime map, table (www/extras.js and friends) ----
    'presets.title': 'Las afirmaciones del artículo, a un clic',
    'presets.hint': 'Cada botón pone los parámetros del artículo con un cambio, lanza la pelota y comprueba lo que el artículo dice de ese caso.',
    'preset.default': '5 m/s, h = 10 ms',
    'preset.default.claim': 'El montaje del artículo: un paso de 50 mm lleva la pelota roja de delante de la pared a detrás; la verde se detiene unos 24 µm antes.',
    'preset.k1e8': 'k = 10⁸',
    'preset.k1e8.claim': 'Una penalización 10.000 veces más rígida no cambia nada: el paso sigue cayendo detrás de la pared, donde el resorte nunca actúa.',
    'preset.smallh': 'k = 10⁸, h = 1,5 ms',
    'preset.smallh.claim': 'Con un paso (7,5 mm) menor que la mitad de la pared, la pelota roja cae dentro y el resorte rígido puede detenerla.',
    'preset.v50': '50 m/s',
    'preset.v50.claim': 'Diez veces más rápida, la pelota verde se sigue deteniendo, a unos 2 µm de la pared; su paso más difícil (el impacto) cuesta 12 iteraciones de Newton, el máximo del lanzamiento en el artículo.',
    'preset.v1': '1 m/s, k = 10⁴',
    'preset.v1.claim': 'Lo bastante lento para ambas: la roja se detiene tras 5,00 mm dentro de la pared, la verde a unos 166 µm delante de ella.',
    'preset.running': 'Lanzando…',
    'preset.ok': '✓ Reproducido aquí: {what}.',
    'preset.no': '✗ No se reproduce con estos ajustes: {what}.',
    'trace.title': 'La traza del solver: un paso, iteración a iteración',
    'trace.model': 'Pelota',
    'trace.prev': 'Paso anterior',
    'trace.next': 'Paso siguiente',
    'trace.stepOf': 'Paso {step} de {steps}',
    'trace.noStep': 'Aún no hay ningún paso: pulsa Reproducir o Paso.',
    'trace.latest': 'Último paso',
    'trace.impact': 'Más iteraciones',
    'trace.clipped': 'Más recortes de CCD',
    'trace.notKept': 'Solo los últimos {n} pasos guardan sus iteraciones; elige un paso posterior.',
    'trace.summaryShort': 'Paso {step}: x̃ = {xt}.',
    'trace.summary': 'Paso {step}: x̃ = {xt}, {n} iteraciones de Newton, {clipped} recortadas por la CCD; {end}.',
    'trace.endGap': 'termina a {len} de la pared',
    'trace.endInside': 'termina {len} dentro de la pared',
    'trace.endBehind': 'termina detrás de la pared, {len} más allá de su cara trasera',
    'trace.endFace': 'termina sobre la cara frontal',
    'trace.geometric': 'Cada uno de los {k} pasos recortados conserva {r} de la distancia a la pared: la aproximación geométrica de una búsqueda lineal que parte del {s} del instante de impacto.',
    'trace.col.it': '#',
    'trace.col.itLong': 'iteración',
    'trace.tableLabel': 'Iteraciones de Newton del paso',
    'trace.col.d': 'd = pared − x',
    'trace.col.dx': 'Δx',
    'trace.col.alphaCcd': 'α: CCD',
    'trace.col.alpha': 'α: retroceso',
    'trace.col.e': 'E(x)',
    'trace.col.g': '|∇E|',
    'trace.converged': 'convergió',
    'trace.clippedTitle': 'La CCD recortó este paso a una fracción del instante de impacto',
    'trace.legend': 'Cada fila es una iteración de Newton desde x: la dirección Δx = −∇E/∇²E, el tamaño de paso α con que empieza la búsqueda lineal (1, o ✂ recortado por la CCD antes de la pared), α tras dividirlo a la mitad hasta que E baja, y E y |∇E| en x. La última fila cumple la tolerancia |Δx| < 10⁻¹⁰ m y no da ningún paso.',
    'timeline.title': 'El lanzamiento en el tiempo',
    'timeline.alt': 'Arriba: la posición x de ambas pelotas frente al tiempo, la pared como una banda, cada paso un marcador. Abajo: iteraciones de Newton de cada paso.',
    'timeline.hint': 'Rojo discontinuo: penalización; verde: IPC. Haz clic en un paso para ver sus iteraciones en la traza.',
    'timeline.wall': 'pared',
    'timeline.position': 'Posición x(t)',
    'timeline.newton': 'Iteraciones de Newton por paso',
    'timeline.step': 'paso {step}',
    'regime.title': 'Mapa de regímenes: todas las velocidades y pasos de tiempo a la vez',
    'regime.lede': 'Cada celda es un lanzamiento completo con esa v₀ y ese h, para los k, d̂, κ y pared actuales: rayada si la pelota atravesó, gris si llegó a la pared y, si no, coloreada según cuánto se acercó. A la izquierda, la pelota roja; a la derecha, la verde; cada panel puede mostrar cualquiera de los cuatro modelos. Haz clic o toca una celda para lanzar ahí; la cruz marca la v₀ y el h actuales.',
    'regime.v0axis': 'v₀ [m/s]',
    'regime.haxis': 'h [ms]',
    'regime.lineHalf': 'v·h = W/2',
    'regime.lineFull': 'v·h = W',
    'regime.panel': 'Modelo',
    'regime.caption.penalty': 'k = {k}',
    'regime.caption.ipc': 'd̂ = {dhat}, κ = {kappa}, s = {s}',
    'regime.caption.barrier-alone': 'd̂ = {dhat}, κ = {kappa}',
    'regime.caption.ccd-alone': 'k = {k}, s = {s}',
    'regime.stopped': 'llegó a la pared',
    'regime.through': 'atravesó',
    'regime.gapLegend': 'hueco mínimo con la pared',
    'regime.lines': 'Líneas: un paso recorre la mitad de la pared (v·h = W/2 = {half}, discontinua) o toda (v·h = W = {w}). Arriba y a la derecha de la discontinua, la pelota roja puede pasar sea cual sea k.',
    'regime.alt': 'Mapa de regímenes de la pelota de {model} según velocidad inicial y paso de tiempo: las celdas rayadas atravesaron la pared, las grises llegaron a ella y las demás se colorean según el hueco mínimo. Las flechas eligen una celda, Intro lanza ahí.',
    'regime.filling': 'Calculando {n} × {n} celdas… {pct} %',
    'regime.preview': 'Vista previa de {n} × {n} mientras se mueve el control: {full} × {full} celdas al soltarlo.',
    'regime.notYet': 'Aún sin calcular.',
    'regime.read.through': '{model}: atravesó',
    'regime.read.inside': '{model}: se detuvo tras {len} dentro',
    'regime.read.touching': '{model}: se detuvo tocando la pared ({n} iteraciones de Newton como mucho)',
    'regime.read.front': '{model}: se detuvo a {len} de la pared ({n} iteraciones de Newton como mucho)',
    'regime.read': 'v₀ = {v0}, h = {h} (un paso de {vh}): {cells}.',
    'regime.done': '{n} × {n} celdas, ambos paneles, calculadas en {ms} ms en tu navegador.',
    'extras.more': 'Más: la traza del solver, el lanzamiento en el tiempo, el mapa de regímenes y la tabla del artículo',
    'table.title': 'La tabla del artículo, en vivo',
    'table.lede': 'Las seis velocidades del artículo, penalización con k y 100·k, e IPC, cada uno un lanzamiento de 80 pasos como en su código, para los h, d̂, κ y pared actuales. Con los valores por defecto es la tabla del artículo.',
    'table.copyLabel': 'Copiar la tabla',
    'table.copyMd': 'Copiar como Markdown',
    'table.copyCsv': 'Copiar como CSV',
    'table.field.md': 'La tabla en Markdown',
    'table.field.csv': 'La tabla en CSV (el formato de la CLI: ipc-wall table --format csv)',
    'table.copied': 'Copiado.',
    'table.manual': 'Tu navegador no permitió copiar: el texto está seleccionado abajo, cópialo a mano.',
    'table.v0': 'v₀ [m/s]',
    'table.pen': 'pen k={k}',
    'table.ipc': 'IPC d̂={dhat}',
    'table.through': 'atraviesa',
    'table.stop': 'detenida {len}\u00a0mm',
    'table.short': 'le faltan {len}\u00a0mm',
    'table.shortNewton': 'le faltan {len}\u00a0mm, newton\u00a0{n}',
    'table.gap': 'hueco {len}\u00a0µm, newton\u00a0{n}',
    'table.caption': 'pared en {wall}, espesor {w}, h = {h}',
    'table.note': 'Cada lanzamiento dura {n} pasos; «newton» es el máximo de iteraciones de Newton de un paso.',
    'table.noteShort': 'Cada lanzamiento dura {n} pasos, como en el artículo: «le faltan» significa que la pelota aún no había llegado a la pared al acabarse.',
  },
};

export const LANGS = Object.keys(STRINGS);

/** `?lang=es|en`, else the browser's first supported language, else English. */
export function pickLang(search = location.search, languages = navigator.languages || [navigator.language]) {
  const asked = new URLSearchParams(search).get('lang');
  if (asked && LANGS.includes(asked)) return asked;
  for (const l of languages) {
    const base = String(l || '').slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

let lang = 'en';
const langListeners = [];

/** Sets the language and tells every onLangChange listener (when it really changed). */
export function setLang(l) {
  const next = LANGS.includes(l) ? l : 'en';
  const changed = next !== lang;
  lang = next;
  document.documentElement.lang = lang;
  if (changed) for (const fn of langListeners) fn(lang);
}

/** Calls `fn(lang)` after every language change, so a module can redo its own strings. */
export function onLangChange(fn) {
  langListeners.push(fn);
}

export function getLang() {
  return lang;
}

/** The string `key` with `{name}` placeholders filled from `vars` (as text, never HTML). */
export function t(key, vars) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (!vars) return s;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** Fills every `[data-i18n]` element's text from the table. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  document.title = t('doc.title');
}

// ---- numbers ---------------------------------------------------------------------------

const NBSP = '\u00a0';

function dec(s) {
  return lang === 'es' ? s.replace('.', ',') : s;
}

/** `x.toFixed(d)` with the language's decimal separator; the minus sign is a real minus. */
export function fmtFixed(x, d) {
  return dec(x.toFixed(d)).replace(/^-/, '−');
}

/** Up to `sig` significant digits, trailing zeros dropped: 0.12, 5, 250. */
export function fmtSig(x, sig = 3) {
  if (x === 0) return '0';
  const s = Number(x.toPrecision(sig)).toString();
  if (/e/.test(s)) return fmtPow(x, sig);
  return dec(s).replace(/^-/, '−');
}

const SUP = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** 10⁴, 2.5 × 10⁴ (for stiffnesses that span decades). */
export function fmtPow(x, sig = 3) {
  if (x === 0) return '0';
  let e = Math.floor(Math.log10(Math.abs(x)));
  let m = Number((x / 10 ** e).toPrecision(sig));
  if (Math.abs(m) >= 10) {
    m /= 10;
    e += 1;
  }
  const pow = `10${String(e).split('').map((c) => SUP[c]).join('')}`;
  if (e === 0) return fmtSig(m, sig);
  if (m === 1) return pow;
  return `${dec(String(m))}${NBSP}×${NBSP}${pow}`;
}

/** All digits (10000), for screen readers, which read "10⁴" badly. No grouping: "10.000"
 * would look like a decimal point next to Spanish decimal commas. Six significant digits,
 * never an exponent. Plain JS rather than Intl.NumberFormat: the first Intl formatter of a
 * page loads ICU's data, some 15 ms before the first frame. */
export function fmtPlain(x) {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const [m, e] = Math.abs(x).toExponential(5).split('e');
  const digits = m.replace('.', '').replace(/0+$/, '');
  const exp = Number(e);
  let s;
  if (exp < 0) s = `0.${'0'.repeat(-exp - 1)}${digits}`;
  else if (exp + 1 >= digits.length) s = digits + '0'.repeat(exp + 1 - digits.length);
  else s = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  return `${x < 0 ? '−' : ''}${dec(s)}`;
}

/** fmtSig for everyday magnitudes, powers of ten beyond them: 0.05, 250, 10⁸, 10⁻¹⁴. */
export function fmtCompact(x, sig = 3) {
  const a = Math.abs(x);
  return a !== 0 && (a >= 1e4 || a < 1e-3) ? fmtPow(x, sig) : fmtSig(x, sig);
}

export function withUnit(num, unit) {
  return unit ? `${num}${NBSP}${unit}` : num;
}

/** A length in the unit that reads best: m, mm, µm or nm, `sig` significant digits. */
export function fmtLength(m, sig = 3) {
  const a = Math.abs(m);
  if (a >= 1 || a === 0) return withUnit(fmtSig(m, sig), 'm');
  if (a >= 1e-3) return withUnit(fmtSig(m * 1e3, sig), 'mm');
  if (a >= 1e-6) return withUnit(fmtSig(m * 1e6, sig), 'µm');
  return withUnit(fmtSig(m * 1e9, sig), 'nm');
}

/** The article's gap: micrometres with one decimal (24.0 µm), nanometres below 0.1 µm, and
 * below 0.1 nm two significant digits (0.03 nm): a gap the barrier keeps never reads 0.0, as
 * if the ball touched. From 1 mm on, three significant digits (1.24 mm, 203 mm). */
export function fmtGap(m) {
  const um = m * 1e6;
  if (Math.abs(um) >= 1e3) return fmtLength(m, 3);
  if (Math.abs(um) >= 0.1) return withUnit(fmtFixed(um, 1), 'µm');
  const nm = m * 1e9;
  return withUnit(Math.abs(nm) >= 0.1 || nm === 0 ? fmtFixed(nm, 1) : fmtSig(nm, 2), 'nm');
}

/** The article's penetration: millimetres with two decimals (5.00 mm, 0.07 mm), micrometres
 * below; from 10 mm on, three significant digits (15.5 mm, not 15.50 mm). */
export function fmtDepth(m) {
  const mm = m * 1e3;
  if (Math.abs(mm) >= 10) return fmtLength(m, 3);
  if (Math.abs(mm) >= 0.01) return withUnit(fmtFixed(mm, 2), 'mm');
  return withUnit(fmtFixed(m * 1e6, 1), 'µm');
}

/** A position on the track, to 0.1 mm. */
export function fmtPosition(m) {
  return withUnit(fmtFixed(m, 4), 'm');
}

/** A duration: ms below one second. */
export function fmtTime(s) {
  if (Math.abs(s) < 1) return withUnit(fmtSig(s * 1e3, 4), 'ms');
  return withUnit(fmtSig(s, 4), 's');
}
