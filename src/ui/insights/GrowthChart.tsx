import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { Growth, GrowthPoint } from '../../machines/insights-page';
import { formatCount, formatDate, formatSize, shortCommitId } from '../../lib/format';

const WIDTH = 600;
const HEIGHT = 120;
const GAP = 4;

/** One row of bars, each commit's figure as a share of the largest. */
function Bars({ points, value, label, format, colour }: { points: GrowthPoint[]; value: (p: GrowthPoint) => number; label: string; format: (n: number) => string; colour: string }) {
  const top = Math.max(1, ...points.map(value));
  const width = WIDTH / points.length;
  const first = points[0] as GrowthPoint;
  const last = points.at(-1) as GrowthPoint;
  return (
    <Stack gap="1" flex="1" minW="240px">
      <HStack justify="space-between">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {format(value(first))} → {format(value(last))}
        </Text>
      </HStack>
      <Box asChild color={colour} w="full" h="120px">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={`${label} at the last ${points.length} commits: from ${format(value(first))} to ${format(value(last))}`}>
          {points.map((p, i) => {
            const h = Math.max(1, (value(p) / top) * (HEIGHT - 2));
            return (
              <rect key={p.commitId} x={i * width + GAP / 2} y={HEIGHT - h} width={Math.max(1, width - GAP)} height={h} fill="currentColor">
                <title>{`${shortCommitId(p.commitId)} ${p.message}: ${format(value(p))}`}</title>
              </rect>
            );
          })}
        </svg>
      </Box>
    </Stack>
  );
}

/** Objects and bytes of the ref at its last commits, oldest first: two bar charts, and the figures as a table. */
export function GrowthChart({ growth }: { growth: Growth }) {
  const { points } = growth;
  return (
    <Stack gap="3">
      <HStack gap="6" align="stretch" wrap="wrap">
        <Bars points={points} value={(p) => p.bytes} label="Bytes" format={formatSize} colour="blue.solid" />
        <Bars points={points} value={(p) => p.objects} label="Objects" format={formatCount} colour="green.solid" />
      </HStack>
      <details>
        <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
          The figures as a table
        </Box>
        <Table.Root size="sm" mt="2" aria-label="Objects and bytes at each commit">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Commit</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Objects</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Bytes</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {[...points].reverse().map((p) => (
              <Table.Row key={p.commitId}>
                <Table.Cell>
                  <Text as="span" fontFamily="mono">
                    {shortCommitId(p.commitId)}
                  </Text>{' '}
                  {p.message}
                </Table.Cell>
                <Table.Cell>{formatDate(p.creationDate)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(p.objects)}</Table.Cell>
                <Table.Cell textAlign="end">{formatSize(p.bytes)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </Stack>
  );
}
