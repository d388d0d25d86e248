// A finished regime map as plain typed arrays: what the workers send the page (transferred, not
// copied; each worker its part of the rows, put together here) and what the page's own fallback
// builds in the same way, so both paths give the page the same picture and the same cells. No
// DOM here: the worker imports it too.

/** Regime.cellTable()'s outcome codes. */
const OUTCOMES = ['', 'stopped', 'through', 'flying'];

/**
 * A complete `Regime` as `{n, models, outcomes, gaps, table, rows}`: `models` the two panels'
 * model names, `outcomes[p]` and `gaps[p]` each panel as the map paints it (Regime.outcomes(p),
 * Regime.gaps(p)), `table` every cell's numbers (Regime.cellTable()), all row-major (`j · n + i`);
 * `rows` its [offset, stride] ([0, 1]: the whole map; else a part holding only its rows).
 */
export function gridOf(r) {
  const panels = [0, 1];
  return { n: r.n(), models: r.models(), outcomes: panels.map((p) => r.outcomes(p)), gaps: panels.map((p) => r.gaps(p)), table: r.cellTable(), rows: r.rows() };
}

/** The whole grid from parts that together hold every row once (Regime.part's interleaved rows). */
export function joinParts(parts) {
  if (parts.length === 1 && parts[0].rows[1] === 1) return parts[0];
  const { n, models } = parts[0];
  const whole = { n, models, outcomes: [new Uint8Array(n * n), new Uint8Array(n * n)], gaps: [new Float64Array(n * n), new Float64Array(n * n)], table: new Float64Array(6 * n * n), rows: [0, 1] };
  for (const part of parts) {
    const [offset, stride] = part.rows;
    // Part row r is the map's row j; each array has `w` numbers per cell.
    const copy = (from, to, w) => {
      for (let r = 0, j = offset; j < n; r++, j += stride) to.set(from.subarray(r * n * w, (r + 1) * n * w), j * n * w);
    };
    [0, 1].forEach((p) => {
      copy(part.outcomes[p], whole.outcomes[p], 1);
      copy(part.gaps[p], whole.gaps[p], 1);
    });
    copy(part.table, whole.table, 6);
  }
  return whole;
}

/** The buffers of a grid, for postMessage's transfer list. */
export function buffersOf(grid) {
  return [...grid.outcomes, ...grid.gaps, grid.table].map((a) => a.buffer);
}

/** Cell (i, j) of a grid in Regime.cell()'s shape; `v0` and `h` from the map's axes. */
export function cellOf(grid, i, j, v0, h) {
  const at = 6 * (j * grid.n + i);
  const cell = { v0, h };
  grid.models.forEach((name, m) => {
    const [code, xmax, newton] = grid.table.subarray(at + 3 * m, at + 3 * m + 3);
    cell[name] = { outcome: OUTCOMES[code], xmax_minus_wall_m: xmax, newton_max: newton };
  });
  return cell;
}
