// The loopback server, in its own process on 127.0.0.1 (a free port, printed as JSON):
//   GET /repos/{owner}/{repo}         → a ~5 KB repository
//   GET /repos/{owner}/{repo}/issues  → 100 issues per page with `Link: rel="next"`;
//                                       100 pages for any repo, 3 for the repo "warm";
//   for the repo "one" (the first-request figures): `{"id":1}`, and one page of one issue, `[{"id":2}]`
// Bodies are serialized once at start-up, so the server does little per request.
// It stops when its parent goes away (stdin closes) or after an hour at most.
import { createServer } from "node:http";
import { ISSUES_PAGE_BODY, PAGES, REPO_BODY, RESPONSE_HEADERS, SINGLE_PAGE_BODY, SINGLE_PAGE_REPO, SINGLE_REPO_BODY } from "./fixtures.mjs";

const repoBody = Buffer.from(REPO_BODY);
const pageBody = Buffer.from(ISSUES_PAGE_BODY);
const singlePageBody = Buffer.from(SINGLE_PAGE_BODY);
const singleRepoBody = Buffer.from(SINGLE_REPO_BODY);
const SINGLE = new RegExp(`^/repos/[^/]+/${SINGLE_PAGE_REPO}$`);
const ISSUES = /^\/repos\/([^/]+)\/([^/]+)\/issues$/;
const REPOSITORY = /^\/repos\/([^/]+)\/([^/]+)$/;

const server = createServer((request, response) => {
	const url = new URL(request.url, "http://127.0.0.1");
	const issues = ISSUES.exec(url.pathname);
	if (issues?.[2] === SINGLE_PAGE_REPO) {
		response.writeHead(200, { ...RESPONSE_HEADERS, "content-length": singlePageBody.length }).end(singlePageBody);
		return;
	}
	if (SINGLE.test(url.pathname)) {
		response.writeHead(200, { ...RESPONSE_HEADERS, "content-length": singleRepoBody.length }).end(singleRepoBody);
		return;
	}
	if (issues) {
		const pages = issues[2] === "warm" ? 3 : PAGES;
		const page = Number(url.searchParams.get("page") ?? 1);
		const headers = { ...RESPONSE_HEADERS, "content-length": pageBody.length };
		if (page < pages) {
			const link = (number) => `<http://${request.headers.host}${url.pathname}?per_page=100&page=${number}>`;
			headers.link = `${link(page + 1)}; rel="next", ${link(pages)}; rel="last"`;
		}
		response.writeHead(200, headers).end(pageBody);
		return;
	}
	if (REPOSITORY.test(url.pathname)) {
		response.writeHead(200, { ...RESPONSE_HEADERS, "content-length": repoBody.length }).end(repoBody);
		return;
	}
	response.writeHead(404, { "content-type": "application/json; charset=utf-8" }).end('{"message":"Not Found"}');
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
	process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
setTimeout(() => process.exit(0), 3_600_000).unref();
