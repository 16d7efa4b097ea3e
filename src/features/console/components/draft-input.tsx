import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Called on blur, Enter, or after a pause in typing; not per keystroke (a commit may refetch the schema). */
  onCommit(value: string): void;
};

/** Pause in typing after which the draft is committed anyway (so a reload loses nothing). */
const IDLE_COMMIT_MS = 800;

/**
 * A text input that keeps a local draft and commits it on blur, Enter or a pause in typing.
 *
 * An outside change of `value` (e.g. "Use sandbox") replaces the draft, except while the field
 * has focus: then it would move text under the user's cursor (the server's default URL arriving
 * as they start typing gave "http://…http://…"). The draft stays; on blur it becomes the new
 * value if they typed nothing, else their text is committed.
 */
export function DraftInput({ value, onCommit, onBlur, onFocus, onKeyDown, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState(false);
  if (value !== seen) {
    setSeen(value);
    if (!focused) setDraft(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (draft === value || !typed) return;
    const t = setTimeout(() => commit.current(draft), IDLE_COMMIT_MS);
    return () => clearTimeout(t);
  }, [draft, value, typed]);
  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        setTyped(true);
      }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        setTyped(false);
        if (!typed) setDraft(value);
        else if (draft !== value) onCommit(draft);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !typed) setDraft(value);
        else if (e.key === 'Enter' && draft !== value) onCommit(draft);
        onKeyDown?.(e);
      }}
    />
  );
}
