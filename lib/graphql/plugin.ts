/**
The graphql plugin of earlier versions: every client now has `client.graphql` built in, as
@octokit/core does, so `Hublet.plugin(graphql)` adds nothing and is kept for programs that still
name it.
*/
export function graphqlFeature(): void {}
