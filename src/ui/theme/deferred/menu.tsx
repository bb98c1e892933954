// Chakra's Menu with its styles (recipe) passed to the root instead of kept in the theme: no page shows it at first
// paint, so its styles travel with the code that renders it rather than in the entry (see ../system.ts). The recipe
// is Chakra's own, as the theme had it, so it looks the same. One module a part: a page that shows a dialog does not
// load the menu's.
import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';

function MenuRoot(props: ChakraMenu.RootProps) {
  return <ChakraMenu.Root recipe={menuSlotRecipe} {...props} />;
}

export const Menu = { ...ChakraMenu, Root: MenuRoot };
