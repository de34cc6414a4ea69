// The README's usage example, run as written against msw.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const readme = suite("README example");
useServer(readme);

readme("repos.get and paginate over issues.listForRepo", async () => {
	const auth = [];
	server.use(
		http.get(`${API}/repos/octokit/rest.js`, ({ request }) => {
			auth.push(request.headers.get("authorization"));
			return HttpResponse.json({ full_name: "octokit/rest.js", stargazers_count: 42 });
		}),
		http.get(`${API}/repos/octokit/rest.js/issues`, ({ request }) => {
			const url = new URL(request.url);
			auth.push(request.headers.get("authorization"));
			assert.is(url.searchParams.get("state"), "open");
			const page = Number(url.searchParams.get("page") ?? 1);
			const link = page < 3 ? `<${API}/repos/octokit/rest.js/issues?state=open&page=${page + 1}>; rel="next"` : "";
			return HttpResponse.json([{ number: page * 2 - 1 }, { number: page * 2 }], { headers: link ? { link } : {} });
		}),
	);
	const client = new Hublet({ auth: "ghp_readme" });

	const { data: repo } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
	assert.is(repo.stargazers_count, 42);

	const issues = await client.paginate(client.rest.issues.listForRepo, {
		owner: "octokit",
		repo: "rest.js",
		state: "open",
	});
	assert.equal(issues.map((issue) => issue.number), [1, 2, 3, 4, 5, 6]);
	assert.equal([...new Set(auth)], ["token ghp_readme"]);
});

readme.run();
