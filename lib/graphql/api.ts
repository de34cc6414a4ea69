import type { RequestParameters } from "../../types/endpoint.js";
import type { GraphqlInterface, GraphqlParameters } from "../../types/graphql.js";
import type { RequestInterface } from "../../types/request.js";
import type * as Query from "./query.js";
// The query's code (graphql/query.ts), through the door the entry opened (common/doors.ts): for Node a
// file loaded on the first call (dist/graphql.js), so a client that never calls graphql does not parse
// it; in a program's bundle, the code itself. Argument errors reject rather than throw, as octokit's
// do, so the wait for it changes nothing a caller sees.
import { doors } from "../common/doors.js";

/**
`client.graphql`, as @octokit/core has it built in, over `graphqlRequest`: the client's `request` with
`POST /graphql` over its defaults, hook chain included. `.defaults()` gives another one over more
defaults; `.endpoint` builds its request options without sending them.
*/
export function createGraphql(graphqlRequest: RequestInterface): GraphqlInterface {
	const api = (query: string | GraphqlParameters, options?: GraphqlParameters) => ask(graphqlRequest, query, options);
	return Object.assign(api, {
		defaults: (moreDefaults: RequestParameters) => createGraphql(graphqlRequest.defaults(moreDefaults)),
		endpoint: graphqlRequest.endpoint,
	}) as GraphqlInterface;
}

/**
One query through the door: the module's `graphql`, with its `linkOctokitClass` where the door gave
the whole module (Node's; a bundler's gives `graphql` alone: graphql/query.ts says why).
*/
const ask = (request: RequestInterface, query: string | GraphqlParameters, options?: GraphqlParameters) =>
	doors
		.query()
		.then((module: Partial<typeof Query>) => module.graphql!(request, query, options, module.linkOctokitClass));
