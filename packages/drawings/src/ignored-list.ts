// What the import did not cut, grouped by type, layer and reason, so nothing is dropped silently.
import type { IgnoredGroup } from './types';

/** The reasons an entity is not cut, as told to the person who sent the drawing. */
export const IGNORED_NOTES = {
  text: 'text is not cut; explode it into lines if it should be',
  dimension: 'dimensions are not cut',
  hatch: 'hatch fills are not cut',
  point: 'points are not cut',
  fill: 'filled areas are not cut',
  viewport: 'layout viewports are not cut',
  embedded: 'embedded objects are not cut',
  unread: 'this entity type is not read; explode it into lines and arcs if it should be cut',
  paperSpace: 'in paper space (a layout sheet), not in the model',
  invisible: 'invisible entity',
  hiddenLayer: 'on a layer that is off, frozen or set not to plot',
  degenerate: 'zero length: nothing to cut',
  bendLayerCurve: 'on a bend layer but not a straight line: neither cut nor bent',
  duplicate: 'drawn twice on top of itself: cut once',
  strayVertex: 'a vertex outside any polyline',
} as const;

export class IgnoredList {
  private readonly groups = new Map<string, IgnoredGroup>();

  /** Counts `count` entities of `type` on `layer` as not cut, for `note`. */
  add(type: string, layer: string, note: string, count = 1): void {
    if (count <= 0) return;
    const key = `${type}\u0000${layer}\u0000${note}`;
    const group = this.groups.get(key);
    if (group) group.count += count;
    else this.groups.set(key, { type, layer, count, note });
  }

  /** The groups, largest first, then by type and layer. */
  list(): IgnoredGroup[] {
    return [...this.groups.values()].sort((p, q) => q.count - p.count || p.type.localeCompare(q.type) || p.layer.localeCompare(q.layer));
  }
}
