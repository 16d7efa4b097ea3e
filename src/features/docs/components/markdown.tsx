import { memo } from 'react';
import { renderMarkdown } from '../lib/markdown.ts';

/** A schema description rendered as sanitized Markdown. */
export const Markdown = memo(function Markdown({
  text,
  className,
}: {
  text?: string | null;
  className?: string;
}) {
  if (!text) return null;
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
