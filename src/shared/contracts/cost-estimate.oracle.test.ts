/**
 * An oracle we did not write: the instance's own estimator test table, ported.
 *
 * Source: sourcegraph/sourcegraph-public-snapshot, `cmd/frontend/graphqlbackend/rate_limit_test.go`,
 * `TestEstimateQueryCost` (a table of queries, variables and the expected `QueryCost`):
 *   - SG_2023: commit 03da406817ef52b45b8c691491b501cce46b1c72 (spring 2023, between 5.0.2 and
 *     5.1): 11 cases;
 *   - SG_EARLIER: commit 2926bcd9702b7ce95c2256fcea20c9a717e037f6 (earlier; `map[string]interface{}`
 *     era): the same 11 plus "Query with variables", which SG_2023 no longer has.
 * At both commits `QueryCost` is `{FieldCount, MaxDepth, Version}`, so the table checks those two
 * figures (Version is the algorithm tag, 2, with no counterpart here); the walk behind them is the
 * one the instance still runs. Both commits predate the relicensing of 2023-06-12 (Sourcegraph PR
 * #53345); files outside `enterprise/` were then Apache-2.0. Licence and notice:
 * ./LICENSE-sourcegraph. Changes made: the Go table is rewritten as TypeScript; query texts,
 * variables, names and expected figures are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { estimateQueryCost } from './cost-estimate.ts';

const SG_2023 = 'rate_limit_test.go@03da406817ef52b45b8c691491b501cce46b1c72';
const SG_EARLIER = 'rate_limit_test.go@2926bcd9702b7ce95c2256fcea20c9a717e037f6';

interface UpstreamCase {
  /** The Go test case's `name`, so `go test -run 'TestEstimateQueryCost/<name>'` finds it. */
  name: string;
  from: string[];
  query: string;
  variables?: Record<string, unknown>;
  want: { fieldCount: number; maxDepth: number };
}

const SEARCH_QUERY = `
query Search($query: String!, $version: SearchVersion!, $patternType: SearchPatternType!) {
  search(
    query: $query
    version: $version
    patternType: $patternType
  ) {
    results {
      __typename
      limitHit
      matchCount
      approximateResultCount
      missing {
        name
      }
      cloning {
        name
      }
      repositoriesCount
      timedout {
        name
      }
      indexUnavailable
      dynamicFilters {
        value
        label
        count
        limitHit
        kind
      }
      results {
        __typename
        ... on Repository {
          id
          name
          label {
            html
          }
          url
          icon
          detail {
            html
          }
          matches {
            url
            body {
              text
              html
            }
            highlights {
              line
              character
              length
            }
          }
        }
        ... on FileMatch {
          file {
            path
            url
            commit {
              oid
            }
          }
          repository {
            name
            url
          }
          revSpec {
            __typename
            ... on GitRef {
              displayName
              url
            }
            ... on GitRevSpecExpr {
              expr
              object {
                commit {
                  url
                }
              }
            }
            ... on GitObject {
              abbreviatedOID
              commit {
                url
              }
            }
          }
          limitHit
          symbols {
            name
            containerName
            url
            kind
          }
          lineMatches {
            preview
            lineNumber
            offsetAndLengths
          }
        }
        ... on CommitSearchResult {
          label {
            html
          }
          url
          icon
          detail {
            html
          }
          matches {
            url
            body {
              text
              html
            }
            highlights {
              line
              character
              length
            }
          }
        }
      }
      alert {
        title
        description
        proposedQueries {
          description
          query
        }
      }
      elapsedMilliseconds
    }
  }
}
`;

const FETCH_EXTERNAL_SERVICES = `
query fetchExternalServices($first: Int = 10){
  externalServices(first: $first){
    nodes{
      displayName
      webhookURL
    }
  }
}
`;

