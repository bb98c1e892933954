import { createSystem, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  breadcrumbSlotRecipe,
  checkmarkRecipe,
  emptyStateSlotRecipe,
  iconRecipe,
  skeletonRecipe,
  switchSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  radiomarkRecipe,
  separatorRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

// Tarn's brand palette: the colour of a mountain lake, from pale ice to deep water.
const tarnScale = {
  50: '#eef8fb',
  100: '#d3eef5',
  200: '#a8dceb',
  300: '#6fc2db',
  400: '#38a1c2',
  500: '#1f84a6',
  600: '#1a6a88',
  700: '#19566f',
  800: '#1a485c',
  900: '#193c4d',
  950: '#0c2633',
};

const tarnSemantic = {
  contrast: { value: { _light: 'white', _dark: 'white' } },
  fg: { value: { _light: '{colors.tarn.700}', _dark: '{colors.tarn.300}' } },
  subtle: { value: { _light: '{colors.tarn.100}', _dark: '{colors.tarn.900}' } },
  muted: { value: { _light: '{colors.tarn.200}', _dark: '{colors.tarn.800}' } },
  emphasized: { value: { _light: '{colors.tarn.300}', _dark: '{colors.tarn.700}' } },
  // White text keeps at least 4.5:1 contrast on the solid colour in both modes.
  solid: { value: { _light: '{colors.tarn.600}', _dark: '{colors.tarn.600}' } },
  focusRing: { value: { _light: '{colors.tarn.500}', _dark: '{colors.tarn.300}' } },
  border: { value: { _light: '{colors.tarn.500}', _dark: '{colors.tarn.400}' } },
};

/**
 * Built from the base preset plus only the recipes the console renders, so the initial bundle does not carry
 * every Chakra component style. The parts no page shows at first paint (dialogs, menus, popovers...) take their
 * recipes with them instead (theme/deferred/).
 */
export const tarnConfig = defineConfig({
  // The reset and the global styles are made by the build, not in the browser (./global-styles.ts).
  preflight: false,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: { ...tokens, colors: { ...tokens.colors, tarn: Object.fromEntries(Object.entries(tarnScale).map(([k, v]) => [k, { value: v }])) } },
    semanticTokens: { ...semanticTokens, colors: { ...semanticTokens.colors, tarn: tarnSemantic } },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      icon: iconRecipe,
      skeleton: skeletonRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      switch: switchSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      field: fieldSlotRecipe,
      table: tableSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, tarnConfig);
