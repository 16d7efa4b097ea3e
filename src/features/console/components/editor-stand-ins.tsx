// TEMPORARY stand-ins for the editors helper's components (contract §4), textarea-based, so the
// page can be built and tested before theirs land. Deleted as soon as they are committed.
import { useImperativeHandle, useRef, type Ref } from 'react';
import type { EditorHandleLike } from '../query-bridge.ts';

interface BaseProps {
  value: string;
  onChange(text: string): void;
  onRun(): void;
  handleRef?: Ref<EditorHandleLike>;
  onCursorChange?(offset: number): void;
}

function StandIn({ label, ...p }: BaseProps & { label: string }) {
  const ta = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(p.handleRef, () => ({
    view: null,
    getValue: () => ta.current?.value ?? '',
    setValue: (t: string) => {
      if (ta.current) ta.current.value = t;
      p.onChange(t);
    },
    focus: () => ta.current?.focus(),
  }));
  return (
    <textarea
      ref={ta}
      aria-label={label}
      defaultValue={p.value}
      spellCheck={false}
      className="stand-in-editor"
      onChange={(e) => p.onChange(e.target.value)}
      onSelect={(e) => p.onCursorChange?.(e.currentTarget.selectionStart)}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
          e.preventDefault();
          p.onRun();
        }
      }}
    />
  );
}

export function QueryEditor(p: BaseProps & { schema?: unknown; onShowInDocs(ref: unknown): void }) {
  return <StandIn {...p} label="Query editor" />;
}
export function VariablesEditor(
  p: BaseProps & { query: string; schema?: unknown; operationName?: string },
) {
  return <StandIn {...p} label="Variables editor" />;
}
export function HeadersEditor(p: BaseProps) {
  return <StandIn {...p} label="Headers editor" />;
}
export function CostMeter(_p: {
  query: string;
  variables: string;
  operationName?: string;
  limits: unknown;
  onLimitsChange(l: unknown): void;
}) {
  return null;
}
export function ExportMenu(_p: { build(): unknown }) {
  return (
    <button type="button" disabled>
      Copy as curl
    </button>
  );
}
