import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, ResolvedConfig } from 'vite';
import { themeCss, themeStylesheet } from '../../scripts/theme-css';

/** The plugin's tags and emitted files, through the hooks Vite calls in a build or in the dev server. */
function run(command: 'build' | 'serve') {
  const plugin = themeStylesheet();
  const emitted: { fileName: string; source: string }[] = [];
  (plugin.configResolved as (config: ResolvedConfig) => void)({ base: '/', command } as ResolvedConfig);
  (plugin.buildStart as () => void)();
  if (command === 'build') (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
  const tags = (plugin.transformIndexHtml as () => HtmlTagDescriptor[])();
  return { tags, emitted };
}

describe('theme stylesheet', () => {
  const css = themeCss();

  it("declares the order of Chakra's cascade layers before any rule, then the reset, the global styles and the tokens", () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    const reset = css.indexOf('@layer reset{');
    const base = css.indexOf('@layer base{');
    const tokens = css.indexOf('@layer tokens{');
    expect(reset).toBeGreaterThan(0);
    expect(base).toBeGreaterThan(reset);
    expect(tokens).toBeGreaterThan(base);
  });

  it("carries the console's own global rules and the Tarn palette's variables", () => {
    expect(css).toMatch(/\*:focus-visible\{[^}]*outline-width:2px/);
    expect(css).toContain('--chakra-colors-tarn-500:#1f84a6');
  });

  it('is a linked stylesheet of the build, named by its content, and inline in the dev server', () => {
    const build = run('build');
    expect(build.emitted).toEqual([{ type: 'asset', fileName: expect.stringMatching(/^assets\/theme-[0-9a-f]{10}\.css$/), source: css }]);
    expect(build.tags).toEqual([{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${build.emitted[0]?.fileName}` }, injectTo: 'head' }]);
    expect(run('serve').tags).toEqual([{ tag: 'style', children: css, injectTo: 'head' }]);
  });
});
