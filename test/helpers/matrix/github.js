// The GitHub a matrix cell talks to, on 127.0.0.1: the few routes the call forms use, each
// request recorded as it arrived (method, path, credential, body), so that a cell can assert what
// reached the server, or that nothing did.
import { readBody, sendJson, startServer } from "../loopback.js";

export const INSTALLATION_TOKEN = "ghs_Mx81installationQ2z";
const ETAG = '"v1"';

/**
`enterprise`: answer as GitHub Enterprise Server 3.17 does (its version on every response, the
REST API under /api/v3, GraphQL at /api/graphql). `flaky`: the first GET is a 503.
*/
export async function startGitHub({ enterprise, flaky }) {
	const prefix = enterprise ? "/api/v3" : "";
	const graphqlPath = enterprise ? "/api/graphql" : "/graphql";
	const seen = [];
	let failGet = Boolean(flaky);
	const server = await startServer(async (request, response) => {
		const body = await readBody(request);
		const url = new URL(request.url, `http://${request.headers.host}`);
		seen.push({ method: request.method, host: request.headers.host, path: url.pathname + url.search, authorization: request.headers.authorization, ifNoneMatch: request.headers["if-none-match"], body });
		const headers = {
			"x-ratelimit-limit": "5000",
			"x-ratelimit-remaining": "4990",
			"x-ratelimit-used": "10",
			"x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
			"x-ratelimit-resource": "core",
			...(enterprise ? { "x-github-enterprise-version": "3.17.0" } : {}),
		};
		if (request.method === "GET" && failGet) {
			failGet = false;
			return sendJson(response, 503, { message: "Service Unavailable" }, headers);
		}
		const path = url.pathname;
		if (request.method === "POST" && path === `${prefix}/app/installations/1/access_tokens`) {
			return sendJson(response, 201, { token: INSTALLATION_TOKEN, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: { issues: "write" }, repository_selection: "all" }, headers);
		}
		if (request.method === "GET" && path === `${prefix}/repos/o/r`) {
			if (request.headers["if-none-match"] === ETAG) return response.writeHead(304, { ...headers, etag: ETAG }).end();
			return sendJson(response, 200, { full_name: "o/r", private: false }, { ...headers, etag: ETAG });
		}
		if (request.method === "POST" && path === `${prefix}/repos/o/r/issues`) {
			return sendJson(response, 201, { number: 7, title: JSON.parse(body).title }, headers);
		}
		if (request.method === "GET" && path === `${prefix}/repos/o/r/issues`) {
			const page = Number(url.searchParams.get("page") ?? "1");
			const next = new URL(url);
			next.searchParams.set("page", "2");
			const link = page === 1 ? { link: `<${next}>; rel="next", <${next}>; rel="last"` } : {};
			return sendJson(response, 200, [{ id: page }], { ...headers, ...link });
		}
		if (request.method === "POST" && path === graphqlPath) {
			return sendJson(response, 200, { data: { repository: { id: "R_1" } } }, headers);
		}
		sendJson(response, 404, { message: "Not Found" }, headers);
	});
	return { ...server, seen, prefix, graphqlPath };
}
