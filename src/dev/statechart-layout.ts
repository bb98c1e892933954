// Lays a chart out with ELK's layered algorithm: compound states become nested boxes, transitions labelled edges.
// Text is sized from character counts of a monospace font rather than measured, so Node and the browser get the
// same layout, byte for byte.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { Chart, ChartState } from './statechart-graph';

export const FONT_SIZE = 12;
export const SMALL_FONT_SIZE = 11;
const CHAR_WIDTH = 7.25;
const SMALL_CHAR_WIDTH = 6.65;
export const LINE_HEIGHT = 16;
const PADDING = 10;
const MIN_STATE_WIDTH = 72;
const PSEUDO_SIZE = 12;
const HISTORY_SIZE = 28;

export interface Point {
  x: number;
  y: number;
}

export interface StateBox {
  state: ChartState;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text under the state's name: its tags, invoked actors and transitions without a target. */
  lines: string[];
  /** A region of a parallel state. */
  region: boolean;
}

export interface InitialMarker {
  /** The compound state whose initial child this points to. */
  parent: string;
  x: number;
  y: number;
  size: number;
}

export interface EdgeRoute {
  id: string;
  /** Transitions carry a label; the arrow from an initial marker has none. */
  label?: { text: string; x: number; y: number; width: number; height: number };
  points: Point[];
}

export interface ChartLayout {
  machineId: string;
  width: number;
  height: number;
  /** Parents come before their children, so drawing in order paints nested boxes on top. */
  boxes: StateBox[];
  initials: InitialMarker[];
  edges: EdgeRoute[];
}

const elk = new ELK();

const stateNodeId = (id: string) => `s:${id}`;
const initialNodeId = (parent: string) => `i:${parent}`;

export function textWidth(text: string, small = false): number {
  return [...text].length * (small ? SMALL_CHAR_WIDTH : CHAR_WIDTH);
}

function linesOf(state: ChartState): string[] {
  return [
    ...(state.tags.length > 0 ? [`tags: ${state.tags.join(', ')}`] : []),
    ...state.invokes.map((source) => `invoke ${source}`),
    ...state.internal.map((label) => `↻ ${label}`),
  ];
}

/** The height of a state's name and text lines: all of an atomic box, the top padding of a compound one. */
function headerHeight(lines: readonly string[]): number {
  return PADDING + LINE_HEIGHT * (1 + lines.length);
}

function headerWidth(state: ChartState, lines: readonly string[]): number {
  const widest = Math.max(textWidth(state.key), ...lines.map((line) => textWidth(line, true)));
  return Math.max(MIN_STATE_WIDTH, Math.ceil(widest + 2 * PADDING));
}

function toElkNode(state: ChartState): ElkNode {
  const lines = linesOf(state);
  if (state.type === 'history') return { id: stateNodeId(state.id), width: HISTORY_SIZE, height: HISTORY_SIZE };
  if (state.children.length === 0) {
    return { id: stateNodeId(state.id), width: headerWidth(state, lines), height: headerHeight(lines) + PADDING / 2 };
  }
  const children = state.children.map(toElkNode);
  if (state.initial !== undefined) children.unshift({ id: initialNodeId(state.id), width: PSEUDO_SIZE, height: PSEUDO_SIZE });
  return {
    id: stateNodeId(state.id),
    layoutOptions: {
      'elk.padding': `[top=${headerHeight(lines) + PADDING},left=${PADDING * 1.5},bottom=${PADDING * 1.5},right=${PADDING * 1.5}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${headerWidth(state, lines)}, ${headerHeight(lines)})`,
    },
    children,
  };
}

function initialEdges(state: ChartState): ElkExtendedEdge[] {
  const own: ElkExtendedEdge[] =
    state.initial === undefined
      ? []
      : [{ id: `${state.id}#initial`, sources: [initialNodeId(state.id)], targets: [stateNodeId(state.initial)] }];
  return [...own, ...state.children.flatMap(initialEdges)];
}

export async function layoutChart(chart: Chart): Promise<ChartLayout> {
  const edges: ElkExtendedEdge[] = [
    ...initialEdges(chart.root),
    ...chart.transitions.map((transition) => ({
      id: transition.id,
      sources: [stateNodeId(transition.source)],
      targets: [stateNodeId(transition.target)],
      labels: [{ text: transition.label, width: Math.ceil(textWidth(transition.label, true) + 6), height: LINE_HEIGHT }],
    })),
  ];
  const graph: ElkNode = await elk.layout({
    id: 'chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': `[top=${PADDING},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
      // Every coordinate relative to the whole drawing, whichever box an edge or node sits in.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [toElkNode(chart.root)],
    edges,
  });
  return {
    machineId: chart.machineId,
    width: round(graph.width ?? 0),
    height: round(graph.height ?? 0),
    ...collectShapes(chart.root, graph.children?.[0]),
    edges: (graph.edges ?? []).map(toRoute),
  };
}

function collectShapes(root: ChartState, rootNode: ElkNode | undefined): Pick<ChartLayout, 'boxes' | 'initials'> {
  const boxes: StateBox[] = [];
  const initials: InitialMarker[] = [];
  const visit = (state: ChartState, node: ElkNode | undefined, region: boolean) => {
    if (!node) throw new Error(`ELK returned no box for state '${state.id}'`);
    boxes.push({
      state,
      x: round(node.x ?? 0),
      y: round(node.y ?? 0),
      width: round(node.width ?? 0),
      height: round(node.height ?? 0),
      lines: linesOf(state),
      region,
    });
    const byId = new Map((node.children ?? []).map((child) => [child.id, child]));
    const marker = byId.get(initialNodeId(state.id));
    if (marker) initials.push({ parent: state.id, x: round(marker.x ?? 0), y: round(marker.y ?? 0), size: PSEUDO_SIZE });
    for (const child of state.children) visit(child, byId.get(stateNodeId(child.id)), state.type === 'parallel');
  };
  visit(root, rootNode, false);
  return { boxes, initials };
}

function toRoute(edge: ElkExtendedEdge): EdgeRoute {
  const points = (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  const label = edge.labels?.[0];
  return {
    id: edge.id,
    points: points.map(({ x, y }) => ({ x: round(x), y: round(y) })),
    ...(label?.text
      ? { label: { text: label.text, x: round(label.x ?? 0), y: round(label.y ?? 0), width: label.width ?? 0, height: label.height ?? 0 } }
      : {}),
  };
}

/** One decimal: enough for a drawing, and it keeps floating-point noise out of the committed files. */
function round(value: number): number {
  return Math.round(value * 10) / 10;
}
