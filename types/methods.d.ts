import type { EndpointInterface, RequestParameters } from "./endpoint.js";
import type { HubletResponse, RequestInterface } from "./request.js";

/**
The arguments of an endpoint method: the parameters object is required when the route has
a required parameter (calling `client.rest.issues.get()` with nothing always fails with a
400), and optional otherwise.
*/
export type EndpointMethodArguments<Params> = {} extends Params
	? [params?: Params & RequestParameters]
	: [params: Params & RequestParameters];

/**
One endpoint method, such as `client.rest.repos.get`. It is a request with the route's
defaults, and it tells what it is: `route`, `required` and `deprecated`.

`Params` are the route's own parameters (path, query and body); every call also takes the
reserved `headers`, `mediaType`, `request` and `baseUrl`, and any other key, which is sent
as a query or body parameter.
@example
```
const { data } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
client.rest.repos.get.route; //=> "GET /repos/{owner}/{repo}"
client.rest.repos.get.endpoint({ owner: "octokit", repo: "rest.js" }).url; //=> "https://api.github.com/repos/octokit/rest.js"
```
*/
export interface EndpointMethod<
	Params = RequestParameters,
	Response = HubletResponse<any>,
	Route extends string = string,
> {
	(...args: EndpointMethodArguments<Params>): Promise<Response>;
	/** Builds the request options without sending them; `merge()` has the route's `method` and `url`. */
	endpoint: EndpointInterface<{ url: string }>;
	/** A new request with more defaults. */
	defaults: RequestInterface["defaults"];
	/** e.g. `"GET /repos/{owner}/{repo}"`. */
	route: Route;
	/**
	The parameters every call needs: path parameters first, then the others.
	@example
	```
	client.rest.repos.createOrUpdateFileContents.required; //=> ["owner", "repo", "path", "content", "message"]
	```
	*/
	required: string[];
	/**
	Parameters required only when their parent is given: `author.name` when `author` is.
	@example
	```
	client.rest.repos.createOrUpdateFileContents.requiredWhen; //=> ["author.email", "author.name", "committer.email", "committer.name"]
	```
	*/
	requiredWhen: string[];
	/** The deprecation message, when the method is deprecated or renamed. */
	deprecated?: string;
	/**
	Where the method exists, on a client with a server's table (the `server` option):
	`["api.github.com", "ghec", "ghes>=3.18"]`. `undefined` on a client without one.
	*/
	availableOn?: string[];
}

/**
The response of an endpoint method, under the name `@octokit/types` gives it.
@example
```
type Response = GetResponseTypeFromEndpointMethod<typeof client.rest.repos.get>;
```
*/
export type GetResponseTypeFromEndpointMethod<Method extends (...args: any[]) => Promise<unknown>> = Awaited<
	ReturnType<Method>
>;

/**
The response body of an endpoint method, under the name `@octokit/types` gives it.
@example
```
type Repository = GetResponseDataTypeFromEndpointMethod<typeof client.rest.repos.get>;
```
*/
export type GetResponseDataTypeFromEndpointMethod<Method extends (...args: any[]) => Promise<{ data: unknown }>> =
	Awaited<ReturnType<Method>>["data"];
