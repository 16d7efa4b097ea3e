import '../run/request-extras.css';

/**
 * Region "Response headers": the headers the instance answered with (as the browser exposes
 * them: through the relay, all but hop-by-hop ones and cookies), folded by default.
 */
export function ResponseHeaders({ headers }: { headers: readonly (readonly [string, string])[] }) {
  return (
    <section className="response-headers" role="region" aria-label="Response headers">
      <details>
        <summary>Response headers ({headers.length})</summary>
        <table>
          <tbody>
            {headers.map(([name, value], i) => (
              <tr key={`${name}-${i}`}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
