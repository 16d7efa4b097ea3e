import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Schema descriptions come from whatever server the user points at: render them as Markdown,
// then sanitize (graphiql's 2021 introspection XSS). Raw HTML in descriptions is escaped by
// marked's renderer, and DOMPurify strips anything executable that is left.
const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

/** Escapes text for HTML. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a description may contain once sanitized. */
const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'a',
    'code',
    'pre',
    'em',
    'strong',
    'del',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
};

let configured = false;
const cache = new Map<string, string>();

/** Markdown → sanitized HTML (memoized). Links open in a new tab without a referrer. */
export function renderMarkdown(md: string): string {
  const hit = cache.get(md);
  if (hit !== undefined) return hit;
  if (!configured) {
    configured = true;
    // Set once: a config passed to each sanitize() call is parsed again on every call.
    DOMPurify.setConfig(PURIFY_CONFIG);
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  const html = DOMPurify.sanitize(marked.parse(md) as string);
  if (cache.size > 5000) cache.clear();
  cache.set(md, html);
  return html;
}

/**
 * Renders a sample once, so that marked's rules and DOMPurify are set up before the first
 * description that needs them (called while Docs wait for the schema).
 */
export function warmMarkdown(): void {
  renderMarkdown('Warm *up* with `code` and a [link](https://example.com).');
}
