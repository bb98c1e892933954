// GeoJSON (RFC 7946) for the viewer: its features, their properties, and their shapes projected into a fixed
// viewBox so that they can be drawn as SVG without a map. Coordinates that look like longitude/latitude are
// stretched by the cosine of the middle latitude, so shapes away from the equator keep their proportions.

export type Position = readonly [number, number];

/** A geometry reduced to what is drawn: points, lines and polygons (rings, the first one the outer). */
export type Shape = { kind: 'point'; at: Position } | { kind: 'line'; path: Position[] } | { kind: 'polygon'; rings: Position[][] };

export interface GeoFeature {
  /** From 1, in file order. */
  index: number;
  /** The geometry's type ('none' without one). */
  geometryType: string;
  properties: Record<string, unknown>;
  shapes: Shape[];
}

export type GeoJsonRead = { ok: true; features: GeoFeature[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function position(value: unknown): Position | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const [x, y] = value as unknown[];
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : undefined;
}

function positions(value: unknown): Position[] {
  return Array.isArray(value) ? value.map(position).filter((p): p is Position => p !== undefined) : [];
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The shapes of a geometry; coordinates that are not numbers are left out rather than failing the file. */
export function shapesOf(geometry: unknown): Shape[] {
  if (!isRecord(geometry)) return [];
  const c = geometry.coordinates;
  switch (geometry.type) {
    case 'Point': {
      const at = position(c);
      return at ? [{ kind: 'point', at }] : [];
    }
    case 'MultiPoint':
      return positions(c).map((at) => ({ kind: 'point', at }));
    case 'LineString':
      return [{ kind: 'line', path: positions(c) }];
    case 'MultiLineString':
      return list(c).map((path) => ({ kind: 'line', path: positions(path) }));
    case 'Polygon':
      return [{ kind: 'polygon', rings: list(c).map(positions) }];
    case 'MultiPolygon':
      return list(c).map((polygon) => ({ kind: 'polygon', rings: list(polygon).map(positions) }));
    case 'GeometryCollection':
      return list(geometry.geometries).flatMap(shapesOf);
    default:
      return [];
  }
}

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

function feature(value: unknown, index: number): GeoFeature {
  const record = isRecord(value) ? value : {};
  const geometry = record.geometry;
  return {
    index,
    geometryType: isRecord(geometry) && typeof geometry.type === 'string' ? geometry.type : 'none',
    properties: isRecord(record.properties) ? record.properties : {},
    shapes: shapesOf(geometry),
  };
}

/** A FeatureCollection, a Feature or a bare geometry, as features. */
export function readGeoJson(text: string): GeoJsonRead {
  let root: unknown;
  try {
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, message: `This file is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (isRecord(root) && root.type === 'FeatureCollection' && Array.isArray(root.features)) {
    return { ok: true, features: root.features.map((f, i) => feature(f, i + 1)) };
  }
  if (isRecord(root) && root.type === 'Feature') return { ok: true, features: [feature(root, 1)] };
  if (isRecord(root) && typeof root.type === 'string' && GEOMETRY_TYPES.has(root.type)) {
    return { ok: true, features: [feature({ geometry: root }, 1)] };
  }
  return { ok: false, message: 'This file is not GeoJSON: expected a FeatureCollection, a Feature or a geometry.' };
}

/** Every position of the shapes. */
function* allPositions(shapes: readonly Shape[]): Generator<Position> {
  for (const shape of shapes) {
    if (shape.kind === 'point') yield shape.at;
    else if (shape.kind === 'line') yield* shape.path;
    else for (const ring of shape.rings) yield* ring;
  }
}

export interface Projection {
  width: number;
  height: number;
  project: (p: Position) => Position;
}

/** The preview's viewBox and its margin around the shapes. */
export const PREVIEW_WIDTH = 640;
export const PREVIEW_HEIGHT = 400;
const MARGIN = 16;

/**
 * Fits the shapes into the viewBox, keeping their proportions and centring them; y grows downwards in SVG, so north
 * is up. Undefined when there is nothing to draw.
 */
export function fitProjection(shapes: readonly Shape[]): Projection | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of allPositions(shapes)) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (minX > maxX) return undefined;
  const geographic = minX >= -180 && maxX <= 180 && minY >= -90 && maxY <= 90;
  const stretch = geographic ? Math.max(Math.cos((((minY + maxY) / 2) * Math.PI) / 180), 0.01) : 1;
  const spanX = (maxX - minX) * stretch;
  const spanY = maxY - minY;
  const innerW = PREVIEW_WIDTH - 2 * MARGIN;
  const innerH = PREVIEW_HEIGHT - 2 * MARGIN;
  // A single point (or shapes along one line) has no extent in some direction: it is centred, at any scale.
  const scale = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
  const k = Number.isFinite(scale) ? scale : 1;
  const offsetX = MARGIN + (innerW - spanX * k) / 2;
  const offsetY = MARGIN + (innerH - spanY * k) / 2;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    project: ([x, y]) => [round(offsetX + (x - minX) * stretch * k), round(offsetY + (maxY - y) * k)],
  };
}

/** The SVG path data of a line or of a polygon's rings. */
export function pathData(shape: Exclude<Shape, { kind: 'point' }>, project: Projection['project']): string {
  const draw = (path: readonly Position[], closed: boolean) =>
    path.length === 0
      ? ''
      : path.map((p, i) => `${i === 0 ? 'M' : 'L'}${project(p).join(' ')}`).join(' ') + (closed ? ' Z' : '');
  return shape.kind === 'line' ? draw(shape.path, false) : shape.rings.map((ring) => draw(ring, true)).filter(Boolean).join(' ');
}
