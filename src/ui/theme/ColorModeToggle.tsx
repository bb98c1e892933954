import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from './colorMode';

/** Switches between light and dark; the choice is kept in local storage. */
export function ColorModeToggle() {
  const { mode, setChoice } = useColorMode();
  const dark = mode === 'dark';
  const label = dark ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" onClick={() => setChoice(dark ? 'light' : 'dark')}>
      {dark ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
