export { ObjectViewerPage, type ObjectViewerPageProps } from './ObjectViewerPage';
export { ObjectRenderer, type ObjectRendererProps } from './ObjectRenderer';
export { MarkdownView, type MarkdownViewProps } from './MarkdownView';
export { chooseRenderer, languageFor, type RendererKind } from './renderer-kind';
export type { LoadedObject, ObjectContent } from './objectContent';
