// What the import did not cut, grouped by type, layer and reason, so nothing is dropped silently; at
// most MAX_IGNORED_GROUPS entries, the rest folded into the last ("and K more"), so a drawing of
// 18,000 points each on its own layer answers a few lines, not 5 MB.
import { shownName } from './entity-check';
import { formatCount } from './format';
import { MAX_IGNORED_GROUPS, MAX_NAME_CHARS } from './limits';
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
  flatEllipse: 'an ellipse whose axis ratio is 0 or less, or under 1e-6, is a flat sliver that cannot be read: not cut; draw it as lines or arcs if it should be',
  outsidePart: 'inside the part but reaching outside it (the blocking issue dxf_contours_cross): left out of the part',
  zeroScale: 'an insert scaled by 0 shrinks its block to nothing: not cut; give it a scale other than 0 if it should be',
  bendLayerCurve: 'on a bend layer but not a straight line: neither cut nor bent',
  bendOutside: 'on a bend layer but clear of the part: no fold',
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

  /**
   * The groups, largest first, then by type and layer, names cut to a readable length. Past
   * MAX_IGNORED_GROUPS, the groups of one type and reason are merged across their layers, and what
   * still does not fit is folded into the last entry, which says how many more groups and entities.
   */
  list(): IgnoredGroup[] {
    // Plain comparisons: a drawing may hold hundreds of thousands of groups (localeCompare took seconds).
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const order = (p: IgnoredGroup, q: IgnoredGroup) => q.count - p.count || text(p.type, q.type) || text(p.layer, q.layer);
    let groups = [...this.groups.values()];
    if (!(groups.length <= MAX_IGNORED_GROUPS)) {
      const merged = new Map<string, { group: IgnoredGroup; layers: number }>();
      for (const group of groups) {
        const key = `${group.type}\u0000${group.note}`;
        const entry = merged.get(key);
        if (entry) {
          entry.group.count += group.count;
          entry.layers += 1;
        } else merged.set(key, { group: { ...group }, layers: 1 });
      }
      groups = [];
      for (const { group, layers } of merged.values()) {
        if (layers > 1) group.layer = `${formatCount(layers)} layers`;
        groups.push(group);
      }
    }
    groups.sort(order);
    const named = (group: IgnoredGroup): IgnoredGroup => ({ type: shownName(group.type), layer: shownName(group.layer), count: group.count, note: clip(group.note) });
    if (groups.length <= MAX_IGNORED_GROUPS) return groups.map(named);
    const kept = groups.slice(0, MAX_IGNORED_GROUPS - 1).map(named);
    let count = 0;
    const types = new Set<string>();
    for (let k = MAX_IGNORED_GROUPS - 1; k < groups.length; k++) {
      count += groups[k]!.count;
      if (types.size <= 5) types.add(shownName(groups[k]!.type));
    }
    const listed = [...types].slice(0, 5).join(', ') + (types.size > 5 ? ', ...' : '');
    kept.push({ type: 'OTHER', layer: '', count, note: `and ${formatCount(groups.length - kept.length)} more groups of entities not cut (${listed})` });
    return kept;
  }
}

/** A note (the parser's own words can be long) cut to a readable length. */
function clip(note: string): string {
  const limit = 4 * MAX_NAME_CHARS;
  return note.length <= limit ? note : `${note.slice(0, limit - 1)}\u2026`;
}
