import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  /**
   * Called on a deliberate act only: Enter, leaving the field, or pasting over the whole field.
   * Never after a pause in typing: a half-typed URL must not receive the token.
   */
  onCommit(value: string): void;
  /** Text typed but not committed, restored after a reload (e.g. the Instance URL's draft). */
  initialDraft?: string;
  /** Told every keystroke's text (to keep the draft across a reload); not a commit. */
  onDraftChange?(draft: string | undefined): void;
};

/**
 * A text input that keeps a local draft and commits it on blur, Enter, or a paste that replaces
 * the whole field (a URL or token pasted is complete; typed text is not until the user says so).
 *
 * An outside change of `value` (e.g. "Use sandbox") replaces the draft, except while the field
 * has focus or holds uncommitted text: then it would move text under the user's cursor (the
 * server's default URL arriving as they start typing gave "http://…http://…"). The draft stays;
 * on blur it becomes the new value if they typed nothing, else their text is committed.
 */
export function DraftInput({
  value,
  onCommit,
  initialDraft,
  onDraftChange,
  onBlur,
  onFocus,
  onKeyDown,
  onPaste,
  ...rest
}: Props) {
  const restored = initialDraft !== undefined && initialDraft !== value;
  const [draft, setDraft] = useState(restored ? initialDraft : value);
  const [seen, setSeen] = useState(value);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState(restored);
  const [pasted, setPasted] = useState<string>();
  if (value !== seen) {
    setSeen(value);
    if (!focused && !typed) setDraft(value);
  }

  function commit(text: string) {
    setTyped(false);
    onDraftChange?.(undefined);
    if (text !== value) onCommit(text);
  }

  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (pasted !== undefined && text === pasted && text.trim()) {
          setPasted(undefined);
          commit(text);
          return;
        }
        setPasted(undefined);
        setTyped(true);
        onDraftChange?.(text === value ? undefined : text);
      }}
      onPaste={(e) => {
        const el = e.currentTarget;
        const whole =
          el.value === '' || (el.selectionStart === 0 && el.selectionEnd === el.value.length);
        // An input drops line breaks from pasted text.
        const text = e.clipboardData.getData('text/plain').replace(/[\r\n]+/g, '');
        setPasted(whole ? text : undefined);
        onPaste?.(e);
      }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        if (!typed) setDraft(value);
        else commit(draft);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !typed) setDraft(value);
        else if (e.key === 'Enter') commit(draft);
        onKeyDown?.(e);
      }}
    />
  );
}
