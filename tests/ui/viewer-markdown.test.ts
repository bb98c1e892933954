import './viewer-dom-env';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeHtml, type MarkdownLinks } from '../../src/ui/viewer/markdown';

const links: MarkdownLinks = {
  repoId: 'lake',
  ref: 'main',
  baseDir: 'docs/guide/',
  objectUrl: (repo, ref, path) => `/obj/${repo}/${ref}?path=${path}`,
  browseUrl: (repo, ref, prefix) => `/browse/${repo}/${ref}?path=${prefix}`,
};

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('renderMarkdown', () => {
  it('removes scripts and event handler attributes', async () => {
    const html = await renderMarkdown(
      '# Title\n\n<script>window.hacked = true</script>\n\n<img src="x.png" onerror="window.hacked = true">\n\n' +
        '[click](javascript:alert(1))',
      links,
    );
    const doc = parse(html);
    expect(doc.querySelector('h1')?.textContent).toBe('Title');
    expect(doc.querySelector('script')).toBeNull();
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('/obj/lake/main?path=docs/guide/x.png');
  });

  it('resolves relative links and images against the file folder and the repository root', async () => {
    const html = await renderMarkdown(
      '![a](./pics/a.png) ![b](../b.png) ![c](/root.png) ![d](lakefs://other/dev/d.png) ![e](https://example.com/e.png)\n\n' +
        '[file](data.csv) [folder](sub/) [anchor](#top) [site](https://example.com) [escape](../../../../x.txt)',
      links,
    );
    const doc = parse(html);
    const srcs = Array.from(doc.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(srcs).toEqual([
      '/obj/lake/main?path=docs/guide/pics/a.png',
      '/obj/lake/main?path=docs/b.png',
      '/obj/lake/main?path=root.png',
      '/obj/other/dev?path=d.png',
      'https://example.com/e.png',
    ]);
    const hrefs = Array.from(doc.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/obj/lake/main?path=docs/guide/data.csv',
      '/browse/lake/main?path=docs/guide/sub/',
      '#top',
      'https://example.com',
      '/obj/lake/main?path=x.txt',
    ]);
    expect(doc.querySelectorAll('a')[3]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('highlights fenced code', async () => {
    const html = await renderMarkdown('```python\ndef f():\n    return 1\n```', links);
    expect(parse(html).querySelector('code .hljs-keyword')?.textContent).toBe('def');
  });
});

describe('sanitizeHtml', () => {
  it('keeps markup but drops active content', async () => {
    const html = await sanitizeHtml('<b>bold</b><svg onload="x()"></svg><embed src="https://e.com/x.swf">');
    expect(html).toContain('<b>bold</b>');
    expect(html).not.toMatch(/onload|embed/i);
  });
});
