import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Called on blur, Enter, or after a pause in typing; not per keystroke (a commit may refetch the schema). */
  onCommit(value: string): void;
};

/** Pause in typing after which the draft is committed anyway (so a reload loses nothing). */
const IDLE_COMMIT_MS = 800;

/**
 * A text input that keeps a local draft and commits it on blur, Enter or a pause in typing. An
 * outside change of `value` (e.g. "Use sandbox") replaces the draft.
 */
export function DraftInput({ value, onCommit, onBlur, onKeyDown, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => {
    if (draft === value) return;
    const t = setTimeout(() => commit.current(draft), IDLE_COMMIT_MS);
    return () => clearTimeout(t);
  }, [draft, value]);
  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={(e) => {
        if (draft !== value) onCommit(draft);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft !== value) onCommit(draft);
        onKeyDown?.(e);
      }}
    />
  );
}
