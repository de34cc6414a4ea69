// The real @octokit/plugin-paginate-graphql on Hublet.plugin(), unchanged, over a GraphQL server
// on 127.0.0.1 that serves three pages (issue 10 item 1).
// Run: node test/graphql-paginate.test.js
import { createServer } from "node:http";
import { paginateGraphQL } from "@octokit/plugin-paginate-graphql";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";

const TOKEN = "ghp_paginategraphql0000000000000000000000";

// cursor → the page after it: three pages of issues, 2 + 2 + 1.
const PAGES = {
	"": { nodes: [{ number: 1 }, { number: 2 }], pageInfo: { hasNextPage: true, endCursor: "c1" } },
	c1: { nodes: [{ number: 3 }, { number: 4 }], pageInfo: { hasNextPage: true, endCursor: "c2" } },
	c2: { nodes: [{ number: 5 }], pageInfo: { hasNextPage: false, endCursor: "c3" } },
};

const QUERY = `query paginate($cursor: String, $owner: String!, $repo: String!) {
  repository(owner: $owner, name: $repo) {
    issues(first: 2, after: $cursor) { nodes { number } pageInfo { hasNextPage endCursor } }
  }
}`;

let requests = [];
const httpServer = createServer((request, response) => {
	let raw = "";
	request.on("data", (chunk) => (raw += chunk));
	request.on("end", () => {
		const body = JSON.parse(raw);
		requests.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
		const page = request.method === "POST" && request.url === "/graphql" ? PAGES[body.variables?.cursor ?? ""] : undefined;
		if (!page) {
			response.writeHead(404, { "content-type": "application/json" });
			return response.end(JSON.stringify({ message: "Not Found" }));
		}
		response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
		response.end(JSON.stringify({ data: { repository: { issues: page } } }));
	});
});

const Paginating = Hublet.plugin(paginateGraphQL);
let baseUrl;

const paginate = suite("@octokit/plugin-paginate-graphql on Hublet.plugin()");
paginate.before(async () => {
	await new Promise((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${httpServer.address().port}`;
});
paginate.before.each(() => {
	requests = [];
});
paginate.after(() => new Promise((resolve) => httpServer.close(resolve)));

const newClient = () => new Paginating({ baseUrl, auth: TOKEN, log: capturingLog().log });

paginate("the plugin adds graphql.paginate and graphql.paginate.iterator, and graphql still works", async () => {
	const client = newClient();
	assert.type(client.graphql.paginate, "function");
	assert.type(client.graphql.paginate.iterator, "function");
	const data = await client.graphql(QUERY, { owner: "o", repo: "r" });
	assert.equal(data.repository.issues.nodes, [{ number: 1 }, { number: 2 }]);
});

paginate("graphql.paginate() follows the cursor through 3 pages and merges their nodes", async () => {
	const result = await newClient().graphql.paginate(QUERY, { owner: "o", repo: "r" });
	assert.equal(result.repository.issues.nodes.map((issue) => issue.number), [1, 2, 3, 4, 5]);
	assert.equal(result.repository.issues.pageInfo, { hasNextPage: false, endCursor: "c3" });
	assert.equal(requests.map((request) => request.body.variables), [
		{ owner: "o", repo: "r" },
		{ owner: "o", repo: "r", cursor: "c1" },
		{ owner: "o", repo: "r", cursor: "c2" },
	]);
	for (const request of requests) {
		assert.is(request.method, "POST");
		assert.is(request.url, "/graphql");
		assert.is(request.authorization, `token ${TOKEN}`);
		assert.is(request.body.query, QUERY);
	}
});

paginate("graphql.paginate.iterator() yields each of the 3 pages", async () => {
	const pages = [];
	for await (const response of newClient().graphql.paginate.iterator(QUERY, { owner: "o", repo: "r" })) {
		pages.push(response.repository.issues.nodes.map((issue) => issue.number));
	}
	assert.equal(pages, [[1, 2], [3, 4], [5]]);
	assert.is(requests.length, 3);
});

paginate("every page goes through hook(\"request\")", async () => {
	const client = newClient();
	const seen = [];
	client.hook.before("request", (options) => seen.push(options.variables?.cursor ?? null));
	await client.graphql.paginate(QUERY, { owner: "o", repo: "r" });
	assert.equal(seen, [null, "c1", "c2"]);
});

paginate.run();
