import { useVirtualizer } from '@tanstack/react-virtual';
import type { GraphQLField, GraphQLInputField } from 'graphql';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { usePainted } from '../hooks/use-painted.ts';
import { FieldRow } from './field-row.tsx';

type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;

const VIRTUAL_FROM = 60;
/** Rows of a short list in its first paint (about a screen); the rest come once it is painted. */
const FIRST_PASS = 16;

/**
 * Fields of a type. Long lists (GitHub's Repository…) are virtualized against the panel's
 * scroll container, so a 400-field type renders as fast as a 10-field one; shorter ones (GitHub's
 * Query) paint a screen of rows first.
 */
export function FieldList(props: {
  owner: string;
  fields: AnyField[];
  canAdd: boolean;
  scrollRef: RefObject<HTMLElement | null>;
  label: string;
}) {
  if (props.fields.length < VIRTUAL_FROM) return <ShortFieldList {...props} />;
  return <VirtualFieldList {...props} />;
}

/** A list short enough to render whole: a screen of rows first, the rest after that paint. */
function ShortFieldList({ owner, fields, canAdd, label }: Parameters<typeof FieldList>[0]) {
  const painted = usePainted();
  const rows = painted ? fields : fields.slice(0, FIRST_PASS);
  return (
    <div className="docs-fields" role="list" aria-label={label}>
      {rows.map((f) => (
        <div role="listitem" key={f.name}>
          <FieldRow owner={owner} field={f} canAdd={canAdd} />
        </div>
      ))}
    </div>
  );
}

function VirtualFieldList({
  owner,
  fields,
  canAdd,
  scrollRef,
  label,
}: Parameters<typeof FieldList>[0]) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const scroller = scrollRef.current;
    if (list && scroller)
      setMargin(
        list.getBoundingClientRect().top -
          scroller.getBoundingClientRect().top +
          scroller.scrollTop,
      );
  }, [scrollRef, owner]);
  const v = useVirtualizer({
    count: fields.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
    scrollMargin: margin,
  });
  const items = v.getVirtualItems();
  return (
    <div
      ref={listRef}
      className="docs-fields"
      role="list"
      aria-label={label}
      style={{ height: v.getTotalSize(), position: 'relative' }}
    >
      {items.map((it) => {
        const field = fields[it.index];
        return (
          field && (
            <div
              role="listitem"
              key={field.name}
              data-index={it.index}
              ref={v.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${it.start - margin}px)`,
              }}
            >
              <FieldRow owner={owner} field={field} canAdd={canAdd} />
            </div>
          )
        );
      })}
    </div>
  );
}
