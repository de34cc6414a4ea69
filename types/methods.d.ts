import type { EndpointInterface, RequestParameters } from "./endpoint.js";
import type { HubletResponse, RequestInterface } from "./request.js";

/**
One endpoint method, such as `client.rest.repos.get`. It is a request with the route's
defaults, and it tells what it is: `route`, `required` and `deprecated`.
*/
export interface EndpointMethod<Params = RequestParameters, Response = HubletResponse<any>> {
	(params?: Params & RequestParameters): Promise<Response>;
	/** Builds the request options without sending them. */
	endpoint: EndpointInterface;
	/** A new request with more defaults. */
	defaults: RequestInterface["defaults"];
	/** e.g. `"GET /repos/{owner}/{repo}"`. */
	route: string;
	/** Every required parameter: path parameters first. `author.name` means "required when `author` is given". */
	required: string[];
	/** The deprecation message, when the method is deprecated or renamed. */
	deprecated?: string;
}
