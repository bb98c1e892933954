import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { lazyDialog } from '../components/lazyDialog';
import { ColorModeProvider } from './colorMode';
import { system } from './system';

// The page links the theme's global styles, and the order of Chakra's cascade layers first (scripts/theme-css.ts):
// ChakraProvider would otherwise inject both through emotion on every start.
const providedSystem = { ...system, _global: [], _config: { ...system._config, disableLayers: true } };

// Fetched and mounted once the page is idle, not with the first screen: nothing is toasted before a flow has run, and
// a toast made before then waits in the toaster's store, which the toaster shows as it mounts. It never "opens".
const Toaster = lazyDialog(() => import('../components/Toaster').then((m) => m.Toaster), () => false);

export interface TarnProviderProps {
  children: ReactNode;
  /** Fixes the colour mode (tests, screenshots); by default the user's choice or the system's wins. */
  forcedTheme?: 'light' | 'dark';
}

/** Chakra with the Tarn system, and light/dark mode through a class on <html>. */
export function TarnProvider({ children, forcedTheme }: TarnProviderProps) {
  return (
    <ChakraProvider value={providedSystem}>
      <ColorModeProvider forcedMode={forcedTheme}>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
