import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';

export interface SqlEditorProps {
  /** The text it opens with; afterwards the editor owns its text and reports each change. */
  initialSql: string;
  /** Column names of the previewed file, completed as the user types. */
  columns: readonly string[];
  onChange: (sql: string) => void;
  /** Ctrl+Enter (Cmd+Enter on a Mac). */
  onExecute: () => void;
  autoFocus?: boolean;
}

// DuckDB's grammar is PostgreSQL's. Colours are the theme's, so both colour modes read well.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--chakra-colors-purple-fg)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--chakra-colors-green-fg)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--chakra-colors-orange-fg)' },
  { tag: [tags.lineComment, tags.blockComment], color: 'var(--chakra-colors-fg-muted)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'var(--chakra-colors-blue-fg)' },
  { tag: tags.operator, color: 'var(--chakra-colors-fg-muted)' },
]);

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--chakra-colors-bg)', color: 'var(--chakra-colors-fg)', fontSize: 'var(--chakra-font-sizes-sm)' },
  '&.cm-focused': { outline: '2px solid var(--chakra-colors-color-palette-focus-ring, var(--chakra-colors-blue-focus-ring))' },
  '.cm-content': { fontFamily: 'var(--chakra-fonts-mono)', caretColor: 'var(--chakra-colors-fg)', minHeight: '4.5rem' },
  '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--chakra-colors-blue-subtle)' },
  '.cm-placeholder': { color: 'var(--chakra-colors-fg-subtle)' },
  '.cm-tooltip': { backgroundColor: 'var(--chakra-colors-bg-panel)', borderColor: 'var(--chakra-colors-border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--chakra-colors-blue-subtle)', color: 'var(--chakra-colors-fg)' },
});

/** A column name as SQL needs it: quoted unless it is a plain lower-case identifier. */
function columnReference(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

function columnCompletion(columns: readonly string[]): CompletionSource {
  const options = columns.map((name) => ({ label: name, apply: columnReference(name), type: 'property', detail: 'column' }));
  return (context) => {
    const word = context.matchBefore(/[\w"]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return { from: word.from, options, validFor: /^[\w"]*$/ };
  };
}

/** The SQL editor: highlighting, completion of keywords and of the file's columns, Ctrl/Cmd+Enter to run. */
export function SqlEditor({ initialSql, columns, onChange, onExecute, autoFocus = false }: SqlEditorProps) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const completion = useRef(new Compartment());
  // The editor is made once; its handlers read the latest props.
  const handlers = useRef({ onChange, onExecute });
  handlers.current = { onChange, onExecute };

  useEffect(() => {
    if (!host) return;
    const editor = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initialSql,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (handlers.current.onExecute(), true) }])),
          history(),
          closeBrackets(),
          bracketMatching(),
          sql({ dialect: PostgreSQL, upperCaseKeywords: true }),
          completion.current.of([]),
          autocompletion(),
          syntaxHighlighting(highlight),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'SQL query' }),
          placeholder('SELECT ...'),
          theme,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor keeps its own text after it opens: initialSql and autoFocus only matter then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host]);

  useEffect(() => {
    view.current?.dispatch({
      effects: completion.current.reconfigure(PostgreSQL.language.data.of({ autocomplete: columnCompletion(columns) })),
    });
  }, [columns]);

  return <Box ref={setHost} borderWidth="1px" borderRadius="md" overflow="hidden" data-testid="sql-editor" />;
}
