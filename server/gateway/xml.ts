// S3's XML, both ways. Answers are built from nested elements with escaped text; the two request bodies the
// gateway reads (DeleteObjects, CompleteMultipartUpload) are flat lists of simple elements, read with a small
// reader that accepts no DTD (so no entity tricks) and decodes the five predefined entities and character
// references.
import { S3Error } from './s3-errors';

export const s3Namespace = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** An element: its text, or its children in order (an array value repeats the element). */
export type XmlValue = string | number | boolean | XmlElement | XmlValue[] | undefined;
export interface XmlElement {
  [name: string]: XmlValue;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(name: string, value: XmlValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => render(name, v)).join('');
  if (typeof value === 'object') return `<${name}>${renderChildren(value)}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function renderChildren(element: XmlElement): string {
  return Object.entries(element)
    .map(([name, value]) => render(name, value))
    .join('');
}

/** A whole document with one root element in S3's namespace. */
export function xmlDocument(root: string, element: XmlElement, namespace = true): string {
  const open = namespace ? `<${root} xmlns="${s3Namespace}">` : `<${root}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${open}${renderChildren(element)}</${root}>`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (_whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const known = entities[ref];
    if (known === undefined) throw malformedXml();
    return known;
  });
}

export const malformedXml = () => new S3Error('MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');

/** A parsed element: its name, its children and its own text. */
export interface ParsedElement {
  name: string;
  children: ParsedElement[];
  text: string;
}

const tokenPattern = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|([^<]+)/g;

/** Parses a small document into its root element; MalformedXML when it is not well-formed. */
export function parseXml(source: string): ParsedElement {
  const stack: ParsedElement[] = [{ name: '', children: [], text: '' }];
  for (const match of source.matchAll(tokenPattern)) {
    const [token, cdata, closing, name, , selfClosing, text] = match;
    const top = stack[stack.length - 1] as ParsedElement;
    if (token.startsWith('<?') || token.startsWith('<!--')) continue;
    if (cdata !== undefined) top.text += cdata;
    else if (text !== undefined) top.text += decodeText(text);
    else if (name === undefined) throw malformedXml();
    else if (closing) {
      const local = localName(name);
      if (stack.length < 2 || top.name !== local) throw malformedXml();
      stack.pop();
    } else {
      const element: ParsedElement = { name: localName(name), children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  const root = stack[0] as ParsedElement;
  if (stack.length !== 1 || root.children.length !== 1 || root.text.trim() !== '') throw malformedXml();
  return root.children[0] as ParsedElement;
}

/** `s3:Key` → `Key`: S3 clients may prefix the namespace. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

export function childrenNamed(element: ParsedElement, name: string): ParsedElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The text of the one child of that name, or undefined. */
export function childText(element: ParsedElement, name: string): string | undefined {
  return childrenNamed(element, name)[0]?.text;
}
