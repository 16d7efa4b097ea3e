import type { CompareResult } from './compare-protocol.ts';

/** Table "Changed paths": one row per listed path, with the values before and after, and the kind. */
export function ChangedPaths({ result }: { result: CompareResult }) {
  return (
    <div className="compare-runs-table">
      <table aria-label="Changed paths">
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {result.changes.map((c) => (
            <tr key={c.path} className={`change-${c.kind}`}>
              <th scope="row">
                <code>{c.path}</code>
              </th>
              <td>
                <code>{c.before ?? ''}</code>
              </td>
              <td>
                <code>{c.after ?? ''}</code>
              </td>
              <td>{c.kind}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
