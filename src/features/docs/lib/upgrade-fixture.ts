import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  type GraphQLSchema,
} from 'graphql';

// Two small schemas for the upgrade check's tests: from `before` to `after` a field is removed
// (User.email), an argument's type changes (Query.users(first:) Int → String), an enum value is
// removed (Role.GUEST), a field is deprecated and one is added.

/** Built as the app builds every schema: from an introspection result. */
function build(sdl: string): GraphQLSchema {
  return buildClientSchema(introspectionFromSchema(buildSchema(sdl)));
}

export const before = build(`
  type Query { user(id: ID!): User, users(first: Int, role: Role): [User!]! }
  type User { id: ID!, name: String, email: String, role: Role }
  enum Role { ADMIN USER GUEST }
`);

export const after = build(`
  type Query { user(id: ID!): User, users(first: String, role: Role): [User!]!, viewer: User, userCount: Int }
  type User { id: ID!, name: String @deprecated(reason: "Use displayName."), displayName: String, role: Role }
  enum Role { ADMIN USER }
`);
