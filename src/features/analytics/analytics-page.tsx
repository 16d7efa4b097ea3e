/** PLACEHOLDER: the analytics tab. Default export for React.lazy. */
export default function AnalyticsPage() {
  return <section aria-label="Analytics">Analytics coming soon.</section>;
}
