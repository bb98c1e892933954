import { describe, expect, it } from 'vitest';
import { jsonlCell, parseJsonl, VALUE_COLUMN } from '../../src/ui/viewer/jsonl';
import { fitProjection, pathData, PREVIEW_HEIGHT, PREVIEW_WIDTH, readGeoJson, shapesOf } from '../../src/ui/viewer/geojson';
import { chooseRenderer } from '../../src/ui/viewer/renderer-kind';

const MiB = 1024 * 1024;

describe('choosing the jsonl and geojson renderers', () => {
  it.each([
    ['events.jsonl', 'application/octet-stream', 10, 'jsonl'],
    ['events.NDJSON', undefined, 10, 'jsonl'],
    ['stream', 'application/x-ndjson', 10, 'jsonl'],
    ['stream', 'application/jsonl; charset=utf-8', 10, 'jsonl'],
    ['lakes.geojson', 'application/json', 10, 'geojson'],
    ['shapes.json', 'application/geo+json', 10, 'geojson'],
    // Plain JSON stays text; the size cap applies as to every renderer but data.
    ['payload.json', 'application/json', 10, 'text'],
    ['big.jsonl', 'application/octet-stream', 21 * MiB, 'too-large'],
    ['big.geojson', undefined, 21 * MiB, 'too-large'],
  ] as const)('%s (%s, %i bytes) → %s', (path, contentType, sizeBytes, expected) => {
    expect(chooseRenderer({ path, contentType, sizeBytes })).toBe(expected);
  });
});

describe('parseJsonl', () => {
  const text = [
    '{"id": 1, "name": "Superior", "depth": 406}',
    '',
    '{"id": 2, "name": "Baikal", "country": "Russia"}',
    '{"id": 3, oops}',
    '[1, 2]',
    '{"id": 4, "tags": ["deep", "cold"], "meta": {"a": 1}}',
    'not json',
    '',
  ].join('\r\n');

  it('reads records, names the columns in order of appearance and reports bad lines by number', () => {
    const preview = parseJsonl(text, { maxRecords: 100, maxBadLines: 10 });
    expect(preview.lineCount).toBe(7);
    expect(preview.recordCount).toBe(4);
    expect(preview.records.map((r) => r.line)).toEqual([1, 3, 5, 6]);
    expect(preview.columns).toEqual(['id', 'name', 'depth', 'country', VALUE_COLUMN, 'tags', 'meta']);
    expect(preview.badLineCount).toBe(2);
    expect(preview.badLines.map((b) => b.line)).toEqual([4, 7]);
    expect(preview.badLines[0]?.message).toMatch(/JSON/);
  });

  it('shows the first records only, while counting all of them and all bad lines', () => {
    const many = Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? '{' : JSON.stringify({ i }))).join('\n');
    const preview = parseJsonl(many, { maxRecords: 5, maxBadLines: 2 });
    expect(preview.records).toHaveLength(5);
    expect(preview.recordCount).toBe(45);
    expect(preview.badLines.map((b) => b.line)).toEqual([10, 20]);
    expect(preview.badLineCount).toBe(5);
  });

  it('writes cells as text: strings as they are, other values as JSON, nothing for a missing key', () => {
    expect(jsonlCell({ a: 'x' }, 'a')).toBe('x');
    expect(jsonlCell({ a: ['x', 1] }, 'a')).toBe('["x",1]');
    expect(jsonlCell({ a: null }, 'a')).toBe('null');
    expect(jsonlCell({ a: 1 }, 'b')).toBeUndefined();
    expect(jsonlCell([1, 2], VALUE_COLUMN)).toBe('[1,2]');
    expect(jsonlCell([1, 2], 'a')).toBeUndefined();
  });
});

