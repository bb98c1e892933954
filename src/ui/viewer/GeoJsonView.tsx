import { useMemo } from 'react';
import { Alert, Box, chakra, Stack, Text } from '@chakra-ui/react';
import { SQL_MAX_ROWS_SHOWN } from '../../lib/constants';
import { basename } from '../objects/paths';
import { RecordTable } from './RecordTable';
import { fitProjection, pathData, readGeoJson, type GeoFeature, type Projection, type Shape } from './geojson';

export interface GeoJsonViewProps {
  path: string;
  /** The whole file (within the viewer's size cap). */
  text: string;
}

/** Beyond this many features the drawing shows the first ones: tens of thousands of SVG paths freeze a page. */
export const MAX_DRAWN_FEATURES = 5000;

const count = (n: number) => n.toLocaleString('en-US');

/** A GeoJSON file: a drawing of its shapes (no map), then its features' properties as a table. */
export function GeoJsonView({ path, text }: GeoJsonViewProps) {
  const read = useMemo(() => readGeoJson(text), [text]);
  if (!read.ok) {
    return (
      <Box data-renderer="geojson">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{read.message}</Alert.Description>
        </Alert.Root>
      </Box>
    );
  }
  const { features } = read;
  const name = basename(path);
  return (
    <Stack gap="3" data-renderer="geojson">
      <Text fontSize="sm" color="fg.muted">
        {summary(features)}
      </Text>
      <ShapePreview name={name} features={features} />
      {features.length > 0 && <PropertiesTable name={name} features={features} />}
    </Stack>
  );
}

function summary(features: readonly GeoFeature[]): string {
  const byType = new Map<string, number>();
  for (const feature of features) byType.set(feature.geometryType, (byType.get(feature.geometryType) ?? 0) + 1);
  const types = [...byType].map(([type, n]) => `${count(n)} ${type}`).join(', ');
  return `${count(features.length)} ${features.length === 1 ? 'feature' : 'features'}${types ? ` (${types})` : ''}.`;
}

function ShapePreview({ name, features }: { name: string; features: readonly GeoFeature[] }) {
  const drawn = useMemo(() => features.slice(0, MAX_DRAWN_FEATURES), [features]);
  const projection = useMemo(() => fitProjection(drawn.flatMap((f) => f.shapes)), [drawn]);
  if (!projection) return <Text color="fg.muted">There are no shapes to draw.</Text>;
  const { width, height, project } = projection;
  return (
    <Stack gap="1">
      <Box borderWidth="1px" borderRadius="md" bg="bg.subtle" colorPalette="tarn" maxW="3xl">
        <chakra.svg viewBox={`0 0 ${width} ${height}`} width="full" height="auto" role="img" aria-label={`Shapes of ${name}`} display="block">
          {/* Areas under lines under points, so that nothing hides what is smaller. */}
          {LAYERS.map((kind) => (
            <g key={kind}>
              {drawn.flatMap((feature) =>
                feature.shapes
                  .filter((shape) => shape.kind === kind)
                  .map((shape, i) => (
                    <ShapeElement key={`${feature.index}-${i}`} shape={shape} project={project} title={featureTitle(feature)} />
                  )),
              )}
            </g>
          ))}
        </chakra.svg>
      </Box>
      {drawn.length < features.length && (
        <Text fontSize="xs" color="fg.muted">
          Drawing the first {count(drawn.length)} of {count(features.length)} features.
        </Text>
      )}
    </Stack>
  );
}

const LAYERS: ReadonlyArray<Shape['kind']> = ['polygon', 'line', 'point'];

function ShapeElement({ shape, project, title }: { shape: Shape; project: Projection['project']; title: string }) {
  const label = <title>{title}</title>;
  if (shape.kind === 'point') {
    const [cx, cy] = project(shape.at);
    return (
      <chakra.circle data-shape="point" cx={cx} cy={cy} r={4} fill="colorPalette.solid" stroke="bg" strokeWidth={1}>
        {label}
      </chakra.circle>
    );
  }
  return shape.kind === 'line' ? (
    <chakra.path data-shape="line" d={pathData(shape, project)} fill="none" stroke="colorPalette.solid" strokeWidth={2}>
      {label}
    </chakra.path>
  ) : (
    <chakra.path
      data-shape="polygon"
      d={pathData(shape, project)}
      fill="colorPalette.muted"
      fillOpacity={0.6}
      fillRule="evenodd"
      stroke="colorPalette.solid"
      strokeWidth={1}
    >
      {label}
    </chakra.path>
  );
}

function featureTitle(feature: GeoFeature): string {
  const label = feature.properties.name ?? feature.properties.id;
  return typeof label === 'string' || typeof label === 'number' ? `${label} (${feature.geometryType})` : `Feature ${feature.index} (${feature.geometryType})`;
}

const cellText = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function PropertiesTable({ name, features }: { name: string; features: readonly GeoFeature[] }) {
  const shown = features.slice(0, SQL_MAX_ROWS_SHOWN);
  const columns = [...new Set(shown.flatMap((f) => Object.keys(f.properties)))];
  return (
    <Stack gap="1">
      {shown.length < features.length && (
        <Text fontSize="xs" color="fg.muted">
          Showing the properties of the first {count(shown.length)} features.
        </Text>
      )}
      <RecordTable
        label={`Features of ${name}`}
        numberHeader="#"
        columns={['Geometry', ...columns]}
        rows={shown.map((feature) => ({
          number: feature.index,
          cells: [feature.geometryType, ...columns.map((column) => cellText(feature.properties[column]))],
        }))}
        maxH="60vh"
      />
    </Stack>
  );
}
