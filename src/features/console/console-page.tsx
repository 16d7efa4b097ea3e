/** PLACEHOLDER: the console page (query editor, variables, headers, response, Docs). */
export function ConsolePage() {
  return <section aria-label="Console">Console coming soon.</section>;
}
