// The faces of a tab bar's tabs, shared by the row (OverflowTabs.tsx) and its More menu (MoreTabs.tsx).
import type { ReactElement, ReactNode } from 'react';
import type { JsxStyleProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChevronDown } from 'react-icons/lu';

export interface OverflowTab {
  /** Unique among the bar's tabs. */
  key: string;
  label: string;
  icon?: IconType;
  /** The tab of the page shown: marked (aria-current) in the row or in the menu. */
  active: boolean;
  /**
   * The tab's link around `face`: one element taking the props of the row's link or of the menu's item
   * (a router link, with `aria-current` when active).
   */
  link: (face: ReactNode) => ReactElement;
}

/** The look of a tab in the row: the links, the More button, and their hidden copies that are measured. */
export function tabLook(active: boolean): JsxStyleProps {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    // Compact enough that a repository's eleven tabs fit one line in a window 1,280 px wide.
    px: '2.5',
    py: '2',
    mb: '-1px',
    gap: '1.5',
    fontSize: 'sm',
    whiteSpace: 'nowrap',
    borderBottomWidth: '2px',
    borderColor: active ? 'tarn.solid' : 'transparent',
    color: active ? 'fg' : 'fg.muted',
    fontWeight: active ? 'semibold' : 'normal',
  };
}

export function TabFace({ icon: Icon, label }: Pick<OverflowTab, 'icon' | 'label'>) {
  return (
    <>
      {Icon && <Icon aria-hidden="true" />}
      {label}
    </>
  );
}

export function MoreFace() {
  return (
    <>
      More
      <LuChevronDown aria-hidden="true" />
    </>
  );
}

