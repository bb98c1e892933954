// Chakra's Tabs with its styles (recipe) passed to the root instead of kept in the theme: no page shows it at first
// paint, so its styles travel with the code that renders it rather than in the entry (see ../system.ts). The recipe
// is Chakra's own, as the theme had it, so it looks the same. One module a part: a page that shows a dialog does not
// load the menu's.
import { Tabs as ChakraTabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';

function TabsRoot(props: ChakraTabs.RootProps) {
  return <ChakraTabs.Root recipe={tabsSlotRecipe} {...props} />;
}

export const Tabs = { ...ChakraTabs, Root: TabsRoot };
