import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { ColorModeProvider } from './colorMode';
import { system } from './system';

export interface TarnProviderProps {
  children: ReactNode;
  /** Fixes the colour mode (tests, screenshots); by default the user's choice or the system's wins. */
  forcedTheme?: 'light' | 'dark';
}

/** Chakra with the Tarn system, and light/dark mode through a class on <html>. */
export function TarnProvider({ children, forcedTheme }: TarnProviderProps) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider forcedMode={forcedTheme}>{children}</ColorModeProvider>
    </ChakraProvider>
  );
}
