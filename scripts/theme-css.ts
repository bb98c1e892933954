// A Vite plugin: the theme's global styles (Chakra's reset, the base styles and every token's CSS variable, with the
// order of Chakra's cascade layers first) as a stylesheet the page links. In the browser, creating the system and
// emotion's turning these into CSS rules took tens of milliseconds of every start, before the first paint; the
// console now leaves them out (src/ui/theme/TarnProvider.tsx). The dev server puts the same CSS inline.
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider, createSystem } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { globalStyles } from '../src/ui/theme/global-styles.js';
import { tarnConfig } from '../src/ui/theme/system.js';

/** The CSS ChakraProvider injects for the Tarn theme with its global styles: what emotion renders on a server. */
export function themeCss(): string {
  const system = createSystem(defaultBaseConfig, tarnConfig, globalStyles);
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  const sheets = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  // A Chakra that injected its global styles some other way must not leave the console unstyled without a word.
  if (sheets.length < 2 || !sheets[0]?.startsWith('@layer ')) {
    throw new Error('theme-css: ChakraProvider rendered no cascade layer order and global styles');
  }
  return sheets.join('\n');
}

export function themeStylesheet(): Plugin {
  let css = '';
  let fileName = '';
  let base = '/';
  let building = false;
  return {
    name: 'tarn:theme-css',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    buildStart() {
      css = themeCss();
      fileName = `assets/theme-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml(): HtmlTagDescriptor[] {
      // In the HTML's head, so before any sheet emotion appends to it: the layers' order is declared before a rule.
      return [
        building
          ? { tag: 'link', attrs: { rel: 'stylesheet', href: `${base}${fileName}` }, injectTo: 'head' }
          : { tag: 'style', children: css, injectTo: 'head' },
      ];
    },
  };
}
