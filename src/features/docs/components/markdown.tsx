import { memo } from 'react';
import { renderMarkdown } from '../lib/markdown.ts';
import { plainParagraphs } from '../lib/plain-description.ts';

/**
 * A schema description: plain text as its paragraphs (most descriptions; no Markdown run), the
 * rest rendered as sanitized Markdown (`lib/plain-description.ts` says which is which).
 */
export const Markdown = memo(function Markdown({
  text,
  className,
}: {
  text?: string | null;
  className?: string;
}) {
  if (!text) return null;
  const plain = plainParagraphs(text);
  if (plain)
    return (
      <div className={`docs-md ${className ?? ''}`}>
        {plain.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    );
  return (
    <div
      className={`docs-md ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
    />
  );
});

/** A deprecation marker with its reason. */
export function Deprecated({ reason }: { reason?: string | null }) {
  if (reason == null) return null;
  return (
    <div className="docs-deprecated">
      <strong>Deprecated</strong>
      {reason ? <>: {reason}</> : null}
    </div>
  );
}
