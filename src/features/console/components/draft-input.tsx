import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /** Called on blur and Enter, not per keystroke (each commit may refetch the schema). */
  onCommit(value: string): void;
};

/**
 * A text input that keeps a local draft and commits it on blur or Enter. An outside change of
 * `value` (e.g. "Use sandbox") replaces the draft.
 */
export function DraftInput({ value, onCommit, onBlur, onKeyDown, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
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
