import { Templates, Widgets } from '@rjsf/antd';
import type { BaseInputTemplateProps, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/*
 * Per-field state for typing. rjsf keeps the whole form's data in one state, so a change
 * re-renders the form; with hundreds of fields that is far more than one frame. A typing
 * field therefore keeps its own draft: the key shows at once (only that field renders), and
 * the form hears of the change once typing pauses, in a transition, which React renders in
 * slices and drops when the next key makes it stale. Leaving the field and submitting hand
 * the draft over synchronously first, so validation and the submit never miss a key.
 */

/** How long typing must pause before the form takes the draft (conditions and formulas follow then). */
export const DRAFT_COMMIT_DELAY_MS = 150;

type Flush = () => void;

/** The drafts of one form, so a submit can commit them before rjsf reads its data. */
export class FieldDrafts {
  private readonly pending = new Set<Flush>();

  add(flush: Flush): () => void {
    this.pending.add(flush);
    return () => this.pending.delete(flush);
  }

  /** Commits every draft the form has not taken yet, synchronously. */
  flushAll(): void {
    flushSync(() => {
      for (const flush of this.pending) flush();
    });
  }
}

const FieldDraftsContext = createContext<FieldDrafts | null>(null);

export function FieldDraftsProvider({ drafts, children }: { drafts: FieldDrafts; children: ReactNode }) {
  return <FieldDraftsContext.Provider value={drafts}>{children}</FieldDraftsContext.Provider>;
}

/**
 * The value a typing field shows and its change handler. Values the field sent come back
 * from the form later, possibly one transition at a time; any other value the form hands
 * the field (a reset, a reload, a formula) replaces the draft.
 */
export function useFieldDraft<T>(value: T, onChange: (value: T) => void): [T, (value: T) => void, () => void] {
  const [draft, setDraft] = useState(value);
  const sent = useRef<T[]>([]);
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    const at = sent.current.findIndex((v) => Object.is(v, value));
    if (at >= 0) sent.current = sent.current.slice(at + 1);
    else {
      sent.current = [];
      setDraft(value);
    }
  }
  const latest = useRef({ draft, onChange });
  latest.current = { draft, onChange };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Hands the draft to the form now, while it has not taken it yet (waiting to be sent, or sent in a transition still running). */
  const commitNow = useCallback(() => {
    if (timer.current === undefined && sent.current.length === 0) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    sent.current.push(latest.current.draft);
    latest.current.onChange(latest.current.draft);
  }, []);

  const drafts = useContext(FieldDraftsContext);
  useEffect(() => drafts?.add(commitNow), [drafts, commitNow]);
  // A field that goes with a draft the form has not taken (a sub-table row scrolled out of
  // view while the focus is still in it: no blur comes) hands it over as it goes, in the
  // commit that removes it. Its timer would never fire, and a transition still running would
  // not reach the form before a submit reads it, with no field left for the submit to flush.
  useLayoutEffect(() => () => commitNow(), [commitNow]);

  const change = useCallback((next: T) => {
    setDraft(next);
    latest.current.draft = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const { draft: typed, onChange: send } = latest.current;
      sent.current.push(typed);
      startTransition(() => send(typed));
    }, DRAFT_COMMIT_DELAY_MS);
  }, []);
  return [draft, change, commitNow];
}

/** rjsf validates on leaving a field: the form gets the draft first. */
export function useBlurAfterCommit(onBlur: (id: string, value: unknown) => void, commitNow: () => void): (id: string, value: unknown) => void {
  return useCallback(
    (id: string, value: unknown) => {
      commitNow();
      onBlur(id, value);
    },
    [onBlur, commitNow],
  );
}

/** The schema without bounds: the input would clamp a value out of range without a word; validation names it instead. */
function withoutBounds(schema: RJSFSchema): RJSFSchema {
  if (schema.minimum === undefined && schema.maximum === undefined) return schema;
  const { minimum: _minimum, maximum: _maximum, ...rest } = schema;
  return rest;
}

const AntdBaseInput = Templates.BaseInputTemplate!;
const AntdTextarea = Widgets.TextareaWidget!;

/** rjsf-antd's text and number input with a draft of its own. */
export function DraftInputTemplate(props: BaseInputTemplateProps) {
  const [value, onChange, commitNow] = useFieldDraft<unknown>(props.value, props.onChange);
  const schema = useMemo(() => withoutBounds(props.schema), [props.schema]);
  const onBlur = useBlurAfterCommit(props.onBlur, commitNow);
  return <AntdBaseInput {...props} schema={schema} value={value} onChange={onChange} onBlur={onBlur} />;
}

/** rjsf-antd's textarea with a draft of its own. */
export function DraftTextareaWidget(props: WidgetProps) {
  const [value, onChange, commitNow] = useFieldDraft<unknown>(props.value, props.onChange);
  const onBlur = useBlurAfterCommit(props.onBlur, commitNow);
  return <AntdTextarea {...props} value={value} onChange={onChange} onBlur={onBlur} />;
}
