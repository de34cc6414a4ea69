// `client.graphql<T>(…)`: typed by the caller, loose otherwise; `GraphqlResponseError<T>`; and
// @octokit/plugin-paginate-graphql's additions through `Hublet.plugin()` (issue 10 item 1).
import {
	GraphqlResponseError,
	Hublet,
	type EndpointInterface,
	type GraphQlError,
	type GraphqlInterface,
	type GraphQlQueryResponseData,
	type RequestOptions,
	type ResponseHeaders,
} from "@hublet/rest";
import { GraphqlResponseError as CoreGraphqlResponseError, Hublet as CoreHublet, graphql as graphqlFeature } from "@hublet/rest/core";
import { paginateGraphQL } from "@octokit/plugin-paginate-graphql";
import { GraphqlResponseError as LibGraphqlResponseError, Hublet as LibHublet } from "../../lib/index.js";
import type { Equal, Expect } from "./helpers.js";

const client = new Hublet({ auth: "token" });
type Viewer = { viewer: { login: string } };

export async function typedByTheCaller() {
	const data = await client.graphql<Viewer>("{ viewer { login } }");
	type _data = Expect<Equal<typeof data, Viewer>>;
	const login: string = data.viewer.login;

	const fromObject = await client.graphql<Viewer>({ query: "{ viewer { login } }", owner: "o", headers: { "x-a": "1" } });
	type _object = Expect<Equal<typeof fromObject, Viewer>>;

	// Without a type argument, the data is any object, as GraphQlQueryResponseData.
	const loose = await client.graphql("query ($owner: String!) { a }", { owner: "octokit", operationName: "A" });
	type _loose = Expect<Equal<typeof loose, GraphQlQueryResponseData>>;
	return login;
}

export function arguments_() {
	// @ts-expect-error the query is a string
	client.graphql(42);
	// @ts-expect-error operationName is a string
	client.graphql("{ a }", { operationName: 1 });
	// Request options ride along with the variables.
	client.graphql("{ a }", { mediaType: { previews: ["mercy"] }, request: { timeout: 1000 }, baseUrl: "https://ghe.example.com/api/v3" });
}

export function defaultsAndEndpoint() {
	const ghes = client.graphql.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
	type _defaults = Expect<Equal<typeof ghes, GraphqlInterface>>;
	type _endpoint = Expect<Equal<typeof client.graphql.endpoint, EndpointInterface>>;
	const options: RequestOptions = client.graphql.endpoint({ query: "{ a }" });
	return options;
}

export function errors(error: unknown) {
	if (error instanceof GraphqlResponseError) {
		type _name = Expect<Equal<typeof error.name, "GraphqlResponseError">>;
		type _errors = Expect<Equal<typeof error.errors, GraphQlError[]>>;
		type _headers = Expect<Equal<typeof error.headers, ResponseHeaders>>;
		const query: string | undefined = error.request.query;
		const variables: { [name: string]: unknown } | undefined = error.request.variables;
		const message: string = error.errors[0].message;
		// @ts-expect-error the fields are read-only
		error.data = {};
		return [query, variables, message];
	}
	type _default = Expect<Equal<GraphqlResponseError["data"], GraphQlQueryResponseData>>;
	const typed = error as GraphqlResponseError<Viewer>;
	type _typed = Expect<Equal<typeof typed.data, Viewer>>;
	type _response = Expect<Equal<typeof typed.response.data, Viewer>>;
	return undefined;
}

// The same class from both entry points, and lib's class is the public one.
type _coreError = Expect<Equal<typeof CoreGraphqlResponseError, typeof GraphqlResponseError>>;
type _libError = Expect<Equal<LibGraphqlResponseError, GraphqlResponseError>>;
type _libTyped = Expect<Equal<LibGraphqlResponseError<Viewer>, GraphqlResponseError<Viewer>>>;
type _libConstructor = Expect<Equal<ConstructorParameters<typeof LibGraphqlResponseError>, ConstructorParameters<typeof GraphqlResponseError>>>;
type _libGraphql = Expect<Equal<InstanceType<typeof LibHublet>["graphql"], Hublet["graphql"]>>;
// On the core client, graphql is a feature: Hublet.plugin(graphql) adds it, typed the same.
const CoreWithGraphql = CoreHublet.plugin(graphqlFeature);
type _coreGraphql = Expect<Equal<InstanceType<typeof CoreWithGraphql>["graphql"], GraphqlInterface>>;

export async function paginatePlugin() {
	const Paginating = Hublet.plugin(paginateGraphQL);
	const paginating = new Paginating({ auth: "token" });
	const all = await paginating.graphql.paginate<{ repository: { issues: { nodes: Array<{ number: number }> } } }>("query ($cursor: String) { a }", { owner: "o" });
	const first: number = all.repository.issues.nodes[0].number;
	for await (const page of paginating.graphql.paginate.iterator<Viewer>("query ($cursor: String) { a }")) {
		const login: string = page.viewer.login;
	}
	// graphql is still callable, and typed by the caller.
	const data = await paginating.graphql<Viewer>("{ viewer { login } }");
	const login: string = data.viewer.login;
	// @ts-expect-error a plain client has no paginate on graphql
	new Hublet().graphql.paginate;
	return [first, login];
}
