// Requests over loopback to bench/scenarios/server.mjs: `--mode seq` sends `--n` requests one
// after another, `--mode conc` the same number from `--concurrency` workers, after `--warmup`
// untimed requests. `--mode paginate` reads 100 pages × 100 items after a 3-page warm-up.
import { args, loadClient, options, repoParams, report } from "./clients.mjs";
import { OWNER, REPO, RAW_HEADERS, rawGet } from "./fixtures.mjs";

const { lib, mode, base, n = 2000, warmup = 200, concurrency = 16 } = args();
const Client = await loadClient(lib);
const client = Client && new Client(options({ baseUrl: base }));

if (mode === "paginate") {
	const NEXT = /<([^<>]+)>;\s*rel="next"/;
	// The raw baseline: follow `Link: rel="next"`, parse each page with JSON.parse, concatenate.
	async function rawPaginate(repo) {
		const items = [];
		let url = `${base}/repos/${OWNER}/${repo}/issues?per_page=100`;
		while (url) {
			const response = await fetch(url, { headers: RAW_HEADERS });
			const page = await response.json();
			for (const item of page) items.push(item);
			url = NEXT.exec(response.headers.get("link") ?? "")?.[1];
		}
		return items;
	}
	const read = (repo) =>
		client
			? client.paginate(client.rest.issues.listForRepo, { owner: OWNER, repo, per_page: 100 })
			: rawPaginate(repo);
	await read("warm");
	const start = performance.now();
	const items = await read(REPO);
	const ms = performance.now() - start;
	if (items.length !== 10_000) throw new Error(`expected 10,000 items, got ${items.length}`);
	report({ ms });
} else {
	const params = repoParams();
	const url = `${base}/repos/${OWNER}/${REPO}`;
	const one = client ? () => client.rest.repos.get(params) : () => rawGet(fetch, url);
	const run = async (count, width) => {
		let next = 0;
		const worker = async () => {
			while (next < count) {
				next++;
				await one();
			}
		};
		await Promise.all(Array.from({ length: width }, worker));
	};
	const width = mode === "conc" ? concurrency : 1;
	await run(warmup, width);
	const start = performance.now();
	await run(n, width);
	const ms = performance.now() - start;
	report({ reqPerSec: (n / ms) * 1000 });
}
