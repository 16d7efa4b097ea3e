import { astFromValue, print, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { Deprecated, Markdown } from './markdown.tsx';
import { TypeLink } from './type-link.tsx';

/** `= default` of an argument or input field, printed as GraphQL. */
function defaultText(a: GraphQLArgument | GraphQLInputField): string | undefined {
  if (a.defaultValue === undefined) return undefined;
  const ast = astFromValue(a.defaultValue, a.type);
  return ast ? print(ast) : undefined;
}

/** Arguments or input fields with types, defaults, descriptions and deprecation. */
export function ArgList({
  args,
  showDeprecated,
  detailed,
  highlight,
}: {
  args: readonly (GraphQLArgument | GraphQLInputField)[];
  showDeprecated: boolean;
  detailed: boolean;
  highlight?: string;
}) {
  const shown = args.filter((a) => showDeprecated || a.deprecationReason == null);
  if (!shown.length) return null;
  return (
    <ul className={detailed ? 'docs-args docs-args-detailed' : 'docs-args'}>
      {shown.map((a) => {
        const def = defaultText(a);
        return (
          <li
            key={a.name}
            className={a.name === highlight ? 'docs-highlight' : undefined}
            data-arg={a.name}
          >
            <span className="docs-arg-name">{a.name}</span>: <TypeLink type={a.type} />
            {def !== undefined && <span className="docs-default"> = {def}</span>}
            {detailed && <Markdown text={a.description} />}
            <Deprecated reason={a.deprecationReason} />
          </li>
        );
      })}
    </ul>
  );
}
