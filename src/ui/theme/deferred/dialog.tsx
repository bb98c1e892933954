// Chakra's Dialog with its styles (recipe) passed to the root instead of kept in the theme: no page shows it at first
// paint, so its styles travel with the code that renders it rather than in the entry (see ../system.ts). The recipe
// is Chakra's own, as the theme had it, so it looks the same. One module a part: a page that shows a dialog does not
// load the menu's.
import { useEffect, useState } from 'react';
import { Dialog as ChakraDialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';

function DialogRoot({ open, ...props }: ChakraDialog.RootProps) {
  // A dialog mounted open (one whose code arrived after it was asked to open, or one shown only while open) opens
  // once it has rendered closed, as a dialog on the page does: trapping the focus and hiding the page behind it from
  // assistive technology happen as it opens, and need its parts mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <ChakraDialog.Root recipe={dialogSlotRecipe} open={open === undefined ? undefined : mounted && open} {...props} />;
}

export const Dialog = { ...ChakraDialog, Root: DialogRoot };
