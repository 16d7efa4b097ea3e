/** A small schema for the docs unit tests (test-only). */
export const FIXTURE_SDL = /* GraphQL */ `
  """
  The root.
  """
  type Query {
    "Looks up a repository by owner and name."
    repository(owner: String!, name: String!, followRenames: Boolean = true): Repository
    repositories(first: Int, after: String): [Repository!]!
    node(id: ID!): Node
    search(query: String!): [SearchResult!]!
    viewer: User!
    legacyRepo: Repository @deprecated(reason: "Use repository.")
  }
  type Mutation {
    addStar(input: AddStarInput!): Repository
  }
  interface Node {
    id: ID!
  }
  type User implements Node {
    id: ID!
    login: String!
    repositories: [Repository!]!
  }
  type Repository implements Node {
    id: ID!
    name: String!
    nameWithOwner: String!
    "The **owner**."
    owner: User!
    issues(states: [IssueState!], first: Int!): [Issue!]!
    oldName: String @deprecated(reason: "Renamed.")
  }
  type Issue implements Node {
    id: ID!
    title: String!
    state: IssueState!
  }
  enum IssueState {
    OPEN
    CLOSED
    LEGACY @deprecated(reason: "Gone.")
  }
  union SearchResult = Repository | Issue
  input AddStarInput {
    starrableId: ID!
    clientMutationId: String
  }
  """
  Mentions repository in its description.
  """
  type Reponame {
    value: String
  }
`;
