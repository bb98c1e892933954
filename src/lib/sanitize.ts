// Server-supplied markup is sanitised before it is rendered. The sanitiser loads on first use, so pages that
// never show such markup do not carry it.
let purifier: Promise<typeof import('dompurify').default> | undefined;

export async function sanitizeHtml(html: string): Promise<string> {
  purifier ??= import('dompurify').then((module) => module.default);
  return (await purifier).sanitize(html);
}