const UPSTREAM: UpstreamCase[] = [
  {
    name: 'Multiple top level queries',
    from: [SG_2023, SG_EARLIER],
    query: `query {
  thing
}
query{
  thing
}
`,
    want: { fieldCount: 2, maxDepth: 1 },
  },
  {
    name: 'Simple query, no variables',
    from: [SG_2023, SG_EARLIER],
    query: `
query SiteProductVersion {
                site {
                    productVersion
                    buildVersion
                    hasCodeIntelligence
                }
            }
`,
    want: { fieldCount: 4, maxDepth: 2 },
  },
  {
    name: 'nodes field should not be counted',
    from: [SG_2023, SG_EARLIER],
    query: `
query{
  externalServices(first: 10){
    nodes{
      displayName
      webhookURL
    }
  }
  somethingElse
}
`,
    want: { fieldCount: 22, maxDepth: 3 },
  },
  {
    name: 'Query with variables',
    from: [SG_EARLIER],
    query: `
query Extensions($first: Int!, $prioritizeExtensionIDs: [String!]!) {
                    extensionRegistry {
                        extensions(first: $first, prioritizeExtensionIDs: $prioritizeExtensionIDs) {
                            nodes {
                                id
                                extensionID
                                url
                                manifest {
                                    raw
                                }
                                viewerCanAdminister
                            }
                        }
                    }
                }
`,
    variables: { first: 10 },
    want: { fieldCount: 62, maxDepth: 5 },
  },
  {
    name: 'Query with default variables',
    from: [SG_2023, SG_EARLIER],
    query: FETCH_EXTERNAL_SERVICES,
    variables: { first: 5 },
    want: { fieldCount: 11, maxDepth: 3 },
  },
  {
    name: 'Query with default variables, non supplied',
    from: [SG_2023, SG_EARLIER],
    query: FETCH_EXTERNAL_SERVICES,
    variables: {},
    want: { fieldCount: 21, maxDepth: 3 },
  },
  {
    name: 'Query with fragments',
    from: [SG_2023, SG_EARLIER],
    query: `
query StatusMessages {
\t statusMessages {
\t\t ...StatusMessageFields
\t }
 }
 fragment StatusMessageFields on StatusMessage {
\t __typename
\t ... on CloningProgress {
\t\t message
\t }
\t ... on SyncError {
\t\t message
\t }
\t ... on ExternalServiceSyncError {
\t\t message
\t\t externalService {
\t\t\t id
\t\t\t displayName
\t\t }
\t }
 }
`,
    want: { fieldCount: 5, maxDepth: 2 },
  },
  {
    name: 'Simple inline fragments',
    from: [SG_2023, SG_EARLIER],
    query: `
query{
    __typename
\t... on Foo {
         one
         two
     }
     ... on Bar {
         one
     }
}
`,
    want: { fieldCount: 2, maxDepth: 2 },
  },
  {
    name: 'Search query',
    from: [SG_2023, SG_EARLIER],
    query: SEARCH_QUERY,
    want: { fieldCount: 50, maxDepth: 9 },
  },
  {
    name: 'Allow null variables',
    from: [SG_2023, SG_EARLIER],
    // Upstream note: $first is nullable (and not supplied).
    query: `
query RepositoryComparisonDiff($repo: String!, $base: String, $head: String, $first: Int) {
  repository(name: $repo) {
    comparison(base: $base, head: $head) {
      fileDiffs(first: $first) {
        nodes {
          ...FileDiffFields
        }
        totalCount
      }
    }
  }
}

fragment FileDiffFields on FileDiff {
  oldPath
  newPath
  internalID
}
`,
    variables: {
      base: 'a46cf4a8b6dc42ea7b7b716e53c49dd3508a8678',
      head: '0fd3fb1f4e41ae1f95970beeec1c1f7b2d8a7d06',
      repo: 'github.com/presslabs/mysql-operator',
    },
    want: { fieldCount: 7, maxDepth: 5 },
  },
  {
    name: 'Nested named fragments',
    from: [SG_2023, SG_EARLIER],
    query: `
query{
    __typename
\t...FooFields
}
fragment FooFields on Foo {
\t...BarFields
}
fragment BarFields on Bar {
\tone
}
`,
    want: { fieldCount: 1, maxDepth: 1 },
  },
  {
    name: 'More nested fragments',
    from: [SG_2023, SG_EARLIER],
    query: `
{
  node {
    ...FileFragment
  }
}

fragment FileFragment on File {
  ... on Usable {
    ...UsableFields
  }
}

fragment UsableFields on Usable {
  isUsable
}
`,
    want: { fieldCount: 3, maxDepth: 2 },
  },
];

describe('estimateQueryCost agrees with the instance’s TestEstimateQueryCost', () => {
  it.each(UPSTREAM.map((c) => ({ ...c, source: c.from.join(' and ') })))(
    '$name (from $source)',
    ({ query, variables, want }) => {
      const r = estimateQueryCost(query, variables);
      // Upstream fails the case on any estimation error (t.Fatal), so a failed estimate is a miss.
      expect(r.ok ? { fieldCount: r.cost.fieldCount, maxDepth: r.cost.maxDepth } : r).toEqual(want);
    },
  );

  it('covers every case of both upstream tables', () => {
    expect(UPSTREAM.filter((c) => c.from.includes(SG_2023))).toHaveLength(11);
    expect(UPSTREAM.filter((c) => c.from.includes(SG_EARLIER))).toHaveLength(12);
  });
});
