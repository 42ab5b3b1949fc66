// The part of Apollo Client the front ends use, from `@apollo/client`, `@apollo/client/react` and
// `@apollo/client/link/error`, shared as ONE `@apollo/client` singleton in place of the package
// entries (see SURFACES in ../webpack.mjs). Shared whole, they kept every export (`gql` and the
// GraphQL parser, every hook and link) and made graphql a shared module of its own: 102 KB gzip
// together, against 55 KB for what is listed here with the graphql code it needs.
//
// Exactly what our code imports, nothing "just in case" (each name costs every page). Adding one:
// list it here, then build and deploy the shell (it provides the singleton) before a remote that
// uses it. A build fails if our code imports a name that is not listed.
export {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  ServerError,
} from '@apollo/client';
export { ApolloProvider, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
export { ErrorLink } from '@apollo/client/link/error';
