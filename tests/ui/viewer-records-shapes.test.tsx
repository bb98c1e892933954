// The object viewer's jsonl and geojson renderers, as a user opening such a file sees them.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { elseNotFound, fakeApi, signedInAs } from './fake-api';

const objects = new Map<string, { contentType: string; body: string }>();

fakeApi(
  signedInAs(),
  http.get('*/api/v1/repositories/lake', () =>
    HttpResponse.json({ id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 }),
  ),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: 'c1' })),
  http.get('*/api/v1/repositories/lake/refs/main/objects/stat', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    const object = objects.get(path);
    if (!object) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return HttpResponse.json({
      path,
      path_type: 'object',
      content_type: object.contentType,
      size_bytes: object.body.length,
      mtime: 1_700_000_000,
      checksum: 'x',
      physical_address: 'p',
    });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) => {
    const object = objects.get(new URL(request.url).searchParams.get('path') ?? '');
    return object ? new HttpResponse(object.body, { headers: { 'Content-Type': object.contentType } }) : HttpResponse.json({}, { status: 404 });
  }),
  elseNotFound,
);

afterEach(() => {
  objects.clear();
});

function view(path: string, contentType: string, body: string) {
  objects.set(path, { contentType, body });
  return renderApp(`/repositories/lake/object?${new URLSearchParams({ path }).toString()}`);
}

const renderer = () =>
  waitFor(() => {
    const el = document.querySelector('[data-renderer]');
    if (!el) throw new Error('no renderer yet');
    return el as HTMLElement;
  }, { timeout: 5000 });

describe('jsonl viewer', () => {
  it('shows the records as a table, columns the union of their keys, with counts and the bad lines by number', async () => {
    view(
      'events/lakes.jsonl',
      'application/octet-stream',
      ['{"name":"Superior","depth":406}', '{"name":"Baikal","country":"Russia"}', '{broken', '', '{"name":"Titicaca","tags":["high"]}', ''].join('\n'),
    );
    expect((await renderer()).getAttribute('data-renderer')).toBe('jsonl');
    const table = await screen.findByRole('table', { name: 'Records of lakes.jsonl' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'name', 'depth', 'country', 'tags']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Superior', '406', '', '']);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Baikal', '', 'Russia', '']);
    expect(within(rows[3]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', 'Titicaca', '', '', '["high"]']);
    expect(screen.getByText('3 records in 5 lines. Showing all of them.')).toBeVisible();
    expect(screen.getByText('1 line is not JSON')).toBeVisible();
    expect(screen.getByText(/^Line 3: /)).toBeVisible();
  });
});

describe('geojson viewer', () => {
  const collection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: 'Harbour', kind: 'port' }, geometry: { type: 'Point', coordinates: [10.75, 59.9] } },
      { type: 'Feature', properties: { name: 'Ferry', minutes: 25 }, geometry: { type: 'LineString', coordinates: [[10.75, 59.9], [10.6, 59.8]] } },
      {
        type: 'Feature',
        properties: { name: 'Island' },
        geometry: { type: 'Polygon', coordinates: [[[10.6, 59.8], [10.65, 59.8], [10.65, 59.85], [10.6, 59.8]]] },
      },
    ],
  };

  it('draws the shapes without a map and lists the features with their properties', async () => {
    view('maps/oslo.geojson', 'application/geo+json', JSON.stringify(collection));
    expect((await renderer()).getAttribute('data-renderer')).toBe('geojson');
    const drawing = await screen.findByRole('img', { name: 'Shapes of oslo.geojson' });
    expect(drawing.getAttribute('viewBox')).toBe('0 0 640 400');
    // Areas first, then lines, then points on top.
    expect([...drawing.querySelectorAll('[data-shape]')].map((s) => s.getAttribute('data-shape'))).toEqual(['polygon', 'line', 'point']);
    expect(drawing.querySelector('[data-shape="polygon"]')?.getAttribute('d')).toMatch(/^M[\d. ]+( L[\d. ]+){3} Z$/);
    expect(drawing.querySelector('[data-shape="point"] title')?.textContent).toBe('Harbour (Point)');
    expect(screen.getByText('3 features (1 Point, 1 LineString, 1 Polygon).')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Features of oslo.geojson' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Geometry', 'name', 'kind', 'minutes']);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'LineString', 'Ferry', '', '25']);
  });

  it('says so when the file is not GeoJSON', async () => {
    view('maps/topo.geojson', 'application/json', '{"type":"Topology","objects":{}}');
    expect(await screen.findByText(/This file is not GeoJSON/)).toBeVisible();
    expect((await renderer()).getAttribute('data-renderer')).toBe('geojson');
  });
});
