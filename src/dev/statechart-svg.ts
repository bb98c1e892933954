// Writes a laid-out chart as one self-contained SVG document: presentation attributes only (no stylesheet, no
// script, no external font or image), a white background so it reads the same in GitHub's light and dark themes, and
// the same bytes for the same chart.
import { FONT_SIZE, LINE_HEIGHT, SMALL_FONT_SIZE, type ChartLayout, type EdgeRoute, type Point, type StateBox } from './statechart-layout';

export const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const INK = '#1e293b';
const MUTED = '#475569';
const EDGE = '#64748b';
const ACTIVE_FILL = '#dbeafe';
const ACTIVE_STROKE = '#1d4ed8';

export interface SvgOptions {
  /** States to highlight (ids from activeStateIds); none in the committed pictures. */
  active?: ReadonlySet<string>;
}

export function chartSvg(layout: ChartLayout, { active = new Set() }: SvgOptions = {}): string {
  const arrow = `${idSafe(layout.machineId)}-arrow`;
  const title = `Statechart of the ${layout.machineId} machine`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><marker id="${arrow}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${EDGE}"/></marker></defs>`,
    `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
    ...layout.boxes.map((box) => stateSvg(box, active.has(box.state.id))),
    ...layout.initials.map(
      ({ x, y, size }) => `<circle cx="${fmt(x + size / 2)}" cy="${fmt(y + size / 2)}" r="${fmt(size / 2)}" fill="${INK}"/>`,
    ),
    ...layout.edges.map((edge) => edgeSvg(edge, arrow)),
    '</svg>',
    '',
  ].join('\n');
}

function stateSvg(box: StateBox, isActive: boolean): string {
  const { state, x, y, width, height } = box;
  // An active compound state is outlined only: filling it would flood its children, the active one among them.
  const compound = state.children.length > 0;
  const fill = isActive && !compound ? ACTIVE_FILL : compound ? '#ffffff' : '#f8fafc';
  const stroke = isActive ? ACTIVE_STROKE : MUTED;
  const strokeWidth = isActive ? 2.5 : 1.2;
  const attributes = `data-state="${escapeXml(state.id)}"${isActive ? ' data-active="true"' : ''}`;
  if (state.type === 'history') {
    const r = width / 2;
    return [
      `<g ${attributes}>`,
      `<circle cx="${fmt(x + r)}" cy="${fmt(y + r)}" r="${fmt(r)}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
      `<text x="${fmt(x + r)}" y="${fmt(y + r + 4)}" text-anchor="middle" fill="${INK}">${state.history === 'deep' ? 'H*' : 'H'}</text>`,
      '</g>',
    ].join('');
  }
  // A parallel state's regions are drawn dashed, as the regions of one state rather than states to choose between.
  const dashed = box.region ? ' stroke-dasharray="5 3"' : '';
  const parts = [
    `<g ${attributes}>`,
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(width)}" height="${fmt(height)}" rx="6" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"${dashed}/>`,
  ];
  if (state.type === 'final') {
    parts.push(
      `<rect x="${fmt(x + 3)}" y="${fmt(y + 3)}" width="${fmt(width - 6)}" height="${fmt(height - 6)}" rx="4" fill="none" stroke="${stroke}" stroke-width="1"/>`,
    );
  }
  const name = state.type === 'parallel' ? `${state.key} (parallel)` : state.key;
  parts.push(`<text x="${fmt(x + 10)}" y="${fmt(y + LINE_HEIGHT + 2)}" font-weight="bold" fill="${INK}">${escapeXml(name)}</text>`);
  box.lines.forEach((line, index) =>
    parts.push(
      `<text x="${fmt(x + 10)}" y="${fmt(y + LINE_HEIGHT * (index + 2) + 2)}" font-size="${SMALL_FONT_SIZE}" fill="${MUTED}">${escapeXml(line)}</text>`,
    ),
  );
  parts.push('</g>');
  return parts.join('');
}

function edgeSvg(edge: EdgeRoute, arrow: string): string {
  const path = `<path d="${pathData(edge.points)}" fill="none" stroke="${EDGE}" stroke-width="1.2" marker-end="url(#${arrow})"/>`;
  if (!edge.label) return `<g data-edge="${escapeXml(edge.id)}">${path}</g>`;
  const { text, x, y, width, height } = edge.label;
  return [
    `<g data-edge="${escapeXml(edge.id)}">`,
    path,
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(width)}" height="${fmt(height)}" fill="#ffffff" fill-opacity="0.9"/>`,
    `<text x="${fmt(x + 3)}" y="${fmt(y + height - 4)}" font-size="${SMALL_FONT_SIZE}" fill="${INK}">${escapeXml(text)}</text>`,
    '</g>',
  ].join('');
}

function pathData(points: readonly Point[]): string {
  return points.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`).join('');
}

/** Numbers as the layout rounded them, without a trailing '.0' or a '-0'. */
function fmt(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function idSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}
