// Everyday `@octokit/rest` 22 code, written against octokit's own types, `@ts-expect-error`
// lines included. test/types/tsconfig.json compiles it as it is, against `@octokit/rest`;
// test/octokit-usage-types.test.js compiles it again under strict node16, once as it is and
// once with only the import line below swapped for `@hublet/rest`. Both must pass.
import { Octokit } from "@octokit/rest";

const owner = "octokit";
const repo = "rest.js";

/** A plugin with options, as octokit's plugins are written: it gets a core client. */
export function labels(octokit: Pick<Octokit, "request" | "log">, options: { defaultLabel?: string; [option: string]: unknown }) {
	const label = options.defaultLabel ?? "triage";
	return {
		async label(issue_number: number) {
			octokit.log.info(`labelling #${issue_number}`);
			return octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/labels", { owner, repo, issue_number, labels: [label] });
		},
	};
}

const MyOctokit = Octokit.plugin(labels).defaults({ userAgent: "my-app/1.0.0", defaultLabel: "bug" });

export const octokit = new MyOctokit({
	auth: "ghp_token",
	log: console,
	request: { fetch: (url: string, init?: RequestInit): Promise<Response> => fetch(url, init), timeout: 10_000 },
});

export async function everyday() {
	const { data: repository } = await octokit.rest.repos.get({ owner, repo });
	const stars: number = repository.stargazers_count;
	const { data: issue } = await octokit.issues.create({ owner, repo, title: "Hello" });
	await octokit.label(issue.number);

	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 100 });
	const titles: string[] = issues.map((item) => item.title);
	const names = await octokit.paginate(octokit.rest.repos.listForOrg, { org: owner }, (response, done) => {
		if (response.data.length < 100) done();
		return response.data.map((item) => item.name);
	});
	for await (const { data } of octokit.paginate.iterator(octokit.rest.issues.listForRepo, { owner, repo })) {
		const first: number | undefined = data[0]?.number;
		void first;
	}

	// An endpoint method's merged options, as older code and octokit's own docs pass them.
	const options = octokit.rest.issues.listForRepo.endpoint.merge({ owner, repo, state: "all" });
	const all = await octokit.paginate(options);
	for await (const response of octokit.paginate.iterator(options)) {
		const status: number = response.status;
		void status;
	}
	const url: string = octokit.rest.repos.get.endpoint({ owner, repo }).url;

	octokit.hook.wrap("request", async (request, requestOptions) => {
		octokit.log.debug(`${requestOptions.method} ${requestOptions.url}`);
		return request(requestOptions);
	});

	// @ts-expect-error `issue_number` is a number
	await octokit.rest.issues.get({ owner, repo, issue_number: "1" });
	// @ts-expect-error `repo` is required
	await octokit.rest.repos.get({ owner });
	// @ts-expect-error additional information is an object
	octokit.log.warn("careful", "twice");
	// @ts-expect-error the log option wants all four methods
	new Octokit({ log: { error: console.error } });

	return [stars, titles, names, all.length, url];
}
