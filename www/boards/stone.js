// A round stone with a soft top-left sheen, so stones read as stones rather than flat dots
// (Yavalath, Ataxx). Drawn at the context's current opacity, so callers ghost it by setting
// globalAlpha first.

/**
 * Draws a stone of `radius` in `color` centred at `c` = {x, y}, with a `rim` outline. `squash`
 * (0..1) narrows it sideways, for a stone turning over.
 */
export function drawStone(ctx, c, radius, color, rim, squash = 1) {
  ctx.save();
  ctx.translate(c.x, c.y);
  ctx.scale(Math.max(0.04, squash), 1);
  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  const sheen = ctx.createRadialGradient(-radius * 0.35, -radius * 0.4, radius * 0.05, 0, 0, radius);
  sheen.addColorStop(0, 'rgba(255,255,255,0.35)');
  sheen.addColorStop(0.6, 'rgba(255,255,255,0)');
  ctx.fillStyle = sheen;
  ctx.fill();
  ctx.lineWidth = Math.max(1, radius * 0.08);
  ctx.strokeStyle = rim;
  ctx.stroke();
  ctx.restore();
}
