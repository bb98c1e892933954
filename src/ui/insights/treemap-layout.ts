// The treemap's layout: each child of the prefix a rectangle whose area is its share of the bytes, squarified by
// d3-hierarchy so cells stay near square and readable. Positions are fractions of the map, so the view scales it.
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';
import type { PrefixUsage, UsageChild } from '../../api/types';

export type CellKind = UsageChild['type'] | 'others';

export interface TreemapCell {
  key: string;
  kind: CellKind;
  /** The child's path; for the others cell, the prefix. */
  path: string;
  /** What the cell shows: the folder or object name, or how many children it stands for. */
  label: string;
  objects: number;
  bytes: number;
  /** Fractions of the map's width and height. */
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Leaf {
  cell?: Omit<TreemapCell, 'left' | 'top' | 'width' | 'height'>;
  children?: Leaf[];
}

/** The layout's own units: the map is drawn at this aspect ratio. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 450;
/** The least share of the map a child's cell takes, whatever its bytes. */
const MIN_SHARE = 1 / 300;

/** The last segment of a child's path below the prefix: `raw/` for `images/raw/`. */
export function childName(prefix: string, path: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

export function layoutTreemap(usage: PrefixUsage): TreemapCell[] {
  const leaves: Leaf[] = usage.children.map((child) => ({
    cell: { key: child.path, kind: child.type, path: child.path, label: childName(usage.prefix, child.path), objects: child.objects, bytes: child.bytes },
  }));
  if (usage.others.children > 0) {
    const { children, objects, bytes } = usage.others;
    leaves.push({ cell: { key: '\0others', kind: 'others', path: usage.prefix, label: `${children} more`, objects, bytes } });
  }
  if (leaves.length === 0) return [];
  // A tiny child still gets a cell one can see and point at (a 300th of the map at least), so every child answered
  // can be reached; when all are empty they share alike.
  const total = leaves.reduce((n, leaf) => n + (leaf.cell?.bytes ?? 0), 0);
  const least = Math.max(1, total * MIN_SHARE);
  const root = hierarchy<Leaf>({ children: leaves })
    .sum((leaf) => (leaf.cell ? Math.max(leaf.cell.bytes, least) : 0))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laid = treemap<Leaf>().tile(treemapSquarify).size([MAP_WIDTH, MAP_HEIGHT]).paddingInner(3)(root);
  return laid.leaves().flatMap((node) =>
    node.data.cell
      ? [
          {
            ...node.data.cell,
            left: node.x0 / MAP_WIDTH,
            top: node.y0 / MAP_HEIGHT,
            width: (node.x1 - node.x0) / MAP_WIDTH,
            height: (node.y1 - node.y0) / MAP_HEIGHT,
          },
        ]
      : [],
  );
}