describe('GeoJSON', () => {
  it('reads a FeatureCollection, a Feature and a bare geometry, and refuses what is not GeoJSON', () => {
    const collection = readGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [1, 2] } },
          { type: 'Feature', properties: null, geometry: null },
        ],
      }),
    );
    expect(collection.ok && collection.features.map((f) => [f.index, f.geometryType, f.properties])).toEqual([
      [1, 'Point', { name: 'A' }],
      [2, 'none', {}],
    ]);
    const single = readGeoJson(JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] } }));
    expect(single.ok && single.features[0]?.geometryType).toBe('LineString');
    const bare = readGeoJson(JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }));
    expect(bare.ok && bare.features[0]?.shapes[0]?.kind).toBe('polygon');
    expect(readGeoJson('{"type": "Topology"}')).toEqual({ ok: false, message: expect.stringMatching(/not GeoJSON/) });
    expect(readGeoJson('{oops')).toEqual({ ok: false, message: expect.stringMatching(/not JSON/) });
  });

  it('reduces every geometry type to points, lines and polygons, dropping unreadable coordinates', () => {
    expect(shapesOf({ type: 'MultiPoint', coordinates: [[0, 0], ['x', 1], [2, 2]] })).toEqual([
      { kind: 'point', at: [0, 0] },
      { kind: 'point', at: [2, 2] },
    ]);
    expect(shapesOf({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 3]]] }).map((s) => s.kind)).toEqual(['line', 'line']);
    expect(
      shapesOf({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [0, 0] },
          { type: 'MultiPolygon', coordinates: [[[[0, 0], [1, 0], [0, 1], [0, 0]]], [[[5, 5], [6, 5], [5, 6], [5, 5]]]] },
        ],
      }).map((s) => s.kind),
    ).toEqual(['point', 'polygon', 'polygon']);
    expect(shapesOf({ type: 'Circle', coordinates: [0, 0] })).toEqual([]);
  });

  it('fits the shapes into the viewBox with their proportions, north up, centred', () => {
    // A 2-by-1 box on the equator: as wide as the viewBox allows, centred vertically.
    const box = fitProjection([{ kind: 'polygon', rings: [[[0, 0], [2, 0], [2, 1], [0, 1], [0, 0]]] }])!;
    expect([box.width, box.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    const innerW = PREVIEW_WIDTH - 32;
    // (Near the equator the cosine stretch is all but 1.)
    const near = ([x, y]: readonly [number, number], [ex, ey]: [number, number]) => {
      expect(x).toBeCloseTo(ex, 0);
      expect(y).toBeCloseTo(ey, 0);
    };
    near(box.project([0, 1]), [16, PREVIEW_HEIGHT / 2 - innerW / 4]);
    near(box.project([2, 0]), [PREVIEW_WIDTH - 16, PREVIEW_HEIGHT / 2 + innerW / 4]);
    // At 60° north a degree of longitude is half as long as one of latitude: a 2-by-1 box there looks square.
    const north = fitProjection([{ kind: 'line', path: [[0, 59.5], [2, 60.5]] }])!;
    const [x0, y0] = north.project([0, 59.5]);
    const [x1, y1] = north.project([2, 60.5]);
    expect(Math.abs(x1 - x0)).toBeCloseTo(Math.abs(y1 - y0), 0);
    // A single point lands in the middle.
    expect(fitProjection([{ kind: 'point', at: [10, 10] }])!.project([10, 10])).toEqual([PREVIEW_WIDTH / 2, PREVIEW_HEIGHT / 2]);
    expect(fitProjection([])).toBeUndefined();
  });

  it('writes path data: lines open, polygon rings closed', () => {
    const project = (p: readonly [number, number]) => [p[0] * 10, p[1] * 10] as const;
    expect(pathData({ kind: 'line', path: [[0, 0], [1, 2]] }, project)).toBe('M0 0 L10 20');
    expect(pathData({ kind: 'polygon', rings: [[[0, 0], [1, 0], [0, 1]], [[0.2, 0.2], [0.3, 0.2], [0.2, 0.3]]] }, project)).toBe(
      'M0 0 L10 0 L0 10 Z M2 2 L3 2 L2 3 Z',
    );
  });
});
