import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

export interface JsonEditorHandle {
  /** Selects a range, scrolls it into view and puts the cursor there. */
  jumpTo(from: number, to: number): void;
}

export interface JsonEditorMark {
  from: number;
  to: number;
  message: string;
  severity: 'error' | 'warning';
}

interface JsonEditorProps {
  ref?: Ref<JsonEditorHandle>;
  /** The text to show when the editor starts and whenever `revision` changes. */
  text: string;
  revision: number;
  onChange: (text: string) => void;
  marks: readonly JsonEditorMark[];
  /** Names the editor for assistive technology. */
  label: string;
  /** Id of the element that lists the problems. */
  describedBy?: string;
}

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '&.cm-focused': { outline: '2px solid #1677ff', outlineOffset: '-1px' },
});

/**
 * CodeMirror over a JSON document: highlighting, line numbers, bracket matching, folding,
 * search, undo, and the problems found by the page checks as marks with a gutter. Tab is left
 * to move focus on, so the editor never traps the keyboard. JSON reads left to right in
 * every interface language.
 */
export default function JsonEditor({ ref, text, revision, onChange, marks, label, describedBy }: JsonEditorProps) {
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
        json(),
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
    // One editor per mount; later texts arrive through `revision`.
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

  return <div ref={host} className="page-admin-json-editor" dir="ltr" />;
}
