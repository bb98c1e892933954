import { Icon } from '@chakra-ui/react';
import { LuFileMinus, LuFilePen, LuFilePlus, LuFolderMinus, LuFolderPen, LuFolderPlus, LuTriangleAlert } from 'react-icons/lu';
import type { DiffType } from '../../api/types';

/**
 * Colour palette per kind of change: the same in every tree (changes, commits, compare). A folder with changes
 * inside is neutral: its contents carry the colours.
 */
export const DIFF_PALETTE: Record<DiffType, string> = {
  added: 'green',
  removed: 'red',
  changed: 'orange',
  conflict: 'purple',
  prefix_changed: 'gray',
};

const FILE_ICONS = { added: LuFilePlus, removed: LuFileMinus, changed: LuFilePen, conflict: LuTriangleAlert, prefix_changed: LuFilePen };
const FOLDER_ICONS = {
  added: LuFolderPlus,
  removed: LuFolderMinus,
  changed: LuFolderPen,
  conflict: LuTriangleAlert,
  prefix_changed: LuFolderPen,
};

export function DiffIcon({ type, folder }: { type: DiffType; folder: boolean }) {
  const Glyph = (folder ? FOLDER_ICONS : FILE_ICONS)[type];
  return (
    <Icon colorPalette={DIFF_PALETTE[type]} color="colorPalette.fg" boxSize="4" aria-hidden="true">
      <Glyph />
    </Icon>
  );
}
