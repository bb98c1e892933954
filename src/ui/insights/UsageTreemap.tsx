import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { PrefixUsage } from '../../api/types';
import { formatObjectCount, formatSize } from '../../lib/format';
import { layoutTreemap, MAP_HEIGHT, MAP_WIDTH, type TreemapCell } from './treemap-layout';

export interface UsageTreemapProps {
  repoId: string;
  refId: string;
  usage: PrefixUsage;
  onOpenFolder: (prefix: string) => void;
}

/** What a cell's tooltip says: its name and size, then its objects and what it is. */
export function cellDescription(cell: TreemapCell): string {
  return `${cell.label} ${formatSize(cell.bytes)} in ${formatObjectCount(cell.objects)}, ${kindOf(cell)}`;
}

const kindOf = (cell: TreemapCell) => (cell.kind === 'common_prefix' ? 'folder' : cell.kind === 'object' ? 'object' : 'the smaller children together');

/** Cells too small for their name show only their colour; their spoken name and title still say it all. */
const roomy = (cell: TreemapCell) => cell.width * MAP_WIDTH >= 70 && cell.height * MAP_HEIGHT >= 34;

/**
 * The cell's name and size, shown when there is room, and the rest of what it says to a screen reader unseen: its
 * spoken name is its text, so it always holds what is shown.
 */
function CellFace({ cell, action }: { cell: TreemapCell; action?: string }) {
  const name = (
    <>
      <Text as="span" display="block" fontWeight="medium" truncate fontFamily="mono" fontSize="xs">
        {cell.label}
      </Text>{' '}
      <Text as="span" display="block" fontSize="xs" color="fg.muted" truncate>
        {formatSize(cell.bytes)}
      </Text>
    </>
  );
  return (
    <>
      {roomy(cell) ? name : <VisuallyHidden>{name}</VisuallyHidden>}
      <VisuallyHidden>{`in ${formatObjectCount(cell.objects)}, ${kindOf(cell)}${action ? `: ${action}` : ''}`}</VisuallyHidden>
    </>
  );
}

const palette = {
  common_prefix: { bg: 'blue.subtle', border: 'blue.muted', hover: 'blue.muted' },
  object: { bg: 'green.subtle', border: 'green.muted', hover: 'green.muted' },
  others: { bg: 'bg.muted', border: 'border', hover: 'bg.emphasized' },
} as const;

/**
 * The children of the prefix as a treemap, each cell's area its share of the bytes: a folder opens on click or Enter,
 * an object opens in the viewer, and the cell of the smaller children says what they hold.
 */
export function UsageTreemap({ repoId, refId, usage, onOpenFolder }: UsageTreemapProps) {
  const cells = useMemo(() => layoutTreemap(usage), [usage]);
  return (
    <Box
      as="ul"
      role="list"
      aria-label={`Sizes under ${usage.prefix || 'the root'}`}
      position="relative"
      w="full"
      aspectRatio={MAP_WIDTH / MAP_HEIGHT}
      minH="240px"
      listStyleType="none"
      m="0"
      p="0"
    >
      {cells.map((cell) => {
        const colours = palette[cell.kind];
        const description = cellDescription(cell);
        const shared = {
          position: 'absolute',
          left: `${cell.left * 100}%`,
          top: `${cell.top * 100}%`,
          width: `${cell.width * 100}%`,
          height: `${cell.height * 100}%`,
          bg: colours.bg,
          borderWidth: '1px',
          borderColor: colours.border,
          borderRadius: 'sm',
          overflow: 'hidden',
          px: '1.5',
          py: '1',
          textAlign: 'start',
          // A button centres its content; every cell reads from its top left.
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-start',
          alignItems: 'stretch',
          _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px', zIndex: 1 },
        } as const;
        let face: ReactNode;
        if (cell.kind === 'common_prefix') {
          face = (
            <Box as="button" {...shared} cursor="pointer" _hover={{ bg: colours.hover }} title={description} onClick={() => onOpenFolder(cell.path)} data-cell={cell.path}>
              <CellFace cell={cell} action="open" />
            </Box>
          );
        } else if (cell.kind === 'object') {
          face = (
            <Box asChild {...shared} _hover={{ bg: colours.hover }} color="fg">
              <RouterLink to="/repositories/$repoId/object" params={{ repoId }} search={{ ref: refId, path: cell.path }} title={description} data-cell={cell.path}>
                <CellFace cell={cell} action="open" />
              </RouterLink>
            </Box>
          );
        } else {
          face = (
            <Box {...shared} role="img" tabIndex={0} aria-label={description} title={description} data-cell="others">
              <CellFace cell={cell} />
            </Box>
          );
        }
        return <li key={cell.key}>{face}</li>;
      })}
    </Box>
  );
}
