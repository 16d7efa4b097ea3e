import { Fragment, type ReactNode } from 'react';
import type { PaletteGroup } from './rank.ts';

/** The title with the characters the search matched in <mark>. */
function Marked({ text, marks }: { text: string; marks: readonly number[] }) {
  if (!marks.length) return text;
  const at = new Set(marks);
  const parts: ReactNode[] = [];
  let run = '';
  let marked = false;
  const flush = (i: number) => {
    if (run) parts.push(marked ? <mark key={i}>{run}</mark> : <Fragment key={i}>{run}</Fragment>);
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    if (at.has(i) !== marked) {
      flush(i);
      marked = !marked;
    }
    run += text[i];
  }
  flush(text.length);
  return parts;
}

interface Props {
  id: string;
  groups: readonly PaletteGroup[];
  active: number;
  optionId(index: number): string;
  onHover(index: number): void;
  onPick(index: number): void;
}

/**
 * The listbox: one group per kind under its visible heading (the heading is the group's name,
 * hidden from the tree as text so that it is not read as an option), each option named by its
 * title and described by its detail and keys. The active option is the combobox's
 * `aria-activedescendant`: focus stays in the input (the ARIA combobox pattern).
 */
export function PaletteList({ id, groups, active, optionId, onHover, onPick }: Props) {
  let index = 0;
  return (
    <div id={id} role="listbox" aria-label="Results" className="palette-list">
      {groups.map((g) => {
        const headingId = `${id}-${g.kind}`;
        return (
          <div key={g.kind} role="presentation" className="palette-group">
            <div id={headingId} aria-hidden="true" className="palette-group-title">
              {g.title}
            </div>
            <div role="group" aria-labelledby={headingId}>
              {g.items.map((r) => {
                const i = index++;
                const oid = optionId(i);
                const { item } = r;
                return (
                  <div
                    key={item.id}
                    id={oid}
                    role="option"
                    aria-selected={i === active}
                    aria-disabled={item.disabled}
                    aria-labelledby={`${oid}-t`}
                    aria-describedby={
                      [item.detail && `${oid}-d`, item.keys && `${oid}-k`]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    className="palette-option"
                    // Hover follows the pointer only when it moves: a list scrolled under a
                    // resting pointer keeps the option the keys chose.
                    onMouseMove={() => i !== active && !item.disabled && onHover(i)}
                    onClick={() => !item.disabled && onPick(i)}
                  >
                    <span id={`${oid}-t`} className="palette-title">
                      <Marked text={item.title} marks={r.marks} />
                    </span>
                    {item.detail && (
                      <span id={`${oid}-d`} className="palette-detail">
                        {item.detail}
                      </span>
                    )}
                    {item.keys && (
                      <kbd id={`${oid}-k`} className="palette-keys">
                        {item.keys}
                      </kbd>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
