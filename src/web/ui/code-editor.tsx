import { json } from '@codemirror/lang-json';
import { sql, StandardSQL } from '@codemirror/lang-sql';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

export interface CodeEditorHandle {
  /** Selects a range, scrolls it into view and puts the cursor there. */
  jumpTo(from: number, to: number): void;
}

export interface CodeEditorMark {
  from: number;
  to: number;
  message: string;
  severity: 'error' | 'warning';
}

/** JSON, or SQL with the names it may read offered for completion (relation -> its columns). */
export type CodeLanguage = { kind: 'json' } | { kind: 'sql'; names: Record<string, string[]> };

interface CodeEditorProps {
  ref?: Ref<CodeEditorHandle>;
  language: CodeLanguage;
  /** The text to show when the editor starts and whenever `revision` changes. */
  text: string;
  revision: number;
  onChange: (text: string) => void;
  marks: readonly CodeEditorMark[];
  /** Names the editor for assistive technology. */
  label: string;
  /** Id of the element that lists the problems. */
  describedBy?: string;
  className?: string;
}

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '&.cm-focused': { outline: '2px solid #1677ff', outlineOffset: '-1px' },
});

const languageSupport = (language: CodeLanguage) =>
  language.kind === 'json' ? json() : sql({ dialect: StandardSQL, schema: language.names, upperCaseKeywords: false });

/**
 * CodeMirror over a JSON or SQL text: highlighting, line numbers, bracket matching, folding,
 * search, undo, completion of SQL names, and problems as marks with a gutter. Tab is left
 * to move focus on, so the editor never traps the keyboard. Code reads left to right in
 * every interface language.
 */
export default function CodeEditor({ ref, language, text, revision, onChange, marks, label, describedBy, className }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      doc: text,
      extensions: [
        basicSetup,
        languageSupport(language),
        lintGutter(),
        editorTheme,
        EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // One editor per mount; later texts arrive through `revision`, and the language is fixed for its life.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    // Only a new revision replaces what the author is typing.
  }, [revision]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] = marks.map((mark) => {
      const from = Math.min(mark.from, length);
      return { from, to: Math.min(Math.max(mark.to, from), length), message: mark.message, severity: mark.severity };
    });
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [marks]);

  useImperativeHandle(ref, () => ({
    jumpTo(from, to) {
      const editor = view.current;
      if (!editor) return;
      const length = editor.state.doc.length;
      editor.dispatch({ selection: { anchor: Math.min(from, length), head: Math.min(to, length) }, scrollIntoView: true });
      editor.focus();
    },
  }));

  return <div ref={host} className={className ? `code-editor ${className}` : 'code-editor'} dir="ltr" />;
}
