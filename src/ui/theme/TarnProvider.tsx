import { lazy, Suspense, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { ColorModeProvider } from './colorMode';
import { system } from './system';

// Loaded after the first screen: nothing is toasted before a flow has run.
const Toaster = lazy(() => import('../components/Toaster').then((m) => ({ default: m.Toaster })));

export interface TarnProviderProps {
  children: ReactNode;
  /** Fixes the colour mode (tests, screenshots); by default the user's choice or the system's wins. */
  forcedTheme?: 'light' | 'dark';
}

/** Chakra with the Tarn system, and light/dark mode through a class on <html>. */
export function TarnProvider({ children, forcedTheme }: TarnProviderProps) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider forcedMode={forcedTheme}>
        {children}
        <Suspense>
          <Toaster />
        </Suspense>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
