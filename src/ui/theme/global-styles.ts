import { defineConfig } from '@chakra-ui/react';
import { globalCss } from '@chakra-ui/react/theme';

/**
 * The theme's reset and global styles. The build turns them, with every token's CSS variable, into the stylesheet
 * the page links (scripts/theme-css.ts), so the console does not build them in the browser on every start.
 */
export const globalStyles = defineConfig({
  preflight: true,
  globalCss: {
    ...globalCss,
    html: { color: 'fg', bg: 'bg', lineHeight: '1.5', colorPalette: 'tarn' },
    // Every keyboard-focusable element gets a ring the user can see, whatever its recipe does.
    '*:focus-visible': {
      outlineWidth: '2px',
      outlineStyle: 'solid',
      outlineColor: 'colorPalette.focusRing',
      outlineOffset: '2px',
    },
  },
});
