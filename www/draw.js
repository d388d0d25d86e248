// Marks shared by the canvases: each model's marker shape (www/models.js names it).

/** Path of a marker whose leading (right) edge is at (x, y): disc or diamond of radius r. */
export function shapePath(ctx, shape, x, y, r) {
  ctx.beginPath();
  addShape(ctx, shape, x, y, r);
}

/** Adds a marker to the current path, so many markers cost one stroke. */
export function addShape(ctx, shape, x, y, r) {
  if (shape === 'disc') {
    ctx.moveTo(x, y);
    ctx.arc(x - r, y, r, 0, 2 * Math.PI);
  } else {
    ctx.moveTo(x, y);
    ctx.lineTo(x - r, y - r);
    ctx.lineTo(x - 2 * r, y);
    ctx.lineTo(x - r, y + r);
    ctx.closePath();
  }
}

